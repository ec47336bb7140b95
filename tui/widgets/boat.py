"""A boat of The Isle of Cats, square by square, with a tile to place that follows a cursor.

The widget draws a :class:`BoatData` (plain data a presenter made from a view): every
square of the 22x9 grid, two columns per square when :attr:`BoatData.wide` (one
otherwise).  Outside the hull nothing is drawn; an uncovered square is a dot, shaded
by its room (the corridor unshaded); with two columns a square, the rooms are
outlined: a wall mark where the next square is in another room, an underline where
the square below is; a rat is ``x``, a treasure map the lower-case letter of its colour (so
``r`` is the red map).  A covered square shows its tile: a cat (or an Oshax) by the
upper-case letter of its colour (B G R P O) on that colour, a rare treasure ``*``, a
common one ``+``: colour is never the only signal.

While a tile is being placed (:attr:`BoatData.preview`), the squares where it could go
in its current orientation are marked, and the tile itself is drawn at the cursor, on
the accent colour where it may stand, a square at fault (off the hull, over a tile)
``!`` on the error colour; with two columns a square, what lies under it (a rat, a
map, a wall) stays in sight in the second.  The keys only say what the player wants
(move, turn, flip, place): the widget posts
:class:`BoatView.Nudge` (a display preference: the presenter moves its cursor) and
:class:`BoatView.PlaceChosen` (a :class:`PaneChoice`: the presenter answers).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.pane_messages import PaneChoice, PaneSetting

__all__ = ["BoatData", "BoatView", "Preview", "boat_lines"]

W, H = 22, 9
Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Preview:
    """The tile being placed, at the cursor."""

    cells: tuple[Square, ...]
    """The squares it would cover (any may be off the hull)."""
    char: str
    """Its letter (B G R P O) or treasure mark (* +)."""
    legal: bool


@dataclass(frozen=True, slots=True)
class BoatData:
    """What a boat shows: see the module docstring."""

    cover: tuple[str, ...]
    """9 rows of 22: ``" "`` outside the hull, ``"."`` uncovered, else a tile's key."""
    tiles: Mapping[str, tuple[str, str]]
    """A tile's key -> (its character, its style)."""
    rooms: tuple[str, ...]
    """9 rows of 22: each hull square's room letter (``c`` the corridor), else ``" "``."""
    rats: frozenset[Square] = frozenset()
    maps: Mapping[Square, tuple[str, str]] = field(default_factory=dict)
    """A map's square -> (its letter, its style)."""
    preview: Preview | None = None
    legal: frozenset[Square] = frozenset()
    """Squares some legal placement in the current orientation covers."""
    wide: bool = True
    """Two columns per square (else one)."""
    ascii: bool = False


ROOM_SHADES = ("on $panel", "on $boost")


def boat_lines(data: BoatData, *, focused: bool = True) -> list[Content]:
    """The boat as lines of text (9 of them)."""
    dot, wall, mark = (".", "|", ":") if data.ascii else ("·", "│", "•")
    room_order = sorted({ch for row in data.rooms for ch in row if ch not in " c"})
    shade = {r: ROOM_SHADES[i % 2] for i, r in enumerate(room_order)}
    shade["c"] = ""
    shade[" "] = ""
    preview = data.preview
    over = set(preview.cells) if preview is not None else set()
    # Whether some square of the tile is at fault (then only those show it).
    faults = preview is not None and any(
        not (0 <= cx < W and 0 <= cy < H) or data.cover[cy][cx] != "." for cx, cy in preview.cells
    )
    lines: list[Content] = []
    for y in range(H):
        parts: list[tuple[str, str]] = []
        for x in range(W):
            key = data.cover[y][x]
            room = data.rooms[y][x]
            if (x, y) in over and preview is not None:
                parts += _ghost_square(data, preview, x, y, wall, faults=faults, focused=focused)
                continue
            if key == " ":
                parts.append(("  " if data.wide else " ", ""))
                continue
            right_room = data.rooms[y][x + 1] if x + 1 < W else " "
            below_room = data.rooms[y + 1][x] if y + 1 < H else " "
            second = ""
            # Two columns a square: a wall to the next room is drawn, at the right as
            # a bar, below as an underline (so rooms are outlined, not shaded only).
            under = ""
            if data.wide:
                second = wall if right_room not in (" ", room) else " "
                under = " underline" if below_room not in (" ", room) else ""
            if key == ".":
                bg = shade.get(room, "") + under
                if (x, y) in data.rats:
                    char, style = "x", "bold $error"
                elif (x, y) in data.maps:
                    char, style = data.maps[(x, y)]
                elif (x, y) in data.legal:
                    char, style = mark, "$success"
                else:
                    char, style = dot, "$text-muted"
                if (x, y) in data.legal:
                    bg = "on $success 25%" + under
                parts.append((char, f"{style} {bg}".strip()))
                if second:
                    parts.append((second, f"$text-muted {bg}".strip()))
                continue
            char, style = data.tiles.get(key, ("?", "bold"))
            parts.append((char + second, style + under))
        lines.append(Content.assemble(*parts))
    return lines


def _ghost_square(
    data: BoatData, preview: Preview, x: int, y: int, wall: str, *, faults: bool, focused: bool
) -> list[tuple[str, str]]:
    """A square of the tile being placed.  A square at fault (off the hull, or over a
    tile) is ``!`` on the error colour, so that an illegal position does not rest on
    the error colour alone (a red cat's is near it); the other squares show the tile's
    letter on the accent colour (all on the error colour when the fault is the whole
    tile's: not touching).  Two columns a square: the second keeps what is under the
    tile in sight: a rat's ``x``, a map's letter, else the wall.  ``faults``: whether
    some square of the tile is at fault."""
    fault = data.cover[y][x] != "."
    dim = "" if focused else " dim"
    if fault:
        char, style = "!", "bold $text on $error"
    elif preview.legal or faults:
        char, style = preview.char, "bold $background on $accent"
    else:
        char, style = preview.char, "bold $text on $error"
    out = [(char, style + dim)]
    if not data.wide:
        return out
    under, under_style = " ", style
    if fault:
        under = "!"
    elif (x, y) in data.rats:
        under = "x"
    elif (x, y) in data.maps:
        under = data.maps[(x, y)][0]
    elif x + 1 < W and data.rooms[y][x + 1] not in (" ", data.rooms[y][x]):
        under = wall
    out.append((under, under_style + dim))
    return out


class BoatView(Widget, can_focus=True):
    """One boat; with a tile to place, the keys move it (see the module docstring)."""

    keys_where = "your boat"
    """Where the keys screen (?) says its keys work."""

    DEFAULT_CSS = """
    BoatView { width: auto; height: auto; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "place", "Place", tooltip="Place the tile where it is"),
        Binding("left", "nudge(-1, 0, 0)", "Move", key_display="↔↕", tooltip="Move the tile"),
        Binding("right", "nudge(1, 0, 0)", "Move right", show=False),
        Binding("up", "nudge(0, -1, 0)", "Move up", show=False),
        Binding("down", "nudge(0, 1, 0)", "Move down", show=False),
        Binding("r", "nudge(0, 0, 1)", "Turn", tooltip="Turn the tile a quarter clockwise"),
        Binding("f", "nudge(0, 0, 4)", "Flip", tooltip="Mirror the tile"),
    ]

    class Nudge(PaneSetting):
        """Move the tile by (dx, dy) squares; ``turn``: 1 a quarter turn, 4 a flip."""

        def __init__(self, dx: int, dy: int, turn: int) -> None:
            super().__init__()
            self.dx = dx
            self.dy = dy
            self.turn = turn

    class PlaceChosen(PaneChoice):
        """The player wants the tile where the cursor has it."""

    data: reactive[BoatData | None] = reactive(None, layout=True)

    def render(self) -> Content:
        if self.data is None:
            return Content("")
        return Content("\n").join(boat_lines(self.data, focused=self.has_focus))

    def get_content_width(self, container: object, viewport: object) -> int:
        wide = self.data.wide if self.data is not None else True
        return W * (2 if wide else 1)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return H

    def watch_data(self, _data: BoatData | None) -> None:
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("place", "nudge"):
            return self.data is not None and self.data.preview is not None
        return True

    def on_focus(self, _event: events.Focus) -> None:
        self.refresh()

    def on_blur(self, _event: events.Blur) -> None:
        self.refresh()

    def action_nudge(self, dx: int, dy: int, turn: int) -> None:
        if self.data is not None and self.data.preview is not None:
            self.post_message(self.Nudge(dx, dy, turn))

    def action_place(self) -> None:
        if self.data is not None and self.data.preview is not None:
            self.post_message(self.PlaceChosen())
