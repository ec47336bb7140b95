"""End-of-game scoring of The Isle of Cats: pure functions over a finished boat.

A boat is described by a :class:`Board` (its tiles as masks of :mod:`shapes`), so the
rules engine can score any state and the tests can score hand-built boats.  Lessons are
scored as COMPONENTS.md 3.5 / 3.6 say; the readings chosen where it is uncertain are in
READINGS.md beside this file.  "Cats" always includes the Oshax of that colour.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.games.isle.components import CARDS, COLOURS, ROOM_LETTERS, ROOM_NAMES
from engine.games.isle.shapes import BOATS, EDGE, ROOMS, dilate, groups

COLOURED = ("cat", "oshax")
TREASURES = ("rare", "common")
RAT_POINTS = -1
ROOM_POINTS = -5
RARE_POINTS = 3


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile on a boat: kind "cat" | "oshax" | "rare" | "common", colour (None for treasures)."""

    kind: str
    colour: str | None
    mask: int


@dataclass(frozen=True, slots=True)
class Board:
    """One player's boat at the end of the game, with what the lessons look at."""

    boat: str
    tiles: tuple[Placed, ...]
    private: tuple[int, ...] = ()  # card ids of the owner's private lessons in play
    baskets: int = 1  # permanent baskets owned (used or not, not discarded)
    fish: int = 0
    first: bool = False  # first in turn order at the end


@dataclass(frozen=True, slots=True)
class ScoreLine:
    label: str
    points: int


def family_points(size: int) -> int:
    """The points of one family of ``size`` tiles: 0, 0, 0, 8, 11, then 5 x (size - 2)."""
    if size < 3:
        return 0
    if size == 3:
        return 8
    if size == 4:
        return 11
    return 5 * (size - 2)


def covered(tiles: Sequence[Placed]) -> int:
    """The union of the tiles' masks."""
    mask = 0
    for tile in tiles:
        mask |= tile.mask
    return mask


def coloured(tiles: Sequence[Placed], colour: str | None = None) -> list[Placed]:
    """The cats and Oshax (of ``colour``, if given)."""
    return [
        t
        for t in tiles
        if t.kind in COLOURED and t.colour is not None and (colour is None or t.colour == colour)
    ]


def families(tiles: Sequence[Placed]) -> list[tuple[str, int]]:
    """(colour, tiles) of every maximal same-colour group of cats and Oshax, any size.

    Room walls do not matter.  Sorted largest first, then by colour (COLOURS' order).
    """
    result: list[tuple[str, int]] = []
    for colour in COLOURS:
        masks = [t.mask for t in coloured(tiles, colour)]
        result.extend((colour, len(group)) for group in groups(masks))
    result.sort(key=lambda f: (-f[1], COLOURS.index(f[0])))
    return result


def lonely(tiles: Sequence[Placed], colour: str | None = None) -> int:
    """How many cats/Oshax (of ``colour``) touch no tile of their own colour by a side."""
    cats = coloured(tiles)
    n = 0
    for i, tile in enumerate(cats):
        if colour is not None and tile.colour != colour:
            continue
        halo = dilate(tile.mask)
        if not any(
            j != i and o.colour == tile.colour and o.mask & halo for j, o in enumerate(cats)
        ):
            n += 1
    return n


def on_edge(tiles: Sequence[Placed], colour: str | None = None) -> int:
    """How many cats/Oshax (of ``colour``) cover at least one edge square."""
    return sum(1 for t in coloured(tiles, colour) if t.mask & EDGE)


def visible_rats(board: Board) -> int:
    return (BOATS[board.boat].rats & ~covered(board.tiles)).bit_count()


def unfilled_rooms(board: Board) -> list[str]:
    """The letters of the rooms with at least one uncovered square, in ROOM_LETTERS' order."""
    cover = covered(board.tiles)
    return [letter for letter in ROOM_LETTERS if ROOMS[letter] & ~cover]


def _count(tiles: Sequence[Placed], kind: str) -> int:
    return sum(1 for t in tiles if t.kind == kind)


def _private_count(board: Board, card_id: int) -> int:
    """The owner's private lessons in play, ``card_id`` included even if not listed."""
    return len(set(board.private) | {card_id})


def _largest(tiles: Sequence[Placed]) -> int:
    fams = families(tiles)
    return fams[0][1] if fams else 0


def _if(condition: bool, points: int) -> int:
    return points if condition else 0


Lesson = Callable[[Board, str | None, Sequence[int]], int]


def _l113(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _if(EDGE & ~covered(b.tiles) == 0, 12)


def _l114(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _if(len(coloured(b.tiles)) == 15, 10)


def _l115(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _if(all(len(coloured(b.tiles, k)) >= 3 for k in COLOURS), 15)


def _l116(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _if(all(on_edge(b.tiles, k) >= 1 for k in COLOURS), 7)


def _l117(b: Board, c: str | None, o: Sequence[int]) -> int:
    if c is not None:
        return on_edge(b.tiles, c)
    return max(on_edge(b.tiles, k) for k in COLOURS)


def _l118(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _if(b.baskets == 3, 7)


def _l119(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _if(b.first, 7)


def _l120(b: Board, c: str | None, o: Sequence[int]) -> int:
    return lonely(b.tiles)


def _l121(b: Board, c: str | None, o: Sequence[int]) -> int:
    mine = _largest(b.tiles)
    return _if(mine >= 1 and all(mine >= other for other in o), 10)


def _l122(b: Board, c: str | None, o: Sequence[int]) -> int:
    return 2 * _count(b.tiles, "rare")


def _l123(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _count(b.tiles, "common")


def _l124(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _if(visible_rats(b) == 0, 10)


def _l125(b: Board, c: str | None, o: Sequence[int]) -> int:
    return 2 * visible_rats(b)


def _l126(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _private_count(b, 126)


def _exactly_five(colour: str) -> Lesson:
    def lesson(b: Board, c: str | None, o: Sequence[int]) -> int:
        return _if(len(coloured(b.tiles, colour)) == 5, 9)

    return lesson


def _l132(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _if(visible_rats(b) == 5, 10)


def _l133(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _if(_private_count(b, 133) == 6, 7)


def _l134(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _if(sum(1 for t in b.tiles if t.kind in TREASURES) == 5, 9)


def _l135(b: Board, c: str | None, o: Sequence[int]) -> int:
    return on_edge(b.tiles) // 2


def _l136(b: Board, c: str | None, o: Sequence[int]) -> int:
    cover = covered(b.tiles)
    return _if(ROOMS["P"] & ~cover == 0 and ROOMS["Q"] & ~cover == 0, 12)


def _l137(b: Board, c: str | None, o: Sequence[int]) -> int:
    cover = covered(b.tiles)
    return _if(not ROOMS["M"] & cover and not ROOMS["N"] & cover, 18)


def _l138(b: Board, c: str | None, o: Sequence[int]) -> int:
    return 4 * sum(1 for _, size in families(b.tiles) if size >= 4)


def _l139(b: Board, c: str | None, o: Sequence[int]) -> int:
    return 3 * _count(b.tiles, "oshax")


def _l140(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _if(not ROOMS["A"] & covered(b.tiles), 15)


def _l141(b: Board, c: str | None, o: Sequence[int]) -> int:
    fams = families(b.tiles)
    return family_points(fams[2][1]) if len(fams) >= 3 else 0


def _l142(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _if(b.fish >= 5, 7)


def _l143(b: Board, c: str | None, o: Sequence[int]) -> int:
    return 2 * on_edge(b.tiles, c) if c else 0


def _l144(b: Board, c: str | None, o: Sequence[int]) -> int:
    return len(coloured(b.tiles, c)) if c else 0


def _l145(b: Board, c: str | None, o: Sequence[int]) -> int:
    return _if(c is not None and len(coloured(b.tiles, c)) >= 3, 5)


def _l146(b: Board, c: str | None, o: Sequence[int]) -> int:
    return 3 * lonely(b.tiles, c) if c else 0


def _l147(b: Board, c: str | None, o: Sequence[int]) -> int:
    return 2 * len(set(b.private))


def _l148(b: Board, c: str | None, o: Sequence[int]) -> int:
    return 2 * _count(b.tiles, "common")


def _l149(b: Board, c: str | None, o: Sequence[int]) -> int:
    if c is None:
        return 0
    halo = 0
    for tile in coloured(b.tiles, c):
        halo |= dilate(tile.mask)
    return sum(1 for t in b.tiles if t.kind in TREASURES and t.mask & halo)


def _l150(b: Board, c: str | None, o: Sequence[int]) -> int:
    cover = covered(b.tiles)
    return 5 * sum(1 for index in BOATS[b.boat].maps.values() if not cover >> index & 1)


LESSONS: dict[int, Lesson] = {
    113: _l113, 114: _l114, 115: _l115, 116: _l116, 117: _l117, 118: _l118, 119: _l119,
    120: _l120, 121: _l121, 122: _l122, 123: _l123, 124: _l124, 125: _l125, 126: _l126,
    127: _exactly_five("blue"), 128: _exactly_five("green"), 129: _exactly_five("purple"),
    130: _exactly_five("red"), 131: _exactly_five("orange"), 132: _l132, 133: _l133,
    134: _l134, 135: _l135, 136: _l136, 137: _l137, 138: _l138, 139: _l139, 140: _l140,
    141: _l141, 142: _l142, 143: _l143, 144: _l144, 145: _l145, 146: _l146, 147: _l147,
    148: _l148, 149: _l149, 150: _l150,
}  # fmt: skip


def lesson_points(
    card_id: int, board: Board, colour: str | None, others_largest: Sequence[int]
) -> int:
    """The points lesson ``card_id`` (113..150) gives ``board``.

    ``colour``: the public lesson's chosen colour (a colour lesson without one scores 0;
    for 117 a given colour replaces the best one).  ``others_largest``: every other
    player's largest family (lesson 121).
    """
    lesson = LESSONS.get(card_id)
    if lesson is None:
        raise ValueError(f"card {card_id} is not a lesson")
    return lesson(board, colour, others_largest)


def largest_family(board: Board) -> int:
    """The size of the board's largest same-colour group (0 with no cat): lesson 121's input."""
    return _largest(board.tiles)


def score(
    board: Board, public: Sequence[tuple[int, str | None]], others_largest: Sequence[int]
) -> list[ScoreLine]:
    """The score lines of ``board``, in the order: rats, rooms, families, rare treasures,
    private lessons, public lessons.

    ``public``: (card id, chosen colour or None) of every public lesson in play.
    """
    rats = visible_rats(board)
    lines = [ScoreLine(f"Rats ({rats} visible)", RAT_POINTS * rats)]
    rooms = unfilled_rooms(board)
    if len(rooms) == len(ROOM_LETTERS):
        lines.append(ScoreLine(f"Rooms not filled: all {len(rooms)}", ROOM_POINTS * len(rooms)))
    elif rooms:
        names = ", ".join(ROOM_NAMES[letter] for letter in rooms)
        lines.append(
            ScoreLine(f"Rooms not filled ({len(rooms)}): {names}", ROOM_POINTS * len(rooms))
        )
    else:
        lines.append(ScoreLine("Rooms: all filled", 0))
    for colour, size in families(board.tiles):
        points = family_points(size)
        if points:
            lines.append(ScoreLine(f"{colour.capitalize()} family of {size}", points))
    rare = _count(board.tiles, "rare")
    lines.append(ScoreLine(f"Rare treasures ({rare})", RARE_POINTS * rare))
    for card_id in board.private:
        points = lesson_points(card_id, board, None, others_largest)
        lines.append(ScoreLine(CARDS[card_id].name, points))
    for card_id, chosen in public:
        points = lesson_points(card_id, board, chosen, others_largest)
        label = CARDS[card_id].name + (f" ({chosen})" if chosen else "")
        lines.append(ScoreLine(label, points))
    return lines


def total(lines: Sequence[ScoreLine]) -> int:
    return sum(line.points for line in lines)
