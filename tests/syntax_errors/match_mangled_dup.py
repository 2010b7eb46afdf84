class A:
    def f(self, x):
        match x:
            case [__y, __y]:
                pass
