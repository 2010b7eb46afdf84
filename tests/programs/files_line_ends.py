# Reading lines whose ends (\n, \r\n, a lone \r) fall anywhere, including
# across the file's read buffer: text mode with universal newlines,
# newline="" (ends kept), newline="\n", and binary mode, by iteration,
# readline and readlines. Each way's lines are summarized by count, total
# length and a checksum of their ends.
import os

ENDS = ["\n", "\r\n", "\r"]


def content(n):
    parts = []
    for i in range(n):
        parts.append("x" * (i * 37 % 251))
        parts.append(ENDS[i * 7 % 3])
    parts.append("tail without end")
    return "".join(parts)


def summary(lines):
    ends = 0
    for k, line in enumerate(lines):
        if isinstance(line, bytes):
            line = line.decode()
        ends += (k % 97 + 1) * (line.endswith("\r\n") * 3 + line.endswith("\n") + line.endswith("\r") * 5)
    return len(lines), sum(len(x) for x in lines), ends


def by_readline(f):
    out = []
    while True:
        line = f.readline()
        if not line:
            return out
        out.append(line)


# A file of its own (the corpus runs programs in parallel), removed at the
# end.
path = "tmp_line_ends_%d.txt" % os.getpid()
try:
    for n in (1, 3, 200, 3000):
        with open(path, "w", newline="") as f:
            f.write(content(n))
        with open(path) as f:
            a = summary(list(f))
        with open(path) as f:
            b = summary(by_readline(f))
        with open(path, newline="") as f:
            c = summary(f.readlines())
        with open(path, newline="\n") as f:
            e = summary(list(f))
        with open(path, "rb") as f:
            g = summary(list(f))
        print(n, a, a == b, c, e, g)
    with open(path, "w", newline="") as f:
        f.write("a" * 8191 + "\r" + "\n" + "b\r" + "c" * 8190 + "\r")
    for nl in (None, "", "\n"):
        with open(path, newline=nl) as f:
            print(repr(nl), [len(x) for x in f], end=" ")
    print()
finally:
    os.remove(path)
