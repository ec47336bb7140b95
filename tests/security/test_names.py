"""Look-alike names and piled-up accents: refused at a LAN table and at the hot-seat menu.

A table the app hosts compares names by Unicode's confusables skeleton (UTS #39,
``tui.names.name_skeleton``, injected into the engine's host); names and chat lines
carry at most ``MAX_MARKS`` combining marks in a row on one letter.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.games import get_game
from engine.net.host import HostConfig, Send, TableHost
from engine.net.protocol import MAX_MARKS, Code, ProtocolError, clean_chat, clean_name, encode
from tui.names import name_skeleton, skeleton
from tui.screens.host import host_config
from tui.seating import bot_names, check_seat_names, default_seats

ACUTE = "\u0301"
CYRILLIC_A = "\u0430"


class Table:
    """A sans-I/O host as the app configures it, and what each connection got."""

    def __init__(self, **config: Any) -> None:
        settings: dict[str, Any] = {"players": 4, "bots": 1, "seed": 7, "bot_delay": (0.0, 0.0)}
        settings["name_skeleton"] = name_skeleton
        self.host = TableHost(get_game("pigeons"), HostConfig(**settings | config))
        self.inbox: dict[int, list[dict[str, Any]]] = {}

    def hello(self, name: str, **extra: Any) -> dict[str, Any]:
        """The first message a new connection gets back for its hello."""
        conn = self.host.connect()
        msg = {"type": "hello", "protocol": 1, "name": name, **extra}
        self.host.receive(conn, encode(msg))
        self._pump()
        self.conn = conn
        return self.inbox[conn][0]

    def send(self, conn: int, msg: dict[str, Any]) -> None:
        self.host.receive(conn, encode(msg))
        self._pump()

    def _pump(self) -> None:
        for action in self.host.take_actions():
            if isinstance(action, Send):
                for line in action.data.splitlines():
                    self.inbox.setdefault(action.conn, []).append(json.loads(line))


def refused(reply: dict[str, Any]) -> str:
    assert reply["type"] == "error" and reply["code"] == Code.NAME, reply
    return str(reply["message"])


# ---------------------------------------------------------------------- the skeleton


def test_the_skeleton_folds_look_alikes_and_keeps_accents() -> None:
    assert skeleton(f"{CYRILLIC_A}lice") == skeleton("alice")
    assert skeleton("m") == skeleton("rn") == "rn"
    assert name_skeleton("AIice") == name_skeleton("Alice")  # capital I, small L
    assert name_skeleton("B0b") == name_skeleton("Bob")  # zero, capital O
    # An accent is a difference UTS #39 keeps: Chloé and Chloe may sit together.
    assert name_skeleton("Chloé") != name_skeleton("Chloe")
    assert name_skeleton("Ann") != name_skeleton("Anne")
    assert name_skeleton("Иван") != name_skeleton("Ivan")  # other letters, not look-alikes


# ---------------------------------------------------------------------- at a LAN table


def test_a_look_alike_of_a_name_at_the_table_is_refused_with_that_name() -> None:
    table = Table()
    assert table.hello("alice")["type"] == "welcome"
    reply = table.hello(f"{CYRILLIC_A}lice")
    assert "looks like a name already at the table: alice" in refused(reply)
    # Not fatal: the same connection may try another name.
    assert "fatal" not in reply
    table.send(table.conn, {"type": "hello", "protocol": 1, "name": "Bea"})
    assert [m["type"] for m in table.inbox[table.conn]][:2] == ["error", "welcome"]
    # A capital I, a digit one, a Cyrillic capital A.
    for look_alike in ("AIice", "a1ice", "\u0410lice"):
        assert "looks like" in refused(table.hello(look_alike)), look_alike


@pytest.mark.parametrize(
    "invisible",
    ["\u034f", "\ufe0f", "\ufe00", "\U000e0100", "\u17b4", "\u180b"],
)
def test_a_mark_that_draws_nothing_neither_hides_a_look_alike_nor_makes_a_blank_name(
    invisible: str,
) -> None:
    """From a fresh clone: ``alice`` plus a combining grapheme joiner sat beside
    ``alice`` (the two print the same), and a name of two joiners printed as nothing.
    A name drops the marks that draw nothing."""
    table = Table()
    assert table.hello("alice")["type"] == "welcome"
    assert "already at the table" in refused(table.hello(f"alice{invisible}"))
    assert "already at the table" in refused(table.hello(f"al{invisible}ice"))
    assert "empty" in refused(table.hello(invisible * 2))
    reply = table.hello(f"B{invisible}ea")
    assert reply["type"] == "welcome"
    assert [s["name"] for s in reply["seats"]][:2] == ["alice", "Bea"]


def test_the_same_name_in_another_case_is_still_refused_as_the_same_name() -> None:
    table = Table()
    table.hello("Alice")
    assert "Someone called ALICE is already at the table" in refused(table.hello("ALICE"))


def test_different_names_sit_together_and_accents_tell_names_apart() -> None:
    table = Table()
    for name in ("Chloe", "Chloé", "Zoë"):
        assert table.hello(name)["type"] == "welcome", name
    assert [s.name for s in table.host.table.seats] == ["Chloe", "Chloé", "Zoë", "Tom"]


def test_a_spectator_may_not_look_like_a_player_and_bots_avoid_look_alikes() -> None:
    table = Table(players=4, bots=1)
    table.hello("Cleo")
    assert "Cleo" in refused(table.hello("Cl\u0435o", spectate=True))  # a Cyrillic e
    table.hello("T0m")  # the bot would have been Tom
    table.hello("Luna")
    assert [s.name for s in table.host.table.seats] == ["Cleo", "T0m", "Luna", "Mochi"]
    assert "Mochi" in refused(table.hello("M\u043echi", spectate=True))  # a Cyrillic o


def test_the_app_hosts_with_the_skeleton_and_the_engine_keeps_name_key() -> None:
    seats = default_seats(get_game("pigeons"), 3)
    assert host_config(seats, {}).name_skeleton is name_skeleton
    plain = TableHost(get_game("pigeons"), HostConfig(players=3, bots=1))
    plain.connect()
    assert plain.config.name_skeleton("Ａｎｎ") == "ann"  # the stdlib default


# ---------------------------------------------------------------------- hot-seat


def test_hot_seat_refuses_look_alike_seat_names_and_bots_avoid_them() -> None:
    with pytest.raises(ValueError, match="seats 1 and 2 look alike: 'alice' and 'аlice'"):
        check_seat_names(["alice", f"{CYRILLIC_A}lice"])
    with pytest.raises(ValueError, match="both called"):
        check_seat_names(["Ann", "ANN"])
    check_seat_names(["Chloe", "Chloé"])
    assert "Tom" not in bot_names(["T0m"], 2)


# ---------------------------------------------------------------------- piled-up marks


def test_a_name_with_more_marks_on_a_letter_than_the_cap_is_refused() -> None:
    assert clean_name("e" + ACUTE * MAX_MARKS) == "e" + ACUTE * MAX_MARKS
    assert clean_name("Vie\u0302\u0323t") == "Vie\u0302\u0323t"  # Việt typed decomposed
    for name in ("e" + ACUTE * (MAX_MARKS + 1), "Z" + "\u0336" * 12):
        with pytest.raises(ProtocolError, match=f"at most {MAX_MARKS} accents") as info:
            clean_name(name)
        assert info.value.code == Code.NAME and not info.value.fatal
    with pytest.raises(ValueError, match="seat 2 carries more than 3 accents or marks"):
        check_seat_names(["Ann", "a" + ACUTE * 400])


def test_a_chat_line_keeps_at_most_the_cap_of_marks_on_each_letter() -> None:
    assert clean_chat("he" + ACUTE * 400 + "llo" + "\u0308" * 5) == (
        "he" + ACUTE * MAX_MARKS + "llo" + "\u0308" * MAX_MARKS
    )
    assert clean_chat("Việt Nam") == "Việt Nam"
    table = Table()
    table.hello("Ann")
    table.send(table.conn, {"type": "chat", "text": "hi" + ACUTE * 400})
    said = [m for m in table.inbox[table.conn] if m["type"] == "chat"]
    assert said[-1]["text"] == "hi" + ACUTE * MAX_MARKS


def test_purrch_host_serves_with_the_skeleton(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run_host`` (``purrch host``) gives its host the skeleton, new or resumed."""
    import tui.lan_commands as lan

    seen: list[HostConfig] = []

    class Refusing:
        def __init__(self, game: object, config: HostConfig, **_: object) -> None:
            seen.append(config)
            raise ValueError("stop here")

        @classmethod
        def resume(cls, path: object, config: HostConfig, **_: object) -> None:
            seen.append(config)
            raise ValueError("stop here")

    monkeypatch.setattr(lan, "TableHost", Refusing)
    config = HostConfig(players=2, bots=1)
    for resume in (None, Path("lan.json")):
        with pytest.raises(lan.LanError, match="stop here"):
            lan.run_host(get_game("pigeons"), config, resume=resume, echo=lambda _: None)
    assert [c.name_skeleton for c in seen] == [name_skeleton, name_skeleton]
