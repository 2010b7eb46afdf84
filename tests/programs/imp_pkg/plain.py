# a module, not a package: nothing can be imported below it
PLAIN = True
