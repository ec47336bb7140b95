"""The Isle of Cats through the game screen: a whole 2-player game against the planner
bot played by keys alone (tiles placed with the boat's cursor and Enter), and the
placement cursor's legality hint."""

from __future__ import annotations

from tui.games.isle import IsleUI
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.scenes import Scene, make_table, scene_settings
from tui.screenshots import SceneApp

SOLO = (("Ann", "human"), ("Bea", "bot"))
PREFER = {"buy": "done", "commit": "done", "last": "done", "find": "pass", "treasure": "skip"}


def key_for(game: GameScreen) -> str:
    info = game.prompt_info
    assert info is not None and info.options
    kind = info.kind
    ids = [o.option_id for o in info.options]
    want = ids[0]
    if kind in PREFER and PREFER[kind] in ids:
        want = PREFER[kind]
    elif kind == "rescue":
        want = next((i for i in ids if i.startswith("rescue:")), "end" if "end" in ids else "pass")
    key = next(o.key for o in info.options if o.option_id == want)
    assert key is not None
    return key


async def test_whole_game_by_keys() -> None:
    """Ann plays a seeded game against the planner bot to the game-over screen."""
    table = make_table(SOLO, 1, game="isle")
    app = SceneApp(Scene(table, scene_settings()))
    placed = 0
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3000):
            await pilot.pause()
            if isinstance(app.screen, GameOverScreen):
                break
            game = app.screen
            assert isinstance(game, GameScreen)
            info = game.prompt_info
            if info is not None and info.kind == "place":
                assert isinstance(game.ui, IsleUI)
                # The cursor starts on a legal place: Enter places it there.
                assert info.hint.startswith("It fits here"), info.hint
                await pilot.press("enter")
                placed += 1
                continue
            if info is None or not info.options:
                await pilot.pause()
                continue
            await pilot.press(key_for(game))
        assert isinstance(app.screen, GameOverScreen)
    assert table.is_over and placed >= 5


async def test_illegal_position_says_why(pilot_size: tuple[int, int] = (80, 24)) -> None:
    """Moving the tile onto a tile already there makes the prompt bar say so."""
    table = make_table(SOLO, 1, game="isle")
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=pilot_size) as pilot:
        for _ in range(500):
            await pilot.pause()
            game = app.screen
            assert isinstance(game, GameScreen)
            info = game.prompt_info
            if (
                info is not None
                and info.kind == "place"
                and table.view(0)["public"]["players"][0]["tiles"]
            ):
                break
            if info is not None and info.kind == "place":
                await pilot.press("enter")
            elif info is not None and info.options:
                await pilot.press(key_for(game))
        reasons = set()
        for key in ("left", "left", "up", "up", "r", "f", "right", "down") * 3:
            await pilot.press(key)
            hint = game.prompt_info.hint if game.prompt_info else ""
            reasons.add(hint.split(":")[0])
        assert "Not here" in reasons


async def test_hotseat_curtain_hides_the_pack() -> None:
    """Two humans draft at once: behind each curtain no card of either pack is drawn,
    and once it is lifted only that player's pack is."""
    from textual.widgets import Static

    from tui.screens.curtain import CurtainScreen

    table = make_table((("Ann", "human"), ("Bob", "human")), 1, game="isle")
    app = SceneApp(Scene(table, scene_settings()))
    packs = [{str(c["name"]) for c in table.view(s)["private"]["pack"]} for s in (0, 1)]
    curtains = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(6):
            await pilot.pause()
            game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            text = str(game.query_one("#isle-hand-text", Static).visual)
            if isinstance(app.screen, CurtainScreen):
                curtains += 1
                assert not any(name in text for pack in packs for name in pack)
                await pilot.press("enter")
                continue
            seat = game.shown_seat
            assert seat is not None
            other = packs[1 - seat] - packs[seat]
            assert any(name in text for name in packs[seat])
            assert not any(name in text for name in other)
            await pilot.press("1")
    assert curtains >= 2
