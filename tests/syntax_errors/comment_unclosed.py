x = (  # comment
