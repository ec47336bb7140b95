"""The table pane's rows: the Miss a Turn marker says what it is where there is room."""

from __future__ import annotations

from textual.app import App, ComposeResult

from themes import ASCII_GLYPHS, TEXT_GLYPHS
from tui.widgets import SeatsPane
from tui.widgets.seats import SeatRow, TableInfo

ROWS = (
    SeatRow("Ann", "human", 7, turn=True, deciding=True),
    SeatRow("Bea", "bot", 8, missed=1),
    SeatRow("Cal", "human", 6, missed=2, shown=True),
)


class PaneApp(App[None]):
    CSS = "SeatsPane { width: auto; max-width: 100%; }"

    def __init__(self, width: int, ascii: bool = False) -> None:
        super().__init__()
        self.pane_width = width
        self.glyphs = ASCII_GLYPHS if ascii else TEXT_GLYPHS

    def compose(self) -> ComposeResult:
        pane = SeatsPane(self.glyphs)
        pane.styles.width = self.pane_width
        yield pane


async def rows_at(width: int, *, ascii: bool = False) -> list[str]:
    app = PaneApp(width, ascii)
    async with app.run_test(size=(80, 10)) as pilot:
        pane = app.query_one(SeatsPane)
        pane.info = TableInfo(ROWS)
        await pilot.pause()
        return [line.rstrip() for line in pane.render().plain.splitlines()]


async def test_the_missed_turns_marker_says_what_it_is_where_there_is_room() -> None:
    rows = await rows_at(60)
    assert rows[1].endswith("8 cards  ⏸ skips a turn  bot")
    assert rows[2].endswith("6 cards  ⏸ skips 2 turns  you")
    assert "skips" not in rows[0]  # no marker: no words


async def test_a_narrow_pane_keeps_the_short_marker_on_one_line() -> None:
    rows = await rows_at(34)
    assert len(rows) == 3  # nothing wraps
    assert rows[1].endswith("8 cards  ⏸1  bot")
    assert rows[2].endswith("6 cards  ⏸2  you")
    rows = await rows_at(60, ascii=True)
    assert rows[1].endswith("8 cards  || skips a turn  bot")


async def test_an_away_seat_says_so_in_words_that_fit_its_row() -> None:
    """QA: at 80x24 "away (a bot plays)" wrapped onto a line of its own and broke the
    table's columns; where the row has no room it says "away (bot)"."""
    rows = (
        SeatRow("Ann", "human", 7, turn=True, deciding=True),
        SeatRow("Bob", "bot", 8, away=True, deciding=True),
        SeatRow("Cleo", "human", 6, away=True),
    )
    for width, words in ((60, "away (a bot plays)"), (52, "away (bot)")):
        app = PaneApp(width)
        async with app.run_test(size=(80, 10)) as pilot:
            pane = app.query_one(SeatsPane)
            pane.info = TableInfo(rows)
            await pilot.pause()
            lines = [line.rstrip() for line in pane.render().plain.splitlines()]
            inner = pane.size.width
        assert len(lines) == 3 and all(len(line) <= inner for line in lines)
        assert lines[1].endswith(f"8 cards  {words}  deciding")
        assert lines[2].endswith("6 cards  away")


async def test_an_away_seat_that_skips_a_turn_and_is_deciding_stays_on_one_line() -> None:
    """QA (issue 22, LAN at 80x24): Ann dropped while Tom's Pluck on her was open and
    she had a Miss a Turn pending; Bob's table pane showed "… Ann  6 cards  ⏸1  away"
    and "deciding" wrapped onto a line of its own (the shortest words were one cell
    too long), pushing the draw pile down.  The table pane is 46 cells wide there: 42
    inside its border and padding."""
    rows = (
        SeatRow("Ann", "human", 6, away=True, deciding=True, missed=1),
        SeatRow("Bob", "human", 7, deciding=True, shown=True),
        SeatRow("Tom", "bot", 6, turn=True),
    )
    for name in ("Ann", "Annabelle-Marie"):  # the longest name the pane keeps (14)
        app = PaneApp(42)
        async with app.run_test(size=(80, 10)) as pilot:
            pane = app.query_one(SeatsPane)
            pane.info = TableInfo((SeatRow(name, *_rest(rows[0])), *rows[1:]))
            await pilot.pause()
            lines = [line.rstrip() for line in pane.render().plain.splitlines()]
            inner = pane.size.width
        assert len(lines) == 3 and all(len(line) <= inner for line in lines), lines
        assert "away" in lines[0] and "⏸" in lines[0]
        if name == "Ann":
            assert lines[0].endswith("away deciding"), lines[0]


def _rest(row: SeatRow) -> tuple[object, ...]:
    import dataclasses

    return tuple(getattr(row, f.name) for f in dataclasses.fields(row))[1:]
