# exception raised while handling another: chained traceback
def load(d, key):
    try:
        return d[key]
    except KeyError:
        raise ValueError("missing setting: " + key)

load({}, "timeout")
