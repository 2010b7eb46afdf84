# coding: uhc
text = "한국어 텍스트 똠방각하"
print(text, len(text))
