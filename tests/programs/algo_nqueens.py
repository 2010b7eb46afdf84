# n-queens by backtracking
def solve(n):
    cols = [False] * n
    d1 = [False] * (2 * n)
    d2 = [False] * (2 * n)
    placement = []
    solutions = []
    def place(r):
        if r == n:
            solutions.append(placement[:])
            return
        for c in range(n):
            if not cols[c] and not d1[r + c] and not d2[r - c + n]:
                cols[c] = d1[r + c] = d2[r - c + n] = True
                placement.append(c)
                place(r + 1)
                placement.pop()
                cols[c] = d1[r + c] = d2[r - c + n] = False
    place(0)
    return solutions
for n in range(1, 8):
    print(n, len(solve(n)))
first = solve(6)[0]
for c in first:
    print("".join(["Q" if i == c else "." for i in range(6)]))
