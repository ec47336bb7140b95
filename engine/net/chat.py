"""A table's chat, without I/O: who may say a line now, the spectators' queue behind
the seats, the history a welcome repeats, muting the spectators.

Seated players' lines go out at once, within a budget of their own; spectators' lines
wait in a short queue for their own pace, so that a crowd of spectators can never bury
the players (nor spend their budget).  Each connection also has its own pace (its
``limiter``).  :class:`ChatRelay` decides; the host broadcasts what it relays (``say``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from engine.core import JSON
from engine.net.protocol import Code, ProtocolError, RateLimiter

__all__ = ["CHAT_HISTORY", "LOUD_SPECTATORS", "QUIET_SPECTATORS", "ChatRelay"]

CHAT_HISTORY = 50
"""Chat lines a welcome repeats (the last ones said), so that whoever joins late, or
comes back after a drop or a restart of their app, reads what was said meanwhile
(kept in memory only: a resumed table starts a new chat)."""

QUIET_SPECTATORS = (
    "The host muted the spectators' chat: you read what the players say, but cannot chat."
)
"""What a spectator is told when the host mutes them, and when one chats while muted."""
LOUD_SPECTATORS = "The host unmuted the spectators' chat: you may chat again."

Said = dict[str, JSON]
"""One chat line as relayed: ``{"from": name, "seat": int | None, "text": text}``."""


class ChatRelay:
    """See the module docstring.  ``say`` broadcasts one line (and reports it)."""

    def __init__(
        self,
        say: Callable[[Said], None],
        *,
        per_connection: tuple[float, float],
        seats: tuple[float, float],
        spectators: tuple[float, float],
        queue: int,
        quiet: bool = False,
    ) -> None:
        self._say = say
        self.per_connection = per_connection
        self._seats = RateLimiter(*seats)
        self._spectators = RateLimiter(*spectators)
        self._queue: deque[Said] = deque()
        self.queue_size = queue
        self.quiet = quiet
        """Spectators may read the chat but not write in it."""
        self.history: deque[Said] = deque(maxlen=CHAT_HISTORY)

    def limiter(self) -> RateLimiter:
        """A new connection's own pace."""
        return RateLimiter(*self.per_connection)

    def take(self, said: Said, own: RateLimiter, now: float) -> None:
        """A line from a connection whose pace is ``own``: relayed at once (a seat's),
        queued (a spectator's), or refused with :class:`ProtocolError`."""
        spectator = said["seat"] is None
        if spectator and self.quiet:
            raise ProtocolError(Code.MUTED, QUIET_SPECTATORS)
        if not own.allow(now):
            raise ProtocolError(
                Code.SLOW_DOWN,
                f"Slow down: at most {self.per_connection[0]:g} chat line a second "
                "(that one was not sent).",
            )
        if not spectator:
            if not self._seats.allow(now):
                raise ProtocolError(
                    Code.SLOW_DOWN,
                    "The table's chat is busy: wait a moment (that line was not sent).",
                )
            self._relay(said)
            return
        self.relay_due(now)
        if len(self._queue) >= self.queue_size:
            raise ProtocolError(
                Code.SLOW_DOWN,
                "The spectators' chat is busy: wait a moment (that line was not sent).",
            )
        self._queue.append(said)
        self.relay_due(now)

    def _relay(self, said: Said) -> None:
        self.history.append(said)
        self._say(said)

    def relay_due(self, now: float) -> None:
        """Relay the spectators' waiting lines their budget allows by ``now``."""
        while self._queue and self._spectators.allow(now):
            self._relay(self._queue.popleft())

    def due(self) -> float | None:
        """When the spectators' next waiting line may go (None: none waits)."""
        if not self._queue:
            return None
        return self._spectators.next_allowed()

    def mute(self, quiet: bool) -> bool:
        """Mute (or unmute) the spectators; whether that changed anything.  Muting
        drops the spectators' lines still waiting."""
        if quiet == self.quiet:
            return False
        self.quiet = quiet
        if quiet:
            self._queue.clear()
        return True
