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


def test_reporter_first_line_at_once_then_one_line_per_kind_per_interval() -> None:
    clock = FakeClock()
    lines: list[str] = []
    reporter = RefusalReporter(lines.append, interval=10, clock=clock)
    assert reporter.due() is None
    for i in range(13):
        reporter.refused("wrong password", f"10.0.0.{i % 2}")
        clock.now += 0.5
    assert lines == ["Refused (wrong password): 10.0.0.0"]
    assert reporter.due() == 10
    clock.now = 10
    reporter.flush()
    assert lines[1:] == ["Refused (wrong password): 12 more from 2 addresses in the last 10 s"]
    assert reporter.due() is None
    reporter.flush(force=True)
    assert len(lines) == 2  # a quiet interval writes nothing
    reporter.refused("too many connections", "10.0.0.3")
    reporter.refused("too many connections", "10.0.0.3")
    clock.now = 11
    reporter.flush(force=True)
    assert lines[2:] == [
        "Refused (too many connections): 10.0.0.3",
        "Refused (too many connections): 1 more from 10.0.0.3 in the last 1 s",
    ]


def test_budget_remembers_a_bounded_number_of_addresses() -> None:
    clock = FakeClock()
    budget = AttemptBudget(per_address=1, window=60, max_addresses=3, clock=clock)
    for i in range(10):
        budget.failure(f"10.0.0.{i}")
    assert len(budget._seen) == 3
    assert not budget.allowed("10.0.0.9") and budget.allowed("10.0.0.0")
    assert budget.locked_for("10.0.0.9") == 60
    clock.now = 30
    assert budget.locked_for("10.0.0.9") == 30 and budget.locked_for("10.0.0.0") == 0


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
