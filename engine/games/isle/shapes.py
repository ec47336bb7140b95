"""Boat geometry on bitboards: one Python int per boat, one bit per square.

Square (x, y) is bit ``y * STRIDE + x`` with ``STRIDE = W + 1``: column ``W`` is a guard
column that is never part of the hull, so shifting a mask by one square left or right
never wraps a square onto the next row inside the hull.

``x`` = column 0..21 from the stern (left) to the bow (right), ``y`` = row 0..8 from top
to bottom, as in COMPONENTS.md.  A placement is named by (x, y, o): the shape in
orientation ``o`` (see :func:`oriented`), its bounding box's top-left corner on (x, y).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from engine.games.isle.components import BOAT_NAMES, COLOURS, ROOM_LETTERS, SHAPES, load

W, H = 22, 9
STRIDE = W + 1
ORIENTATIONS = 8


def sq(x: int, y: int) -> int:
    """The bit index of square (x, y)."""
    return y * STRIDE + x


def xy(index: int) -> tuple[int, int]:
    """The square (x, y) of a bit index."""
    y, x = divmod(index, STRIDE)
    return x, y


def mask_of(cells: Iterable[tuple[int, int]]) -> int:
    """The mask of the squares ``cells`` (each must be on the 22x9 grid)."""
    mask = 0
    for x, y in cells:
        if not (0 <= x < W and 0 <= y < H):
            raise ValueError(f"square {(x, y)} is off the {W}x{H} grid")
        mask |= 1 << (y * STRIDE + x)
    return mask


def cells_of(mask: int) -> list[tuple[int, int]]:
    """The squares of ``mask``, sorted by (y, x)."""
    cells: list[tuple[int, int]] = []
    while mask:
        low = mask & -mask
        cells.append(xy(low.bit_length() - 1))
        mask ^= low
    return cells


def count(mask: int) -> int:
    """How many squares ``mask`` holds."""
    return mask.bit_count()


GRID: int = mask_of((x, y) for y in range(H) for x in range(W))


def dilate(mask: int) -> int:
    """The squares of the grid sharing a side with ``mask``, not in ``mask``."""
    return ((mask << 1) | (mask >> 1) | (mask << STRIDE) | (mask >> STRIDE)) & GRID & ~mask


# --- the hull, the rooms, the edge -------------------------------------------------------

_BOAT = load("boat.json")


def _hull() -> int:
    cells: list[tuple[int, int]] = []
    for x, height in enumerate(_BOAT["column_heights"]):
        top = (H - height) // 2
        cells.extend((x, y) for y in range(top, top + height))
    return mask_of(cells)


HULL: int = _hull()


def neighbours(mask: int) -> int:
    """Hull squares sharing a side with ``mask``, not in ``mask``."""
    return ((mask << 1) | (mask >> 1) | (mask << STRIDE) | (mask >> STRIDE)) & HULL & ~mask


def _rooms() -> dict[str, int]:
    rooms: dict[str, int] = {}
    rest = HULL
    for room in _BOAT["rooms"]:
        if room["letter"] == "c":
            continue
        rect = mask_of(
            (x, y)
            for x in range(room["x0"], room["x1"] + 1)
            for y in range(room["y0"], room["y1"] + 1)
        )
        rooms[room["letter"]] = rect & HULL
        rest &= ~rect
    rooms["c"] = rest
    return {letter: rooms[letter] for letter in ROOM_LETTERS}


ROOMS: dict[str, int] = _rooms()
# A hull square with at least one side on the outline (a side neighbour outside the hull).
EDGE: int = HULL & ~(HULL & (HULL >> 1) & (HULL << 1) & (HULL >> STRIDE) & (HULL << STRIDE) & GRID)


def room_of(index: int) -> str:
    """The room letter of the hull square ``index``."""
    bit = 1 << index
    for letter, mask in ROOMS.items():
        if mask & bit:
            return letter
    raise ValueError(f"square {xy(index)} is outside the hull")


# --- the four boats ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Boat:
    """One boat: its rat squares (a mask) and each colour's treasure-map square (a bit index)."""

    name: str
    rats: int
    maps: dict[str, int]

    @property
    def map_mask(self) -> int:
        """The mask of the 5 map squares."""
        mask = 0
        for index in self.maps.values():
            mask |= 1 << index
        return mask

    def map_colour(self, index: int) -> str | None:
        """The colour of the map on square ``index``, or None."""
        for colour, where in self.maps.items():
            if where == index:
                return colour
        return None


def _boats() -> dict[str, Boat]:
    boats: dict[str, Boat] = {}
    for raw in _BOAT["boats"]:
        maps = {colour: sq(*raw["maps"][colour]) for colour in COLOURS}
        boats[raw["name"]] = Boat(raw["name"], mask_of(tuple(c) for c in raw["rats"]), maps)
    return {name: boats[name] for name in BOAT_NAMES}


BOATS: dict[str, Boat] = _boats()


# --- orientations and placements ----------------------------------------------------------


def _normalise(cells: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    cells = list(cells)
    x0 = min(x for x, _ in cells)
    y0 = min(y for _, y in cells)
    return tuple(sorted(((x - x0, y - y0) for x, y in cells), key=lambda c: (c[1], c[0])))


_ORIENTED: dict[tuple[str, int], tuple[tuple[int, int], ...]] = {}


def oriented(shape_id: str, o: int) -> tuple[tuple[int, int], ...]:
    """The cells of ``shape_id`` in orientation ``o`` (0..7), sorted by (y, x).

    Mirrored left-right first if ``o >= 4``, then turned clockwise ``o % 4`` quarter turns;
    normalised so that min x = min y = 0.
    """
    key = (shape_id, o)
    cached = _ORIENTED.get(key)
    if cached is not None:
        return cached
    if not 0 <= o < ORIENTATIONS:
        raise ValueError(f"orientation must be 0..7, not {o}")
    cells = list(SHAPES[shape_id].cells)
    if o >= 4:
        width = max(x for x, _ in cells) + 1
        cells = [(width - 1 - x, y) for x, y in cells]
    for _ in range(o % 4):
        height = max(y for _, y in cells) + 1
        cells = [(height - 1 - y, x) for x, y in cells]  # clockwise, y pointing down
    result = _normalise(cells)
    _ORIENTED[key] = result
    return result


_DISTINCT: dict[str, tuple[int, ...]] = {}


def distinct_orientations(shape_id: str) -> tuple[int, ...]:
    """The orientations giving distinct cell sets (the first ``o`` of each)."""
    cached = _DISTINCT.get(shape_id)
    if cached is not None:
        return cached
    seen: set[tuple[tuple[int, int], ...]] = set()
    result = []
    for o in range(ORIENTATIONS):
        cells = oriented(shape_id, o)
        if cells not in seen:
            seen.add(cells)
            result.append(o)
    _DISTINCT[shape_id] = tuple(result)
    return _DISTINCT[shape_id]


@cache  # a few thousand of them; looked up for every tile of every boat in a view
def placement(shape_id: str, x: int, y: int, o: int) -> int | None:
    """The mask of ``shape_id`` in orientation ``o`` with its box's corner on (x, y).

    None if any square would be off the grid or outside the hull.
    """
    cells = oriented(shape_id, o)
    width = max(cx for cx, _ in cells) + 1
    height = max(cy for _, cy in cells) + 1
    if x < 0 or y < 0 or x + width > W or y + height > H:
        return None
    mask = mask_of((x + cx, y + cy) for cx, cy in cells)
    return mask if mask & ~HULL == 0 else None


Placement = tuple[int, int, int, int]  # (x, y, o, mask)
_TABLES: dict[str, tuple[Placement, ...]] = {}


def placements(shape_id: str) -> tuple[Placement, ...]:
    """Every placement of ``shape_id`` inside the empty hull, one per distinct mask.

    Ordered by orientation, then y, then x; computed once per shape.
    """
    table = _TABLES.get(shape_id)
    if table is not None:
        return table
    entries: list[Placement] = []
    for o in distinct_orientations(shape_id):
        cells = oriented(shape_id, o)
        width = max(cx for cx, _ in cells) + 1
        height = max(cy for _, cy in cells) + 1
        base = mask_of(cells)
        for y in range(H - height + 1):
            for x in range(W - width + 1):
                mask = base << (y * STRIDE + x)
                if mask & ~HULL == 0:
                    entries.append((x, y, o, mask))
    _TABLES[shape_id] = table = tuple(entries)
    return table


def legal_placements(shape_id: str, occupied: int, anywhere: bool = False) -> list[Placement]:
    """Every legal placement (x, y, o, mask) of ``shape_id`` on a boat covered by ``occupied``.

    Inside the hull, on free squares, sharing a side with ``occupied`` unless the boat is
    empty or ``anywhere``; one entry per distinct mask, in the order of :func:`placements`.
    """
    table = placements(shape_id)
    if occupied == 0:
        return list(table)
    if anywhere:
        return [p for p in table if not p[3] & occupied]
    touch = neighbours(occupied)
    return [p for p in table if p[3] & touch and not p[3] & occupied]


def can_place(shape_id: str, occupied: int, anywhere: bool = False) -> bool:
    """Whether :func:`legal_placements` would give at least one placement (stops at the first)."""
    table = placements(shape_id)
    if occupied == 0:
        return bool(table)
    if anywhere:
        return any(not p[3] & occupied for p in table)
    touch = neighbours(occupied)
    return any(p[3] & touch and not p[3] & occupied for p in table)


def is_legal(mask: int, occupied: int, anywhere: bool = False) -> bool:
    """Whether a tile covering ``mask`` may be put on a boat covered by ``occupied``."""
    if mask == 0 or mask & ~HULL or mask & occupied:
        return False
    return occupied == 0 or anywhere or bool(mask & neighbours(occupied))


def groups(masks: list[int]) -> list[list[int]]:
    """The indices of ``masks`` joined side by side (connected components).

    Each group is sorted; groups are ordered by their first index.
    """
    n = len(masks)
    halos = [dilate(m) for m in masks]
    seen = [False] * n
    result: list[list[int]] = []
    for start in range(n):
        if seen[start]:
            continue
        seen[start] = True
        group = [start]
        stack = [start]
        while stack:
            i = stack.pop()
            halo = halos[i]
            for j in range(n):
                if not seen[j] and masks[j] & halo:
                    seen[j] = True
                    group.append(j)
                    stack.append(j)
        result.append(sorted(group))
    return result


def render(layers: dict[str, int], blank: str = ".") -> list[str]:
    """The hull as text rows (for tests and debugging): each layer's letter on its squares."""
    rows = []
    for y in range(H):
        row = []
        for x in range(W):
            bit = 1 << (y * STRIDE + x)
            ch = " " if not HULL & bit else blank
            for letter, mask in layers.items():
                if mask & bit:
                    ch = letter
            row.append(ch)
        rows.append("".join(row).rstrip())
    return rows
