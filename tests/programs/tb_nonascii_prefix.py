# Non-ASCII text before the error on the same line: columns are
# characters, not bytes.
prix = {"café": 2.5, "thé": 1.75}
print("café:", prix["café"])
total = prix["café"] + prix["thé"] + prix["chocolat"]
