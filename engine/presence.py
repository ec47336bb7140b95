"""Who is where at a table, as the screen playing it sees it: part of the table
interface (:class:`engine.session.TableLike`), so that a screen never asks what kind
of table it plays.  A hot-seat table's presence is :data:`LOCAL`: everyone sits at
this screen, nobody is away, nothing can be cut off."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LOCAL", "Presence"]


@dataclass(frozen=True, slots=True)
class Presence:
    seat: int | None = None
    """This screen's own seat at a LAN table (None: a hot-seat table, whose seats
    take turns at the screen, or a spectator)."""
    spectating: bool = False
    """This screen watches a LAN table without a seat."""
    away: frozenset[int] = frozenset()
    """Seats whose player dropped (held for them, or played by a bot meanwhile)."""
    connected: bool = True
    """False while a LAN table's connection is down."""
    reconnect_deadline: float | None = None
    """While cut off and dialling again: the monotonic time it gives up at."""
    lost_reason: str = ""
    """Why the connection went (the host's words, or the network's)."""
    seat_key: str | None = None
    """What names this seat at this table across sessions ("host:port/token"), for
    what a player set at their seat (the memory aid); None: a local table, a spectator."""


LOCAL = Presence()
"""A hot-seat table's presence."""
