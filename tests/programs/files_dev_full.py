# Writing to a full device (/dev/full): OSError [Errno 28] where CPython's
# buffers reach the operating system.


def attempt(label, f):
    try:
        r = f()
        print(label, "ok", r)
    except OSError as e:
        print(label, type(e).__name__, e.errno, e.strerror, e)


def small_then_close():
    f = open("/dev/full", "w")
    print("write returned", f.write("x" * 10))
    try:
        f.close()
    finally:
        print("closed:", f.closed)


attempt("small+close", small_then_close)
attempt("print temp", lambda: print("x", file=open("/dev/full", "w")))


def print_flush():
    f = open("/dev/full", "w")
    print("x", file=f)
    print("after print")
    f.flush()


attempt("print+flush", print_flush)


def print_flush_kw():
    f = open("/dev/full", "w")
    print("x", file=f, flush=True)


attempt("print flush=True", print_flush_kw)


def text_sizes():
    f = open("/dev/full", "w")
    print("first", f.write("y" * 5000))
    print("second", f.write("y" * 5000))


attempt("text 5000+5000", text_sizes)
attempt("text 9000", lambda: open("/dev/full", "w").write("y" * 9000))


def binary_sizes():
    f = open("/dev/full", "wb")
    print("b1", f.write(b"y" * 4000))
    print("b2", f.write(b"y" * 100))


attempt("binary 4000+100", binary_sizes)


def unbuffered():
    f = open("/dev/full", "wb", buffering=0)
    return f.write(b"x")


attempt("unbuffered", unbuffered)


def line_buffered():
    f = open("/dev/full", "w", buffering=1)
    print("no newline", f.write("abc"))
    return f.write("x\n")


attempt("line buffered", line_buffered)


def with_block():
    with open("/dev/full", "w") as f:
        f.write("abc")
        print("inside")


attempt("with", with_block)


def tell_after():
    f = open("/dev/full", "w")
    f.write("abc")
    return f.tell()


attempt("tell", tell_after)


def writelines():
    f = open("/dev/full", "w")
    f.writelines(["a", "b"])
    f.close()


attempt("writelines", writelines)
attempt("unbuffered text", lambda: open("/dev/full", "w", buffering=0))
f = open("/dev/full", "w")
f.write("left open")
print("end")
