def f():
    s = "é"; global s
