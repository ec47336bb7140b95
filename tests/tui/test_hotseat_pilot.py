"""Whole games played through the game screen with key presses only.

The player at the keyboard reads the prompt bar and presses the key of the
option the simple player of ``tui.scenes`` would choose; a handoff
curtain is dismissed with Enter, a reaction window another human is asked in
is claimed with that seat's key (F2...).  The seeds give short games.
"""

from __future__ import annotations

from textual.pilot import Pilot

from tui.games.pigeons import HandPane
from tui.scenes import DUO, FOUR, Scene, choose_among, make_table, scene_settings
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screenshots import SceneApp
from tui.widgets import ReactionBanner

DUO_SEED = 204
FOUR_SEED = 12
MAX_PRESSES = 1_500


async def play_to_the_end(app: SceneApp, pilot: Pilot[None]) -> list[tuple[str, str]]:
    """Press keys until the game-over screen; return each curtain's (player, reason)."""
    curtains: list[tuple[str, str]] = []
    released: str | None = None  # the player the last curtain handed the screen to
    names = [s.name for s in app.scene.table.seats]
    humans = [s.name for s in app.scene.table.seats if s.is_human]
    for _ in range(MAX_PRESSES):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return curtains
        if isinstance(screen, CurtainScreen):
            game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            # Behind the curtain nothing private is drawn, for anyone.
            assert game.query_one(HandPane).data is None
            curtains.append((screen.player, screen.reason))
            released = screen.player
            await pilot.press("enter")
            continue
        assert isinstance(screen, GameScreen)
        hand = screen.query_one(HandPane).data
        if len(humans) > 1:
            # A hand is only ever the one of the player the last curtain let in.
            assert hand is None or hand.owner == released
        else:
            assert hand is not None and hand.owner == humans[0]
        info = screen.prompt_info
        if info is not None and info.options:
            choice = choose_among(
                screen.table.game.id, [o.option_id for o in info.options], info.kind
            )
            key = next(o.key for o in info.options if o.option_id == choice)
            assert key is not None
            await pilot.press(key)
            continue
        banner = screen.query_one(ReactionBanner).info
        if banner is not None and banner.claims:
            key, name = banner.claims[0]
            assert name in names
            await pilot.press(key.lower())
            continue
        await pilot.pause(0.05)  # bots (instant) play on the next tick
    raise AssertionError("the game did not end")


async def test_two_humans_hot_seat_to_the_end() -> None:
    table = make_table(DUO, DUO_SEED)
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(100, 32)) as pilot:
        curtains = await play_to_the_end(app, pilot)
        assert table.is_over
        assert isinstance(app.screen, GameOverScreen)
        # Both players were handed the screen, more than once each, to take their
        # turns, to claim a reaction window, and one after the other when both had
        # to choose a card at once (Pigeon Mail, Ruffle Feathers).
        players = [player for player, _reason in curtains]
        assert players.count("Ann") > 1 and players.count("Bob") > 1
        reasons = " ".join(reason for _player, reason in curtains)
        assert "It is Ann's turn." in reasons and "It is Bob's turn." in reasons
        assert "wants to react" in reasons
        assert "chooses in turn" in reasons
        # The game ended with a winner shown on the game-over screen.
        outcome = table.outcome()
        assert outcome is not None and outcome.winners
        assert "wins" in app.screen.result.title
        await pilot.press("m")
        await pilot.pause()
        assert app.results == [("menu", None)]


async def test_one_human_against_three_bots_to_the_end() -> None:
    table = make_table(FOUR, FOUR_SEED)
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(100, 32)) as pilot:
        curtains = await play_to_the_end(app, pilot)
        assert curtains == []  # one human: never a curtain
        assert table.is_over
        assert isinstance(app.screen, GameOverScreen)
        # Every bot move was logged, and the human saw their own secrets only.
        assert any(e.text.startswith("Bea") for e in table.log)
        await pilot.press("a")
        await pilot.pause()
        assert app.results == [("again", None)]
