# The str functions of the C API that are str methods or codecs
# (PyUnicode_Split, RSplit, Splitlines, Partition, RPartition, Find,
# FindChar, Count, Replace, Tailmatch, Contains, RichCompare, Format,
# IsIdentifier, Translate, FromObject, Append, AppendAndDel, InternInPlace,
# GetDefaultEncoding, Decode, DecodeASCII, DecodeLatin1, DecodeUTF8,
# AsEncodedString, AsASCIIString, AsLatin1String, FromEncodedObject,
# AsUCS4, AsUCS4Copy, AsWideChar, AsWideCharString, FromWideChar), with
# the errors CPython raises for arguments of the wrong type.
from apiwalk import ustr


def show(*args):
    try:
        r = ustr(*args)
        if isinstance(r, tuple) and "internal function" in str(r[1:2]):
            r = (r[0], "bad argument to internal function", r[2])
        print(args[0], type(r).__name__, repr(r))
    except SystemError as e:
        # CPython's message names its own source file and line.
        print(args[0], "SystemError")
    except Exception as e:
        print(args[0], type(e).__name__ + ":", e)


class S(str):
    def split(self, *a):
        return "overridden"

    def __eq__(self, other):
        return False

    __hash__ = str.__hash__


# split, rsplit, splitlines, partition
show("split", "a b  c", None, -1)
show("split", " a b  c ", None, 1)
show("split", "a,b,,c", ",", -1)
show("split", "a,b,,c", ",", 2)
show("split", S("x y"), None, -1)
show("split", "abc", "", -1)
show("split", 5, None, -1)
show("split", "abc", 5, -1)
show("rsplit", "a,b,,c", ",", 1)
show("rsplit", "  a b c ", None, 1)
show("splitlines", "a\nb\r\nc\rd\x0be", 0)
show("splitlines", "a\nb\r\nc\n", 1)
show("splitlines", b"x", 0)
show("partition", "key=value=x", "=")
show("partition", "novalue", "=")
show("partition", "abc", "")
show("partition", "abc", b"b")
show("rpartition", "key=value=x", "=")
show("rpartition", "novalue", "=")

# find, findchar, count, replace, tailmatch, contains
show("find", "abcabc", "c", 0, 100, 1)
show("find", "abcabc", "c", 0, 100, -1)
show("find", "abcabc", "c", 3, 5, 1)
show("find", "abcabc", "c", -3, -1, 1)
show("find", "abcabc", "x", 0, 6, 1)
show("find", "abc", "", 10, 20, 1)
show("find", "abc", "", 1, 2, -1)
show("find", "abc", 1, 0, 3, 1)
show("find", [], "a", 0, 3, 1)
show("findchar", "h\xe9llo w\u20acrld", ord("l"), 0, 100, 1)
show("findchar", "h\xe9llo w\u20acrld", ord("l"), 0, 100, -1)
show("findchar", "h\xe9llo w\u20acrld", 0x20AC, 0, 100, 1)
show("findchar", "h\xe9llo w\u20acrld", ord("l"), 4, 100, 1)
show("findchar", "hello", ord("l"), -2, 100, 1)
show("findchar", "hello", ord("l"), 0, -3, 1)
show("findchar", "hello", ord("z"), 0, 5, 1)
show("findchar", "hello", ord("h"), 3, 2, 1)
show("count", "aaaa", "aa", 0, 100)
show("count", "abcabc", "", 0, 100)
show("count", "abcabc", "b", 2, 100)
show("count", "abcabc", "b", -2, 100)
show("count", "abc", None, 0, 3)
show("replace", "aaaa", "a", "bc", -1)
show("replace", "aaaa", "a", "bc", 2)
show("replace", "aaaa", "", "-", 3)
show("replace", "aaaa", "a", 1, -1)
show("tailmatch", "hello.py", ".py", 0, 100, 1)
show("tailmatch", "hello.py", "hel", 0, 100, -1)
show("tailmatch", "hello.py", "hel", 1, 100, -1)
show("tailmatch", "hello.py", "llo", 0, 5, 1)
show("tailmatch", "abc", "", 5, 100, -1)
show("tailmatch", "abc", 3, 0, 100, 1)
show("contains", "hello", "ell")
show("contains", "hello", "")
show("contains", "hello", "xyz")
show("contains", "hello", 1)
show("contains", 1, "a")
show("contains", S("abc"), S("b"))

# rich comparison, format, identifiers, translate
for op in range(6):
    show("richcompare", "abc", "abd", op)
show("richcompare", "b", "abc", 4)
show("richcompare", S("a"), "a", 2)
show("richcompare", "a", 1, 2)
show("richcompare", 1, "a", 2)
show("format", "%s-%d-%r", ("x", 3, "y"))
show("format", "%(a)s and %(b)05.1f", {"a": 1, "b": 2.25})
show("format", "%d", ("x",))
show("format", "%s %s", ("x",))
show("format", "plain", ())
show("format", b"%s", ("x",))
show("isidentifier", "abc_1")
show("isidentifier", "1abc")
show("isidentifier", "\xe9t\xe9")
show("isidentifier", "")
show("translate", "hello", {ord("l"): "L", ord("o"): "0"})
show("translate", "hello", {ord("h"): 74})
show("translate", "hello", {ord("h"): 1.5})

# FromObject, Append, AppendAndDel, intern, default encoding
show("fromobject", "abc")
show("fromobject", S("sub"))
show("fromobject", b"abc")
show("fromobject", 3)
show("append", "abc", "def")
show("append", "abc", 1)
show("append", None, "x")
show("append", "abc", None)
show("appendanddel", "abc", "\u20ac")
show("appendanddel", 1, "x")
show("intern", "interned")
show("defaultencoding")

# codecs
show("decode", b"caf\xc3\xa9", None, None)
show("decode", b"caf\xc3\xa9", "latin-1", None)
show("decode", b"caf\xc3\xa9", "ascii", None)
show("decode", b"caf\xc3\xa9", "ascii", "replace")
show("decode", b"caf\xc3\xa9", "ascii", "ignore")
show("decode", b"caf\xc3\xa9", "UTF_8", "strict")
show("decode", b"abc", "no-such-codec", None)
show("decode", b"abc", "ascii", "no-such-handler")
show("decode", b"ab\xff", "ascii", "no-such-handler")
show("decodeascii", b"plain", None)
show("decodeascii", b"pl\x80in", None)
show("decodeascii", b"pl\x80in", "replace")
show("decodelatin1", b"\xe9\xff\x00", None)
show("decodeutf8", b"ok \xe2\x82\xac", None)
show("decodeutf8", b"bad \xe2\x82", None)
show("decodeutf8", b"bad \xff here", "replace")
show("decodeutf8", b"bad \xff here", "ignore")
show("encode", "caf\xe9", None, None)
show("encode", "caf\xe9", "latin-1", None)
show("encode", "caf\xe9", "ascii", None)
show("encode", "caf\xe9", "ascii", "replace")
show("encode", "caf\xe9", "ascii", "ignore")
show("encode", "caf\xe9", "nope", None)
show("encode", b"x", None, None)
show("asascii", "plain")
show("asascii", "\u20ac100")
show("asascii", 5)
show("aslatin1", "caf\xe9")
show("aslatin1", "\u20ac")
show("aslatin1", None)
show("asutf8", "\u20ac")
show("fromencoded", b"caf\xc3\xa9", None, None)
show("fromencoded", bytearray(b"caf\xe9"), "latin-1", None)
show("fromencoded", memoryview(b"abc"), None, None)
show("fromencoded", b"", "ascii", None)
show("fromencoded", b"\xff", None, None)
show("fromencoded", "text", None, None)
show("fromencoded", 12, None, None)
show("fromencoded", [1], None, None)

# UCS-4 and wchar_t copies
show("asucs4", "a\xe9\u20ac\U0001F600", 5, 1)
show("asucs4", "a\xe9\u20ac\U0001F600", 4, 0)
show("asucs4", "abc", 3, 1)
show("asucs4", "abc", 2, 0)
show("asucs4", "", 1, 1)
show("asucs4", "abc", -1, 1)
show("asucs4copy", "h\xe9\U0001F600")
show("asucs4copy", "")
show("aswidechar", "h\xe9\u20ac", None)
show("aswidechar", "h\xe9\u20ac", 10)
show("aswidechar", "h\xe9\u20ac", 3)
show("aswidechar", "h\xe9\u20ac", 2)
show("aswidechar", "h\xe9\u20ac", 0)
show("aswidechar", 7, 3)
show("aswidecharstring", "ab\U0001F600", 1)
show("aswidecharstring", "ab\U0001F600", 0)
show("aswidecharstring", "a\x00b", 1)
show("aswidecharstring", "a\x00b", 0)
show("aswidecharstring", 1.5, 0)
show("fromwidechar", [104, 0xE9, 0x20AC, 0x1F600], 0, 4)
show("fromwidechar", [104, 0xE9, 0x20AC, 0x1F600], 0, 2)
show("fromwidechar", [104, 105], 0, -1)
show("fromwidechar", [], 0, 0)
show("fromwidechar", [104, 0x110000], 0, 2)
show("fromwidechar", [], None, 0)
show("fromwidechar", [], None, 3)

# more codecs: UTF-8 with a tail left for later, file names, escapes,
# UTF-16 and UTF-32
show("decodeutf8stateful", b"ab\xe2\x82", None, 1)
show("decodeutf8stateful", b"ab\xe2\x82\xac", None, 1)
show("decodeutf8stateful", b"ab\xf0\x9f", None, 1)
show("decodeutf8stateful", b"ab\xc3", None, 1)
show("decodeutf8stateful", b"ab\xe2\x82", None, 0)
show("decodeutf8stateful", b"a\xffb\xe2", "replace", 1)
show("decodeutf8stateful", b"a\xffb\xe2", None, 1)
show("decodeutf8stateful", b"", None, 1)
show("encodefs", "caf\xe9/\u20ac")
show("encodefs", b"x")
show("decodefs", b"caf\xc3\xa9")
show("decodefs", b"")
show("decodefsz", b"dir/file")


class P:
    def __init__(self, p):
        self.p = p

    def __fspath__(self):
        return self.p


show("fspath", "a/b")
show("fspath", b"a/b")
show("fspath", P("x/y"))
show("fspath", P(b"x/y"))
show("fspath", P(3))
show("fspath", 3)
show("fspath", None)
show("fsconverter", "a/\xe9")
show("fsconverter", b"raw")
show("fsconverter", P("p/q"))
show("fsconverter", "nul\x00")
show("fsconverter", b"nul\x00")
show("fsconverter", 5)
show("fsconverter", P(5))
show("fsdecoder", "text")
show("fsdecoder", b"caf\xc3\xa9")
show("fsdecoder", P(b"p"))
show("fsdecoder", "nul\x00")
show("fsdecoder", b"nul\x00")
show("fsdecoder", 5)
show("asunicodeescape", "tab\t nl\n cr\r bs\\ q'\" \x00\x7f\xe9\u20ac\U0001F600")
show("asunicodeescape", 1)
show("asrawunicodeescape", "tab\t bs\\ \x00\xe9\u20ac\U0001F600")
show("asrawunicodeescape", b"x")
show("asutf16", "h\xe9\U0001F600")
show("asutf16", "")
show("asutf16", 2)
show("asutf32", "h\U0001F600")
show("asutf32", None)
