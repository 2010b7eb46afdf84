import json
def t(label, f):
    try: print(label, repr(f()))
    except Exception as e: print(label, type(e).__name__, e)
class SetEnc(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, set): return sorted(o)
        return super().default(o)
t("sub", lambda: json.dumps({"s": {3, 1}}, cls=SetEnc))
t("sub indent", lambda: json.dumps({"s": {3, 1}}, cls=SetEnc, indent=1))
t("sub fail", lambda: json.dumps({"s": object()}, cls=SetEnc))
e = json.JSONEncoder()
print(e.item_separator, e.key_separator, e.skipkeys, e.ensure_ascii, e.check_circular, e.allow_nan, e.sort_keys, e.indent)
print(json.JSONEncoder.item_separator, json.JSONEncoder.key_separator)
e2 = json.JSONEncoder(indent=2)
print(repr(e2.item_separator), repr(e2.key_separator))
e3 = json.JSONEncoder(separators=(";", "="))
print(repr(e3.item_separator), repr(e3.key_separator))
t("encode", lambda: e.encode({"a": [1, 2]}))
t("encode str", lambda: e.encode("é"))
t("iterencode", lambda: list(e.iterencode({"a": [1, 2]})))
t("iterencode one", lambda: list(e.iterencode({"a": [1, 2]}, _one_shot=True)))
t("iterencode ind", lambda: list(e2.iterencode([1, {"b": None}])))
t("default", lambda: e.default(5))
t("init pos", lambda: json.JSONEncoder(True))
t("init bad kw", lambda: json.JSONEncoder(foo=1))
class Chunky(json.JSONEncoder):
    def iterencode(self, o, _one_shot=False):
        yield "<"
        yield str(o)
        yield ">"
t("override iterencode", lambda: json.dumps([1], cls=Chunky))
class Sorting(json.JSONEncoder):
    def __init__(self, **kw):
        kw["sort_keys"] = True
        super().__init__(**kw)
t("init override", lambda: json.dumps({"b": 1, "a": 2}, cls=Sorting))
d = json.JSONDecoder()
t("decode", lambda: d.decode(' {"a": [1, 2]} '))
t("raw_decode", lambda: d.raw_decode('{"a": 1} extra'))
t("raw_decode idx", lambda: d.raw_decode('xx[1]', 2))
t("raw_decode bad", lambda: d.raw_decode(' [1]'))
t("raw_decode neg", lambda: d.raw_decode('[1]', -1))
t("raw_decode past", lambda: d.raw_decode('[1]', 10))
t("decode extra", lambda: d.decode('[1] x'))
t("decode int", lambda: d.decode(5))
t("decode bytes", lambda: d.decode(b'[1]'))
print(d.strict, d.object_hook, d.parse_float, d.parse_int, d.object_pairs_hook)
class Hooked(json.JSONDecoder):
    def __init__(self, **kw):
        super().__init__(object_hook=lambda o: {"wrapped": o}, **kw)
t("sub decoder", lambda: json.loads('{"a": {"b": 1}}', cls=Hooked))
t("dec init pos", lambda: json.JSONDecoder(1))
t("dec bad kw", lambda: json.JSONDecoder(foo=1))
print(json.JSONEncoder, json.JSONDecoder, json.JSONEncoder.__module__, json.JSONDecoder.__module__)
print(type(json.JSONEncoder.encode).__name__, json.JSONEncoder.encode.__name__, json.JSONEncoder.encode.__qualname__)
err = json.JSONDecodeError("m", "d", 0)
print(err.__reduce__())
import copy
c = copy.copy(err)
print(type(c).__name__, c, c.pos)
t("strict", lambda: json.JSONDecoder(strict=False).decode('"a\nb"'))
t("parse_constant", lambda: json.JSONDecoder(parse_constant=str).decode('[NaN]'))
t("float", lambda: json.JSONDecoder(parse_float=lambda s: "F" + s).decode('[1.5]'))
import io
out = io.StringIO()
json.dump({"x": {1, 2}}, out, cls=SetEnc, indent=1)
print(repr(out.getvalue()))
