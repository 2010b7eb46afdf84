# matrix multiplication, transpose, power, determinant
def matmul(a, b):
    n, m, p = len(a), len(b), len(b[0])
    return [[sum([a[i][k] * b[k][j] for k in range(m)]) for j in range(p)] for i in range(n)]
def transpose(a):
    return [[a[i][j] for i in range(len(a))] for j in range(len(a[0]))]
def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]
def matpow(a, e):
    r = identity(len(a))
    while e:
        if e & 1:
            r = matmul(r, a)
        a = matmul(a, a)
        e >>= 1
    return r
A = [[1, 2, 3], [4, 5, 6]]
B = [[7, 8], [9, 10], [11, 12]]
print(matmul(A, B), matmul(B, A))
print(transpose(A), transpose(transpose(A)) == A)
print(matpow([[1, 1], [1, 0]], 100)[0][1])
def det(m):
    n = len(m)
    if n == 1:
        return m[0][0]
    total = 0
    for c in range(n):
        minor = [row[:c] + row[c + 1:] for row in m[1:]]
        total += (-1) ** c * m[0][c] * det(minor)
    return total
print(det([[2, 0, 1], [1, 3, 2], [1, 1, 1]]), det([[1, 2], [3, 4]]), det(identity(5)))
M = [[(i * 7 + j * 3) % 10 for j in range(12)] for i in range(12)]
P = matmul(M, M)
print(P[0], sum([sum(row) for row in P]))
F = [[0.5, 0.25], [0.125, 1.0]]
print(matmul(F, F), matpow(F, 3))
for row in matmul(identity(3), [[1.5, 2, 3], [4, 5, 6], [7, 8, 9]]):
    print(" ".join([f"{v:6.1f}" for v in row]))
