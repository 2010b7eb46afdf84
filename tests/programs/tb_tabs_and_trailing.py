# Tab indentation is stripped from the shown line and counted in the
# columns.
def f(items):
	for i in range(3):
		print(items[i] * 2)

f([1, 2])
