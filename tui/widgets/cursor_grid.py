"""A board of named positions with a cursor: the arrows move it to the nearest position
on screen in their direction, Enter (or a click, through ``action_pick``) picks the one
under it.  Stool Pigeon's crime scenes and Chat perché's tree are two of them; a game
says how its board is drawn (:meth:`CursorGrid.board_lines`: the lines, and where each
position is on them) and which positions the open decision can pick.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Generic, TypeVar

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from themes import Glyphs
from tui.widgets.pane_messages import PaneChoice

__all__ = ["CursorGrid", "nearest"]

D = TypeVar("D")
"""What the board shows (its data); it has ``usable``: the positions one can pick."""


def nearest(where: Mapping[str, tuple[int, int]], current: str, dx: int, dy: int) -> str | None:
    """The position nearest to ``current`` in the direction (dx, dy) on screen."""
    if current not in where:
        return None
    cx, cy = where[current]
    best: tuple[int, str] | None = None
    for pos, (x, y) in where.items():
        ox, oy = x - cx, y - cy
        ahead = ox * dx + oy * dy  # distance along the arrow
        if ahead <= 0:
            continue
        side = abs(oy) if dx else abs(ox)  # distance across it
        score = ahead + 3 * side if dx else ahead * 3 + side
        if best is None or score < best[0]:
            best = (score, pos)
    return best[1] if best else None


class CursorGrid(Widget, Generic[D], can_focus=True):
    """See the module docstring.  A game's board subclasses it, sets :attr:`WHAT` (the
    word the Pick key's tooltip uses) and implements :meth:`board_lines`, :meth:`usable`
    and, if the cursor may rest on positions that cannot be picked, :meth:`positions`
    and :attr:`MOVE_AMONG_ALL`."""

    WHAT: ClassVar[str] = "position"
    MOVE_AMONG_ALL: ClassVar[bool] = False
    """The arrows go to every position (the cursor may rest on one that cannot be
    picked, to read it), not only to those the decision can pick."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Pick", tooltip="Pick what is under the cursor"),
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
    ]

    class PositionChosen(PaneChoice):
        """The player picked the position ``pos``."""

        def __init__(self, pos: str) -> None:
            super().__init__()
            self.pos = pos

    data: reactive[D | None] = reactive(None)
    cursor: reactive[str | None] = reactive(None)

    def __init__(self, glyphs: Glyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self._where: dict[str, tuple[int, int]] = {}

    # ------------------------------------------------------------------ the game's part

    def board_lines(
        self, data: D, cursor: str | None
    ) -> tuple[list[Content], dict[str, tuple[int, int]]]:
        """The board's lines for ``data`` at this widget's size, and where each position
        is on them (column, row)."""
        raise NotImplementedError

    def usable(self, data: D) -> tuple[str, ...]:
        """The positions the open decision can pick, in key order."""
        raise NotImplementedError

    def positions(self, data: D) -> tuple[str, ...]:
        """Every position the cursor may rest on (by default: the usable ones)."""
        return self.usable(data)

    # ------------------------------------------------------------------ shared

    def watch_data(self, data: D | None) -> None:
        """Keep the cursor on a position; on a usable one when the decision changes."""
        if data is None:
            return
        usable = self.usable(data)
        if usable and self.cursor not in usable:
            self.cursor = usable[0]
        elif self.cursor not in self.positions(data):
            every = self.positions(data)
            self.cursor = every[0] if every else None
        self.refresh_bindings()

    def _lines(self) -> list[Content]:
        if self.data is None:
            self._where = {}
            return []
        cursor = self.cursor if self.usable(self.data) else None  # nothing to pick: no cursor
        lines, self._where = self.board_lines(self.data, cursor)
        return lines

    def render(self) -> Content:
        return Content("\n").join(self._lines())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("select", "move"):
            return self.data is not None and bool(self.usable(self.data))
        return True

    def on_focus(self, _event: events.Focus) -> None:
        self.refresh()

    def on_blur(self, _event: events.Blur) -> None:
        self.refresh()

    def action_move(self, dx: int, dy: int) -> None:
        if self.cursor is None or self.data is None:
            return
        self._lines()
        where = self._where
        if not self.MOVE_AMONG_ALL:
            usable = set(self.usable(self.data))
            where = {p: xy for p, xy in where.items() if p in usable}
        target = nearest(where, self.cursor, dx, dy)
        if target is not None:
            self.cursor = target

    def action_select(self) -> None:
        if self.cursor is not None and self.data is not None and self.usable(self.data):
            self.post_message(self.PositionChosen(self.cursor))

    def action_pick(self, pos: str) -> None:
        """A click on ``pos`` (a link in the board's lines): the cursor goes there and
        it is picked."""
        if self.data is not None and pos in self.positions(self.data):
            self.cursor = pos
            self.focus()
            self.post_message(self.PositionChosen(pos))
