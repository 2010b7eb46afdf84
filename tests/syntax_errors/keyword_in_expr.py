data = [{"value":return "1"}]
