"""``purrch learn`` through the app: the guided game's coach line explains each
decision once, ``w`` says why a move is not offered, the end sums up the rules met;
the menu's "Learn to play" starts it (asking first over an unfinished game)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Button, Static

from engine.games import REGISTRY
from engine.learn import Summary
from engine.narration import Rule
from engine.session import SeatConfig, Table
from tui.app import PurrchApp
from tui.scenes import scene_settings
from tui.screens.demo import NarrationLine, rule_line, rules_that_fit
from tui.screens.learn import NARRATION_ROWS, LearnScreen, LearnSpec, WhyNotScreen, summary_result
from tui.screens.menu import MenuScreen
from tui.screens.quit import ReplaceSaveScreen
from tui.widgets.result import GameResult


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()


def learn_app(game_id: str = "stool") -> PurrchApp:
    settings = scene_settings()
    table = LearnSpec(game_id, "Ann").table(settings)
    return PurrchApp(settings, table, learn=True)


def coach_text(app: PurrchApp) -> str:
    screen = app.screen
    assert isinstance(screen, LearnScreen)
    info = screen.query_one(NarrationLine).info
    assert info is not None
    rules = " | ".join(f"{r.name}: {r.text}" for r in info.narration.rules)
    return f"{info.status} || {rules}"


async def test_each_decision_is_explained_once_and_w_says_why_not() -> None:
    app = learn_app("stool")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LearnScreen)
        table = screen.table
        assert isinstance(table, Table)
        assert table.seed == 10 and [s.name for s in table.seats] == ["Ann", "Tom"]
        assert table.seats[1].level == "easy"
        text = coach_text(app)
        assert text.startswith("Learning Stool Pigeon: ")
        assert "The first peek: Your two bottom cards are face up" in text
        await pilot.press("1")  # seen my two cards
        await settle(pilot)
        text = coach_text(app)
        assert "The first peek" not in text  # read: the next move's words
        assert "Your turn: Take the top DRAW card" in text
        await pilot.press("w")
        await settle(pilot)
        why = app.screen
        assert isinstance(why, WhyNotScreen)
        assert "Knocking is allowed from round 2 on (this is round 1)." in why.reasons
        lines = [str(s.render()) for s in why.query(".why-line").results(Static)]
        assert any("Knocking is allowed" in line for line in lines)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("1")  # draw
        await settle(pilot)
        assert "Your turn: Take the top DRAW card" not in coach_text(app)  # once


def test_the_end_sums_up_the_rules_met_and_not_met() -> None:
    result = GameResult("Ann wins!", "The lowest total.", ())
    shown = summary_result(result, Summary(("The goal", "A turn"), ("Kingpin",)))
    [section] = shown.sections
    text = str(section)
    assert "Rules you met (2)" in text and "The goal, A turn." in text
    assert "Not met yet (1)" in text and "Kingpin: F1 explains them." in text
    every = summary_result(result, Summary(("The goal",), ()))
    assert "You met every rule of the game." in str(every.sections[0])


async def test_the_menu_starts_the_guided_game_and_asks_over_an_unfinished_one(
    tmp_path: Path,
) -> None:
    settings = scene_settings()
    settings.autosave = tmp_path / "autosave.json"
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bob", "bot")]
    unfinished = Table(REGISTRY["stool"], seats, seed=1, window_seconds=None)
    unfinished.save(settings.autosave)
    app = PurrchApp(settings, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        await pilot.press("down", "down", "down")  # Stool Pigeon
        await settle(pilot)
        assert menu.current_game().id == "stool"
        button = menu.query_one("#learn", Button)
        assert button.label.plain == "Learn to play"
        button.press()
        await settle(pilot)
        assert isinstance(app.screen, ReplaceSaveScreen)
        await pilot.press("y")
        await settle(pilot)
        screen: Any = app.screen
        assert isinstance(screen, LearnScreen)
        assert screen.table.game.id == "stool" and screen.table.seed == 10


def test_snapshot_a_guided_game_explaining_a_decision(snap_compare: Any) -> None:
    """You should see, at 80x24, the first turn of a guided game of Stool Pigeon (Ann
    against Tom, an easy bot): the crime scenes and the log, then the coach line
    "Learning Stool Pigeon: 4 of 25 rules met - w: why can't I...?", "Rule - A turn:
    ..." and "Rule - Your turn: Take the top DRAW card (only you see it) or the PLAY
    card...", the prompt bar with Ann's choices, and "w Why not?" in the footer."""
    app = learn_app("stool")

    async def before(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)

    assert snap_compare(app, run_before=before, terminal_size=(80, 24))


def test_snapshot_why_cant_i(snap_compare: Any) -> None:
    """You should see, at 80x24, a box "Why can't I...?" over the guided game of Stool
    Pigeon, saying "Knocking is allowed from round 2 on (this is round 1)."; the footer
    shows Esc Back to the game."""
    app = learn_app("stool")

    async def before(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)

    assert snap_compare(app, run_before=before, terminal_size=(80, 24))


def test_rules_that_fit_keeps_whole_rules_in_the_rows() -> None:
    short = Rule("A", "one line.")
    long = Rule("B", "a rule long enough to wrap onto a second row at forty cells wide.")
    assert rules_that_fit([short, short, short, short], 40, 4) == 4
    assert rules_that_fit([long, long, short], 40, 4) == 2
    assert rules_that_fit([long, short, long], 40, 4) == 2
    assert rules_that_fit([long, long, long], 20, 4) == 1  # one is shown, however long
    assert rules_that_fit([], 40, 4) == 0


async def test_the_coach_line_never_cuts_a_rule_and_shows_each_rule_met() -> None:
    """Many rules come up at once (here every rule of the game, at the start): the
    coach line shows those that fit whole and keeps the rest for the learner's next
    moves; none is lost, none is said twice."""
    app = learn_app("stool")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LearnScreen)
        table = screen.table
        assert isinstance(table, Table)
        line = screen.query_one(NarrationLine)
        screen._meet(tuple(screen.coach.table.every_rule()))
        screen._fill_panes()
        shown: list[str] = []
        last: tuple[Rule, ...] = ()
        held_back = 0
        for _ in range(40):
            if table.is_over:
                break
            info = line.info
            assert info is not None
            rules = info.narration.rules
            width = line.content_size.width - 1
            rows = sum(len(textwrap.wrap(text, width)) for text in map(rule_line, rules))
            rows += len(textwrap.wrap(info.status, width))
            assert rows <= NARRATION_ROWS or len(rules) == 1, [r.name for r in rules]
            if rules and rules != last:  # a new line, not a redraw of the same
                shown.extend(r.name for r in rules)
            last = rules
            held_back += "to come - w:" in info.status
            mine = [p for p in table.game.prompts(table.state) if p.seat == screen.learner]
            if mine:
                screen._answer(screen.learner, mine[0].id, mine[0].options[0].id)
            await settle(pilot)
        assert held_back, "every rule fitted at once: the test proves nothing"
        assert not screen._unread, "rules left unsaid"
        every = [r.name for r in screen.coach.table.every_rule()]
        assert sorted(set(shown)) == sorted(every)
        assert len(shown) == len(set(shown)), "a rule said twice"
