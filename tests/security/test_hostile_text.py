"""Text from players and from the network reaches the screen as plain text.

A name like ``[/x]`` once crashed every other player's app (Rich read it as markup in a
notification) and ``[reverse]x`` restyled it; a hostile host's escape sequences (window
title, clipboard, screen clear) reached a joiner's terminal.  These tests drive the real
app (Textual's pilot) at LAN tables of every game with such names and chat lines, and a
rogue host's messages through the client's own wire decoder.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from net_helpers import HostHarness

from engine.net.client import RemoteTable
from engine.net.protocol import LineDecoder, encode, parse_server_line, shown_text
from tui.scenes import scene_settings
from tui.screens.game import GameScreen

MARKUP_NAMES = ("[/x]", "[reverse]x", "[bold red]Eve[/]", "[@click=quit]y")
ESCAPES = ("\x1b]0;pwned\x07", "\x1b]52;c;cHduZWQ=\x07", "\x1b[2J", "\x9b2J", "\u202egnp.exe")
GAMES = (("pigeons", 3, 0), ("stool", 4, 1), ("perch", 2, 0))


def wire(msg: dict[str, Any]) -> dict[str, Any]:
    """``msg`` as the client takes it off the wire: encoded, then decoded."""
    decoder = LineDecoder(1 << 20, parse_server_line)
    (out,) = decoder.feed(encode(msg))
    assert isinstance(out, dict)
    return out


def rogue(msg: Any) -> Any:
    """What a hostile host might send instead: every string carries escape sequences."""
    if isinstance(msg, str):
        return f"{ESCAPES[0]}{msg}{ESCAPES[2]}" if msg and msg[0].isalpha() else msg
    if isinstance(msg, list):
        return [rogue(m) for m in msg]
    if isinstance(msg, dict):
        return {k: (v if k in ("type", "id", "seat", "kind") else rogue(v)) for k, v in msg.items()}
    return msg


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (k, *strings(v))]
    return []


def is_clean(text: str) -> bool:
    return all(ch == "\n" or ch.isprintable() for ch in text)


# ---------------------------------------------------------------------- the client's wire


@pytest.mark.parametrize("text", ESCAPES)
def test_a_string_from_the_server_loses_its_control_characters(text: str) -> None:
    got = wire({"type": "chat", "seat": 0, "from": text, "text": text})
    assert is_clean(got["from"]) and is_clean(got["text"])
    assert "\x1b" not in got["from"] and "\x9b" not in got["text"]


def test_every_string_a_rogue_host_sends_reaches_the_client_clean() -> None:
    harness = HostHarness.new("stool", players=3, bots=1, seed=45, away_timeout=None)
    ann = harness.join("Ann")
    harness.join("Bob")
    remote = RemoteTable(send=lambda _msg: None)
    for msg in harness.inbox[ann]:
        hostile = rogue(msg)
        assert any(not is_clean(s) for s in strings(hostile)) or msg["type"] in ("pong",)
        remote.handle(wire(hostile))
    assert remote.started
    names = [seat.name for seat in remote.seats]
    assert names and all(is_clean(n) and "\x1b" not in n for n in names)
    assert all(is_clean(s) for s in strings(remote.view(remote.seat)))
    assert all(is_clean(e.text) for e in remote.log)


def test_shown_text_keeps_line_breaks_and_letters() -> None:
    assert shown_text("Ann\nBob") == "Ann\nBob"
    assert shown_text("café [b]x[/b]") == "café [b]x[/b]"
    assert shown_text("a\tb\x00c\x7fd") == "a b c d"
    assert shown_text("e" + "\u0301" * 9) == "e" + "\u0301" * 3


# ---------------------------------------------------------------------- the real app


class HostileTable:
    """Ann's seat (a real client, fed through the wire decoder) at a started LAN table
    whose second player is called ``name``."""

    def __init__(self, game: str, players: int, bots: int, name: str) -> None:
        self.harness = HostHarness.new(game, players=players, bots=bots, seed=45, away_timeout=None)
        self.name = name
        conns = [self.harness.join(n) for n in ("Ann", name, "Cy")[: players - bots]]
        self.ann, self.other = conns[0], conns[1]
        self.remote = RemoteTable(send=lambda _msg: None)
        self.seen = 0
        self.feed()
        assert self.remote.started

    def feed(self) -> None:
        """Hand Ann's client what the host sent her since the last time."""
        inbox = self.harness.inbox[self.ann]
        for msg in inbox[self.seen :]:
            self.remote.handle(wire(msg))
        self.seen = len(inbox)


def screen_text(app: Any) -> str:
    """The characters on the app's screen (from its SVG screenshot)."""
    svg = app.export_screenshot()
    spans = re.findall(r"<text [^>]*>(.*?)</text>", svg)
    return "".join(html.unescape(t) for t in spans).replace("\xa0", " ")


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


@pytest.mark.parametrize(
    "game, players, bots, name",
    # Each name at one game, each game at least once: the app is the same for all.
    [(*GAMES[i % len(GAMES)], name) for i, name in enumerate(MARKUP_NAMES)],
)
async def test_a_name_made_of_markup_is_shown_as_it_is(
    game: str, players: int, bots: int, name: str
) -> None:
    """The name shows letter for letter on the table's screen and in the notices that
    the player dropped and came back (where it crashed the app), and the app goes on."""
    from tui.app import PurrchApp

    table = HostileTable(game, players, bots, name)
    app = PurrchApp(scene_settings(), table.remote)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert name[:7] in screen_text(app)  # (a long name is cut short in a heading)
        table.harness.send(table.other, {"type": "chat", "text": f"{name} [reverse]hi"})
        table.feed()
        await settle(pilot)
        token = table.harness.welcome(table.other).get("token")
        table.harness.drop(table.other)
        table.feed()
        await settle(pilot)
        table.harness.join(name, token=token)
        table.feed()
        await settle(pilot)
        notices = [n.message for n in app._notifications]
        assert any(name in m and "away" in m for m in notices), notices
        assert any(name in m and "back" in m for m in notices), notices
        assert any(f"{name} [reverse]hi" in m for m in notices), notices
        assert all(not n.markup for n in app._notifications)
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("game", ["pigeons", "stool", "perch"])
async def test_hot_seat_names_made_of_markup_are_shown_as_they_are(game: str) -> None:
    """At one screen the seats' names head the panes (the hand's border title read a
    name as markup) and the curtain."""
    from engine.games import get_game
    from engine.session import SeatConfig, Table
    from tui.app import PurrchApp

    names = ("[/x]", "[reverse]Bob")
    seats = [SeatConfig(name, "human") for name in names]
    table = Table(get_game(game), seats, seed=3, window_seconds=None, bot_delay=(0, 0))
    app = PurrchApp(scene_settings(), table)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the curtain: the first seat takes the screen
        await settle(pilot)
        text = screen_text(app)
        assert isinstance(app.screen, GameScreen)
        shown = names[app.screen.shown_seat]
        assert shown in text, text
        if game == "pigeons":
            assert f"Hand — {shown}" in text, text
