# Errors raised through dunder methods: the traceback runs through them.
class Matrix:
    def __init__(self, rows):
        self.rows = rows

    def __getitem__(self, ij):
        i, j = ij
        return self.rows[i][j]

    def __len__(self):
        return len(self.rows)

    def __bool__(self):
        return len(self.rows)


m = Matrix([[1, 2], [3, 4]])
print(m[1, 0], len(m))
try:
    if m:
        pass
except TypeError as e:
    print(e)
print(m[2, 0])
