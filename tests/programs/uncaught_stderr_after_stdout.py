# output before the failure is still printed to stdout
for i in range(3):
    print("line", i)
result = {"a": 1}
value = result.get("b")
print(value + 1)
