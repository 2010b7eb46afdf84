# East Asian wide characters take two columns, so the marks line up
# under them.
名前 = "東京"
count = 3
print(名前 * count)
print("場所: " + 名前 + count)
