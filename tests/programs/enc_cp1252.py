# -*- coding: cp1252 -*-
s = "€ “quoted” œuvre — Žižek"
print(s, len(s))
print([hex(ord(c)) for c in s if ord(c) > 127])
