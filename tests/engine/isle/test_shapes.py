"""Boat geometry: orientations, placements, adjacency, the fast enumeration."""

from __future__ import annotations

import random

import pytest

from engine.games.isle import shapes as s
from engine.games.isle.components import SHAPES


def grid(cells: tuple[tuple[int, int], ...]) -> list[str]:
    width = max(x for x, _ in cells) + 1
    height = max(y for _, y in cells) + 1
    return ["".join("#" if (x, y) in cells else "." for x in range(width)) for y in range(height)]


def test_squares_and_masks() -> None:
    assert s.xy(s.sq(21, 8)) == (21, 8)
    assert s.cells_of(s.mask_of([(3, 2), (0, 0), (1, 2)])) == [(0, 0), (1, 2), (3, 2)]
    with pytest.raises(ValueError):
        s.mask_of([(22, 0)])
    for y in range(s.H):
        for x in range(s.W):
            assert s.xy(s.sq(x, y)) == (x, y)


def test_the_eight_orientations_of_c07() -> None:
    # C07 `.#.. / .#.. / ####`: mirror first when o >= 4, then quarter turns clockwise.
    assert grid(s.oriented("C07", 0)) == [".#..", ".#..", "####"]
    assert grid(s.oriented("C07", 1)) == ["#..", "###", "#..", "#.."]
    assert grid(s.oriented("C07", 2)) == ["####", "..#.", "..#."]
    assert grid(s.oriented("C07", 3)) == ["..#", "..#", "###", "..#"]
    assert grid(s.oriented("C07", 4)) == ["..#.", "..#.", "####"]
    assert grid(s.oriented("C07", 5)) == ["#..", "#..", "###", "#.."]
    assert grid(s.oriented("C07", 6)) == ["####", ".#..", ".#.."]
    assert grid(s.oriented("C07", 7)) == ["..#", "###", "..#", "..#"]
    assert s.distinct_orientations("C07") == tuple(range(8))


def test_symmetric_shapes() -> None:
    assert s.distinct_orientations("C13") == (0,)
    assert s.distinct_orientations("C16") == (0, 1)
    assert s.distinct_orientations("RO") == (0,)
    assert s.distinct_orientations("C01") == (0, 1, 2, 3)
    with pytest.raises(ValueError):
        s.oriented("C01", 8)


def test_orientations_keep_the_shape() -> None:
    for sid in SHAPES:
        for o in range(8):
            cells = s.oriented(sid, o)
            assert len(cells) == len(SHAPES[sid].cells)
            assert min(x for x, _ in cells) == 0 and min(y for _, y in cells) == 0
        # a quarter turn four times, or a mirror twice, is the identity
        assert s.oriented(sid, 0) == tuple(sorted(SHAPES[sid].cells, key=lambda c: (c[1], c[0])))


def test_placement_inside_and_outside() -> None:
    # C16 (the I pentomino) upright fits in column 7 (height 9) but not in column 0 (height 3)
    assert s.placement("C16", 7, 0, 0) == s.mask_of([(7, y) for y in range(5)])
    assert s.placement("C16", 0, 2, 0) is None
    assert s.placement("C16", 0, 4, 1) == s.mask_of([(x, 4) for x in range(5)])
    assert s.placement("C16", 18, 4, 1) is None  # would stick out of the bow (x = 22)
    assert s.placement("C16", 17, 4, 1) == s.mask_of([(x, 4) for x in range(17, 22)])
    assert s.placement("C16", -1, 4, 1) is None
    assert s.placement("C16", 7, 5, 0) is None  # off the bottom of the grid
    assert s.placement("RO", 0, 0, 0) is None  # the corner is outside the hull
    assert s.placement("T1", 21, 4, 0) == s.mask_of([(21, 4)])


def test_first_tile_goes_anywhere() -> None:
    everywhere = s.legal_placements("T1", 0)
    assert sorted(p[3] for p in everywhere) == sorted(1 << i for i in range(300) if s.HULL >> i & 1)
    assert s.can_place("C13", 0)


def test_later_tiles_must_touch_along_an_edge() -> None:
    occupied = s.mask_of([(10, 4)])
    masks = {p[3] for p in s.legal_placements("T1", occupied)}
    assert masks == {s.mask_of([q]) for q in [(9, 4), (11, 4), (10, 3), (10, 5)]}
    assert s.mask_of([(11, 5)]) not in masks  # a diagonal touch is refused
    assert s.is_legal(s.mask_of([(11, 4)]), occupied)
    assert not s.is_legal(s.mask_of([(11, 5)]), occupied)
    assert s.is_legal(s.mask_of([(11, 5)]), occupied, anywhere=True)


def test_overlap_refused_and_anywhere() -> None:
    occupied = s.mask_of([(10, 4)])
    anywhere = s.legal_placements("T1", occupied, anywhere=True)
    assert len(anywhere) == 141
    assert all(not p[3] & occupied for p in anywhere)
    assert not s.is_legal(occupied, occupied, anywhere=True)
    assert not s.is_legal(s.mask_of([(0, 0)]), 0)  # outside the hull


def test_a_shape_that_fits_nowhere() -> None:
    # Everything covered but column 7's 9 squares and the bow tip: an I fits (upright),
    # a plus (C13) nowhere.
    free = s.mask_of([(7, y) for y in range(9)] + [(21, 4)])
    occupied = s.HULL & ~free
    assert s.legal_placements("C13", occupied) == []
    assert not s.can_place("C13", occupied)
    assert not s.can_place("C13", occupied, anywhere=True)
    upright = s.legal_placements("C16", occupied)
    assert [(x, y, o) for x, y, o, _ in upright] == [
        (7, 0, 0),
        (7, 1, 0),
        (7, 2, 0),
        (7, 3, 0),
        (7, 4, 0),
    ]
    assert s.can_place("C16", occupied)
    assert s.can_place("T1", occupied)
    assert s.legal_placements("T1", s.HULL) == []


def test_neighbours_stay_in_the_hull_and_never_wrap() -> None:
    # (21, 4) is the bow tip: its right would be the guard column, never the next row's x=0
    assert s.neighbours(s.mask_of([(21, 4)])) == s.mask_of([(20, 4)])
    assert s.neighbours(s.mask_of([(0, 4)])) == s.mask_of([(0, 3), (0, 5), (1, 4)])
    # (6, 0) is outside the hull; (6, 1) is only a diagonal
    assert s.neighbours(s.mask_of([(7, 0)])) == s.mask_of([(8, 0), (7, 1)])


def brute_force(shape_id: str, occupied: int, anywhere: bool) -> set[int]:
    masks = set()
    for o in range(8):
        for y in range(-2, s.H + 2):
            for x in range(-2, s.W + 2):
                mask = s.placement(shape_id, x, y, o)
                if mask is None or mask & occupied:
                    continue
                touches = any(
                    (nx, ny) in set(s.cells_of(occupied))
                    for cx, cy in s.cells_of(mask)
                    for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1))
                )
                if occupied == 0 or anywhere or touches:
                    masks.add(mask)
    return masks


def random_boat(rng: random.Random, tiles: int) -> int:
    occupied = 0
    for _ in range(tiles):
        options = s.legal_placements(rng.choice(list(SHAPES)), occupied)
        if options:
            occupied |= rng.choice(options)[3]
    return occupied


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_legal_placements_agree_with_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    occupied = random_boat(rng, rng.randint(0, 18))
    for shape_id in rng.sample(list(SHAPES), 4):
        for anywhere in (False, True):
            legal = s.legal_placements(shape_id, occupied, anywhere)
            masks = [p[3] for p in legal]
            assert len(masks) == len(set(masks))  # no duplicate masks
            assert set(masks) == brute_force(shape_id, occupied, anywhere)
            assert s.can_place(shape_id, occupied, anywhere) == bool(legal)
            for x, y, o, mask in legal:
                assert s.placement(shape_id, x, y, o) == mask
                assert o in s.distinct_orientations(shape_id)
            assert legal == sorted(legal, key=lambda p: (p[2], p[1], p[0]))


def test_groups() -> None:
    a = s.mask_of([(3, 3), (4, 3)])
    b = s.mask_of([(5, 3)])  # touches a by a side
    c = s.mask_of([(6, 4)])  # touches b only diagonally
    d = s.mask_of([(6, 5)])  # touches c
    assert s.groups([a, b, c, d]) == [[0, 1], [2, 3]]
    assert s.groups([]) == []
    assert s.groups([c, a, d]) == [[0, 2], [1]]
