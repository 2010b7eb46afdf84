# A NameError raised by hand carries no name: no suggestion.
prnt = None
raise NameError("name 'prin' is not defined")
