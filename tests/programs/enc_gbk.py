# -*- coding: cp936 -*-
text = "中文编码，测试"
print(text, len(text))
# 注释也是GBK
