# an exception raised in a finally block while another propagates
def cleanup(resource):
    raise RuntimeError("cleanup failed for " + resource)

def work():
    try:
        return {}["missing"]
    finally:
        cleanup("db")

work()
