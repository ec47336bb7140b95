"""Nothing to play: the engine passes for a seat whose public decision offers only
Pass (the rescue, a rare-finds turn), only "End your turn", or only "Take no treasure"
(the map bonus, a second common treasure), with a log line saying why; the secret
steps (draft, buying, committing rescue cards) are still asked (RULES.md, "Nothing to
play: who is still asked")."""

from __future__ import annotations

import json

from isle_helpers import (
    answer,
    at_buy,
    at_finds,
    at_rescue,
    boat_with,
    has_prompt,
    ids,
    k,
    new,
    place,
    prompt_of,
)

from engine.core import Event
from engine.games.isle.rules import GAME
from engine.games.isle.shapes import HULL, cells_of, sq


def lines(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def fill_hull_but(s, seat: int, free: set[tuple[int, int]]) -> None:  # type: ignore[no-untyped-def]
    """Cover every square of ``seat``'s hull with one-square treasures but ``free``."""
    rest = HULL
    for x, y in free:
        rest &= ~(1 << sq(x, y))
    boat_with(s, seat, [(f"T1-{i}", x, y, 0) for i, (x, y) in enumerate(cells_of(rest))])


# ------------------------------------------------------------------ the rescue


def test_a_seat_too_poor_for_any_cat_is_passed_with_a_log_line() -> None:
    # Bob's turn, then Ann's: 2 fish, only the right field (5 fish) has cats.
    s = at_rescue(new(2), 1, fields=[[], ["B16", "G16"]], fish=[2, 20], order=[1, 0])
    s.hands[0] = []
    events = answer(s, 1, "pass")
    assert (
        "Ann cannot rescue a cat (2 fish, the cheapest cat costs 5) and passes for the rest "
        "of the rescue." in lines(events)
    )
    assert s.phase != "rescue" and not any(p.kind == "rescue" for p in GAME.prompts(s))


def test_a_seat_without_a_basket_is_passed() -> None:
    s = at_rescue(new(2), 1, fields=[["B16"], ["G16"]], order=[1, 0])
    s.hands[0] = []
    s.used[0] = s.baskets[0]
    events = answer(s, 1, "pass")
    assert (
        "Ann cannot rescue a cat (no basket left today) and passes for the rest of the rescue."
        in lines(events)
    )


def test_a_seat_whose_boat_has_no_room_is_passed() -> None:
    s = new(2)
    fill_hull_but(s, 0, {(21, 4)})
    at_rescue(s, 1, fields=[["B16"], []], order=[1, 0])
    s.hands[0] = []
    events = answer(s, 1, "pass")
    assert (
        "Ann cannot rescue a cat (no cat within reach of the fish fits on the boat) and "
        "passes for the rest of the rescue." in lines(events)
    )


def test_a_seat_with_an_anytime_card_it_can_play_is_still_asked() -> None:
    s = at_rescue(new(2), 1, fields=[[], ["B16", "G16"]], fish=[2, 20], order=[1, 0])
    s.hands[0] = [84]  # a permanent basket: playable on the turn
    answer(s, 1, "pass")
    assert prompt_of(s, 0).kind == "rescue"
    assert ids(s, 0) == [f"play:{k(84)}", "pass"]


def test_a_turn_with_a_rescue_left_but_nothing_to_pay_it_ends_by_itself() -> None:
    # An extra rescue waits; after the first cat, Ann spends her fish on drawn cards.
    s = at_rescue(new(2), 0, fields=[["B16", "G16"], []], fish=[8, 20], baskets=2, hand=[71])
    s.extra[0] = 1
    answer(s, 0, "rescue:B16")
    answer(s, 0, "auto")
    assert prompt_of(s, 0).kind == "rescue" and "end" in ids(s, 0)
    s.deck[-2:] = [43, 55]  # 2 and 3 fish
    answer(s, 0, f"play:{k(71)}")
    answer(s, 0, f"buy:{k(43)}")
    answer(s, 0, f"buy:{k(55)}")
    events = answer(s, 0, "done")
    assert s.fish[0] == 0
    assert (
        "Ann cannot rescue another cat (0 fish, the cheapest cat costs 3) and ends the turn."
        in lines(events)
    )
    assert prompt_of(s, 1).kind == "rescue"


# ------------------------------------------------------------------ the rare finds


def test_an_oshax_card_that_cannot_be_played_is_said_when_the_finds_are_passed() -> None:
    """Ann holds an Oshax card but no Oshax is left: her turn is passed, and the log
    says why (a new player wondered where the card went)."""
    s = at_finds(new(2), 1, order=[1, 0])
    s.hands[0] = [1, 43]
    s.oshax = []
    events = answer(s, 1, "pass")
    assert (
        "Ann has nothing to play (an Oshax card, but no Oshax is left) and passes for the "
        "rest of the rare finds." in lines(events)
    )


def test_a_finds_turn_with_nothing_playable_is_passed() -> None:
    s = at_finds(new(2), 1, order=[1, 0])
    s.hands[0] = [43, 55]  # rescue cards only: nothing for the rare finds
    events = answer(s, 1, "pass")
    assert "Ann has nothing to play and passes for the rest of the rare finds." in lines(events)
    assert s.day == 2 and s.phase == "draft"


def test_a_new_day_shows_no_speeds_till_the_reveal() -> None:
    """Yesterday's speeds are not today's: the view has none until the rescue cards are
    revealed; the order stays (it breaks today's ties)."""
    s = at_finds(new(2), 1, order=[1, 0])
    s.speeds = [4, 1]
    s.hands[0] = [43, 55]
    answer(s, 1, "pass")
    assert s.day == 2 and s.phase == "draft"
    players = GAME.view(s, 0)["public"]["players"]  # type: ignore[index]
    assert [p["speed"] for p in players] == [None, None]
    assert GAME.view(s, 0)["public"]["order"] == [1, 0]  # type: ignore[index]


def test_a_finds_turn_with_a_treasure_card_is_asked() -> None:
    s = at_finds(new(2), 1, order=[1, 0], beside=["RI1"])
    s.hands[0] = [98]
    answer(s, 1, "pass")
    assert prompt_of(s, 0).kind == "find" and ids(s, 0) == [f"play:{k(98)}", "pass"]


def test_nobody_with_anything_for_the_finds_ends_the_day_at_once() -> None:
    s = at_rescue(new(2), 0, fields=[["B16"], []], others_hold=False)
    answer(s, 0, "rescue:B16")
    events = answer(s, 0, "auto")
    assert "Both fields are empty." in lines(events)
    assert sum("has nothing to play" in line for line in lines(events)) == 2
    assert s.day == 2 and s.phase == "draft"


# ------------------------------------------------------------------ treasures


def test_a_map_bonus_with_no_room_for_a_treasure_is_skipped() -> None:
    # Blue boat, blue map at (14,1): only the bar's squares (14,1)..(14,5) are free.
    s = new(2, boats=["blue", "green"])
    fill_hull_but(s, 0, {(14, y) for y in range(1, 6)})
    at_rescue(s, 0, fields=[["B16"], ["G16"]])
    answer(s, 0, "rescue:B16")
    events = answer(s, 0, place("B16", 14, 1, 0))
    assert "Ann's blue cat lies on the blue map: a common treasure!" in lines(events)
    assert "Ann takes no common treasure for the map: none left fits on the boat." in lines(events)
    assert s.tasks[0] == [] and prompt_of(s, 1).kind == "rescue"


def test_a_second_common_treasure_with_no_room_is_skipped() -> None:
    s = new(2)
    fill_hull_but(s, 0, {(21, 4)})
    at_finds(s, 0, hand=[107])
    answer(s, 0, f"play:{k(107)}")
    answer(s, 0, "small")
    answer(s, 0, "common:T1")
    events = answer(s, 0, place(s.tasks[0][-1]["tile"], 21, 4))
    assert (
        "Ann takes no common treasure as a second treasure: none left fits on the boat."
        in lines(events)
    )
    assert s.tasks[0] == [] and prompt_of(s, 1).kind == "find"


# ------------------------------------------------------------------ secret steps


def test_buying_with_nothing_affordable_is_still_asked() -> None:
    s = at_buy(new(2), [[43, 55], [44, 56]], fish=0)
    for seat in (0, 1):
        assert ids(s, seat) == ["done"]
    answer(s, 0, "done")
    assert has_prompt(s, 1) and not has_prompt(s, 0)


def test_committing_without_rescue_cards_is_still_asked() -> None:
    s = at_buy(new(2), [[], []])
    answer(s, 0, "done")
    answer(s, 1, "done")
    assert s.phase == "commit"
    for seat in (0, 1):
        assert prompt_of(s, seat).kind == "commit" and ids(s, seat) == ["done"]


# ------------------------------------------------------------------ old saves


def test_an_old_save_at_a_lone_pass_still_loads_and_plays() -> None:
    s = at_finds(new(2), 0, others_hold=False)  # as saved before: Ann asked, only Pass
    assert ids(s, 0) == ["pass"]
    back = GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s))))
    assert ids(back, 0) == ["pass"]
    events = answer(back, 0, "pass")
    assert "Ann passes for the rest of the rare finds." in lines(events)
    assert "Bob has nothing to play and passes for the rest of the rare finds." in lines(events)
    assert back.day == 2 and back.phase == "draft"
