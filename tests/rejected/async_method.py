print("must not run")
class A:
    async def f(self):
        return 1
print(A)
