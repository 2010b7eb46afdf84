# An unhashable item in a set display spread over lines: the traceback
# points at the display, as CPython's does.
rows = [[1, 2], [3]]
print({len(r) for r in rows})
seen = {
    len(rows),
    rows[0],
}
