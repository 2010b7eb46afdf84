# coding: u8
print('é')
