"""Future imports: the module, its features, and what the import binds."""
from __future__ import annotations, division
from __future__ import (nested_scopes, generators as gen,
                        absolute_import, with_statement)
from __future__ import print_function, unicode_literals, generator_stop

import __future__

print(annotations, division)
print(gen is __future__.generators, type(gen).__name__)
print(__future__.all_feature_names)
print(__future__.__all__)
for name in __future__.all_feature_names:
    f = getattr(__future__, name)
    print(name, repr(f), f.getOptionalRelease(), f.getMandatoryRelease(), f.compiler_flag)
print(__future__.CO_FUTURE_ANNOTATIONS, __future__.CO_NESTED, __future__.CO_GENERATOR_ALLOWED)
print(hex(__future__.CO_FUTURE_DIVISION | __future__.CO_FUTURE_PRINT_FUNCTION))
print(type(annotations).__module__, type(annotations).__qualname__)
print(isinstance(division, __future__._Feature))
print(str(nested_scopes) == repr(nested_scopes))
print(annotations.optional, annotations.mandatory)
print(__future__.__name__)
print(7 / 2, 7 // 2)
try:
    __future__.annotations.getOptionalRelease(1)
except TypeError as e:
    print("TypeError", e)
try:
    __future__.braces
except AttributeError as e:
    print("AttributeError", e)
# A later import is an ordinary one inside exec'd code only when it is first.
exec("from __future__ import annotations\nx: undefined_name = 1\nprint(__annotations__)")
try:
    exec("import os\nfrom __future__ import annotations")
except SyntaxError as e:
    print("SyntaxError", e.msg, e.lineno, e.offset)
try:
    exec("from __future__ import spam")
except SyntaxError as e:
    print("SyntaxError", e.msg, e.lineno, e.offset)
try:
    exec("from __future__ import braces")
except SyntaxError as e:
    print("SyntaxError", e.msg, e.lineno, e.offset)
try:
    compile("'doc'; from __future__ import division; import os; from __future__ import generators", "<s>", "exec")
except SyntaxError as e:
    print("SyntaxError", e.msg, e.lineno, e.offset)
print(compile("'doc'\nfrom __future__ import division; from __future__ import generators\n", "<s>", "exec") is not None)
