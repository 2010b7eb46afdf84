from os import path, sep,  # c
