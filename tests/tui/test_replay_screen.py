"""``purrch replay`` through the app: a saved game stepped through on the demo screen,
from one seat or all-seeing once over; the menu's "Replay a finished game" lists the
kept games; a game played to its end in the app is kept."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Button, OptionList

from engine import finished, replays
from engine.games import REGISTRY
from engine.session import SeatConfig, Table
from tui.app import PurrchApp
from tui.scenes import scene_settings
from tui.screens.demo import NarrationLine
from tui.screens.game_over import GameOverScreen
from tui.screens.menu import MenuScreen
from tui.screens.replay import ReplayPickerScreen, ReplayScreen, ReplaySpec
from tui.settings import Settings

AT = dt.datetime(2026, 12, 4, 21, 30)


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()


def bots_table(game_id: str, names: list[str], seed: int, *, humans: int = 0) -> Table:
    seats = [SeatConfig(n, "human" if i < humans else "bot") for i, n in enumerate(names)]
    return Table(REGISTRY[game_id], seats, seed=seed, window_seconds=None, bot_delay=(0, 0))


def kept_game(folder: Path, game_id: str, names: list[str], seed: int, minute: int = 30) -> Path:
    """A game the bots played to its end, kept in ``folder`` as the app keeps it."""
    table = bots_table(game_id, names, seed)
    table.run_bots()
    outcome = table.outcome()
    assert outcome is not None
    summary = finished.summary_json(
        at=AT.replace(minute=minute),
        game_id=game_id,
        title=table.game.title,
        players=names,
        winners=list(outcome.winners),
        reason=outcome.reason,
    )
    text = table.to_json_text({finished.SECTION: summary})
    return finished.keep(folder, game_id, text, at=AT.replace(minute=minute))


def unfinished_save(path: Path) -> Path:
    """Ann (a person) and two bots, 40 answers into a game of Cats Among The Pigeons."""
    table = bots_table("pigeons", ["Ann", "Bob", "Cal"], 7, humans=1)
    answered = 0
    while answered < 40:
        mine = [p for p in table.prompts() if p.seat == 0]
        if mine:
            table.answer(0, mine[0].id, mine[0].options[-1].id)
        answered += 1 + len(table.run_bots(3))
    assert not table.is_over
    table.save(path)
    return path


def replay_app(path: Path, viewer: int | None, settings: Settings | None = None) -> PurrchApp:
    replay = replays.load(path)
    return PurrchApp(settings or scene_settings(), None, replay=ReplaySpec(replay, viewer))


def replay_screen(app: PurrchApp) -> ReplayScreen:
    return next(s for s in app.screen_stack if isinstance(s, ReplayScreen))


def status(app: PurrchApp) -> str:
    info = replay_screen(app).query_one(NarrationLine).info
    assert info is not None
    return info.status


async def test_a_seat_replay_shows_that_seat_only_to_the_end_of_the_save(tmp_path: Path) -> None:
    path = unfinished_save(tmp_path / "mid.json")
    app = replay_app(path, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = replay_screen(app)
        table = screen.replay_table
        assert status(app).startswith("Replay, as Ann saw it - step 0 of ")
        assert "paused" in status(app)  # a replay starts paused
        assert not screen.check_action("next_hand", ())  # no other hand to look at
        others: set[int] = set()
        while not table.at_end:
            await pilot.press("right")
            assert screen.shown_seat == 0
            others.update(p.seat for p in table.stepper.prompts())
            assert all(p.seat == 0 for p in table.prompts())
        await settle(pilot)
        assert others - {0}, "the other seats decided too (only Ann's decisions shown)"
        assert status(app).endswith("the save ends here")
        assert not screen.check_action("step_forward", ())
        assert not screen.check_action("play", ())
        assert not isinstance(app.screen, GameOverScreen)
        await pilot.press("left")
        await settle(pilot)
        assert table.step == table.total - 1
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_a_finished_replay_reaches_the_result_and_watches_again(tmp_path: Path) -> None:
    path = kept_game(tmp_path, "stool", ["Ann", "Bob"], 5)
    app = replay_app(path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = replay_screen(app)
        assert status(app).startswith("Replay, every hand shown - step 0 of 20")
        await pilot.press("space")  # plays on at the normal pace
        assert "normal pace" in status(app)
        await pilot.press("space")
        for _ in range(first.replay_table.total):
            await pilot.press("right")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("a")  # watch again, from the start
        await settle(pilot)
        again = replay_screen(app)
        assert again is not first and again.replay_table.step == 0
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_the_menu_lists_the_kept_games_and_opens_one(tmp_path: Path) -> None:
    settings = scene_settings()
    settings.finished = tmp_path / "finished"
    app = PurrchApp(settings, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert not menu.query_one("#replays", Button).display  # nothing kept yet
        kept_game(settings.finished, "stool", ["Ann", "Bob"], 5, minute=10)
        kept_game(settings.finished, "pigeons", ["Ann", "Bob", "Cal"], 3, minute=20)
        menu.on_screen_resume()
        await settle(pilot)
        button = menu.query_one("#replays", Button)
        assert button.display and button.label.plain == "Replay a finished game"
        button.press()
        await settle(pilot)
        picker = app.screen
        assert isinstance(picker, ReplayPickerScreen)
        listed = picker.query_one(OptionList)
        assert listed.option_count == 2
        first = str(listed.get_option_at_index(0).prompt)
        assert "2026-12-04 21:20  Cats Among The Pigeons" in first  # the newest first
        await pilot.press("down", "enter")
        await settle(pilot)
        screen = replay_screen(app)
        assert screen.replay_table.game.id == "stool" and screen.viewer is None
        await pilot.press("q")
        await settle(pilot)
        assert app.screen is picker
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is menu


async def test_a_damaged_kept_game_says_why_and_stays_on_the_list(tmp_path: Path) -> None:
    folder = tmp_path / "finished"
    path = kept_game(folder, "stool", ["Ann", "Bob"], 5)
    data = path.read_text().replace('"answers":[[0,', '"answers":[[9,', 1)
    assert data != path.read_text()
    path.write_text(data)
    app = PurrchApp(scene_settings(), None, replays=True)
    app.settings.finished = folder
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ReplayPickerScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReplayPickerScreen)
        [note] = app._notifications
        assert note.message.startswith("Cannot replay it:")


async def test_a_game_played_to_its_end_in_the_app_is_kept(tmp_path: Path) -> None:
    settings = scene_settings()
    settings.finished = tmp_path / "finished"
    table = bots_table("stool", ["Ann", "Bob"], 5)
    app = PurrchApp(settings, table)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            if table.is_over:
                break
            await pilot.pause()
        assert table.is_over
        [kept] = finished.listing(settings.finished)
        assert kept.players == ("Ann", "Bob") and kept.game_id == "stool"


# ----------------------------------------------------------------------------- snapshots


def test_snapshot_the_replay_picker(snap_compare: Any, tmp_path: Path) -> None:
    """You should see, at 80x24, a box titled "Replay a finished game" with a line on
    what Enter does, then two kept games, newest first: "2026-12-04 21:20  Cats Among
    The Pigeons" (Ann, Bob, Cal and who won) and "2026-12-04 21:10  Stool Pigeon"
    (Ann, Bob - Ann wins); the footer shows Enter Watch and Esc Back to menu."""
    folder = tmp_path / "finished"
    kept_game(folder, "stool", ["Ann", "Bob"], 5, minute=10)
    kept_game(folder, "pigeons", ["Ann", "Bob", "Cal"], 3, minute=20)
    app = PurrchApp(scene_settings(), None, replays=True)
    app.settings.finished = folder
    assert snap_compare(app, run_before=settle, terminal_size=(80, 24))


def test_snapshot_a_seat_replay(snap_compare: Any, tmp_path: Path) -> None:
    """You should see, at 80x24, a replay of a Cats Among The Pigeons game not over,
    from Ann's seat, six answers in: Ann's hand on the left (her cards, nobody
    else's), the table and the log on the right, the narration "Replay, as Ann saw
    it - step 6 of 42 - paused: Space plays on, arrows step" and what the last answer
    did, and the prompt bar with Ann's decision if she has one; the footer shows
    Space Play, Step, Back, Faster, Slower and Leave, and no Hands key."""
    path = unfinished_save(tmp_path / "mid.json")
    app = replay_app(path, 0)

    async def before(pilot: Pilot[None]) -> None:
        await settle(pilot)
        for _ in range(6):
            await pilot.press("right")
        await settle(pilot)

    assert snap_compare(app, run_before=before, terminal_size=(80, 24))
