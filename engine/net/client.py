"""The LAN client: :class:`RemoteTable` (a table over the network) and friends.

:class:`RemoteTable` offers the surface a UI uses on an
:class:`engine.session.Table` (:class:`engine.session.TableLike`), so the same
game screen plays hot-seat or over the LAN:

* ``view(seat)``, ``prompts()``, ``prompts_for(seat)``, ``log``, ``outcome()``...
  read the last ``update`` the server sent (only this seat's, see PROTOCOL.md);
* ``answer(...)`` checks what it can locally (an ``IllegalMove`` at once), sends,
  hides the answered prompt and returns ``[]``: the result arrives as an
  ``update`` (subscribers are called), a refusal as an ``error`` (the prompt
  comes back, subscribers are called, listeners get the error);
* ``tick()`` and ``next_due()`` do nothing: the server keeps time.

Everything happens on the event loop that called :meth:`RemoteTable.connect`;
subscribers and listeners are called from it.  If the connection drops, the
table dials again with its token for ``reconnect_for`` seconds.

:class:`ClientConnection` is the raw line-level client (tests, the benchmark).
:class:`TokenStore` remembers each seat's token per host and name in a small
JSON file in the data folder, so that joining again takes the seat back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import tempfile
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from engine.core import JSON, Event, IllegalMove, Outcome, Prompt
from engine.game import Game
from engine.net import DEFAULT_PORT
from engine.net.protocol import (
    MAX_SERVER_LINE,
    PROTOCOL_VERSION,
    Code,
    LineDecoder,
    Message,
    ProtocolError,
    encode,
    parse_server_line,
)
from engine.net.tcp import keep_alive, os_reason
from engine.presence import Presence
from engine.session import SeatConfig, Subscriber, TableLike

__all__ = [
    "ClientConnection",
    "ConnectionClosed",
    "JoinError",
    "LobbyInfo",
    "RemoteTable",
    "SeatInfo",
    "TokenStore",
    "data_dir",
    "parse_address",
    "set_default_data_dir",
]

_log = logging.getLogger(__name__)

Listener = Callable[[Message], None]
"""Called with every server message, and with local ``{"type": "connection",
"state": "lost" | "back" | "closed", "message": str}`` notices (never on the wire); a
"lost" that will not be dialled again has ``"final": true`` ("closed" follows at once)."""

# Refusals that dialling again cannot fix.
_FINAL_CODES = frozenset(
    {Code.PASSWORD, Code.FULL, Code.PROTOCOL, Code.REPLACED, Code.NAME, Code.CLOSED}
)


_default_data_dir: Path | None = None


def set_default_data_dir(path: Path | None) -> None:
    """The folder :func:`data_dir` gives when $PURRCH_HOME is not set (the app
    passes the platform's user data folder; the engine cannot import platformdirs)."""
    global _default_data_dir
    _default_data_dir = path


def data_dir() -> Path:
    """Where Purrch keeps its files: $PURRCH_HOME, else the folder the app set
    (:func:`set_default_data_dir`), else the XDG data folder."""
    home = os.environ.get("PURRCH_HOME")
    if home:
        return Path(home)
    if _default_data_dir is not None:
        return _default_data_dir
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "purrch"


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``host``, ``host:port``, ``[v6]:port`` into (host, port); ValueError if not."""
    text = text.strip()
    if not text:
        raise ValueError("no address given")
    host, port_text = text, None
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError(f"{text!r}: an IPv6 address needs its closing ']'")
        host, rest = text[1:end], text[end + 1 :]
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"{text!r} is not HOST:PORT")
            port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    if not host:
        raise ValueError(f"{text!r} has no host")
    if port_text is None:
        return host, default_port
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"{port_text!r} is not a port (1 to 65535)")
    return host, int(port_text)


class ConnectionClosed(ConnectionError):
    """The server closed the connection."""


class JoinError(Exception):
    """Joining failed: no connection, or the server refused the hello.

    ``code`` is the server's error code, or ``"connect"`` when the server could
    not be reached.  ``str(error)`` is one line for people.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# ---------------------------------------------------------------------- tokens


class TokenStore:
    """Seat tokens per (host, port, player name) in a small JSON file (mode 0600)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else data_dir() / "lan-tokens.json"

    @staticmethod
    def key(host: str, port: int, name: str) -> str:
        return f"{host.lower()}:{port}/{' '.join(name.split()).casefold()}"

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, data: dict[str, Any]) -> None:
        path = self.path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        except OSError as exc:
            _log.warning("cannot remember the seat token in %s: %s", path, exc)
            return
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, indent=1, sort_keys=True)
            os.chmod(tmp, 0o600)
            os.replace(tmp, path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            _log.warning("cannot remember the seat token in %s: %s", path, exc)

    def get(self, host: str, port: int, name: str) -> str | None:
        entry = self._read().get(self.key(host, port, name))
        token = entry.get("token") if isinstance(entry, dict) else None
        return token if isinstance(token, str) else None

    def put(self, host: str, port: int, name: str, token: str) -> None:
        data = self._read()
        data[self.key(host, port, name)] = {"token": token, "saved": int(time.time())}
        self._write(data)

    def forget(self, host: str, port: int, name: str) -> None:
        data = self._read()
        if data.pop(self.key(host, port, name), None) is not None:
            self._write(data)


# ---------------------------------------------------------------------- raw connection


class ClientConnection:
    """One connection to a server, line by line: ``send`` messages, ``recv`` them."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        max_line: int = MAX_SERVER_LINE,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.decoder = LineDecoder(max_line, parse_server_line)
        self._queue: deque[Message | ProtocolError] = deque()
        self.eof = False

    @classmethod
    async def open(
        cls, host: str, port: int, *, timeout: float | None = 10.0, max_line: int = MAX_SERVER_LINE
    ) -> ClientConnection:
        """Connect (OSError / TimeoutError if the server cannot be reached)."""
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection(host, port, limit=max_line)
        keep_alive(writer.get_extra_info("socket"))  # a host gone silent is noticed
        return cls(reader, writer, max_line=max_line)

    def send_nowait(self, msg: Message) -> None:
        self.writer.write(encode(msg))

    async def send(self, msg: Message) -> None:
        self.writer.write(encode(msg))
        await self.writer.drain()

    async def send_raw(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def recv(self, timeout: float | None = None) -> Message:
        """The next message.  Raises :class:`ConnectionClosed` at the end, the
        line's :class:`ProtocolError` for a malformed one, TimeoutError."""
        async with asyncio.timeout(timeout):
            while not self._queue:
                if self.eof:
                    raise ConnectionClosed("the server closed the connection")
                data = await self.reader.read(256 * 1024)
                if not data:
                    self.eof = True
                    continue
                self._queue.extend(self.decoder.feed(data))
        item = self._queue.popleft()
        if isinstance(item, ProtocolError):
            raise item
        return item

    async def recv_type(self, *types: str, timeout: float | None = 10.0) -> Message:
        """The next message of one of ``types``, skipping others."""
        async with asyncio.timeout(timeout):
            while True:
                msg = await self.recv()
                if msg["type"] in types:
                    return msg

    async def hello(
        self,
        name: str,
        *,
        token: str | None = None,
        spectate: bool = False,
        password: str | None = None,
        timeout: float | None = 10.0,
    ) -> Message:
        """Say hello; the ``welcome``, or :class:`JoinError` with the server's reason."""
        msg: Message = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": name}
        if token is not None:
            msg["token"] = token
        if spectate:
            msg["spectate"] = True
        if password is not None:
            msg["password"] = password
        await self.send(msg)
        try:
            reply = await self.recv_type("welcome", "error", timeout=timeout)
        except ConnectionClosed:
            raise JoinError("connect", "The server closed the connection.") from None
        if reply["type"] == "error":
            raise JoinError(reply["code"], reply["message"])
        return reply

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(OSError, ConnectionError, asyncio.TimeoutError):
            async with asyncio.timeout(2.0):
                await self.writer.wait_closed()

    def abort(self) -> None:
        self.writer.transport.abort()


# ---------------------------------------------------------------------- the remote table


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the lobby shows it."""

    seat: int
    name: str | None
    kind: str
    """``player`` (a person's seat) or ``bot`` (the server's bot, all game long)."""
    status: str
    """``open`` (nobody yet), ``here``, ``away`` (seat held), ``bot`` (a bot plays it)."""


@dataclass(frozen=True, slots=True)
class LobbyInfo:
    """Who is at the table: the ``lobby`` part of ``welcome`` and ``lobby`` messages."""

    started: bool = False
    over: bool = False
    game_number: int = 0
    seats: tuple[SeatInfo, ...] = ()
    spectators: int = 0
    waiting_for: int = 0
    again: tuple[int, ...] = ()

    @classmethod
    def from_message(cls, msg: Message) -> LobbyInfo:
        seats = tuple(
            SeatInfo(
                seat=int(s["seat"]),
                name=None if s.get("name") is None else str(s["name"]),
                kind=str(s["kind"]),
                status=str(s["status"]),
            )
            for s in msg["seats"]
        )
        return cls(
            started=bool(msg["started"]),
            over=bool(msg["over"]),
            game_number=int(msg["game_number"]),
            seats=seats,
            spectators=int(msg["spectators"]),
            waiting_for=int(msg["waiting_for"]),
            again=tuple(int(x) for x in msg["again"]),
        )


def event_from_json(data: Any, seat: int | None) -> Event:
    """A log line from an update: its secret (if any) belongs to ``seat``."""
    text = str(data["text"])
    kind = str(data.get("kind", "info"))
    secret = data.get("secret")
    if secret is None or seat is None:
        return Event(text, (), kind)
    return Event(text, ((seat, str(secret)),), kind)


class RemoteTable:
    """A table hosted by a LAN server.  See the module docstring.

    Build one with ``await RemoteTable.connect(host, port, name=...)``; tests may
    build it bare and feed it server messages with :meth:`handle`.
    """

    def __init__(
        self,
        *,
        send: Callable[[Message], None] | None = None,
        games: Mapping[str, Game[Any]] | None = None,
    ) -> None:
        self._send_hook = send
        self._games = games
        self._conn: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._closed = False
        self.connected = False
        self.host = ""
        self.port = 0
        self.name = ""
        self.spectating = False
        self._password: str | None = None
        self._tokens: TokenStore | None = None
        self.reconnect_for = 0.0
        self.reconnect_deadline: float | None = None
        """While the connection is down and being dialled again: when that stops
        (``time.monotonic()``).  None otherwise."""
        self.lost_reason = ""
        """Why the connection went down last ("The host stopped the table.")."""
        # From the welcome.
        self._seat: int | None = None
        self.token: str | None = None
        self.game_id = ""
        self.title = ""
        self._options: dict[str, JSON] = {}
        self.players = 0
        self._window_seconds: float | None = None
        self.server_version = ""
        self.lobby = LobbyInfo()
        # From updates.
        self.game_number = 0
        self._view: dict[str, JSON] | None = None
        self._prompts: list[Prompt] = []
        self._log: list[Event] = []
        self._outcome: Outcome | None = None
        self._deadline: float | None = None
        self._pending: dict[int, str] = {}  # answer id -> prompt id, until ack or error
        self._next_id = 1
        self.last_answer_id = 0
        """The ``id`` of the last answer sent (its update carries it as ``ack``)."""
        self.last_ack: int | None = None
        """The ``ack`` of the last update (None if it acknowledged no answer of ours)."""
        # Others.
        self.chat: deque[ChatLine] = deque(maxlen=200)
        """Recent chat lines: (from, seat or None, text)."""
        self.last_error: str | None = None
        self._subscribers: list[Subscriber] = []
        self._listeners: list[Listener] = []
        self._changed = asyncio.Event()
        self.deliver: Callable[[Callable[[], None]], Any] | None = None
        """How subscribers and listeners are called: None, at once (from the task
        that reads the socket); a UI that must run them on its own task sets it
        (Textual: ``app.call_later``)."""

    # ------------------------------------------------------------------ connecting

    @classmethod
    async def connect(
        cls,
        host: str,
        port: int = DEFAULT_PORT,
        *,
        name: str,
        spectate: bool = False,
        password: str | None = None,
        token: str | None = None,
        remember: bool = True,
        token_file: str | Path | None = None,
        reconnect_for: float = 120.0,
        timeout: float = 10.0,
        games: Mapping[str, Game[Any]] | None = None,
    ) -> RemoteTable:
        """Join the table at ``host``:``port``; :class:`JoinError` if that fails.

        Without ``token`` the one remembered for this host and name (if any) is
        tried.  ``remember`` keeps the seat's token in ``token_file`` (default:
        ``lan-tokens.json`` in the data folder).  After a drop, the table dials
        again for ``reconnect_for`` seconds (0: never).
        """
        table = cls(games=games)
        table.host, table.port, table.name = host, port, name
        table.spectating = spectate
        table._password = password
        table.reconnect_for = reconnect_for
        table._tokens = TokenStore(token_file) if remember else None
        if token is None and table._tokens is not None and not spectate:
            token = table._tokens.get(host, port, name)
        await table._dial(token, timeout)
        table._reader = asyncio.get_running_loop().create_task(table._read_loop())
        return table

    async def _dial(self, token: str | None, timeout: float = 10.0) -> None:
        try:
            conn = await ClientConnection.open(self.host, self.port, timeout=timeout)
        except OSError as exc:  # TimeoutError too
            reason = "timed out" if isinstance(exc, TimeoutError) else os_reason(exc)
            raise JoinError("connect", f"Cannot reach {self.host}:{self.port}: {reason}.") from None
        try:
            welcome = await conn.hello(
                self.name,
                token=token,
                spectate=self.spectating,
                password=self._password,
                timeout=timeout,
            )
            game_id = welcome["game"]
            if self._game_for(game_id) is None:
                raise JoinError(
                    "game",
                    f"The host plays {welcome['title']!r} ({game_id}), which this Purrch "
                    "does not know: use the host's version of Purrch.",
                )
        except (OSError, TimeoutError, ProtocolError) as exc:
            await conn.close()
            raise JoinError("connect", f"The server did not welcome us ({exc}).") from None
        except JoinError:
            await conn.close()
            raise
        self._conn = conn
        self.connected = True
        self.handle(welcome)
        if self._tokens is not None and self.token is not None:
            self._tokens.put(self.host, self.port, self.name, self.token)

    def _game_for(self, game_id: str) -> Game[Any] | None:
        if self._games is not None:
            return self._games.get(game_id)
        from engine.games import REGISTRY

        return REGISTRY.get(game_id)

    async def _read_loop(self) -> None:
        while not self._closed:
            conn = self._conn
            reason = "The connection to the host was lost."
            final = False
            if conn is not None:
                try:
                    while True:
                        try:
                            msg = await conn.recv()
                        except ProtocolError as exc:
                            _log.warning("bad line from the server: %s", exc)
                            if exc.fatal:
                                break
                            continue
                        self.handle(msg)
                        if msg["type"] == "error" and msg.get("fatal"):
                            reason = str(msg["message"])
                            final = msg["code"] in _FINAL_CODES
                except (ConnectionError, OSError):
                    pass
                await conn.close()
            self._conn = None
            self.connected = False
            if self._closed:
                return
            self.lost_reason = reason
            redial = not final and self.reconnect_for > 0
            if redial:
                self.reconnect_deadline = time.monotonic() + self.reconnect_for
            self._notice("lost", reason, final=not redial)
            try:
                back = redial and await self._redial()
            finally:
                self.reconnect_deadline = None
            if not back:
                self._closed = True
                self._notice("closed", reason)
                return
            self._notice("back", f"Back at the table on {self.host}:{self.port}.")

    async def _redial(self) -> bool:
        deadline = self.reconnect_deadline or time.monotonic() + self.reconnect_for
        delay = 0.25
        while not self._closed and time.monotonic() < deadline:
            try:
                await self._dial(self.token, timeout=min(10.0, self.reconnect_for))
                return True
            except JoinError as exc:
                if exc.code in _FINAL_CODES or exc.code == "game":
                    self.last_error = exc.message
                    return False
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)
        return False

    async def close(self) -> None:
        """Leave the table (the seat stays held for us until the host's timeout)."""
        self._closed = True
        conn, self._conn = self._conn, None
        if conn is not None:
            await conn.close()
        reader, self._reader = self._reader, None
        if reader is not None and reader is not asyncio.current_task():
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader
        self.connected = False

    async def wait_started(self, timeout: float | None = None) -> None:
        """Wait for the first update of a game (every player is here)."""
        await self.wait_for(lambda: self._view is not None, timeout)

    async def wait_for(self, condition: Callable[[], bool], timeout: float | None = None) -> None:
        """Wait until ``condition()`` holds (checked after every message); TimeoutError."""
        async with asyncio.timeout(timeout):
            while not condition():
                if self._closed:
                    raise ConnectionClosed(self.last_error or "the table is closed")
                event = self._changed
                await event.wait()

    # ------------------------------------------------------------------ messages in

    def handle(self, msg: Message) -> None:
        """Take in one server message (sans-I/O: tests call this directly)."""
        try:
            self._handle(msg)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            _log.warning("ignored a malformed %r message from the server: %s", msg.get("type"), exc)
            return
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()
        self._call_listeners(msg)

    def _call_listeners(self, msg: Message) -> None:
        for listener in list(self._listeners):
            self._run(partial(listener, msg))

    def _run(self, callback: Callable[[], None]) -> None:
        if self.deliver is not None:
            self.deliver(callback)
            return
        try:
            callback()
        except Exception:  # a broken subscriber must not stop the connection
            _log.exception("a RemoteTable subscriber failed")

    def _handle(self, msg: Message) -> None:
        mtype = msg["type"]
        if mtype == "update":
            self._on_update(msg)
        elif mtype == "lobby":
            self.lobby = LobbyInfo.from_message(msg)
            if self._view is not None:
                self._notify([])
        elif mtype == "welcome":
            lobby = LobbyInfo.from_message(msg)
            seat = msg["seat"]
            self._seat = None if seat is None else int(seat)
            self.token = msg["token"]
            self.game_id = str(msg["game"])
            self.title = str(msg["title"])
            self._options = dict(msg["options"])
            self.players = int(msg["players"])
            window = msg["window_seconds"]
            self._window_seconds = None if window is None else float(window)
            self.server_version = str(msg.get("server", ""))
            self.lobby = lobby
            self._pending.clear()
            self._catch_up_chat(msg.get("chat") or [])
        elif mtype == "error":
            self.last_error = str(msg["message"])
            ref = msg.get("re")
            if isinstance(ref, int) and self._pending.pop(ref, None) is not None:
                self._notify([])  # the refused answer's prompt is open again
        elif mtype == "chat":
            self.chat.append(_chat_line(msg))

    def _catch_up_chat(self, said: list[Any]) -> None:
        """Add the lines of a welcome's chat (the host's last ones) that this table
        does not have yet: all of them on joining; on coming back, those after the
        last line heard here (the longest run of the host's lines that ends this
        table's chat is what it has already)."""
        lines: list[ChatLine] = []
        for m in said:
            try:
                lines.append(_chat_line(m))
            except (KeyError, TypeError, ValueError):
                continue  # a malformed line costs that line, not the welcome
        have = list(self.chat)
        start = 0
        for end in range(len(lines), 0, -1):
            run = min(end, len(have))
            if run and lines[end - run : end] == have[len(have) - run :]:
                start = end
                break
        self.chat.extend(lines[start:])

    def _on_update(self, msg: Message) -> None:
        number = int(msg["game_number"])
        seat = self._seat
        prompts = [Prompt.from_json(p) for p in msg["prompts"]]
        events = [event_from_json(e, seat) for e in msg["events"]]
        view = msg["view"]
        if not isinstance(view, dict):
            raise TypeError("the view is not an object")
        outcome = msg.get("outcome")
        window = msg.get("window")
        first = int(msg["first"])
        if number != self.game_number:
            self.game_number = number
            self._log = []
            self._pending.clear()
        self._log = self._log[:first] + events
        self._view = view
        self._prompts = prompts
        self._outcome = None if outcome is None else Outcome.from_json(outcome)
        self._deadline = None if window is None else time.monotonic() + float(window)
        ack = msg.get("ack")
        self.last_ack = ack if isinstance(ack, int) else None
        if self.last_ack is not None:
            self._pending.pop(self.last_ack, None)
        self._notify(events)

    def _notify(self, events: list[Event]) -> None:
        for callback in list(self._subscribers):
            self._run(partial(callback, list(events)))

    def _notice(self, state: str, message: str, *, final: bool = False) -> None:
        notice: Message = {"type": "connection", "state": state, "message": message}
        if final:  # "lost" for good: "closed" follows at once (no dialling again)
            notice["final"] = True
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()
        self._call_listeners(notice)

    # ------------------------------------------------------------------ messages out

    def _send(self, msg: Message) -> None:
        if self._send_hook is not None:
            self._send_hook(msg)
            return
        conn = self._conn
        if conn is None or not self.connected:
            raise IllegalMove("Not connected to the table: reconnecting...")
        conn.send_nowait(msg)

    def send_chat(self, text: str) -> None:
        """Say something to everyone at the table (and the spectators)."""
        self._send({"type": "chat", "text": text})

    def request_new_game(self) -> None:
        """Ask for another game with the same seats, once this one is over.

        It starts when every player still connected asked (watch ``game_number``).
        """
        self._send({"type": "again"})

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(message)`` for every server message; returns an unsubscribe."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._listeners.remove(listener)

        return unsubscribe

    @property
    def password_given(self) -> bool:
        """Whether this table was joined with a password (joining it again takes it too)."""
        return self._password is not None

    # ------------------------------------------------------------------ the Table surface

    @property
    def seat(self) -> int | None:
        """This client's seat (None: a spectator)."""
        return self._seat

    @property
    def started(self) -> bool:
        """True once the first update of a game arrived."""
        return self._view is not None

    @property
    def game(self) -> Game[Any]:
        game = self._game_for(self.game_id)
        if game is None:
            raise ValueError(f"unknown game {self.game_id!r}")
        return game

    @property
    def options(self) -> dict[str, JSON]:
        return dict(self._options)

    @property
    def n_seats(self) -> int:
        return self.players

    @property
    def seats(self) -> list[SeatConfig]:
        """Every seat: ``human`` for this client's, ``bot`` where a bot plays, else ``remote``."""
        out: list[SeatConfig] = []
        for info in self.lobby.seats:
            name = info.name or f"Seat {info.seat + 1}"
            if info.seat == self._seat:
                out.append(SeatConfig(name, "human"))
            elif info.status == "bot":
                out.append(SeatConfig(name, "bot"))
            else:
                out.append(SeatConfig(name, "remote"))
        return out

    @property
    def presence(self) -> Presence:
        """This client's seat (or watching), who is away, the connection's state."""
        key = None
        if self.token is not None and self._seat is not None:
            key = f"{self.host}:{self.port}/{self.token}"
        return Presence(
            seat=self._seat,
            spectating=self.spectating,
            away=self.away_seats,
            connected=self.connected,
            reconnect_deadline=self.reconnect_deadline,
            lost_reason=self.lost_reason,
            seat_key=key,
        )

    @property
    def away_seats(self) -> frozenset[int]:
        """Seats whose player dropped (held for them, or played by a bot meanwhile)."""
        return frozenset(
            s.seat for s in self.lobby.seats if s.kind == "player" and s.status in ("away", "bot")
        )

    @property
    def window_seconds(self) -> float | None:
        return self._window_seconds

    @window_seconds.setter
    def window_seconds(self, seconds: float | None) -> None:
        """The server keeps the windows' time: setting it here changes nothing."""

    def restart_countdowns(self) -> None:
        """The server keeps the windows' time: a pause here changes nothing there."""

    @property
    def autosave_path(self) -> Path | None:
        """The host saves the game, not the client."""
        return None

    @property
    def autosave_error(self) -> str | None:
        return None

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def view(self, seat: int | None) -> dict[str, JSON]:
        """This seat's view as last sent; any other seat (or None) gets no private part."""
        view = self._view
        if view is None:
            raise RuntimeError("the game has not started yet (see wait_started)")
        if seat is not None and seat == self._seat:
            return view
        if "private" in view:
            return {**view, "private": {}}
        return view

    def prompts(self) -> list[Prompt]:
        """This seat's open prompts (an answered one is hidden until the server replies)."""
        pending = set(self._pending.values())
        return [p for p in self._prompts if p.id not in pending]

    def prompts_for(self, seat: int) -> list[Prompt]:
        return self.prompts() if seat == self._seat and seat is not None else []

    def humans_waiting(self) -> list[int]:
        return [self._seat] if self._seat is not None and self.prompts() else []

    @property
    def log(self) -> list[Event]:
        """The log as this seat may read it (its own secrets only)."""
        return list(self._log)

    def log_for(self, seat: int | None) -> list[str]:
        return [e.text_for(seat) for e in self._log]

    def answer(self, seat: int, prompt_id: str, option_id: str) -> list[Event]:
        """Send an answer; ``[]`` at once (the result comes as an update).

        Raises :class:`IllegalMove` for what can be checked here: not this
        client's seat, a prompt that is not open, an option not offered, no
        connection.
        """
        if self._seat is None:
            raise IllegalMove("Spectators watch: they cannot answer.")
        if seat != self._seat:
            raise IllegalMove("You can only answer for your own seat.")
        prompt = next((p for p in self.prompts() if p.id == prompt_id), None)
        if prompt is None:
            raise IllegalMove("That decision is not open (any more).")
        if not prompt.accepts(option_id):
            raise IllegalMove(f"{option_id!r} is not one of the choices for this decision.")
        answer_id = self.last_answer_id = self._next_id
        self._next_id += 1
        self._send({"type": "answer", "prompt": prompt_id, "option": option_id, "id": answer_id})
        self._pending[answer_id] = prompt_id
        return []

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(new_events)`` after every update; returns an unsubscribe."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._subscribers.remove(callback)

        return unsubscribe

    def tick(self, now: float | None = None) -> list[Event]:
        """Nothing to do: the server applies bot moves and window deadlines."""
        return []

    def next_due(self) -> float | None:
        return None

    def window_remaining(self, now: float | None = None) -> float | None:
        """Seconds left of the open reaction window, as the server last said."""
        if self._deadline is None:
            return None
        now = time.monotonic() if now is None else now
        return max(0.0, self._deadline - now)

    def deadline(self, prompt_id: str, seat: int | None = None) -> float | None:
        """When this seat's window prompt ``prompt_id`` closes (local monotonic clock)."""
        if any(p.id == prompt_id and p.pass_option is not None for p in self._prompts):
            return self._deadline
        return None


ChatLine = tuple[str, int | None, str]
"""A chat line as a table keeps it: (from, seat or None, text)."""


def _chat_line(msg: Mapping[str, Any]) -> ChatLine:
    """The line of a ``chat`` message (or of a welcome's ``chat``); KeyError,
    TypeError or ValueError if it is malformed."""
    seat = msg["seat"]
    return (str(msg["from"]), None if seat is None else int(seat), str(msg["text"]))


def _is_table_like(table: RemoteTable) -> TableLike:
    """(mypy checks here that a RemoteTable offers everything a UI needs.)"""
    return table
