# enum: enumerations, written for Typhon.
#
# Typhon has no metaclasses but `type`, so EnumType is not one here: it is
# the class whose special methods and attributes an enumeration class gets
# as from its metaclass (`_set_meta`; `iter(Color)`, `len(Color)`,
# `Color[name]`, `Color(value)`, `repr(Color)`, `Color.__members__`). A
# class derived from an enumeration is set up by
# `EnumType._typhon_init_class` when its class statement ends: the names
# it assigns become its members. `type(Color)` is `type`.
#
# Covered: Enum, IntEnum, StrEnum, ReprEnum, auto, unique, aliases, a
# member type (`class C(str, Enum)`), `__new__` and `__init__` of an
# enumeration taking the member's value, `_missing_`,
# `_generate_next_value_`, `_ignore_`, and the functional API for names
# that are identifiers. Not here: Flag and IntFlag, `verify`, `member`,
# `nonmember`, `global_enum`, pickling by name.

__all__ = ["EnumType", "EnumMeta", "Enum", "IntEnum", "StrEnum", "ReprEnum",
           "auto", "unique"]

class _AutoNull:
    def __repr__(self):
        return "_auto_null"


_auto_null = _AutoNull()


class auto:
    """A member value computed by `_generate_next_value_`."""

    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return "auto(%r)" % self.value


def _is_dunder(name):
    return (len(name) > 4 and name[:2] == name[-2:] == "__"
            and name[2] != "_" and name[-3] != "_")


def _is_sunder(name):
    return (len(name) > 2 and name[0] == name[-1] == "_"
            and name[1:2] != "_" and name[-2:-1] != "_")


def _is_private(cls_name, name):
    pattern = "_%s__" % (cls_name.lstrip("_"),)
    return (len(name) > len(pattern) and name.startswith(pattern)
            and not name.endswith("__"))


def _is_descriptor(obj):
    if isinstance(obj, (_FunctionType, classmethod, staticmethod, property)):
        return True
    return (hasattr(obj, "__get__") or hasattr(obj, "__set__")
            or hasattr(obj, "__delete__")) and not isinstance(obj, type)


_FunctionType = type(_is_dunder)


def _member_type(cls):
    # The data type members are instances of (int for IntEnum), or object.
    for base in cls.__mro__[1:]:
        if base is object:
            continue
        if _is_enum_class(base):
            continue
        own = _own_dict(base)
        if own is None or "__new__" in own:
            return base
    return object


def _own_dict(c):
    # A Python class's namespace; None for a built-in type.
    try:
        return c.__dict__
    except AttributeError:
        return None


def _is_enum_class(c):
    own = _own_dict(c)
    return own is not None and ("_member_map_" in own or c.__name__ in ("Enum", "ReprEnum")
                                and c.__module__ == "enum")


class EnumType:
    """What an enumeration class gets from its metaclass in CPython."""

    def _typhon_init_class(cls):
        ns = dict(cls.__dict__)
        ignore = ns.get("_ignore_", [])
        if isinstance(ignore, str):
            ignore = ignore.replace(",", " ").split()
        member_type = _member_type(cls)
        own_new = ns.get("__new__")
        if own_new is None:
            for base in cls.__mro__[1:]:
                if _is_enum_class(base) and "__new_member__" in base.__dict__:
                    own_new = base.__dict__["__new_member__"]
                    break
        if own_new is not None:
            cls.__new_member__ = own_new
            if "__new__" in cls.__dict__:
                delattr(cls, "__new__")
        cls._member_names_ = []
        cls._member_map_ = {}
        cls._value2member_map_ = {}
        cls._unhashable_values_ = []
        cls._member_type_ = member_type
        last_values = []
        for name, value in ns.items():
            if (_is_dunder(name) or _is_sunder(name) or _is_private(cls.__name__, name)
                    or name in ignore or _is_descriptor(value)):
                continue
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = cls._generate_next_value_(
                        name, 1, len(cls._member_names_), last_values[:])
                value = value.value
            elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
                value = tuple(
                    cls._generate_next_value_(name, 1, len(cls._member_names_), last_values[:])
                    if isinstance(v, auto) and v.value is _auto_null
                    else (v.value if isinstance(v, auto) else v)
                    for v in value)
            last_values.append(value)
            args = value if isinstance(value, tuple) else (value,)
            if member_type is tuple:
                args = (args,)
            if own_new is not None:
                member = own_new(cls, *args)
            elif member_type is object:
                member = object.__new__(cls)
            else:
                member = member_type.__new__(cls, *args)
            if not hasattr(member, "_value_"):
                if member_type is object:
                    member._value_ = value
                else:
                    member._value_ = member_type(*args)
            value = member._value_
            member._name_ = name
            for c in cls.__mro__:
                own = _own_dict(c)
                if own is not None and "__init__" in own:
                    own["__init__"](member, *args)
                    break
            canonical = None
            for other in cls._member_map_.values():
                if other._value_ == value:
                    canonical = other
                    break
            if canonical is not None:
                member = canonical
            else:
                cls._member_names_.append(name)
            setattr(cls, name, member)
            cls._member_map_[name] = member
            try:
                cls._value2member_map_.setdefault(value, member)
            except TypeError:
                cls._unhashable_values_.append(value)
        if member_type is not object and _own_dict(member_type) is None \
                and "__hash__" not in ns:
            # A built-in data type hashes its members (it comes before
            # Enum in the MRO, which Typhon's lookup of a built-in type's
            # method does not see).
            cls.__hash__ = member_type.__hash__
        if member_type is not object:
            # The enumeration's own repr, str, format and pickling, not the
            # data type's that come first in the MRO (as CPython's
            # EnumType.__new__ sets them).
            for name in ("__repr__", "__str__", "__format__", "__reduce_ex__"):
                if name in ns:
                    continue
                for c in cls.__mro__:
                    own = _own_dict(c)
                    if own is None:
                        for e in cls.__mro__:
                            e_own = _own_dict(e)
                            if e_own is not None and name in e_own and _is_enum_class(e):
                                setattr(cls, name, e_own[name])
                                break
                        break
                    if name in own:
                        break
        _set_meta(cls, EnumType)

    def __call__(cls, value, names=None, *, module=None, qualname=None,
                 type=None, start=1, boundary=None):
        if names is None:
            return EnumType._lookup(cls, value)
        return EnumType._create(cls, value, names, module, qualname, type, start)

    def _lookup(cls, value):
        if isinstance(value, cls):
            return value
        try:
            return cls._value2member_map_[value]
        except KeyError:
            pass
        except TypeError:
            for member in cls._member_map_.values():
                if member._value_ == value:
                    return member
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        error = ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        if result is None:
            raise error
        raise TypeError(
            "error in %s._missing_: returned %r instead of None or a valid member"
            % (cls.__name__, result)) from error

    def _create(cls, class_name, names, module, qualname, type, start):
        if len(cls._member_names_):
            raise TypeError("%s: cannot extend enumeration %r" % (class_name, cls.__name__))
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            values = []
            for count, name in enumerate(names):
                values.append(cls._generate_next_value_(name, start, count, values[:]))
            names = list(zip(names, values))
        elif hasattr(names, "items"):
            names = list(names.items())
        else:
            names = [tuple(item) for item in names]
        for name, _ in names:
            if not name.isidentifier():
                raise NotImplementedError(
                    "member name %r of the functional API is not supported by typhon" % name)
        if not class_name.isidentifier():
            raise NotImplementedError(
                "enumeration name %r is not supported by typhon" % class_name)
        bases = "_base" if type is None else "_type, _base"
        lines = ["class %s(%s):" % (class_name, bases)]
        lines += ["    %s = _values[%d]" % (name, i) for i, (name, _) in enumerate(names)]
        lines.append("    pass")
        scope = {"_base": cls, "_type": type, "_values": [v for _, v in names],
                 "__name__": module if module is not None else "__main__"}
        exec("\n".join(lines), scope)
        made = scope[class_name]
        if qualname is not None:
            made.__qualname__ = qualname
        return made

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            import warnings
            warnings.warn(
                "in 3.12 __contains__ will no longer raise TypeError, but will return "
                "True or\nFalse depending on whether the value is a member or the "
                "value of a member", DeprecationWarning, stacklevel=2)
            raise TypeError(
                "unsupported operand type(s) for 'in': '%s' and '%s'" % (
                    type(member).__qualname__, "EnumType"))
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __bool__(cls):
        return True

    def __repr__(cls):
        return "<enum %r>" % cls.__name__

    @property
    def __members__(cls):
        return dict(cls._member_map_)


EnumMeta = EnumType


class Enum:
    """An enumeration: its class attributes are its members."""

    def __init__(self, *args, **kwds):
        pass

    @classmethod
    def _missing_(cls, value):
        return None

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        try:
            last = last_values[-1]
            if last == sorted(last_values)[-1]:
                return last + 1
        except TypeError:
            pass
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        return start

    def __repr__(self):
        return "<%s.%s: %r>" % (self.__class__.__name__, self._name_, self._value_)

    def __str__(self):
        return "%s.%s" % (self.__class__.__name__, self._name_)

    def __format__(self, format_spec):
        return str.__format__(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def name(self):
        """The name of the member."""
        return self._name_

    @property
    def value(self):
        """The value of the member."""
        return self._value_


_set_meta(Enum, EnumType)
Enum._member_names_ = []
Enum._member_map_ = {}
Enum._value2member_map_ = {}


class ReprEnum(Enum):
    """An enumeration whose str() and format() are its data type's."""


ReprEnum._member_names_ = []
ReprEnum._member_map_ = {}
ReprEnum._value2member_map_ = {}


class IntEnum(int, ReprEnum):
    """An enumeration whose members are ints."""

    def __str__(self):
        return int.__repr__(self)

    def __format__(self, format_spec):
        return int.__format__(int(self), format_spec)


class StrEnum(str, ReprEnum):
    """An enumeration whose members are strs."""

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError("too many arguments for str(): %r" % (values,))
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError("%r is not a string" % (values[0],))
        value = str(*values)
        member = str.__new__(cls, value)
        member._value_ = value
        return member

    def __str__(self):
        return str.__str__(self)

    def __format__(self, format_spec):
        return str.__format__(str(self), format_spec)

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


def unique(enumeration):
    """A class decorator: refuses aliases (members sharing a value)."""
    duplicates = []
    for name, member in enumeration.__members__.items():
        if name != member.name:
            duplicates.append((name, member.name))
    if duplicates:
        alias_details = ", ".join(
            ["%s -> %s" % (alias, name) for (alias, name) in duplicates])
        raise ValueError("duplicate values found in %r: %s" %
                         (enumeration, alias_details))
    return enumeration
