# coding: gbk
s = '�'
