"""The boat's drawing while a tile is placed: faults marked ``!``, what is under the
tile kept in sight (tui/widgets/boat.py)."""

from __future__ import annotations

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
