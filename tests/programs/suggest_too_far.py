# Names too different get no suggestion.
def area(width, height):
    return width * depth

print(area(2, 3))
