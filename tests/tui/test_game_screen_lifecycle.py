"""A game screen that is not on screen any more (or not yet) ignores its table.

A LAN table (:class:`~engine.net.client.RemoteTable`) calls its subscribers through
the app's message queue (``deliver = app.call_later``), so a change can reach a game
screen after it was dismissed and its panes were removed: "Play again" pressed by
both players at once, the next game's first update arriving while the old screen is
torn down.  That crashed the app with ``NoMatches: No nodes match 'StoolBoard' on
GameScreen()`` ('PerchBoard', 'SeatsPane'...).  Here the same change is delivered
after the screen is gone, in the middle of its teardown, and before it is composed,
for every game; then the whole thing at a real LAN table on 127.0.0.1 (a port the
system picks): game over, both players press "Play again" together, the next game's
screen comes up.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from engine.net.client import RemoteTable
from engine.net.host import HostConfig, default_bot_level
from engine.net.server import TableServer
from engine.session import Table
from themes import ASCII_GLYPHS
from tui.games.perch_scenes import PERCH, PERCH_SOLO
from tui.games.pigeons_scenes import START_SEED
from tui.games.stool_scenes import STOOL
from tui.lan_commands import remote_app
from tui.scenes import FOUR, Scene, choose_among, make_table, scene_settings
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen, GameResult
from tui.screens.join import JoinScreen
from tui.screens.keys import KeysScreen
from tui.screens.quit import QuitScreen
from tui.screens.rules import RulesScreen
from tui.screenshots import SceneApp
from tui.widgets import LogPane

LOOPBACK = "127.0.0.1"
TIMEOUT = 20.0
"""Generous: the tests must pass on a loaded 2-core machine."""

GAMES = ("pigeons", STOOL, PERCH)


def solo_table(game: str) -> Table:
    """Ann against bots (one human: no curtain), at the start of a game."""
    if game == PERCH:
        return make_table(PERCH_SOLO, 1, game=PERCH)
    return make_table(FOUR, START_SEED, game=game)


async def wait_until(pilot: Pilot[None], condition: Callable[[], bool]) -> None:
    for _ in range(200):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("timed out")


@pytest.mark.parametrize("game", GAMES)
async def test_a_change_after_the_screen_left_does_nothing(game: str) -> None:
    app = SceneApp(Scene(solo_table(game), scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.is_live
        change = screen._on_table_change  # what the table calls on every change
        screen.dismiss(("menu", None))
        await wait_until(pilot, lambda: not screen.is_attached)
        assert not screen.is_live
        # A change queued (as a LAN table does) while the screen still followed the table.
        app.call_later(change, [])
        await pilot.pause()
        await pilot.pause()
    assert app.results == [("menu", None)]


@pytest.mark.parametrize("game", GAMES)
async def test_a_change_while_the_screen_is_torn_down_does_nothing(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = SceneApp(Scene(solo_table(game), scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        heard: list[bool] = []

        def log_unmounted(_log: LogPane) -> None:
            # Some panes are gone already, the screen has not unmounted yet: a LAN
            # update delivered now.
            heard.append(screen.is_live)
            screen._on_table_change([])

        monkeypatch.setattr(LogPane, "_on_unmount", log_unmounted, raising=False)
        screen.dismiss(("menu", None))
        await wait_until(pilot, lambda: not screen.is_attached)
        assert heard == [False]
    assert app.results == [("menu", None)]


@pytest.mark.parametrize("game", GAMES)
def test_a_change_before_the_screen_is_composed_does_nothing(game: str) -> None:
    screen = GameScreen(solo_table(game), scene_settings())
    assert not screen.is_live
    screen._on_table_change([])  # no app, no panes yet: nothing to draw
    assert screen.prompt_info is None


def coming_up(kind: str) -> Screen[Any]:
    """A screen of each kind whose ``on_mount`` looks up its (nested) widgets."""
    if kind in GAMES:
        return GameScreen(solo_table(kind), scene_settings())
    if kind == "game-over":
        return GameOverScreen(GameResult("Ann wins", "The deck ran out.", ()), ASCII_GLYPHS)
    if kind == "quit":
        return QuitScreen("The game is saved.")
    if kind == "rules":
        return RulesScreen("Rules", "# Rules\n\nPlay a card.")
    if kind == "keys":
        return KeysScreen([])
    return JoinScreen("Ann")


@pytest.mark.parametrize("kind", [*GAMES, "game-over", "quit", "rules", "keys", "join"])
async def test_the_app_quits_as_a_screen_comes_up(kind: str) -> None:
    """The app stops right after a screen was pushed (the CI's crash: a LAN table's next
    game came up as the test's app closed).  Textual then mounts none of the screen's
    nested panes but still sends it Mount: its ``on_mount`` must not look them up."""
    app = SceneApp(Scene(solo_table("pigeons"), scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(coming_up(kind))
    # run_test re-raises what crashed the app on its way out


# ----------------------------------------------------------------------------- at a LAN table


async def start_server(game: str, seed: int) -> TableServer:
    config = HostConfig(
        players=2,
        bots=0,
        seed=seed,
        bot_delay=(0.0, 0.0),
        window_seconds=None,
        rate=100_000.0,
        burst=100_000.0,
    )
    server = TableServer.new(game, config)
    await server.start(LOOPBACK, 0)
    return server


async def bot_plays(table: RemoteTable, seed: int) -> None:
    """Bob's seat, played by the game's bot from Bob's own view, to the game's end."""
    seat = table.seat
    assert seat is not None
    bot = table.game.bot(default_bot_level(table.game), seat, seed)
    unsubscribe = table.subscribe(bot.observe)
    try:
        while True:
            await table.wait_for(lambda: bool(table.prompts()) or table.is_over, TIMEOUT)
            if table.is_over:
                return
            prompt = table.prompts()[0]
            table.answer(seat, prompt.id, bot.choose(table.view(seat), prompt))
    finally:
        unsubscribe()


async def play_with_keys(pilot: Pilot[None]) -> GameScreen:
    """Ann presses the simple player's keys until the game-over screen; the game screen."""
    app = pilot.app
    for _ in range(3_000):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return next(s for s in app.screen_stack if isinstance(s, GameScreen))
        info = screen.prompt_info if isinstance(screen, GameScreen) else None
        if info is not None and info.options:
            choice = choose_among(
                screen.table.game.id, [o.option_id for o in info.options], info.kind
            )
            key = next(o.key for o in info.options if o.option_id == choice)
            await pilot.press(key or "enter")
            continue
        await pilot.pause(0.02)  # Bob is playing over the network
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("ann_first", [False, True], ids=["bob-first", "ann-first"])
async def test_both_players_play_again_at_once_at_a_lan_table(
    ann_first: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """QA's steps: a two-player Stool Pigeon table, game over, both press "Play again"
    within a few milliseconds.  Removing the old screen is made slow (a slow terminal)
    so that the next game's news arrives while it is torn down."""

    async def slow_unmount(_log: LogPane) -> None:
        await asyncio.sleep(0.05)

    server = await start_server(STOOL, seed=5)
    try:
        ann = await RemoteTable.connect(LOOPBACK, server.port, name="Ann", remember=False)
        bob = await RemoteTable.connect(LOOPBACK, server.port, name="Bob", remember=False)
        await ann.wait_started(TIMEOUT)
        bob_plays = asyncio.ensure_future(bot_plays(bob, seed=3))
        app = remote_app(scene_settings(), ann)
        async with app.run_test(size=(100, 30)) as pilot:
            first = await asyncio.wait_for(play_with_keys(pilot), TIMEOUT * 3)
            await asyncio.wait_for(bob_plays, TIMEOUT)
            assert ann.is_over and ann.game_number == 1
            monkeypatch.setattr(LogPane, "_on_unmount", slow_unmount, raising=False)
            if ann_first:
                await pilot.press("a")
                bob.request_new_game()
            else:
                bob.request_new_game()
                await pilot.press("a")
            await ann.wait_for(lambda: ann.game_number == 2, TIMEOUT)

            def next_game_shown() -> bool:
                screen = app.screen
                return isinstance(screen, GameScreen) and screen is not first

            for _ in range(500):
                await pilot.pause(0.01)
                if next_game_shown() and not first.is_attached:
                    break
            assert next_game_shown() and not first.is_attached
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.table is ann and screen.is_live
            assert not ann.is_over
            assert not first.is_live and first._on_table_change not in ann._subscribers
        await ann.close()
        await bob.close()
    finally:
        await server.close()
