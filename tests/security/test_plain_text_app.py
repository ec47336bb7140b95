"""Hostile names and chat lines through the whole app (Textual pilot), at a LAN table.

A player named ``[/x]`` crashed every other player's app with a Rich MarkupError
when they dropped or came back (the notices read markup); ``[reverse]x`` restyled
the notice; a hostile host's escape sequences (window title, clipboard, screen
clear) reached the terminal.  Every such text must be shown literally, without
its control characters.
"""

from __future__ import annotations

from typing import Any

from net_helpers import HostHarness

from engine.net.client import RemoteTable
from engine.net.protocol import encode, parse_server_line
from tui.lan_commands import remote_app
from tui.scenes import scene_settings
from tui.screens.game import GameScreen

MARKUP_NAMES = ("[/x]", "[reverse]x", "[bold red]")
ESCAPES = ("\x1b]0;pwned\x07", "\x1b]52;c;cHduZWQ=\x07", "\x1b[2J")


def wire(remote: RemoteTable, msg: dict[str, Any]) -> None:
    """``msg`` as the client takes it off the wire."""
    remote.handle(parse_server_line(encode(msg).rstrip(b"\n")))


def table_with(name: str) -> RemoteTable:
    """Ann's seat at a started table after the player ``name`` (seat 2) dropped."""
    harness = HostHarness.new("pigeons", players=3, bots=1, seed=45, away_timeout=None)
    ann = harness.join("Ann")
    other = harness.join(name)
    harness.drop(other)
    remote = RemoteTable(send=lambda _msg: None)
    for msg in harness.inbox[ann]:
        remote.handle(msg)
    assert remote.started and remote.away_seats == frozenset({1})
    return remote


def lobby(remote: RemoteTable, name: str, status: str) -> dict[str, Any]:
    seats = [
        {"seat": s.seat, "name": s.name, "kind": s.kind, "status": s.status}
        for s in remote.lobby.seats
    ]
    seats[1]["status"] = status
    seats[1]["name"] = name
    return {
        "type": "lobby",
        "started": True,
        "over": False,
        "game_number": 1,
        "seats": seats,
        "spectators": 0,
        "waiting_for": 0,
        "again": [],
    }


def shown_text(app: Any) -> str:
    """Every notification's title and message, and what the screen shows."""
    parts = [f"{n.title}\n{n.message}" for n in app._notifications]
    return "\n".join(parts)


async def test_markup_names_come_and_go_without_crashing_and_read_literally() -> None:
    for name in MARKUP_NAMES:
        remote = table_with(name)
        app = remote_app(scene_settings(), remote)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            wire(remote, lobby(remote, name, "here"))
            await pilot.pause()
            wire(remote, lobby(remote, name, "away"))
            await pilot.pause()
            wire(remote, {"type": "chat", "from": name, "seat": 1, "text": f"hi {name}"})
            await pilot.pause()
            # The toasts are drawn: a markup error would surface here.
            await pilot.pause()
            notes = list(app._notifications)
            assert any(n.message == f"{name} is back (seat 2)." for n in notes), name
            assert any(n.message.endswith(f"{name} is away (seat 2).") for n in notes), name
            assert all(not n.markup for n in notes)
            assert any(f"hi {name}" in n.message for n in notes), name
        assert app.return_code in (None, 0), name


async def test_escape_sequences_from_the_host_never_reach_the_screen() -> None:
    remote = table_with("Bob")
    app = remote_app(scene_settings(), remote)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for esc in ESCAPES:
            name = f"Eve{esc}x"
            wire(remote, lobby(remote, name, "here"))
            await pilot.pause()
            wire(remote, lobby(remote, name, "away"))
            await pilot.pause()
            wire(remote, {"type": "chat", "from": name, "seat": 1, "text": f"look{esc}[b]up"})
            wire(remote, {"type": "error", "code": "turn", "message": f"[/x]no{esc}"})
            await pilot.pause()
        await pilot.pause()
        text = shown_text(app)
        assert "\x1b" not in text and "\x07" not in text
        for esc in ESCAPES:
            bare = esc.replace("\x1b", " ").replace("\x07", " ")  # each control a space
            assert f"Eve{bare}x is back (seat 2)." in text
            assert f"Eve{bare}x: look{bare}[b]up" in text
            assert f"[/x]no{bare}" in text
        assert remote.seats[1].name == "Eve [2Jx"
    assert app.return_code in (None, 0)
