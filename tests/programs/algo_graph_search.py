# BFS on a grid maze and Dijkstra on a small weighted graph (no heapq)
maze = [
    "S.#.......",
    ".##.####..",
    "....#..#.#",
    "#.#...#...",
    "..#.#.##.#",
    ".##.#....E",
]
rows, cols = len(maze), len(maze[0])
start = goal = None
for r in range(rows):
    for c in range(cols):
        if maze[r][c] == "S":
            start = (r, c)
        elif maze[r][c] == "E":
            goal = (r, c)
dist = {start: 0}
prev = {}
queue = [start]
head = 0
while head < len(queue):
    cur = queue[head]
    head += 1
    if cur == goal:
        break
    r, c = cur
    for dr, dc in [(1, 0), (-1, 0), (0, 1), (0, -1)]:
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols and maze[nr][nc] != "#" and (nr, nc) not in dist:
            dist[(nr, nc)] = dist[cur] + 1
            prev[(nr, nc)] = cur
            queue.append((nr, nc))
print("shortest path length:", dist.get(goal))
path = [goal]
while path[-1] != start:
    path.append(prev[path[-1]])
path = path[::-1]
grid = [list(row) for row in maze]
for r, c in path[1:-1]:
    grid[r][c] = "*"
for row in grid:
    print("".join(row))
graph = {
    "A": {"B": 7, "C": 9, "F": 14},
    "B": {"A": 7, "C": 10, "D": 15},
    "C": {"A": 9, "B": 10, "D": 11, "F": 2},
    "D": {"B": 15, "C": 11, "E": 6},
    "E": {"D": 6, "F": 9},
    "F": {"A": 14, "C": 2, "E": 9},
}
INF = float("inf")
d = {node: INF for node in graph}
d["A"] = 0
done = {}
parent = {}
while len(done) < len(graph):
    best = None
    for node in graph:
        if node not in done and (best is None or d[node] < d[best]):
            best = node
    done[best] = True
    for nb, w in graph[best].items():
        if d[best] + w < d[nb]:
            d[nb] = d[best] + w
            parent[nb] = best
print(d)
node = "E"
route = [node]
while node in parent:
    node = parent[node]
    route.append(node)
print("->".join(reversed(route)))
