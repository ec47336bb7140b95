"""The shared admission guard: budgets, counters, aggregated console lines."""

from engine.net.guard import (
    AttemptBudget,
    ConnectionCounter,
    RefusalReporter,
    raise_open_files_limit,
)


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_budget_growing_delay_and_lock_out_per_address() -> None:
    clock = FakeClock()
    budget = AttemptBudget(per_address=3, window=60, base_delay=0.5, max_delay=1.5, clock=clock)
    delays = []
    for _ in range(3):
        assert budget.allowed("10.0.0.1")
        delays.append(budget.failure("10.0.0.1"))
    assert delays == [0.5, 1.0, 1.5]
    assert not budget.allowed("10.0.0.1")
    assert budget.allowed("10.0.0.2")  # another address keeps its budget
    clock.now = 61
    assert budget.allowed("10.0.0.1")  # forgotten after the window


def test_budget_success_clears() -> None:
    budget = AttemptBudget(per_address=1, clock=FakeClock())
    budget.failure("a")
    assert not budget.allowed("a")
    budget.success("a")
    assert budget.allowed("a")


def test_counter_caps_per_address_and_total() -> None:
    counter = ConnectionCounter(per_address=2, total=3)
    assert counter.acquire("a") is None
    assert counter.acquire("a") is None
    assert counter.acquire("a") == "too many connections from one address"
    assert counter.acquire("b") is None
    assert counter.acquire("c") == "too many connections"
    counter.release("a")
    assert counter.acquire("c") is None
    assert counter.count() == 3
    counter.release("zzz")  # never acquired: no effect
    assert counter.count() == 3


def test_reporter_one_line_per_kind_per_interval() -> None:
    clock = FakeClock()
    lines: list[str] = []
    reporter = RefusalReporter(lines.append, interval=10, clock=clock)
    for i in range(12):
        reporter.refused("wrong passwords", f"10.0.0.{i % 2}")
        clock.now += 0.5
    assert lines == []
    clock.now = 10
    reporter.refused("wrong passwords", "10.0.0.1")
    assert lines == ["13 wrong passwords from 2 addresses in the last 10 s"]
    reporter.refused("too many connections", "10.0.0.3")
    reporter.flush(force=True)
    assert lines[-1] == "1 too many connections from 1 address in the last 1 s"


def test_raise_open_files_limit() -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, 256), hard))
        raise_open_files_limit()
        new_soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        assert new_soft > 256 or hard <= 256
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
