print("never reached in Typhon")
async def fetch(url):
    return url
print(fetch)
