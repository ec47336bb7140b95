"""The boat's drawing while a tile is placed: faults marked ``!``, what is under the
tile kept in sight (tui/widgets/boat.py)."""

from __future__ import annotations

from textual.content import Content

from tui.widgets.boat import BoatData, H, Preview, W, boat_lines

ROW = " " + "." * (W - 2) + " "
COVER = tuple([ROW] * H)
ROOMS = tuple(" " + "a" * 10 + "b" * (W - 12) + " " for _ in range(H))


def _data(preview: Preview, cover: tuple[str, ...] = COVER) -> BoatData:
    return BoatData(
        cover=cover,
        tiles={"T": ("G", "bold")},
        rooms=ROOMS,
        rats=frozenset({(3, 0)}),
        maps={(4, 0): ("r", "bold")},
        preview=preview,
    )


def _row(data: BoatData, y: int = 0) -> str:
    return boat_lines(data)[y].plain


def test_a_legal_tile_keeps_the_rat_and_the_map_under_it_in_sight() -> None:
    row = _row(_data(Preview(((2, 0), (3, 0), (4, 0)), "B", True)))
    assert row[4:10] == "B BxBr"  # (3, 0) a rat, (4, 0) the red map


def test_squares_off_the_hull_or_over_a_tile_are_marked() -> None:
    cover = (" T" + "." * (W - 3) + " ", *COVER[1:])  # a tile at (1, 0)
    row = _row(_data(Preview(((0, 0), (1, 0), (2, 0)), "B", False), cover))
    assert row[0:6] == "!!!!B "


def test_a_tile_touching_nothing_is_on_the_error_colour_with_no_mark() -> None:
    line = boat_lines(_data(Preview(((6, 0),), "B", False)))[0]
    assert line.plain[12:14] == "B "
    assert "$error" in str(next(s.style for s in line.spans if s.start == 12))


def test_rooms_are_outlined_below_as_well_as_at_the_side() -> None:
    """Two columns a square: a square whose lower neighbour is in another room is
    underlined (a wall below), like the bar of a wall at its right; one in the same
    room is not, and neither is a miniature's (one column a square)."""
    rooms = (ROOMS[0].replace("b", "a"), *ROOMS[1:])  # row 0 all a: row 1 below it a|b
    data = BoatData(cover=COVER, tiles={}, rooms=rooms)

    def underlined(line_no: int, col: int, lines: list[Content]) -> bool:
        spans = lines[line_no].spans
        return any("underline" in str(s.style) and s.start <= col < s.end for s in spans)

    wide = boat_lines(data)
    assert underlined(0, 2 * 15, wide)  # (15, 0) is over b: a wall below
    assert not underlined(0, 2 * 5, wide)  # (5, 0) is over a: the same room
    assert not underlined(1, 2 * 15, wide)  # nothing below row 1 differs
    assert wide[1].plain[2 * 10 + 1] == "│"  # (10, 1): the wall to b at its right
    mini = boat_lines(BoatData(cover=COVER, tiles={}, rooms=rooms, wide=False))
    assert not underlined(0, 15, mini)


def test_the_rooms_under_a_tile_are_named_by_their_icons() -> None:
    from tui.games.isle import rooms_under

    assert rooms_under([(5, 3), (4, 3)]) == "rooms: apple, corridor"
    assert rooms_under([(20, 4), (21, 4)]) == "room: parrot"  # the small bow room
    assert rooms_under([(3, 2), (4, 1), (4, 2)]) == "rooms: parrot, moon, corridor"
    assert rooms_under([(0, 0), (-1, 4)]) == ""  # off the hull
