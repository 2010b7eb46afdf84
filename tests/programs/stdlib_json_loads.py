import json
import io

def t(label, f):
    try:
        print(label, repr(f()))
    except json.JSONDecodeError as e:
        print(label, "JSONDecodeError:", e)
        print("   ", repr(e.msg), e.pos, e.lineno, e.colno, e.doc == e.doc, e.args)
    except Exception as e:
        print(label, type(e).__name__, e)

good = [
    '{"a": [1, 2.5, -3e2, true, false, null], "b": {"c": "d"}}',
    '  [ ]  ', '{}', '[{}, [], ""]', '"\\u00e9\\u20ac\\ud83d\\ude00"', '"\\"\\\\\\/\\b\\f\\n\\r\\t"',
    '0', '-0', '-0.0', '1.0', '1e5', '1E+5', '1e-5', '12.5e1', '123456789012345678901234567890',
    '-987654321098765432109876543210', '0.1', '1.7976931348623157e308', '1e400', '-1e400', '5e-324',
    'NaN', 'Infinity', '-Infinity', '[NaN, -Infinity]', '"é"', '{"é": "ü", "日本": [1]}',
    '{"a": 1, "a": 2, "b": 3}', '\t\n\r [1,\n2]\n', '"a\\u0000b"', '[1, "x", {"k": [true]}]',
    '{"": 0}', '"\\u0041\\u0042"', '[0, 10, -10]', '3.0e-0', '[1E2]',
]
for s in good:
    t("ok " + s[:30], lambda: json.loads(s))

bad = [
    '', '   ', '[', ']', '{', '}', '[1,]', '[,1]', '[1 2]', '[1,,2]', '{"a":1,}', '{"a" 1}', '{"a":}',
    '{a:1}', "{'a':1}", '{1:2}', '{"a":1 "b":2}', '[1,2', '{"a":1', '{"a"', '{"a":', '{"a":1,',
    'nul', 'tru', 'fals', 'Nan', 'infinity', '-', '-x', '--1', '+1', '01', '00', '1.', '.5', '1.e5',
    '1e', '1e+', '1ex', '0x10', '1_000', 'null x', '[] []', '1 2', '"abc', '"abc\\', '"a\\qb"',
    '"\\x41"', '"\\u12"', '"\\u12x4"', '"\\u123"', '"\\uGGGG"', '"a\nb"', '"a\tb"', '"\x1f"',
    '"\\u"', 'True', 'None', '[1]x', '{"a": [1, 2, }', '["a", "b"', '\ufeff[1]', '[\ufeff]',
    '"é\\q"', 'é', '[1, é]', '{"é": x}', '\n\n  [1,\n  2,\n  x]', 'abc\ndef', '[\n1\n2\n]',
    '{"x": "ab\ncd"}', '"\\ud83d\\uZZZZ"',
]
for s in bad:
    t("bad " + repr(s)[:30], lambda: json.loads(s))

t("strict off", lambda: json.loads('"a\nb\tc\x00"', strict=False))
t("strict off obj", lambda: json.loads('{"k\x01": "v\x1f"}', strict=False))
t("parse_float", lambda: json.loads('[1.5, 2, 3e1]', parse_float=str))
t("parse_int", lambda: json.loads('[1.5, 2, -30]', parse_int=lambda s: int(s) * 10))
t("parse_int float", lambda: json.loads('[1, 2]', parse_int=float))
t("parse_float type", lambda: json.loads('[1.25]', parse_float=float))
t("parse_constant", lambda: json.loads('[NaN, Infinity, -Infinity]', parse_constant=lambda c: "C:" + c))
t("parse_constant raise", lambda: json.loads('[NaN]', parse_constant=lambda c: 1 / 0))
t("object_hook", lambda: json.loads('{"a": {"b": 1}, "c": [{"d": 2}]}', object_hook=lambda d: sorted(d)))
t("pairs_hook", lambda: json.loads('{"a": 1, "b": {"c": 2}, "a": 3}', object_pairs_hook=lambda p: p))
t("both hooks", lambda: json.loads('{"a": 1}', object_hook=lambda d: "hook", object_pairs_hook=lambda p: "pairs"))
t("hook raises", lambda: json.loads('{"a": 1}', object_hook=lambda d: d["missing"]))
t("hook not callable", lambda: json.loads('{"a": 1}', object_hook=5))
t("empty obj hook", lambda: json.loads('[{}]', object_hook=len))
t("unknown kw", lambda: json.loads('1', foo=1))
t("no args", lambda: json.loads())
t("two args", lambda: json.loads('1', '2'))
t("s kw", lambda: json.loads(s='[1]'))
t("int arg", lambda: json.loads(5))
t("none arg", lambda: json.loads(None))
t("list arg", lambda: json.loads([1]))
t("bytes", lambda: json.loads(b'{"a": "\xc3\xa9"}'))
t("bytes bom", lambda: json.loads(b'\xef\xbb\xbf[1]'))
t("bytes utf16", lambda: json.loads(b'\xff\xfe[\x001\x00,\x00 \x00"\x00\xe9\x00"\x00]\x00'))
t("bytes utf16le", lambda: json.loads(b'[\x001\x00,\x00 \x00"\x00\xe9\x00"\x00]\x00'))
t("bytes utf16be", lambda: json.loads(b'\x00{\x00"\x00a\x00"\x00:\x00 \x002\x00}'))
t("bytes utf32", lambda: json.loads(b'\xff\xfe\x00\x00[\x00\x00\x003\x00\x00\x00]\x00\x00\x00'))
t("bytes utf32le", lambda: json.loads(b'[\x00\x00\x004\x00\x00\x00]\x00\x00\x00'))
t("bytes utf32be", lambda: json.loads(b'\x00\x00\x00[\x00\x00\x005\x00\x00\x00]'))
t("bytes short", lambda: json.loads(b'7'))
t("bytes bad", lambda: json.loads(b'"\xff"'))
t("big int", lambda: json.loads('1' * 5000))
t("big int ok", lambda: json.loads('9' * 100) % 1000)
t("deep", lambda: json.loads('[' * 100000))
t("deep obj", lambda: json.loads('{"a":' * 100000))
t("not deep", lambda: json.loads('[' * 50 + ']' * 50))

s = '{"a": [1, 2]}'
doc_ok = json.loads(s)
print(doc_ok, type(doc_ok["a"]).__name__)
keys = json.loads('[{"key": 1}, {"key": 2}]')
print(list(keys[0])[0] is list(keys[1])[0])

e = json.JSONDecodeError("Custom", "line one\nline two", 12)
print(e, "|", e.msg, e.doc, e.pos, e.lineno, e.colno, e.args, repr(e))
print(isinstance(e, ValueError), issubclass(json.JSONDecodeError, ValueError))
print(json.JSONDecodeError.__name__, json.JSONDecodeError.__module__, json.JSONDecodeError.__mro__)
e2 = json.JSONDecodeError("X", "abc", 0)
print(e2, e2.lineno, e2.colno)
e3 = json.JSONDecodeError("X", "a\nb\nc", 100)
print(e3, e3.lineno, e3.colno)
e4 = json.JSONDecodeError("X", "a\nb", -1)
print(e4, e4.lineno, e4.colno)
t("jde missing", lambda: json.JSONDecodeError("x", "y"))
try:
    json.loads('[1, 2')
except ValueError as err:
    print("caught as ValueError:", type(err).__name__, err)
try:
    raise json.JSONDecodeError("boom", "{}", 1)
except json.JSONDecodeError as err:
    print("raised:", err, err.pos)

f = io.StringIO('{"from": "file", "n": [1, 2, 3]}')
print(json.load(f))
t("load pairs", lambda: json.load(io.StringIO('{"x": 1}'), object_pairs_hook=list))
t("load bad", lambda: json.load(io.StringIO('[1,')))
t("load no read", lambda: json.load(5))
t("load bytes", lambda: json.load(io.BytesIO(b'[true]')))

class Dec:
    def __init__(self, **kw):
        self.kw = kw
    def decode(self, s):
        return ("decoded", s, sorted(self.kw))
t("cls", lambda: json.loads("[1]", cls=Dec, object_hook=len, strict=False))

# round trips
for v in [{"a": [1, 2.5, None, True, "x\u00e9\n"]}, [], {}, "s", 0, -1.5, [[[]]], {"k": {"k": {"k": 1}}}]:
    for kw in [{}, {"indent": 2}, {"sort_keys": True}, {"ensure_ascii": False}, {"separators": (",", ":")}]:
        assert json.loads(json.dumps(v, **kw)) == v, (v, kw)
print("round trips ok")
buf = io.StringIO()
json.dump({"z": 1, "a": [1, 2]}, buf, indent=1, sort_keys=True)
print(buf.getvalue())
buf.seek(0)
print(json.load(buf))

# NaN decodes to one float object, as CPython's constant
nans = json.loads('[NaN, NaN, Infinity]')
print(nans[0] is nans[1], nans[0] == nans[0], nans[0] in nans, nans)
