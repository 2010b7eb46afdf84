# uncaught KeyError shows the repr of the key
config = {"host": "localhost", "port": 8080}
print(config["host"])
print(config["user's name"])
