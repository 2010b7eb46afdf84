class C:
    def f(self):
        match self:
            case [x, x]:
                pass
