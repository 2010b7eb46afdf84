class A:
    def f(self, x):
        match x:
            case __y:
                pass
            case 1:
                pass
