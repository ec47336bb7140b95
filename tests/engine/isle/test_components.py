"""The data files against the counts of COMPONENTS.md's "Verification" blocks."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games.isle import components as c


def test_shape_ids_and_kinds() -> None:
    assert tuple(f"C{i:02d}" for i in range(1, 18)) == c.CAT_SHAPES
    assert tuple(f"X{i}" for i in range(1, 7)) == c.OSHAX_SHAPES
    assert c.RARE_SHAPES == ("RI", "RL", "RT", "RO", "RS")
    assert c.COMMON_SHAPES == ("T1", "T2", "T3", "T4")
    assert len(c.SHAPES) == 17 + 6 + 5 + 4
    for sid, shape in c.SHAPES.items():
        assert shape.id == sid
        assert min(x for x, _ in shape.cells) == 0
        assert min(y for _, y in shape.cells) == 0
        assert len(set(shape.cells)) == len(shape.cells)


def test_cat_sizes() -> None:
    sizes = [c.SHAPES[s].size for s in c.CAT_SHAPES]
    assert len(set(frozenset(c.SHAPES[s].cells) for s in c.CAT_SHAPES)) == 17
    assert sum(sizes) == 90
    assert sum(sizes) * len(c.COLOURS) == 450
    assert Counter(sizes) == Counter({5: 10, 6: 6, 4: 1})


def test_oshax_rare_common_sizes() -> None:
    assert all(c.SHAPES[s].size == 6 for s in c.OSHAX_SHAPES)
    assert all(c.SHAPES[s].size == 4 for s in c.RARE_SHAPES)
    assert [c.SHAPES[s].size for s in c.COMMON_SHAPES] == [1, 2, 3, 3]
    assert c.SMALL_COMMON_SHAPES == ("T1", "T2")
    assert c.RARE_COPIES == 5
    assert c.RARE_COPIES * len(c.RARE_SHAPES) == 25
    assert [c.common_copies(n) for n in (1, 2, 3, 4)] == [5, 5, 8, 11]
    with pytest.raises(ValueError):
        c.common_copies(5)


def test_a_grid_as_drawn() -> None:
    # C01 `..# / ### / ..#`
    assert set(c.SHAPES["C01"].cells) == {(2, 0), (0, 1), (1, 1), (2, 1), (2, 2)}
    # X5 `..#. / #### / #...`
    assert set(c.SHAPES["X5"].cells) == {(2, 0), (0, 1), (1, 1), (2, 1), (3, 1), (0, 2)}


def test_colours() -> None:
    assert c.COLOURS == ("blue", "green", "red", "purple", "orange")
    assert c.COLOUR_LETTER == {"blue": "B", "green": "G", "red": "R", "purple": "P", "orange": "O"}


def test_card_kinds_and_costs() -> None:
    assert sorted(c.CARDS) == list(range(1, 151))
    assert all(card.id == i for i, card in c.CARDS.items())
    kinds = Counter(card.kind for card in c.CARDS.values())
    assert kinds == {
        "oshax": 6,
        "rescue": 60,
        "anytime": 31,
        "treasure": 15,
        "private": 30,
        "public": 8,
    }

    def costs(kind: str) -> Counter[int]:
        return Counter(card.cost for card in c.CARDS.values() if card.kind == kind)

    assert costs("oshax") == {5: 6}
    assert costs("rescue") == {0: 8, 1: 20, 2: 20, 3: 12}
    assert costs("anytime") == {0: 2, 1: 6, 2: 18, 3: 3, 6: 2}
    assert costs("treasure") == {1: 6, 2: 9}
    assert costs("private") == {2: 30}
    assert costs("public") == {1: 8}


def test_rescue_cards() -> None:
    rescue = [card for card in c.CARDS.values() if card.kind == "rescue"]
    assert Counter((r.speed, r.basket, r.cost) for r in rescue) == {
        (4, "none", 1): 8,
        (0, "half", 0): 8,
        (1, "half", 1): 12,
        (3, "half", 2): 8,
        (1, "full", 2): 12,
        (3, "full", 3): 12,
    }
    assert sum(r.speed for r in rescue) == 116
    assert Counter(r.basket for r in rescue) == {"half": 28, "full": 24, "none": 8}
    assert all(r.effect == "rescue" for r in rescue)
    assert [r.id for r in rescue] == list(range(7, 67))
    others = [card for card in c.CARDS.values() if card.kind != "rescue"]
    assert all(card.speed == 0 and card.basket == "none" for card in others)


ANYTIME_EFFECTS = {
    (67, 68): "fish_per_oshax",
    (69, 70): "place_anywhere",
    (71, 72): "draw2",
    (73, 74): "draw3",
    (75,): "draw_tile",
    (76,): "basket_for_fish",
    (77,): "move_cats",
    (78, 79): "fish_per_private",
    (80, 81, 82): "extra_rescue",
    (83,): "draw4_tiles",
    (84, 85): "buy_basket",
    (86, 87): "lessons_for_basket",
    (88, 89): "treasures_for_basket",
    (90, 91): "fish_per_colour",
    (92, 93): "fish_per_rare",
    (94, 95): "fish_per_common",
    (96, 97): "fish_per_cat_colour",
}
ANYTIME_COSTS = {
    "fish_per_oshax": 2,
    "place_anywhere": 1,
    "draw2": 0,
    "draw3": 1,
    "draw_tile": 3,
    "basket_for_fish": 2,
    "move_cats": 1,
    "fish_per_private": 2,
    "extra_rescue": 2,
    "draw4_tiles": 1,
    "buy_basket": 6,
    "lessons_for_basket": 2,
    "treasures_for_basket": 3,
    "fish_per_colour": 2,
    "fish_per_rare": 2,
    "fish_per_common": 2,
    "fish_per_cat_colour": 2,
}


def test_anytime_effects() -> None:
    seen = []
    for ids, effect in ANYTIME_EFFECTS.items():
        for i in ids:
            card = c.CARDS[i]
            assert card.kind == "anytime"
            assert card.effect == effect
            assert card.cost == ANYTIME_COSTS[effect]
            seen.append(i)
    assert sorted(seen) == list(range(67, 98))
    assert len(ANYTIME_EFFECTS) == 17


def test_oshax_and_treasure_cards() -> None:
    assert all(c.CARDS[i].effect == "oshax" and c.CARDS[i].cost == 5 for i in range(1, 7))
    for i in range(98, 107):
        assert (c.CARDS[i].kind, c.CARDS[i].cost, c.CARDS[i].effect) == (
            "treasure",
            2,
            "rare_or_two_common",
        )
    for i in range(107, 113):
        assert (c.CARDS[i].kind, c.CARDS[i].cost, c.CARDS[i].effect) == (
            "treasure",
            1,
            "two_small_or_paid",
        )


PRIVATE_POINTS = {
    113: 12, 114: 10, 115: 15, 116: 7, 117: None, 118: 7, 119: 7, 120: None, 121: 10,
    122: None, 123: None, 124: 10, 125: None, 126: None, 127: 9, 128: 9, 129: 9, 130: 9,
    131: 9, 132: 10, 133: 7, 134: 9, 135: None, 136: 12, 137: 18, 138: None, 139: None,
    140: 15, 141: None, 142: 7,
}  # fmt: skip


def test_lessons() -> None:
    for i in range(113, 143):
        card = c.CARDS[i]
        assert card.kind == "private"
        assert card.effect == f"lesson_{i}"
        assert card.points == PRIVATE_POINTS[i]
        assert not card.colour_choice
    choice = {
        143: True,
        144: True,
        145: True,
        146: True,
        147: False,
        148: False,
        149: True,
        150: False,
    }
    for i in range(143, 151):
        card = c.CARDS[i]
        assert card.kind == "public"
        assert card.effect == f"lesson_{i}"
        assert card.colour_choice is choice[i]
    assert c.CARDS[145].points == 5
    assert len({c.CARDS[i].name for i in range(113, 151)}) == 38  # all different


def test_cards_have_names_and_texts() -> None:
    for card in c.CARDS.values():
        assert card.name.strip() and card.text.strip()
        assert card.text.isprintable() and card.name.isprintable()


def test_rooms_and_boats_names() -> None:
    assert c.BOAT_NAMES == ("blue", "green", "red", "purple")
    assert c.ROOM_LETTERS == ("P", "M", "N", "A", "K", "Q", "c")
    assert c.ROOM_NAMES["P"] == "stern captain's room (parrot)"  # the cards' "parrot rooms"
    assert c.ROOM_NAMES["A"] == "dining room (apple)"
    assert c.ROOM_NAMES["c"] == "corridor"
    assert c.ROOM_ICONS == {
        "P": "parrot",
        "M": "moon",
        "N": "moon",
        "A": "apple",
        "K": "corn",
        "Q": "parrot",
        "c": "none",
    }


# --- the geometry's counts (shapes.py builds the masks from boat.json) -------------------

ORIENTATION_COUNTS = {
    "C01": 4, "C02": 4, "C03": 4, "C04": 8, "C05": 8, "C06": 8, "C07": 8, "C08": 4, "C09": 8,
    "C10": 4, "C11": 8, "C12": 8, "C13": 1, "C14": 8, "C15": 4, "C16": 2, "C17": 4,
    "X1": 4, "X2": 4, "X3": 8, "X4": 8, "X5": 8, "X6": 8,
}  # fmt: skip


@pytest.mark.parametrize("shape_id", sorted(ORIENTATION_COUNTS))
def test_orientation_counts(shape_id: str) -> None:
    from engine.games.isle.shapes import distinct_orientations

    assert len(distinct_orientations(shape_id)) == ORIENTATION_COUNTS[shape_id]


def test_no_oshax_equals_a_cat() -> None:
    from engine.games.isle.shapes import distinct_orientations, oriented

    def forms(sid: str) -> set[tuple[tuple[int, int], ...]]:
        return {oriented(sid, o) for o in distinct_orientations(sid)}

    cats = set().union(*(forms(s) for s in c.CAT_SHAPES))
    assert all(not forms(x) & cats for x in c.OSHAX_SHAPES)


def test_hull_rooms_edge() -> None:
    from engine.games.isle import shapes as s

    assert s.count(s.HULL) == 142
    assert {k: s.count(v) for k, v in s.ROOMS.items()} == {
        "P": 18, "M": 11, "N": 11, "A": 18, "K": 20, "Q": 4, "c": 60,
    }  # fmt: skip
    union = 0
    for mask in s.ROOMS.values():
        assert not union & mask
        union |= mask
    assert union == s.HULL
    assert len(s.groups([s.mask_of([q]) for q in s.cells_of(s.ROOMS["c"])])) == 1
    assert s.count(s.EDGE) == 44
    # BGA's definition: top and bottom square of every column plus column 0's middle square.
    bga = {(0, 4)}
    for x in range(s.W):
        ys = [y for y in range(s.H) if s.HULL >> s.sq(x, y) & 1]
        bga |= {(x, min(ys)), (x, max(ys))}
    assert s.mask_of(bga) == s.EDGE
    assert s.count(s.HULL & s.mask_of((x, 4) for x in range(s.W))) == 22


ROOM_RATS = {
    "blue": {"A": 2, "K": 3, "M": 1, "N": 1, "P": 3, "c": 9},
    "green": {"A": 2, "K": 3, "M": 1, "N": 1, "P": 3, "c": 9},
    "red": {"A": 2, "K": 3, "N": 2, "P": 3, "c": 9},
    "purple": {"A": 2, "K": 3, "M": 2, "P": 3, "c": 9},
}
EDGE_RATS = {"blue": 14, "green": 10, "red": 8, "purple": 11}
MAPS = {
    "blue": "BGRPO",
    "green": "GPBOR",
    "red": "ROGBP",
    "purple": "OBPRG",
}
MAP_SQUARES = [(14, 1), (7, 0), (1, 3), (9, 7), (19, 5)]


@pytest.mark.parametrize("name", ["blue", "green", "red", "purple"])
def test_boats(name: str) -> None:
    from engine.games.isle import shapes as s

    boat = s.BOATS[name]
    assert boat.name == name
    assert s.count(boat.rats) == 19
    assert boat.rats & ~s.HULL == 0
    rooms = {k: s.count(boat.rats & m) for k, m in s.ROOMS.items() if boat.rats & m}
    assert rooms == ROOM_RATS[name]
    assert s.count(boat.rats & s.EDGE) == EDGE_RATS[name]
    letter_of = {v: k for k, v in c.COLOUR_LETTER.items()}
    assert {colour: s.xy(i) for colour, i in boat.maps.items()} == {
        letter_of[letter]: square for letter, square in zip(MAPS[name], MAP_SQUARES, strict=True)
    }
    assert s.count(boat.map_mask) == 5
    assert not boat.rats & boat.map_mask
    assert [s.room_of(s.sq(*q)) for q in MAP_SQUARES] == ["c", "M", "P", "N", "K"]
    assert [bool(s.EDGE >> s.sq(*q) & 1) for q in MAP_SQUARES] == [False, True, False, False, True]


def test_boats_differ() -> None:
    from engine.games.isle import shapes as s

    assert tuple(s.BOATS) == c.BOAT_NAMES
    assert len({b.rats for b in s.BOATS.values()}) == 4
