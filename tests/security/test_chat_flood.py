"""Spectators flooding the chat: seats' lines go first, and the host can mute spectators.

Seated players' lines have their own budget (spectators never spend it) and are
relayed at once; spectators' lines wait in a queue for their own, smaller, pace.
``purrch host --quiet-spectators`` (and the ``m`` key of its console) mutes them.
"""

from __future__ import annotations

from typing import Any

from engine.games import get_game
from engine.net.chat import LOUD_SPECTATORS, QUIET_SPECTATORS
from engine.net.client import ClientConnection
from engine.net.host import HostConfig, Send, TableHost
from engine.net.protocol import Code, Message, encode, parse_server_line
from engine.net.server import TableServer

LOOPBACK = "127.0.0.1"
TIMEOUT = 20.0
SPECTATORS = 25


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Harness:
    """A sans-I/O host and what each connection received."""

    def __init__(self, **config: Any) -> None:
        self.clock = Clock()
        settings: dict[str, Any] = {"players": 3, "bots": 1, "seed": 7, "bot_delay": (0.0, 0.0)}
        self.host = TableHost(
            get_game("pigeons"), HostConfig(**settings | config), clock=self.clock
        )
        self.inbox: dict[int, list[Message]] = {}

    def pump(self) -> None:
        for action in self.host.take_actions():
            if isinstance(action, Send):
                for line in action.data.splitlines():
                    self.inbox.setdefault(action.conn, []).append(parse_server_line(line))

    def join(self, name: str, **extra: Any) -> int:
        conn = self.host.connect()
        self.send(conn, {"type": "hello", "protocol": 1, "name": name, **extra})
        assert self.inbox[conn][0]["type"] == "welcome", self.inbox[conn]
        return conn

    def send(self, conn: int, msg: Message) -> list[Message]:
        before = len(self.inbox.get(conn, []))
        self.host.receive(conn, encode(msg))
        self.pump()
        return self.inbox.get(conn, [])[before:]

    def chat(self, conn: int) -> list[str]:
        return [f"{m['from']}: {m['text']}" for m in self.inbox[conn] if m["type"] == "chat"]


def test_a_seats_line_goes_before_the_spectators_waiting_ones() -> None:
    h = Harness()
    ann, bob = h.join("Ann"), h.join("Bob")
    watchers = [h.join(f"w{i}", spectate=True) for i in range(SPECTATORS)]
    refused = 0
    for w in watchers:
        for k in range(5):  # each its whole burst, at the same moment
            got = h.send(w, {"type": "chat", "text": f"spam {k}"})
            refused += sum(1 for m in got if m["type"] == "error")
    config = h.host.config
    relayed = int(config.spectator_chat_rate[1])  # the spectators' burst went out at once
    assert len(h.chat(bob)) == relayed
    assert refused == SPECTATORS * 5 - relayed - config.spectator_chat_queue
    for i in range(5):  # Ann's whole burst: none refused, none behind the queue
        assert not [
            m for m in h.send(ann, {"type": "chat", "text": f"ann {i}"}) if m["type"] == "error"
        ]
    assert h.chat(bob)[relayed:] == [f"Ann: ann {i}" for i in range(5)]
    # The waiting lines go at the spectators' pace, as the host's timer comes.
    wakeup = h.host.next_wakeup()
    assert wakeup is not None and wakeup > h.clock.now
    h.clock.now = wakeup
    h.host.tick()
    h.pump()
    assert h.chat(bob)[-1] == "w0: spam 4"  # the first that waited
    while (due := h.host.next_wakeup()) is not None:  # the host's timer, each time
        h.clock.now = max(h.clock.now, due)
        h.host.tick()
        h.pump()
    assert len(h.chat(bob)) == relayed + 5 + config.spectator_chat_queue
    assert h.host.next_wakeup() is None  # nothing waits any more


def test_quiet_spectators_read_but_cannot_chat() -> None:
    h = Harness(quiet_spectators=True)
    ann = h.join("Ann")
    eve = h.join("Eve", spectate=True)
    assert {"type": "notice", "text": QUIET_SPECTATORS} in h.inbox[eve]
    got = h.send(eve, {"type": "chat", "text": "hi"})
    assert [m["code"] for m in got if m["type"] == "error"] == [Code.MUTED]
    h.send(ann, {"type": "chat", "text": "hello"})
    assert h.chat(eve) == ["Ann: hello"] and h.chat(ann) == ["Ann: hello"]


def test_the_host_mutes_and_unmutes_spectators_and_they_are_told() -> None:
    h = Harness()
    ann = h.join("Ann")
    eve = h.join("Eve", spectate=True)
    h.send(eve, {"type": "chat", "text": "one"})
    h.host.set_quiet_spectators(True)
    h.pump()
    assert h.inbox[eve][-1] == {"type": "notice", "text": QUIET_SPECTATORS}
    assert not [m for m in h.inbox[ann] if m["type"] == "notice"]  # players are not told
    got = h.send(eve, {"type": "chat", "text": "two"})
    assert got[0]["code"] == Code.MUTED
    h.host.set_quiet_spectators(False)
    h.pump()
    assert h.inbox[eve][-1] == {"type": "notice", "text": LOUD_SPECTATORS}
    h.send(eve, {"type": "chat", "text": "three"})
    assert h.chat(ann) == ["Eve: one", "Eve: three"]


# ---------------------------------------------------------------------- real sockets


async def _open(port: int, name: str, **extra: Any) -> ClientConnection:
    conn = await ClientConnection.open(LOOPBACK, port, timeout=TIMEOUT)
    await conn.send({"type": "hello", "protocol": 1, "name": name, **extra})
    welcome = await conn.recv(timeout=TIMEOUT)
    assert welcome["type"] == "welcome", welcome
    return conn


async def _chat_lines(conn: ClientConnection, count: int) -> list[str]:
    out: list[str] = []
    while len(out) < count:
        msg = await conn.recv(timeout=TIMEOUT)
        if msg["type"] == "chat":
            out.append(f"{msg['from']}: {msg['text']}")
    return out


async def test_spectators_spamming_over_sockets_never_crowd_out_a_seat() -> None:
    """25 spectators send their whole burst at once, over and over; Ann's lines all
    reach Bob, each before the spectators' lines that were waiting when she said it."""
    # The table's budget barely refills: 20 lines, then one in 100 s.
    config = HostConfig(
        players=3,
        bots=1,
        seed=3,
        window_seconds=None,
        rate=1e5,
        burst=1e5,
        table_chat_rate=(0.01, 20.0),
    )
    # The spectators' lines that wait then wait for the whole test (not timed).
    config.spectator_chat_rate = (0.01, 4.0)
    server = TableServer(TableHost(get_game("pigeons"), config))
    await server.start(LOOPBACK, 0)
    conns: list[ClientConnection] = []
    try:
        ann = await _open(server.port, "Ann")
        bob = await _open(server.port, "Bob")
        conns += [ann, bob]
        watchers = [await _open(server.port, f"w{i}", spectate=True) for i in range(SPECTATORS)]
        conns += watchers
        for w in watchers:
            for _ in range(5):
                await w.send({"type": "chat", "text": "spam"})
        # Every spam line is in before Ann speaks (a ping answered in order).
        for w in watchers:
            await w.send({"type": "ping", "id": 1})
        for w in watchers:
            while (await w.recv(timeout=TIMEOUT))["type"] != "pong":
                pass
        heard_before = 4
        for i in range(5):
            await ann.send({"type": "chat", "text": f"ann {i}"})
        await ann.send({"type": "ping", "id": 2})
        while (msg := await ann.recv(timeout=TIMEOUT))["type"] != "pong":
            assert msg["type"] != "error", msg  # none of Ann's lines is refused
        lines = await _chat_lines(bob, heard_before + 5)
        assert lines[:heard_before] == ["w0: spam"] * heard_before
        # Spectators' lines wait, said before Ann's: hers came first all the same.
        assert lines[heard_before:] == [f"Ann: ann {i}" for i in range(5)]
    finally:
        for conn in conns:
            await conn.close()
        await server.close()


async def test_the_app_shows_the_hosts_notice_as_plain_text() -> None:
    """A spectator's app says that the host muted the chat (a 'notice'), as it is."""
    from net_helpers import HostHarness

    from engine.net.client import RemoteTable
    from tui.app import PurrchApp
    from tui.scenes import scene_settings

    h = HostHarness.new("stool", players=3, bots=1, seed=45, away_timeout=None)
    h.join("Ann")
    h.join("Bob")
    cy = h.join("Cy", spectate=True)
    remote = RemoteTable(send=lambda _msg: None)
    for msg in h.inbox[cy]:
        remote.handle(msg)
    app = PurrchApp(scene_settings(), remote)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen = len(h.inbox[cy])
        h.host.set_quiet_spectators(True)
        h.pump()
        for msg in h.inbox[cy][seen:]:
            remote.handle(msg)
        await pilot.pause()
        notices = [(n.title, n.message, n.markup) for n in app._notifications]
        assert any(t == "Host" and "muted" in m and not markup for t, m, markup in notices)
