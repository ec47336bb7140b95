"""The client side without sockets: RemoteTable fed with a host's messages, tokens, addresses."""

from __future__ import annotations

from pathlib import Path

import pytest
from net_helpers import RACE, HostHarness

from engine.core import IllegalMove
from engine.net.client import RemoteTable, TokenStore, data_dir, parse_address
from engine.net.protocol import Message


class Wire:
    """A RemoteTable and a host conn, wired through the harness (no sockets)."""

    def __init__(self, harness: HostHarness, name: str, **hello: object) -> None:
        self.harness = harness
        self.sent: list[Message] = []
        self.table = RemoteTable(send=self.sent.append, games={"race": RACE})
        self.conn = harness.join(name, **hello)
        self.read = 0

    def deliver(self) -> None:
        """Everything the host sent this conn so far, into the table."""
        inbox = self.harness.inbox[self.conn]
        for msg in inbox[self.read :]:
            self.table.handle(msg)
        self.read = len(inbox)

    def flush(self) -> None:
        """What the table sent, to the host."""
        for msg in self.sent:
            self.harness.send(self.conn, msg)
        self.sent.clear()


def race_of_two() -> tuple[HostHarness, Wire, Wire]:
    h = HostHarness.new("race", players=2, bots=0, window_seconds=6)
    ann = Wire(h, "Ann")
    ann.deliver()
    assert not ann.table.started
    bob = Wire(h, "Bob")
    ann.deliver()
    bob.deliver()
    return h, ann, bob


def test_the_remote_table_shows_the_seats_own_view_prompts_and_secrets() -> None:
    h, ann, _bob = race_of_two()
    table = ann.table
    assert table.started and table.seat == 0 and table.game is RACE
    assert table.title == "Race" and table.n_seats == 2 and table.options == {"rounds": 3}
    assert [(s.name, s.kind) for s in table.seats] == [("Ann", "human"), ("Bob", "remote")]
    assert table.window_seconds == 6
    host_table = h.host.table
    assert host_table is not None
    assert table.view(0) == host_table.view(0)
    assert table.view(1)["private"] == {} and table.view(None)["private"] == {}
    assert [p.id for p in table.prompts()] == ["r0"]
    assert table.prompts_for(0) == host_table.prompts_for(0) and table.prompts_for(1) == []
    assert table.humans_waiting() == [0]
    assert table.log_for(0) == host_table.log_for(0)
    assert table.log_for(1) == host_table.log_for(None)  # never Bob's secrets
    # Only who starts is logged, not the deal: the view holds Ann's number.
    assert [e.kind for e in table.log] == ["start"]
    remaining = table.window_remaining()
    assert remaining is not None and 0 < remaining <= 6
    assert table.deadline("r0") is not None
    assert table.tick() == [] and table.next_due() is None
    assert table.autosave_path is None and table.autosave_error is None
    table.window_seconds = 1  # the server keeps time: nothing changes
    assert table.window_seconds == 6


def test_an_answer_is_sent_hidden_until_the_update_and_acknowledged() -> None:
    _h, ann, bob = race_of_two()
    heard: list[int] = []
    ann.table.subscribe(lambda events: heard.append(len(events)))
    assert ann.table.answer(0, "r0", "claim") == []
    assert ann.sent == [{"type": "answer", "prompt": "r0", "option": "claim", "id": 1}]
    assert ann.table.prompts() == []  # no double answers while it travels
    ann.flush()
    ann.deliver()
    assert heard and heard[-1] >= 1
    assert ann.table.log[-2].text_for(0).startswith("Ann claims round 1 holding")
    assert [p.id for p in ann.table.prompts()] == ["r1"]
    bob.deliver()
    assert bob.table.log[-2].text_for(1) == "Ann claims round 1."


def test_a_refused_answer_brings_its_prompt_back() -> None:
    _h, ann, bob = race_of_two()
    bob.table.answer(1, "r0", "claim")
    ann.table.answer(0, "r0", "claim")  # sent before Ann heard of Bob's claim
    bob.flush()
    ann.flush()
    errors: list[Message] = []
    ann.table.listen(lambda msg: errors.append(msg) if msg["type"] == "error" else None)
    calls: list[int] = []
    ann.table.subscribe(lambda events: calls.append(len(events)))
    ann.deliver()
    assert errors and errors[0]["re"] == 1
    assert ann.table.last_error == errors[0]["message"]
    assert [p.id for p in ann.table.prompts()] == ["r1"]


def test_local_checks_raise_at_once() -> None:
    _h, ann, _bob = race_of_two()
    table = ann.table
    with pytest.raises(IllegalMove, match="your own seat"):
        table.answer(1, "r0", "claim")
    with pytest.raises(IllegalMove, match="not open"):
        table.answer(0, "r9", "claim")
    with pytest.raises(IllegalMove, match="not one of the choices"):
        table.answer(0, "r0", "fly")
    assert ann.sent == []


def test_a_spectator_table() -> None:
    h, _ann, _bob = race_of_two()
    eve = Wire(h, "Eve", spectate=True)
    eve.deliver()
    table = eve.table
    assert table.seat is None and table.started
    assert [s.kind for s in table.seats] == ["remote", "remote"]
    assert table.view(None)["private"] == {} and table.prompts() == []
    assert all(not e.secrets for e in table.log)
    with pytest.raises(IllegalMove, match="Spectators"):
        table.answer(0, "r0", "claim")


def test_lobby_changes_and_away_seats() -> None:
    h, ann, bob = race_of_two()
    calls: list[int] = []
    ann.table.subscribe(lambda events: calls.append(len(events)))
    h.drop(bob.conn)
    ann.deliver()
    assert ann.table.away_seats == frozenset({1})
    assert calls == [0]
    assert ann.table.lobby.seats[1].status == "away"


def test_a_new_game_starts_a_fresh_log() -> None:
    h, ann, bob = race_of_two()
    for _round in range(3):
        for wire in (ann, bob):
            wire.deliver()
            prompts = wire.table.prompts()
            if prompts and wire.table.seat is not None:
                wire.table.answer(wire.table.seat, prompts[0].id, "pass")
                wire.flush()
    ann.deliver()
    assert ann.table.is_over and ann.table.outcome() is not None
    ann.table.request_new_game()
    bob.table.request_new_game()
    ann.flush()
    bob.flush()
    ann.deliver()
    assert ann.table.game_number == 2 and not ann.table.is_over
    assert ann.table.log_for(0) == h.host.table.log_for(0)  # type: ignore[union-attr]


def test_a_malformed_server_message_is_ignored() -> None:
    table = RemoteTable(send=lambda _m: None)
    table.handle({"type": "update", "game_number": 1})
    table.handle({"type": "lobby", "seats": "nope"})
    assert not table.started


# ---------------------------------------------------------------------- tokens, addresses


def test_tokens_are_kept_per_host_port_and_name(tmp_path: Path) -> None:
    store = TokenStore(tmp_path / "sub" / "tokens.json")
    assert store.get("Host", 7777, "Ann") is None
    store.put("Host", 7777, "Ann", "t1")
    store.put("host", 7777, "Bob", "t2")
    store.put("host", 7778, "Ann", "t3")
    assert store.get("host", 7777, " ann ") == "t1"
    assert store.get("host", 7777, "Bob") == "t2"
    assert store.get("host", 7778, "Ann") == "t3"
    assert (store.path.stat().st_mode & 0o777) == 0o600
    store.forget("host", 7777, "Ann")
    assert store.get("host", 7777, "Ann") is None
    store.path.write_text("{broken")
    assert store.get("host", 7778, "Ann") is None  # a damaged file is an empty one


def test_the_data_folder_follows_purrch_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    assert data_dir() == tmp_path
    assert TokenStore().path == tmp_path / "lan-tokens.json"
    monkeypatch.delenv("PURRCH_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "purrch"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("192.168.1.20", ("192.168.1.20", 7777)),
        ("192.168.1.20:8000", ("192.168.1.20", 8000)),
        ("table.local", ("table.local", 7777)),
        ("[::1]:7000", ("::1", 7000)),
        ("[fe80::1]", ("fe80::1", 7777)),
        ("fe80::1", ("fe80::1", 7777)),
    ],
)
def test_addresses(text: str, expected: tuple[str, int]) -> None:
    assert parse_address(text) == expected


@pytest.mark.parametrize("text", ["", ":7777", "host:", "host:0", "host:99999", "host:x", "[::1"])
def test_bad_addresses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_address(text)


def test_a_ui_can_have_the_news_delivered_on_its_own_task() -> None:
    _h, ann, _bob = race_of_two()
    queued: list[object] = []
    heard: list[int] = []
    ann.table.deliver = queued.append
    ann.table.subscribe(lambda events: heard.append(len(events)))
    ann.table.answer(0, "r0", "pass")
    ann.flush()
    ann.deliver()
    assert heard == [] and queued  # nothing ran yet: the UI runs it
    for callback in queued:
        callback()  # type: ignore[operator]
    assert heard


def test_a_broken_subscriber_does_not_break_the_table() -> None:
    _h, ann, _bob = race_of_two()

    def broken(_events: object) -> None:
        raise RuntimeError("boom")

    ann.table.subscribe(broken)
    ann.table.answer(0, "r0", "pass")
    ann.flush()
    ann.deliver()  # logged, not raised
    assert ann.table.log


def test_a_welcome_s_chat_adds_only_what_the_table_missed() -> None:
    """Joining, a table takes the host's last lines; coming back on the same table
    (a new connection, a new welcome), only those said while it was away."""
    h, ann, bob = race_of_two()
    assert h.clock is not None
    for text in ("hi", "ready?"):
        h.clock.advance(1.0)
        bob.table.send_chat(text)
        bob.flush()
    ann.deliver()
    assert [line[2] for line in ann.table.chat] == ["hi", "ready?"]
    token = ann.table.token
    h.drop(ann.conn)
    for text in ("Ann dropped", "ready?"):  # the same words again: a new line all the same
        h.clock.advance(1.0)
        bob.table.send_chat(text)
        bob.flush()
    ann.conn, ann.read = h.join("Ann", token=token), 0
    ann.deliver()
    assert [line[2] for line in ann.table.chat] == ["hi", "ready?", "Ann dropped", "ready?"]
    assert ann.table.chat[-1] == ("Bob", 1, "ready?")
    late = Wire(h, "Eve", spectate=True)
    late.deliver()
    assert list(late.table.chat) == list(ann.table.chat)  # joining late, all of it


def test_a_malformed_chat_line_in_a_welcome_costs_only_that_line() -> None:
    h, ann, _bob = race_of_two()
    welcome = dict(h.welcome(ann.conn))
    welcome["chat"] = [{"from": "Bob", "seat": "x"}, {"from": "Bob", "seat": 1, "text": "ok"}]
    table = RemoteTable(send=lambda _m: None, games={"race": RACE})
    table.handle(welcome)
    assert table.seat == 0 and list(table.chat) == [("Bob", 1, "ok")]
