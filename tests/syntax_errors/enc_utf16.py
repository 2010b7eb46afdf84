# -*- coding: utf-16 -*-
print(1)
