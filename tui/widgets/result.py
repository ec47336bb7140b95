"""What a game's presenter gives the game-over screen: the result, worded by the game
(a title, the reason, one section per seat), and the line-flow of a section's items.
Here, beside the widgets, so that presenters never import a screen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.content import Content

ITEM_GAP = 3
"""Spaces between two items of a section (two cards of a revealed hand)."""


@dataclass(frozen=True, slots=True)
class ResultSection:
    """One seat on the game-over screen: a heading, then its items (cards), each kept
    whole on one line."""

    head: Content
    items: tuple[Content, ...] = ()
    empty: str = "(no cards)"
    """What stands for the items when there are none."""

    @property
    def plain(self) -> str:
        """The section as plain text: the heading, then the items on one indented line."""
        body = (" " * ITEM_GAP).join(item.plain for item in self.items) or self.empty
        return f"{self.head.plain}\n    {body}"


@dataclass(frozen=True, slots=True)
class GameResult:
    """What the game-over screen shows (from the public view of a finished game)."""

    title: str
    reason: str
    sections: tuple[Content | ResultSection, ...]
    """One block per seat, drawn one under the other (a plain Content is one paragraph)."""


def flow(items: Sequence[Content], width: int, gap: int = ITEM_GAP) -> list[Content]:
    """``items`` side by side, ``gap`` spaces apart, in lines of at most ``width`` cells:
    a line goes on between two items, never inside one (an item wider than the line
    stands alone on its line).  An item of several lines (a boat) is a block: the
    blocks of a row stand side by side, each padded to its own width."""
    blocks = [item.split("\n") for item in items]
    widths = [max((line.cell_length for line in block), default=0) for block in blocks]
    rows: list[list[int]] = []
    used = 0
    for i, size in enumerate(widths):
        if rows and used + gap + size <= width:
            rows[-1].append(i)
            used += gap + size
        else:
            rows.append([i])
            used = size
    lines: list[Content] = []
    for row in rows:
        height = max(len(blocks[i]) for i in row)
        for y in range(height):
            parts = []
            for n, i in enumerate(row):
                line = blocks[i][y] if y < len(blocks[i]) else Content("")
                last = n == len(row) - 1
                parts.append(line if last else line.pad_right(widths[i] - line.cell_length))
            lines.append(Content(" " * gap).join(parts))
    return lines
