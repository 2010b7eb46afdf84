# A Richards-style operating-system simulation: a scheduler runs four
# kinds of tasks (idle, worker, two handlers, two devices) that pass
# packets to each other through queues kept as linked lists of objects.
# Classes with inheritance, method calls through the base class, and
# attribute loads and stores on instances dominate. N = scheduler runs;
# ns_per_iter is per run (each run dispatches a few thousand times).
import sys
import time

IDLE = 0
WORKER = 1
HANDLER_A = 2
HANDLER_B = 3
DEVICE_A = 4
DEVICE_B = 5
TASK_COUNT = 6

KIND_DEVICE = 0
KIND_WORK = 1
BUF_SIZE = 4


class Packet:
    def __init__(self, link, ident, kind):
        self.link = link
        self.ident = ident
        self.kind = kind
        self.datum = 0
        self.data = [0] * BUF_SIZE

    def append_to(self, queue):
        # Appends this packet at the end of `queue`; returns the new head.
        self.link = None
        if queue is None:
            return self
        last = queue
        nxt = last.link
        while nxt is not None:
            last = nxt
            nxt = last.link
        last.link = self
        return queue


class Task:
    """A task control block: priority, input queue and the three state
    bits (packet pending, waiting, held)."""

    def __init__(self, sched, ident, priority, queue):
        self.sched = sched
        self.ident = ident
        self.priority = priority
        self.queue = queue
        self.pending = queue is not None
        self.waiting = False
        self.held = False
        self.link = sched.tasks
        sched.tasks = self
        sched.table[ident] = self

    def runnable(self):
        return self.pending and not self.held

    def take_packet(self):
        # Runs with the first queued packet (or None if nothing is queued).
        pkt = self.queue
        if self.waiting and pkt is not None:
            self.queue = pkt.link
            self.pending = self.queue is not None
            self.waiting = False
            return pkt
        return None

    def receive(self, pkt, old):
        # A packet arrives: the receiver may preempt the sender.
        if self.queue is None:
            self.queue = pkt
            self.pending = True
            if self.priority > old.priority:
                return self
        else:
            self.queue = pkt.append_to(self.queue)
        return old

    def run(self, pkt):
        return self


class IdleTask(Task):
    def __init__(self, sched, ident, priority, queue, count):
        Task.__init__(self, sched, ident, priority, queue)
        self.seed = 1
        self.count = count

    def run(self, pkt):
        s = self.sched
        self.count -= 1
        if self.count == 0:
            return s.hold_self()
        if self.seed & 1 == 0:
            self.seed = self.seed >> 1
            return s.release(DEVICE_A)
        self.seed = (self.seed >> 1) ^ 0xD008
        return s.release(DEVICE_B)


class WorkerTask(Task):
    def __init__(self, sched, ident, priority, queue):
        Task.__init__(self, sched, ident, priority, queue)
        self.dest = HANDLER_A
        self.count = 0

    def run(self, pkt):
        s = self.sched
        if pkt is None:
            return s.wait()
        if self.dest == HANDLER_A:
            self.dest = HANDLER_B
        else:
            self.dest = HANDLER_A
        pkt.ident = self.dest
        pkt.datum = 0
        data = pkt.data
        for i in range(BUF_SIZE):
            self.count += 1
            if self.count > 26:
                self.count = 1
            data[i] = 64 + self.count
        return s.queue_packet(pkt)


class HandlerTask(Task):
    def __init__(self, sched, ident, priority, queue):
        super().__init__(sched, ident, priority, queue)
        self.work = None
        self.device = None

    def run(self, pkt):
        s = self.sched
        if pkt is not None:
            if pkt.kind == KIND_WORK:
                self.work = pkt.append_to(self.work)
            else:
                self.device = pkt.append_to(self.device)
        work = self.work
        if work is not None:
            count = work.datum
            if count < BUF_SIZE:
                dev = self.device
                if dev is not None:
                    self.device = dev.link
                    dev.datum = work.data[count]
                    work.datum = count + 1
                    return s.queue_packet(dev)
            else:
                self.work = work.link
                return s.queue_packet(work)
        return s.wait()


class DeviceTask(Task):
    def __init__(self, sched, ident, priority, queue):
        super().__init__(sched, ident, priority, queue)
        self.held_packet = None

    def run(self, pkt):
        s = self.sched
        if pkt is None:
            held = self.held_packet
            if held is None:
                return s.wait()
            self.held_packet = None
            return s.queue_packet(held)
        self.held_packet = pkt
        s.holds += pkt.datum
        return s.hold_self()


class Scheduler:
    def __init__(self):
        self.tasks = None
        self.table = [None] * TASK_COUNT
        self.current = None
        self.queued = 0
        self.holds = 0

    def release(self, ident):
        t = self.table[ident]
        t.held = False
        if t.priority > self.current.priority:
            return t
        return self.current

    def hold_self(self):
        self.holds += 1
        self.current.held = True
        return self.current.link

    def wait(self):
        self.current.waiting = True
        return self.current

    def queue_packet(self, pkt):
        t = self.table[pkt.ident]
        self.queued += 1
        pkt.link = None
        pkt.ident = self.current.ident
        return t.receive(pkt, self.current)

    def schedule(self):
        t = self.tasks
        while t is not None:
            if t.held or (t.waiting and not t.pending):
                t = t.link
            else:
                self.current = t
                t = t.run(t.take_packet())


def setup(count):
    s = Scheduler()
    IdleTask(s, IDLE, 0, None, count)
    wq = Packet(None, 0, KIND_WORK)
    wq = Packet(wq, 0, KIND_WORK)
    WorkerTask(s, WORKER, 1000, wq)
    for ident, prio in ((HANDLER_A, 2000), (HANDLER_B, 3000)):
        q = Packet(None, DEVICE_A + ident - HANDLER_A, KIND_DEVICE)
        q = Packet(q, DEVICE_A + ident - HANDLER_A, KIND_DEVICE)
        q = Packet(q, DEVICE_A + ident - HANDLER_A, KIND_DEVICE)
        HandlerTask(s, ident, prio, q)
    DeviceTask(s, DEVICE_A, 4000, None)
    DeviceTask(s, DEVICE_B, 5000, None)
    return s


def run_once(count):
    s = setup(count)
    s.schedule()
    return s.queued * 1000 + s.holds


def main():
    n = 40
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    start = time.perf_counter()
    total = 0
    for i in range(n):
        total += run_once(1000 + i % 7)
    elapsed = time.perf_counter() - start
    ns = elapsed * 1e9 / n
    print(f"checksum: {total}")
    print(f"ns_per_iter: {ns:.3f}")


main()
