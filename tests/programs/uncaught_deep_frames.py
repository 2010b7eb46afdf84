# traceback through several frames
def parse(record):
    return int(record["value"])

def load(records):
    out = []
    for r in records:
        out.append(parse(r))
    return out

def main():
    data = [{"value": "1"}, {"value": "2"}, {"value": "three"}]
    print("loading", len(data))
    return load(data)

main()
