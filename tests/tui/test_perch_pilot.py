"""Whole games of Chat perché played through the game screen with key presses only.

Decisions on the tree (a cat, a destination, a spot, a branch) are picked there: an
arrow key now and then, then Enter; the others (a token, a flip) with the prompt
bar's keys.  A handoff curtain is dismissed with Enter.
"""

from __future__ import annotations

from textual.pilot import Pilot

from themes import TEXT_GLYPHS
from tui.games.perch import PerchBoard, TreeData, perch_glyphs, tree_lines
from tui.games.perch_scenes import PERCH, PERCH_SEED, PERCH_SOLO
from tui.scenes import DUO, Scene, make_table
from tui.scenes import scene_settings as settings
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screenshots import SceneApp

MAX_PRESSES = 3000
SHORT = {"dog_track": 3}  # a short dogs' track: a short game
ARROWS = ("up", "left", "down", "right")


async def play_to_the_end(app: SceneApp, pilot: Pilot[None]) -> list[tuple[str, str]]:
    """Press keys until the game-over screen; return each curtain's (player, reason)."""
    table = app.scene.table
    names = [s.name for s in table.seats]
    humans = [i for i, s in enumerate(table.seats) if s.is_human]
    curtains: list[tuple[str, str]] = []
    released: str | None = None
    presses = 0
    for _ in range(MAX_PRESSES):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return curtains
        if isinstance(screen, CurtainScreen):
            game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            data = game.query_one(PerchBoard).data
            # Behind the curtain no strength of anyone's is drawn.
            assert data is not None and data.owner is None and not data.secret
            assert not data.private.plain
            # Its key says what comes next in this game's words: no cards here.
            words = screen.active_bindings["enter"].binding.description
            assert words == "I am here: show my tokens"
            curtains.append((screen.player, screen.reason))
            released = screen.player
            await pilot.press("enter")
            continue
        assert isinstance(screen, GameScreen)
        data = screen.query_one(PerchBoard).data
        assert data is not None
        if len(humans) > 1:
            assert data.owner in (None, released)
            if data.owner is not None:
                seat = names.index(data.owner)
                assert dict(data.secret) == table.view(seat)["private"]["strengths"]
            else:
                assert not data.secret
        else:
            assert data.owner == names[humans[0]]
        info = screen.prompt_info
        if info is not None and info.options:
            presses += 1
            if data.usable:
                if presses % 3 == 0:
                    await pilot.press(ARROWS[presses % 4])
                await pilot.press("enter")
            else:
                key = info.options[0].key
                assert key is not None
                await pilot.press(key)
            continue
        await pilot.pause(0.05)  # bots (instant) play on the next tick
    raise AssertionError("the game did not end")


async def test_one_human_against_a_bot_to_the_end() -> None:
    table = make_table(PERCH_SOLO, PERCH_SEED, SHORT, game=PERCH)
    app = SceneApp(Scene(table, settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        curtains = await play_to_the_end(app, pilot)
        assert curtains == []
        assert table.is_over
        assert isinstance(app.screen, GameOverScreen)
        assert any(e.kind == "move" and e.text.startswith("Ann") for e in table.log)
        assert any(e.kind == "move" and e.text.startswith("Bea") for e in table.log)
        outcome = table.outcome()
        assert outcome is not None
        assert app.screen.result.reason == outcome.reason
        await pilot.press("a")
        await pilot.pause()
        assert app.results == [("again", None)]


async def test_two_humans_hot_seat_to_the_end() -> None:
    table = make_table(DUO, PERCH_SEED, SHORT, game=PERCH)
    app = SceneApp(Scene(table, settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        curtains = await play_to_the_end(app, pilot)
        assert table.is_over
        assert isinstance(app.screen, GameOverScreen)
        players = [player for player, _reason in curtains]
        assert players.count("Ann") > 1 and players.count("Bob") > 1
        reasons = " ".join(reason for _player, reason in curtains)
        assert "places a strength token" in reasons
        assert "It is Ann's turn." in reasons and "It is Bob's turn." in reasons
        await pilot.press("m")
        await pilot.pause()
        assert app.results == [("menu", None)]


def legend(data: TreeData) -> str:
    glyphs = perch_glyphs(TEXT_GLYPHS)
    lines, _where = tree_lines(data, glyphs, cursor=None, focused=False, between=1)
    return next(line.plain for line in lines if "strengths" in line.plain)


async def test_the_legend_writes_the_tokens_of_whoever_looks() -> None:
    """QA (issue 22): Bob, the ginger player, read "b1-4 g? strengths" under the tree
    while his own tokens showed as g1, g2... and Ann's as b?: the legend's fixed
    notation said his were the hidden ones.  It follows the colour of whoever looks;
    behind the curtain nobody's are shown."""
    table = make_table(DUO, PERCH_SEED, SHORT, game=PERCH)
    app = SceneApp(Scene(table, settings()))
    seen: dict[str | None, str] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await pilot.pause()
            screen = app.screen
            game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            data = game.query_one(PerchBoard).data
            assert data is not None
            seen[data.owner] = legend(data)
            if {"Ann", "Bob", None} <= seen.keys():
                break
            if isinstance(screen, CurtainScreen):
                await pilot.press("enter")
                continue
            info = game.prompt_info
            if info is not None and info.options and info.options[0].key:
                await pilot.press(info.options[0].key)
            else:
                await pilot.pause(0.05)
    assert seen.get("Ann") == "B black G ginger ◆ bird b1-4 g? strengths"
    assert seen.get("Bob") == "B black G ginger ◆ bird g1-4 b? strengths"
    assert seen.get(None) == "B black G ginger ◆ bird b? g? strengths"
