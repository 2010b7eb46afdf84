# traceback through a helper module's frame
import mod_raiser

print(mod_raiser.parse_positive("12"))
print(mod_raiser.parse_positive("-3"))
