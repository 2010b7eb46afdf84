x = "ab\xZZ"
