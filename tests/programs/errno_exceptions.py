# The OSError subclasses picked by errno, the other built-in exception
# classes of 3.11 (all but the exception groups), the errno module, and
# an error raised while a frozen standard module runs.
import errno
import sys

names = [
    "BlockingIOError", "ChildProcessError", "ConnectionError",
    "BrokenPipeError", "ConnectionAbortedError", "ConnectionRefusedError",
    "ConnectionResetError", "FileExistsError", "FileNotFoundError",
    "InterruptedError", "IsADirectoryError", "NotADirectoryError",
    "PermissionError", "ProcessLookupError", "TimeoutError",
    "FloatingPointError", "ReferenceError", "StopAsyncIteration",
    "UnicodeTranslateError",
]
for n in names:
    t = getattr(__builtins__, n)
    print(n, [c.__name__ for c in t.__mro__])

# OSError(errno, strerror) makes the subclass for the number.
for code in [errno.EPERM, errno.ENOENT, errno.ESRCH, errno.EINTR,
             errno.ECHILD, errno.EAGAIN, errno.EWOULDBLOCK, errno.EALREADY,
             errno.EINPROGRESS, errno.EACCES, errno.EEXIST, errno.ENOTDIR,
             errno.EISDIR, errno.EPIPE, errno.ESHUTDOWN, errno.ECONNABORTED,
             errno.ECONNRESET, errno.ETIMEDOUT, errno.ECONNREFUSED,
             errno.EINVAL, errno.ENOSPC]:
    e = OSError(code, "text of " + errno.errorcode[code])
    print(code, type(e).__name__, e.errno, e.strerror, str(e))

e = OSError(errno.ETIMEDOUT, "timed out", "/some/file")
print(type(e).__name__, e.filename, e.args, str(e))

# Caught by their bases, raised by name.
for exc in [TimeoutError("slow"), ConnectionResetError(104, "reset"),
            BlockingIOError(11, "again"), InterruptedError("signal")]:
    try:
        raise exc
    except OSError as caught:
        print("caught", type(caught).__name__, caught.args,
              isinstance(caught, ConnectionError))

try:
    raise FloatingPointError("fp")
except ArithmeticError as caught:
    print("caught", repr(caught))
try:
    raise ReferenceError("gone")
except Exception as caught:
    print("caught", repr(caught))
try:
    raise StopAsyncIteration
except Exception as caught:
    print("caught", repr(caught))
print(issubclass(UnicodeTranslateError, ValueError))

# The module.
print(errno.ENOENT, errno.EAGAIN == errno.EWOULDBLOCK, errno.ENOTSUP)
print(errno.errorcode[11], errno.errorcode[35], errno.errorcode[95])
print(len(errno.errorcode), sorted(errno.errorcode)[:5], sorted(errno.errorcode)[-3:])
print(sorted(n for n in dir(errno) if n.startswith("ECONN")))
print(all(getattr(errno, name) == code for code, name in errno.errorcode.items()))

# A missing file still gives FileNotFoundError with its errno.
try:
    open("/nonexistent-typhon-dir/file.txt")
except OSError as caught:
    print(type(caught).__name__, caught.errno == errno.ENOENT, caught.errno)

# An exception raised while a standard module's Python source runs is
# that exception, not "No module named".
sys.modules["math"] = None
sys.modules.pop("fractions", None)
try:
    import fractions
except ImportError as caught:
    print(type(caught).__name__, caught)
