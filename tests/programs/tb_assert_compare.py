# An assert whose test is a comparison marks the comparison.
def check(balance, amount):
    assert amount <= balance, "overdrawn"
    return balance - amount

print(check(10, 3))
print(check(10, 30))
