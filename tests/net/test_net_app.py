"""The hot-seat game screen plays a LAN seat unchanged (``purrch join``'s app).

A server on 127.0.0.1 (a port the system picks), Ann at the keyboard of the app
through a :class:`RemoteTable`, Bob a bot-driven client, Tom the server's bot.
Also: the menu's Join and Host a LAN game (a hosted table autosaves and resumes),
the fixed-table app of the SSH front door, and the networked Stool Pigeon and Chat
perché screens with a seat away.  Tests that remember seat tokens or autosave point
``PURRCH_HOME`` at a temporary folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from net_helpers import LOOPBACK, TIMEOUT, BotDriver, HostHarness, join, start_server
from textual.pilot import Pilot

from tui.lan_commands import remote_app
from tui.scenes import choose_among, scene_settings
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.widgets.banner import ReactionBanner

MAX_PRESSES = 3_000


async def play_with_keys(app: object, pilot: Pilot[None]) -> int:
    """Press the key of the simple player's choice until the game-over screen."""
    presses = 0
    for _ in range(MAX_PRESSES):
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, GameOverScreen):
            return presses
        if not isinstance(screen, GameScreen):
            await pilot.pause(0.05)
            continue
        assert screen.shown_seat == 0  # one human: always Ann's own view
        info = screen.prompt_info
        if info is not None and info.options:
            choice = choose_among(
                screen.table.game.id, [o.option_id for o in info.options], info.kind
            )
            key = next(o.key for o in info.options if o.option_id == choice)
            assert key is not None
            await pilot.press(key)
            presses += 1
            continue
        await pilot.pause(0.05)  # the others are playing over the network
    raise AssertionError("the game did not end")


async def test_the_game_screen_plays_a_remote_seat_and_another_game() -> None:
    server = await start_server(players=3, bots=1, seed=45)
    try:
        ann = await join(server, "Ann")
        bob = await join(server, "Bob")
        await ann.wait_started(TIMEOUT)
        bob_plays = asyncio.ensure_future(BotDriver(bob, seed=3).run())
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(100, 32)) as pilot:
            presses = await asyncio.wait_for(play_with_keys(app, pilot), TIMEOUT * 6)
            assert presses > 0
            host_table = server.host.table
            assert host_table is not None and host_table.is_over
            assert ann.outcome() == host_table.outcome()
            game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            assert game.table is ann
            await asyncio.wait_for(bob_plays, TIMEOUT)

            # "Play again" asks the host; the game starts once Bob asks too.
            await pilot.press("a")
            await pilot.pause()
            await ann.wait_for(lambda: 0 in ann.lobby.again, TIMEOUT)
            assert server.host.game_number == 1
            bob.request_new_game()
            await ann.wait_for(lambda: ann.game_number == 2, TIMEOUT)
            for _ in range(100):
                await pilot.pause(0.02)
                if isinstance(app.screen, GameScreen):
                    break
            assert isinstance(app.screen, GameScreen) and app.screen.table is ann
            assert not ann.is_over
        await ann.close()
        await bob.close()
    finally:
        await server.close()


def held_dialling(table: Any) -> tuple[asyncio.Event, Any]:
    """A stand-in for ``table._dial`` that dials only once the event is set: the line
    is down for as long as the test looks."""
    dial = table._dial
    may_dial = asyncio.Event()

    async def held_dial(token: str | None, timeout: float = 10.0) -> None:
        await may_dial.wait()
        await dial(token, timeout)

    return may_dial, held_dial


async def test_a_cut_connection_shows_on_the_prompt_bar_until_it_is_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ann's connection drops mid-game: until her client has dialled back in, the prompt
    bar says so, with the time left to try, and offers nothing to answer (no answer
    could reach the host); no reaction banner either.  Once back, her decision is on
    the bar again."""
    server = await start_server(players=2, bots=0, seed=45)
    ann = await join(server, "Ann", reconnect_for=90.0)
    bob = await join(server, "Bob")
    may_dial, held_dial = held_dialling(ann)

    try:
        await ann.wait_started(TIMEOUT)
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(100, 32)) as pilot:
            game = await wait_for_screen(pilot, GameScreen)
            await wait_until(pilot, lambda: bool(ann.prompts()) or bool(bob.prompts()))
            if not ann.prompts():  # Bob opens: he draws, and it is Ann's turn
                assert bob.seat is not None
                bob.answer(bob.seat, bob.prompts()[0].id, "draw")
            await wait_until(pilot, lambda: bool(game.prompt_info and game.prompt_info.options))
            assert "1" in footer_keys(game)
            monkeypatch.setattr(ann, "_dial", held_dial)

            conn = ann._conn
            assert conn is not None
            conn.abort()  # the line drops
            await wait_until(pilot, lambda: game.prompt_info is not None and not ann.connected)
            await pilot.pause(0.2)
            info = game.prompt_info
            assert info is not None and not info.options
            assert info.text.startswith("The connection to the host was lost. Reconnecting... 1:")
            assert info.text.endswith(" left.")
            assert "1" not in footer_keys(game)
            assert game.query_one(ReactionBanner).info is None
            await pilot.press("1")  # nothing to answer: nothing sent, no error
            await pilot.pause(0.1)
            assert not any(n.title == "Not allowed" for n in app._notifications)

            may_dial.set()
            await wait_until(pilot, lambda: ann.connected)
            await wait_until(pilot, lambda: bool(game.prompt_info and game.prompt_info.options))
            assert "Reconnecting" not in game.prompt_info.text
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_join_prints_the_waiting_room_until_the_game_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))  # it remembers Ann's token
    from engine.net.hosting import LanError
    from tui.lan_commands import connect_and_wait

    server = await start_server(players=3, bots=1)
    try:
        lines: list[str] = []
        waiting = asyncio.ensure_future(
            connect_and_wait(
                "127.0.0.1",
                server.port,
                name="Ann",
                spectate=False,
                password=None,
                playable=lambda _game: True,
                echo=lines.append,
            )
        )
        while not any("waiting for 1 more player" in line for line in lines):
            await asyncio.sleep(0.01)
        assert not waiting.done()
        bob = await join(server, "Bob")
        ann = await asyncio.wait_for(waiting, TIMEOUT)
        assert ann.started and ann.seat == 0
        assert (
            lines[0] == f"Joined Cats Among The Pigeons on 127.0.0.1:{server.port} as Ann, seat 1."
        )
        assert lines[1] == "At the table: Ann; waiting for 1 more player..."
        await ann.close()
        await bob.close()
        try:
            await connect_and_wait(
                "127.0.0.1",
                server.port,
                name="Cy",
                spectate=False,
                password=None,
                playable=lambda _game: True,
                echo=lines.append,
            )
        except LanError as exc:
            assert "every seat is taken" in str(exc)
        else:
            raise AssertionError("a full table let Cy in")
    finally:
        await server.close()


async def test_the_app_reports_errors_and_connection_notices_then_leaves_the_table() -> None:
    from test_net_screens import away_table

    remote = away_table()
    sent: list[dict[str, object]] = []
    remote._send_hook = sent.append
    app = remote_app(scene_settings(), remote)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.remote is remote
        assert remote.deliver == app.call_later
        remote.handle({"type": "error", "code": "turn", "message": "Not your turn."})
        remote._notice("lost", "The connection to the host was lost.")
        remote._notice("back", "Back at the table on 127.0.0.1:1.")
        await pilot.pause()
        shown = [(n.title, n.message, n.severity) for n in app._notifications]
        assert ("Not allowed", "Not your turn.", "error") in shown
        assert ("Connection lost", "The connection to the host was lost.", "warning") in shown
        assert ("Connection", "Back at the table on 127.0.0.1:1.", "information") in shown

        # Bob (away from the start) comes back, then drops again: said for every game.
        def lobby(status: str) -> dict[str, object]:
            seats = [
                {"seat": s.seat, "name": s.name, "kind": s.kind, "status": s.status}
                for s in remote.lobby.seats
            ]
            seats[1]["status"] = status
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

        remote.handle(lobby("here"))
        await pilot.pause()
        assert not remote.away_seats
        remote.handle(lobby("away"))
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert "Bob is back (seat 2)." in messages
        assert "\u2026 Bob is away (seat 2)." in messages

        # "again" with the table's game on (its next game started) is that game's
        # screen, asking nothing; "menu" leaves the table and closes the connection.
        app.screen.dismiss(("again", None))
        await pilot.pause()
        assert sent == [] and app.remote is remote
        assert isinstance(app.screen, GameScreen) and app.table is remote
        app.screen.dismiss(("menu", None))
        await pilot.pause()
        assert app.remote is None and remote.deliver is None
        await pilot.pause(0.05)
        assert remote._closed


async def test_the_waiting_room_follows_the_table_then_shows_the_game() -> None:
    from tui.screens.lobby import LobbyScreen

    server = await start_server(players=3, bots=1)
    try:
        ann = await join(server, "Ann")
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            text = str(app.screen.query_one("#lobby-waiting").render())
            assert "Waiting for 1 more player" in text
            bob = await join(server, "Bob")
            await ann.wait_started(TIMEOUT)
            for _ in range(100):
                await pilot.pause(0.02)
                if isinstance(app.screen, GameScreen):
                    break
            assert isinstance(app.screen, GameScreen) and app.screen.table is ann
        await bob.close()
        assert ann._closed  # the app closed its table on quitting
    finally:
        await server.close()


async def test_escape_leaves_the_waiting_room() -> None:
    from tui.screens.lobby import LobbyScreen
    from tui.screens.menu import MenuScreen

    server = await start_server(players=3, bots=1)
    try:
        ann = await join(server, "Ann")
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen) and app.remote is None
            await ann.wait_for(lambda: ann._closed, TIMEOUT)
    finally:
        await server.close()


async def test_the_menu_joins_a_lan_game_through_the_waiting_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))  # the join form remembers the token
    from textual.widgets import Input

    from tui.app import PurrchApp
    from tui.screens.join import JoinScreen, check_join
    from tui.screens.lobby import LobbyScreen

    assert check_join(" 10.0.0.2 ", " Ann ") == ("10.0.0.2", 7777, "Ann")
    for address, name in (("", "Ann"), ("host:0", "Ann"), ("[::1", "Ann"), ("h", " ")):
        try:
            check_join(address, name)
        except ValueError:
            continue
        raise AssertionError(f"{address!r}, {name!r} passed")

    server = await start_server(players=3, bots=1)
    try:
        # (Textual finds message handlers on the class: the menu's own join form,
        # remembering tokens, is the one used.)
        app = PurrchApp(scene_settings())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.click("#join-lan")
            await pilot.pause()
            assert isinstance(app.screen, JoinScreen)
            app.screen.query_one("#join-address", Input).value = f"127.0.0.1:{server.port}"
            app.screen.query_one("#join-name", Input).value = "Ann"
            app.screen.action_join()
            for _ in range(200):
                await pilot.pause(0.02)
                if isinstance(app.screen, LobbyScreen):
                    break
            assert isinstance(app.screen, LobbyScreen)
            remote = app.remote
            assert remote is not None and remote.name == "Ann" and remote.seat == 0
            bob = await join(server, "Bob")
            await remote.wait_started(TIMEOUT)
            for _ in range(100):
                await pilot.pause(0.02)
                if isinstance(app.screen, GameScreen):
                    break
            assert isinstance(app.screen, GameScreen) and app.screen.table is remote

            # Left (the host gone, "New game"...): the join form offers the same table.
            from tui.screens.menu import MenuScreen

            app.action_new_game()
            await wait_for_screen(pilot, MenuScreen)  # (a busy machine: not one frame)
            await pilot.pause()
            await pilot.click("#join-lan")
            await wait_for_screen(pilot, JoinScreen)
            address = app.screen.query_one("#join-address", Input).value
            assert address == f"127.0.0.1:{server.port}"
            assert app.screen.query_one("#join-name", Input).value == "Ann"
        await bob.close()
    finally:
        await server.close()


async def open_host_form(pilot: Pilot[None], game: str, seats: list[Any], **options: Any) -> Any:
    """The app's Host form for ``game`` and ``seats`` (port 0, this machine only), as
    the menu opens it: its table goes to the app (``_hosting``)."""
    from engine.games import get_game
    from tui.screens.host import LOOPBACK, HostScreen

    await pilot.pause()
    host = HostScreen(get_game(game), seats, {}, port=0, bind=LOOPBACK, **options)
    app: Any = pilot.app
    app.push_screen(host, callback=app._hosting)
    await pilot.pause()
    return host


async def test_the_menu_hosts_a_lan_game_and_plays_a_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    from engine.session import SeatConfig
    from tui.app import PurrchApp
    from tui.screens.host import host_config
    from tui.screens.lobby import LobbyScreen
    from tui.screens.menu import MenuScreen

    seats = [SeatConfig("Ann", "human"), SeatConfig("Bob", "human"), SeatConfig("Tom", "bot")]
    config = host_config(seats, {})
    assert (config.players, config.bots, config.bot_names) == (3, 1, ("Tom",))
    try:
        host_config([SeatConfig("Tom", "bot", "random")], {})
    except ValueError:
        pass
    else:
        raise AssertionError("a table of bots only was hosted")

    app = PurrchApp(scene_settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_host_form(pilot, "pigeons", seats, bot_delay=(0.0, 0.0))
        await pilot.press("ctrl+s")  # from the name field, as the footer says
        for _ in range(200):
            await pilot.pause(0.02)
            if isinstance(app.screen, LobbyScreen):
                break
        assert isinstance(app.screen, LobbyScreen)
        server, remote = app.hosted, app.remote
        assert server is not None and remote is not None and remote.seat == 0
        port = server.port
        assert app.screen.hosting == f"127.0.0.1:{server.port}"
        # It autosaves like `purrch host`, and the player is told how to continue it.
        save = tmp_path / f"lan-pigeons-{server.port}.json"
        assert server.host.config.save_path == save
        resume = f"purrch host --resume {save} --port {server.port} --bind 127.0.0.1"
        rejoin = f"purrch join 127.0.0.1:{server.port} --name Ann"
        await pilot.pause()

        def hints() -> list[str]:
            return [n.message for n in app._notifications if n.title == "Hosting"]

        assert hints() == []  # the waiting room shows where to join: nothing covers it
        bob = await join(server, "Bob")
        await remote.wait_started(TIMEOUT)
        for _ in range(100):
            await pilot.pause(0.02)
            if isinstance(app.screen, GameScreen):
                break
        assert isinstance(app.screen, GameScreen) and app.screen.table is remote
        await pilot.pause()  # a notice is a message to the app: it lands on the next pass
        assert hints() == [
            f"The table is on 127.0.0.1:{server.port} (spectators can join there). "
            f"The game autosaves to {save}. If this app stops mid-game, `{resume}` "
            f"continues it and `{rejoin}` takes your seat back."
        ]
        assert save.exists()
        assert f"`{resume}` continues it" in app.quit_detail()
        # The palette's "Leave the table" asks first: it stops the table for everyone.
        from tui.screens.quit import LeaveScreen

        leave = {title: cb for title, _help, cb in app.palette_commands(app.screen)}
        assert "New game" not in leave
        leave["Leave the table"]()
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen)
        assert "leaving stops it for everyone" in app.screen.detail
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and not server._closed.is_set()
        leave["Leave the table"]()
        await pilot.pause()
        await pilot.press("y")  # back to the menu: leave the table, and stop it
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.remote is None and app.hosted is None
        await bob.wait_for(lambda: not bob.connected, TIMEOUT)
        assert remote._closed and server._closed.is_set()

        # The Host form offers the same port and listening choice again.
        from textual.widgets import Input, Select

        from engine.games import get_game
        from tui.screens.host import HostScreen

        app.on_menu_screen_host_lan(MenuScreen.HostLan(get_game("pigeons"), seats, {}))
        form = await wait_for_screen(pilot, HostScreen)
        await pilot.pause()
        assert form.query_one("#host-port", Input).value == str(port)
        assert form.query_one("#host-bind", Select).value == LOOPBACK
    await bob.close()


async def test_the_host_form_says_what_is_wrong_with_the_port() -> None:
    """QA: letters typed in the port field were dropped without a word ("ab12" hosted
    on port 12).  Now the form says the port is not one, and hosts nothing."""
    from textual.widgets import Input

    from engine.games import get_game
    from engine.session import SeatConfig
    from tui.app import PurrchApp
    from tui.screens.host import HostScreen

    seats = [SeatConfig("Ann", "human"), SeatConfig("Bob", "human")]
    app = PurrchApp(scene_settings())
    async with app.run_test(size=(80, 24)) as pilot:
        form = HostScreen(get_game("pigeons"), seats, {})
        await app.push_screen(form)
        await pilot.pause()
        port = form.query_one("#host-port", Input)
        port.focus()
        port.value = ""
        await pilot.press(*"ab12", "ctrl+s")
        await pilot.pause()
        assert port.value == "ab12"
        status = str(form.query_one("#join-status").render())
        assert "Port: 'ab12' is not a port (1 to 65535; 0: any free one)" in status
        assert app.screen is form and app.hosted is None


async def test_the_menu_hosts_a_table_with_a_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host form's Password: the host's own seat joins with it, another player
    without it is refused, with it takes the seat; the rejoin hint asks for it."""
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    from textual.widgets import Input

    from engine.net.client import JoinError
    from engine.session import SeatConfig
    from tui.app import PurrchApp
    from tui.screens.lobby import LobbyScreen

    seats = [SeatConfig("Ann", "human"), SeatConfig("Bob", "human")]
    app = PurrchApp(scene_settings())
    async with app.run_test(size=(80, 24)) as pilot:
        host = await open_host_form(pilot, "perch", seats)
        host.query_one("#host-password", Input).value = "crumbs"
        await pilot.press("ctrl+s")
        for _ in range(200):
            await pilot.pause(0.02)
            if isinstance(app.screen, LobbyScreen):
                break
        server = app.hosted
        assert isinstance(app.screen, LobbyScreen) and server is not None
        assert server.host.has_password
        with pytest.raises(JoinError, match="password"):
            await join(server, "Bob")
        bob = await join(server, "Bob", password="crumbs")
        assert bob.seat == 1
        await wait_for_screen(pilot, GameScreen)
        await pilot.pause()
        hints = [n.message for n in app._notifications if n.title == "Hosting"]
        assert len(hints) == 1 and "--name Ann --password PASSWORD`" in hints[0]
        await bob.close()


async def test_a_hosted_table_of_one_player_says_where_it_is_as_it_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every other seat a bot: the game starts at once, with no waiting room to show
    the address, so the hosting notice says it (spectators may come)."""
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    from textual.widgets import Static

    from engine.session import SeatConfig
    from tui.app import PurrchApp

    seats = [SeatConfig("Ann", "human"), SeatConfig("Tom", "bot")]
    app = PurrchApp(scene_settings())
    async with app.run_test(size=(80, 24)) as pilot:
        host = await open_host_form(pilot, "stool", seats)
        assert str(host.query_one("#join-help", Static).render()) == (
            "Stool Pigeon: 2 seats, 1 for you, 1 for bots. No seat is left for anyone "
            "else (they can watch): to play with others, make their seats Human in the menu."
        )
        host.action_host()
        await wait_for_screen(pilot, GameScreen)
        await pilot.pause()
        server = app.hosted
        assert server is not None
        hints = [n.message for n in app._notifications if n.title == "Hosting"]
        assert len(hints) == 1
        assert hints[0].startswith(
            f"The table is on 127.0.0.1:{server.port} (spectators can join there). "
            "The game autosaves to "
        )


# ---------------------------------------------------------------------- a hosted table resumes


async def test_a_table_hosted_from_the_menu_resumes_after_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table is built as the Host screen builds it (``host_config``, ``start_server``,
    Ann through ``connect_table`` remembering her token); a few answers later the app
    "dies" (the autosave on disk at that moment is kept), and what ``purrch host
    --resume PATH`` runs (``TableHost.resume``) has the same table, and gives Ann her
    seat back with the remembered token."""
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    from engine.games import get_game
    from engine.net.client import RemoteTable, TokenStore
    from engine.net.host import HostConfig, TableHost
    from engine.net.hosting import connect_table
    from engine.net.server import TableServer
    from engine.session import SeatConfig
    from tui.screens.host import host_config, hosted_save_path, resume_command
    from tui.screens.host import start_server as host_table
    from tui.seating import has_screen

    seats = [SeatConfig("Ann", "human"), SeatConfig("Bob", "human"), SeatConfig("Tom", "bot")]
    config = host_config(seats, {}, seed=7, bot_delay=(0.0, 0.0), window_seconds=None)
    server = await host_table(get_game("pigeons"), config, LOOPBACK, 0)
    port = server.port
    save = hosted_save_path("pigeons", port)
    assert save == tmp_path / f"lan-pigeons-{port}.json" == server.host.config.save_path
    assert resume_command(save, port, LOOPBACK) == (
        f"purrch host --resume {save} --port {port} --bind 127.0.0.1"
    )
    tables: list[RemoteTable] = []
    resumed_server: TableServer | None = None
    try:
        ann = await connect_table(
            LOOPBACK, port, name="Ann", spectate=False, password=None, playable=has_screen
        )
        tables.append(ann)
        tables.append(await join(server, "Bob"))
        bob = tables[1]
        for t in tables:
            await t.wait_started(TIMEOUT)

        # A few answers, to a quiet moment: a player's own turn (nothing else moves).
        def quiet() -> bool:
            return any(
                len(t.log) >= 8 and any(p.kind == "turn" for p in t.prompts()) for t in tables
            )

        drivers = [BotDriver(t, seed=i) for i, t in enumerate(tables)]
        await asyncio.wait_for(asyncio.gather(*(d.run(quiet) for d in drivers)), TIMEOUT * 4)
        assert sum(d.answers for d in drivers) >= 2
        host_table_now = server.host.table
        assert host_table_now is not None and not host_table_now.is_over
        at_the_crash = tmp_path / "at-the-crash.json"
        shutil.copy(save, at_the_crash)  # what is on disk when the app dies
        state = host_table_now.to_json()
        views, logs = [ann.view(0), bob.view(1)], [ann.log_for(0), bob.log_for(1)]
        token = TokenStore().get(LOOPBACK, port, "Ann")
        assert token is not None and token == ann.token
        for t in tables:
            await t.close()
        await server.close()

        # `purrch host --resume PATH`: run_host -> TableHost.resume(PATH, its config).
        host = TableHost.resume(at_the_crash, HostConfig(players=0))
        resumed = host.table
        assert resumed is not None and host.game_number == 1
        assert resumed.to_json() == state
        assert [s.name for s in resumed.seats] == ["Ann", "Bob", "Tom"]
        # Where the table listened, kept: a table for this machine only does not
        # come back on every interface (nor on another port than its players').
        assert (host.config.bind, host.config.port) == (LOOPBACK, port)

        resumed_server = TableServer(host)
        await resumed_server.start(LOOPBACK, 0)
        tables = [
            await RemoteTable.connect(
                LOOPBACK, resumed_server.port, name="Ann", token=token, remember=False
            )
        ]
        ann = tables[0]
        assert ann.seat == 0
        await ann.wait_started(TIMEOUT)
        assert ann.view(0) == views[0] and ann.log_for(0) == logs[0]
    finally:
        for t in tables:
            await t.close()
        await server.close()
        if resumed_server is not None:
            await resumed_server.close()


async def test_a_table_hosted_from_the_menu_holds_its_save_s_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the app serves a table, `purrch host --resume` of its save is refused
    (two hosts would write one file), and the lock is free once the table stops.  A
    save another host holds makes the Host form say so and serve nothing."""
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    from textual.widgets import Button, Static

    from engine.games import get_game
    from engine.net.hosting import LanError, lock_save
    from engine.savefile import SaveLock
    from engine.session import SeatConfig
    from tui.app import PurrchApp
    from tui.screens.host import host_config
    from tui.screens.host import start_server as host_table

    seats = [SeatConfig("Ann", "human"), SeatConfig("Tom", "bot")]
    server = await host_table(get_game("pigeons"), host_config(seats, {}), LOOPBACK, 0)
    save = server.host.config.save_path
    assert save is not None and server.save_lock is not None
    with pytest.raises(LanError, match=f"in use by another purrch host \\(pid {os.getpid()}\\)"):
        lock_save(save)
    await server.close()
    assert server.save_lock is None
    lock_save(save).release()  # free again

    held = tmp_path / "held.json"
    other = SaveLock(held)
    other.acquire()
    try:
        app = PurrchApp(scene_settings())
        async with app.run_test(size=(80, 24)) as pilot:
            host = await open_host_form(pilot, "pigeons", seats, save_path=held)
            host.action_host()
            status = host.query_one("#join-status", Static)
            for _ in range(200):
                await pilot.pause(0.02)
                if "in use" in str(status.render()):
                    break
            assert str(status.render()) == (
                f"{held} is in use by another purrch host (pid {os.getpid()}): "
                "stop that one first, or choose another port."
            )
            assert app.screen is host and app.hosted is None
            assert not host.query_one("#host-go", Button).disabled  # it may try again
        assert not held.exists()
    finally:
        other.release()


# ---------------------------------------------------------------------- one fixed table (SSH)


def fixed_app(port: int, name: str = "ann", host: str = LOOPBACK) -> Any:
    from tui.app import PurrchApp

    return PurrchApp(scene_settings(), None, table_address=(host, port), default_name=name)


async def wait_for_screen(pilot: Pilot[None], kind: type, rounds: int = 250) -> Any:
    for _ in range(rounds):
        if isinstance(pilot.app.screen, kind):
            return pilot.app.screen
        await pilot.pause(0.02)
    raise AssertionError(f"no {kind.__name__}: {pilot.app.screen_stack}")


async def chat_ready(pilot: Pilot[None]) -> Any:
    """The chat screen, once its field has the focus (keys typed before would go nowhere)."""
    from tui.screens.chat import ChatScreen

    chat = await wait_for_screen(pilot, ChatScreen)
    field = chat.query_one("#chat-input")
    for _ in range(100):
        if field.has_focus:
            return chat
        await pilot.pause(0.01)
    raise AssertionError("the chat's field never took the focus")


async def test_the_fixed_table_app_asks_a_name_and_seats_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    from textual.widgets import Input, Static

    from engine.net.client import TokenStore
    from tui.screens.join import JoinScreen
    from tui.screens.lobby import LobbyScreen
    from tui.screens.menu import MenuScreen

    server = await start_server(players=3, bots=1)
    port = server.port
    try:
        app = fixed_app(port)
        exited: list[bool] = []
        async with app.run_test(size=(80, 24)) as pilot:
            form = await wait_for_screen(pilot, JoinScreen)
            assert form.fixed and form.query_one("#join-box").border_title == "Join the table"
            assert not any(isinstance(s, MenuScreen) for s in app.screen_stack)
            assert not form.query("#join-address") and not form.query("#join-password")
            assert str(form.query_one("#join-table", Static).render()) == f"127.0.0.1:{port}"
            name = form.query_one("#join-name", Input)
            assert name.value == "ann" and form.focused is name
            footer = {b.binding.key: b.binding.description for b in form.active_bindings.values()}
            assert footer["escape"] == "Quit" and footer["ctrl+s"] == "Join"

            # An empty name is refused in the status line; nothing is dialled.
            await pilot.press("ctrl+u", "enter")
            await pilot.pause()
            status = str(form.query_one("#join-status", Static).render())
            assert status.startswith("Name: say who you are")
            assert app.screen is form and server.host.connections == 0

            # A name, Enter: seated in the waiting room, the token remembered.
            await pilot.press(*"Ann", "enter")
            lobby = await wait_for_screen(pilot, LobbyScreen)
            remote = app.remote
            assert remote is not None and lobby.remote is remote
            assert (remote.name, remote.seat) == ("Ann", 0)
            assert TokenStore().get(LOOPBACK, port, "Ann") == remote.token

            # Leaving the waiting room comes back to the form (the name kept).
            await pilot.press("escape")
            form = await wait_for_screen(pilot, JoinScreen)
            assert form.query_one("#join-name", Input).value == "Ann"
            assert app.remote is None
            await remote.wait_for(lambda: remote._closed, TIMEOUT)
            await pilot.press("enter")
            await wait_for_screen(pilot, LobbyScreen)
            remote = app.remote
            assert remote is not None and remote.seat == 0

            # Bob comes: the game starts, on the game screen.
            bob = await join(server, "Bob")
            await remote.wait_started(TIMEOUT)
            game = await wait_for_screen(pilot, GameScreen)
            assert game.table is remote

            # Leaving the table ("New game" / "Leave the table") is back to the form too.
            commands = {title: cb for title, _help, cb in app.palette_commands(app.screen)}
            assert "Leave the table" in commands and "New game" not in commands
            commands["Leave the table"]()  # the game is on: it asks first
            await pilot.pause()
            assert "The host keeps your seat" in app.screen.detail
            await pilot.press("y")
            form = await wait_for_screen(pilot, JoinScreen)
            assert app.remote is None and len(app.screen_stack) == 2

            # Escape on the form quits the app, without a question.
            app.exit = lambda *args, **kwargs: exited.append(True)  # type: ignore[method-assign]
            await pilot.press("escape")
            await pilot.pause()
            assert exited == [True]
        await remote.wait_for(lambda: remote._closed, TIMEOUT)

        # Running again under the same name takes the seat back (the remembered token).
        app = fixed_app(port, name="Ann")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, JoinScreen)
            await pilot.press("enter")
            game = await wait_for_screen(pilot, GameScreen)
            assert app.remote is not None and app.remote.seat == 0
            assert game.table is app.remote
        await bob.close()
    finally:
        await server.close()


async def test_the_fixed_table_app_watches_a_full_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    from tui.screens.join import FULL_WATCHING, JoinScreen

    server = await start_server(players=3, bots=1)
    try:
        ann = await join(server, "Ann")
        bob = await join(server, "Bob")
        await ann.wait_started(TIMEOUT)
        app = fixed_app(server.port, name="Cy")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, JoinScreen)
            await pilot.press("enter")
            game = await wait_for_screen(pilot, GameScreen)
            remote = app.remote
            assert remote is not None and game.table is remote
            assert remote.seat is None and remote.name == "Cy"
            assert game.shown_seat is None and game.prompt_info is not None
            assert (FULL_WATCHING, "Watching") in [(n.message, n.title) for n in app._notifications]
            assert server.host.connections == 3
        await ann.close()
        await bob.close()
    finally:
        await server.close()


def test_fixed_table_join_screen(snap_compare: Callable[..., bool]) -> None:
    """You should see the fixed-table join form at 80x24 (the SSH front door), with no
    menu under it: a box titled "Join the table", a help line about choosing the name
    the others see and coming back under the same name, "Table 192.168.1.20:7777" as
    bold text (no address field), the Name field holding "ann" (focused), an unticked
    "Watch only (no seat)" box, no password field, an empty status line and a Join
    button; the footer with Escape to quit and Ctrl+S to join."""
    assert snap_compare(fixed_app(7777, host="192.168.1.20"), terminal_size=(80, 24))


# ---------------------------------------------------------------------- seats away, every game


def away_remote(game: str, players: int, bots: int, names: tuple[str, ...]) -> Any:
    """Ann's seat at a started LAN table of ``game`` after the second player dropped."""
    from test_net_screens import fed_table

    harness = HostHarness.new(game, players=players, bots=bots, seed=45, away_timeout=None)
    conns = [harness.join(name) for name in names]
    harness.drop(conns[1])
    remote = fed_table(harness, conns[0])
    assert remote.started and remote.away_seats == frozenset({1})
    return remote


def test_stool_screen_with_a_seat_away(snap_compare: Callable[..., bool]) -> None:
    """You should see Ann's game screen at a LAN table of Stool Pigeon at 80x24, at the
    start (everyone peeks at their two bottom cards): among the crime scenes, Bob's
    heading reads "B … Bob away" with the away glyph and the word "away" in the warning
    colour; Ann's ("A ☺ Ann you", her A3 and A4 face up), Cleo's and the bot Tom's
    look as usual; the prompt bar asks Ann to look at her two bottom cards."""
    from tui.app import PurrchApp

    remote = away_remote("stool", 4, 1, ("Ann", "Bob", "Cleo"))
    assert snap_compare(PurrchApp(scene_settings(), remote), terminal_size=(80, 24))


async def test_waiting_for_a_player_who_dropped_says_they_are_away() -> None:
    from tui.app import PurrchApp

    remote = away_remote("stool", 4, 1, ("Ann", "Bob", "Cleo"))
    app = PurrchApp(scene_settings(), remote)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await wait_for_screen(pilot, GameScreen)
        assert game._status({"waiting": [1, 2]}) == "Waiting for Bob (away), Cleo..."


def test_perch_screen_with_a_seat_away(snap_compare: Callable[..., bool]) -> None:
    """You should see Ann's game screen at a LAN table of Chat perché at 80x24, while
    the strength tokens are placed: in the Cards pane, Bob's line reads "… G Bob away"
    with the away glyph and the word "away" in the warning colour, Ann's "▶ ☺ B Ann
    (you)"; the tree with no token yet; the prompt bar asks Ann to choose a strength
    token (1 to 4)."""
    from tui.app import PurrchApp

    remote = away_remote("perch", 2, 0, ("Ann", "Bob"))
    assert snap_compare(PurrchApp(scene_settings(), remote), terminal_size=(80, 24))


async def test_the_join_form_passes_the_password_and_watch_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keyboard only: Enter goes from field to field, a wrong password is said in the
    status line (nothing else changes), the right one with Watch only ticked and no
    name joins as "Spectator"."""
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    from textual.widgets import Button, Input, Static

    from tui.app import PurrchApp
    from tui.screens.join import SPECTATOR, JoinScreen, WatchBox, check_join
    from tui.screens.lobby import LobbyScreen

    assert check_join("h", " ", spectate=True) == ("h", 7777, SPECTATOR)
    with pytest.raises(ValueError, match="tick Watch only"):
        check_join("h", " ")

    server = await start_server(players=3, bots=1, password="crumbs")
    try:
        app = PurrchApp(scene_settings())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            form = JoinScreen()
            app.push_screen(form, callback=app._joined)
            await pilot.pause()
            assert form.focused is form.query_one("#join-address", Input)
            await pilot.press(*f"127.0.0.1:{server.port}", "enter")
            assert form.focused is form.query_one("#join-name", Input)
            await pilot.press("enter")  # no name: Watch only is ticked below
            password = form.query_one("#join-password", Input)
            assert form.focused is password and password.password
            await pilot.press(*"wrong", "tab", "space")
            watch = form.query_one(WatchBox)
            assert form.focused is watch and watch.value
            await pilot.press("enter")  # Enter on the last field joins
            status = form.query_one("#join-status", Static)
            for _ in range(250):
                await pilot.pause(0.02)
                if str(status.render()) == "Wrong password.":
                    break
            assert str(status.render()) == "Wrong password." and status.has_class("-error")
            assert app.screen is form and app.remote is None
            assert not form.query_one("#join-go", Button).disabled

            await pilot.press("shift+tab", "ctrl+u", *"crumbs", "enter")
            lobby = await wait_for_screen(pilot, LobbyScreen)
            remote = app.remote
            assert remote is not None and lobby.remote is remote
            assert remote.seat is None and remote.name == SPECTATOR and remote.spectating
            await remote.wait_for(lambda: remote.lobby.spectators == 1, TIMEOUT)
    finally:
        await server.close()


# ---------------------------------------------------------------------- after a LAN game


def footer_keys(screen: Any) -> dict[str, str]:
    """What the footer of ``screen`` offers: key -> description (shown bindings only)."""
    return {
        key: active.binding.description
        for key, active in screen.active_bindings.items()
        if active.binding.show
    }


def over_text(screen: GameOverScreen) -> str:
    from textual.widgets import Static

    return str(screen.query_one("#over-table", Static).render())


async def wait_until(pilot: Pilot[None], condition: Callable[[], bool], rounds: int = 250) -> None:
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never true; the screens: {pilot.app.screen_stack}")


async def test_a_spectator_cut_off_is_told_it_is_watching_not_that_a_seat_is_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = await start_server(players=2, bots=0, seed=45)
    ann = await join(server, "Ann")
    bob = await join(server, "Bob")
    cleo = await join(server, "Cleo", spectate=True, reconnect_for=90.0)
    may_dial, held_dial = held_dialling(cleo)

    try:
        await cleo.wait_started(TIMEOUT)
        app = remote_app(scene_settings(), cleo)
        async with app.run_test(size=(100, 32)) as pilot:
            game = await wait_for_screen(pilot, GameScreen)
            monkeypatch.setattr(cleo, "_dial", held_dial)
            conn = cleo._conn
            assert conn is not None
            conn.abort()
            await wait_until(pilot, lambda: not cleo.connected)
            await wait_until(
                pilot,
                lambda: game.prompt_info is not None and "Reconnecting" in game.prompt_info.text,
            )
            info = game.prompt_info
            assert info is not None and info.hint.startswith("You are watching")
            assert "seat" not in info.hint
            may_dial.set()
            await wait_until(pilot, lambda: cleo.connected)
    finally:
        for table in (ann, bob, cleo):
            await table.close()
        await server.close()


async def finished_table(
    game: str = "stool", spectator: str | None = None
) -> tuple[Any, Any, Any, Any]:
    """A server whose first game Ann and Bob (bots at their keyboards) played to the end;
    (server, ann, bob, the spectator's table or None)."""
    from net_helpers import play_to_the_end

    server = await start_server(game, players=2, bots=0, seed=5)
    ann = await join(server, "Ann")
    bob = await join(server, "Bob")
    watcher = await join(server, spectator, spectate=True) if spectator else None
    await ann.wait_started(TIMEOUT)
    await play_to_the_end([ann, bob])
    await ann.wait_for(lambda: ann.is_over, TIMEOUT)
    return server, ann, bob, watcher


async def test_after_a_lan_game_the_player_stays_at_the_table() -> None:
    """Game over at a LAN table: the screen says who the next game waits for, ``a`` asks
    for it (and disappears from the footer), ``m`` is "Leave table"; nothing drops
    Ann to the menu, and the next game's screen comes by itself once Bob asks."""
    from tui.screens.menu import MenuScreen

    server, ann, bob, _ = await finished_table()
    try:
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            over = app.screen
            await wait_until(pilot, lambda: over.table is not None)
            assert (
                over_text(over) == "Press a to ask for another game: it starts when Bob asks too."
            )
            keys = footer_keys(over)
            assert keys["a"] == "Play again" and keys["m"] == "Leave table"
            assert "Back to menu" not in keys.values()

            await pilot.press("a")
            await ann.wait_for(lambda: 0 in ann.lobby.again, TIMEOUT)
            await pilot.pause()
            assert app.screen is over and not isinstance(app.screen, MenuScreen)
            assert over_text(over) == "Waiting for Bob to ask for another game..."
            assert "a" not in footer_keys(over)
            messages = [n.message for n in app._notifications]
            assert not any("Another game starts" in m for m in messages)
            await pilot.press("a")  # asked already: nothing more is sent
            await pilot.pause()
            assert server.host.game_number == 1

            # Each screen that comes on top, and who was running then (Textual's own
            # record): one step is one message pump's turn.
            from textual._context import active_message_pump

            old = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            came: list[tuple[str, object]] = []
            app.screen_change_signal.subscribe(
                app,
                lambda screen: came.append((type(screen).__name__, active_message_pump.get())),
                immediate=True,
            )

            bob.request_new_game()
            await wait_until(
                pilot, lambda: isinstance(app.screen, GameScreen) and app.screen is not old
            )
            game = app.screen
            assert game.table is ann and ann.game_number == 2 and not ann.is_over
            assert not any(isinstance(s, GameOverScreen) for s in app.screen_stack)
            assert app.table is ann
            # The next game's screen takes the last one's place in one step: in a
            # terminal, a frame of the menu under them was drawn in between (QA: it
            # flashed; a recording of the terminal showed the whole menu).
            (menu, by), (new, by_too) = came[-2:]
            assert (menu, new) == ("MenuScreen", "GameScreen") and by is by_too, came
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_bob_asks_first_then_a_single_a_starts_the_next_game() -> None:
    server, ann, bob, _ = await finished_table()
    try:
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            over = app.screen
            bob.request_new_game()
            await wait_until(pilot, lambda: "Bob wants another game." in over_text(over))
            assert over_text(over) == (
                "Bob wants another game. Press a and the next game starts at once."
            )
            await pilot.press("a")
            game = await wait_for_screen(pilot, GameScreen)
            assert game.table is ann and ann.game_number == 2
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_when_the_other_player_has_left_the_game_over_says_so_and_a_starts_it() -> None:
    """Bob left the table (``m``): the screen says he is away and that ``a`` starts the
    next game at once; it does, and a notification says Bob is away in it."""
    server, ann, bob, _ = await finished_table()
    try:
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            over = app.screen
            await bob.close()
            await wait_until(pilot, lambda: "away" in over_text(over))
            assert over_text(over) == (
                "Press a and the next game starts at once. "
                "Bob is away: the next game does not wait for them."
            )
            await pilot.press("a")
            game = await wait_for_screen(pilot, GameScreen)
            assert game.table is ann and ann.game_number == 2
            messages = [n.message for n in app._notifications]
            assert "Game 2 starts; Bob is away (the seat is held)." in messages
            assert not any("every player asks" in m for m in messages)
    finally:
        await ann.close()
        await server.close()


async def test_the_game_over_screen_says_when_the_connection_is_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After a LAN game Ann's line drops: the game-over screen says it is reconnecting
    and offers no ``a`` (nothing can reach the host); once she is back it says again
    what the next game waits for."""
    server, ann, bob, _ = await finished_table()
    may_dial, held_dial = held_dialling(ann)

    try:
        ann.reconnect_for = 90.0
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            over = app.screen
            await wait_until(pilot, lambda: over.table is not None)
            before = over_text(over)
            assert "a" in footer_keys(over)
            monkeypatch.setattr(ann, "_dial", held_dial)
            conn = ann._conn
            assert conn is not None
            conn.abort()  # the line drops
            await wait_until(pilot, lambda: "Reconnecting" in over_text(over))
            assert over_text(over) == "The connection to the host was lost. Reconnecting..."
            assert "a" not in footer_keys(over)
            may_dial.set()
            await wait_until(pilot, lambda: over_text(over) == before)
            assert "a" in footer_keys(over)
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_a_spectator_is_never_offered_play_again_and_sees_the_next_game() -> None:
    """...and leaves at once with ``m``, back to the menu, whose footer has no chat key."""
    from net_helpers import play_to_the_end
    from textual.widgets._footer import FooterKey

    from tui.screens.menu import MenuScreen

    server, ann, bob, cy = await finished_table(spectator="Cy")
    assert cy is not None
    try:
        app = remote_app(scene_settings(), cy)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            over = app.screen
            await wait_until(pilot, lambda: over.table is not None)
            assert over_text(over) == (
                "You are watching: the next game shows here as soon as the players start it."
            )
            keys = footer_keys(over)
            assert "a" not in keys and keys["m"] == "Leave table"
            await pilot.press("a")
            await pilot.pause(0.1)
            assert app.screen is over
            assert not any(n.title == "Not allowed" for n in app._notifications)

            ann.request_new_game()
            bob.request_new_game()
            game = await wait_for_screen(pilot, GameScreen)
            assert game.table is cy and cy.game_number == 2 and game.shown_seat is None
            await play_to_the_end([ann, bob])
            over = await wait_for_screen(pilot, GameOverScreen)
            await wait_until(pilot, lambda: over.table is not None)
            await pilot.press("m")  # a spectator leaves at once; "t Chat" goes with the table
            menu = await wait_for_screen(pilot, MenuScreen)

            def shown() -> list[str]:
                return [key.description for key in menu.query(FooterKey)]

            # The footer is redrawn a frame or more later on a loaded machine.
            await wait_until(pilot, lambda: "Rules" in shown() and "Chat" not in shown())
    finally:
        await cy.close()
        await ann.close()
        await bob.close()
        await server.close()


async def test_the_fixed_table_game_over_leaves_the_table_back_to_the_form(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the SSH front door's table the game-over screen says "Leave table";
    ``m`` asks first (the seat is left away): ``n`` stays, ``m`` then ``y`` comes
    back to the name form."""
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    from engine.net.client import TokenStore
    from tui.screens.join import JoinScreen
    from tui.screens.quit import LeaveScreen

    server, ann, bob, _ = await finished_table()
    await ann.close()  # Ann comes back through the front door, with her seat's token
    assert ann.token is not None
    TokenStore().put(LOOPBACK, server.port, "Ann", ann.token)
    try:
        app = fixed_app(server.port, name="Ann")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, JoinScreen)
            await pilot.press("enter")
            over = await wait_for_screen(pilot, GameOverScreen)
            await wait_until(pilot, lambda: over.table is not None)
            keys = footer_keys(over)
            assert keys["m"] == "Leave table" and "Back to menu" not in keys.values()
            await pilot.press("m")
            question = await wait_for_screen(pilot, LeaveScreen)
            assert question.detail == (
                "The host keeps your seat: join again under the same name to take it back."
            )
            await pilot.press("n")
            await pilot.pause()
            assert app.screen is over and app.remote is not None
            await pilot.press("m", "y")
            await wait_for_screen(pilot, JoinScreen)
            assert app.remote is None and len(app.screen_stack) == 2
    finally:
        await bob.close()
        await server.close()


async def disconnected_notice(pilot: Pilot[None]) -> str:
    """The one "Disconnected" notice the app shows once its table is closed for good."""
    app = pilot.app
    await wait_until(pilot, lambda: any(n.title == "Disconnected" for n in app._notifications))
    (notice,) = [n.message for n in app._notifications if n.title == "Disconnected"]
    return notice


async def test_a_player_whose_host_stopped_is_told_how_to_take_the_seat_back() -> None:
    """Back on the menu once the host is gone for good, a player (not a spectator) reads
    that the seat is held and the join that takes it back when the host resumes."""
    from tui.screens.menu import MenuScreen

    server = await start_server("stool", players=2, bots=0, seed=5)
    ann = await join(server, "Ann")
    bob = await join(server, "Bob")
    try:
        await ann.wait_started(TIMEOUT)
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, GameScreen)
            ann.reconnect_for = 0.3  # not two minutes of dialling in a test
            port = server.port
            await server.close()
            await wait_for_screen(pilot, MenuScreen)
            notice = await disconnected_notice(pilot)
            assert notice == (
                "The host stopped the table. Back to the menu. The host keeps your seat: "
                "once the table is back, join it again as Ann "
                f"(`purrch join 127.0.0.1:{port} --name Ann`, or Join a LAN game)."
            )
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_a_host_that_stops_in_the_waiting_room_is_not_dialled_again() -> None:
    """QA: the host left its waiting room, and the others read "Reconnecting... 1:58
    left" for a table that was never saved and so can never come back.  Now they are
    back on the menu at once (no dialling, though the client would dial for two
    minutes), told why, and not that the host keeps their seat."""
    from tui.screens.lobby import LobbyScreen
    from tui.screens.menu import MenuScreen

    server = await start_server(players=3, bots=1)
    ann = await join(server, "Ann", reconnect_for=120.0)
    try:
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, LobbyScreen)
            await server.close()
            await wait_for_screen(pilot, MenuScreen)
            notice = await disconnected_notice(pilot)
            assert notice == (
                "The host stopped the table before the game started: there is no game to "
                "come back to. Back to the menu."
            )
            # One notice: no "Connection lost" saying the same just before it.
            assert [n.title for n in app._notifications] == ["Disconnected"]
            assert ann._closed and ann.reconnect_deadline is None
    finally:
        await ann.close()
        await server.close()


async def test_the_fixed_table_goes_back_to_the_form_when_the_host_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host stops the table: once the connection is closed for good (no host to dial
    again), the app is back on the name form by itself, with a notice."""
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    from tui.screens.join import JoinScreen

    server = await start_server("stool", players=2, bots=0)
    bob = await join(server, "Bob")
    try:
        app = fixed_app(server.port, name="Ann")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, JoinScreen)
            await pilot.press("enter")
            await wait_for_screen(pilot, GameScreen)
            remote = app.remote
            assert remote is not None
            remote.reconnect_for = 0.3  # not two minutes of dialling in a test
            await server.close()
            form = await wait_for_screen(pilot, JoinScreen)
            await wait_until(
                pilot, lambda: any(n.title == "Disconnected" for n in app._notifications)
            )
            assert app.remote is None and len(app.screen_stack) == 2 and app.table is None
            notices = [(n.title, n.message) for n in app._notifications]
            assert (
                "Disconnected",
                "The host stopped the table. Back to the form: join again once the table is back.",
            ) in notices
            assert form.is_current
        await remote.wait_for(lambda: remote._closed, TIMEOUT)
    finally:
        await bob.close()
        await server.close()


# ---------------------------------------------------------------------- the memory aid, rejoined


async def test_the_memory_aid_stays_on_when_the_seat_is_taken_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann turns Stool Pigeon's memory aid on, leaves (her app ends), and joins again
    under the same name (her seat's token): the aid is still on.  Bob's is his own, and
    the file keeps no token."""
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    from tui.games.stool import StoolBoard

    def aid(app: Any) -> str:
        data = app.screen.query_one(StoolBoard).data
        assert data is not None
        return str(data.title)

    server = await start_server("stool", players=2, bots=0)
    try:
        ann = await join(server, "Ann", remember=True)
        bob = await join(server, "Bob", remember=True)
        await ann.wait_started(TIMEOUT)
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, GameScreen)
            await pilot.pause()
            assert aid(app).endswith("memory aid off")
            await pilot.press("m")
            await pilot.pause()
            assert aid(app).endswith("memory aid on")
        await ann.wait_for(lambda: ann._closed, TIMEOUT)
        saved = (tmp_path / "seat-prefs.json").read_text(encoding="utf-8")
        assert ann.token is not None and ann.token not in saved

        again = await join(server, "Ann", remember=True)  # the remembered token
        assert again.seat == 0 and again.token == ann.token
        app = remote_app(scene_settings(), again)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, GameScreen)
            await pilot.pause()
            assert aid(app).endswith("memory aid on")
            await pilot.press("m")  # and off again, kept too
            await pilot.pause()
            assert aid(app).endswith("memory aid off")
        app = remote_app(scene_settings(), bob)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, GameScreen)
            await pilot.pause()
            assert aid(app).endswith("memory aid off")
        again = await join(server, "Ann", remember=True)
        app = remote_app(scene_settings(), again)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, GameScreen)
            await pilot.pause()
            assert aid(app).endswith("memory aid off")
    finally:
        await server.close()


def lan_game_over_remote() -> Any:
    """Ann's seat at a LAN table of Stool Pigeon (Ann, Bob and the bot Tom) whose first
    game is over; what Ann sends goes nowhere (nothing answers)."""
    from net_helpers import play_host_game
    from test_net_screens import fed_table

    harness = HostHarness.new("stool", players=3, bots=1, seed=5, away_timeout=None)
    ann, bob = harness.join("Ann"), harness.join("Bob")
    play_host_game(harness, {ann: 0, bob: 1})
    remote = fed_table(harness, ann)
    assert remote.is_over and remote.seat == 0
    return remote


def test_lan_game_over_waiting_for_bob(snap_compare: Callable[..., bool]) -> None:
    """You should see the game-over screen of a LAN table of Stool Pigeon at 80x24, as
    Ann sees it after pressing a: the winner and the reason, every crime scene revealed
    (Ann's, Bob's and the bot Tom's, cards side by side, none split over two lines);
    under the box, in the accent colour, "Waiting for Bob to ask for another game...";
    the footer offers "m Leave table" (no "a Play again", no "Back to menu"), then
    the app's keys."""
    from tui.app import PurrchApp

    app = PurrchApp(scene_settings(), lan_game_over_remote())
    assert snap_compare(app, press=["a"], terminal_size=(80, 24))


async def test_a_spectator_s_game_screen_says_it_is_watching() -> None:
    server = await start_server("stool", players=2, bots=0, seed=5)
    ann = await join(server, "Ann")
    bob = await join(server, "Bob")
    cy = await join(server, "Cy", spectate=True)
    try:
        await cy.wait_started(TIMEOUT)
        app = remote_app(scene_settings(), cy)
        async with app.run_test(size=(100, 32)) as pilot:
            game = await wait_for_screen(pilot, GameScreen)
            await wait_until(pilot, lambda: game.prompt_info is not None)
            assert game.prompt_info is not None
            assert game.prompt_info.text.startswith("You are watching. Waiting for ")
            assert not game.prompt_info.options
    finally:
        for table in (ann, bob, cy):
            await table.close()
        await server.close()


@contextlib.asynccontextmanager
async def a_window_watched(
    game_id: str, seed: int, choose: Callable[[Any], str]
) -> AsyncIterator[tuple[Any, Any, ReactionBanner]]:
    """Ann and Bob (remote tables answered here with ``choose(prompt)``) play until a
    window opens, while Cy watches in the app (its countdown running): (ann, bob, the
    banner of Cy's game screen)."""
    server = await start_server(game_id, players=2, bots=0, seed=seed, window_seconds=60.0)
    ann = await join(server, "Ann")
    bob = await join(server, "Bob")
    cy = await join(server, "Cy", spectate=True)
    try:
        await cy.wait_started(TIMEOUT)
        app = remote_app(replace(scene_settings(), frozen=False), cy)
        async with app.run_test(size=(100, 32)) as pilot:
            game = await wait_for_screen(pilot, GameScreen)
            banner = game.query_one(ReactionBanner)
            for _ in range(200):
                if any(p.pass_option for t in (ann, bob) for p in t.prompts()):
                    break
                for t in (ann, bob):
                    if t.prompts() and t.seat is not None:
                        prompt = t.prompts()[0]
                        t.answer(t.seat, prompt.id, choose(prompt))
                await pilot.pause(0.05)
            await wait_until(pilot, lambda: banner.info is not None)
            yield ann, bob, banner
            for t in (ann, bob):  # everyone asked passes: the window closes, the banner goes
                for window in [p for p in t.prompts() if p.pass_option]:
                    assert t.seat is not None and window.pass_option is not None
                    t.answer(t.seat, window.id, window.pass_option)
            await wait_until(pilot, lambda: banner.info is None)
    finally:
        for table in (ann, bob, cy):
            await table.close()
        await server.close()


async def test_a_window_for_the_others_shows_them_and_its_countdown_to_everyone() -> None:
    """A LAN client gets its own prompts only: a race the spectator (or a player not
    asked) has no part in still shows its banner, with who may claim and the clock."""
    async with a_window_watched("stool", 5, lambda p: p.options[0].id) as (_a, _b, banner):
        info = banner.info
        assert info is not None
        # Who is asked in the order the game asks them, and what the race is for.
        assert re.fullmatch(r"Race for the \w+: Bob and Ann may claim\.", info.text)
        assert info.seconds is not None and 50 < info.seconds <= 60
        assert info.claims == () and info.nobody_key is None


def play_on_the_other(prompt: Any) -> str:
    """An action card if there is one, on the other player (else the first option)."""
    ids = [o.id for o in prompt.choices()]
    play = [i for i in ids if i.startswith(("play:", "seat:", "left"))]
    return (play or ids)[0]


async def test_a_spectator_reads_whose_card_a_window_is_about() -> None:
    async with a_window_watched("pigeons", 7, play_on_the_other) as (ann, _bob, banner):
        info = banner.info
        assert info is not None
        stage = ann.view(0)["public"]["stage"]
        player, other = ("Ann", "Bob") if stage["seat"] == 0 else ("Bob", "Ann")
        card = stage["action"]["name"]
        said = rf"{player}'s {card}( on {other}| to the \w+)?: {other} may react\."
        assert re.fullmatch(said, info.text)


async def test_the_waiting_room_counts_down_while_the_host_is_out_of_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ann waits for Bob when her line drops: the waiting room says it is dialling
    again, with the time left (each second), and that the seats are as last seen;
    once back, it says so and waits for Bob again."""
    from textual.widgets import Static

    from tui.screens.lobby import LobbyScreen

    server = await start_server(players=2, bots=0, seed=45)
    ann = await join(server, "Ann", reconnect_for=90.0)
    may_dial, held_dial = held_dialling(ann)

    def shown(lobby: LobbyScreen, wid: str) -> str:
        return str(lobby.query_one(wid, Static).render())

    try:
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(100, 32)) as pilot:
            lobby = await wait_for_screen(pilot, LobbyScreen)
            assert shown(lobby, "#lobby-waiting") == "Waiting for 1 more player..."
            monkeypatch.setattr(ann, "_dial", held_dial)
            conn = ann._conn
            assert conn is not None
            conn.abort()
            await wait_until(pilot, lambda: "Reconnecting" in shown(lobby, "#lobby-connection"))
            first = shown(lobby, "#lobby-connection")
            assert first.startswith("The connection to the host was lost. Reconnecting... 1:")
            assert "as they were" in shown(lobby, "#lobby-waiting")
            await wait_until(pilot, lambda: shown(lobby, "#lobby-connection") != first)
            assert shown(lobby, "#lobby-connection").startswith("The connection to the host")
            may_dial.set()
            await wait_until(pilot, lambda: ann.connected)
            await wait_until(pilot, lambda: "Reconnecting" not in shown(lobby, "#lobby-connection"))
            assert shown(lobby, "#lobby-connection").startswith("Back at the table")
            assert shown(lobby, "#lobby-waiting") == "Waiting for 1 more player..."
    finally:
        await ann.close()
        await server.close()


@pytest.mark.parametrize("game", ["stool", "perch"])
async def test_a_seat_a_bot_plays_while_its_player_is_away_says_so(game: str) -> None:
    """Bob dropped: his heading (Stool Pigeon) or his line in the Cards pane (Chat
    perché) shows the away glyph and "away".  Once the away timeout passed and a bot
    plays his seat, the same screen shows the bot glyph instead, still with "away"
    (no room is lost: a longer word cut his name to "B." at 100 columns)."""
    from net_helpers import FakeClock
    from test_net_screens import fed_table
    from textual.widget import Widget

    from themes import TEXT_GLYPHS as UNICODE_GLYPHS
    from tui.app import PurrchApp
    from tui.games.stool import SceneGrid

    clock = FakeClock()
    harness = HostHarness.new(game, clock=clock, players=2, bots=0, seed=45, away_timeout=60)
    ann, bob = harness.join("Ann"), harness.join("Bob")
    harness.drop(bob)
    remote = fed_table(harness, ann)
    assert remote.away_seats == frozenset({1})
    app = PurrchApp(scene_settings(), remote)

    def bob_line(screen: GameScreen) -> str:
        widgets: list[Widget] = list(screen.query(SceneGrid)) or list(screen.query("*"))
        lines = [
            strip.text
            for widget in widgets
            if widget.region.area
            for strip in widget.render_lines(widget.region.reset_offset)
        ]
        line = next(line for line in lines if "Bob away" in line)
        return line.split("Bob away")[0]

    async with app.run_test(size=(100, 32)) as pilot:
        screen = await wait_for_screen(pilot, GameScreen)
        await pilot.pause()
        head = bob_line(screen)
        assert UNICODE_GLYPHS.away in head and UNICODE_GLYPHS.bot not in head, head
        seen = len(harness.inbox[ann])
        clock.advance(60)
        harness.tick()  # "A bot plays for Bob until Bob is back."
        for msg in harness.inbox[ann][seen:]:
            remote.handle(msg)
        await wait_until(pilot, lambda: UNICODE_GLYPHS.bot in bob_line(screen))
        assert UNICODE_GLYPHS.away not in bob_line(screen)


# ---------------------------------------------------------------------- chat


def chat_text(screen: Any) -> str:
    from textual.widgets import Static

    return str(screen.query_one("#chat-lines", Static).render())


def chat_error(screen: Any) -> str:
    from textual.widgets import Static

    error = screen.query_one("#chat-error", Static)
    return str(error.render()) if error.display else ""


@contextlib.asynccontextmanager
async def ann_and_bob() -> AsyncIterator[tuple[Any, Any, Any]]:
    """A started Stool Pigeon table (seed 5) of Ann and Bob: (server, ann, bob)."""
    server = await start_server("stool", players=2, bots=0, seed=5)
    ann = await join(server, "Ann")
    bob = await join(server, "Bob")
    try:
        await ann.wait_started(TIMEOUT)
        yield server, ann, bob
    finally:
        await ann.close()
        await bob.close()
        await server.close()


@contextlib.asynccontextmanager
async def ann_s_chat_open() -> AsyncIterator[tuple[Any, Any, Any, Any, Any, Pilot[None]]]:
    """Ann's app at the table of :func:`ann_and_bob`, the chat open over the game:
    (server, ann, bob, the app, the chat screen, the pilot)."""
    from tui.screens.chat import ChatScreen

    async with ann_and_bob() as (server, ann, bob):
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, GameScreen)
            await pilot.press("t")
            chat = await wait_for_screen(pilot, ChatScreen)
            yield server, ann, bob, app, chat, pilot


async def test_chat_at_a_lan_table() -> None:
    """``t`` (in the footer at a LAN table) opens the chat over the game.  Bob's line
    comes as a notification while it is closed, and is in its lines once open; an
    empty line is refused with a message; Ann's line reaches Bob; a line that comes
    while the chat is open goes into its lines, not a notification; Escape closes."""
    from tui.screens.chat import ChatScreen

    async with ann_and_bob() as (_server, ann, bob):
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            game = await wait_for_screen(pilot, GameScreen)
            assert footer_keys(game)["t"] == "Chat"
            bob.send_chat("good luck")
            await wait_until(
                pilot, lambda: any("Bob: good luck" in n.message for n in app._notifications)
            )
            await pilot.press("t")
            chat = await wait_for_screen(pilot, ChatScreen)
            assert chat_text(chat) == "Bob: good luck"
            assert footer_keys(chat)["enter"] == "Send"
            assert "t" not in footer_keys(chat)  # over the game, t is a letter to type

            await pilot.press("space", "enter")
            assert chat_error(chat) == "Type something first."
            await pilot.press("h", "i", "space", "t", "enter")
            await bob.wait_for(lambda: ("Ann", 0, "hi t") in bob.chat, TIMEOUT)
            assert chat_error(chat) == ""
            assert chat.query_one("#chat-input").value == ""
            await wait_until(pilot, lambda: chat_text(chat).endswith("Ann: hi t"))

            shown = len(app._notifications)
            bob.send_chat("thanks")
            await wait_until(pilot, lambda: chat_text(chat).endswith("Bob: thanks"))
            assert len(app._notifications) == shown
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is game


async def test_the_open_chat_shows_what_was_said_while_the_table_was_away() -> None:
    """Back at the table, the welcome's chat brings the lines said meanwhile: into the
    open chat, with no notification for each."""
    async with ann_s_chat_open() as (server, ann, bob, app, chat, pilot):
        bob.send_chat("hello")
        await wait_until(pilot, lambda: chat_text(chat) == "Bob: hello")
        shown = len(app._notifications)
        # The welcome of a connection dialled again (the host's last lines).
        welcome = server.host._welcome(0, ann.token)
        missed = {"from": "Bob", "seat": 1, "text": "where did you go?"}
        ann.handle({**welcome, "chat": [{"from": "Bob", "seat": 1, "text": "hello"}, missed]})
        await wait_until(pilot, lambda: chat_text(chat).endswith("Bob: where did you go?"))
        assert chat_text(chat) == "Bob: hello\nBob: where did you go?"
        assert len(app._notifications) == shown


async def test_lines_typed_in_one_burst_go_as_lines() -> None:
    """Keys that arrive together (typed fast, pasted by tmux, or batched by an SSH link)
    are lines as they were typed: each Enter sends what came before it (QA: "fast 1fast
    2" went as one line, and the next Enter found an empty field)."""
    from textual import events

    async with ann_s_chat_open() as (_server, _ann, bob, app, chat, pilot):
        for key in "ab\ncd\nef":
            name = "enter" if key == "\n" else key
            app.post_message(events.Key(name, "\r" if key == "\n" else key))
        await bob.wait_for(lambda: [line[2] for line in bob.chat] == ["ab", "cd"], TIMEOUT)
        await pilot.pause()
        field = chat.query_one("#chat-input")
        assert field.value == "ef"
        assert chat_error(chat) == ""
        await app.run_action("submit", field)  # the footer's Send, clicked
        await bob.wait_for(lambda: [line[2] for line in bob.chat] == ["ab", "cd", "ef"], TIMEOUT)
        assert field.value == ""


async def test_the_chat_says_why_a_long_line_stops_growing() -> None:
    """The field takes at most the host's 500 characters (a paste is cut there too): at
    the limit the box says so, and the message goes when the line is shorter again."""
    from textual.app import App

    from engine.net.protocol import MAX_CHAT
    from tui.screens.chat import FULL, ChatScreen

    sent: list[str] = []

    class Table:
        chat = ()

        def send_chat(self, text: str) -> None:
            sent.append(text)

    chat = ChatScreen(Table(), draft="x" * (MAX_CHAT - 1))
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(chat)
        await pilot.press("end")
        assert chat_error(chat) == ""
        await pilot.press("y")
        assert chat_error(chat) == FULL
        await pilot.press("z")  # refused: the line is full
        assert chat.query_one("#chat-input").value == "x" * (MAX_CHAT - 1) + "y"
        await pilot.press("backspace")
        assert chat_error(chat) == ""
        await pilot.press("y", "enter")
        assert sent == ["x" * (MAX_CHAT - 1) + "y"] and chat_error(chat) == ""


async def test_a_player_who_quits_mid_game_reads_how_to_come_back() -> None:
    """After the app stops, the terminal says which join takes the seat back (the quit
    question said so only in words); a draft in the chat stays with its table."""
    async with ann_and_bob() as (server, ann, _bob):
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, GameScreen)
            lan = app.lan
            assert lan is not None
            lan.chat_draft = "see you"
            port = server.port
        assert app.exit_note == (
            f"The host keeps your seat: `purrch join 127.0.0.1:{port} --name Ann` takes it back."
        )
        assert app.lan is None and lan.chat_draft == ""  # not offered at the next table


async def test_the_way_back_to_a_table_with_a_password_gives_it_too() -> None:
    """QA: the join printed to take a seat back had no --password, and running it was
    refused ("This table needs a password")."""
    server = await start_server("stool", players=2, bots=1, seed=5, password="crumbs")
    ann = await join(server, "Ann", password="crumbs")
    try:
        await ann.wait_started(TIMEOUT)
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, GameScreen)
            port = server.port
        assert app.exit_note == (
            f"The host keeps your seat: `purrch join 127.0.0.1:{port} --name Ann "
            "--password PASSWORD` takes it back."
        )
    finally:
        await ann.close()
        await server.close()


async def test_the_chat_key_waits_when_the_footer_has_no_room_for_it() -> None:
    """Every key must show in 80 columns: a moment with many keys of its own (a Stool
    Pigeon pick with Back: Pick, Memory, Back, Choose...) has no "t Chat", which comes
    back with a quieter moment.  (QA: the footer cut "^t Theme" short.)"""
    from textual.app import ComposeResult
    from textual.binding import Binding
    from textual.screen import Screen
    from textual.widgets import Footer

    class Busy(Screen[None]):
        def __init__(self, keys: int) -> None:
            super().__init__()
            for i in range(keys):  # "a Longword" x keys
                self._bindings._add_binding(Binding("abcdefghij"[i], f"noop({i})", "Longword"))

        def compose(self) -> ComposeResult:
            yield Footer()

        def action_noop(self, _i: int) -> None:
            pass

    async with ann_and_bob() as (_server, ann, _bob):
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, GameScreen)
            await app.push_screen(Busy(1))
            await pilot.pause()
            assert footer_keys(app.screen)["t"] == "Chat"
            app.pop_screen()
            await app.push_screen(Busy(4))  # 4 x "a Longword " and the app keys: full
            await pilot.pause()
            assert "t" not in footer_keys(app.screen)
            await pilot.press("t")
            assert isinstance(app.screen, Busy)  # the key waits too
            await pilot.resize_terminal(120, 30)  # room again
            await pilot.pause()
            assert footer_keys(app.screen)["t"] == "Chat"


async def test_a_chat_line_not_sent_while_the_connection_is_down_is_kept() -> None:
    from textual.app import App

    from engine.core import IllegalMove
    from tui.screens.chat import ChatInput, ChatScreen

    class Table:
        chat = ()

        def send_chat(self, text: str) -> None:
            raise IllegalMove("Not connected to the table: reconnecting...")

    chat = ChatScreen(Table(), draft="hello")
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(chat)
        await pilot.press("enter")
        assert chat_error(chat) == (
            "Not connected to the table: reconnecting... The line is kept: Enter sends it "
            "once you are back."
        )
        assert chat.query_one(ChatInput).value == "hello"
        chat.reconnected()  # the app calls it at the welcome of the connection back
        assert chat_error(chat) == "Back at the table: Enter sends the line."
        chat.reconnected()
        assert chat_error(chat) == "Back at the table: Enter sends the line."


async def test_the_chat_holds_at_most_five_lines_past_the_pace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lines past the pace wait in turn (each whole); past five waiting, the line stays
    in the field with a word, and goes once the pace allows."""
    from types import SimpleNamespace

    from textual.app import App

    import tui.screens.chat
    from tui.screens.chat import MAX_WAITING, WAITING, ChatInput, ChatScreen

    now = [500.0]
    monkeypatch.setattr(tui.screens.chat, "time", SimpleNamespace(monotonic=lambda: now[0]))
    sent: list[str] = []

    class Table:
        chat = ()

        def send_chat(self, text: str) -> None:
            sent.append(text)

    chat = ChatScreen(Table())
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(chat)
        for n in range(5 + MAX_WAITING + 1):
            await pilot.press(*f"line {n}", "enter")
        field = chat.query_one(ChatInput)
        assert sent == [f"line {n}" for n in range(5)]
        assert chat.pacer.waiting == deque(f"line {n}" for n in range(5, 5 + MAX_WAITING))
        assert field.value == f"line {5 + MAX_WAITING}"
        assert chat_error(chat).startswith(f"Slow down: {MAX_WAITING} lines wait already")
        now[0] += 1.0  # one more line may go
        await pilot.pause(0.4)
        assert sent[-1] == "line 5" and len(chat.pacer.waiting) == MAX_WAITING - 1
        # Not "Sent in a moment" (QA): the line in the field waits for its Enter.
        assert chat_error(chat) == "There is room again: Enter sends the line."
        now[0] += 1.0
        await pilot.pause(0.4)
        assert chat_error(chat) == "There is room again: Enter sends the line."
        await pilot.press("enter")
        assert chat.pacer.waiting[-1] == f"line {5 + MAX_WAITING}" and field.value == ""
        assert chat_error(chat) == WAITING
        now[0] += 60.0
        await pilot.pause(0.4)
        assert sent == [f"line {n}" for n in range(5 + MAX_WAITING + 1)]
        assert chat_error(chat) == ""


async def test_the_last_chat_line_stays_in_sight_under_a_message() -> None:
    """A message under the lines ("Type something first.") takes a row from them: the
    newest line must not go out of sight (QA: it came back only with the next line)."""
    from textual.app import App
    from textual.containers import VerticalScroll

    from tui.screens.chat import ChatScreen

    class Table:
        chat = tuple(("Bob", 1, f"line {i}") for i in range(40))

        def send_chat(self, text: str) -> None:
            pass

    chat = ChatScreen(Table())
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(chat)
        scroll = chat.query_one("#chat-scroll", VerticalScroll)
        for _ in range(50):  # the scroll follows the layout's first frames
            await pilot.pause(0.01)
            if scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y:
                break
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("enter")
        await pilot.pause()
        assert chat_error(chat) == "Type something first."
        for _ in range(50):  # the scroll follows the layout's next frames
            if scroll.scroll_y == scroll.max_scroll_y:
                break
            await pilot.pause(0.01)
        assert scroll.scroll_y == scroll.max_scroll_y


async def test_a_paste_into_the_chat_is_one_line_cut_to_fit() -> None:
    """A paste too long for the line is cut to the room left (the field dropped it
    whole, without a word); a paste of several lines is one line."""
    from textual import events
    from textual.app import App

    from engine.net.protocol import MAX_CHAT
    from tui.screens.chat import FULL, ChatInput, ChatScreen

    class Table:
        chat = ()

        def send_chat(self, text: str) -> None:
            pass

    chat = ChatScreen(Table(), draft="ab")
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(chat)
        field = chat.query_one(ChatInput)
        await pilot.press("end")
        field.post_message(events.Paste("y" * 520))
        await pilot.pause()
        assert field.value == "ab" + "y" * (MAX_CHAT - 2)
        assert chat_error(chat) == FULL
        field.value = ""
        await pilot.pause()
        field.post_message(events.Paste("line one\nline  two\n"))
        await pilot.pause()
        assert field.value == "line one line two" and chat_error(chat) == ""


@pytest.mark.parametrize("over", ["chat", "quit"])
async def test_the_game_starts_under_the_chat_or_a_question_in_the_waiting_room(
    over: str,
) -> None:
    """The game starts while Ann chats in the waiting room: the chat closes for it,
    the game shows, and what she typed is there again when ``t`` opens the chat.  It
    starts while the quit question is open: the question stays, and ``n`` shows the
    game.  (The room used to dismiss itself from under them, which closed the screen
    on top instead, and crashed the app at the next message.)"""
    from tui.screens.chat import ChatScreen
    from tui.screens.lobby import LobbyScreen
    from tui.screens.quit import QuitScreen

    server = await start_server("stool", players=2, bots=0, seed=5)
    ann = await join(server, "Ann")
    bob = None
    try:
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, LobbyScreen)
            await pilot.press("t" if over == "chat" else "ctrl+q")
            await wait_for_screen(pilot, ChatScreen if over == "chat" else QuitScreen)
            if over == "chat":
                await chat_ready(pilot)
                await pilot.press("h", "i")
            bob = await join(server, "Bob")
            await ann.wait_started(TIMEOUT)
            if over == "chat":
                game = await wait_for_screen(pilot, GameScreen)
                await pilot.press("t")
                chat = await chat_ready(pilot)
                assert chat.query_one("#chat-input").value == "hi"
                await pilot.press("space", "b", "o", "b", "enter")  # the draft goes on
                await bob.wait_for(lambda: ("Ann", 0, "hi bob") in bob.chat, TIMEOUT)
                await pilot.press("escape")
            else:
                await pilot.pause(0.2)
                assert isinstance(app.screen, QuitScreen)
                await pilot.press("n")
                game = await wait_for_screen(pilot, GameScreen)
            assert [type(s).__name__ for s in app.screen_stack[-2:]] == [
                "MenuScreen",
                "GameScreen",
            ]
            bob.send_chat("more news")  # the room hears nothing more: no second dismissal
            await wait_until(
                pilot, lambda: any("more news" in n.message for n in app._notifications)
            )
            assert app.screen is game and app.is_running
    finally:
        await ann.close()
        if bob is not None:
            await bob.close()
        await server.close()


@pytest.mark.parametrize("over", ["chat", "rules"])
async def test_the_game_ends_under_the_chat_or_the_rules(over: str) -> None:
    """The LAN game ends while Ann's chat is open: the chat closes for the result
    (what she typed is kept).  It ends while she reads the rules: the result comes
    once she closes them.  Leaving from the game-over screen then comes back to the
    menu with nothing left behind.  (The result used to go over them, and the game
    screen's dismissal then closed the chat or the rules instead of itself.)"""
    from net_helpers import play_to_the_end

    from tui.screens.menu import MenuScreen
    from tui.screens.quit import LeaveScreen
    from tui.screens.rules import RulesScreen

    async with ann_and_bob() as (_server, ann, bob):
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, GameScreen)
            if over == "chat":
                await pilot.press("t")
                await chat_ready(pilot)
                await pilot.press("o", "k")
                await play_to_the_end([ann, bob])
            else:
                await pilot.press("f1")
                await wait_for_screen(pilot, RulesScreen)
                await play_to_the_end([ann, bob])
                await pilot.pause(0.2)
                assert isinstance(app.screen, RulesScreen)
                await pilot.press("escape")
            await wait_for_screen(pilot, GameOverScreen)
            assert [type(s).__name__ for s in app.screen_stack[1:]] == [
                "MenuScreen",
                "GameScreen",
                "GameOverScreen",
            ]
            assert app.lan is not None
            assert app.lan.chat_draft == ("ok" if over == "chat" else "")
            await pilot.press("m")
            await wait_for_screen(pilot, LeaveScreen)
            await pilot.press("y")
            await wait_for_screen(pilot, MenuScreen)
            await pilot.pause()
            assert len(app.screen_stack) == 2 and app.remote is None


async def test_the_next_game_starts_under_the_leave_question() -> None:
    """Ann asked for another game, then pressed ``m``: while "Leave the table?" is
    open Bob asks too.  The line under the result says the next game has started
    (not "Waiting for Bob..."), and ``n`` shows it."""
    from tui.screens.quit import LeaveScreen

    server, ann, bob, _ = await finished_table()
    try:
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(80, 24)) as pilot:
            over = await wait_for_screen(pilot, GameOverScreen)
            await wait_until(pilot, lambda: over.table is not None)
            await pilot.press("a")
            await ann.wait_for(lambda: 0 in ann.lobby.again, TIMEOUT)
            await pilot.press("m")
            await wait_for_screen(pilot, LeaveScreen)
            bob.request_new_game()
            await ann.wait_for(lambda: ann.game_number == 2, TIMEOUT)
            await wait_until(pilot, lambda: over_text(over) == "The next game has started.")
            assert isinstance(app.screen, LeaveScreen)
            await pilot.press("n")
            game = await wait_for_screen(pilot, GameScreen)
            assert game.table is ann and not ann.is_over
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_the_chat_paces_its_lines_and_keeps_a_refused_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the host's pace (5 lines at once, then 1 a second) the chat holds a line
    back itself and sends it when the pace allows (it used to stay in the field, where
    the next line typed ran into it); a line the host still refuses (the table's chat
    busy) comes back into the empty field, with the host's words in the box.  A long
    line from someone else shows cut short in its notification."""
    from types import SimpleNamespace

    import tui.screens.chat
    from tui.screens.chat import NOTICE_CHARS, WAITING

    now = [500.0]
    monkeypatch.setattr(tui.screens.chat, "time", SimpleNamespace(monotonic=lambda: now[0]))
    async with ann_s_chat_open() as (_server, ann, bob, app, chat, pilot):
        for n in "1234567":
            await pilot.press(n, "enter")
        assert chat_error(chat) == WAITING
        assert chat.query_one("#chat-input").value == ""  # the next line starts afresh
        await bob.wait_for(lambda: [t for _, _, t in bob.chat] == list("12345"), TIMEOUT)
        await asyncio.sleep(1.05)  # the host's own pace, on its own clock
        now[0] += 1.0
        await bob.wait_for(lambda: len(bob.chat) == 6, TIMEOUT)
        assert chat_error(chat) == WAITING  # 7 still waits
        await asyncio.sleep(1.05)
        now[0] += 1.0
        await bob.wait_for(lambda: [t for _, _, t in bob.chat] == list("1234567"), TIMEOUT)
        await wait_until(pilot, lambda: chat_error(chat) == "")

        ann.handle({"type": "error", "code": "slow_down", "message": "The table's chat is busy."})
        await wait_until(pilot, lambda: chat_error(chat) == "The table's chat is busy.")
        assert chat.query_one("#chat-input").value == "7"
        await pilot.press("escape")

        bob.send_chat("word " * 100)
        await wait_until(pilot, lambda: any(n.title == "Chat" for n in app._notifications))
        notice = next(n.message for n in app._notifications if n.title == "Chat")
        assert notice.startswith("Bob: word word") and notice.endswith("…  (t: chat)")
        assert len(notice) == NOTICE_CHARS + len("  (t: chat)")


def test_isle_screen_with_a_seat_away(snap_compare: Callable[..., bool]) -> None:
    """You should see Ann's game screen at a LAN table of The Isle of Cats at 120x40, on
    day 1's draft: her pack with a key per card in her hand pane, her boat over it, and
    in the island pane the other players with their boats in miniature, Bob's line
    reading "Bob (away)" in the warning colour; the prompt bar asks Ann to keep a card."""
    from tui.app import PurrchApp

    remote = away_remote("isle", 3, 0, ("Ann", "Bob", "Cleo"))
    assert snap_compare(PurrchApp(scene_settings(), remote), terminal_size=(120, 40))
