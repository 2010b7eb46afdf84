from os import *, path
