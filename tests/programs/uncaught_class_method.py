class Parser:
    def __init__(self, text):
        self.text = text

    def parse(self):
        return self.number()

    def number(self):
        return int(self.text)


print(Parser("12").parse())
Parser("x").parse()
