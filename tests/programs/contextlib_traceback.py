# An exception that a contextmanager's generator does not handle leaves
# the with block with the traceback it had: no frames of contextlib or of
# the generator are added.
from contextlib import contextmanager


@contextmanager
def managed(log):
    log.append("enter")
    try:
        yield log
    finally:
        log.append("exit")


@contextmanager
def passthrough():
    yield


def work(log):
    with managed(log):
        with passthrough():
            {}["missing"]


log = []
try:
    work(log)
except KeyError as e:
    print("caught", repr(e), log)
work(log)
