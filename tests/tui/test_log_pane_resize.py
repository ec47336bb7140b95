"""The log re-wraps its lines to its width when the terminal is resized.

A RichLog keeps the rows it rendered at the width they were written at: QA saw the
Chat perché log stay about 31 columns wide at 120x35 (new lines too), Stool Pigeon
lines cut off at 60x18 ("Bob has pee"), the log squeezed to nothing at 70x20, and
the log not at its newest line any more after resizing back.  Here: a bare log
pane, then the game screens, resized with ``pilot.resize_terminal``.
"""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from engine.session import Table
from tui.games.perch_scenes import PERCH, PERCH_SOLO
from tui.games.pigeons_scenes import START_SEED
from tui.games.stool_scenes import STOOL
from tui.scenes import FOUR, Scene, make_table, play_until, scene_settings
from tui.screens.game import GameScreen
from tui.screenshots import SceneApp
from tui.widgets import LogLine, LogPane

GUTTER = 5
"""Columns of the pane that are not text: the border (2), the padding (2) and the
scrollbar's column (1)."""

WORDS = (
    "Bob has peeked at A3 and A4, and remembers both of them for later",
    "Ann swaps the card she drew into B2",
    "Cal knocks: everyone else has one more turn before the reveal",
    "A race: who remembers a witness like this one?",
)


def numbered_lines(count: int, first: int = 0) -> tuple[LogLine, ...]:
    return tuple(
        LogLine(f"{i + 1}. {WORDS[i % len(WORDS)]}.", kind="turn" if i % 5 == 0 else "info")
        for i in range(first, first + count)
    )


class LogApp(App[None]):
    """The log pane alone, styled as on the game screen."""

    CSS = """
    LogPane {
        height: 1fr;
        border: round $secondary;
        padding: 0 1;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
    }
    """

    def compose(self) -> ComposeResult:
        yield LogPane(id="log")


async def settle(pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()


def rows(log: LogPane) -> list[str]:
    """Every row the log holds, as wrapped."""
    return [strip.text.rstrip() for strip in log.lines]


def drawn(log: LogPane) -> list[str]:
    """The rows the pane draws now (its text area, as scrolled)."""
    height = log.scrollable_content_region.height
    return [log.render_line(y).text.rstrip() for y in range(height)]


def assert_wrapped(log: LogPane, lines: tuple[LogLine, ...], width: int) -> None:
    """Every row fits ``width``, and no word is lost or cut."""
    assert log.wrap_width == width
    held = rows(log)
    assert all(len(row) <= width for row in held), held
    assert " ".join(held).split() == " ".join(line.text for line in lines).split()


def assert_newest_shown(log: LogPane, lines: tuple[LogLine, ...]) -> None:
    assert log.scroll_y == log.max_scroll_y
    tail = [row for row in drawn(log) if row]
    assert tail, "the log draws nothing"
    assert lines[-1].text.endswith(tail[-1].split()[-1])
    assert tail[-1] == rows(log)[-1]


async def test_the_log_rewraps_to_its_width_and_keeps_the_newest_line_in_view() -> None:
    app = LogApp()
    lines = numbered_lines(30)
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(LogPane)
        log.feed = lines
        await settle(pilot)
        assert_wrapped(log, lines, 40 - GUTTER)
        assert_newest_shown(log, lines)
        narrow = len(log.lines)

        await pilot.resize_terminal(100, 20)
        await settle(pilot)
        assert_wrapped(log, lines, 100 - GUTTER)
        assert max(len(row) for row in rows(log)) > 40  # the rows use the new width
        assert len(log.lines) < narrow
        assert_newest_shown(log, lines)

        # New lines are written at the new width too.
        lines += numbered_lines(3, first=30)
        log.feed = lines
        await settle(pilot)
        assert_wrapped(log, lines, 100 - GUTTER)
        assert_newest_shown(log, lines)

        await pilot.resize_terminal(24, 8)
        await settle(pilot)
        assert_wrapped(log, lines, 24 - GUTTER)
        assert_newest_shown(log, lines)

        await pilot.resize_terminal(40, 12)
        await settle(pilot)
        assert_wrapped(log, lines, 40 - GUTTER)
        assert_newest_shown(log, lines)


async def test_a_reader_who_scrolled_up_keeps_their_line() -> None:
    app = LogApp()
    lines = numbered_lines(30)
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(LogPane)
        log.feed = lines
        await settle(pilot)
        log.focus()
        for _ in range(40):  # up, until the first row of a line is at the top
            await pilot.press("up")
            await settle(pilot)
            number = drawn(log)[0].split(".")[0]
            if log.scroll_y < log.max_scroll_y - 8 and number.isdigit():
                break
        else:
            raise AssertionError("no line starts at the top")

        await pilot.resize_terminal(70, 14)
        await settle(pilot)
        assert_wrapped(log, lines, 70 - GUTTER)
        assert log.scroll_y < log.max_scroll_y  # not yanked to the end
        assert drawn(log)[0].startswith(f"{number}. ")

        # A new line does not move the reader either; back at the end, the log follows.
        lines += numbered_lines(1, first=30)
        log.feed = lines
        await settle(pilot)
        assert drawn(log)[0].startswith(f"{number}. ")
        for _ in range(40):
            await pilot.press("down")
        await settle(pilot)
        assert_newest_shown(log, lines)
        lines += numbered_lines(2, first=31)
        log.feed = lines
        await settle(pilot)
        assert_newest_shown(log, lines)


async def test_another_seats_log_starts_again_at_the_new_width() -> None:
    app = LogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(LogPane)
        log.feed = numbered_lines(20)
        await settle(pilot)
        await pilot.resize_terminal(60, 12)
        await settle(pilot)
        other = (LogLine("Only Bob may read this.", private=True), *numbered_lines(5))
        log.feed = other
        await settle(pilot)
        assert_wrapped(log, other, 60 - GUTTER)
        assert rows(log)[0] == "Only Bob may read this."


# ----------------------------------------------------------------------------- the game screens


def played_table(game: str) -> Table:
    """Ann against bots, some way into the game (a log of a dozen lines or more)."""
    if game == PERCH:
        table = make_table(PERCH_SOLO, 1, game=PERCH)
    else:
        table = make_table(FOUR, START_SEED, game=game)
    assert play_until(table, lambda t: len(t.log) >= 12)
    return table


def log_text(screen: GameScreen) -> tuple[LogLine, ...]:
    return screen.query_one(LogPane).feed


@pytest.mark.parametrize(
    ("game", "sizes"),
    [
        (PERCH, [(80, 24), (120, 35), (70, 20), (80, 24)]),
        (STOOL, [(80, 24), (60, 18), (120, 35), (80, 24)]),
        ("pigeons", [(80, 24), (60, 18), (120, 40), (80, 24)]),
    ],
)
async def test_the_game_log_follows_the_terminal_size(
    game: str, sizes: list[tuple[int, int]]
) -> None:
    """QA's resizes: at every size the log's rows fit its width, no word is cut, it has
    at least three rows of text inside the screen, and the newest line is in view."""
    app = SceneApp(Scene(played_table(game), scene_settings()))
    async with app.run_test(size=sizes[0]) as pilot:
        await settle(pilot)
        for width, height in sizes:
            await pilot.resize_terminal(width, height)
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            log = screen.query_one(LogPane)
            lines = log_text(screen)
            assert len(lines) >= 12
            text = log.scrollable_content_region
            assert log.wrap_width == text.width == log.outer_size.width - GUTTER
            assert_wrapped(log, lines, text.width)
            assert text.height >= 3, (width, height, text)
            assert text.bottom <= screen.query_one("#board").region.bottom
            assert_newest_shown(log, lines)


async def test_lines_that_come_while_reading_back_are_counted_on_the_border() -> None:
    """Scrolled up, the reader is not moved by new lines, but the lower border counts
    them ("2 new lines: End in log"); End takes them there and the count goes."""
    app = LogApp()
    lines = numbered_lines(30)
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(LogPane)
        log.feed = lines
        await settle(pilot)
        assert log.following and not log.border_subtitle
        lines += numbered_lines(1, first=30)  # followed: nothing to count
        log.feed = lines
        await settle(pilot)
        assert not log.border_subtitle
        log.focus()
        for _ in range(6):
            await pilot.press("up")
        await settle(pilot)
        assert not log.following
        lines += numbered_lines(1, first=31)
        log.feed = lines
        await settle(pilot)
        assert log.border_subtitle == "1 new line: End in log"
        lines += numbered_lines(1, first=32)
        log.feed = lines
        await settle(pilot)
        assert log.border_subtitle == "2 new lines: End in log"
        await pilot.press("end")
        await settle(pilot)
        assert log.following and not log.border_subtitle
        assert_newest_shown(log, lines)
