"""Classes whose special methods are written from their annotated fields."""

import sys
import copy as _copy

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar',
           'KW_ONLY', 'MISSING', 'fields', 'asdict', 'astuple', 'replace',
           'is_dataclass']


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return '<factory>'


_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


class _FIELD_BASE:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FIELD_BASE('_FIELD')
_FIELD_CLASSVAR = _FIELD_BASE('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FIELD_BASE('_FIELD_INITVAR')

_FUNCTION = type(lambda: None)

# `repr` and `hash` are also parameter names below.
_repr = repr


class mappingproxy:
    """A read-only view of a field's metadata."""

    def __init__(self, mapping):
        self._m = mapping

    def __getitem__(self, key):
        return self._m[key]

    def __iter__(self):
        return iter(self._m)

    def __len__(self):
        return len(self._m)

    def __contains__(self, key):
        return key in self._m

    def get(self, key, default=None):
        return self._m.get(key, default)

    def keys(self):
        return self._m.keys()

    def values(self):
        return self._m.values()

    def items(self):
        return self._m.items()

    def __eq__(self, other):
        return self._m == other

    def __repr__(self):
        return 'mappingproxy(' + repr(self._m) + ')'

    def __str__(self):
        return str(self._m)


_EMPTY_METADATA = mappingproxy({})


class InitVar:
    __slots__ = ('type',)

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        t = self.type
        if isinstance(t, type):
            shown = t.__name__
        else:
            shown = repr(t)
        return 'dataclasses.InitVar[' + shown + ']'

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    __slots__ = ('name', 'type', 'default', 'default_factory', 'repr', 'hash',
                 'init', 'compare', 'metadata', 'kw_only', '_field_type')

    def __init__(self, default, default_factory, init, repr, hash, compare,
                 metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        if metadata is None:
            self.metadata = _EMPTY_METADATA
        else:
            self.metadata = mappingproxy(metadata)
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        parts = [
            'name=' + repr(self.name),
            'type=' + repr(self.type),
            'default=' + repr(self.default),
            'default_factory=' + repr(self.default_factory),
            'init=' + repr(self.init),
            'repr=' + repr(self.repr),
            'hash=' + repr(self.hash),
            'compare=' + repr(self.compare),
            'metadata=' + repr(self.metadata),
            'kw_only=' + repr(self.kw_only),
            '_field_type=' + str(self._field_type),
        ]
        return 'Field(' + ','.join(parts) + ')'


class _DataclassParams:
    __slots__ = ('init', 'repr', 'eq', 'order', 'unsafe_hash', 'frozen')

    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ('_DataclassParams(init=%r,repr=%r,eq=%r,order=%r,'
                'unsafe_hash=%r,frozen=%r)' % (self.init, self.repr, self.eq,
                                               self.order, self.unsafe_hash,
                                               self.frozen))


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True,
          hash=None, compare=True, metadata=None, kw_only=MISSING):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare,
                 metadata, kw_only)


# ----- what an annotation says --------------------------------------------------

def _is_classvar(annotation, typing):
    cv = typing.ClassVar
    if annotation is cv:
        return True
    if getattr(annotation, '__origin__', None) is cv:
        return True
    return type(annotation) is type(cv) and repr(annotation).startswith('typing.ClassVar[')


def _is_initvar(annotation, module):
    return annotation is module.InitVar or type(annotation) is module.InitVar


def _is_kw_only(annotation, module):
    return annotation is module.KW_ONLY


def _string_names(text):
    """'mod.Name[...]' -> ('mod', 'Name'); 'Name[...]' -> (None, 'Name')."""
    head = text.strip()
    for stop in '[( ':
        at = head.find(stop)
        if at >= 0:
            head = head[:at]
    head = head.strip()
    if '.' in head:
        module_name, _, name = head.partition('.')
        return module_name.strip(), name.strip()
    return None, head


def _string_is(text, cls, module, wanted, test):
    module_name, name = _string_names(text)
    if not name.isidentifier():
        return False
    home = sys.modules.get(cls.__module__)
    namespace = None
    if module_name is None:
        if home is not None:
            namespace = home.__dict__
    elif module_name.isidentifier() and home is not None:
        if home.__dict__.get(module_name) is module:
            namespace = module.__dict__
    return namespace is not None and test(namespace.get(name), module)


def _unhashable(value):
    if type(value).__hash__ is None:
        return True
    return isinstance(value, (list, dict, set, bytearray))


def _make_field(cls, name, annotation, kw_only_default):
    default = getattr(cls, name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = name
    f.type = annotation
    f._field_type = _FIELD
    typing = sys.modules.get('typing')
    if typing is not None:
        if _is_classvar(annotation, typing) or (
                isinstance(annotation, str)
                and _string_is(annotation, cls, typing, typing.ClassVar, _is_classvar)):
            f._field_type = _FIELD_CLASSVAR
    if f._field_type is _FIELD:
        me = sys.modules[__name__]
        if _is_initvar(annotation, me) or (
                isinstance(annotation, str)
                and _string_is(annotation, cls, me, InitVar, _is_initvar)):
            f._field_type = _FIELD_INITVAR
    if f._field_type is not _FIELD and f.default_factory is not MISSING:
        raise TypeError('field ' + f.name + ' cannot have a default factory')
    if f._field_type is _FIELD_CLASSVAR:
        if f.kw_only is not MISSING:
            raise TypeError('field ' + f.name + ' is a ClassVar but specifies kw_only')
    elif f.kw_only is MISSING:
        f.kw_only = kw_only_default
    if f._field_type is _FIELD and _unhashable(f.default):
        raise ValueError('mutable default ' + str(type(f.default)) + ' for field '
                         + f.name + ' is not allowed: use default_factory')
    return f


# ----- writing the methods ------------------------------------------------------

def _build(cls, name, params, lines, env, module_globals, returns=MISSING):
    """The function `name(params)` with body `lines`, made by exec in the
    class's module globals, seeing the names of `env`."""
    env = dict(env)
    annotation = ''
    if returns is not MISSING:
        env['__dataclass_return_type__'] = returns
        annotation = '->__dataclass_return_type__'
    body = ''.join('  ' + line + '\n' for line in lines)
    src = ('def __dataclass_maker__(' + ', '.join(env) + '):\n'
           ' def ' + name + '(' + ','.join(params) + ')' + annotation + ':\n'
           + body + ' return ' + name + '\n')
    scope = {}
    exec(src, module_globals, scope)
    fn = scope['__dataclass_maker__'](**env)
    return fn


def _attach(cls, name, value):
    """Sets `name` on the class unless its body defined it; True if it did."""
    if name in cls.__dict__:
        return True
    if isinstance(value, _FUNCTION):
        value.__qualname__ = cls.__qualname__ + '.' + value.__name__
    setattr(cls, name, value)
    return False


def _tuple_of(obj, flds):
    if not flds:
        return '()'
    return '(' + ','.join(obj + '.' + f.name for f in flds) + ',)'


def _has_default(f):
    return f.default is not MISSING or f.default_factory is not MISSING


def _init_method(cls, all_fields, positional, keyword, frozen, post_init,
                 self_name, module_globals):
    seen_default = False
    for f in positional:
        if not f.init:
            continue
        if _has_default(f):
            seen_default = True
        elif seen_default:
            raise TypeError('non-default argument ' + repr(f.name)
                            + ' follows default argument')
    env = {'__dataclass_type_' + f.name + '__': f.type for f in all_fields}
    env['__dataclass_MISSING__'] = MISSING
    env['__dataclass_HAS_DEFAULT_FACTORY__'] = _HAS_DEFAULT_FACTORY
    env['__dataclass_builtins_object__'] = object
    lines = []
    for f in all_fields:
        dflt = '__dataclass_dflt_' + f.name + '__'
        if f.default_factory is not MISSING:
            env[dflt] = f.default_factory
            if f.init:
                value = (dflt + '() if ' + f.name
                         + ' is __dataclass_HAS_DEFAULT_FACTORY__ else ' + f.name)
            else:
                value = dflt + '()'
        elif f.init:
            if f.default is not MISSING:
                env[dflt] = f.default
            value = f.name
        else:
            continue
        if f._field_type is _FIELD_INITVAR:
            continue
        if frozen:
            lines.append('__dataclass_builtins_object__.__setattr__('
                         + self_name + ',' + repr(f.name) + ',' + value + ')')
        else:
            lines.append(self_name + '.' + f.name + '=' + value)
    if post_init:
        args = ','.join(f.name for f in all_fields if f._field_type is _FIELD_INITVAR)
        lines.append(self_name + '.__post_init__(' + args + ')')
    if not lines:
        lines = ['None']

    def param(f):
        text = f.name + ':__dataclass_type_' + f.name + '__'
        if f.default_factory is not MISSING:
            return text + '=__dataclass_HAS_DEFAULT_FACTORY__'
        if f.default is not MISSING:
            return text + '=__dataclass_dflt_' + f.name + '__'
        return text

    params = [self_name] + [param(f) for f in positional]
    if keyword:
        params.append('*')
        params.extend(param(f) for f in keyword)
    return _build(cls, '__init__', params, lines, env, module_globals, returns=None)


def _guard_repr(fn):
    running = set()

    def __repr__(self):
        key = id(self)
        if key in running:
            return '...'
        running.add(key)
        try:
            return fn(self)
        finally:
            running.discard(key)
    __repr__.__wrapped__ = fn
    return __repr__


def _repr_method(cls, flds, module_globals):
    shown = ', '.join(f.name + '={self.' + f.name + '!r}' for f in flds)
    line = 'return self.__class__.__qualname__ + f"(' + shown + ')"'
    return _guard_repr(_build(cls, '__repr__', ['self'], [line], {}, module_globals))


def _compare_method(cls, name, op, flds, module_globals):
    lines = ['if other.__class__ is self.__class__:',
             ' return ' + _tuple_of('self', flds) + op + _tuple_of('other', flds),
             'return NotImplemented']
    return _build(cls, name, ['self', 'other'], lines, {}, module_globals)


def _frozen_methods(cls, flds, module_globals):
    test = 'type(self) is cls'
    if flds:
        test += ' or name in {' + ', '.join(repr(f.name) for f in flds) + '}'
    env = {'cls': cls, 'FrozenInstanceError': FrozenInstanceError}
    setter = _build(cls, '__setattr__', ['self', 'name', 'value'], [
        'if ' + test + ':',
        ' raise FrozenInstanceError(f"cannot assign to field {name!r}")',
        'super(cls, self).__setattr__(name, value)'], env, module_globals)
    deleter = _build(cls, '__delattr__', ['self', 'name'], [
        'if ' + test + ':',
        ' raise FrozenInstanceError(f"cannot delete field {name!r}")',
        'super(cls, self).__delattr__(name)'], env, module_globals)
    return setter, deleter


def _annotation_text(a):
    if isinstance(a, type):
        if a.__module__ == 'builtins':
            return a.__qualname__
        return a.__module__ + '.' + a.__qualname__
    return repr(a).replace('typing.', '')


def _signature_text(positional, keyword):
    def one(f):
        text = f.name + ': ' + _annotation_text(f.type)
        if f.default_factory is not MISSING:
            text += ' = <factory>'
        elif f.default is not MISSING:
            text += ' = ' + repr(f.default)
        return text
    parts = [one(f) for f in positional]
    kw = [one(f) for f in keyword]
    if kw:
        parts.append('*')
        parts.extend(kw)
    return '(' + ', '.join(parts) + ')'


# ----- the decorator ------------------------------------------------------------

def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen,
                   match_args, kw_only, slots, weakref_slot):
    home = sys.modules.get(cls.__module__)
    module_globals = home.__dict__ if home is not None else {}
    setattr(cls, '__dataclass_params__',
            _DataclassParams(init, repr, eq, order, unsafe_hash, frozen))

    all_fields = {}
    from_dataclass = False
    any_frozen = False
    all_frozen = None
    for base in cls.__mro__[-1:0:-1]:
        inherited = getattr(base, '__dataclass_fields__', None)
        if inherited is None:
            continue
        from_dataclass = True
        for f in inherited.values():
            all_fields[f.name] = f
        base_frozen = getattr(base, '__dataclass_params__').frozen
        all_frozen = base_frozen if all_frozen is None else (all_frozen and base_frozen)
        any_frozen = any_frozen or base_frozen

    annotations = cls.__dict__.get('__annotations__', {})
    own = []
    kw_default = kw_only
    kw_marker_seen = False
    me = sys.modules[__name__]
    for name, annotation in annotations.items():
        if _is_kw_only(annotation, me) or (
                isinstance(annotation, str)
                and _string_is(annotation, cls, me, KW_ONLY, _is_kw_only)):
            if kw_marker_seen:
                raise TypeError(_repr(name) + ' is KW_ONLY, but KW_ONLY has already been specified')
            kw_marker_seen = True
            kw_default = True
        else:
            own.append(_make_field(cls, name, annotation, kw_default))
    for f in own:
        all_fields[f.name] = f
        if isinstance(getattr(cls, f.name, None), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, value in list(cls.__dict__.items()):
        if isinstance(value, Field) and name not in annotations:
            raise TypeError(_repr(name) + ' is a field but has no type annotation')

    if from_dataclass:
        if any_frozen and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a frozen one')
        if all_frozen is False and frozen:
            raise TypeError('cannot inherit frozen dataclass from a non-frozen one')

    setattr(cls, '__dataclass_fields__', all_fields)

    own_hash = cls.__dict__.get('__hash__', MISSING)
    explicit_hash = not (own_hash is MISSING
                         or (own_hash is None and '__eq__' in cls.__dict__))

    if order and not eq:
        raise ValueError('eq must be true if order is true')

    init_fields = [f for f in all_fields.values()
                   if f._field_type is _FIELD or f._field_type is _FIELD_INITVAR]
    positional = [f for f in init_fields if f.init and not f.kw_only]
    keyword = [f for f in init_fields if f.init and f.kw_only]
    if init:
        self_name = '__dataclass_self__' if 'self' in all_fields else 'self'
        _attach(cls, '__init__',
                _init_method(cls, init_fields, positional, keyword, frozen,
                             hasattr(cls, '__post_init__'), self_name,
                             module_globals))

    data_fields = [f for f in all_fields.values() if f._field_type is _FIELD]
    if repr:
        _attach(cls, '__repr__',
                _repr_method(cls, [f for f in data_fields if f.repr], module_globals))
    compared = [f for f in data_fields if f.compare]
    if eq:
        _attach(cls, '__eq__', _compare_method(cls, '__eq__', '==', compared, module_globals))
    if order:
        for name, op in (('__lt__', '<'), ('__le__', '<='), ('__gt__', '>'), ('__ge__', '>=')):
            if _attach(cls, name, _compare_method(cls, name, op, compared, module_globals)):
                raise TypeError('Cannot overwrite attribute ' + name + ' in class '
                                + cls.__name__ + '. Consider using functools.total_ordering')
    if frozen:
        for fn in _frozen_methods(cls, data_fields, module_globals):
            if _attach(cls, fn.__name__, fn):
                raise TypeError('Cannot overwrite attribute ' + fn.__name__
                                + ' in class ' + cls.__name__)

    # Whether to add __hash__, set it to None, or leave it: by
    # (unsafe_hash, eq, frozen), and whether the class defines one.
    if unsafe_hash:
        if explicit_hash:
            raise TypeError('Cannot overwrite attribute __hash__ in class ' + cls.__name__)
        action = 'add'
    elif eq and frozen:
        action = None if explicit_hash else 'add'
    elif eq:
        action = None if explicit_hash else 'none'
    else:
        action = None
    if action == 'none':
        cls.__hash__ = None
    elif action == 'add':
        hashed = [f for f in data_fields if (f.compare if f.hash is None else f.hash)]
        fn = _build(cls, '__hash__', ['self'],
                    ['return hash(' + _tuple_of('self', hashed) + ')'], {}, module_globals)
        fn.__qualname__ = cls.__qualname__ + '.__hash__'
        cls.__hash__ = fn

    if not getattr(cls, '__doc__'):
        cls.__doc__ = cls.__name__ + _signature_text(positional, keyword)

    if match_args:
        _attach(cls, '__match_args__', tuple(f.name for f in positional))

    if slots:
        cls = _with_slots(cls, frozen, weakref_slot)
    return cls


def _with_slots(cls, frozen, weakref_slot):
    names = tuple(f.name for f in fields(cls))
    inherited = set()
    for base in cls.__mro__[1:-1]:
        s = base.__dict__.get('__slots__')
        if s is None:
            continue
        if isinstance(s, str):
            inherited.add(s)
        else:
            inherited.update(s)
    wanted = names + (('__weakref__',) if weakref_slot else ())
    wanted = tuple(n for n in wanted if n not in inherited)
    namespace = {'__dataclass_slots__': wanted, '__name__': cls.__module__}
    bases = []
    for i, base in enumerate(cls.__bases__):
        namespace['__dataclass_base_%d__' % i] = base
        bases.append('__dataclass_base_%d__' % i)
    exec('class ' + cls.__name__ + '(' + ', '.join(bases) + '):\n'
         ' __slots__ = __dataclass_slots__\n', namespace)
    made = namespace[cls.__name__]
    for key, value in list(cls.__dict__.items()):
        if key in names or key in ('__dict__', '__weakref__', '__slots__', '__module__',
                                   '__qualname__'):
            continue
        setattr(made, key, value)
    made.__module__ = cls.__module__
    made.__qualname__ = cls.__qualname__
    if frozen:
        # Copying and pickling set the fields through object.__setattr__.
        if '__getstate__' not in cls.__dict__:
            made.__getstate__ = _slots_getstate
        if '__setstate__' not in cls.__dict__:
            made.__setstate__ = _slots_setstate
    return made


def _slots_getstate(self):
    return [getattr(self, f.name) for f in fields(self)]


def _slots_setstate(self, state):
    for f, value in zip(fields(self), state):
        object.__setattr__(self, f.name, value)


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False,
              unsafe_hash=False, frozen=False, match_args=True,
              kw_only=False, slots=False, weakref_slot=False):
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash,
                              frozen, match_args, kw_only, slots, weakref_slot)
    if cls is None:
        return wrap
    return wrap(cls)


# ----- working with dataclasses -------------------------------------------------

def fields(class_or_instance):
    try:
        all_fields = getattr(class_or_instance, '__dataclass_fields__')
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple(f for f in all_fields.values() if f._field_type is _FIELD)


def _is_instance(obj):
    return hasattr(type(obj), '__dataclass_fields__')


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, '__dataclass_fields__')


def _convert(obj, factory, as_dict):
    if _is_instance(obj):
        items = [(f.name, _convert(getattr(obj, f.name), factory, as_dict))
                 for f in fields(obj)]
        if as_dict:
            return factory(items)
        return factory([v for _, v in items])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_convert(v, factory, as_dict) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_convert(v, factory, as_dict) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_convert(k, factory, as_dict), _convert(v, factory, as_dict))
                         for k, v in obj.items())
    return _copy.deepcopy(obj)


def asdict(obj, *, dict_factory=dict):
    if not _is_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _convert(obj, dict_factory, True)


def astuple(obj, *, tuple_factory=tuple):
    if not _is_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _convert(obj, tuple_factory, False)


def replace(obj, /, **changes):
    if not _is_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in getattr(obj, '__dataclass_fields__').values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError('field ' + f.name + ' is declared with init=False, '
                                 'it cannot be specified with replace()')
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError('InitVar ' + repr(f.name) + ' must be specified with replace()')
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
