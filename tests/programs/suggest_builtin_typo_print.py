# Builtins come after locals and globals; a case change costs less than
# another edit.
Print = "shadow?"
prnt("hello")
