# coding: mskanji
text = "日本語のテキスト～①"
print(text, len(text))
