"""The table pane: every seat (name, cards, markers, whose turn) and the piles."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from themes import Glyphs


def fit_name(name: str, width: int) -> str:
    """``name`` in at most ``width`` terminal columns, a "." marking a cut.  Columns,
    not characters: a Chinese or Japanese letter takes two."""
    if cell_len(name) <= width:
        return name
    out: list[str] = []
    used = 0
    for ch in name:
        used += cell_len(ch)
        if used > width - 1:
            break
        out.append(ch)
    return "".join(out) + "."


@dataclass(frozen=True, slots=True)
class SeatRow:
    name: str
    kind: str  # "human", "bot" or "remote"
    cards: int
    missed: int = 0
    turn: bool = False
    deciding: bool = False
    shown: bool = False  # the seat whose private view is on screen
    away: bool = False  # a LAN seat whose player dropped (held, or a bot plays meanwhile)
    tags: tuple[str, ...] = ()  # the game's own words about the seat ("knocked")


@dataclass(frozen=True, slots=True)
class TableInfo:
    rows: tuple[SeatRow, ...]
    piles: str = ""  # the last line: the piles and their sizes, as the game words it
    turn_number: int = 0


class SeatsPane(Static):
    """Renders :class:`TableInfo`: one line per seat, then the piles."""

    info: reactive[TableInfo | None] = reactive(None, layout=True)

    def __init__(self, glyphs: Glyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs

    def on_mount(self) -> None:
        self.border_title = "Table"

    def watch_info(self, info: TableInfo | None) -> None:
        if info is not None and info.turn_number:
            self.border_title = f"Table (turn {info.turn_number})"

    def render(self) -> Content:
        info = self.info
        if info is None:
            return Content("")
        g = self.glyphs
        width = max(10, max((cell_len(r.name) for r in info.rows), default=0))
        width = min(width, 14)
        lines: list[Content] = []
        for row in info.rows:
            turn = (g.turn, "bold $accent") if row.turn else " "
            if row.away:  # a glyph and a word: never colour alone
                kind: str | tuple[str, str] = (g.away, "bold $warning")
            else:
                kind = (g.bot if row.kind == "bot" else g.human, "dim" if row.kind == "bot" else "")
            name = fit_name(row.name, width)
            style = "bold" if row.turn else ""
            parts: list[str | tuple[str, str]] = [
                turn,
                " ",
                kind,
                " ",
                (name + " " * (width - cell_len(name)), style),
                f" {row.cards:>2} card{'s' if row.cards != 1 else ' '}",
            ]
            tags = []
            if row.kind == "bot" and not row.away:
                tags.append("bot")
            if row.shown:
                tags.append("you")
            if row.deciding:
                tags.append("deciding")
            tags.extend(row.tags)
            tail: list[str | tuple[str, str]] = ["  ", (" ".join(tags), "dim")] if tags else []
            # Words where the row has room, shorter ones where it has not (a row that
            # wraps breaks the table's columns): "away (a bot plays)", else "away
            # (bot)"; "⏸ skips a turn", else "⏸1".
            aways: list[str | None] = [None]
            if row.away:
                aways = ["away (a bot plays)", "away (bot)"] if row.kind == "bot" else ["away"]
            markers: list[str | None] = [None]
            if row.missed:
                n = row.missed
                markers = [
                    f"{g.missed} skips {'a turn' if n == 1 else f'{n} turns'}",
                    f"{g.missed}{n}",
                ]
            candidates = []  # longest words first, then the shortest ones closer together
            for gap in ("  ", " "):
                for words in aways:
                    for marker in markers:
                        extra: list[str | tuple[str, str]] = []
                        if marker is not None:
                            extra += [gap, (marker, "bold $warning")]
                        if words is not None:
                            extra += [gap, (words, "bold $warning")]
                        last = [gap, tail[1]] if tail else []
                        candidates.append(Content.assemble(*parts, *extra, *last))
            room = self.size.width
            fits = next((c for c in candidates if c.cell_length <= room), None)
            # Nothing fits (a long name, away, skipping and deciding at once): cut the
            # row short rather than let it wrap and break the table's columns.
            lines.append(fits or candidates[-1].truncate(max(room, 1), ellipsis=True))
        if info.piles:
            lines.append(Content(info.piles))
        return Content("\n").join(lines)
