"""End-of-game scoring on hand-built boats: families, rats, rooms, treasures, every lesson."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from engine.games.isle import scoring as sc
from engine.games.isle.components import CARDS, COLOURS
from engine.games.isle.scoring import Board, Placed, ScoreLine
from engine.games.isle.shapes import BOATS, EDGE, HULL, ROOMS, mask_of, placement, sq


def cat(colour: str, x: int, y: int, kind: str = "cat") -> Placed:
    """A one-square coloured tile (scoring looks only at masks)."""
    return Placed(kind, colour, mask_of([(x, y)]))


def row(colour: str, x0: int, y: int, n: int) -> list[Placed]:
    """``n`` one-square cats side by side from (x0, y) to the right."""
    return [cat(colour, x0 + i, y) for i in range(n)]


def treasure(kind: str, *cells: tuple[int, int]) -> Placed:
    return Placed(kind, None, mask_of(cells))


def cover(mask: int, kind: str = "common") -> Placed:
    return Placed(kind, None, mask)


def board(*tiles: Placed | list[Placed], boat: str = "blue", **kw: object) -> Board:
    flat: list[Placed] = []
    for t in tiles:
        flat.extend(t if isinstance(t, list) else [t])
    return Board(boat, tuple(flat), **kw)  # type: ignore[arg-type]


def by_label(lines: Sequence[ScoreLine], start: str) -> list[ScoreLine]:
    return [line for line in lines if line.label.startswith(start)]


# --- families ------------------------------------------------------------------------------


def test_family_points() -> None:
    assert [sc.family_points(n) for n in range(1, 11)] == [0, 0, 8, 11, 15, 20, 25, 30, 35, 40]
    assert sc.family_points(0) == 0


@pytest.mark.parametrize("size", range(1, 9))
def test_family_sizes(size: int) -> None:
    b = board(row("blue", 2, 4, size))
    assert sc.families(b.tiles) == [("blue", size)]
    lines = by_label(sc.score(b, [], []), "Blue family")
    expected = [0, 0, 8, 11, 15, 20, 25, 30][size - 1]
    if expected:
        assert lines == [ScoreLine(f"Blue family of {size}", expected)]
    else:
        assert lines == []


def test_real_shapes_form_a_family() -> None:
    a = placement("C13", 8, 3, 0)  # the plus, centred on (9, 4)
    b = placement("C16", 11, 4, 1)  # an I lying from (11, 4) to (15, 4): touches (10, 4)
    c = placement("C15", 1, 5, 0)  # far away
    assert a and b and c
    tiles = [Placed("cat", "red", a), Placed("cat", "red", b), Placed("cat", "red", c)]
    assert sc.families(tiles) == [("red", 2), ("red", 1)]


def test_a_family_across_a_room_wall_is_one_family() -> None:
    # (3, 4) is in the stern room, (4, 4) in the corridor, (5, 4) in the dining room
    assert ROOMS["P"] >> sq(3, 4) & 1 and ROOMS["c"] >> sq(4, 4) & 1 and ROOMS["A"] >> sq(5, 4) & 1
    b = board(row("green", 3, 4, 3))
    assert sc.families(b.tiles) == [("green", 3)]
    assert ScoreLine("Green family of 3", 8) in sc.score(b, [], [])


def test_oshax_joins_a_family_by_its_colour() -> None:
    blues = [cat("blue", 5, 4), cat("blue", 7, 4)]
    assert sc.families([*blues, cat("blue", 6, 4, kind="oshax")]) == [("blue", 3)]
    assert sc.families([*blues, cat("red", 6, 4, kind="oshax")]) == [
        ("blue", 1),
        ("blue", 1),
        ("red", 1),
    ]


def test_two_families_of_one_colour_and_diagonals() -> None:
    b = board(row("orange", 2, 4, 3), row("orange", 8, 4, 4), cat("orange", 12, 5))
    assert sc.families(b.tiles) == [("orange", 4), ("orange", 3), ("orange", 1)]
    lines = by_label(sc.score(b, [], []), "Orange family")
    assert lines == [ScoreLine("Orange family of 4", 11), ScoreLine("Orange family of 3", 8)]


def test_other_colours_and_treasures_do_not_join() -> None:
    tiles = [*row("blue", 2, 4, 2), cat("red", 4, 4), treasure("common", (5, 4)), cat("blue", 6, 4)]
    assert sc.families(tiles) == [("blue", 2), ("blue", 1), ("red", 1)]


# --- rats, rooms, rare treasures, the order of the lines -------------------------------------


def test_rats_visible_and_covered() -> None:
    assert sc.score(board(), [], [])[0] == ScoreLine("Rats (19 visible)", -19)
    b = board(treasure("common", (0, 5)), treasure("common", (1, 5)))  # two blue-boat rats
    assert sc.score(b, [], [])[0] == ScoreLine("Rats (17 visible)", -17)
    assert sc.score(board(cover(HULL)), [], [])[0] == ScoreLine("Rats (0 visible)", 0)
    # a map square is no rat
    assert sc.visible_rats(board(cover(BOATS["blue"].map_mask))) == 19


def test_each_boat_has_its_own_rats() -> None:
    tile = treasure("common", (0, 4))  # a rat on the green and red boats, not on blue
    assert sc.visible_rats(board(tile)) == 19
    assert sc.visible_rats(board(tile, boat="green")) == 18
    assert sc.visible_rats(board(tile, boat="red")) == 18


def test_rooms_full_partly_empty() -> None:
    assert sc.score(board(), [], [])[1] == ScoreLine("Rooms not filled: all 7", -35)
    assert sc.unfilled_rooms(board()) == ["P", "M", "N", "A", "K", "Q", "c"]
    # the small bow room filled, the big bow room partly
    b = board(cover(ROOMS["Q"]), cover(ROOMS["K"] & ~mask_of([(16, 4)])))
    assert sc.unfilled_rooms(b) == ["P", "M", "N", "A", "K", "c"]
    assert sc.score(b, [], [])[1] == ScoreLine(
        "Rooms not filled (6): stern captain's room (parrot), upper bedroom (moon), "
        "lower bedroom (moon), dining room (apple), big bow room (corn), corridor",
        -30,
    )
    # everything but one corridor square: the corridor counts as a room
    hole = mask_of([(12, 4)])
    b = board(cover(HULL & ~hole))
    assert sc.unfilled_rooms(b) == ["c"]
    assert sc.score(b, [], [])[1] == ScoreLine("Rooms not filled (1): corridor", -5)
    assert sc.score(board(cover(HULL)), [], [])[1] == ScoreLine("Rooms: all filled", 0)


def test_rare_treasures() -> None:
    b = board(
        treasure("rare", (2, 4), (3, 4)), treasure("rare", (5, 4)), treasure("common", (7, 4))
    )
    assert by_label(sc.score(b, [], []), "Rare") == [ScoreLine("Rare treasures (2)", 6)]
    assert by_label(sc.score(board(), [], []), "Rare") == [ScoreLine("Rare treasures (0)", 0)]


def test_lines_in_order_and_total() -> None:
    b = board(row("blue", 2, 4, 3), treasure("rare", (10, 4)), private=(124, 139))
    lines = sc.score(b, [(144, "blue"), (150, None)], [2])
    labels = [line.label for line in lines]
    assert labels == [
        "Rats (19 visible)",
        "Rooms not filled: all 7",
        "Blue family of 3",
        "Rare treasures (1)",
        CARDS[124].name,
        CARDS[139].name,
        f"{CARDS[144].name} (blue)",
        CARDS[150].name,
    ]
    assert [line.points for line in lines] == [-19, -35, 8, 3, 0, 0, 3, 25]
    assert sc.total(lines) == -19 - 35 + 8 + 3 + 3 + 25


def test_not_a_lesson() -> None:
    with pytest.raises(ValueError):
        sc.lesson_points(112, board(), None, [])


# --- every lesson ---------------------------------------------------------------------------

# row 4's squares x = 1..20 are inside (no edge); EDGE_SPACED are edge squares
assert not any(EDGE >> sq(x, 4) & 1 for x in range(1, 21))


def spaced(colours: Sequence[str], y: int = 4, x0: int = 1, kind: str = "cat") -> list[Placed]:
    """One-square tiles two squares apart (none touching), in the given colours."""
    return [cat(colour, x0 + 2 * i, y, kind) for i, colour in enumerate(colours)]


EDGE_SPACED = [(7, 0), (9, 0), (11, 0), (13, 0), (4, 1), (6, 1), (0, 3), (0, 5)]


def on_edge(colours: Sequence[str]) -> list[Placed]:
    """One-square tiles on edge squares, none touching another."""
    return [cat(colour, *EDGE_SPACED[i]) for i, colour in enumerate(colours)]


def fifteen(n: int = 15) -> list[Placed]:
    """n cats in rows 2..6 (3 of each colour for n = 15), none touching another."""
    squares = [(x, y) for y in (2, 4, 6) for x in range(2, 17, 2)]
    return [cat(COLOURS[i % 5], *squares[i]) for i in range(n)]


def rats_covered(boat: str, keep: int) -> Placed:
    """A treasure covering all rats of ``boat`` but ``keep`` of them."""
    rats = BOATS[boat].rats
    for _ in range(keep):
        rats &= rats - 1
    return cover(rats)


@dataclass
class Case:
    card: int
    board: Board
    expected: int
    colour: str | None = None
    others: Sequence[int] = field(default_factory=list)


FIVE_OF = {127: "blue", 128: "green", 129: "purple", 130: "red", 131: "orange"}

CASES: list[tuple[str, Case]] = [
    ("113 edge covered", Case(113, board(cover(EDGE)), 12)),
    ("113 one edge square open", Case(113, board(cover(EDGE & ~mask_of([(0, 4)]))), 0)),
    ("114 fifteen", Case(114, board(fifteen(14), cat("red", 20, 4, "oshax")), 10)),
    ("114 fourteen", Case(114, board(fifteen(14)), 0)),
    ("114 sixteen", Case(114, board(fifteen(15), cat("red", 20, 4)), 0)),
    ("115 three of each", Case(115, board(fifteen(15)), 15)),
    ("115 one short", Case(115, board(fifteen(14)), 0)),
    ("116 every colour on the edge", Case(116, board(on_edge(COLOURS)), 7)),
    (
        "116 one colour inside",
        Case(116, board(on_edge(COLOURS[:4]), cat("orange", 5, 4)), 0),
    ),
    ("117 best colour", Case(117, board(on_edge(["blue", "red", "blue", "blue"])), 3)),
    ("117 nobody on the edge", Case(117, board(spaced(COLOURS)), 0)),
    ("118 three baskets", Case(118, board(baskets=3), 7)),
    ("118 two baskets", Case(118, board(baskets=2), 0)),
    ("118 four baskets", Case(118, board(baskets=4), 0)),
    ("119 first", Case(119, board(first=True), 7)),
    ("119 not first", Case(119, board(first=False), 0)),
    (
        "120 lonely cats",
        Case(120, board(row("blue", 1, 4, 2), cat("red", 3, 4), cat("green", 9, 4, "oshax")), 2),
    ),
    ("120 nobody lonely", Case(120, board(row("blue", 1, 4, 2)), 0)),
    ("121 largest, with a tie", Case(121, board(row("blue", 1, 4, 4)), 10, others=[4, 2])),
    ("121 someone larger", Case(121, board(row("blue", 1, 4, 4)), 0, others=[5])),
    ("121 no cat", Case(121, board(), 0, others=[0])),
    ("122 two rare", Case(122, board(treasure("rare", (1, 4)), treasure("rare", (3, 4))), 4)),
    ("122 only common", Case(122, board(treasure("common", (1, 4))), 0)),
    (
        "123 three common",
        Case(
            123, board([treasure("common", (x, 4)) for x in (1, 3, 5)], treasure("rare", (7, 4))), 3
        ),
    ),
    ("123 only rare", Case(123, board(treasure("rare", (1, 4))), 0)),
    ("124 no visible rat", Case(124, board(rats_covered("blue", 0)), 10)),
    ("124 one visible rat", Case(124, board(rats_covered("blue", 1)), 0)),
    ("125 nineteen rats", Case(125, board(), 38)),
    ("125 no visible rat", Case(125, board(rats_covered("blue", 0)), 0)),
    ("126 three lessons", Case(126, board(private=(113, 126, 142)), 3)),
    ("126 itself only", Case(126, board(private=(126,)), 1)),
    ("132 five rats", Case(132, board(rats_covered("red", 5), boat="red"), 10)),
    ("132 six rats", Case(132, board(rats_covered("red", 6), boat="red"), 0)),
    ("133 six lessons", Case(133, board(private=(113, 114, 115, 116, 117, 133)), 7)),
    ("133 five lessons", Case(133, board(private=(113, 114, 115, 116, 133)), 0)),
    (
        "134 five treasures",
        Case(
            134,
            board(
                [treasure("common", (x, 4)) for x in (1, 3, 5)],
                [treasure("rare", (x, 4)) for x in (7, 9)],
            ),
            9,
        ),
    ),
    ("134 four treasures", Case(134, board([treasure("common", (x, 4)) for x in (1, 3, 5, 7)]), 0)),
    ("135 five on the edge", Case(135, board(on_edge(COLOURS), cat("blue", 5, 4)), 2)),
    ("135 one on the edge", Case(135, board(cat("blue", 7, 0), cat("blue", 5, 4)), 0)),
    ("136 both parrot rooms", Case(136, board(cover(ROOMS["P"]), cover(ROOMS["Q"])), 12)),
    ("136 only the stern", Case(136, board(cover(ROOMS["P"])), 0)),
    ("137 moons empty", Case(137, board(cover(ROOMS["A"] | ROOMS["c"])), 18)),
    ("137 one square in a moon room", Case(137, board(treasure("common", (4, 7))), 0)),
    (
        "138 two big families",
        Case(138, board(row("blue", 1, 4, 4), row("blue", 6, 4, 5), row("red", 12, 4, 3)), 8),
    ),
    ("138 only families of 3", Case(138, board(row("blue", 1, 4, 3), row("red", 5, 4, 3)), 0)),
    ("139 two Oshax", Case(139, board(cat("blue", 1, 4, "oshax"), cat("red", 3, 4, "oshax")), 6)),
    ("139 no Oshax", Case(139, board(cat("blue", 1, 4)), 0)),
    ("140 dining room empty", Case(140, board(cover(ROOMS["P"] | ROOMS["c"])), 15)),
    ("140 one square in it", Case(140, board(treasure("common", (6, 4))), 0)),
    (
        "141 third family of 3",
        Case(141, board(row("blue", 1, 4, 5), row("red", 7, 4, 4), row("green", 12, 4, 3)), 8),
    ),
    (
        "141 third family of 4, tied",
        Case(141, board(row("blue", 1, 4, 5), row("red", 7, 4, 4), row("green", 12, 4, 4)), 11),
    ),
    (
        "141 third group of 1",
        Case(141, board(row("blue", 1, 4, 5), row("red", 7, 4, 4), cat("green", 12, 4)), 0),
    ),
    ("141 only two groups", Case(141, board(row("blue", 1, 4, 5), row("red", 7, 4, 4)), 0)),
    ("142 five fish", Case(142, board(fish=5), 7)),
    ("142 four fish", Case(142, board(fish=4), 0)),
    (
        "143 blue on the edge",
        Case(
            143, board(cat("blue", 7, 0), cat("blue", 9, 0, "oshax"), cat("blue", 5, 4)), 4, "blue"
        ),
    ),
    ("143 only red on the edge", Case(143, board(cat("red", 7, 0), cat("blue", 5, 4)), 0, "blue")),
    (
        "144 three blue",
        Case(
            144,
            board(row("blue", 1, 4, 2), cat("blue", 5, 4, "oshax"), cat("red", 7, 4)),
            3,
            "blue",
        ),
    ),
    ("144 no orange", Case(144, board(row("blue", 1, 4, 2)), 0, "orange")),
    ("145 three purple", Case(145, board(spaced(["purple"] * 3)), 5, "purple")),
    ("145 two purple", Case(145, board(spaced(["purple"] * 2)), 0, "purple")),
    (
        "146 two lonely green",
        Case(146, board(spaced(["green", "green", "red"]), row("green", 10, 4, 2)), 6, "green"),
    ),
    ("146 green in pairs", Case(146, board(row("green", 10, 4, 2)), 0, "green")),
    ("147 three lessons", Case(147, board(private=(113, 114, 115)), 6)),
    ("147 no lesson", Case(147, board(), 0)),
    (
        "148 two common",
        Case(
            148,
            board(treasure("common", (1, 4)), treasure("common", (3, 4)), treasure("rare", (5, 4))),
            4,
        ),
    ),
    ("148 no common", Case(148, board(treasure("rare", (5, 4))), 0)),
    (
        "149 treasures touching blue",
        Case(
            149,
            board(
                cat("blue", 5, 4),
                cat("blue", 7, 4),
                treasure("common", (6, 4)),  # touches both blue cats: counted once
                treasure("rare", (5, 3)),  # a rare treasure counts too
                treasure("common", (8, 5)),  # only a diagonal: no
                cat("red", 12, 4),
                treasure("common", (13, 4)),  # touches red only: no
            ),
            2,
            "blue",
        ),
    ),
    (
        "149 no treasure touching",
        Case(149, board(cat("blue", 5, 4), treasure("common", (6, 5))), 0, "blue"),
    ),
    ("150 five maps open", Case(150, board(), 25)),
    ("150 one map covered", Case(150, board(treasure("common", (14, 1))), 20)),
    ("150 all maps covered", Case(150, board(cover(BOATS["blue"].map_mask)), 0)),
]
for _card, _colour in FIVE_OF.items():
    _five = [*spaced([_colour] * 4), cat(_colour, 1, 2, "oshax")]
    CASES += [
        (
            f"{_card} five {_colour}",
            Case(_card, board(_five, spaced([k for k in COLOURS if k != _colour], y=6)), 9),
        ),
        (f"{_card} four {_colour}", Case(_card, board(_five[:4]), 0)),
        (f"{_card} six {_colour}", Case(_card, board(_five, cat(_colour, 3, 2)), 0)),
    ]


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[name for name, _ in CASES])
def test_lesson(case: Case) -> None:
    assert sc.lesson_points(case.card, case.board, case.colour, case.others) == case.expected


def test_every_lesson_has_a_case_scoring_and_one_not() -> None:
    scoring = {c.card for _, c in CASES if c.expected > 0}
    zero = {c.card for _, c in CASES if c.expected == 0}
    lessons = set(range(113, 151))
    assert scoring == lessons
    assert zero == lessons - {126}  # 126 counts itself, never 0
    for _, c in CASES:
        fixed = CARDS[c.card].points
        if fixed is not None:
            assert c.expected in (0, fixed)


def test_a_colour_lesson_without_a_colour_scores_nothing() -> None:
    b = board(on_edge(["blue"] * 3), treasure("common", (8, 0)))
    for card in (143, 144, 145, 146, 149):
        assert CARDS[card].colour_choice
        assert sc.lesson_points(card, b, None, []) == 0
        assert sc.lesson_points(card, b, "blue", []) > 0


def test_117_with_a_chosen_colour() -> None:
    b = board(on_edge(["blue", "red", "blue", "blue"]))
    assert sc.lesson_points(117, b, "red", []) == 1
    assert sc.lesson_points(117, b, None, []) == 3


def test_largest_family() -> None:
    assert sc.largest_family(board()) == 0
    assert sc.largest_family(board(row("red", 1, 4, 2), row("blue", 5, 4, 3))) == 3


def test_the_helpers_squares() -> None:
    assert all(EDGE >> sq(*q) & 1 for q in EDGE_SPACED)
    assert sc.families(on_edge(["blue"] * len(EDGE_SPACED))) == [("blue", 1)] * len(EDGE_SPACED)
    assert not any(EDGE >> sq(x, 4) & 1 for x in range(1, 21))
    for _, case in CASES:
        for tile in case.board.tiles:
            assert tile.mask & ~HULL == 0


def test_a_lesson_counting_lessons_counts_itself_even_if_not_listed() -> None:
    assert sc.lesson_points(126, board(private=(113,)), None, []) == 2
    assert sc.lesson_points(133, board(private=(113, 114, 115, 116, 117)), None, []) == 7
    assert sc.lesson_points(147, board(private=(113,)), None, []) == 2  # public: no self
