"""Admission guard shared by the TCP host and the SSH door (standard library only).

Three small pieces, each with an injectable clock so tests never sleep:

- ``AttemptBudget``: wrong-password budget per source address, with a delay
  that doubles per failure (capped), and a lock-out once the budget is spent;
  it forgets an address after ``window`` seconds without failures.
- ``ConnectionCounter``: open connections per address and in total.
- ``RefusalReporter``: counts refusals by kind and writes one line per kind
  per interval ("12 wrong passwords from 2 addresses in the last 10 s").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

Clock = Callable[[], float]


@dataclass
class _Failures:
    count: int = 0
    last: float = 0.0


@dataclass
class AttemptBudget:
    """Wrong passwords allowed per address within ``window`` seconds."""

    per_address: int = 10
    window: float = 300.0
    base_delay: float = 0.5
    max_delay: float = 8.0
    clock: Clock = time.monotonic
    _seen: dict[str, _Failures] = field(default_factory=dict)

    def _entry(self, address: str) -> _Failures | None:
        entry = self._seen.get(address)
        if entry is not None and self.clock() - entry.last >= self.window:
            del self._seen[address]
            return None
        return entry

    def allowed(self, address: str) -> bool:
        """True while the address may still try a password."""
        entry = self._entry(address)
        return entry is None or entry.count < self.per_address

    def failure(self, address: str) -> float:
        """Record a wrong password; return the delay to wait before answering."""
        entry = self._entry(address)
        if entry is None:
            entry = self._seen[address] = _Failures()
        entry.count += 1
        entry.last = self.clock()
        return float(min(self.max_delay, self.base_delay * 2.0 ** (entry.count - 1)))

    def success(self, address: str) -> None:
        """A right password clears the address's failures."""
        self._seen.pop(address, None)


@dataclass
class ConnectionCounter:
    """Open connections, capped per address and in total."""

    per_address: int = 8
    total: int = 256
    _open: dict[str, int] = field(default_factory=dict)
    _total: int = 0

    def acquire(self, address: str) -> str | None:
        """Count a new connection; return None, or the refusal kind."""
        if self._total >= self.total:
            return "too many connections"
        if self._open.get(address, 0) >= self.per_address:
            return "too many connections from one address"
        self._open[address] = self._open.get(address, 0) + 1
        self._total += 1
        return None

    def release(self, address: str) -> None:
        left = self._open.get(address, 0) - 1
        if left < 0:
            return
        self._total -= 1
        if left:
            self._open[address] = left
        else:
            del self._open[address]

    def count(self, address: str | None = None) -> int:
        return self._total if address is None else self._open.get(address, 0)


@dataclass
class RefusalReporter:
    """Aggregates refusals: one console line per kind per ``interval``."""

    write: Callable[[str], None]
    interval: float = 10.0
    clock: Clock = time.monotonic
    _start: float | None = None
    _counts: dict[str, int] = field(default_factory=dict)
    _addresses: dict[str, set[str]] = field(default_factory=dict)

    def refused(self, kind: str, address: str) -> None:
        """Count one refusal of ``kind`` (a plural noun, e.g. "wrong passwords")."""
        now = self.clock()
        if self._start is None:
            self._start = now
        self._counts[kind] = self._counts.get(kind, 0) + 1
        self._addresses.setdefault(kind, set()).add(address)
        self.flush()

    def flush(self, force: bool = False) -> None:
        """Write the pending lines if the interval is over (or ``force``)."""
        if self._start is None:
            return
        if not force and self.clock() - self._start < self.interval:
            return
        span = max(1, round(self.clock() - self._start))
        for kind, n in self._counts.items():
            hosts = len(self._addresses[kind])
            plural = "address" if hosts == 1 else "addresses"
            self.write(f"{n} {kind} from {hosts} {plural} in the last {span} s")
        self._counts.clear()
        self._addresses.clear()
        self._start = None


def raise_open_files_limit() -> None:
    """Raise the soft RLIMIT_NOFILE to the hard one, where the platform allows."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY:
            hard = max(soft, 65536) if soft != resource.RLIM_INFINITY else soft
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ValueError, OSError):
        return
