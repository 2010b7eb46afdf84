x = ("ok"
     "\x1" \
     .upper())
