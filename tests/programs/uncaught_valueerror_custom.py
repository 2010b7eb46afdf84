# uncaught ValueError with a custom message
def check_age(age):
    if age < 0:
        raise ValueError(f"age must be non-negative, got {age}")
    return age

print(check_age(30))
check_age(-4)
