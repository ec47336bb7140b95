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
