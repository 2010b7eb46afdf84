class ConfigError(Exception):
    """Raised for a bad setting."""


class MissingKey(ConfigError, KeyError):
    def __init__(self, key):
        super().__init__(key)
        self.key = key


def load(settings, key):
    if key not in settings:
        raise MissingKey(key)
    return settings[key]


try:
    load({}, "port")
except ConfigError as e:
    print("caught", repr(e), e.key)


def check(port):
    try:
        return int(port)
    except ValueError as e:
        raise ConfigError(f"bad port {port!r}") from e


print(check("80"))
check("eighty")
