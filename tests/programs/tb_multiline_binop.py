# A binary operation spread over lines.
width = 4
label = "w"
area = (width *
        3 +
        label)
