"""Scenario tests for the anytime cards (67-97) and when they are offered."""

from __future__ import annotations

import pytest
from isle_helpers import (
    answer,
    at_buy,
    at_finds,
    at_last,
    at_rescue,
    boat_with,
    has_prompt,
    ids,
    k,
    new,
    passes,
    place,
    prompt_of,
    tiles_on,
)

from engine.core import IllegalMove
from engine.games.isle.rules import GAME

SOME_TILES = [
    ("B16", 7, 0, 0),  # blue bar (7,0)..(7,4)
    ("G16", 8, 0, 0),
    ("RO1", 9, 0, 0),
    ("T1-1", 11, 0, 0),
    ("T2-2", 11, 1, 1),  # T2 turned: vertical (11,1),(11,2)
    ("X1", 10, 5, 0, "red"),
]


def turn_with(card: int, tiles=SOME_TILES, **kw):  # type: ignore[no-untyped-def]
    s = new(2, boats=["blue", "green"])
    boat_with(s, 0, tiles)
    return at_rescue(s, 0, hand=[card], **kw)


@pytest.mark.parametrize(
    ("card", "gain"),
    [
        (67, 2),
        (90, 2),
        (92, 2),
        (94, 2),
    ],  # 1 Oshax; blue+green cats (Oshax not counted); 1 rare; 2 commons
)
def test_fish_cards(card: int, gain: int) -> None:
    s = turn_with(card, fish=10)
    answer(s, 0, f"play:{k(card)}")
    assert s.fish[0] == 10 + gain and card in s.played and s.hands[0] == []
    assert prompt_of(s, 0).kind == "rescue"  # the turn goes on


def test_fish_per_private_lesson() -> None:
    s = turn_with(78, fish=0)
    s.private[0] = [113, 114, 115]
    answer(s, 0, f"play:{k(78)}")
    assert s.fish[0] == 3


def test_fish_per_colour_at_most_five() -> None:
    cats = [(f"{c}16", x, 0, 0) for c, x in zip("BGRPO", range(8, 14), strict=False)]
    cats.append(("B13", 13, 0, 0))  # another blue: 5 colours still
    s = turn_with(90, tiles=cats, fish=0)
    answer(s, 0, f"play:{k(90)}")
    assert s.fish[0] == 5


def test_fish_per_cat_of_a_chosen_colour() -> None:
    s = turn_with(96, fish=0)
    answer(s, 0, f"play:{k(96)}")
    assert prompt_of(s, 0).kind == "colour"
    answer(s, 0, "colour:red")  # the red Oshax
    assert s.fish[0] == 1


def test_basket_for_fish() -> None:
    s = turn_with(76, fish=0)
    answer(s, 0, f"play:{k(76)}")
    assert s.fish[0] == 5 and s.baskets[0] == 0


def test_basket_for_fish_gives_up_a_used_basket_first() -> None:
    # RULES.md: "Discarding a permanent basket for fish gives up a used one if you have one."
    s = turn_with(76, fish=0, baskets=2, used=1, fields=[["P16"], []])
    answer(s, 0, f"play:{k(76)}")
    assert s.baskets[0] == 1 and s.used[0] == 0
    assert "rescue:P16" in ids(s, 0)


def test_buy_a_basket() -> None:
    s = turn_with(84, fields=[["P16"], []], used=1)
    assert "rescue:P16" not in ids(s, 0)
    answer(s, 0, f"play:{k(84)}")
    assert s.baskets[0] == 2 and "rescue:P16" in ids(s, 0)


def test_lessons_for_a_basket() -> None:
    s = turn_with(86)
    s.private[0] = [113]
    assert f"play:{k(86)}" not in ids(s, 0)  # fewer than 2 private lessons
    s.private[0] = [113, 114, 115]
    answer(s, 0, f"play:{k(86)}")
    answer(s, 0, f"drop:{k(114)}")
    answer(s, 0, "back")
    assert sorted(s.private[0]) == [113, 114, 115] and s.hands[0] == [86]
    answer(s, 0, f"play:{k(86)}")
    answer(s, 0, f"drop:{k(113)}")
    answer(s, 0, f"drop:{k(115)}")
    assert s.private[0] == [114] and s.baskets[0] == 2
    assert {113, 115} <= set(s.gone) and 86 in s.played


def test_treasures_for_a_basket() -> None:
    s = turn_with(88)
    answer(s, 0, f"play:{k(88)}")
    assert set(ids(s, 0)) == {"lift:RO1", "lift:T1-1", "lift:T2-2", "back"}
    answer(s, 0, "lift:RO1")
    answer(s, 0, "lift:T1-1")
    assert "RO1" not in tiles_on(s, 0) and "RO1" in s.boxed and s.baskets[0] == 2


def test_treasures_for_a_basket_needs_two_treasures() -> None:
    s = turn_with(88, tiles=SOME_TILES[:3])
    assert f"play:{k(88)}" not in ids(s, 0)


def test_extra_rescue() -> None:
    s = turn_with(80, fields=[["P16", "O16"], ["R13"]], baskets=2)
    answer(s, 0, f"play:{k(80)}")
    assert prompt_of(s, 0).text.startswith("Your rescue turn: up to 2 cats (")
    answer(s, 0, "rescue:P16")
    answer(s, 0, "auto")
    assert prompt_of(s, 0).kind == "rescue" and "end" in ids(s, 0) and "pass" not in ids(s, 0)
    assert prompt_of(s, 0).text.startswith("You may rescue one more cat (")
    answer(s, 0, "rescue:O16")
    answer(s, 0, "auto")
    assert prompt_of(s, 1).kind == "rescue" and s.extra[0] == 0


def test_next_tile_anywhere() -> None:
    s = turn_with(69, fields=[["P16"], []])
    answer(s, 0, f"play:{k(69)}")
    assert s.anywhere[0]
    assert f"play:{k(69)}" not in ids(s, 0)
    s.hands[0].append(70)
    assert f"play:{k(70)}" not in ids(s, 0)  # not while one is pending
    answer(s, 0, "rescue:P16")
    answer(s, 0, place("P16", 16, 4, 1))  # far from the others
    assert not s.anywhere[0]


def test_touching_still_needed_without_the_card() -> None:
    s = turn_with(84, fields=[["P16"], []])
    answer(s, 0, "rescue:P16")
    with pytest.raises(IllegalMove):
        answer(s, 0, place("P16", 16, 4, 1))


@pytest.mark.parametrize(("card", "n"), [(71, 2), (73, 3)])
def test_draw_cards_to_buy(card: int, n: int) -> None:
    s = turn_with(card, fish=2)
    s.deck[-3:] = [43, 113, 55]  # 2, 2, 3 fish
    answer(s, 0, f"play:{k(card)}")
    drawn = [113, 55, 43][:n] if n == 3 else [55, 113]
    assert prompt_of(s, 0).kind == "buy"
    assert set(GAME.view(s, 0)["private"]["drawn"][i]["number"] for i in range(n)) == set(drawn)  # type: ignore[index]
    assert f"buy:{k(55)}" not in ids(s, 0)  # 3 fish: too dear
    answer(s, 0, f"buy:{k(113)}")
    events = answer(s, 0, "done")
    assert s.private[0] == [113] and s.fish[0] == 0
    assert all(c in s.gone for c in drawn if c != 113)
    # Back in the rescue turn, with no fish left for a cat: the engine passes for Ann.
    assert any(
        "Ann cannot rescue a cat (0 fish, the cheapest cat costs 5)" in e.text for e in events
    )


def test_buying_none_of_the_drawn_cards_says_so_without_a_price() -> None:
    s = turn_with(71, fish=5)
    answer(s, 0, f"play:{k(71)}")
    events = answer(s, 0, "done")
    said = [e for e in events if e.kind == "buy"]
    assert [e.text for e in said] == ["Ann buys none of the drawn cards."]
    assert said[0].text_for(0) == "You buy none of the drawn cards."


def test_a_colour_lesson_bought_from_drawn_cards_asks_its_colour_as_a_lesson() -> None:
    s = turn_with(71, fish=5)
    s.deck[-2:] = [143, 113]  # Edge Colour asks a colour when bought
    answer(s, 0, f"play:{k(71)}")
    answer(s, 0, f"buy:{k(143)}")
    answer(s, 0, "done")
    prompt = prompt_of(s, 0)
    assert prompt.kind == "colour"
    assert prompt.text == (
        "Choose the colour of the public lesson Edge Colour (every player scores: 2 points "
        "per cat of the chosen colour touching the edge)."
    )
    assert all("fish" not in o.label for o in prompt.options)
    answer(s, 0, "colour:green")
    assert [(p["card"], p["colour"]) for p in s.public] == [(143, "green")]


def test_draw_a_tile_and_place_it() -> None:
    s = turn_with(75)
    s.bag.append("P13")
    answer(s, 0, f"play:{k(75)}")
    assert prompt_of(s, 0).kind == "place" and "back" not in ids(s, 0)
    answer(s, 0, "auto")
    assert "P13" in tiles_on(s, 0)


def test_move_cats() -> None:
    s = turn_with(77, fields=[["P16", "O16"], ["R13"]])
    answer(s, 0, f"play:{k(77)}")
    answer(s, 0, "move:P16")
    answer(s, 0, "move:R13")
    answer(s, 0, "done")
    assert s.fields == [["O16", "R13"], ["P16"]]
    assert prompt_of(s, 0).kind == "rescue"


def test_move_at_most_three() -> None:
    s = turn_with(77, fields=[["P16", "O16", "R13", "G13"], []])
    answer(s, 0, f"play:{k(77)}")
    for tile in ("P16", "O16", "R13"):
        answer(s, 0, f"move:{tile}")
    assert prompt_of(s, 0).kind == "rescue" and s.fields == [["G13"], ["P16", "O16", "R13"]]


def test_draw_four_tiles_into_the_fields() -> None:
    s = turn_with(83, fields=[[], []])
    s.bag += ["P13", "RI1", "O13", "G13"]  # drawn from the end
    events = answer(s, 0, f"play:{k(83)}")
    assert s.beside[-1] == "RI1"
    assert "The rare treasure RI turns up beside the island." in [e.text for e in events]
    for where in ("left", "right", "left"):
        answer(s, 0, f"field:{where}")
    assert s.fields == [["G13", "P13"], ["O13"]]


# ------------------------------------------------------------------ when cards are offered


def test_only_fish_cards_while_buying() -> None:
    s = at_buy(new(2), [[], []])
    s.hands[0] = [67, 69, 71, 76, 80, 84, 86, 88, 90, 92, 94, 96, 78]
    offered = {o for o in ids(s, 0) if o.startswith("play:")}
    assert offered == {f"play:{k(c)}" for c in (67, 76, 90, 92, 94, 96, 78)}
    answer(s, 0, f"play:{k(76)}")
    assert s.fish[0] == 25


def test_bought_fish_cards_are_not_played_while_buying() -> None:
    s = at_buy(new(2), [[67, 90], []])
    answer(s, 0, f"buy:{k(67)}")
    assert not any(o.startswith("play:") for o in ids(s, 0))


def test_anytime_cards_in_the_rare_finds() -> None:
    s = at_finds(new(2), 0, hand=[84, 98])
    assert f"play:{k(84)}" in ids(s, 0)
    answer(s, 0, f"play:{k(84)}")
    assert prompt_of(s, 0).kind == "find"  # the turn goes on: still a find to play


def test_not_on_another_seats_turn() -> None:
    s = at_rescue(new(2), 0, fields=[["P16"], []])
    s.hands[1] = [84, 67]
    assert not has_prompt(s, 1)


def test_last_round_asks_only_those_with_a_playable_card() -> None:
    s = at_last(new(3), [[84], [80, 69, 7], []])  # 80, 69: not after the last day
    assert has_prompt(s, 0) and not has_prompt(s, 1) and not has_prompt(s, 2)
    assert ids(s, 0) == [f"play:{k(84)}", "done"]


def test_a_drawn_tile_that_fits_nowhere_leaves_the_game() -> None:
    from engine.games.isle.shapes import HULL, cells_of, sq

    s = new(2)
    rest = HULL & ~(1 << sq(21, 4))
    boat_with(s, 0, [(f"T1-{i}", x, y, 0) for i, (x, y) in enumerate(cells_of(rest))])
    at_rescue(s, 0, hand=[75])
    s.bag.append("P13")
    events = answer(s, 0, f"play:{k(75)}")
    assert "P13" in s.boxed and 75 in s.played
    # Back in the rescue turn with nothing left to do: the engine passes for Ann.
    assert "Ann cannot rescue a cat (no cat within reach of the fish fits on the boat)" in (
        events[-1].text
    )


def test_an_extra_rescue_waits_across_days() -> None:
    s = at_finds(new(2), 0, hand=[81])
    answer(s, 0, f"play:{k(81)}")
    passes(s, 0)
    answer(s, 1, "pass")
    assert s.day == 2 and s.extra[0] == 1
