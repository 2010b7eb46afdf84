def area(width, height):
    return width * height
opts = {"width": 2, "height": 3}
print(area(**opts))
