"""Admission guard shared by the TCP host and the SSH door (standard library only).

Three small pieces, each with an injectable clock so tests never sleep:

- ``AttemptBudget``: wrong-password budget per source address, with a delay
  that doubles per failure (capped), and a lock-out once the budget is spent;
  it forgets an address after ``window`` seconds without failures.
- ``ConnectionCounter``: open connections per address and in total.
- ``JoinBudget``: hellos a second per source address and for the whole table.
- ``RefusalReporter``: writes the first refusal of a kind at once, then one
  line per kind per interval ("Refused (wrong password): 12 more from 2
  addresses in the last 10 s").
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.net.protocol import RateLimiter

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
    max_addresses: int = 4096
    """Addresses remembered at most: past that the oldest are forgotten first."""
    _seen: dict[str, _Failures] = field(default_factory=dict)

    def _forget_some(self) -> None:
        now = self.clock()
        for address, entry in list(self._seen.items()):
            if now - entry.last >= self.window:
                del self._seen[address]
        while len(self._seen) >= self.max_addresses:  # dicts keep insertion order
            del self._seen[next(iter(self._seen))]

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
            if len(self._seen) >= self.max_addresses:
                self._forget_some()
            entry = self._seen[address] = _Failures()
        entry.count += 1
        entry.last = self.clock()
        return float(min(self.max_delay, self.base_delay * 2.0 ** (entry.count - 1)))

    def locked_for(self, address: str) -> float:
        """Seconds until the address may try again (0: it may now)."""
        entry = self._entry(address)
        if entry is None or entry.count < self.per_address:
            return 0.0
        return max(0.0, entry.last + self.window - self.clock())

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

    def acquire(self, address: str | None) -> str | None:
        """Count a new connection; return None, or the refusal kind.  ``address``
        None: counted in the total only (an address exempt from the per-address cap)."""
        if self._total >= self.total:
            return "too many connections"
        if address is not None:
            if self._open.get(address, 0) >= self.per_address:
                return "too many connections from one address"
            self._open[address] = self._open.get(address, 0) + 1
        self._total += 1
        return None

    def release(self, address: str | None) -> None:
        """One connection counted by ``acquire(address)`` closed."""
        if address is None:
            self._total = max(0, self._total - 1)
            return
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
class _Window:
    since: float
    count: int = 0
    addresses: set[str] = field(default_factory=set)


MAX_NAMED_ADDRESSES = 1000
"""Addresses a reporter remembers per kind and interval (more only count)."""


@dataclass
class RefusalReporter:
    """Aggregates refusals, so that a flood reads as a few lines.

    The first refusal of a kind is written at once, with its address; the ones
    that follow within ``interval`` seconds are counted and written as one line
    when the interval is over (:meth:`flush`, which an adapter calls when
    :meth:`due` says).  A quiet interval writes nothing.
    """

    write: Callable[[str], None]
    interval: float = 10.0
    clock: Clock = time.monotonic
    _windows: dict[str, _Window] = field(default_factory=dict)

    def refused(self, kind: str, address: str) -> None:
        """Count one refusal of ``kind`` (a short phrase: "wrong password")."""
        self.flush()
        window = self._windows.get(kind)
        if window is None:
            self._windows[kind] = _Window(self.clock())
            self.write(f"Refused ({kind}): {address or 'an unknown address'}")
            return
        window.count += 1
        if len(window.addresses) < MAX_NAMED_ADDRESSES:
            window.addresses.add(address)

    def due(self) -> float | None:
        """When :meth:`flush` has a line to write (None: nothing is pending)."""
        times = [w.since + self.interval for w in self._windows.values() if w.count]
        return min(times) if times else None

    def flush(self, force: bool = False) -> None:
        """Write the counts of the intervals that are over (all of them: ``force``)."""
        now = self.clock()
        for kind, window in list(self._windows.items()):
            if not force and now - window.since < self.interval:
                continue
            del self._windows[kind]
            if not window.count:
                continue
            span = max(1, round(now - window.since))
            if len(window.addresses) == 1:
                (only,) = window.addresses
                whence = only or "an unknown address"
            else:
                more = "+" if len(window.addresses) >= MAX_NAMED_ADDRESSES else ""
                whence = f"{len(window.addresses)}{more} addresses"
            self.write(f"Refused ({kind}): {window.count} more from {whence} in the last {span} s")


def is_loopback(address: str) -> bool:
    """Whether ``address`` (an IP address as text) is this machine's loopback."""
    try:
        return ipaddress.ip_address(address.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


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


class JoinBudget:
    """Hellos a second from each source address and from everyone together (each a
    :class:`~engine.net.protocol.RateLimiter`: sustained and in a burst).  It keeps at
    most 4096 addresses, forgetting the oldest 1024 past that."""

    def __init__(self, per_address: tuple[float, float], total: tuple[float, float]) -> None:
        self._per_address = per_address
        self._addresses: dict[str, RateLimiter] = {}
        self._total = RateLimiter(*total)

    def spend(self, key: str | None, now: float) -> str | None:
        """Count one hello from address ``key`` (None: exempt from the per-address
        budget) at ``now``; which budget is spent: ``"address"``, ``"table"`` (the
        hello is refused), or None."""
        if key is not None:
            limiter = self._addresses.get(key)
            if limiter is None:
                if len(self._addresses) >= 4096:  # forget the oldest addresses
                    for old in list(self._addresses)[:1024]:
                        del self._addresses[old]
                limiter = self._addresses[key] = RateLimiter(*self._per_address)
            if not limiter.allow(now):
                return "address"
        if not self._total.allow(now):
            return "table"
        return None
