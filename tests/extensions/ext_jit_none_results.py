# A C function's None result is stored by compiled code itself, unless C
# set an exception with it (CPython's SystemError, with the exception as
# its cause) or queued a warning (shown, then None is the call's value).
import checks
import warnext


def warn_loop(n):
    got = []
    for i in range(n):
        got.append(warnext.warn(UserWarning, "from C %d" % (i % 2), 1))
    return got


def none_and_error(n):
    seen = 0
    cause = None
    for i in range(n):
        try:
            checks.result_with_error()
        except SystemError as e:
            seen += 1
            cause = repr(e.__cause__)
    return seen, cause


r = warn_loop(3000)
print(len(r), set(r))
print(none_and_error(3000))
