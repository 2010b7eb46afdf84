#!/usr/bin/env python3
# vim: set fileencoding=koi8-r :
word = "Привет, мир"
print(word.upper(), len(word))
