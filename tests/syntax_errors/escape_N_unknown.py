x = "\N{LATIN SMALL LETTER A}\N{nope}"
