"""Who may knock, and how often (issue 20, points 2, 4 and 5): connections capped per
source address and in total, a growing delay before each wrong password and a lock-out
per address, a join budget per address that a seat's token never depends on, idle
connections dropped, and a console that stays readable under a flood."""

from __future__ import annotations

import asyncio
import errno
import json

import pytest
from net_helpers import LOOPBACK, FakeClock, HostHarness, hello, start_server

from engine.net.client import JoinError, RemoteTable
from engine.net.guard import AttemptBudget
from engine.net.protocol import Code, encode


def busy(replies: list[dict[str, object]]) -> bool:
    return any(m["type"] == "error" and m["code"] == Code.BUSY for m in replies)


def connect(h: HostHarness, address: str) -> tuple[int, list[dict[str, object]]]:
    conn = h.host.connect(address)
    h.inbox.setdefault(conn, [])
    h.pump()
    return conn, h.inbox[conn]


# ---------------------------------------------------------------------- connections


def test_connections_are_capped_per_address_and_in_total() -> None:
    h = HostHarness.new(max_per_address=3, max_connections=5)
    lines: list[str] = []
    h.host._report = lambda kind, text: lines.append(text)
    first = [connect(h, "10.0.0.1")[0] for _ in range(3)]
    conn, got = connect(h, "10.0.0.1")
    assert busy(got) and conn in h.closed
    assert "from your address" in str(got[0]["message"])
    assert all(c not in h.closed for c in first)
    connect(h, "10.0.0.2")
    connect(h, "10.0.0.3")
    conn, got = connect(h, "10.0.0.4")  # five open: the total is reached
    assert busy(got) and "from everyone" in str(got[0]["message"])
    h.drop(first[0])  # a closed connection gives its place back
    conn, got = connect(h, "10.0.0.1")
    assert not busy(got) and conn not in h.closed
    assert lines == [
        "Refused (too many connections from one address): 10.0.0.1",
        "Refused (too many connections): 10.0.0.4",
    ]


def test_this_machine_is_exempt_from_the_per_address_cap_unless_asked() -> None:
    h = HostHarness.new(max_per_address=2)
    assert not any(busy(connect(h, "127.0.0.1")[1]) for _ in range(6))  # an SSH door's players
    h = HostHarness.new(max_per_address=2, limit_loopback=True)
    assert [busy(connect(h, "::1")[1]) for _ in range(3)] == [False, False, True]


def test_a_connection_without_a_hello_is_dropped_within_seconds() -> None:
    clock = FakeClock()
    h = HostHarness.new(clock=clock)
    lines: list[str] = []
    h.host._report = lambda kind, text: lines.append(text)
    idle = [connect(h, f"10.0.1.{i}")[0] for i in range(3)]
    assert h.host.next_wakeup() == clock() + 5
    clock.advance(5)
    h.tick()
    assert all(c in h.closed for c in idle)
    assert h.inbox[idle[0]][0]["code"] == Code.TIMEOUT
    assert lines == ["Refused (no hello in time): 10.0.1.0"]  # the rest are counted
    clock.advance(10)
    h.tick()
    assert lines[1:] == ["Refused (no hello in time): 2 more from 2 addresses in the last 10 s"]


# ---------------------------------------------------------------------- passwords


def test_a_wrong_password_is_answered_after_a_growing_delay_then_the_address_is_locked() -> None:
    clock = FakeClock()
    budget = AttemptBudget(per_address=4, window=300, base_delay=0.5, max_delay=4, clock=clock)
    h = HostHarness.new(clock=clock, password="s3cret", password_budget=budget)
    delays = []
    for i in range(4):  # fresh connections: the delay is the address's, not one socket's
        conn, got = connect(h, "10.0.0.9")
        h.send(conn, hello(f"Eve{i}", password=f"guess{i}"))
        assert got == [] and conn not in h.closed  # held, not answered yet
        h.send(conn, hello("Eve", password="s3cret"))  # bytes while held are dropped
        due = h.host.next_wakeup()
        assert due is not None
        delays.append(due - clock())
        clock.advance(due - clock())
        h.tick()
        assert [m["code"] for m in got] == [Code.PASSWORD] and conn in h.closed
        assert got[0]["message"] == "Wrong password."
    assert delays == [0.5, 1.0, 2.0, 4.0]
    # Locked out: even the right password is refused, at once, and says for how long.
    conn, got = connect(h, "10.0.0.9")
    h.send(conn, hello("Eve", password="s3cret"))
    assert got[0]["code"] == Code.PASSWORD and conn in h.closed
    assert (
        got[0]["message"] == "Too many wrong passwords from your address: try again in 5 minutes."
    )
    # Another address is not locked out, and the right password clears an address.
    conn, got = connect(h, "10.0.0.10")
    assert h.send(conn, hello("Ann", password="s3cret"))[0]["type"] == "welcome"
    clock.advance(300)
    conn, got = connect(h, "10.0.0.9")
    assert h.send(conn, hello("Bob", password="s3cret"))[0]["type"] == "welcome"
    assert budget.allowed("10.0.0.9") and "10.0.0.9" not in budget._seen


def test_the_budget_is_shared_by_the_tables_that_share_it() -> None:
    clock = FakeClock()
    budget = AttemptBudget(per_address=2, base_delay=0.0, clock=clock)
    one = HostHarness.new(clock=clock, password="a", password_budget=budget)
    other = HostHarness.new(clock=clock, password="b", password_budget=budget)
    for _ in range(2):
        conn, _got = connect(one, "10.0.0.7")
        one.send(conn, hello("Eve", password="x"))
    conn, got = connect(other, "10.0.0.7")
    other.send(conn, hello("Eve", password="b"))
    assert "Too many wrong passwords" in str(got[0]["message"])


# ---------------------------------------------------------------------- joins


def test_one_address_cannot_spend_the_joins_of_the_others_nor_a_seat_token() -> None:
    clock = FakeClock()
    h = HostHarness.new(
        clock=clock, players=3, bots=1, away_timeout=None, address_join_rate=(1.0, 4.0)
    )
    ann, _got = connect(h, "10.0.0.1")
    assert h.send(ann, hello("Ann"))[0]["type"] == "welcome"
    bob, _got = connect(h, "10.0.0.2")
    assert h.send(bob, hello("Bob"))[0]["type"] == "welcome"
    token = h.welcome(ann)["token"]
    h.drop(ann)
    refused = 0
    for i in range(20):  # a stranger floods hellos from one address (closing each)
        conn, got = connect(h, "10.6.6.6")
        h.send(conn, hello(f"Eve{i}", spectate=True))
        refused += busy(got)
        h.drop(conn)
    assert refused == 16  # its burst of 4, then nothing
    conn, got = connect(h, "10.0.0.3")  # someone else still gets in
    assert h.send(conn, hello("Cy", spectate=True))[0]["type"] == "welcome"
    for _ in range(6):  # Ann's redials never count against any budget
        conn, got = connect(h, "10.0.0.1")
        replies = h.send(conn, hello("Ann", token=token))
        assert replies[0]["type"] == "welcome", replies
        h.drop(conn)


# ---------------------------------------------------------------------- real sockets


async def read_lines(reader: asyncio.StreamReader, timeout: float = 5.0) -> list[dict[str, object]]:
    got = []
    async with asyncio.timeout(timeout):
        while line := await reader.readline():
            got.append(json.loads(line))
    return got


async def test_a_flood_of_sockets_is_refused_and_a_player_still_joins() -> None:
    server = await start_server(max_per_address=4, limit_loopback=True, hello_timeout=0.5)
    try:
        idle = [await asyncio.open_connection(LOOPBACK, server.port) for _ in range(4)]
        floods = [await asyncio.open_connection(LOOPBACK, server.port) for _ in range(10)]
        for reader, writer in floods:  # each over the cap: told why and closed
            got = await read_lines(reader)
            assert [m["code"] for m in got] == [Code.BUSY]
            writer.close()
        for reader, writer in idle:  # no hello: dropped within the timeout
            got = await read_lines(reader)
            assert [m["code"] for m in got] == [Code.TIMEOUT]
            writer.close()
        table = await RemoteTable.connect(LOOPBACK, server.port, name="Ann")
        assert table.seat == 0
        await table.close()
    finally:
        await server.close()


async def test_password_guessing_over_the_tcp_port_is_slowed_then_locked_out() -> None:
    budget = AttemptBudget(per_address=5, base_delay=0.01, max_delay=0.05)
    server = await start_server(password="crumbs", password_budget=budget)
    try:
        messages = []
        for i in range(8):  # bounded: fresh connections, one guess each
            with pytest.raises(JoinError) as info:
                await RemoteTable.connect(LOOPBACK, server.port, name="Eve", password=f"guess{i}")
            messages.append(str(info.value))
        assert messages[:5] == ["Wrong password."] * 5
        assert all(m.startswith("Too many wrong passwords") for m in messages[5:])
        with pytest.raises(JoinError, match="Too many wrong passwords"):
            await RemoteTable.connect(LOOPBACK, server.port, name="Ann", password="crumbs")
    finally:
        await server.close()


async def test_accept_failing_for_want_of_descriptors_is_counted_not_printed() -> None:
    lines: list[str] = []
    server = await start_server()
    server.host._report = lambda kind, text: lines.append(text)
    try:
        loop = asyncio.get_running_loop()
        handler = loop.get_exception_handler()
        assert handler is not None
        for _ in range(50):
            error = OSError(errno.EMFILE, "Too many open files")
            handler(loop, {"message": "socket.accept() out of system resource", "exception": error})
        assert lines == ["Refused (out of file descriptors): an unknown address"]
    finally:
        await server.close()
    assert asyncio.get_running_loop().get_exception_handler() is None
    assert lines[-1] == (
        "Refused (out of file descriptors): 49 more from an unknown address in the last 1 s"
    )


def test_the_refusal_reaches_a_raw_client_as_a_documented_error_line() -> None:
    h = HostHarness.new(max_per_address=1)
    connect(h, "10.0.0.1")
    conn = h.host.connect("10.0.0.1")
    data = b"".join(a.data for a in h.host.take_actions() if hasattr(a, "data"))
    message = json.loads(data)
    assert message == {
        "type": "error",
        "code": "busy",
        "message": "Too many connections from your address are open: try again in a moment.",
        "fatal": True,
    }
    assert encode(message).endswith(b"\n") and conn
