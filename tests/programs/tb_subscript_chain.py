# The failing subscript of a chain is marked, not the whole chain.
grid = [[1, 2], [3, 4]]
print(grid[1][0])
print(grid[1][5])
