"""The hot-seat game screen plays a LAN seat unchanged (``purrch join``'s app).

A server on 127.0.0.1 (a port the system picks), Ann at the keyboard of the app
through a :class:`RemoteTable`, Bob a bot-driven client, Tom the server's bot.
"""

from __future__ import annotations

import asyncio

from net_helpers import TIMEOUT, BotDriver, join, start_server
from textual.pilot import Pilot

from tui.lan_commands import remote_app
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screenshots import choose_among, scene_settings

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
            choice = choose_among([o.option_id for o in info.options], info.kind)
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


async def test_join_prints_the_waiting_room_until_the_game_starts() -> None:
    from tui.lan_commands import LanError, connect_and_wait

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

        # "again" asks the host; "menu" leaves the table and closes the connection.
        app.screen.dismiss(("again", None))
        await pilot.pause()
        assert sent == [{"type": "again"}] and app.remote is remote and app.table is None
        app.start_table(remote)  # as when the host's next game arrives
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
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


async def test_the_menu_joins_a_lan_game_through_the_waiting_room() -> None:
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
        app = PurrchApp(scene_settings())
        app.on_menu_screen_join_lan = lambda message: app.push_screen(  # type: ignore[method-assign]
            JoinScreen(message.name, remember=False), callback=app._joined
        )
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
        await bob.close()
    finally:
        await server.close()


async def test_the_menu_hosts_a_lan_game_and_plays_a_seat() -> None:
    from engine.games import get_game
    from engine.session import SeatConfig
    from tui.app import PurrchApp
    from tui.screens.host import LOOPBACK, HostScreen, host_config
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
        await pilot.pause()
        host = HostScreen(
            get_game("pigeons"), seats, {}, port=0, bind=LOOPBACK, bot_delay=(0.0, 0.0)
        )
        app.push_screen(host, callback=app._hosting)
        await pilot.pause()
        host.action_host()
        for _ in range(200):
            await pilot.pause(0.02)
            if isinstance(app.screen, LobbyScreen):
                break
        assert isinstance(app.screen, LobbyScreen)
        server, remote = app.hosted, app.remote
        assert server is not None and remote is not None and remote.seat == 0
        assert app.screen.hosting == f"127.0.0.1:{server.port}"
        bob = await join(server, "Bob")
        await remote.wait_started(TIMEOUT)
        for _ in range(100):
            await pilot.pause(0.02)
            if isinstance(app.screen, GameScreen):
                break
        assert isinstance(app.screen, GameScreen) and app.screen.table is remote
        app.action_new_game()  # back to the menu: leave the table, and stop it
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.remote is None and app.hosted is None
        await bob.wait_for(lambda: not bob.connected, TIMEOUT)
        assert remote._closed and server._closed.is_set()
    await bob.close()
