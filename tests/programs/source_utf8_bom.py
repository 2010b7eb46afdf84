# A UTF-8 byte-order mark starts this file.
print('café', len('café'))
