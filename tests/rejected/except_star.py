print("must not run")
try:
    pass
except* ValueError:
    pass
