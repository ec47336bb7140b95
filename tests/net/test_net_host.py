"""The table host without sockets: seats, tokens, errors, time, no leaks, saving."""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path

import pytest
from net_helpers import RACE, FakeClock, HostHarness, hello, play_host_game

from engine import finished, replays
from engine.games import REGISTRY, get_game
from engine.net.chat import CHAT_HISTORY
from engine.net.guard import AttemptBudget
from engine.net.host import HostConfig, TableHost, fsync_saved
from engine.net.protocol import MAX_LINE, Code, encode
from engine.session import SaveError, SeatConfig, Table


def error_of(messages: list[dict[str, object]]) -> dict[str, object]:
    errors = [m for m in messages if m["type"] == "error"]
    assert len(errors) == 1, messages
    return errors[0]


def three_players(harness: HostHarness) -> list[int]:
    return [harness.join(name) for name in ("Ann", "Bob", "Cy")]


# ---------------------------------------------------------------------- joining


def test_seats_fill_in_join_order_and_the_game_starts_when_every_player_is_here() -> None:
    h = HostHarness.new(players=4, bots=1)
    ann = h.join("Ann")
    welcome = h.welcome(ann)
    assert welcome["seat"] == 0 and welcome["protocol"] == 1
    assert isinstance(welcome["token"], str) and len(welcome["token"]) >= 30
    assert welcome["game"] == "pigeons" and welcome["title"] == "Cats Among The Pigeons"
    assert welcome["players"] == 4 and welcome["started"] is False
    assert welcome["waiting_for"] == 2
    assert [s["status"] for s in welcome["seats"]] == ["here", "open", "open", "bot"]
    assert [s["kind"] for s in welcome["seats"]] == ["player", "player", "player", "bot"]
    assert welcome["options"] == {"rainbow_pairs": True, "turn_limit": 300}

    tom = h.join("tom")  # a bot must not be called Tom then
    assert h.welcome(tom)["seat"] == 1
    assert h.last(ann, "lobby")["waiting_for"] == 1  # everyone hears who came
    assert h.host.table is None
    reply = h.send(ann, {"type": "answer", "prompt": "x", "option": "y"})
    assert error_of(reply)["code"] == Code.NOT_STARTED
    assert "waiting for 1 more player." in str(error_of(reply)["message"])

    cy = h.join("Cy")
    table = h.host.table
    assert table is not None
    assert [s.name for s in table.seats] == ["Ann", "tom", "Cy", "Luna"]
    assert [s.kind for s in table.seats] == ["remote", "remote", "remote", "bot"]
    for conn in (ann, tom, cy):
        lobby = h.last(conn, "lobby")
        assert lobby is not None and lobby["started"] is True and lobby["game_number"] == 1
        update = h.last(conn, "update")
        assert update is not None and update["first"] == 0 and update["game_number"] == 1
    assert h.welcome(cy)["token"] != h.welcome(ann)["token"]


def test_leaving_before_the_start_frees_the_seat() -> None:
    h = HostHarness.new()
    ann = h.join("Ann")
    token = h.welcome(ann)["token"]
    h.drop(ann)
    bob = h.join("Bob")
    assert h.welcome(bob)["seat"] == 0
    # The old token is forgotten: Ann comes back as a newcomer.
    ann = h.join("Ann", token=token)
    assert h.welcome(ann)["seat"] == 1 and h.welcome(ann)["token"] != token


def test_a_name_already_at_the_table_is_refused_and_another_hello_works() -> None:
    h = HostHarness.new()
    h.join("Ann")
    conn = h.connect()
    reply = h.send(conn, hello(" ANN "))
    error = error_of(reply)
    assert error["code"] == Code.NAME and "already at the table" in str(error["message"])
    assert not error.get("fatal") and conn not in h.closed
    reply = h.send(conn, hello("   "))
    assert error_of(reply)["code"] == Code.NAME
    assert h.send(conn, hello("Bea"))[0]["type"] == "welcome"


def test_spectators_and_players_cannot_share_a_name() -> None:
    """A spectator cannot chat as a seated "Ann", nor a player take a spectator's
    name; look-alike forms (full width) count as the same name."""
    h = HostHarness.new()
    h.join("Ann")
    watcher = h.connect()
    for name in ("Ann", "ａｎｎ", "ANN"):
        error = error_of(h.send(watcher, hello(name, spectate=True)))
        assert error["code"] == Code.NAME and "already at the table" in str(error["message"])
    assert h.send(watcher, hello("Cleo", spectate=True))[0]["type"] == "welcome"
    player = h.connect()
    error = error_of(h.send(player, hello("cleo")))
    assert error["code"] == Code.NAME and not error.get("fatal")
    # A spectator coming back (its old connection not gone yet) keeps its name.
    again = h.connect()
    assert h.send(again, hello("Cleo", spectate=True))[0]["type"] == "welcome"


def test_a_full_table_says_so_and_closes() -> None:
    h = HostHarness.new()
    three_players(h)
    conn = h.connect()
    error = error_of(h.send(conn, hello("Dan")))
    assert error["code"] == Code.FULL and error["fatal"] is True
    assert "spectator" in str(error["message"])
    assert conn in h.closed


def test_an_unknown_token_after_the_start_is_a_full_table() -> None:
    h = HostHarness.new()
    three_players(h)
    conn = h.connect()
    error = error_of(h.send(conn, hello("Ann", token="not-a-token")))
    assert error["code"] == Code.FULL and conn in h.closed


@pytest.mark.parametrize(
    ("password", "code"), [(None, Code.PASSWORD), ("wrong", Code.PASSWORD), ("s3cret", None)]
)
def test_password(password: str | None, code: str | None) -> None:
    h = HostHarness.new(password="s3cret")
    for spectate in (False, True):
        conn = h.connect()
        extra = {"spectate": True} if spectate else {}
        if password is not None:
            extra["password"] = password
        reply = h.send(conn, hello("Ann" if not spectate else "Eve", **extra))
        if code is None:
            assert reply[0]["type"] == "welcome"
        else:
            error = error_of(reply)
            assert error["code"] == code and error["fatal"] is True
            assert conn in h.closed
            assert "password" in str(error["message"]).lower()


def test_another_protocol_version_is_refused() -> None:
    h = HostHarness.new()
    conn = h.connect()
    error = error_of(h.send(conn, hello("Ann", protocol=2)))
    assert error["code"] == Code.PROTOCOL and error["fatal"] is True
    assert "protocol 1, not 2" in str(error["message"])


def test_order_of_messages_errors_keep_the_connection_open() -> None:
    h = HostHarness.new()
    conn = h.connect()
    assert h.send(conn, {"type": "ping", "id": 7}) == [{"type": "pong", "id": 7}]
    for msg in (
        {"type": "answer", "prompt": "p", "option": "o", "id": "a1"},
        {"type": "chat", "text": "hi"},
    ):
        error = error_of(h.send(conn, msg))
        assert error["code"] == Code.HELLO_FIRST and "Say hello first" in str(error["message"])
    assert error_of(h.send(conn, {"type": "again"}))["code"] == Code.HELLO_FIRST
    h.send(conn, hello("Ann"))
    error = error_of(h.send(conn, hello("Ann")))
    assert error["code"] == Code.ALREADY_JOINED and "as Ann" in str(error["message"])
    assert error_of(h.send(conn, b"garbage\n"))["code"] == Code.JSON
    assert error_of(h.send(conn, b'{"type":"dance"}\n'))["code"] == Code.UNKNOWN_TYPE
    assert conn not in h.closed
    assert h.send(conn, {"type": "ping"}) == [{"type": "pong"}]


def test_too_many_connections_waiting_to_say_hello_close_the_oldest() -> None:
    """Idle sockets cannot lock the players out: a new connection always gets its
    chance, and the one that waited longest without a hello makes room."""
    clock = FakeClock()
    h = HostHarness.new(clock=clock, max_pending=2)
    idle = []
    for _ in range(2):
        idle.append(h.connect())
        clock.advance(1)
    ann = h.connect()
    assert error_of(h.inbox[idle[0]])["code"] == Code.BUSY and idle[0] in h.closed
    assert idle[1] not in h.closed and ann not in h.closed
    assert h.send(ann, hello("Ann"))[0]["type"] == "welcome"
    # Once welcomed, a connection no longer counts: two more may wait.
    later = [h.connect(), h.connect()]
    assert not (set(later) & h.closed) and idle[1] in h.closed


def test_no_hello_in_time_closes_the_connection() -> None:
    clock = FakeClock()
    h = HostHarness.new(clock=clock, hello_timeout=30)
    conn = h.connect()
    assert h.host.next_wakeup() == clock.now + 30
    clock.advance(29)
    h.tick()
    assert conn not in h.closed
    clock.advance(1)
    h.tick()
    assert error_of(h.inbox[conn])["code"] == Code.TIMEOUT and conn in h.closed


# ---------------------------------------------------------------------- playing


def test_wrong_answers_are_errors_that_change_nothing() -> None:
    h = HostHarness.new()
    ann, bob, _cy = three_players(h)
    table = h.host.table
    assert table is not None
    turn = next(p for p in table.prompts() if p.kind == "turn")
    owner, other = (ann, bob) if turn.seat == 0 else (bob, ann)
    before = (len(table.log), table.to_json()["state"])
    cases = [
        ({"prompt": turn.id, "option": "draw"}, other, "'s to make"),
        ({"prompt": "nope", "option": "draw"}, owner, "not open"),
        ({"prompt": turn.id, "option": "fly away"}, owner, "not one of the choices"),
    ]
    for fields, conn, words in cases:
        reply = h.send(conn, {"type": "answer", "id": 5, **fields})
        error = error_of(reply)
        assert error["code"] == Code.ILLEGAL and words in str(error["message"])
        assert error["re"] == 5 and not error.get("fatal")
        assert [m["type"] for m in reply] == ["error"]  # no update: nothing changed
    assert (len(table.log), table.to_json()["state"]) == before


def test_an_answer_gets_an_update_that_acknowledges_it() -> None:
    h = HostHarness.new()
    conns = three_players(h)
    table = h.host.table
    assert table is not None
    turn = next(p for p in table.prompts() if p.kind == "turn")
    reply = h.send(
        conns[turn.seat], {"type": "answer", "prompt": turn.id, "option": "draw", "id": "x1"}
    )
    updates = [m for m in reply if m["type"] == "update"]
    assert len(updates) == 1 and updates[0]["ack"] == "x1"
    assert updates[0]["first"] == 1 and updates[0]["events"]  # after "... starts."
    # Everyone else heard about it too, without the ack.
    for conn in conns:
        if conn != conns[turn.seat]:
            assert "ack" not in h.last(conn, "update")


def test_competing_claims_are_ordered_by_arrival() -> None:
    h = HostHarness.new("race", players=3, bots=0, window_seconds=None)
    ann, bob, cy = three_players(h)
    table = h.host.table
    assert table is not None
    assert {p.seat for p in table.prompts()} == {0, 1, 2}  # a race: everyone at once
    # Cy's claim arrives first and wins; Ann's, a moment later, finds it closed.
    h.send(cy, {"type": "answer", "prompt": "r0", "option": "claim"})
    error = error_of(h.send(ann, {"type": "answer", "prompt": "r0", "option": "claim"}))
    assert error["code"] == Code.ILLEGAL
    assert table.state["wins"] == [0, 0, 1]
    # Next round, the other way round.
    h.send(ann, {"type": "answer", "prompt": "r1", "option": "claim"})
    assert error_of(h.send(cy, {"type": "answer", "prompt": "r1", "option": "claim"}))
    assert table.state["wins"] == [1, 0, 1]
    assert "claims round 2" in h.last(bob, "update")["events"][0]["text"]


def test_answers_that_arrive_together_share_one_save_and_one_round_of_updates(
    tmp_path: Path,
) -> None:
    """The asyncio server hands the host every connection's bytes of the moment
    before it settles (``receive(..., settle=False)``, then ``settle()``): two
    answers that came in together take one save and one update for each player,
    and each answerer's update still acknowledges its answer.  An error, which
    concerns its sender only, does not wait."""
    path = tmp_path / "lan.json"
    h = HostHarness.new("race", players=3, bots=0, window_seconds=None, save_path=path)
    ann, bob, cy = three_players(h)
    table = h.host.table
    assert table is not None
    saved = path.read_text()
    seen = {conn: len(h.inbox[conn]) for conn in (ann, bob, cy)}

    def answer(conn: int, option: str, ref: str) -> None:
        line = {"type": "answer", "prompt": "r0", "option": option, "id": ref}
        h.host.receive(conn, encode(line), settle=False)
        h.pump()

    answer(bob, "pass", "b")
    answer(cy, "pass", "c")
    answer(bob, "claim", "late")  # Bob has answered r0 already
    assert error_of(h.inbox[bob][seen[bob] :])["re"] == "late"
    assert table.state["waiting"] == [0]  # both passes are applied...
    assert path.read_text() == saved  # ...but neither saved nor sent yet
    assert [m["type"] for c in (ann, cy) for m in h.inbox[c][seen[c] :]] == []

    h.host.settle()
    h.pump()
    assert json.loads(path.read_text())["state"]["waiting"] == [0]
    for conn, ack in ((ann, None), (bob, "b"), (cy, "c")):
        updates = [m for m in h.inbox[conn][seen[conn] :] if m["type"] == "update"]
        assert len(updates) == 1
        assert updates[0].get("ack") == ack
        texts = [e["text"] for e in updates[0]["events"]]
        assert "Bob lets round 1 go." in texts and "Cy lets round 1 go." in texts


def test_window_deadlines_are_kept_by_the_hosts_clock() -> None:
    clock = FakeClock()
    h = HostHarness.new("race", clock=clock, players=3, bots=0, window_seconds=5)
    ann, bob, cy = three_players(h)
    table = h.host.table
    assert table is not None
    assert h.last(ann, "update")["window"] == pytest.approx(5)
    assert h.host.next_wakeup() == pytest.approx(clock.now + 5)
    h.send(bob, {"type": "answer", "prompt": "r0", "option": "pass"})
    clock.advance(4.9)
    h.tick()
    assert table.state["round"] == 0
    clock.advance(0.2)
    h.tick()  # the silent seats passed
    assert table.state["round"] == 1
    texts = [e["text"] for e in h.last(cy, "update")["events"]]
    assert "Cy lets round 1 go." in texts and "Ann lets round 1 go." in texts


def test_chat_reaches_everyone_on_one_line() -> None:
    """...and the host's console, which marks a spectator's line as the clients do."""
    told: list[tuple[str, str]] = []
    h = HostHarness(
        TableHost(
            get_game("pigeons"),
            HostConfig(players=4, bots=1, seed=7, bot_delay=(0.0, 0.0)),
            report=lambda kind, text: told.append((kind, text)),
        )
    )
    ann, bob, cy = three_players(h)
    eve = h.join("Eve", spectate=True)
    h.send(bob, {"type": "chat", "text": "hello\nall"})
    line = {"type": "chat", "from": "Bob", "seat": 1, "text": "hello all"}
    for conn in (ann, bob, cy, eve):
        assert h.last(conn, "chat") == line
    h.send(eve, {"type": "chat", "text": "hi"})
    assert h.last(ann, "chat") == {"type": "chat", "from": "Eve", "seat": None, "text": "hi"}
    chat = [text for kind, text in told if kind == "chat"]
    assert chat == ["Bob: hello all", "Eve (watching): hi"]
    assert error_of(h.send(eve, {"type": "chat", "text": " "}))["code"] == Code.BAD_FIELD


def test_a_welcome_repeats_the_last_chat_lines() -> None:
    h = HostHarness.new(players=3, bots=1)
    assert h.clock is not None
    ann = h.join("Ann")
    assert h.welcome(ann)["chat"] == []
    for i in range(CHAT_HISTORY + 2):
        h.clock.advance(1.0)  # at the pace the host takes
        h.send(ann, {"type": "chat", "text": f"line {i}"})
    eve = h.join("Eve", spectate=True)
    chat = h.welcome(eve)["chat"]
    assert [m["text"] for m in chat] == [f"line {i}" for i in range(2, CHAT_HISTORY + 2)]
    assert chat[-1] == {"from": "Ann", "seat": 0, "text": f"line {CHAT_HISTORY + 1}"}


def test_a_bug_in_the_game_is_an_error_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    h = HostHarness.new()
    ann, *_ = three_players(h)
    table = h.host.table
    assert table is not None

    def broken(*_args: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(table, "answer", broken)
    error = error_of(h.send(ann, {"type": "answer", "prompt": "p", "option": "o", "id": 3}))
    assert error["code"] == Code.INTERNAL and error["re"] == 3
    assert ann not in h.closed
    assert h.send(ann, {"type": "ping"}) == [{"type": "pong"}]


# ---------------------------------------------------------------------- limits


def test_a_flood_is_an_error_then_a_close() -> None:
    h = HostHarness.new()
    conn = h.connect()
    reply = h.send(conn, encode({"type": "ping"}) * 150)
    assert [m["type"] for m in reply].count("pong") == 100  # the burst
    error = reply[-1]
    assert error["type"] == "error" and error["code"] == Code.FLOOD and error["fatal"] is True
    assert "50 messages a second" in error["message"]
    assert conn in h.closed
    assert h.send(conn, {"type": "ping"}) == []  # nothing more is handled


def test_blank_lines_count_towards_the_flood_limit() -> None:
    """Blank lines cost the server a look each: a stream of them is a flood too
    (before, it went on until the hello timeout, and slowed every other player)."""
    h = HostHarness.new()
    conn = h.connect()
    reply = h.send(conn, b"\n" * 65_536)
    assert [m["code"] for m in reply] == [Code.FLOOD]
    assert conn in h.closed


def test_a_read_of_junk_lines_before_hello_gets_the_burst_s_errors_and_no_more() -> None:
    h = HostHarness.new()
    conn = h.connect()
    reply = h.send(conn, b"x\n" * 32_768)
    assert [m["code"] for m in reply] == [Code.JSON] * 100 + [Code.FLOOD]
    assert conn in h.closed


def test_the_table_takes_so_many_joins_a_second() -> None:
    """Join, leave, join again as fast as a script can: each costs everyone a lobby
    line and the host a console line, so the whole table takes 5 hellos a second
    (40 at once: a resumed table sees every player and spectator dial together)."""
    clock = FakeClock()
    h = HostHarness.new(clock=clock, join_rate=(1.0, 3.0))
    for name in ("Ann", "Bob", "Cleo"):
        h.join(name, spectate=True)
    late = h.connect()
    error = error_of(h.send(late, hello("Dan", spectate=True)))
    assert error["code"] == Code.BUSY and error["fatal"] is True
    assert "joining at once" in str(error["message"]) and late in h.closed
    clock.advance(1)
    h.join("Dan", spectate=True)


def test_chat_lines_have_a_limit_per_connection_and_for_the_table() -> None:
    clock = FakeClock()
    h = HostHarness.new(clock=clock, chat_rate=(1.0, 2.0), table_chat_rate=(1.0, 3.0))
    ann, bob = h.join("Ann"), h.join("Bob")
    for _ in range(2):
        h.send(ann, {"type": "chat", "text": "hi"})
    error = error_of(h.send(ann, {"type": "chat", "text": "again"}))
    assert error["code"] == Code.SLOW_DOWN and not error.get("fatal") and ann not in h.closed
    assert [m["text"] for m in h.of_type(bob, "chat")] == ["hi", "hi"]  # not relayed
    h.send(bob, {"type": "chat", "text": "hello"})  # the table's third line
    error = error_of(h.send(bob, {"type": "chat", "text": "hello?"}))
    assert error["code"] == Code.SLOW_DOWN and "table's chat is busy" in str(error["message"])
    clock.advance(1)
    h.send(ann, {"type": "chat", "text": "ok"})
    assert h.of_type(bob, "chat")[-1]["text"] == "ok"


def test_a_line_over_64_kib_is_an_error_then_a_close() -> None:
    h = HostHarness.new()
    conn = h.join("Ann")
    reply = h.send(conn, b"x" * (MAX_LINE + 1))
    assert reply[-1]["code"] == Code.TOO_LONG and reply[-1]["fatal"] is True
    assert conn in h.closed


# ---------------------------------------------------------------------- away and back


def test_a_dropped_seat_is_held_then_a_bot_plays_it_until_its_player_is_back() -> None:
    clock = FakeClock()
    h = HostHarness.new(clock=clock, away_timeout=60)
    ann, bob, cy = three_players(h)
    token = h.welcome(bob)["token"]
    table = h.host.table
    assert table is not None
    h.drop(bob)
    lobby = h.last(ann, "lobby")
    assert [s["status"] for s in lobby["seats"]] == ["here", "away", "here", "bot"]
    assert h.host.next_wakeup() == pytest.approx(clock.now + 60)
    clock.advance(59)
    h.tick()
    assert table.seats[1].kind == "remote"
    clock.advance(1)
    h.tick()
    assert table.seats[1] == SeatConfig("Bob", "bot", "heuristic")
    assert [s["status"] for s in h.last(cy, "lobby")["seats"]] == ["here", "bot", "here", "bot"]
    # Play on (the bot answers for Bob), then Bob takes the seat back.
    play_host_game_for(h, {ann: 0, cy: 2}, moves=20)
    back = h.connect()
    reply = h.send(back, hello("Robert", token=token))
    welcome = reply[0]
    assert welcome["type"] == "welcome" and welcome["seat"] == 1 and welcome["token"] == token
    update = next(m for m in reply if m["type"] == "update")
    assert update["first"] == 0 and len(update["events"]) == len(table.log)  # the whole log
    assert table.seats[1].kind == "remote" and table.seats[1].name == "Bob"
    assert [s["status"] for s in h.last(ann, "lobby")["seats"]] == ["here", "here", "here", "bot"]
    assert h.last(ann, "lobby")["seats"][1]["name"] == "Bob"  # the seat keeps its name


def play_host_game_for(h: HostHarness, players: dict[int, int], moves: int) -> None:
    """Answer ``moves`` prompts (first option that is a pass or a draw, else the first)."""
    table = h.host.table
    assert table is not None
    for _ in range(moves):
        prompt = next((p for p in table.prompts() if p.seat in players.values()), None)
        if prompt is None or table.is_over:
            return
        conn = next(c for c, s in players.items() if s == prompt.seat)
        ids = [o.id for o in prompt.options]
        option = next((i for i in ("pass", "draw") if i in ids), ids[0])
        h.send(conn, {"type": "answer", "prompt": prompt.id, "option": option})


def test_a_second_connection_with_the_token_replaces_the_first() -> None:
    h = HostHarness.new()
    ann, _bob, _cy = three_players(h)
    token = h.welcome(ann)["token"]
    again = h.connect()
    assert h.send(again, hello("Ann", token=token))[0]["seat"] == 0
    error = error_of(h.inbox[ann])
    assert error["code"] == Code.REPLACED and error["fatal"] is True and ann in h.closed
    h.drop(ann)  # the old socket closing does not make the seat away
    assert h.last(again, "lobby")["seats"][0]["status"] == "here"


def test_no_away_timeout_means_the_seat_waits_for_ever() -> None:
    clock = FakeClock()
    h = HostHarness.new(clock=clock, away_timeout=None)
    _ann, bob, _cy = three_players(h)
    h.drop(bob)
    clock.advance(10_000)
    h.tick()
    table = h.host.table
    assert table is not None and table.seats[1].kind == "remote"


def test_the_only_player_joining_is_not_counted() -> None:
    reports: list[tuple[str, str]] = []
    config = HostConfig(players=2, bots=1, seed=7, bot_delay=(0.0, 0.0))
    host = TableHost(get_game("stool"), config, report=lambda k, t: reports.append((k, t)))
    HostHarness(host).join("Ann")
    assert reports[0] == ("seat", "Seat 1: Ann joined.")


@pytest.mark.parametrize("started", [True, False], ids=["playing", "waiting-room"])
def test_stopping_the_host_tells_everyone_and_its_console_no_news(started: bool) -> None:
    """Ctrl+C on ``purrch host``: every connection gets a fatal "closing" error and is
    closed ("closed" in the waiting room: no game was saved, so none can come back,
    and clients must not dial again); the operator's console does not then list each
    player as away (or leaving, or done watching): the host closed those connections
    itself."""
    reports: list[tuple[str, str]] = []
    clock = FakeClock()
    config = HostConfig(players=4 if started else 5, bots=1, seed=7, bot_delay=(0.0, 0.0))
    host = TableHost(
        get_game("pigeons"), config, clock=clock, report=lambda k, t: reports.append((k, t))
    )
    h = HostHarness(host, clock)
    conns = [*three_players(h), h.join("Eve", spectate=True)]
    assert (host.table is not None) == started
    humans = 3 if started else 4
    joined = [text for kind, text in reports if kind == "seat" and "joined" in text]
    assert joined == [
        f"Seat {i + 1}: {name} joined ({i + 1} of {humans} players)."
        for i, name in enumerate(("Ann", "Bob", "Cy"))
    ]
    h.drop(conns[1])  # a real drop before the stop is news
    assert reports[-1][1] == (
        "Bob is away; the seat is held. A bot takes it over after 60 s."
        if started
        else "Seat 2: Bob left; the seat is free again."
    )
    reports.clear()
    host.shutdown()
    h.pump()
    for conn in (conns[0], *conns[2:]):
        error = h.last(conn, "error")
        assert error is not None and error["fatal"]
        if started:
            assert (error["code"], error["message"]) == (
                Code.CLOSING,
                "The host stopped the table.",
            )
        else:
            assert (error["code"], error["message"]) == (
                Code.CLOSED,
                "The host stopped the table before the game started: "
                "there is no game to come back to.",
            )
        assert conn in h.closed
        h.drop(conn)  # the server adapter reports each closed connection
    assert [text for kind, text in reports if kind == "seat"] == []


# ---------------------------------------------------------------------- spectators and leaks


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_whole_game_leaks_nothing(game_id: str) -> None:
    """Each player gets its own view, prompts and secrets only; a spectator, none."""
    players = min(4, get_game(game_id).max_players)
    bots = 1 if players > 2 else 0
    h = HostHarness.new(game_id, players=players, bots=bots)
    conns = [h.join(name) for name in ("Ann", "Bob", "Cy")[: players - bots]]
    spectator = h.join("Eve", spectate=True)
    play_host_game(h, {conn: seat for seat, conn in enumerate(conns)})
    table = h.host.table
    assert table is not None and table.is_over
    late = h.join("Late", spectate=True)  # joins after the end: the whole public log
    log = table.log
    for seat, conn in enumerate(conns):
        lines: list[dict[str, object]] = []
        for update in h.of_type(conn, "update"):
            assert all(p["seat"] == seat for p in update["prompts"])
            private = update["view"]["private"]
            assert private.get("seat", seat) == seat
            lines = lines[: update["first"]] + update["events"]
        assert len(lines) == len(log)
        for line, event in zip(lines, log, strict=True):
            assert line["text"] == event.text
            assert line.get("secret") == dict(event.secrets).get(seat)
        assert h.last(conn, "update")["outcome"] == table.outcome().to_json()
    for conn in (spectator, late):
        updates = h.of_type(conn, "update")
        assert updates
        for update in updates:
            assert update["prompts"] == [] and update["view"]["private"] == {}
            assert all("secret" not in e for e in update["events"])
        assert h.last(conn, "update")["view"] == table.view(None)


def test_a_spectator_cannot_answer_or_ask_for_another_game() -> None:
    h = HostHarness.new()
    three_players(h)
    eve = h.join("Eve", spectate=True)
    assert h.welcome(eve)["seat"] is None and h.welcome(eve)["token"] is None
    error = error_of(h.send(eve, {"type": "answer", "prompt": "p", "option": "o"}))
    assert error["code"] == Code.SPECTATOR
    assert error_of(h.send(eve, {"type": "again"}))["code"] == Code.SPECTATOR
    assert h.last(eve, "lobby")["spectators"] == 1


def test_too_many_spectators() -> None:
    h = HostHarness.new(max_spectators=1)
    h.join("Eve", spectate=True)
    conn = h.connect()
    assert error_of(h.send(conn, hello("Max", spectate=True)))["code"] == Code.FULL


# ---------------------------------------------------------------------- another game


def test_each_game_of_the_table_is_kept_once_it_ends(tmp_path: Path) -> None:
    """With ``keep_finished_in`` (the app and `purrch host` set it), every game the
    table plays to its end is kept there, for `purrch replay`."""
    folder = tmp_path / "finished"
    h = HostHarness.new("stool", players=2, bots=0, window_seconds=None, keep_finished_in=folder)
    ann, bob = h.join("Ann"), h.join("Bob")
    play_host_game(h, {ann: 0, bob: 1})
    [kept] = finished.listing(folder)
    assert kept.players == ("Ann", "Bob")
    assert replays.load(kept.path).is_over
    h.send(ann, {"type": "again"})
    h.send(bob, {"type": "again"})
    play_host_game(h, {ann: 0, bob: 1})
    assert len(finished.listing(folder)) == 2


def test_when_the_game_ends_the_same_seats_get_another_game() -> None:
    h = HostHarness.new("race", players=2, bots=0, window_seconds=None)
    ann, bob = h.join("Ann"), h.join("Bob")
    table = h.host.table
    assert table is not None
    assert error_of(h.send(ann, {"type": "again"}))["code"] == Code.NOT_OVER
    play_host_game(h, {ann: 0, bob: 1})
    assert h.last(ann, "lobby")["over"] is True
    h.send(ann, {"type": "again"})
    assert h.last(bob, "lobby")["again"] == [0]
    assert h.host.table is table  # Bob has not asked yet
    h.send(bob, {"type": "again"})
    second = h.host.table
    assert second is not table and second is not None and not second.is_over
    assert second.seed == table.seed + 1
    assert [s.name for s in second.seats] == [s.name for s in table.seats]
    lobby = h.last(ann, "lobby")
    assert lobby["game_number"] == 2 and lobby["again"] == [] and lobby["over"] is False
    update = h.last(bob, "update")
    assert update["game_number"] == 2 and update["first"] == 0


def test_another_game_waits_only_for_the_players_still_here() -> None:
    h = HostHarness.new("race", players=3, bots=0, window_seconds=None)
    ann, bob, cy = three_players(h)
    play_host_game(h, {ann: 0, bob: 1, cy: 2})
    h.send(ann, {"type": "again"})
    h.send(bob, {"type": "again"})
    first = h.host.table
    h.drop(cy)
    assert h.host.table is not first and h.host.game_number == 2


def test_a_finished_game_resumed_says_it_is_over(tmp_path: Path) -> None:
    path = tmp_path / "lan.json"
    h = HostHarness.new("race", players=2, bots=0, window_seconds=None, save_path=path)
    ann, bob = h.join("Ann"), h.join("Bob")
    play_host_game(h, {ann: 0, bob: 1})
    told: list[tuple[str, str]] = []
    games = {"race": RACE}
    TableHost.resume(path, HostConfig(players=0), games=games, report=lambda *kt: told.append(kt))
    assert told[-1] == (
        "game",
        f"Resumed game 1 of {RACE.title} from {path}. It is over: another starts when "
        "every player asks for one.",
    )


# ---------------------------------------------------------------------- saving


def test_autosave_after_every_answer_and_resume_with_the_same_seats(tmp_path: Path) -> None:
    path = tmp_path / "lan.json"
    clock = FakeClock()
    h = HostHarness.new(clock=clock, save_path=path)
    conns = three_players(h)
    tokens = [h.welcome(c)["token"] for c in conns]
    table = h.host.table
    assert table is not None
    for _ in range(5):
        play_host_game_for(h, dict(zip(conns, range(3), strict=True)), moves=1)
        saved = json.loads(path.read_text())
        assert saved["state"] == table.to_json()["state"]
        assert len(saved["log"]) == len(table.log)
    assert [p.name for p in tmp_path.iterdir()] == ["lan.json"]  # no temp file left
    text = path.read_text()
    assert all(token not in text for token in tokens)  # only their hashes

    resumed = HostHarness(TableHost.resume(path, HostConfig(players=0), clock=clock))
    again = resumed.host.table
    assert again is not None and again.to_json()["state"] == table.to_json()["state"]
    assert resumed.host.game_number == 1
    assert [s for _n, s in resumed.host.seat_statuses()] == ["away", "away", "away", "bot"]
    # A newcomer cannot take a held seat; the tokens take them back.
    stranger = resumed.connect()
    assert error_of(resumed.send(stranger, hello("Dan")))["code"] == Code.FULL
    for seat, token in enumerate(tokens):
        conn = resumed.connect()
        reply = resumed.send(conn, hello("whoever", token=token))
        assert reply[0]["seat"] == seat
        update = next(m for m in reply if m["type"] == "update")
        assert update["view"] == table.view(seat)
    assert [s for _n, s in resumed.host.seat_statuses()] == ["here", "here", "here", "bot"]


class FsyncSpy:
    """Stands in for ``os.fsync``: records what each call syncs, ``(inode, folder?)``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, fail: OSError | None = None) -> None:
        self.calls: list[tuple[int, bool]] = []
        self.fail = fail
        self._real = os.fsync
        monkeypatch.setattr(os, "fsync", self)

    def __call__(self, fd: int) -> None:
        info = os.fstat(fd)
        self.calls.append((info.st_ino, stat.S_ISDIR(info.st_mode)))
        if self.fail is not None:
            raise self.fail
        self._real(fd)

    def synced(self, path: Path) -> bool:
        """``path`` as it is now, and its folder, were fsynced."""
        return (path.stat().st_ino, False) in self.calls and (
            path.parent.stat().st_ino,
            True,
        ) in self.calls


def test_the_autosave_fsyncs_unless_an_adapter_takes_the_fsync_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "lan.json"
    spy = FsyncSpy(monkeypatch)
    h = HostHarness.new(save_path=path)
    conns = three_players(h)
    players = dict(zip(conns, range(3), strict=True))
    table = h.host.table
    assert table is not None
    # Alone (no adapter), every autosave is durable: file and folder.
    play_host_game_for(h, players, moves=1)
    assert spy.synced(path) and h.host.take_fsync() is None

    # The adapter takes the fsync over: the autosave only writes and renames, and
    # a burst of saves leaves one fsync due, for the save file.
    h.host.defer_fsync = True
    spy.calls.clear()
    saved_log = len(table.log)
    play_host_game_for(h, players, moves=3)
    assert len(table.log) > saved_log
    assert spy.calls == []
    saved = json.loads(path.read_text())  # what the clients saw is on disk already
    assert saved["state"] == table.to_json()["state"] and len(saved["log"]) == len(table.log)
    # Beside it, the save before (the next autosave overwrites it and swaps the names).
    assert sorted(p.name for p in tmp_path.iterdir()) == [".lan.json.tmp", "lan.json"]
    before = json.loads((tmp_path / ".lan.json.tmp").read_text())
    assert before != saved and len(before["log"]) <= len(saved["log"])
    due = h.host.take_fsync()
    assert due == path and h.host.take_fsync() is None
    fsync_saved(due)
    assert spy.synced(path)
    h.host.fsync_done(due)
    assert h.host.save_error is None

    # An explicit save is always durable; so is the one of a shutdown.
    spy.calls.clear()
    other = tmp_path / "copy" / "other.json"
    h.host.save(other)
    assert spy.synced(other)
    play_host_game_for(h, players, moves=1)
    assert h.host.take_fsync() == path
    play_host_game_for(h, players, moves=1)
    spy.calls.clear()
    h.host.shutdown()
    assert spy.synced(path) and h.host.take_fsync() is None
    assert h.host.defer_fsync is False


def test_a_failing_disk_is_a_warning_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "lan.json"
    reports: list[tuple[str, str]] = []
    config = HostConfig(players=4, bots=1, seed=7, bot_delay=(0.0, 0.0), save_path=path)
    clock = FakeClock()
    host = TableHost(
        get_game("pigeons"), config, clock=clock, report=lambda k, t: reports.append((k, t))
    )
    h = HostHarness(host, clock)
    conns = three_players(h)
    players = dict(zip(conns, range(3), strict=True))
    table = host.table
    assert table is not None

    def warnings() -> list[str]:
        return [text for kind, text in reports if kind == "warning"]

    # fsync fails (an I/O error): the durable autosave fails, once a warning.
    FsyncSpy(monkeypatch, fail=OSError(errno.EIO, "Input/output error"))
    before = len(table.log)
    play_host_game_for(h, players, moves=4)
    assert len(table.log) > before
    assert warnings() == [f"could not autosave to {path}: Input/output error"]
    assert host.save_error == warnings()[0]
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    # Everyone still got the updates.
    assert all(len(h.of_type(c, "update")) > 1 for c in conns)

    # Deferred: the write works (the error is gone), the background fsync fails:
    # a warning once while it lasts, and a later write does not hide it.
    host.defer_fsync = True
    reports.clear()
    play_host_game_for(h, players, moves=1)
    assert host.save_error is None and warnings() == []
    due = host.take_fsync()
    assert due == path
    with pytest.raises(OSError) as failure:
        fsync_saved(due)
    host.fsync_done(due, failure.value)
    failed = f"could not autosave to {path}: Input/output error (syncing it to disk)"
    assert warnings() == [failed] and host.save_error == failed
    play_host_game_for(h, players, moves=1)
    host.fsync_done(due, failure.value)
    assert warnings() == [failed] and host.save_error == failed
    monkeypatch.undo()
    host.fsync_done(due)
    assert host.save_error is None

    # A save that cannot be written at all: a warning, and the game goes on.
    blocker = tmp_path / "a file"
    blocker.write_text("")
    host.config.save_path = blocker / "lan.json"
    reports.clear()
    before = len(table.log)
    play_host_game_for(h, players, moves=3)
    assert len(table.log) > before
    assert len(warnings()) == 1 and warnings()[0].startswith(
        f"could not autosave to {blocker / 'lan.json'}: "
    )
    # While the last save is not even written, an older one's failed fsync adds nothing.
    host.fsync_done(path, failure.value)
    assert len(warnings()) == 1 and host.save_error == warnings()[0]


def test_resume_keeps_a_bot_playing_for_an_away_player(tmp_path: Path) -> None:
    path = tmp_path / "lan.json"
    clock = FakeClock()
    h = HostHarness.new(clock=clock, save_path=path, away_timeout=5)
    _ann, bob, _cy = three_players(h)
    h.drop(bob)
    clock.advance(6)
    h.tick()
    host = TableHost.resume(path, HostConfig(players=0), clock=clock)
    assert host.seat_statuses()[1] == ("Bob", "bot")
    assert host.table is not None and host.table.seats[1].is_bot


def test_resume_refuses_what_is_not_a_lan_save(tmp_path: Path) -> None:
    hot_seat = tmp_path / "hot.json"
    Table("pigeons", [SeatConfig("A"), SeatConfig("B")], seed=1).save(hot_seat)
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{nope")
    cases = [
        (hot_seat, "not a LAN table save"),
        (garbage, "not a Purrch save"),
        (tmp_path / "missing.json", "no saved game"),
    ]
    for path, words in cases:
        with pytest.raises(SaveError, match=words):
            TableHost.resume(path)


def hosted_table_save(tmp_path: Path, clock: FakeClock) -> tuple[Path, list[str]]:
    """A saved game of a table with a password, an address, a port and an away timeout."""
    path = tmp_path / "lan.json"
    h = HostHarness.new(
        clock=clock,
        save_path=path,
        password="crumbs",
        away_timeout=10,
        bind="127.0.0.1",
        port=7802,
        window_seconds=3.0,
        bot_level="random",
    )
    conns = [h.join(name, password="crumbs") for name in ("Ann", "Bob", "Cy")]
    play_host_game_for(h, dict(zip(conns, range(3), strict=True)), moves=2)
    return path, [str(h.welcome(c)["token"]) for c in conns]


def test_wrong_passwords_reach_the_console_a_line_every_10_seconds() -> None:
    clock = FakeClock()
    h = HostHarness.new(clock=clock, password="s3cret")
    lines: list[tuple[str, str]] = []
    h.host._report = lambda kind, text: lines.append((kind, text))
    for _ in range(4):
        h.send(h.host.connect("10.0.0.5"), hello("Eve", password="guess"))
    h.send(h.connect(), hello("Eve"))  # no password at all: not news
    assert lines == [("warning", "Refused (wrong password): 10.0.0.5")]
    assert h.host.next_wakeup() == clock() + 10
    clock.advance(10)
    h.tick()
    assert lines[-1] == (
        "warning",
        "Refused (wrong password): 3 more from 10.0.0.5 in the last 10 s",
    )


def test_resume_keeps_the_address_port_away_timeout_and_a_hash_of_the_password(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    path, tokens = hosted_table_save(tmp_path, clock)
    text = path.read_text()
    assert "crumbs" not in text and b"crumbs".hex() not in text
    lan = json.loads(text)["lan"]
    assert lan["version"] == 2
    assert (lan["bind"], lan["port"], lan["away_timeout"]) == ("127.0.0.1", 7802, 10)
    assert lan["password"]["kdf"] == "scrypt"
    assert len(bytes.fromhex(lan["password"]["salt"])) == 16
    assert len(bytes.fromhex(lan["password"]["hash"])) == 32

    # Nothing given but the file: every setting comes back, the limits are the config's.
    at_once = AttemptBudget(base_delay=0.0, clock=clock)  # wrong passwords answered at once
    config = HostConfig(players=0, max_spectators=3, password_budget=at_once)
    host = TableHost.resume(path, config, clock=clock)
    config = host.config
    assert (config.bind, config.port, config.away_timeout) == ("127.0.0.1", 7802, 10)
    assert config.password is None and config.password_hash is not None
    assert config.window_seconds == 3.0 and host.bot_level == "random"
    assert config.max_spectators == 3
    assert host.restored == {"bind", "port", "away_timeout", "password"}
    assert host.saved_settings is not None and host.saved_settings.port == 7802
    assert host.has_password and host.resumed_from == path

    h = HostHarness(host, clock)
    for extra in ({}, {"password": "wrong"}, {"password": "CRUMBS"}, {"password": ""}):
        conn = h.connect()
        error = error_of(h.send(conn, hello("Ann", token=tokens[0], **extra)))
        assert error["code"] == Code.PASSWORD and error["fatal"] is True and conn in h.closed
    players: dict[int, int] = {}
    for seat, token in enumerate(tokens):
        conn = h.connect()
        reply = h.send(conn, hello("Ann", token=token, password="crumbs"))
        assert reply[0]["type"] == "welcome" and reply[0]["seat"] == seat
        players[conn] = seat
    # Once the right password came, it is checked without a key derivation; still
    # refused when wrong.
    conn = h.connect()
    assert error_of(h.send(conn, hello("Eve", spectate=True)))["code"] == Code.PASSWORD
    conn = h.connect()
    reply = h.send(conn, hello("Eve", spectate=True, password="crum"))
    assert error_of(reply)["code"] == Code.PASSWORD
    conn = h.connect()
    assert h.send(conn, hello("Eve", spectate=True, password="crumbs"))[0]["type"] == "welcome"

    # The resumed table saves the same hash again, never the password.
    play_host_game_for(h, players, moves=1)
    host.save(path)
    again = json.loads(path.read_text())["lan"]
    assert again["password"] == lan["password"] and "crumbs" not in path.read_text()

    # A bot takes an away seat after the saved 10 s, not the default 60.
    h.drop(next(iter(players)))
    clock.advance(9)
    h.tick()
    assert host.seat_statuses()[0][1] == "away"
    clock.advance(2)
    h.tick()
    assert host.seat_statuses()[0][1] == "bot"


def test_settings_given_with_resume_win_over_the_saved_ones(tmp_path: Path) -> None:
    clock = FakeClock()
    path, tokens = hosted_table_save(tmp_path, clock)
    at_once = AttemptBudget(base_delay=0.0, clock=clock)
    config = HostConfig(
        players=0,
        password="new",
        away_timeout=None,
        port=0,
        bind="::1",
        password_budget=at_once,
    )
    host = TableHost.resume(
        path, config, overrides=("password", "away_timeout", "port"), clock=clock
    )
    assert host.config.port == 0 and host.config.bind == "127.0.0.1"  # bind not overridden
    assert host.config.away_timeout is None and host.restored == {"bind"}
    h = HostHarness(host, clock)
    old = h.connect()
    assert error_of(h.send(old, hello("Ann", token=tokens[0], password="crumbs")))["code"] == (
        Code.PASSWORD
    )
    new = h.connect()
    assert h.send(new, hello("Ann", token=tokens[0], password="new"))[0]["seat"] == 0
    # No password at all, given as such.
    host = TableHost.resume(path, HostConfig(players=0), overrides=["password"], clock=clock)
    assert not host.has_password
    with pytest.raises(ValueError, match="not table settings: colour"):
        TableHost.resume(path, overrides=["colour"])


def test_a_save_from_before_the_settings_still_resumes(tmp_path: Path) -> None:
    clock = FakeClock()
    path, tokens = hosted_table_save(tmp_path, clock)
    data = json.loads(path.read_text())
    for key in ("bind", "port", "away_timeout", "password"):
        del data["lan"][key]
    data["lan"]["version"] = 1
    old_save = json.dumps(data)
    path.write_text(old_save)
    host = TableHost.resume(path, HostConfig(players=0), clock=clock)
    assert host.saved_settings is None and host.restored == frozenset()
    assert (host.config.bind, host.config.port, host.config.away_timeout) == (None, None, 60.0)
    assert not host.has_password  # as before: the password is the config's
    h = HostHarness(host, clock)
    conn = h.connect()
    assert h.send(conn, hello("Ann", token=tokens[0]))[0]["seat"] == 0
    lan = json.loads(path.read_text())["lan"]  # saved again, in the new format
    assert lan["version"] == 2 and lan["away_timeout"] == 60.0 and lan["password"] is None
    path.write_text(old_save)
    host = TableHost.resume(path, HostConfig(players=0, password="x", away_timeout=5))
    assert host.has_password and host.config.away_timeout == 5


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("port", 70000),
        ("port", "7802"),
        ("bind", ""),
        ("away_timeout", -1),
        ("away_timeout", True),
        ("password", "crumbs"),
        ("password", {"kdf": "scrypt", "n": 2**30, "r": 8, "p": 1, "salt": "00", "hash": "00"}),
        ("password", {"kdf": "md5", "salt": "00", "hash": "00"}),
        ("version", 3),
    ],
)
def test_a_damaged_settings_save_is_a_one_line_error(
    tmp_path: Path, key: str, value: object
) -> None:
    path, _tokens = hosted_table_save(tmp_path, FakeClock())
    data = json.loads(path.read_text())
    data["lan"][key] = value
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as info:
        TableHost.resume(path)
    assert "\n" not in str(info.value)
    assert "damaged LAN save" in str(info.value) or "unsupported LAN save version 3" in str(
        info.value
    )


def test_the_race_game_resumes_with_a_games_mapping(tmp_path: Path) -> None:
    path = tmp_path / "race.json"
    h = HostHarness.new("race", save_path=path, players=2, bots=1)
    h.join("Ann")
    host = TableHost.resume(path, games={"race": RACE})
    assert host.game is RACE and host.table is not None


def test_the_quick_autosave_write_is_complete_at_every_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the names cannot be swapped: .NAME.tmp written, NAME removed, .NAME.tmp
    renamed.  A process killed between the removal and the rename leaves only the
    temporary file, and read_save reads it.  (tests/engine/test_savefile.py has
    the swap.)"""
    from engine import savefile
    from engine.net import host as host_module

    monkeypatch.setattr(savefile, "_exchange_state", False)
    path = tmp_path / "lan.json"
    host_module.write_atomically(path, '{"n": 1}', durable=False)
    assert path.read_text() == '{"n": 1}'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lan.json"]

    def killed(_src: object, _dst: object) -> None:
        raise KeyboardInterrupt  # stands for SIGKILL between the two steps

    monkeypatch.setattr(savefile.os, "rename", killed)
    with pytest.raises(KeyboardInterrupt):
        host_module.write_atomically(path, '{"n": 2}', durable=False)
    monkeypatch.undo()
    assert not path.exists()
    assert host_module.read_save(path) == '{"n": 2}'
    with pytest.raises(FileNotFoundError):
        host_module.read_save(tmp_path / "other.json")
    host_module.fsync_saved(path)  # a save being renamed in: nothing to do, no error


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("perch", 2, {"dog_track": 1}), ("stool", 3, {"first_knock_round": 0})],
)
def test_a_host_refuses_an_option_out_of_the_games_bounds(
    game: str, players: int, options: dict[str, int]
) -> None:
    """The game checks its own bounds in its set-up: the host tries one at once (it
    used to serve, then fail with a traceback when the last player joined)."""
    with pytest.raises(ValueError, match="must be from"):
        TableHost(get_game(game), HostConfig(players=players, options=dict(options)))
