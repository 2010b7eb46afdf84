"""Functions to convert between Python values and C structs."""

__all__ = [
    # Functions
    'calcsize', 'pack', 'pack_into', 'unpack', 'unpack_from',
    'iter_unpack',

    # Classes
    'Struct',

    # Exceptions
    'error'
    ]

# Typhon: the packing itself is native (`_struct`); the `Struct` class
# and the iterator of `iter_unpack` are here.
from _struct import calcsize, pack, pack_into, unpack, unpack_from, error
from _struct import _clearcache


class Struct:
    """Struct(format)

    Create a compiled struct object."""

    def __init__(self, format):
        size = calcsize(format)
        if isinstance(format, bytes):
            format = format.decode("ascii")
        self.__format = format
        self.__size = size

    @property
    def format(self):
        """struct format string"""
        return self.__format

    @property
    def size(self):
        """struct size in bytes"""
        return self.__size

    def pack(self, *values):
        return pack(self.__format, *values)

    def pack_into(self, buffer=_clearcache, offset=_clearcache, /, *values):
        if buffer is _clearcache:
            raise error("pack_into expected buffer argument")
        if offset is _clearcache:
            raise error("pack_into expected offset argument")
        return pack_into(self.__format, buffer, offset, *values)

    def unpack(self, buffer, /):
        return unpack(self.__format, buffer)

    def unpack_from(self, buffer, offset=0):
        return unpack_from(self.__format, buffer, offset)

    def iter_unpack(self, buffer, /):
        return unpack_iterator(self, buffer)


Struct.__module__ = "_struct"


class unpack_iterator:
    """The iterator of iter_unpack()."""

    def __init__(self, s, buffer):
        size = s.size
        if size == 0:
            raise error("cannot iteratively unpack with a struct of length 0")
        data = memoryview(buffer)
        if len(data) % size:
            raise error("iterative unpacking requires a buffer of a "
                        "multiple of %d bytes" % size)
        self.__struct = s
        self.__data = data
        self.__pos = 0

    def __iter__(self):
        return self

    def __next__(self):
        data = self.__data
        if data is None or self.__pos >= len(data):
            self.__data = None
            raise StopIteration
        pos = self.__pos
        self.__pos = pos + self.__struct.size
        return self.__struct.unpack_from(data, pos)

    def __length_hint__(self):
        if self.__data is None:
            return 0
        return (len(self.__data) - self.__pos) // self.__struct.size


unpack_iterator.__module__ = "_struct"


def iter_unpack(*args):
    """Return an iterator yielding tuples unpacked from the given bytes."""
    if len(args) != 2:
        raise TypeError("iter_unpack expected 2 arguments, got %d" % len(args))
    return unpack_iterator(Struct(args[0]), args[1])
