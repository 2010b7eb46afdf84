# When the marks would cover the whole line, there are none.
def fail():
    raise ValueError("always")

def call_it():
    fail()

call_it()
