# OSError and the subclasses Typhon raises for failed output: the
# (errno, strerror) form, its attributes, and the hierarchy.
e = OSError(28, 'No space left on device')
print(str(e), repr(e), e.errno, e.strerror, e.args)
print(str(OSError('just text')), OSError('just text').errno)
print(str(OSError()), repr(OSError()))
b = BrokenPipeError(32, 'Broken pipe')
print(str(b), repr(b), b.errno)
for exc in (b, ConnectionError(104, 'reset'), OSError(5, 'io')):
    try:
        raise exc
    except ConnectionError as c:
        print('ConnectionError', type(c).__name__, c)
    except OSError as o:
        print('OSError', type(o).__name__, o)
print(isinstance(b, OSError), isinstance(b, ConnectionError), isinstance(e, ConnectionError))
raise BrokenPipeError(32, 'Broken pipe')
