# -*- coding: latin-1 -*-
# A PEP 263 declaration: this file is Latin-1, not UTF-8.
name = 'José Müller © ½'
print(name, len(name))
print([hex(ord(c)) for c in name if ord(c) > 127])
# In a comment too: éèê
