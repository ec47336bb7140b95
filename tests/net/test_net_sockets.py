"""Real sockets on 127.0.0.1 (ports the system picks): whole games, drops, abuse.

Bots answer for the clients, from each client's own view and prompts.
"""

from __future__ import annotations

import asyncio
import errno
import json
import os
import socket
import stat
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_helpers import LOOPBACK, TIMEOUT, BotDriver, join, play_to_the_end, start_server

from engine.games import REGISTRY
from engine.net import host as host_module
from engine.net.client import ClientConnection, ConnectionClosed, JoinError, RemoteTable
from engine.net.host import HostConfig
from engine.net.protocol import MAX_LINE, Code, Message, encode
from engine.net.server import TableServer
from engine.session import Table


async def raw(server: TableServer) -> ClientConnection:
    return await ClientConnection.open(LOOPBACK, server.port, timeout=TIMEOUT)


async def closed_after(conn: ClientConnection) -> list[Message]:
    """Every message until the server closes the connection."""
    out: list[Message] = []
    with pytest.raises(ConnectionClosed):
        while True:
            out.append(await conn.recv(timeout=TIMEOUT))
    return out


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
async def test_three_clients_and_a_spectator_play_a_whole_game(game_id: str) -> None:
    """Three players and a bot (two players in a two-player game), and a spectator."""
    players = min(4, REGISTRY[game_id].max_players)
    bots = 1 if players > 2 else 0
    server = await start_server(game_id, players=players, bots=bots)
    try:
        tables = [await join(server, name) for name in ("Ann", "Bob", "Cy")[: players - bots]]
        eve = await join(server, "Eve", spectate=True)
        assert [t.seat for t in tables] == list(range(players - bots)) and eve.seat is None
        for t in (*tables, eve):
            await t.wait_started(TIMEOUT)
        await play_to_the_end(tables)
        await eve.wait_for(lambda: eve.is_over, TIMEOUT)
        host_table = server.host.table
        assert host_table is not None and host_table.is_over
        for t in (*tables, eve):
            await t.wait_for(lambda t=t: len(t.log) == len(host_table.log), TIMEOUT)
            assert t.outcome() == host_table.outcome()
            assert t.log_for(t.seat) == host_table.log_for(t.seat)
        assert all(not e.secrets for e in eve.log)
        assert eve.view(None) == host_table.view(None)
        for t in tables:
            await t.close()
        await eve.close()
    finally:
        await server.close()


async def test_a_player_comes_back_with_the_remembered_token(tmp_path: Path) -> None:
    server = await start_server(players=4, bots=1)
    tokens = tmp_path / "tokens.json"
    try:
        ann, bob, cy = [
            await join(server, name, remember=True, token_file=tokens, reconnect_for=0)
            for name in ("Ann", "Bob", "Cy")
        ]
        for t in (ann, bob, cy):
            await t.wait_started(TIMEOUT)
        first = [BotDriver(t, seed=i) for i, t in enumerate((ann, bob, cy))]
        stop = asyncio.Event()
        tasks = [asyncio.ensure_future(d.run(stop.is_set)) for d in first]
        await ann.wait_for(lambda: len(ann.log) >= 30 or ann.is_over, TIMEOUT)
        stop.set()
        await asyncio.wait_for(asyncio.gather(*tasks), TIMEOUT)
        # Bob's machine crashes: the connection just dies.
        assert bob._conn is not None
        bob._conn.abort()
        await ann.wait_for(lambda: 1 in ann.away_seats, TIMEOUT)
        assert [s.status for s in ann.lobby.seats] == ["here", "away", "here", "bot"]
        # Running the same join again takes the seat back (same name, same token file).
        back = await join(server, "Bob", remember=True, token_file=tokens)
        assert back.seat == 1 and back.token == bob.token
        await back.wait_started(TIMEOUT)
        host_table = server.host.table
        assert host_table is not None
        assert back.log_for(1) == host_table.log_for(1)
        assert back.view(1) == host_table.view(1)
        await ann.wait_for(lambda: not ann.away_seats, TIMEOUT)
        await play_to_the_end([ann, back, cy])
        assert ann.outcome() == host_table.outcome() == back.outcome()
        for t in (ann, back, cy):
            await t.close()
    finally:
        await server.close()


async def test_a_dropped_connection_dials_again_by_itself() -> None:
    server = await start_server(players=3, bots=1)
    try:
        ann, bob = await join(server, "Ann"), await join(server, "Bob", reconnect_for=30)
        notices: list[str] = []
        bob.listen(lambda m: notices.append(m["state"]) if m["type"] == "connection" else None)
        for t in (ann, bob):
            await t.wait_started(TIMEOUT)
        assert bob._conn is not None
        bob._conn.abort()
        await bob.wait_for(lambda: notices[-1:] == ["back"], TIMEOUT)
        assert notices == ["lost", "back"] and bob.seat == 1 and bob.connected
        await play_to_the_end([ann, bob])
        assert bob.is_over
        await ann.close()
        await bob.close()
    finally:
        await server.close()


# ---------------------------------------------------------------------- autosave


class FsyncSpy:
    """Stands in for ``os.fsync``: records ``(inode, folder?, in the main thread?)``
    per call, and how many ran at once at most.  Each call takes ``slow`` seconds."""

    def __init__(
        self, monkeypatch: pytest.MonkeyPatch, fail: OSError | None = None, slow: float = 0.0
    ) -> None:
        self.calls: list[tuple[int, bool, bool]] = []
        self.fail = fail
        self.slow = slow
        self.running = 0
        self.most_at_once = 0
        self._lock = threading.Lock()
        self._real = os.fsync
        monkeypatch.setattr(os, "fsync", self)

    def __call__(self, fd: int) -> None:
        info = os.fstat(fd)
        main = threading.current_thread() is threading.main_thread()
        with self._lock:
            self.calls.append((info.st_ino, stat.S_ISDIR(info.st_mode), main))
            self.running += 1
            self.most_at_once = max(self.most_at_once, self.running)
        try:
            time.sleep(self.slow)
            if self.fail is not None:
                raise self.fail
            self._real(fd)
        finally:
            with self._lock:
                self.running -= 1

    def synced(self, path: Path, *, main: bool) -> bool:
        """``path`` as it is now and its folder were fsynced (in the main thread or not)."""
        with self._lock:
            calls = list(self.calls)
        return (path.stat().st_ino, False, main) in calls and (
            path.parent.stat().st_ino,
            True,
            main,
        ) in calls


async def test_the_autosave_is_fsynced_off_the_event_loop_one_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "lan.json"
    spy = FsyncSpy(monkeypatch, slow=0.02)  # a slow disk: saves come faster than fsyncs
    writes: list[Path] = []
    write = host_module.write_atomically

    def counted(to: Path, text: str, *, durable: bool = True) -> None:
        assert not durable  # the server's autosaves leave the fsync to it
        write(to, text, durable=durable)
        writes.append(to)

    monkeypatch.setattr(host_module, "write_atomically", counted)
    server = await start_server(save_path=path)
    try:
        tables = [await join(server, name) for name in ("Ann", "Bob")]
        for t in tables:
            await t.wait_started(TIMEOUT)
        host_table = server.host.table
        assert host_table is not None
        await play_to_the_end(tables, stop=lambda: len(host_table.log) >= 30)
        # The last save gets its fsync, in a thread, once the game is quiet.
        for _ in range(int(TIMEOUT / 0.02)):
            if server._fsync is None and spy.synced(path, main=False):
                break
            await asyncio.sleep(0.02)
        assert spy.synced(path, main=False)
        assert not any(main for _ino, _folder, main in spy.calls)  # never on the loop
        assert spy.most_at_once == 1
        file_syncs = sum(1 for _ino, folder, _main in spy.calls if not folder)
        assert 0 < file_syncs < len(writes)  # saves made during an fsync shared the next
        saved = Table.load(path)
        assert saved.to_json()["state"] == host_table.to_json()["state"]
        for t in tables:
            await t.close()
    finally:
        monkeypatch.setattr(host_module, "write_atomically", write)
        spy.calls.clear()
        await server.close()
    # Stopping saves and fsyncs before close() returns.
    assert spy.synced(path, main=True)
    assert server.host.take_fsync() is None and server._fsync is None


async def test_background_fsyncs_are_spaced_by_the_interval(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An fsync makes ext4 hold the next renames: during a fast game there is one
    fsync per ``fsync_interval``, however many saves, and the rest when it ends."""
    path = tmp_path / "lan.json"
    spy = FsyncSpy(monkeypatch)
    server = await start_server(save_path=path)
    server.fsync_interval = 60.0
    try:
        tables = [await join(server, name) for name in ("Ann", "Bob")]
        for t in tables:
            await t.wait_started(TIMEOUT)
        host_table = server.host.table
        assert host_table is not None
        await play_to_the_end(tables, stop=lambda: len(host_table.log) >= 30)
        await asyncio.sleep(0.1)
        file_syncs = [call for call in spy.calls if not call[1]]
        assert len(file_syncs) == 1  # the first save's; the others wait for the interval
        assert server.host.fsync_pending
        for t in tables:
            await t.close()
    finally:
        await server.close()
    assert spy.synced(path, main=True)  # close() fsyncs what was still due


async def test_a_failing_disk_on_the_server_is_a_warning_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "lan.json"
    FsyncSpy(monkeypatch, fail=OSError(errno.EIO, "Input/output error"))
    reports: list[tuple[str, str]] = []
    config = HostConfig(
        players=3,
        bots=1,
        seed=11,
        bot_delay=(0.0, 0.0),
        window_seconds=None,
        rate=100_000.0,
        burst=100_000.0,
        save_path=path,
    )
    server = TableServer.new("pigeons", config, report=lambda k, t: reports.append((k, t)))
    await server.start(LOOPBACK, 0)
    try:
        tables = [await join(server, name) for name in ("Ann", "Bob")]
        await play_to_the_end(tables)
        host_table = server.host.table
        assert host_table is not None and host_table.is_over
        for t in tables:
            await t.wait_for(lambda t=t: t.is_over, TIMEOUT)
            assert t.outcome() == host_table.outcome()
        for _ in range(int(TIMEOUT / 0.02)):
            if server._fsync is None and server.host.save_error is not None:
                break
            await asyncio.sleep(0.02)
        failed = f"could not autosave to {path}: Input/output error (syncing it to disk)"
        assert [text for kind, text in reports if kind == "warning"] == [failed]
        assert server.host.save_error == failed
        # Written and renamed all the same: what the clients saw is on disk.
        assert Table.load(path).to_json()["state"] == host_table.to_json()["state"]
        for t in tables:
            await t.close()
    finally:
        await server.close()  # the durable save at the end fails too: a warning, no error
    warnings = [text for kind, text in reports if kind == "warning"]
    unwritten = f"could not autosave to {path}: Input/output error"
    assert warnings == [failed, unwritten] and server.host.save_error == unwritten
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


async def test_a_spectator_gets_nothing_private() -> None:
    server = await start_server(players=3, bots=1)
    try:
        eve = await raw(server)
        welcome = await eve.hello("Eve", spectate=True)
        assert welcome["seat"] is None and welcome["token"] is None
        tables = [await join(server, name) for name in ("Ann", "Bob")]
        await play_to_the_end(tables)
        seen: list[Message] = []
        host_table = server.host.table
        assert host_table is not None
        while not seen or "outcome" not in seen[-1]:
            msg = await eve.recv(timeout=TIMEOUT)
            if msg["type"] == "update":
                seen.append(msg)
        for update in seen:
            assert update["prompts"] == [] and update["view"]["private"] == {}
            assert all(set(e) <= {"text", "kind"} for e in update["events"])
        text = json.dumps(seen)
        for event in host_table.log:
            for _seat, secret in event.secrets:
                if secret != event.text:
                    assert secret not in text
        await eve.send({"type": "answer", "prompt": "x", "option": "y"})
        error = await eve.recv_type("error", timeout=TIMEOUT)
        assert error["code"] == Code.SPECTATOR
        await eve.close()
        for t in tables:
            await t.close()
    finally:
        await server.close()


# ---------------------------------------------------------------------- refusals and limits


async def test_wrong_password_and_full_table_are_an_error_and_a_close() -> None:
    server = await start_server(players=2, bots=0, password="meow")
    try:
        with pytest.raises(JoinError) as info:
            await join(server, "Ann", password="woof")
        assert info.value.code == Code.PASSWORD and str(info.value) == "Wrong password."
        conn = await raw(server)
        await conn.send({"type": "hello", "protocol": 1, "name": "Ann"})
        messages = await closed_after(conn)
        assert [m["code"] for m in messages] == [Code.PASSWORD]
        ann = await join(server, "Ann", password="meow")
        bob = await join(server, "Bob", password="meow")
        with pytest.raises(JoinError) as info:
            await join(server, "Cy", password="meow")
        assert info.value.code == Code.FULL
        conn = await raw(server)
        await conn.send({"type": "hello", "protocol": 1, "name": "Cy", "password": "meow"})
        messages = await closed_after(conn)
        assert messages[-1]["code"] == Code.FULL and messages[-1]["fatal"] is True
        with pytest.raises(JoinError, match="Cannot reach"):
            await RemoteTable.connect(LOOPBACK, _free_port(), name="Dan", remember=False)
        await ann.close()
        await bob.close()
    finally:
        await server.close()


async def test_a_socket_that_never_says_hello_makes_room_for_a_new_one() -> None:
    server = await start_server(max_pending=1)
    try:
        idle = await raw(server)
        await idle.send({"type": "ping"})
        assert await idle.recv(timeout=TIMEOUT) == {"type": "pong"}
        ann = await join(server, "Ann")
        messages = await closed_after(idle)
        assert [m["code"] for m in messages] == [Code.BUSY]
        await ann.close()
    finally:
        await server.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        return int(sock.getsockname()[1])


async def people_still_join(server: TableServer) -> None:
    """The table is fine: Ann and Bob join, and their game starts."""
    tables = [await join(server, name) for name in ("Ann", "Bob")]
    for t in tables:
        await t.wait_started(TIMEOUT)
        await t.close()


async def test_an_over_long_line_and_a_flood_end_the_connection() -> None:
    server = await start_server(rate=50.0, burst=100.0)
    try:
        long_line = await raw(server)
        await long_line.send_raw(b"x" * (MAX_LINE + 10))
        messages = await closed_after(long_line)
        assert messages[-1]["code"] == Code.TOO_LONG and messages[-1]["fatal"] is True
        flood = await raw(server)
        started = time.monotonic()
        await flood.send_raw(encode({"type": "ping"}) * 300)
        messages = await closed_after(flood)
        elapsed = time.monotonic() - started
        assert messages[-1]["code"] == Code.FLOOD
        # The bucket holds 100 and refills at 50 a second while the server reads
        # the 300 lines (a busy machine may take a while to read them all): the
        # exact count, with a fake clock, is the host tests' business.
        assert sum(m["type"] == "pong" for m in messages) <= 100 + 50 * elapsed
        await people_still_join(server)
    finally:
        await server.close()


async def test_the_fatal_error_arrives_even_with_the_clients_bytes_still_coming() -> None:
    """A client told a fatal error while more of its lines are on their way (a flood,
    junk after a bad first line): the server ends its side after the error line and
    reads and drops the rest until the client closes, so the client reads the error
    and then a clean end of file.  Closing a socket with unread bytes sends a reset
    instead, which can destroy the error line on its way (the junk test hit it)."""
    server = await start_server(close_grace=30.0)
    try:
        for _ in range(5):
            conn = await raw(server)
            # A line over the limit, then another 100 KiB the server will never handle.
            junk = b"x" * (MAX_LINE + 10) + b"\n" + encode({"type": "ping"}) * 6_000
            await conn.send_raw(junk)
            messages = await closed_after(conn)
            assert messages[-1]["code"] == Code.TOO_LONG and messages[-1]["fatal"] is True
            await conn.close()
        for _ in range(500):  # the server hears each close on its next reads
            if server.host.connections == 0:
                break
            await asyncio.sleep(0.01)
        assert server.host.connections == 0
        await people_still_join(server)
    finally:
        await server.close()


async def test_a_slow_reader_is_dropped_and_never_stalls_the_table() -> None:
    server = await start_server(players=3, bots=1, max_send_buffer=16 * 1024)
    try:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, (LOOPBACK, server.port))
        _reader, writer = await asyncio.open_connection(sock=sock)
        writer.write(encode({"type": "hello", "protocol": 1, "name": "Sloth", "spectate": True}))
        await writer.drain()
        # Sloth never reads another byte.
        tables = [await join(server, name) for name in ("Ann", "Bob")]
        await play_to_the_end(tables)
        for _ in range(50):  # the next game too, if the first was short
            if server.dropped:
                break
            number = tables[0].game_number
            for t in tables:
                t.request_new_game()
            await tables[0].wait_for(lambda n=number: tables[0].game_number > n, TIMEOUT)
            await play_to_the_end(tables)
        assert server.dropped == 1
        assert server.host.connections == 2
        for t in tables:
            await t.close()
        writer.close()
    finally:
        await server.close()


# ---------------------------------------------------------------------- junk


_junk_message = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "answer", "chat", "ping", "again", "dance", ""])},
    optional={
        "protocol": st.integers(-2, 3) | st.text(max_size=3) | st.none(),
        "name": st.text(max_size=30) | st.integers(),
        "token": st.text(max_size=40) | st.none() | st.booleans(),
        "spectate": st.booleans() | st.integers(),
        "prompt": st.text(max_size=20) | st.integers(),
        "option": st.text(max_size=20) | st.lists(st.integers(), max_size=3),
        "text": st.text(max_size=60) | st.none(),
        "id": st.text(max_size=70) | st.integers() | st.floats(allow_nan=False),
    },
)
_junk_line = st.one_of(
    st.binary(max_size=80).map(lambda b: b.replace(b"\n", b" ")),
    st.text(max_size=80).map(lambda t: t.replace("\n", " ").encode("utf-8", "replace")),
    _junk_message.map(lambda m: json.dumps(m).encode()),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=10),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
        max_leaves=10,
    ).map(lambda v: json.dumps(v).encode()),
)


@given(lines=st.lists(_junk_line, min_size=1, max_size=25), hello_first=st.booleans())
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
def test_junk_never_crashes_the_server_and_the_others_keep_playing(
    lines: list[bytes], hello_first: bool
) -> None:
    asyncio.run(_junk_scenario(lines, hello_first))


async def _junk_scenario(lines: list[bytes], hello_first: bool) -> None:
    server = await start_server("pigeons", players=3, bots=1, seed=5)
    try:
        ann, bob = await join(server, "Ann"), await join(server, "Bob")
        await ann.wait_started(TIMEOUT)
        drivers = [BotDriver(t, seed=i) for i, t in enumerate((ann, bob))]
        tasks = [asyncio.ensure_future(d.run()) for d in drivers]
        junk = await raw(server)
        if hello_first:
            await junk.hello("Junk", spectate=True)
        for line in lines:
            await junk.send_raw(line + b"\n")
            await asyncio.sleep(0)
        await junk.send({"type": "ping", "id": "end"})
        replies: list[dict[str, Any]] = []
        try:
            while True:
                msg = await junk.recv(timeout=TIMEOUT)
                replies.append(msg)
                if msg == {"type": "pong", "id": "end"}:
                    break
        except ConnectionClosed:
            assert replies[-1]["type"] == "error" and replies[-1]["fatal"] is True
        assert all(r.get("code") != Code.INTERNAL for r in replies), replies
        await junk.close()
        await asyncio.wait_for(asyncio.gather(*tasks), TIMEOUT * 3)
        assert ann.is_over and bob.is_over
        await ann.close()
        await bob.close()
    finally:
        await server.close()


async def test_both_ends_probe_a_silent_peer() -> None:
    """A laptop that sleeps sends no FIN: both ends ask the system for keepalive
    probes (and on Linux their timings and a timeout for unacknowledged data), so
    a dead peer is a connection error within about half a minute."""
    from engine.net import tcp

    server = await start_server()
    try:
        ann = await join(server, "Ann")
        assert ann._conn is not None
        ends = [ann._conn.writer.get_extra_info("socket")]
        ends += [w.get_extra_info("socket") for w in server._writers.values()]
        assert len(ends) == 2
        for end in ends:
            assert end.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) == 1
            if hasattr(socket, "TCP_KEEPIDLE"):
                assert end.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == tcp.KEEPALIVE_IDLE
                assert (
                    end.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPCNT) == tcp.KEEPALIVE_PROBES
                )
            if hasattr(socket, "TCP_USER_TIMEOUT"):
                timeout = end.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT)
                assert timeout == tcp.USER_TIMEOUT_MS
        await ann.close()
    finally:
        await server.close()


async def test_with_no_room_to_wait_a_new_connection_hears_busy() -> None:
    server = await start_server(max_pending=0)
    try:
        messages = await closed_after(await raw(server))
        assert [m["code"] for m in messages] == [Code.BUSY]
    finally:
        await server.close()
