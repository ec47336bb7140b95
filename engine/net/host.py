"""One LAN table's host, without any I/O: connections, seats, tokens, timers.

:class:`TableHost` is a state machine.  The adapter (``engine.net.server``)
tells it what happened (``connect``, ``receive(conn, bytes)``, ``disconnect``,
``tick`` when :meth:`TableHost.next_wakeup` comes) and then carries out the
actions it queued (:meth:`TableHost.take_actions`): :class:`Send` bytes to a
connection, :class:`Close` a connection once what was sent before is flushed.
Tests drive it with a fake clock and no sockets at all.

Seats
    Human seats come first, bots fill the rest; the game starts when every
    human seat is taken.  A hello with a seat's token takes it back; after
    ``away_timeout`` seconds away a bot plays it until its player is back.  The
    seats and their tokens are :class:`~engine.net.seats.Seats`' (the host owns
    one and tells everyone what changed).

Password
    A table with a password refuses a hello without it.  The save keeps only a
    salted hash of it (:class:`PasswordHash`, scrypt); a resumed table checks
    hellos against that hash, in constant time.

Order and time
    Messages are handled one at a time in arrival order: competing claims in a
    reaction window or a race are ordered by arrival.  After every message and
    every tick the table's due bot moves and window deadlines are applied
    (``Table.tick``), the table is autosaved if it changed, and every
    connection gets an ``update``.

Saving
    With ``save_path`` set, the table is autosaved after every change, before
    any update about it is sent; the file, its fsyncs and reading it back for
    :meth:`TableHost.resume` are :mod:`engine.net.lan_save`'s (see *Saving*
    there).  :meth:`TableHost.save` and the save of :meth:`TableHost.shutdown`
    are always durable.  Besides the table and the seats, the save keeps how the
    table is hosted (:data:`SETTINGS`), which :meth:`TableHost.resume` restores
    unless told otherwise.

No leaks
    A player's update carries its own seat's view, prompts and event lines
    (``Event.text_for``); a spectator's carries ``view(None)``, no prompts and
    public lines.  Nothing else is ever sent.
"""

from __future__ import annotations

import logging
import math
import secrets
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from engine import __version__
from engine.core import JSON, Event, IllegalMove
from engine.game import Game, resolve_options
from engine.net.auth import PasswordHash, TablePassword
from engine.net.chat import (
    LOUD_SPECTATORS,
    QUIET_SPECTATORS,
    ChatRelay,
)
from engine.net.config import HostConfig, default_bot_level
from engine.net.guard import (
    AttemptBudget,
    ConnectionCounter,
    JoinBudget,
    RefusalReporter,
    is_loopback,
)
from engine.net.lan_save import (
    LAN_FORMAT,
    LAN_VERSION,
    SETTINGS,
    LanSaver,
    SavedSettings,
    lan_json,
    read_lan_save,
    resumed_config,
)
from engine.net.protocol import (
    PROTOCOL_VERSION,
    Code,
    LineDecoder,
    Message,
    ProtocolError,
    RateLimiter,
    clean_chat,
    clean_name,
    encode,
    error_message,
)
from engine.net.seats import BOT_NAMES, Seat, Seats, hash_token
from engine.net.updates import Broadcast, update_line
from engine.savefile import fsync_saved, read_save, write_atomically
from engine.session import SaveError, SeatConfig, Table

__all__ = [
    "BOT_NAMES",
    "LAN_FORMAT",
    "LAN_VERSION",
    "SETTINGS",
    "Action",
    "Close",
    "HostConfig",
    "PasswordHash",
    "SavedSettings",
    "Send",
    "TableHost",
    "default_bot_level",
    "fsync_saved",
    "hash_token",
    "read_save",
    "write_atomically",
]

_log = logging.getLogger(__name__)

Reporter = Callable[[str, str], None]
"""``report(kind, text)``: what the host tells its operator.  Kinds: ``seat``
(joins, leaves, away, back), ``game`` (start, end, new game), ``move`` (a
public log line), ``chat``, ``warning``."""


@dataclass(frozen=True, slots=True)
class Send:
    """Write ``data`` (whole lines) to connection ``conn``."""

    conn: int
    data: bytes


@dataclass(frozen=True, slots=True)
class Close:
    """Close connection ``conn`` once what was sent to it is flushed."""

    conn: int


Action = Send | Close


class _Conn:
    __slots__ = (
        "ack",
        "address",
        "chat_limiter",
        "closing",
        "counted",
        "decoder",
        "game_sent",
        "held",
        "id",
        "limiter",
        "log_sent",
        "name",
        "opened",
        "private",
        "private_json",
        "role",
        "seat",
    )

    def __init__(self, conn_id: int, opened: float, config: HostConfig, address: str) -> None:
        self.id = conn_id
        self.opened = opened
        self.address = address  # the source address ("": unknown)
        self.counted: str | None = None  # the key it is counted under, if counted
        self.held: tuple[float, ProtocolError] | None = None  # refused, answered then
        self.decoder = LineDecoder(config.max_line)
        self.limiter = RateLimiter(config.rate, config.burst)
        self.chat_limiter = RateLimiter(*config.chat_rate)  # this connection's own pace
        self.role = "hello"  # then "player" or "spectator"
        self.closing = False
        self.seat: int | None = None
        self.name = ""
        self.log_sent = 0  # how many log lines of game ``game_sent`` it has
        self.game_sent = 0
        self.ack: str | int | None = None  # the id of its answer the next update confirms
        self.private: JSON = None  # the private half of the view it was last sent
        self.private_json = ""

    @property
    def listening(self) -> bool:
        return self.role != "hello" and not self.closing


class TableHost:
    """See the module docstring."""

    def __init__(
        self,
        game: Game[Any],
        config: HostConfig,
        *,
        clock: Callable[[], float] = time.monotonic,
        report: Reporter | None = None,
    ) -> None:
        level = config.check(game)  # a ValueError says what is wrong
        self.game = game
        self.config = config
        self.bot_level = level
        self.seed = secrets.randbits(32) if config.seed is None else config.seed
        self._clock = clock
        self._report = report
        self._seats = Seats(
            config.players,
            config.bots,
            bot_names=config.bot_names,
            name_skeleton=config.name_skeleton,
        )
        self._conns: dict[int, _Conn] = {}
        self._next_conn = 1
        self._out: list[Action] = []
        self._sink: Callable[[Action], None] | None = None
        self._table: Table | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self.game_number = 0
        self._again: set[int] = set()
        # Everyone's joins and chat lines go to everyone: a table-wide budget for
        # each, so that no crowd of connections can bury the players in them; joins
        # have one per source address too, so that one address cannot spend everyone's.
        self._joins = JoinBudget(config.address_join_rate, config.join_rate)
        self._open = ConnectionCounter(config.max_per_address, config.max_connections)
        self._passwords = config.password_budget or AttemptBudget(clock=clock)
        self._refusals = RefusalReporter(
            lambda line: self._report_line("warning", line),
            interval=config.report_interval,
            clock=clock,
        )
        # Seats and spectators have a budget each (spectators can never spend the
        # seats'), and spectators' lines queue for theirs: a seat's line goes first.
        self._chat = ChatRelay(
            self._say,
            per_connection=config.chat_rate,
            seats=config.table_chat_rate,
            spectators=config.spectator_chat_rate,
            queue=config.spectator_chat_queue,
            quiet=config.quiet_spectators,
        )
        self._table_dirty = False
        self._lobby_dirty = False
        self._save_dirty = False
        self._was_over = False
        self._stopping = False  # shutdown(): the host closes every connection itself
        # The file: autosaves, fsyncs.  The writer looks write_atomically up here, when
        # it writes (engine.net.host.write_atomically is the one a test replaces).
        self._saver = LanSaver(
            lambda path, text, durable: write_atomically(path, text, durable=durable),
            lambda line: self._report_line("warning", line),
        )
        self.broken: str | None = None
        """Set when the game itself failed (a bug): the table stops moving on its own."""
        self.resumed_from: Path | None = None
        """The save a resumed table came from (None: a new table)."""
        self.saved_settings: SavedSettings | None = None
        """A resumed table's settings as its save had them (None: not resumed, or
        from a save older than :data:`SETTINGS`)."""
        self.restored: frozenset[str] = frozenset()
        """The :data:`SETTINGS` a resumed table took from its save."""
        self._password = TablePassword(config)
        self._password.record()  # hashed now, not in the first autosave

    # ------------------------------------------------------------------ resuming

    @classmethod
    def resume(
        cls,
        path: str | Path,
        config: HostConfig | None = None,
        *,
        overrides: Collection[str] = (),
        clock: Callable[[], float] = time.monotonic,
        report: Reporter | None = None,
        games: Mapping[str, Game[Any]] | None = None,
    ) -> TableHost:
        """A host for the LAN table saved at ``path``, with the same seats and tokens.

        The save gives the game, the seats, the bot level, the seed, the options
        and the window and bot timings; ``config`` gives the limits.  The table's
        settings (:data:`SETTINGS`: ``bind``, ``port``, ``away_timeout``,
        ``password``) come from the save too, except those named in
        ``overrides``, which ``config`` gives (``password`` is then
        ``config.password`` or ``config.password_hash``, None for none); a save
        older than them (LAN version 1) leaves all of them to ``config``.
        :attr:`saved_settings` and :attr:`restored` tell what the save had and
        what was taken from it.  Every player starts away; a hello with the
        seat's token takes it back.  ``games`` maps ids to games (default: the
        registry).  Raises :class:`SaveError` with a one-line message.
        """
        unknown = set(overrides) - set(SETTINGS)
        if unknown:
            raise ValueError(f"not table settings: {', '.join(sorted(unknown))}")
        path = Path(path)
        saved = read_lan_save(path, clock=clock, games=games)
        table, humans = saved.table, saved.humans
        merged, restored = resumed_config(saved, config, overrides, path)
        # Seats are validated as if new (the bots fill the last seats).
        if humans != sorted(humans, reverse=True):
            raise SaveError("damaged LAN save: bots must sit after the players")
        try:
            host = cls(table.game, merged, clock=clock, report=report)
        except ValueError as exc:
            raise SaveError(f"damaged LAN save: {exc}") from None
        missing = host._seats.restore(table.seats, saved.hashes, clock())
        if missing is not None:
            raise SaveError(f"damaged LAN save: no token for seat {missing + 1}")
        host.resumed_from = path
        host.saved_settings = saved.settings
        host.restored = restored
        host.game_number = number = saved.game_number
        host._attach(table)
        host._was_over = table.is_over
        over = (
            " It is over: another starts when every player asks for one." if table.is_over else ""
        )
        host._report_line("game", f"Resumed game {number} of {table.game.title} from {path}.{over}")
        return host

    # ------------------------------------------------------------------ reading

    @property
    def table(self) -> Table | None:
        """The table of the game in progress (None until every player is here)."""
        return self._table

    @property
    def clock(self) -> Callable[[], float]:
        """The clock every time here is read from (the table's too)."""
        return self._clock

    @property
    def started(self) -> bool:
        return self._table is not None

    @property
    def has_password(self) -> bool:
        """Whether a hello needs a password (``config.password`` or its hash)."""
        return self._password.required

    @property
    def humans(self) -> int:
        return self._seats.humans

    @property
    def waiting_for(self) -> int:
        """Player seats nobody has taken yet."""
        return self._seats.waiting_for

    def seat_statuses(self) -> list[tuple[str | None, str]]:
        """``(name, status)`` per seat: open, here, away, bot."""
        return self._seats.statuses()

    @property
    def connections(self) -> int:
        return len(self._conns)

    def take_actions(self) -> list[Action]:
        """What to do now, in order; the queue is emptied."""
        out, self._out = self._out, []
        return out

    def set_sink(self, sink: Callable[[Action], None] | None) -> None:
        """Hand every action to ``sink`` as soon as it is decided, instead of queueing
        it for :meth:`take_actions` (same actions, same order: the asyncio server
        uses it so that the first update is on the wire before the next is built)."""
        self._sink = sink
        if sink is not None:
            for action in self.take_actions():
                sink(action)

    def _emit(self, action: Action) -> None:
        if self._sink is not None:
            self._sink(action)
        else:
            self._out.append(action)

    def next_wakeup(self) -> float | None:
        """The clock time at which :meth:`tick` next has something to do."""
        times: list[float] = []
        table = self._table
        if table is not None and not table.is_over and self.broken is None:
            due = table.next_due()
            if due is not None:
                times.append(due)
            timeout = self.config.away_timeout
            if timeout is not None:
                times += self._seats.away_wakeups(timeout)
        times += [
            c.opened + self.config.hello_timeout if c.held is None else c.held[0]
            for c in self._conns.values()
            if c.role == "hello" and not c.closing
        ]
        chat = self._chat.due()
        if chat is not None:
            times.append(chat)
        report = self._refusals.due()
        if report is not None:
            times.append(report)
        return min(times) if times else None

    # ------------------------------------------------------------------ events in

    def connect(self, address: str | None = None) -> int:
        """A new connection from ``address`` (its source IP address; None: unknown);
        returns its id.

        Past :attr:`HostConfig.max_connections` open connections, or
        :attr:`HostConfig.max_per_address` from its address, the new one is refused
        (fatal ``busy``).  When more than ``max_pending`` connections wait to say
        hello, the one that has waited longest is closed (fatal ``busy``), not the
        new one: a client says hello as soon as it connects, so idle sockets held
        open by someone cannot lock the players out."""
        conn = _Conn(self._next_conn, self._clock(), self.config, address or "")
        self._next_conn += 1
        self._conns[conn.id] = conn
        key = self._address_key(conn)
        refused = self._open.acquire(key)
        if refused is not None:
            self._refusals.refused(refused, conn.address)
            whence = "your address" if refused.endswith("one address") else "everyone"
            self._fatal_queued(
                conn,
                f"Too many connections from {whence} are open: try again in a moment.",
            )
            return conn.id
        conn.counted = key or ""
        pending = [
            c
            for c in self._conns.values()
            if c.role == "hello" and not c.closing and c.held is None
        ]
        if len(pending) > self.config.max_pending:
            oldest = min(pending, key=lambda c: (c.opened, c.id))
            self._refusals.refused("too many connections waiting for a hello", oldest.address)
            text = (
                "Too many connections are waiting to join: this one waited longest "
                "without a hello, and is closed."
            )
            if oldest is conn:  # only with max_pending 0: queued, the caller learns its id first
                self._fatal_queued(conn, text)
            else:
                self._fatal(oldest, Code.BUSY, text)
        return conn.id

    def note_refusal(self, kind: str, address: str) -> None:
        """Count a refusal the adapter made itself (``accept`` failed...) into the
        console's aggregated lines."""
        self._refusals.refused(kind, address)

    def _address_key(self, conn: _Conn) -> str | None:
        """What ``conn`` counts under for the per-address limits (None: exempt)."""
        if not conn.address or (not self.config.limit_loopback and is_loopback(conn.address)):
            return None
        return conn.address

    def _fatal_queued(self, conn: _Conn, text: str) -> None:
        """Refuse a connection that :meth:`connect` is making (fatal ``busy``): the
        actions wait in the queue even with a sink, so that the caller learns the
        connection's id before they are carried out."""
        sink, self._sink = self._sink, None
        try:
            self._fatal(conn, Code.BUSY, text)
        finally:
            self._sink = sink

    def receive(self, conn_id: int, data: bytes, *, settle: bool = True) -> None:
        """Bytes from a connection: every complete line is handled, in order.

        ``settle=False`` (an adapter that has other connections' bytes in hand):
        what the lines change is applied, and replies that concern only this
        connection (errors, pong) go out, but the save and the updates wait for
        :meth:`settle`, which the adapter calls once it has handed over every
        connection's bytes of the moment.  Answers that arrive together then take
        one save and one update each for everyone, not one per answer; nothing
        is ever sent that the save does not hold yet.
        """
        conn = self._conns.get(conn_id)
        if conn is None or conn.closing or conn.held is not None:
            return  # a refused hello's connection is answered later: its bytes are dropped
        for item in conn.decoder.feed(data, partial(self._admit, conn)):
            if conn.closing or conn.held is not None:
                break
            if isinstance(item, ProtocolError):
                self._send(conn, item.to_message())
                if item.fatal:
                    self._close(conn)
                continue
            self._handle_safely(conn, item)
            if settle:
                self._settle()
        if settle:
            self._settle()

    def settle(self) -> None:
        """Apply what is due, save, and send every update (after
        ``receive(..., settle=False)``)."""
        self._settle()

    def _admit(self, conn: _Conn) -> ProtocolError | None:
        """Count one line of ``conn`` (blank ones too) against its rate limit."""
        if conn.limiter.allow(self._clock()):
            return None
        return ProtocolError(
            Code.FLOOD,
            f"More than {self.config.rate:g} messages a second: closing the connection.",
            fatal=True,
        )

    def disconnect(self, conn_id: int) -> None:
        """The connection is gone (closed by either side, or dropped)."""
        conn = self._conns.pop(conn_id, None)
        if conn is None:
            return
        if conn.counted is not None:
            self._open.release(conn.counted or None)
        if conn.role == "spectator":
            self._lobby_dirty = True
            if not self._stopping:
                self._report_line("seat", f"{conn.name} stopped watching.")
        elif conn.role == "player" and conn.seat is not None:
            seat = self._seats[conn.seat]
            if seat.conn == conn.id:
                self._lobby_dirty = True
                if self._table is None:
                    if not self._stopping:
                        self._report_line(
                            "seat",
                            f"Seat {seat.index + 1}: {seat.name} left; the seat is free again.",
                        )
                    self._seats.free(seat)
                else:
                    self._seats.leave(seat, self._clock())
                    self._save_dirty = True
                    if not self._stopping:  # not news: the host closed every connection
                        self._report_line(
                            "seat", f"{seat.name} is away; the seat is held.{self._away_hint()}"
                        )
                    self._maybe_new_game()
        self._settle()

    def tick(self) -> None:
        """Apply what fell due: bot moves, window deadlines, away timeouts, hello timeouts."""
        now = self._clock()
        self._refusals.flush()
        for conn in list(self._conns.values()):
            if conn.held is not None and not conn.closing:
                if now >= conn.held[0]:
                    error = conn.held[1]
                    conn.held = None
                    self._send(conn, error.to_message())
                    self._close(conn)
                continue
            if (
                conn.role == "hello"
                and not conn.closing
                and now - conn.opened >= self.config.hello_timeout
            ):
                self._refusals.refused("no hello in time", conn.address)
                self._fatal(
                    conn,
                    Code.TIMEOUT,
                    f"No hello within {self.config.hello_timeout:g} seconds: "
                    "closing the connection.",
                )
        table = self._table
        timeout = self.config.away_timeout
        if table is not None and not table.is_over and timeout is not None:
            for seat in self._seats.due_for_bot(now, timeout):
                self._bot_takes_over(seat)
        self._chat.relay_due(now)
        self._settle()

    def shutdown(self, reason: str = "The host stopped the table.") -> None:
        """Tell everyone the server is closing and close every connection; save.

        The save is durable (fsync), and so is every autosave from then on
        (:attr:`defer_fsync` is turned off): a clean stop leaves nothing to sync.
        """
        self.defer_fsync = False
        self._stopping = True
        code = Code.CLOSING
        if self._table is None:  # nothing saved: no table to come back to (QA)
            code = Code.CLOSED
            reason = (
                f"{reason.rstrip('.')} before the game started: there is no game to come back to."
            )
        for conn in list(self._conns.values()):
            if not conn.closing:
                conn.held = None
                self._fatal(conn, code, reason)
        self._refusals.flush(force=True)
        if self._table is not None:
            self._save_dirty = True
        self._settle()

    # ------------------------------------------------------------------ handling

    def _handle_safely(self, conn: _Conn, msg: Message) -> None:
        ref = msg.get("id") if msg["type"] in ("answer", "ping") else None
        try:
            self._handle(conn, msg)
        except ProtocolError as exc:
            self._send(conn, exc.to_message(ref))
            if exc.fatal:
                self._close(conn)
        except Exception as exc:  # nothing a client sends may stop the table
            _log.exception("error while handling a %r message", msg["type"])
            self._send(
                conn,
                error_message(
                    Code.INTERNAL,
                    f"The server could not handle that ({type(exc).__name__}); "
                    "nothing changed.  Please tell the host.",
                    re=ref,
                ),
            )

    def _handle(self, conn: _Conn, msg: Message) -> None:
        mtype = msg["type"]
        if mtype == "ping":
            pong: Message = {"type": "pong"}
            if "id" in msg:
                pong["id"] = msg["id"]
            self._send(conn, pong)
            return
        if mtype == "hello":
            self._hello(conn, msg)
            return
        if conn.role == "hello":
            raise ProtocolError(
                Code.HELLO_FIRST, f"Say hello first: join the table before sending {mtype!r}."
            )
        if mtype == "answer":
            self._answer(conn, msg)
        elif mtype == "chat":
            self._take_chat(conn, clean_chat(msg["text"]))
        elif mtype == "again":
            self._vote_again(conn)

    # ------------------------------------------------------------------ chat

    def _take_chat(self, conn: _Conn, text: str) -> None:
        """A chat line from ``conn``: a seat's is relayed at once (its own budget); a
        spectator's waits in the spectators' queue for their pace, behind no seat's."""
        said: dict[str, JSON] = {"from": conn.name, "seat": conn.seat, "text": text}
        self._chat.take(said, conn.chat_limiter, self._clock())

    def _say(self, said: dict[str, JSON]) -> None:
        line: Message = {"type": "chat", **said}
        for other in self._listeners():
            self._send(other, line)
        who = said["from"] if said["seat"] is not None else f"{said['from']} (watching)"
        self._report_line("chat", f"{who}: {said['text']}")

    def set_quiet_spectators(self, quiet: bool) -> None:
        """Mute (or unmute) the spectators' chat; every spectator is told.  Muting
        drops the spectators' lines still waiting."""
        if not self._chat.mute(quiet):
            return
        self.config.quiet_spectators = quiet
        text = QUIET_SPECTATORS if quiet else LOUD_SPECTATORS
        for conn in self._listeners():
            if conn.seat is None:
                self._send(conn, {"type": "notice", "text": text})
        self._report_line(
            "seat", "Spectators' chat muted." if quiet else "Spectators may chat again."
        )

    def _hello(self, conn: _Conn, msg: Message) -> None:
        if conn.role != "hello":
            raise ProtocolError(Code.ALREADY_JOINED, f"You already joined, as {conn.name}.")
        token = str(msg.get("token") or "")
        redial = self._seats.by_token(token) if token else None
        # A seat's own token comes back whatever strangers' hellos spent of the budget
        # (QA: 12-20 hellos a second made a player's redials fail with busy).
        if redial is None:
            self._count_join(conn)
        version = msg["protocol"]
        if version != PROTOCOL_VERSION:
            raise ProtocolError(
                Code.PROTOCOL,
                f"This server speaks protocol {PROTOCOL_VERSION}, not {version}: "
                "use the same Purrch version as the host.",
                fatal=True,
            )
        if self.has_password:
            given = msg.get("password")
            if given is None:
                raise ProtocolError(
                    Code.PASSWORD, "This table needs a password (--password).", fatal=True
                )
            self._check_password(conn, given)
            if conn.held is not None:
                return
        name = clean_name(msg["name"])
        if msg.get("spectate"):
            self._join_spectator(conn, name)
            return
        if redial is not None:
            self._take_back(conn, redial, token)
            return
        self._take_free_seat(conn, name)

    def _count_join(self, conn: _Conn) -> None:
        """Count a stranger's hello against its address's budget and the table's;
        ``busy`` (fatal) once either is spent."""
        spent = self._joins.spend(self._address_key(conn), self._clock())
        if spent == "address":
            self._refusals.refused("too many joins from one address", conn.address)
            raise ProtocolError(
                Code.BUSY,
                "Too many joins from your address at once: try again in a moment.",
                fatal=True,
            )
        if spent == "table":
            self._refusals.refused("too many joins at once", conn.address)
            raise ProtocolError(
                Code.BUSY,
                "Too many people are joining at once: try again in a moment.",
                fatal=True,
            )

    def _check_password(self, conn: _Conn, given: str) -> None:
        """A hello's password, against the address's budget of wrong ones.

        An address that spent its budget is refused without a check.  A wrong
        password is answered after the delay the budget gives (growing with each
        failure): the connection is held meanwhile and its bytes dropped, so that
        guessing costs time, on fresh connections as well as on one."""
        budget, address = self._passwords, conn.address
        if not budget.allowed(address):
            self._refusals.refused("locked out after wrong passwords", address)
            minutes = max(1, math.ceil(budget.locked_for(address) / 60))
            raise ProtocolError(
                Code.PASSWORD,
                f"Too many wrong passwords from your address: try again in "
                f"{minutes} minute{'s' if minutes != 1 else ''}.",
                fatal=True,
            )
        if self._password.matches(given):
            budget.success(address)
            return
        delay = budget.failure(address)
        self._refusals.refused("wrong password", address)
        error = ProtocolError(Code.PASSWORD, "Wrong password.", fatal=True)
        if delay <= 0:
            raise error
        conn.held = (self._clock() + delay, error)

    def _check_name_free(self, name: str, *, spectators: bool = True) -> None:
        """A ``name`` error if a seat (held or not), or else a spectator (unless not
        ``spectators``), goes by ``name`` or by one that looks like it
        (``config.name_skeleton``).

        A spectator's name is not checked against the other spectators': one whose
        connection dropped comes back under the same name, maybe before the host
        saw the old connection go, and nothing but the name tells it apart.
        """
        watching = [c.name for c in self._conns.values() if c.role == "spectator"]
        clash = self._seats.name_clash(name, watching if spectators else ())
        if clash is not None:
            raise ProtocolError(Code.NAME, clash)

    def _join_spectator(self, conn: _Conn, name: str) -> None:
        watching = sum(1 for c in self._conns.values() if c.role == "spectator")
        if watching >= self.config.max_spectators:
            raise ProtocolError(
                Code.FULL,
                f"Too many spectators already ({self.config.max_spectators}).",
                fatal=True,
            )
        self._check_name_free(name, spectators=False)
        conn.role = "spectator"
        conn.name = name
        self._send(conn, self._welcome(None, None))
        if self.config.quiet_spectators:
            self._send(conn, {"type": "notice", "text": QUIET_SPECTATORS})
        if self._table is not None:
            self._send_update(conn)
        self._lobby_dirty = True
        self._report_line("seat", f"{name} is watching.")

    def _take_free_seat(self, conn: _Conn, name: str) -> None:
        n = len(self._seats)
        if self._table is not None:
            raise ProtocolError(
                Code.FULL,
                "The game has started and every seat is taken: join as a spectator to watch. "
                "(A player who left takes their seat back by joining again under the same "
                "name, from the same computer.)",
                fatal=True,
            )
        seat = self._seats.free_seat()
        if seat is None:
            raise ProtocolError(
                Code.FULL,
                f"The table is full (all {n} seats are taken): join as a spectator to watch.",
                fatal=True,
            )
        self._check_name_free(name)
        token = self._seats.take_free(seat, name, conn.id)
        conn.role = "player"
        conn.seat = seat.index
        conn.name = name
        self._send(conn, self._welcome(seat.index, token))
        self._lobby_dirty = True
        joined = self.humans - self.waiting_for
        count = f" ({joined} of {self.humans} players)" if self.humans > 1 else ""
        self._report_line("seat", f"Seat {seat.index + 1}: {name} joined{count}.")
        if self.waiting_for == 0:
            self._start_game()

    def _take_back(self, conn: _Conn, seat: Seat, token: str) -> None:
        if seat.conn is not None and seat.conn != conn.id:
            old = self._conns.get(seat.conn)
            if old is not None:
                old.seat = None
                self._fatal(
                    old,
                    Code.REPLACED,
                    "Someone took your seat back with its token (you, from another window?): "
                    "this connection is closed.",
                )
        was_bot = self._seats.take_back(seat, conn.id)
        conn.role = "player"
        conn.seat = seat.index
        conn.name = seat.name or ""
        if was_bot and self._table is not None:
            self._table.replace_seat(seat.index, SeatConfig(conn.name, "remote"))
            self._report_line("seat", f"{conn.name} is back: the bot hands the seat back.")
        else:
            self._report_line("seat", f"{conn.name} is back.")
        self._send(conn, self._welcome(seat.index, token))
        if self._table is not None:
            conn.game_sent = 0  # the whole log again
            self._send_update(conn)
        self._lobby_dirty = True
        self._save_dirty = True

    def _answer(self, conn: _Conn, msg: Message) -> None:
        if conn.role != "player" or conn.seat is None:
            raise ProtocolError(Code.SPECTATOR, "Spectators watch: they cannot answer.")
        table = self._table
        if table is None:
            raise ProtocolError(
                Code.NOT_STARTED,
                f"The game has not started yet: waiting for {self.waiting_for} more "
                f"player{'s' if self.waiting_for != 1 else ''}.",
            )
        try:
            table.answer(conn.seat, msg["prompt"], msg["option"])
        except IllegalMove as exc:
            raise ProtocolError(Code.ILLEGAL, str(exc)) from None
        if "id" in msg:
            conn.ack = msg["id"]

    def _vote_again(self, conn: _Conn) -> None:
        if conn.role != "player" or conn.seat is None:
            raise ProtocolError(
                Code.SPECTATOR, "Spectators watch: the players choose to play again."
            )
        table = self._table
        if table is None or not table.is_over:
            raise ProtocolError(
                Code.NOT_OVER, "The game is still on: another game can start once it is over."
            )
        if conn.seat not in self._again:
            self._again.add(conn.seat)
            self._lobby_dirty = True
            self._report_line("game", f"{conn.name} wants another game.")
        self._maybe_new_game()

    def _maybe_new_game(self) -> None:
        table = self._table
        if table is None or not table.is_over or not self._again:
            return
        present = self._seats.present()
        if present and present <= self._again:
            self.seed += 1
            self._again.clear()
            self._start_game()

    # ------------------------------------------------------------------ the game

    def _start_game(self) -> None:
        configs = self._seats.start(self.bot_level, self._clock())
        table = Table(
            self.game,
            configs,
            seed=self.seed,
            options=self.config.options,
            window_seconds=self.config.window_seconds,
            bot_delay=self.config.bot_delay,
            clock=self._clock,
        )
        self.game_number += 1
        self._attach(table)
        self._was_over = False
        self._report_line(
            "game",
            f"Game {self.game_number} of {self.game.title} starts "
            f"({', '.join(c.name for c in configs)}; seed {self.seed}).",
        )

    def _attach(self, table: Table) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._table = table
        if table.keep_finished_in is None:
            table.keep_finished_in = self.config.keep_finished_in
        self._unsubscribe = table.subscribe(self._on_table)
        self._table_dirty = True
        self._lobby_dirty = True
        self._save_dirty = True
        self.broken = None

    def _on_table(self, events: list[Event]) -> None:
        self._table_dirty = True
        self._save_dirty = True
        for event in events:
            self._report_line("move", event.text)

    def _bot_takes_over(self, seat: Seat) -> None:
        assert self._table is not None and seat.name is not None
        self._seats.bot_takes_over(seat)
        self._table.replace_seat(seat.index, SeatConfig(seat.name, "bot", self.bot_level))
        self._lobby_dirty = True
        self._report_line("seat", f"A bot plays for {seat.name} until {seat.name} is back.")

    def _away_hint(self) -> str:
        timeout = self.config.away_timeout
        table = self._table
        if timeout is None or table is None or table.is_over:
            return ""
        return f" A bot takes it over after {timeout:g} s."

    def _settle(self) -> None:
        """After a change: apply what is due, save, and tell everyone."""
        table = self._table
        if table is not None and not table.is_over and self.broken is None:
            try:
                table.tick()
            except Exception as exc:  # a bug in a game or a bot: stop, do not spin
                _log.exception("the table failed to move on")
                self.broken = f"{type(exc).__name__}: {exc}"
                self._report_line("warning", f"The game failed ({self.broken}).")
        if table is not None and table.is_over and not self._was_over:
            self._was_over = True
            self._lobby_dirty = True
            self._report_line("game", self._outcome_text(table))
        if self._save_dirty:
            self._save_dirty = False
            self._save()
        if self._lobby_dirty:
            self._lobby_dirty = False
            lobby = {"type": "lobby", **self._lobby_body()}
            data = encode(lobby)
            for conn in self._listeners():
                self._emit(Send(conn.id, data))
        if self._table_dirty:
            self._table_dirty = False
            # Whoever waits for its answer's update gets it first.
            listeners = sorted(self._listeners(), key=lambda c: c.ack is None)
            if table is not None:
                log = table.log
                shared = Broadcast(table)
                for conn in listeners:
                    self._send_update(conn, log, shared)

    def _outcome_text(self, table: Table) -> str:
        outcome = table.outcome()
        assert outcome is not None
        names = [s.name for s in table.seats]
        reason = outcome.reason.rstrip(".")  # "(... lowest total, 17)." not "17.)."
        if outcome.winners:
            who = " and ".join(names[w] for w in outcome.winners)
            text = f"Game {self.game_number} is over: {who} won ({reason})."
        else:
            text = f"Game {self.game_number} is over: a draw ({reason})."
        return text + " Another game starts when every player here asks for one."

    # ------------------------------------------------------------------ messages out

    def _listeners(self) -> list[_Conn]:
        return [c for c in self._conns.values() if c.listening]

    def _lobby_body(self) -> dict[str, JSON]:
        table = self._table
        return {
            "started": table is not None,
            "over": table is not None and table.is_over,
            "game_number": self.game_number,
            "seats": self._seats.lobby_json(),
            "spectators": sum(1 for c in self._conns.values() if c.role == "spectator"),
            "waiting_for": self.waiting_for,
            "again": sorted(self._again),
        }

    def _welcome(self, seat: int | None, token: str | None) -> Message:
        return {
            "type": "welcome",
            "protocol": PROTOCOL_VERSION,
            "server": f"purrch {__version__}",
            "seat": seat,
            "token": token,
            "game": self.game.id,
            "title": self.game.title,
            "options": resolve_options(self.game, self.config.options),
            "players": len(self._seats),
            "window_seconds": self.config.window_seconds,
            "chat": list(self._chat.history),
            **self._lobby_body(),
        }

    def _send_update(
        self, conn: _Conn, log: list[Event] | None = None, shared: Broadcast | None = None
    ) -> None:
        """Send ``conn`` its update: its seat's view and prompts, the log lines it lacks.

        The message is written out by hand around JSON-encoded parts so that the
        public half of the view, the same for everyone, is built and encoded once
        per broadcast (``shared``) instead of once per connection.
        """
        table = self._table
        assert table is not None
        if conn.closing:
            return
        seat = conn.seat if conn.role == "player" else None
        if conn.game_sent != self.game_number:
            conn.game_sent = self.game_number
            conn.log_sent = 0
        if log is None:
            log = table.log
        if shared is None:
            shared = Broadcast(table)
        first = min(conn.log_sent, len(log))
        ack, conn.ack = conn.ack, None
        data = update_line(
            shared, conn, seat, game_number=self.game_number, log=log, first=first, ack=ack
        )
        conn.log_sent = len(log)
        self._emit(Send(conn.id, data))

    def _send(self, conn: _Conn, msg: Message) -> None:
        if not conn.closing:
            self._emit(Send(conn.id, encode(msg)))

    def _close(self, conn: _Conn) -> None:
        if not conn.closing:
            conn.closing = True
            self._emit(Close(conn.id))

    def _fatal(self, conn: _Conn, code: str, message: str) -> None:
        self._send(conn, error_message(code, message, fatal=True))
        self._close(conn)

    def _report_line(self, kind: str, text: str) -> None:
        if self._report is not None:
            try:
                self._report(kind, text)
            except Exception:  # the operator's console must not stop the table
                _log.exception("the host's reporter failed")

    # ------------------------------------------------------------------ saving

    def lan_json(self) -> dict[str, JSON]:
        """The part of a save only the LAN host needs (:func:`~engine.net.lan_save.lan_json`)."""
        return lan_json(
            self._seats,
            game_number=self.game_number,
            bot_level=self.bot_level,
            config=self.config,
            password=self._password.record(),
        )

    def save(self, path: str | Path) -> None:
        """Write the table and the seats' tokens to ``path`` atomically and durably:
        a temporary file, fsync, rename over ``path``, fsync of the folder."""
        self._saver.save(Path(path), self._save_text())

    def _save_text(self) -> str:
        table = self._table
        if table is None:
            raise SaveError("nothing to save before the game starts")
        return table.to_json_text({"lan": self.lan_json()})

    def _save(self) -> None:
        """The autosave: see *Saving* in :mod:`engine.net.lan_save`."""
        path = self.config.save_path
        if path is None or self._table is None:
            return
        self._saver.autosave(path if isinstance(path, Path) else Path(path), self._save_text)

    @property
    def save_error(self) -> str | None:
        """The last autosave failure (None when the last autosave worked)."""
        return self._saver.error

    @property
    def defer_fsync(self) -> bool:
        """Set by an adapter that fsyncs autosaves itself, later
        (:attr:`LanSaver.defer_fsync <engine.net.lan_save.LanSaver.defer_fsync>`)."""
        return self._saver.defer_fsync

    @defer_fsync.setter
    def defer_fsync(self, defer: bool) -> None:
        self._saver.defer_fsync = defer

    @property
    def fsync_pending(self) -> bool:
        """Whether an autosave waits for its fsync (see :meth:`take_fsync`)."""
        return self._saver.fsync_pending

    def take_fsync(self) -> Path | None:
        """The save file to fsync now (None: nothing is due); see
        :meth:`LanSaver.take_fsync <engine.net.lan_save.LanSaver.take_fsync>`."""
        return self._saver.take_fsync()

    def fsync_done(self, path: Path, error: BaseException | None = None) -> None:
        """The fsync of :meth:`take_fsync`'s ``path`` ended (``error``: it failed)."""
        self._saver.fsync_done(path, error)
