"""The seats of one LAN table and their tokens: who sits where, and who may sit there again.

Its one job is the seats' book-keeping, for :class:`~engine.net.host.TableHost`,
which owns a :class:`Seats` and calls it.  It knows a connection only by its id
(never a socket), sends nothing and reports nothing: the host does both.

Human seats come first (``players - bots`` of them), bots fill the rest.
Before the game starts a hello takes the lowest free human seat and gets a
token (:meth:`Seats.take_free`); a player who leaves before the start frees the
seat (:meth:`Seats.free`).  From then on a seat is held for its player: a
hello with its token finds it (:meth:`Seats.by_token`) and takes it back
(:meth:`Seats.take_back`); after the away timeout a bot plays it
(:meth:`Seats.due_for_bot`, :meth:`Seats.bot_takes_over`) until its player is
back.  Tokens are kept (and saved) only as SHA-256 hashes.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from engine.core import JSON
from engine.net.protocol import name_key
from engine.session import SeatConfig

__all__ = ["BOT_NAMES", "Seat", "Seats", "hash_token"]

BOT_NAMES: tuple[str, ...] = (
    "Tom",
    "Luna",
    "Mochi",
    "Felix",
    "Nala",
    "Simba",
    "Misty",
    "Oscar",
    "Pixel",
    "Tigger",
)
"""Names the server's bots get, in seat order (skipping any a player took)."""


def hash_token(token: str) -> str:
    """What a seat keeps (and a save holds) of its token: SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class Seat:
    """One seat: a person's (``human``) or the server's bot's, all game long."""

    index: int
    human: bool
    name: str | None = None
    token_hash: str | None = None
    conn: int | None = None
    """The id of the connection that holds it (None: nobody here)."""
    away_since: float | None = None
    bot_playing: bool = False
    """A bot plays this human seat until its player is back."""

    def status(self) -> str:
        """``open`` (nobody yet), ``here``, ``away`` (seat held), ``bot`` (a bot plays it)."""
        if not self.human:
            return "bot"
        if self.name is None:
            return "open"
        if self.conn is not None:
            return "here"
        return "bot" if self.bot_playing else "away"


class Seats:
    """Every seat of one table, with the tokens that take them back."""

    def __init__(
        self,
        players: int,
        bots: int,
        *,
        bot_names: Sequence[str] = BOT_NAMES,
        name_skeleton: Callable[[str], str] = name_key,
    ) -> None:
        self._seats = [Seat(i, human=i < players - bots) for i in range(players)]
        self._bot_names = tuple(bot_names) or BOT_NAMES
        self._looks = name_skeleton

    # ------------------------------------------------------------------ reading

    def __iter__(self) -> Iterator[Seat]:
        return iter(self._seats)

    def __len__(self) -> int:
        return len(self._seats)

    def __getitem__(self, index: int) -> Seat:
        return self._seats[index]

    @property
    def humans(self) -> int:
        """How many seats are people's."""
        return sum(1 for s in self._seats if s.human)

    @property
    def waiting_for(self) -> int:
        """Player seats nobody has taken yet."""
        return sum(1 for s in self._seats if s.human and s.name is None)

    def statuses(self) -> list[tuple[str | None, str]]:
        """``(name, status)`` per seat: open, here, away, bot."""
        return [(s.name, s.status()) for s in self._seats]

    def names(self) -> list[str | None]:
        """Every seat's name (None: an open seat)."""
        return [s.name for s in self._seats]

    def present(self) -> set[int]:
        """The human seats whose player is connected."""
        return {s.index for s in self._seats if s.human and s.conn is not None}

    def lobby_json(self) -> list[JSON]:
        """The seats as a ``lobby`` message gives them."""
        return [
            {
                "seat": s.index,
                "name": s.name,
                "kind": "player" if s.human else "bot",
                "status": s.status(),
            }
            for s in self._seats
        ]

    def humans_json(self) -> list[JSON]:
        """Which seats are people's, as a save keeps it."""
        return [s.human for s in self._seats]

    def tokens_json(self) -> list[JSON]:
        """Every seat's token hash, as a save keeps it (None: no token)."""
        return [s.token_hash for s in self._seats]

    def name_clash(self, name: str, others: Iterable[str] = ()) -> str | None:
        """Why ``name`` cannot join (None: it can): a seat (held or not), or one of
        ``others`` (the spectators' names), goes by ``name`` or by one that looks
        like it (the ``name_skeleton``)."""
        key = name_key(name)
        names = [other for other in [*self.names(), *others] if other is not None]
        if any(name_key(other) == key for other in names):
            return f"Someone called {name} is already at the table: choose another name."
        looks = self._looks(name)
        for other in names:
            if self._looks(other) == looks:
                return (
                    f"{name} looks like a name already at the table: {other}. Choose another name."
                )
        return None

    # ------------------------------------------------------------------ tokens

    def by_token(self, token: str) -> Seat | None:
        """The human seat whose token this is (compared in constant time), or None."""
        wanted = hash_token(token)
        found: Seat | None = None
        for seat in self._seats:
            if (
                seat.human
                and seat.token_hash is not None
                and hmac.compare_digest(seat.token_hash, wanted)
            ):
                found = seat
        return found

    def free_seat(self) -> Seat | None:
        """The lowest human seat nobody has taken, or None."""
        return next((s for s in self._seats if s.human and s.name is None), None)

    def take_free(self, seat: Seat, name: str, conn: int) -> str:
        """``name`` on connection ``conn`` takes the free ``seat``; returns its new token
        (only its hash is kept)."""
        token = secrets.token_urlsafe(24)
        seat.name = name
        seat.token_hash = hash_token(token)
        seat.conn = conn
        seat.away_since = None
        return token

    def take_back(self, seat: Seat, conn: int) -> bool:
        """Connection ``conn`` takes ``seat`` back (by its token); returns whether a
        bot was playing it (it no longer is)."""
        seat.conn = conn
        seat.away_since = None
        was_bot, seat.bot_playing = seat.bot_playing, False
        return was_bot

    def free(self, seat: Seat) -> None:
        """Its player left before the start: the seat is open again, its token void."""
        seat.conn = None
        seat.name = None
        seat.token_hash = None

    def leave(self, seat: Seat, now: float) -> None:
        """Its player left during the game: the seat is held for them from ``now``."""
        seat.conn = None
        seat.away_since = now

    # ------------------------------------------------------------------ bots

    def away_wakeups(self, timeout: float) -> list[float]:
        """When each away seat that no bot plays yet is due for one."""
        return [
            s.away_since + timeout
            for s in self._seats
            if s.human and s.away_since is not None and not s.bot_playing
        ]

    def due_for_bot(self, now: float, timeout: float) -> list[Seat]:
        """The seats away for ``timeout`` seconds or more that no bot plays yet."""
        return [
            seat
            for seat in self._seats
            if seat.human
            and seat.conn is None
            and not seat.bot_playing
            and seat.away_since is not None
            and now - seat.away_since >= timeout
        ]

    def bot_takes_over(self, seat: Seat) -> None:
        """A bot plays ``seat`` until its player is back."""
        seat.bot_playing = True

    def bot_names(self) -> Iterator[str]:
        """Names for the bots, none the same as a player's or looking like one."""
        looks = self._looks
        taken = [s.name for s in self._seats if s.name is not None]
        used = {name.casefold() for name in taken}
        used_looks = {looks(name) for name in taken}
        i = 0
        pool = self._bot_names
        while True:
            base = pool[i % len(pool)]
            name = base if i < len(pool) else f"{base} {i // len(pool) + 1}"
            i += 1
            if name.casefold() not in used and looks(name) not in used_looks:
                used.add(name.casefold())
                used_looks.add(looks(name))
                yield name

    def start(self, bot_level: str, now: float) -> list[SeatConfig]:
        """A new game: the open seats get bot names, and away timers start ``now``;
        returns the table's seats (bots where a bot plays)."""
        names = self.bot_names()
        configs: list[SeatConfig] = []
        for seat in self._seats:
            if seat.name is None:
                seat.name = next(names)
            if not seat.human or seat.bot_playing:
                configs.append(SeatConfig(seat.name, "bot", bot_level))
            else:
                configs.append(SeatConfig(seat.name, "remote"))
            if seat.human and seat.conn is None and seat.away_since is not None:
                seat.away_since = now  # the away timer starts with the game
        return configs

    def restore(
        self, configs: Sequence[SeatConfig], hashes: Sequence[object], now: float
    ) -> int | None:
        """A resumed table's seats: names from its ``configs``, tokens from the
        save's ``hashes``; every player away since ``now`` (a bot plays where one
        did).  Returns the index of a human seat without a token hash (the save is
        damaged), else None."""
        for seat, config in zip(self._seats, configs, strict=True):
            seat.name = config.name
            if seat.human:
                token_hash = hashes[seat.index]
                if not isinstance(token_hash, str):
                    return seat.index
                seat.token_hash = token_hash
                seat.away_since = now
                seat.bot_playing = config.is_bot
        return None
