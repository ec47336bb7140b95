"""SSH door costs: session start, memory per session, bytes per game move and why.

Everything on 127.0.0.1, with an asyncssh client asking for a 100x30 pty:

* **start**: from dialling the door to the first complete screen (the menu, its
  footer drawn), for ``--starts`` sessions one after another: the SSH handshake,
  a new app process (Python and Textual importing) and its first frame;
* **memory**: ``--sessions`` (1 and 5) sessions open at once on a menu door, each
  at its first full screen; the RSS and the PSS (the honest share of pages that
  several processes map, such as the interpreter's libraries) of their app
  processes, read from /proc (Linux; elsewhere a line says it was skipped), per
  session, and the RSS of the door's own process (this one: the door and the
  bench's SSH clients);
* **bytes per move**: a 2-seat Cats Among The Pigeons table, both seats played by
  LAN bot clients that think 0.2-0.4 s (about as fast as people who know the
  game); an SSH session joins the door in front of it, finds the table full and
  watches.  Everything the SSH client receives from the first move to the end
  (or ``--moves`` moves) is divided by the number of moves.  This is what one
  watching or playing terminal costs a link per move, Textual's redraws included.
  The client answers Textual's synchronized-output query as most terminals do, so
  each frame comes between ``ESC[?2026h`` and ``ESC[?2026l`` (16 bytes a frame)
  and can be counted.  The bytes are split into SGR (colour and style), cursor
  moves, frame marks, other escapes and printable text; and 2 s with nobody
  moving, before the first move, show whether anything draws by itself;
* **what repaints**: the same app (a spectator of the same table) runs headless
  in this process at the same size while a counter wraps Textual's compositor:
  each update's dirty cells go to the widget on top there, relayouts that move
  or resize a pane are counted, and so are ``Widget.refresh`` calls per widget.
  Each update is also rendered as the SSH app's 256-colour terminal gets it and
  its bytes go to the widget under the cursor.  That total comes within 5% of
  what the SSH client receives (the pty's CR before each LF and the frame marks
  are the rest), so the pilot is a fair model of the session.

What it found (December 2026, Textual 8.2.8, 120 moves at 100x30):

* **memory**: 52.6 MiB RSS and 42-47 MiB PSS per session (42-43 MiB PSS each
  with 5 sessions: the shared libraries are split between more processes), the
  same from the first session to the fifth; the door's process stays at 48-49 MiB.
* **bytes**: about 14.4-14.8 KB per move, in 2.3 frames of 6.3 KB.  SGR is 54% of it
  (7.8 KB a move): every segment goes out as ``ESC[<its whole style>m`` text
  ``ESC[0m`` (Textual's ``Strip.render`` through Rich's ``Style.render``), 20
  bytes of style such as ``ESC[38;5;253;48;5;233m`` for a run that is often one
  cell of border (1.4 KB a move in resets alone; 1.1 KB a move is a reset
  followed at once by the same style again).  Text is 36% (5.2 KB, 2.3 KB of it
  spaces that pad panes; box drawing is 3 UTF-8 bytes a cell), cursor moves 11%
  (1.5 KB).  Nothing is sent while nobody moves (0 bytes/s): no clock or spinner
  repaints on its own.
* **why so many cells**: each move repaints about 3,600-3,700 cells (1.2 whole
  screens) in 2-2.3 updates, about 4 bytes a cell.  The top causes, per move:

  1. the log pane, 1,800-1,900 cells (half of them) and 6.2 KB (45% of the
     bytes): a RichLog scrolled by one line is repainted whole (Textual does not
     use terminal scroll regions), and a move adds a line or two (1.3
     ``refresh(layout=True)`` of the log a move);
  2. relayouts, 0.44-0.47 a move, one each time the reaction banner shows or
     hides (counted: as many ``display`` changes of ``ReactionBanner`` as
     relayouts; its ``info`` is ``layout=True`` and toggles ``display``): the
     board above it changes height and every pane in it is repainted, 1,300
     cells and 5.1-5.3 KB a move after them (36% of the bytes);
  3. borders and scrollbars, dear per cell: a cell of border or scrollbar is a
     segment of its own (a move or a 20-byte style, a 3-byte glyph, a reset),
     15-30 bytes where a cell of text costs 3.  The hand pane's frame (110 cells)
     is 1.7 KB a move, the log's scrollbar (32 cells, 4 refreshes a move) 1 KB,
     the seats pane 1.6 KB for 400 cells;
  4. the hand list, 750 cells and 1.4 KB (half after relayouts), then the
     discard pane, the prompt bar and the footer (0.3-0.5 KB each).

  Cheaper, without touching what is shown: a banner that does not move the
  board (reserved rows or an overlay) would save about a third; a log that only
  grows at its end cannot be scrolled cheaply by Textual; shorter SGR (only the
  change of style between segments, no reset between them) is Textual's and
  Rich's renderer, not the app's.

This is a benchmark, never a test:  python bench/bench_ssh.py [--json] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.path.insert(0, str(Path(__file__).resolve().parent))

import asyncssh
from bench_net import PacedBot
from rich.cells import cell_len

from door.ssh import DoorConfig, SSHDoor
from engine.games import get_game
from engine.net.client import RemoteTable
from engine.net.host import HostConfig, TableHost
from engine.net.server import TableServer

LOOPBACK = "127.0.0.1"
SIZE = (100, 30)
FIRST_SCREEN = b"palette"  # the footer's last word: the first frame is complete
TIMEOUT = 60.0
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;2$y"  # "known, reset": Textual then brackets its frames
SYNC_START, SYNC_END = b"\x1b[?2026h", b"\x1b[?2026l"
IDLE_SECONDS = 2.0


class Client:
    """An SSH session with a pty; counts what it receives (and keeps it all in
    ``capture`` once that is set to a bytearray).

    With ``sync`` it answers Textual's "synchronized output?" query (DECRQM 2026)
    as most current terminals do, so that the app brackets every frame it draws in
    ``ESC[?2026h`` ... ``ESC[?2026l``: the frames can then be counted.
    """

    def __init__(self, process: Any, *, sync: bool = False) -> None:
        self.process = process
        self.sync = sync
        self.data = bytearray()
        self.capture: bytearray | None = None
        self.total = 0
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            while True:
                chunk = await self.process.stdout.read(65536)
                if not chunk:
                    return
                if self.sync and SYNC_QUERY in chunk:
                    self.process.stdin.write(SYNC_REPLY)
                self.total += len(chunk)
                self.data += chunk
                if self.capture is not None:
                    self.capture += chunk
                if len(self.data) > 1 << 20:
                    del self.data[: -(1 << 16)]
        except (asyncssh.Error, ConnectionError):
            return

    async def wait_for(self, marker: bytes, timeout: float = TIMEOUT) -> None:
        async def poll() -> None:
            while marker not in self.data:
                await asyncio.sleep(0.002)

        await asyncio.wait_for(poll(), timeout)


# ----------------------------------------------------------------- what the bytes are

# One terminal control at a time: a frame marker, a CSI sequence, an OSC string, a
# two-byte escape, a C0 control.  What lies between them is printable text.
_CONTROL = re.compile(
    rb"\x1b\[\?2026[hl]"
    rb"|\x1b\[[0-?]*[ -/]*[@-~]"
    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
    rb"|\x1b[ -~]"
    rb"|[\x00-\x1a\x1c-\x1f\x7f]"
)
_CURSOR_FINALS = frozenset(b"ABCDEFGHHfd")  # CUU CUD CUF CUB CNL CPL CHA CUP HVP VPA
_CURSOR_CONTROLS = frozenset(b"\r\n\b")
KINDS = ("sgr", "cursor", "frame_marks", "other_escapes", "text")


def classify(stream: bytes) -> dict[str, int]:
    """Bytes of ``stream`` by kind: SGR colour/style sequences (``ESC[...m``), cursor
    movement (``ESC[row;colH`` and the other CSI moves, CR, LF, BS), the synchronized
    update marks, other escape sequences and controls, and printable text (UTF-8 bytes).
    Two counts look inside those: ``spaces``, the blanks among the text, and
    ``sgr_resets``, the ``ESC[0m`` among the SGR."""
    counts = dict.fromkeys((*KINDS, "spaces", "sgr_resets"), 0)
    at = 0
    for match in _CONTROL.finditer(stream):
        gap = stream[at : match.start()]
        counts["text"] += len(gap)
        counts["spaces"] += gap.count(b" ")
        token = match.group()
        at = match.end()
        if token in (SYNC_START, SYNC_END):
            kind = "frame_marks"
        elif token.startswith(b"\x1b["):
            final = token[-1]
            kind = "sgr" if final == ord("m") else "cursor" if final in _CURSOR_FINALS else ""
            if token in (b"\x1b[0m", b"\x1b[m"):
                counts["sgr_resets"] += len(token)
            kind = kind or "other_escapes"
        elif len(token) == 1:
            kind = "cursor" if token[0] in _CURSOR_CONTROLS else "other_escapes"
        else:
            kind = "other_escapes"
        counts[kind] += len(token)
    counts["text"] += len(stream) - at
    counts["spaces"] += stream[at:].count(b" ")
    return counts


_SGR = re.compile(rb"\x1b\[([0-9;:]*)m")
_RESET = (b"", b"0")


def sgr_repeats(stream: bytes) -> int:
    """Bytes of SGR that only undo and redo a style: a reset (``ESC[0m``) whose very
    next sequence, with no text between, sets again the style that was on before it
    (Rich closes every segment with a reset and opens the next one in full)."""
    waste = 0
    style: bytes | None = None  # the parameters in force
    reset: tuple[bytes | None, int, int] | None = None  # (style before it, its end, its length)
    for match in _SGR.finditer(stream):
        params = match.group(1)
        if params in _RESET:
            reset = (style, match.end(), len(match.group()))
            style = None
            continue
        if reset is not None and reset[1] == match.start() and reset[0] == params:
            waste += reset[2] + len(match.group())
        reset = None
        style = params
    return waste


_MOVE_TO = re.compile(rb"\x1b\[(\d+);(\d+)H")


def frames(stream: bytes) -> list[bytes]:
    """The synchronized-update blocks of ``stream`` (what Textual draws at once)."""
    found: list[bytes] = []
    at = stream.find(SYNC_START)
    while at >= 0:
        end = stream.find(SYNC_END, at)
        if end < 0:
            break
        found.append(stream[at + len(SYNC_START) : end])
        at = stream.find(SYNC_START, end)
    return found


def frame_rows(frame: bytes) -> int:
    """How many screen rows a frame writes to (each begins with a move there)."""
    return len({int(m.group(1)) for m in _MOVE_TO.finditer(frame)})


async def session(conn: asyncssh.SSHClientConnection, *, sync: bool = False) -> Client:
    process = await conn.create_process(term_type="xterm-256color", term_size=SIZE, encoding=None)
    return Client(process, sync=sync)


async def connect(port: int) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        LOOPBACK, port, known_hosts=None, username="bench", agent_path=None, client_keys=None
    )


async def time_starts(home: Path, count: int) -> list[float]:
    door = SSHDoor(DoorConfig(bind=LOOPBACK, port=0), data_dir=home, echo=lambda _: None)
    await door.start()
    times: list[float] = []
    try:
        for _ in range(count):
            began = time.perf_counter()
            async with await connect(door.port) as conn:
                client = await session(conn)
                await client.wait_for(FIRST_SCREEN)
                times.append(time.perf_counter() - began)
                client.process.close()
            while door.sessions:  # its app has gone before the next one starts
                await asyncio.sleep(0.01)
    finally:
        await door.close()
    return times


# ----------------------------------------------------------------- memory

PROC = Path("/proc")


def _kib(path: Path, field: str) -> int | None:
    """The ``field:  N kB`` line of a /proc file, in KiB (None if missing)."""
    try:
        text = path.read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return None


def family(pid: int) -> list[int]:
    """``pid`` and its descendants (what one session's app runs)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        for children in (PROC / str(current) / "task").glob("*/children"):
            with contextlib.suppress(OSError):
                todo += [int(child) for child in children.read_text().split()]
    return found


def memory_of(pids: list[int]) -> tuple[int, int | None]:
    """Summed RSS and PSS (KiB) of ``pids``; PSS None without smaps_rollup."""
    rss, pss = 0, 0
    have_pss = True
    for pid in pids:
        rss += _kib(PROC / str(pid) / "status", "VmRSS") or 0
        share = _kib(PROC / str(pid) / "smaps_rollup", "Pss")
        if share is None:
            have_pss = False
        else:
            pss += share
    return rss, pss if have_pss else None


async def memory_per_session(home: Path, counts: tuple[int, ...]) -> dict[str, Any] | None:
    """For each ``n`` of ``counts``: ``n`` sessions at once on a menu door, each at its
    first full screen; the RSS and PSS of their apps, and the door process's RSS (this
    process: the door, and the bench's SSH clients beside it)."""
    if not (PROC / "self" / "status").exists():
        return None
    door = SSHDoor(DoorConfig(bind=LOOPBACK, port=0), data_dir=home, echo=lambda _: None)
    await door.start()
    runs: list[dict[str, Any]] = []
    idle = _kib(PROC / "self" / "status", "VmRSS") or 0
    try:
        for n in counts:
            async with contextlib.AsyncExitStack() as stack:
                for _ in range(n):  # one after another: each has its first screen
                    conn = await stack.enter_async_context(await connect(door.port))
                    client = await session(conn)
                    await client.wait_for(FIRST_SCREEN)
                    stack.callback(client.process.close)
                await asyncio.sleep(1.0)  # the last one settles
                pids = [pid for app in sorted(door.procs) for pid in family(app)]
                rss, pss = memory_of(pids)
                door_rss = _kib(PROC / "self" / "status", "VmRSS") or 0
                runs.append(
                    {
                        "sessions": n,
                        "processes": len(pids),
                        "rss_mib": round(rss / 1024, 1),
                        "pss_mib": None if pss is None else round(pss / 1024, 1),
                        "rss_per_session_mib": round(rss / 1024 / n, 1),
                        "pss_per_session_mib": None if pss is None else round(pss / 1024 / n, 1),
                        "door_rss_mib": round(door_rss / 1024, 1),
                    }
                )
            while door.sessions:  # every app has gone before the next count
                await asyncio.sleep(0.01)
    finally:
        await door.close()
    return {"door_idle_rss_mib": round(idle / 1024, 1), "runs": runs}


async def open_table(seed: int) -> tuple[TableHost, TableServer, list[RemoteTable]]:
    """The bench's table: 2-seat pigeons, both seats LAN clients (bots drive them)."""
    host = TableHost(
        get_game("pigeons"), HostConfig(players=2, bots=0, seed=seed, window_seconds=2.0)
    )
    server = TableServer(host)
    await server.start(LOOPBACK, 0)
    players = [
        await RemoteTable.connect(LOOPBACK, server.port, name=name, remember=False)
        for name in ("Ada", "Bob")
    ]
    return host, server, players


async def close_table(server: TableServer, players: list[RemoteTable]) -> None:
    for table in players:
        await table.close()
    await server.close("bench over")


async def play(host: TableHost, players: list[RemoteTable], seed: int, max_moves: int) -> int:
    """Let bots play the seats (0.2-0.4 s a move) up to ``max_moves`` moves or the end
    of the game; then stop them (no next game) and let the last redraws arrive."""
    rng = random.Random(seed)
    bots = [PacedBot(table, rng, (0.2, 0.4)) for table in players]
    began = time.perf_counter()
    while (
        sum(bot.answers for bot in bots) < max_moves
        and not (host.table is not None and host.table.is_over)
        and time.perf_counter() - began < TIMEOUT * 3
    ):
        await asyncio.sleep(0.05)
    for bot in bots:
        if bot.pending is not None:
            bot.pending.cancel()
        bot.table.request_new_game = lambda: None  # type: ignore[method-assign]
    await asyncio.sleep(0.5)  # the last redraws arrive
    return sum(bot.answers for bot in bots)


async def bytes_per_move(home: Path, max_moves: int, seed: int) -> dict[str, Any]:
    host, server, players = await open_table(seed)
    config = DoorConfig(bind=LOOPBACK, port=0, table=(LOOPBACK, server.port))
    door = SSHDoor(config, data_dir=home, echo=lambda _: None)
    await door.start()
    try:
        async with await connect(door.port) as conn:
            client = await session(conn, sync=True)
            await client.wait_for(FIRST_SCREEN)
            client.process.stdin.write(b"\r")  # the name screen: join (the table is full)
            await client.wait_for(b"watching")
            await asyncio.sleep(0.5)  # the game screen settles
            idle_from = client.total  # nobody moves: does anything still draw?
            await asyncio.sleep(IDLE_SECONDS)
            idle = client.total - idle_from
            start_bytes, began = client.total, time.perf_counter()
            client.capture = bytearray()
            moves = await play(host, players, seed, max_moves)
            sent = client.total - start_bytes
            seconds = time.perf_counter() - began
            client.process.close()
    finally:
        await door.close()
        await close_table(server, players)
    return {
        "moves": moves,
        "bytes": sent,
        "seconds": round(seconds, 1),
        "bytes_per_move": round(sent / max(1, moves)),
        "bytes_per_second": round(sent / max(seconds, 1e-9)),
        "idle_bytes_per_second": round(idle / IDLE_SECONDS),
        **breakdown(bytes(client.capture or b""), moves),
    }


# ----------------------------------------------------------------- why: what repaints


class RepaintCounter:
    """Counts, in this process's Textual, what the compositor repaints: each update's
    dirty cells, given to the widget on top at each cell, and whether a relayout that
    moved or resized a pane (not just the footer's keys or a scrollbar) came before
    it; plus ``Widget.refresh`` calls per widget.  Bench only: it wraps Textual's
    private ``Compositor.reflow`` and ``render_update`` (Textual is pinned exactly)."""

    MINOR = frozenset({"FooterKey", "FooterLabel", "ScrollBar", "ScrollBarCorner"})

    def __init__(self) -> None:
        from collections import Counter

        from rich.console import Console

        # What the SSH session's app writes with: TERM=xterm-256color, 256 colours.
        self.console = Console(
            color_system="256", force_terminal=True, file=io.StringIO(), legacy_windows=False
        )
        self.on = False
        self.bytes = 0
        self.relayout_bytes = 0
        self.bytes_by_widget: Counter[str] = Counter()
        self._after_relayout = False
        self.updates = 0
        self.cells = 0
        self.relayouts = 0  # reflows that moved or resized a pane
        self.relayout_cells = 0
        self.by_widget: Counter[str] = Counter()
        self.by_widget_relayout: Counter[str] = Counter()
        self.refreshes: Counter[str] = Counter()
        self._moved = False
        self._owners: tuple[Any, dict[tuple[int, int], str]] = (None, {})

    @staticmethod
    def name(widget: Any) -> str:
        kind = type(widget).__name__
        if kind in ("FooterKey", "FooterLabel"):
            return "LiveFooter"
        return f"{kind}#{widget.id}" if widget.id else kind

    def owners(self, compositor: Any) -> dict[tuple[int, int], str]:
        """The widget on top at every cell, for the current layout."""
        key = compositor._full_map  # a new map at each reflow (held: no id reuse)
        if self._owners[0] is not key:
            grid: dict[tuple[int, int], str] = {}
            width, height = compositor.size
            for y in range(height):
                for x in range(width):
                    with contextlib.suppress(Exception):
                        grid[x, y] = self.name(compositor.get_widget_at(x, y)[0])
            self._owners = (key, grid)
        return self._owners[1]

    @contextlib.contextmanager
    def installed(self) -> Any:
        from textual._compositor import Compositor
        from textual.widget import Widget

        reflow, render_update, refresh = (
            Compositor.reflow,
            Compositor.render_update,
            Widget.refresh,
        )
        counter = self

        def counted_reflow(compositor: Any, parent: Any, size: Any) -> Any:
            before = dict(compositor._full_map or {})
            result = reflow(compositor, parent, size)
            if counter.on:
                after = compositor._full_map
                moved = {
                    type(w).__name__
                    for w in before.keys() | after.keys()
                    if before.get(w) != after.get(w)
                }
                if moved - counter.MINOR:
                    counter.relayouts += 1
                    counter._moved = True
            return result

        def counted_update(compositor: Any, full: bool = False, *args: Any, **kw: Any) -> Any:
            if counter.on:
                counter.count_update(compositor, full)
            update = render_update(compositor, full, *args, **kw)
            if counter.on and update is not None:
                counter.count_bytes(compositor, update)
            return update

        def counted_refresh(widget: Any, *regions: Any, **kw: Any) -> Any:
            if counter.on:
                layout = " (layout)" if kw.get("layout") else ""
                counter.refreshes[counter.name(widget) + layout] += 1
            return refresh(widget, *regions, **kw)

        Compositor.reflow = counted_reflow  # type: ignore[method-assign]
        Compositor.render_update = counted_update  # type: ignore[method-assign]
        Widget.refresh = counted_refresh  # type: ignore[method-assign]
        try:
            yield self
        finally:
            Compositor.reflow = reflow  # type: ignore[method-assign]
            Compositor.render_update = render_update  # type: ignore[method-assign]
            Widget.refresh = refresh  # type: ignore[method-assign]

    def count_update(self, compositor: Any, full: bool) -> None:
        screen = compositor.size.region
        dirty = compositor._dirty_regions
        regions = [screen] if full or screen in dirty else list(dirty)
        cells = {(x, y) for r in regions for y in range(r.y, r.bottom) for x in range(r.x, r.right)}
        if not cells:
            return
        owners = self.owners(compositor)
        self.updates += 1
        self.cells += len(cells)
        self._after_relayout = self._moved
        for cell in cells:
            self.by_widget[owners.get(cell, "?")] += 1
        if self._moved:
            self.relayout_cells += len(cells)
            for cell in cells:
                self.by_widget_relayout[owners.get(cell, "?")] += 1
        self._moved = False

    def count_bytes(self, compositor: Any, update: Any) -> None:
        """The bytes ``update`` is on a 256-colour terminal (the pty's LF to CR LF
        left out), each given to the widget on top where the cursor is: a cursor
        move to where it goes, SGR to the text after it, text to its own cells."""
        data = update.render_segments(self.console).encode()
        self.bytes += len(data)
        if self._after_relayout:
            self.relayout_bytes += len(data)
        owners = self.owners(compositor)
        x = y = 0
        at = 0

        def text(chunk: bytes) -> None:
            nonlocal x
            for char in chunk.decode(errors="replace"):
                self.bytes_by_widget[owners.get((x, y), "?")] += len(char.encode())
                x += cell_len(char)

        for match in _CONTROL.finditer(data):
            text(data[at : match.start()])
            at = match.end()
            token = match.group()
            move = _MOVE_TO.fullmatch(token)
            if move:
                y, x = int(move.group(1)) - 1, int(move.group(2)) - 1
            elif token == b"\n":
                y, x = y + 1, 0
            self.bytes_by_widget[owners.get((x, y), "?")] += len(token)
        text(data[at:])


async def repaint_causes(home: Path, max_moves: int, seed: int) -> dict[str, Any]:
    """The SSH session's app (a spectator of the same table), in this process and
    headless at the same size, with a :class:`RepaintCounter` while the bots play."""
    from tui.app import PurrchApp
    from tui.screens.game import GameScreen
    from tui.settings import Settings

    saved_home = os.environ.get("PURRCH_HOME")
    os.environ["PURRCH_HOME"] = str(home / "pilot")  # its seat tokens and settings
    host, server, players = await open_table(seed)
    settings = Settings(autosave=None, lan=False)
    app = PurrchApp(settings, None, table_address=(LOOPBACK, server.port), default_name="bench")
    counter = RepaintCounter()
    try:
        with counter.installed():
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause(0.5)
                await pilot.press("enter")  # the name screen: join (the table is full)
                began = time.perf_counter()
                while not isinstance(app.screen, GameScreen):
                    if time.perf_counter() - began > TIMEOUT:
                        raise TimeoutError("the pilot's game screen never came")
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.5)
                counter.on = True
                moves = await play(host, players, seed, max_moves)
                counter.on = False
    finally:
        await close_table(server, players)
        if saved_home is None:
            os.environ.pop("PURRCH_HOME", None)
        else:
            os.environ["PURRCH_HOME"] = saved_home
    per = max(1, moves)

    def top(counts: Any, n: int = 8) -> dict[str, float]:
        return {name: round(count / per, 1) for name, count in counts.most_common(n)}

    return {
        "moves": moves,
        "updates_per_move": round(counter.updates / per, 2),
        "cells_per_move": round(counter.cells / per),
        "screens_per_move": round(counter.cells / per / (SIZE[0] * SIZE[1]), 2),
        "relayouts_per_move": round(counter.relayouts / per, 2),
        "relayout_cells_per_move": round(counter.relayout_cells / per),
        "cells_per_move_by_widget": top(counter.by_widget, 20),
        "relayout_cells_per_move_by_widget": top(counter.by_widget_relayout, 20),
        "refreshes_per_move": top(counter.refreshes, 12),
        "bytes_per_move": round(counter.bytes / per),
        "relayout_bytes_per_move": round(counter.relayout_bytes / per),
        "bytes_per_move_by_widget": top(counter.bytes_by_widget),
    }


def breakdown(stream: bytes, moves: int) -> dict[str, Any]:
    """Where the bytes of ``stream`` (``moves`` moves) go, per move, and its frames."""
    per = max(1, moves)
    total = max(1, len(stream))
    kinds = classify(stream)
    drawn = frames(stream)
    rows = [frame_rows(frame) for frame in drawn]
    return {
        "kinds_per_move": {kind: round(kinds[kind] / per) for kind in kinds},
        "kinds_share": {kind: round(kinds[kind] / total, 3) for kind in kinds},
        "sgr_repeats_per_move": round(sgr_repeats(stream) / per),
        "frames": len(drawn),
        "frames_per_move": round(len(drawn) / per, 2),
        "bytes_per_frame": round(sum(map(len, drawn)) / max(1, len(drawn))),
        "full_frames_per_move": round(sum(1 for r in rows if r >= SIZE[1]) / per, 2),
        "rows_per_frame": round(statistics.fmean(rows), 1) if rows else 0,
    }


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="purrch-bench-ssh-") as tmp:
        home = Path(tmp)
        starts = await time_starts(home, args.starts)
        memory = await memory_per_session(home, args.sessions)
        moves = await bytes_per_move(home, args.moves, args.seed)
        repaints = await repaint_causes(home, args.moves, args.seed)
    return {
        "size": f"{SIZE[0]}x{SIZE[1]}",
        "start_seconds": {
            "median": round(statistics.median(starts), 3),
            "max": round(max(starts), 3),
            "runs": len(starts),
        },
        "memory": memory,
        "game": moves,
        "repaints": repaints,
    }


def _counts(text: str) -> tuple[int, ...]:
    counts = tuple(int(part) for part in text.split(","))
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError("session counts are 1 or more: 1,5")
    return counts


def report(result: dict[str, Any]) -> None:
    start = result["start_seconds"]
    game = result["game"]
    print(f"SSH door at {result['size']}, on 127.0.0.1")
    print(
        f"  session start to first full screen: median {start['median'] * 1000:.0f} ms, "
        f"max {start['max'] * 1000:.0f} ms ({start['runs']} sessions)"
    )
    memory = result["memory"]
    if memory is None:
        print("  memory per session: not measured (no /proc here: Linux only)")
    else:
        idle = memory["door_idle_rss_mib"]
        print(f"  memory, sessions at their first screen (door idle: {idle} MiB RSS):")
        for run in memory["runs"]:
            pss = run["pss_per_session_mib"]
            print(
                f"    {run['sessions']} session{'s' if run['sessions'] != 1 else ' '}: "
                f"{run['rss_per_session_mib']} MiB RSS"
                + ("" if pss is None else f", {pss} MiB PSS")
                + f" per session (apps {run['rss_mib']} MiB RSS"
                + ("" if run["pss_mib"] is None else f", {run['pss_mib']} MiB PSS")
                + f"); door process {run['door_rss_mib']} MiB RSS"
            )
    print(
        f"  a watched pigeons game: {game['bytes_per_move']:,} bytes per move "
        f"({game['moves']} moves, {game['bytes']:,} bytes, "
        f"{game['bytes_per_second']:,} bytes/s over {game['seconds']} s)"
    )
    per, share = game["kinds_per_move"], game["kinds_share"]
    names = {
        "sgr": "SGR colour/style",
        "cursor": "cursor moves",
        "text": "printable text",
        "frame_marks": "frame marks",
        "other_escapes": "other escapes",
    }
    for kind in ("sgr", "text", "cursor", "frame_marks", "other_escapes"):
        extra = ""
        if kind == "sgr":
            extra = (
                f" (of which ESC[0m resets {per['sgr_resets']:,}; a reset and the same"
                f" style again {game['sgr_repeats_per_move']:,})"
            )
        elif kind == "text":
            extra = f" (of which spaces {per['spaces']:,})"
        print(f"    {names[kind]:<17}{per[kind]:>7,} B/move  {share[kind]:>6.1%}{extra}")
    print(
        f"    frames: {game['frames_per_move']} per move, {game['bytes_per_frame']:,} B each, "
        f"{game['rows_per_frame']} of {SIZE[1]} rows on average; "
        f"{game['full_frames_per_move']} per move write every row"
    )
    print(f"    with nobody moving: {game['idle_bytes_per_second']:,} bytes/s")
    why = result["repaints"]
    print(
        f"  what repaints (the same app headless in this process, {why['moves']} moves): "
        f"{why['updates_per_move']} updates and {why['cells_per_move']:,} cells "
        f"({why['screens_per_move']} screens) per move"
    )
    print(
        f"    relayouts that move panes: {why['relayouts_per_move']} per move, "
        f"{why['relayout_cells_per_move']:,} cells per move after them"
    )
    print(
        f"    on a 256-colour terminal that is {why['bytes_per_move']:,} bytes per move "
        f"({why['relayout_bytes_per_move']:,} after relayouts), by widget:"
    )
    cells = why["cells_per_move_by_widget"]
    after = why["relayout_cells_per_move_by_widget"]
    for name, sent in why["bytes_per_move_by_widget"].items():
        print(
            f"    {name:<26}{sent:>8,.0f} B/move {cells.get(name, 0):>7,.0f} cells/move "
            f"({after.get(name, 0):,.0f} after a relayout)"
        )
    calls = ", ".join(f"{name} {count}" for name, count in why["refreshes_per_move"].items())
    print(f"    refresh() calls per move: {calls}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--quick", action="store_true", help="fewer runs (a smoke check)")
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument(
        "--sessions", type=_counts, default=(1, 5), help="session counts for memory: 1,5"
    )
    parser.add_argument("--moves", type=int, default=120)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    if args.quick:
        args.starts, args.moves, args.sessions = 2, 30, (1, 2)
    result = asyncio.run(bench(args))
    if args.json:
        print(json.dumps(result))
    else:
        report(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
