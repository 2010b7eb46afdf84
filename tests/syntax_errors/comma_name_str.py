f(a "b")
