"""How a LAN table is hosted: :class:`HostConfig`, the one set of settings a
:class:`~engine.net.host.TableHost` is made with (seats, bots, timings, limits,
password, where the save goes)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import JSON
from engine.game import Game, players_text, resolve_options
from engine.net.auth import PasswordHash
from engine.net.guard import AttemptBudget
from engine.net.protocol import CHAT_RATE, MAX_LINE, RATE_BURST, RATE_PER_SECOND, name_key
from engine.net.seats import BOT_NAMES

__all__ = ["HostConfig", "default_bot_level"]


def default_bot_level(game: Game[Any]) -> str:
    """The game's ``default_bot`` (one of its ``bot_levels``)."""
    return game.default_bot


@dataclass
class HostConfig:
    """How a table is hosted.  ``players`` counts every seat, ``bots`` included."""

    players: int
    bots: int = 0
    bot_level: str | None = None
    """Level of the bots (and of the bots that stand in for away players);
    None: ``heuristic`` if the game has it."""
    seed: int | None = None
    """The first game's seed (None: a random one); each new game adds 1."""
    options: dict[str, JSON] = field(default_factory=dict)
    password: str | None = None
    """The password a hello must give (None: see ``password_hash``)."""
    password_hash: PasswordHash | None = None
    """Without ``password``: the hash a hello's password must match (a resumed
    table knows only that).  Both None: no password."""
    bind: str | None = None
    port: int | None = None
    """Where the adapter listens (it sets them once listening: the port it got
    for port 0).  Only saved, so that a resumed table listens there again."""
    window_seconds: float | None = 8.0
    bot_delay: tuple[float, float] = (0.6, 1.6)
    away_timeout: float | None = 60.0
    """Seconds a dropped player's seat waits before a bot plays it (None: never)."""
    hello_timeout: float = 5.0
    """Seconds a connection may stay without a hello (a client says it at once)."""
    max_spectators: int = 32
    max_pending: int = 32
    """Connections that have not said hello yet, at most."""
    max_connections: int = 256
    """Open connections at most, all addresses together (a new one past that is
    refused ``busy``)."""
    max_per_address: int = 8
    """Open connections at most from one source address."""
    limit_loopback: bool = False
    """Whether the per-address limits (:attr:`max_per_address`,
    :attr:`address_join_rate`) apply to this machine's own address too.  By
    default they do not: an SSH door in front of the table brings every one of its
    players from there.  The password budget always applies."""
    address_join_rate: tuple[float, float] = (1.0, 10.0)
    """Hellos a second from one source address, sustained and in a burst (a seat's
    token redial is never refused for it)."""
    password_budget: AttemptBudget | None = None
    """Wrong passwords per source address (a growing delay before each refusal,
    then a lock-out; see :class:`~engine.net.guard.AttemptBudget`); None: the host
    makes its own.  ``purrch host --ssh`` gives the SSH door the same one."""
    report_interval: float = 10.0
    """Seconds over which refused connections are counted into one console line."""
    rate: float = RATE_PER_SECOND
    burst: float = RATE_BURST
    join_rate: tuple[float, float] = (5.0, 40.0)
    """Hellos a second the whole table takes, sustained and in a burst (a table
    resumed after a crash sees every player and spectator dial at once)."""
    chat_rate: tuple[float, float] = CHAT_RATE
    """Chat lines a second from one connection, sustained and in a burst."""
    table_chat_rate: tuple[float, float] = (10.0, 20.0)
    """Chat lines a second the seated players' lines may take together, sustained and
    in a burst (spectators never spend it: :attr:`spectator_chat_rate`)."""
    spectator_chat_rate: tuple[float, float] = (2.0, 4.0)
    """Spectators' chat lines a second the table relays, all spectators together,
    sustained and in a burst.  Their lines wait in a queue of
    :attr:`spectator_chat_queue` for this pace; a seat's line never waits behind them."""
    spectator_chat_queue: int = 8
    """Spectators' lines that may wait to be relayed; past that a line is refused
    (``slow_down``)."""
    quiet_spectators: bool = False
    """Spectators may read the chat but not write in it (``muted``);
    :meth:`TableHost.set_quiet_spectators` changes it while the table runs."""
    max_line: int = MAX_LINE
    save_path: Path | None = None
    keep_finished_in: Path | None = None
    """Where each game of the table is kept once it ends, for replays
    (:attr:`engine.session.Table.keep_finished_in`); None: nowhere."""
    bot_names: tuple[str, ...] = BOT_NAMES
    name_skeleton: Callable[[str], str] = name_key
    """What a name looks like: a hello whose name has the skeleton of one at the table
    is refused.  The engine's own only folds case and compatibility forms; the app
    gives Unicode's confusables skeleton (``tui.names.name_skeleton``), so that
    Cyrillic "аlice" cannot sit beside "alice"."""

    def check(self, game: Game[Any]) -> str:
        """Check these settings against ``game``; returns the bots' level.  A
        ValueError says what is wrong, in a line for people."""
        n = self.players
        if isinstance(n, bool) or not isinstance(n, int):
            raise ValueError("the number of players must be a whole number")
        if not game.min_players <= n <= game.max_players:
            raise ValueError(f"{game.title} takes {players_text(game)}, not {n}")
        if not 0 <= self.bots < n:
            raise ValueError(
                f"--bots must leave at least one of the {n} seats to a player (0 to {n - 1})"
            )
        level = self.bot_level or default_bot_level(game)
        levels = game.bot_levels
        if level not in levels:
            raise ValueError(
                f"unknown bot level {level!r} for {game.title} (known: {', '.join(levels)})"
            )
        if self.away_timeout is not None and self.away_timeout < 0:
            raise ValueError("the away timeout must be 0 or more seconds")
        resolve_options(game, self.options)  # a ValueError names a bad option
        # The game's own bounds (a dog track of 3 to 40 squares...) are checked by its
        # set-up: one now refuses a bad option here, not when the last player joins.
        game.setup([f"Seat {i + 1}" for i in range(n)], 0, dict(self.options))
        return level
