"""A seat at a LAN table on a socket: dialling, reading lines, dialling again.

:class:`RemoteTable` is a :class:`~engine.net.remote.RemoteState` (what the seat
knows, sans-I/O) on an asyncio connection: :meth:`RemoteTable.connect` dials and
says hello, a task reads the server's lines and hands each to
:meth:`~engine.net.remote.RemoteState.handle`, and what the seat says goes out on
the socket.  Everything happens on the event loop that called
:meth:`RemoteTable.connect`; subscribers and listeners are called from it.  If the
connection drops, the table dials again with its token for ``reconnect_for``
seconds (backing off from a quarter of a second to two), and says so to its
listeners (``connection`` notices: lost, back, closed).

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
from pathlib import Path
from typing import Any

from engine.core import IllegalMove
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
from engine.net.remote import RemoteState
from engine.net.tcp import keep_alive, os_reason

__all__ = [
    "ClientConnection",
    "ConnectionClosed",
    "JoinError",
    "RemoteTable",
    "TokenStore",
    "data_dir",
    "parse_address",
    "set_default_data_dir",
]

_log = logging.getLogger(__name__)

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


class RemoteTable(RemoteState):
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
        super().__init__(send=send, games=games)
        self._conn: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._closed = False
        self._tokens: TokenStore | None = None
        self.reconnect_for = 0.0
        self._changed = asyncio.Event()

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
                        except (ConnectionError, OSError):
                            raise
                        except Exception:  # never a silent end of reading: a lost connection
                            _log.exception("could not read the server's lines")
                            break
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

    def _wake(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    def _notice(self, state: str, message: str, *, final: bool = False) -> None:
        notice: Message = {"type": "connection", "state": state, "message": message}
        if final:  # "lost" for good: "closed" follows at once (no dialling again)
            notice["final"] = True
        self._wake()
        self._call_listeners(notice)

    def _transmit(self, msg: Message) -> None:
        conn = self._conn
        if conn is None or not self.connected:
            raise IllegalMove("Not connected to the table: reconnecting...")
        conn.send_nowait(msg)
