# AttributeError from a method that does not exist
words = ["a", "b"]
words.push("c")
