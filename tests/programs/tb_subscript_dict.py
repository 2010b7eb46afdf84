# KeyError from a subscript: ~ under the value, ^ under the [index].
settings = {"host": "localhost", "port": 8080}
print(settings["host"], settings [ "port" ])
print(settings["user"])
