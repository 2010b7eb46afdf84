# Binary trees: many short-lived instances of a small class, made
# recursively and walked: allocation, instance creation through
# __init__, attribute loads and recursion.
# N = trees of depth DEPTH made and walked; ns_per_iter is per tree.
import sys
import time

DEPTH = 10


class Node:
    def __init__(self, left, right):
        self.left = left
        self.right = right


def make(depth):
    if depth == 0:
        return Node(None, None)
    return Node(make(depth - 1), make(depth - 1))


def count(node):
    if node.left is None:
        return 1
    return 1 + count(node.left) + count(node.right)


def run(n):
    long_lived = make(DEPTH)
    total = 0
    for i in range(n):
        total += count(make(DEPTH - i % 3))
    return total + count(long_lived)


def main():
    n = 300
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    result = run(n)
    elapsed = time.perf_counter() - start
    print(f"checksum: {result}")
    print(f"ns_per_iter: {elapsed * 1e9 / n:.3f}")


main()
