"""The LAN screens: the networked game screen with a seat away, the waiting room,
the join screen.

Deterministic: the server side is a socket-free :class:`TableHost` (the harness of
``net_helpers``) whose messages are fed to a bare :class:`RemoteTable` by hand.
"""

from __future__ import annotations

from typing import Any

from net_helpers import HostHarness

from engine.net.client import RemoteTable
from tui.app import PurrchApp
from tui.scenes import scene_settings


def fed_table(harness: HostHarness, conn: int) -> RemoteTable:
    """A RemoteTable that took in every message ``conn`` received so far."""
    remote = RemoteTable(send=lambda _msg: None)
    for msg in harness.inbox[conn]:
        remote.handle(msg)
    return remote


def away_table() -> RemoteTable:
    """Ann's seat at a started 3-seat table (Ann, Bob, the bot Tom) after Bob dropped."""
    harness = HostHarness.new("pigeons", players=3, bots=1, seed=45, away_timeout=None)
    ann = harness.join("Ann")
    bob = harness.join("Bob")
    harness.drop(bob)
    remote = fed_table(harness, ann)
    assert remote.started and remote.away_seats == frozenset({1})
    return remote


def test_game_screen_with_a_seat_away(snap_compare: Any) -> None:
    """You should see the game screen of Ann's seat at a LAN table of Cats Among The
    Pigeons at 100x32: in the Table pane, Bob's line starts with the away glyph (an
    ellipsis, after the turn marker: it is his turn) and reads "away" in the warning
    colour, then "deciding"; Ann's line says "you" and Tom's "bot", as in hot-seat;
    Ann's hand on the left; the status line "Waiting for Bob (away)..."."""
    app = PurrchApp(scene_settings(), away_table())
    assert snap_compare(app, terminal_size=(100, 32))


def test_game_screen_cut_off_from_the_host(snap_compare: Any, monkeypatch: Any) -> None:
    """You should see the same game screen as with a seat away, but the prompt bar
    reads "The host stopped the table. Reconnecting... 1:30 left." in bold, and under
    it, dimmed, "Your seat is kept: the game goes on from here once you are
    connected again."; no option keys in the footer."""
    from types import SimpleNamespace

    import tui.connection

    monkeypatch.setattr(tui.connection, "time", SimpleNamespace(monotonic=lambda: 1000.0))
    remote = away_table()
    remote.connected = False
    remote.lost_reason = "The host stopped the table."
    remote.reconnect_deadline = 1090.0
    app = PurrchApp(scene_settings(), remote)
    assert snap_compare(app, terminal_size=(100, 32))


def lobby_table() -> RemoteTable:
    """Ann at a 4-seat table (3 players and the bot Tom) where Bob has joined too."""
    harness = HostHarness.new("pigeons", players=4, bots=1, seed=45)
    ann = harness.join("Ann")
    harness.join("Bob")
    remote = fed_table(harness, ann)
    remote.host, remote.port, remote.name = "192.168.1.20", 7777, "Ann"
    assert not remote.started and remote.lobby.waiting_for == 1
    return remote


def test_waiting_room(snap_compare: Any) -> None:
    """You should see the waiting room at 80x24: a box titled "Waiting room" with
    "Cats Among The Pigeons (you are Ann, seat 1)", "Table at 192.168.1.20:7777", the
    seats (Seat 1 Ann here (you), Seat 2 Bob here, Seat 3 free, Seat 4 Tom bot),
    "Seats still free: 1", then "Waiting for 1 more player..."; the footer with
    Escape to leave the table."""
    app = PurrchApp(scene_settings(), lobby_table())
    assert snap_compare(app, terminal_size=(80, 24))


def test_join_screen(snap_compare: Any) -> None:
    """You should see the join screen at 80x24 over the menu, nothing cut off: a box
    titled "Join a LAN game" with a help line (ending "Enter: the next field, then
    join."), the Address field holding "192.168.1.20:99999" (focused), the Name field
    holding "Ann", an empty Password field ("Only if the table has one"), an unticked
    "Watch only (no seat)" box, and in the error colour under them "Address: '99999' is
    not a port (1 to 65535) (HOST or HOST:PORT, e.g. 192.168.1.20:7777)"; a Join button;
    the footer with Escape to go back to the menu and Ctrl+S to join."""
    from tui.screens.join import JoinScreen

    async def fill(pilot: Any) -> None:
        await pilot.app.push_screen(JoinScreen("Ann", "192.168.1.20:99999"))
        await pilot.pause()
        pilot.app.screen.action_join()
        await pilot.pause()

    app = PurrchApp(scene_settings())
    assert snap_compare(app, run_before=fill, terminal_size=(80, 24))


def test_host_screen(snap_compare: Any) -> None:
    """You should see the host screen at 80x24 over the menu: a box titled "Host a LAN
    game" saying "Cats Among The Pigeons: 3 seats, 2 for players (you and 1 more), 1
    for bots.", the Name field holding "Ann" (focused), Port 7777, Listen on "Every
    network interface (a meetup)", an empty Password field ("none: anyone who can reach
    you joins"), an empty status line and a Host button, all of it in the screen; the
    footer with Escape to go back to the menu and ^s Host."""
    from engine.games import get_game
    from engine.session import SeatConfig
    from tui.screens.host import HostScreen

    seats = [SeatConfig("Ann", "human"), SeatConfig("Bob", "human"), SeatConfig("Tom", "bot")]

    async def show(pilot: Any) -> None:
        await pilot.app.push_screen(HostScreen(get_game("pigeons"), seats, {}))
        await pilot.pause()

    app = PurrchApp(scene_settings())
    assert snap_compare(app, run_before=show, terminal_size=(80, 24))


def test_chat_screen(snap_compare: Any) -> None:
    """You should see, at 80x24 over the dimmed game of Ann's LAN seat, a box "Chat
    with the table": "Bob: good luck, all" and "Cy (watching): go Ann!" (the names in
    bold), then the field with "thanks" typed; the footer offers "⏎ Send" and
    "esc Close"."""
    harness = HostHarness.new("pigeons", players=3, bots=1, seed=45, away_timeout=None)
    ann = harness.join("Ann")
    bob = harness.join("Bob")
    cy = harness.join("Cy", spectate=True)
    harness.send(bob, {"type": "chat", "text": "good luck, all"})
    harness.send(cy, {"type": "chat", "text": "go Ann!"})
    remote = fed_table(harness, ann)
    assert len(remote.chat) == 2
    app = PurrchApp(scene_settings(), remote)
    assert snap_compare(app, press=["t", *"thanks"], terminal_size=(80, 24))


async def test_an_option_key_just_after_the_question_changed_under_the_player_waits(
    monkeypatch: Any,
) -> None:
    """Ann's question changes because of someone else (Bob's peek starts her turn):
    for a moment her option keys do nothing (a key meant for the question before,
    such as a race's Pass, must not draw a card), then they work.  A question that
    follows her own answer takes her keys at once."""
    from dataclasses import replace
    from types import SimpleNamespace

    from textual.pilot import Pilot

    import tui.screens.game
    from tui.screens.game import KEY_GUARD, GameScreen

    now = [1000.0]  # the screen's clock: moves only when the test says
    monkeypatch.setattr(tui.screens.game, "time", SimpleNamespace(monotonic=lambda: now[0]))
    harness = HostHarness.new("stool", players=2, bots=0, seed=5, away_timeout=None)
    ann, bob = harness.join("Ann"), harness.join("Bob")
    sent: list[dict[str, Any]] = []

    def to_host(msg: dict[str, Any]) -> None:
        sent.append(msg)
        harness.send(ann, msg)
        feed()

    remote = RemoteTable(send=to_host)
    fed = 0

    def feed() -> None:
        nonlocal fed
        for msg in harness.inbox[ann][fed:]:
            remote.handle(msg)
        fed = len(harness.inbox[ann])

    feed()
    app = PurrchApp(replace(scene_settings(), frozen=False), remote)

    def kinds() -> list[str]:
        return [p.kind for p in remote.prompts()]

    async def settle(pilot: Pilot[None]) -> GameScreen:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        return app.screen

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert kinds() == ["peek"]
        await pilot.press("1")  # Ann has seen her cards: nothing to do until Bob has
        assert kinds() == [] and len(sent) == 1
        now[0] += KEY_GUARD + 0.1
        harness.send(bob, {"type": "answer", "prompt": "peek.1", "option": "done"})
        feed()
        screen = await settle(pilot)
        assert kinds() == ["draw"] and screen.prompt_info is not None
        await pilot.press("1")  # at once: ignored
        assert len(sent) == 1 and kinds() == ["draw"]
        now[0] += KEY_GUARD - 0.1
        await pilot.press("1")  # still too soon
        assert len(sent) == 1
        now[0] += 0.2
        await pilot.press("1")  # Draw
        await settle(pilot)
        assert len(sent) == 2 and sent[-1]["option"] == "draw"
        assert kinds() and kinds() != ["draw"]
        screen = await settle(pilot)
        assert screen.prompt_info is not None
        key = screen.prompt_info.options[0].key  # keys follow the board's things
        assert key is not None
        await pilot.press(key)  # her own answer asked this: her key counts at once
        assert len(sent) == 3


async def test_the_host_form_fits_80x24_with_the_menus_own_seats() -> None:
    """QA (issue 22): "Host a LAN game" straight from a fresh menu (4 seats: you and
    three bots) says in three lines that no seat is left for anyone else; the box then
    ran one line past the screen, its bottom border under the footer and a scrollbar in
    the corner.  The whole box fits, with an error on its status line too."""
    from textual.containers import Vertical
    from textual.widgets import Static

    from engine.games import get_game
    from engine.session import SeatConfig
    from tui.screens.host import HostScreen

    bots = [SeatConfig(name, "bot") for name in ("Tom", "Luna", "Mochi", "Dot", "Cy")]
    for game, seats in (
        ("pigeons", [SeatConfig("Player", "human"), *bots[:3]]),
        ("stool", [SeatConfig("Player", "human"), *bots]),
    ):
        app = PurrchApp(scene_settings())
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(HostScreen(get_game(game), seats, {}))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HostScreen)
            help_text = screen.query_one("#join-help", Static)
            assert help_text.size.height >= 3  # the long explanation, as at first
            for status in ("", "Cannot host: port 7777 is busy (another table?)."):
                screen.query_one("#join-status", Static).update(status)
                await pilot.pause()
                box = screen.query_one("#join-box", Vertical)
                assert box.region.y >= 0 and box.region.bottom <= 23, (game, box.region)
                assert box.max_scroll_y == 0
