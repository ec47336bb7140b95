"""The table server: a :class:`~engine.net.host.TableHost` on asyncio streams.

The host decides everything; this adapter only moves bytes and keeps time:

* one task per connection reads chunks and hands them to ``host.receive``
  without settling; the host settles (saves, sends the updates) on the loop's
  next turn, once every connection readable at that moment has been read, so
  answers that arrive together take one save and one round of updates;
* the host's actions are carried out at once: ``Send`` is a non-blocking
  ``writer.write`` (never awaited: a slow reader cannot stall the table) and a
  connection whose unsent bytes pass ``max_send_buffer`` is dropped; ``Close``
  sends what is buffered then ends our side (``write_eof``), and reads and drops
  whatever the peer still sends until it closes too, or aborts after
  ``close_grace`` seconds: closing a socket that has unread bytes would send the
  peer a reset, which can destroy the error line that says why, still on its
  way;
* each connection's source address goes to the host, which caps connections per
  address and in total (:meth:`TableHost.connect`); ``accept`` failing for want
  of file descriptors is counted into the host's console lines, not printed with
  a traceback each time, and :meth:`TableServer.start` first raises the soft
  open-files limit to the hard one;
* one timer wakes the host at :meth:`TableHost.next_wakeup` (bot moves, window
  deadlines, away and hello timeouts);
* the autosave's fsync runs off the event loop (:attr:`TableHost.defer_fsync`):
  the host writes and renames the save before it sends the updates (enough
  against the process being killed), and once the updates are written the
  server fsyncs the file and its folder in the loop's default executor, one
  fsync at a time and at most one every ``FSYNC_INTERVAL`` seconds (2): saves
  made meanwhile get a single fsync after it.  While an fsync runs, ext4 makes
  the next autosave's rename wait for it (several milliseconds here), so fsyncing
  after every answer would put that wait on the answer path; a power cut can
  therefore lose up to the last two seconds of moves, a killed process nothing.
  :meth:`TableServer.close` saves and fsyncs before it returns.

Everything runs on one event loop, so messages are handled in arrival order.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.game import Game
from engine.net import DEFAULT_PORT
from engine.net.config import HostConfig
from engine.net.guard import raise_open_files_limit
from engine.net.host import Close, Reporter, Send, TableHost
from engine.net.tcp import keep_alive
from engine.savefile import SaveLock, fsync_saved

__all__ = ["DEFAULT_SEND_BUFFER", "FSYNC_INTERVAL", "TableServer"]

FSYNC_INTERVAL = 2.0
"""Seconds between the starts of two background fsyncs of a table's autosave."""

DEFAULT_SEND_BUFFER = 1024 * 1024
"""Bytes waiting to be sent to one client before it counts as too slow and is dropped."""

_log = logging.getLogger(__name__)

_ACCEPT_ERRORS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
"""What ``accept`` fails with when the process or the system runs out of resources."""


class TableServer:
    """Serves one :class:`TableHost` over TCP.  See the module docstring.

    ::

        server = TableServer.new("pigeons", HostConfig(players=3, bots=1))
        await server.start("127.0.0.1", 0)
        print(server.port)
        await server.serve_forever()      # until close()
    """

    def __init__(
        self,
        host: TableHost,
        *,
        max_send_buffer: int = DEFAULT_SEND_BUFFER,
        close_grace: float = 5.0,
        read_size: int = 64 * 1024,
    ) -> None:
        self.host = host
        self.max_send_buffer = max_send_buffer
        self.close_grace = close_grace
        self.read_size = read_size
        self._clock: Callable[[], float] = host.clock
        self._server: asyncio.Server | None = None
        self._writers: dict[int, asyncio.StreamWriter] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._timer: asyncio.TimerHandle | None = None
        self._timer_when: float | None = None
        self._closed = asyncio.Event()
        self._fsync: asyncio.Future[None] | None = None
        self._fsync_timer: asyncio.TimerHandle | None = None
        self._fsync_started = -math.inf
        self._settle_due = False
        self._handler_set = False
        self.fsync_interval = FSYNC_INTERVAL
        """Seconds between the starts of two background fsyncs (see the module docstring)."""
        host.set_sink(self._act)
        host.defer_fsync = True
        self.dropped = 0
        """Connections dropped for reading too slowly, so far."""
        self.save_lock: SaveLock | None = None
        """The held lock of the table's save (see :class:`~engine.savefile.SaveLock`),
        if whoever started the server took one: released once :meth:`close` has made
        the last save."""

    @classmethod
    def new(
        cls,
        game: Game[Any] | str,
        config: HostConfig,
        *,
        report: Reporter | None = None,
        resume: str | Path | None = None,
        **options: Any,
    ) -> TableServer:
        """A server for a new table of ``game`` (or the one saved at ``resume``)."""
        if resume is not None:
            return cls(TableHost.resume(resume, config, report=report), **options)
        if isinstance(game, str):
            from engine.games import get_game

            game = get_game(game)
        return cls(TableHost(game, config, report=report), **options)

    # ------------------------------------------------------------------ lifecycle

    async def start(self, bind: str = "0.0.0.0", port: int = DEFAULT_PORT) -> None:
        """Listen on ``bind``:``port`` (port 0: any free port, see :attr:`port`).  The
        host's config keeps where (saved with the table, so that a resumed table
        listens there again)."""
        raise_open_files_limit()
        loop = asyncio.get_running_loop()
        if loop.get_exception_handler() is None:
            loop.set_exception_handler(self._loop_exception)
            self._handler_set = True
        self._server = await asyncio.start_server(
            self._serve_client, host=bind, port=port, reuse_address=True
        )
        self.host.config.bind, self.host.config.port = bind, self.port
        self._reschedule()

    @property
    def addresses(self) -> list[tuple[str, int]]:
        """(address, port) of every listening socket."""
        if self._server is None:
            return []
        return [
            (str(sock.getsockname()[0]), int(sock.getsockname()[1]))
            for sock in self._server.sockets
        ]

    @property
    def port(self) -> int:
        addresses = self.addresses
        if not addresses:
            raise RuntimeError("the server is not listening")
        return addresses[0][1]

    async def serve_forever(self) -> None:
        """Wait until :meth:`close` (from another task or a signal handler)."""
        await self._closed.wait()

    async def close(self, reason: str = "The host stopped the table.") -> None:
        """Stop listening, tell every client why, save, and close every connection.

        The save is durable when this returns (fsync'ed, see
        :meth:`TableHost.shutdown`), and so is any autosave made meanwhile.
        """
        if self._closed.is_set():
            return
        self._closed.set()
        if self._server is not None:
            self._server.close()
        self.host.shutdown(reason)
        self._run_actions()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._tasks:
            # Give the goodbye lines a moment to leave, then cut what is left.
            _done, pending = await asyncio.wait(set(self._tasks), timeout=1.0)
            for writer in list(self._writers.values()):
                writer.transport.abort()
            if pending:
                await asyncio.wait(pending, timeout=1.0)
        if self._fsync_timer is not None:
            self._fsync_timer.cancel()
            self._fsync_timer = None
        if self._fsync is not None:  # one still running: let it end (and report)
            await asyncio.wait([self._fsync])
        self._fsync_now()  # if the shutdown's save failed, an older one may be due
        lock, self.save_lock = self.save_lock, None
        if lock is not None:
            lock.release()
        if self._server is not None:
            await self._server.wait_closed()
        if self._handler_set:
            asyncio.get_running_loop().set_exception_handler(None)
            self._handler_set = False

    def _loop_exception(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The event loop's errors: a refused ``accept`` (out of file descriptors or
        memory, under a flood of connections) is counted into the host's aggregated
        console lines rather than printed with a traceback each time; asyncio tries
        accepting again a moment later by itself."""
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in _ACCEPT_ERRORS:
            self.host.note_refusal("out of file descriptors", "")
            self._reschedule()  # the count's console line falls due later
            return
        loop.default_exception_handler(context)

    async def __aenter__(self) -> TableServer:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ connections

    async def _serve_client(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        if self._closed.is_set():
            writer.transport.abort()
            return
        keep_alive(writer.get_extra_info("socket"))  # a silent drop is noticed too
        peer = writer.get_extra_info("peername")
        conn = self.host.connect(str(peer[0]) if isinstance(peer, tuple) and peer else None)
        self._writers[conn] = writer
        try:
            self._run_actions()
            while conn in self._writers:
                data = await reader.read(self.read_size)
                if not data:
                    break
                try:
                    self.host.receive(conn, data, settle=False)
                except Exception:  # a bug in the host: drop this client, keep the table
                    _log.exception("the host failed on input from connection %d", conn)
                    self._drop(conn)
                self._settle_soon()
        except (ConnectionError, OSError):
            pass
        finally:
            writer = self._writers.pop(conn, writer)
            if not writer.transport.is_closing():
                writer.transport.abort()
            self.host.disconnect(conn)
            self._run_actions()
            if task is not None:
                self._tasks.discard(task)

    def _settle_soon(self) -> None:
        """Settle the host once every connection readable now has been read (the
        loop's next turn): answers that came in together share one save and one
        round of updates, so the last of them does not wait behind the others'."""
        if not self._settle_due:
            self._settle_due = True
            asyncio.get_running_loop().call_soon(self._settle_now)

    def _settle_now(self) -> None:
        self._settle_due = False
        self._call_host(self.host.settle, "to settle")

    def _call_host(self, call: Callable[[], None], doing: str) -> None:
        """``call`` into the host (a bug there is logged, the table goes on), then
        carry out what it decided."""
        try:
            call()
        except Exception:
            _log.exception("the host failed %s", doing)
        self._run_actions()

    def _drop(self, conn: int) -> None:
        writer = self._writers.pop(conn, None)
        if writer is not None:
            writer.transport.abort()
        self.host.disconnect(conn)

    def _act(self, action: Send | Close) -> None:
        """Carry out one action of the host, as soon as it decides it."""
        writer = self._writers.get(action.conn)
        if writer is None:
            return
        transport = writer.transport
        if isinstance(action, Send):
            if transport.is_closing():
                return
            writer.write(action.data)  # never awaited: a slow reader cannot stall us
            if transport.get_write_buffer_size() > self.max_send_buffer:
                _log.warning("connection %d reads too slowly: dropped", action.conn)
                self.dropped += 1
                # Not from inside the host's own call: on the loop's next turn.
                self._writers.pop(action.conn, None)
                transport.abort()
        elif isinstance(action, Close) and not transport.is_closing():
            # A lingering close (see the module docstring): the reader loop goes on
            # reading (the host drops a closing connection's bytes) until the peer's
            # end of file, and ``close_grace`` bounds it.
            if not writer.can_write_eof():
                writer.close()
            else:
                try:
                    writer.write_eof()
                except OSError:  # the peer is gone already: nothing to linger for
                    transport.abort()
                    return
            loop = asyncio.get_running_loop()
            loop.call_later(self.close_grace, transport.abort)

    def _run_actions(self) -> None:
        """After a call into the host: anything it queued (none with the sink), and time."""
        for action in self.host.take_actions():
            self._act(action)
        self._reschedule()
        self._start_fsync()

    # ------------------------------------------------------------------ durability

    def _start_fsync(self) -> None:
        """fsync the last autosave in a thread, unless one runs already (it then
        starts again once that one ends), one started less than
        :attr:`fsync_interval` seconds ago (a timer starts it then), or the server
        is closing."""
        if (
            self._fsync is not None
            or self._fsync_timer is not None
            or self._closed.is_set()
            or not self.host.fsync_pending
        ):
            return
        loop = asyncio.get_running_loop()
        wait = self._fsync_started + self.fsync_interval - loop.time()
        if wait > 0:
            self._fsync_timer = loop.call_later(wait, self._fsync_timer_fired)
            return
        path = self.host.take_fsync()
        if path is None:
            return
        self._fsync_started = loop.time()
        try:
            future = loop.run_in_executor(None, fsync_saved, path)
        except RuntimeError:  # the loop's executor is shut down: do it here
            self._fsync_path(path)
            return
        self._fsync = future
        future.add_done_callback(lambda done: self._fsync_ended(path, done))

    def _fsync_timer_fired(self) -> None:
        self._fsync_timer = None
        self._start_fsync()

    def _fsync_ended(self, path: Path, future: asyncio.Future[None]) -> None:
        self._fsync = None
        error = None if future.cancelled() else future.exception()
        self.host.fsync_done(path, error)
        self._start_fsync()

    def _fsync_now(self) -> None:
        path = self.host.take_fsync()
        if path is not None:
            self._fsync_path(path)

    def _fsync_path(self, path: Path) -> None:
        try:
            fsync_saved(path)
        except OSError as exc:
            self.host.fsync_done(path, exc)
        else:
            self.host.fsync_done(path)

    # ------------------------------------------------------------------ time

    def _reschedule(self) -> None:
        if self._closed.is_set():
            return
        when = self.host.next_wakeup()
        if when == self._timer_when and self._timer is not None:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._timer_when = when
        if when is None:
            return
        delay = max(0.001, when - self._clock())
        self._timer = asyncio.get_running_loop().call_later(delay, self._on_timer)

    def _on_timer(self) -> None:
        self._timer = None
        self._timer_when = None
        self._call_host(self.host.tick, "on a tick")
