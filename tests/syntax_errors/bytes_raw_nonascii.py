x = Rb"\xé"
