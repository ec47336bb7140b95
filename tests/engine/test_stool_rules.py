"""Stool Pigeon, rule by rule: crime scenes, an answer, the expected table.

Seats are Ann (0, positions A1...), Bob (1, B1...), Cy (2, C1...).  ``make_state``
lays out exactly the cards a scenario needs and makes it Ann's turn to draw unless
told otherwise; faces are short: "4", "meatball", "stool", "bamboozle", "vendetta",
"kingpin", "rat".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from stool_helpers import (
    NAMES,
    answer,
    at,
    card_ids,
    check_cards,
    claim,
    face,
    kinds,
    kinds_of,
    knows,
    make_state,
    option_ids,
    pass_race,
    prompt_of,
    prompts_of,
    rat_card,
    scene,
    snapshot,
    the_event,
    top,
    turn,
)

from engine.core import Event, IllegalMove
from engine.games.stool.cards import DECK_SIZE, FACE_VALUE, MEAN_VALUE, all_faces, matches
from engine.games.stool.rules import GAME, StoolState, _decide

# Three crime scenes used by many scenarios.
ANN = ["4", "9", "2", "7"]
BOB = ["4", "6", "8", "kingpin"]
CY = ["5", "5", "3", "1"]


def three(scenes: Mapping[int, Sequence[str | None]] | None = None, **kw: Any) -> StoolState:
    """Ann, Bob and Cy with the scenes above (or ``scenes``)."""
    return make_state(scenes or {0: ANN, 1: BOB, 2: CY}, **kw)


def refused(s: StoolState, seat: int, prompt_id: str, option_id: str) -> None:
    """The answer raises IllegalMove and changes nothing."""
    before = snapshot(s)
    prompts = list(GAME.prompts(s))
    with pytest.raises(IllegalMove) as info:
        GAME.apply(s, seat, prompt_id, option_id)
    assert str(info.value)
    assert snapshot(s) == before
    assert GAME.prompts(s) == prompts


def ann_plays_a_4(**kw: Any) -> StoolState:
    """Ann draws a 1 and swaps it into A1: the 4 there is played, a race opens."""
    s = three(draw_top=["1"], **kw)
    turn(s, "draw", "A1")
    assert s.race is not None and top(s) == "witness:4"
    return s


# ------------------------------------------------------------------------------ the deck


def test_the_deck_has_54_cards() -> None:
    faces = all_faces()
    assert len(faces) == DECK_SIZE == 54
    for v in range(1, 10):
        assert faces.count(f"witness:{v}") == 4
    assert faces.count("meatball") == 1 and faces.count("rat") == 1
    for key, value in (("stool", 7), ("bamboozle", 5), ("vendetta", 3), ("kingpin", 1)):
        assert faces.count(f"pigeon:{key}") == 4
        assert FACE_VALUE[f"pigeon:{key}"] == value
    assert FACE_VALUE["meatball"] == 0 and FACE_VALUE["rat"] is None
    assert 4 < MEAN_VALUE < 5


def test_only_the_very_same_witness_matches() -> None:
    assert matches("witness:4", "witness:4")
    assert not matches("witness:1", "pigeon:kingpin")  # a pigeon never matches
    assert not matches("witness:3", "pigeon:vendetta")
    assert not matches("pigeon:kingpin", "pigeon:kingpin")  # a pigeon opens no race
    assert not matches("witness:5", "rat")
    assert matches("meatball", "meatball")  # ...but there is only one Meatball


# ------------------------------------------------------------------------------ set-up


@pytest.mark.parametrize("n", range(2, 7))
def test_setup_deals_four_each_and_everyone_peeks_at_once(n: int) -> None:
    s = GAME.setup(NAMES[:n], 11)
    check_cards(s)
    assert [len(sc) for sc in s.scenes] == [4] * n
    assert len(s.draw) == 54 - 4 * n and s.play == []
    assert kinds(s) == [(x, "peek") for x in range(n)]
    for x in range(n):
        assert option_ids(s, x) == ["done"]
        view = GAME.view(s, x)
        shown = {p["pos"]: p["card"]["face"] for p in view["private"]["peek"]}
        letter = "ABCDEF"[x]
        assert shown == {f"{letter}3": at(s, f"{letter}3"), f"{letter}4": at(s, f"{letter}4")}
        assert knows(s, x) == shown
        assert view["public"]["stage"]["kind"] == "peek"
    assert GAME.outcome(s) is None


def test_after_every_peek_the_first_seat_draws_and_nobody_peeks_twice() -> None:
    s = GAME.setup(NAMES[:3], 5)
    events = answer(s, 1, "done")
    assert the_event(events, "peek").text == "Bob has peeked at B3 and B4."
    secret = dict(the_event(events, "peek").secrets)[1]
    assert secret.startswith("You peek at B3: ")
    assert GAME.view(s, 1)["private"]["peek"] == []  # shown once only
    assert knows(s, 1)  # ...but remembered
    refused(s, 1, "peek.1", "done")
    assert kinds(s) == [(0, "peek"), (2, "peek")]
    answer(s, 0, "done")
    events = answer(s, 2, "done")
    assert kinds_of(events)[-1] == "turn"
    assert kinds(s) == [(0, "draw")]
    assert option_ids(s, 0) == ["draw"]  # no PLAY card yet, no knock in round 1


def test_the_seed_decides_which_id_is_which_card() -> None:
    a, b, c = (GAME.setup(NAMES[:3], seed) for seed in (1, 1, 2))
    assert snapshot(a) == snapshot(b)
    assert a.faces != c.faces  # an id alone says nothing about its card


# ------------------------------------------------------------------------------ a turn


def test_drawing_shows_the_card_to_the_drawer_only() -> None:
    s = three(draw_top=["3"])
    events = answer(s, 0, "draw")
    drawn = s.drawn
    assert drawn is not None and s.faces[drawn] == "witness:3"
    ev = the_event(events, "draw")
    assert ev.text == "Ann draws from the DRAW pile." and ev.secrets == ((0, "You draw a 3."),)
    assert GAME.view(s, 0)["private"]["drawn"]["face"] == "witness:3"
    for x in (None, 1, 2):
        assert drawn not in card_ids(GAME.view(s, x))
    assert GAME.view(s, 0)["public"]["stage"] == {
        "kind": "swap",
        "seat": 0,
        "action": None,
        "picked": [],
        "from": "draw",
    }
    assert option_ids(s, 0) == ["slot:A1", "slot:A2", "slot:A3", "slot:A4"]


def test_the_swapped_card_is_played_face_up_and_the_drawn_one_stays_hidden() -> None:
    s = three(draw_top=["3"])
    events = turn(s, "draw", "A2")
    assert the_event(events, "play").text == "Ann plays a 9 from A2: race!"
    assert at(s, "A2") == "witness:3" and top(s) == "witness:9"
    assert knows(s, 0) == {"A2": "witness:3"}
    assert knows(s, 1) == {} and knows(s, 2) == {}
    public = GAME.view(s, None)["public"]
    assert public["play_top"]["face"] == "witness:9" and not public["play_top"]["eliminated"]
    assert public["seats"][0]["slots"][1] == {"pos": "A2", "empty": False, "face_up": False}


def test_taking_the_play_top_is_public() -> None:
    s = three(seat=1, play=["3"])
    assert option_ids(s, 1) == ["draw", "take"]
    events = answer(s, 1, "take")
    assert the_event(events, "take").text == "Bob takes a 3 from the PLAY pile."
    assert GAME.view(s, None)["public"]["stage"]["taken"]["face"] == "witness:3"
    answer(s, 1, "slot:B2")
    for x in range(3):
        assert knows(s, x)["B2"] == "witness:3"
    assert top(s) == "witness:6"


@pytest.mark.parametrize(
    ("pile", "eliminated"),
    [([], False), (["3"], True), (["stool"], False), (["meatball", "kingpin"], False)],
)
def test_eliminated_cards_and_pigeons_cannot_be_taken(pile: list[str], eliminated: bool) -> None:
    s = three(play=pile, eliminated_top=eliminated)
    assert option_ids(s, 0) == ["draw"]


def test_the_meatball_can_be_taken() -> None:
    s = three(play=["meatball"])
    assert "take" in option_ids(s, 0)


def test_knocking_is_allowed_from_the_second_round() -> None:
    assert "knock" not in option_ids(three(in_round=1), 0)
    assert option_ids(three(in_round=2), 0) == ["draw", "knock"]
    s = three(in_round=1, options={"first_knock_round": 1})
    assert "knock" in option_ids(s, 0)


# ------------------------------------------------------------------------------ the race


def test_a_played_witness_opens_a_race_for_everyone_alongside_the_next_turn() -> None:
    s = ann_plays_a_4()
    race = [p for p in GAME.prompts(s) if p.kind == "race"]
    assert sorted(p.seat for p in race) == [0, 1, 2]
    # Everyone gets the same question and the same choices, whatever they know.
    assert len({(p.text, p.options, p.pass_option) for p in race}) == 1
    assert race[0].pass_option == "pass"
    ids = [o.id for o in race[0].options]
    assert ids[0] == "pass"
    assert ids[1:] == [f"claim:{x}{i}" for x in "ABC" for i in range(1, 5)]
    assert prompt_of(s, 1, "draw").options[1].id == "take"
    public = GAME.view(s, None)["public"]
    assert public["race"]["open"] and public["race"]["card"]["face"] == "witness:4"
    assert public["race"]["seat"] == 0 and public["turn"] == 1


def test_a_right_claim_on_your_own_card_eliminates_it() -> None:
    s = ann_plays_a_4(known={0: ["A3"]}, scenes={0: ["4", "9", "4", "7"], 1: BOB, 2: CY})
    old = prompt_of(s, 1, "draw")
    events = claim(s, 0, "A3")
    assert the_event(events, "claim").text == "Ann claims A3: it is a 4, eliminated!"
    assert "race_over" in kinds_of(events)
    assert at(s, "A3") is None and s.race is None and s.giveback is None
    assert top(s) == "witness:4" and GAME.view(s, None)["public"]["play_top"]["eliminated"]
    assert knows(s, 0) == {"A1": "witness:1"}
    # Bob can no longer take it: his prompt changed, so the old one is refused.
    assert kinds(s) == [(1, "draw")]
    assert option_ids(s, 1) == ["draw"]
    refused(s, 1, old.id, "take")
    slot = GAME.view(s, None)["public"]["seats"][0]["slots"][2]
    assert slot == {"pos": "A3", "empty": True, "face_up": False}


def test_a_right_claim_on_another_card_asks_for_a_give_back() -> None:
    s = ann_plays_a_4(known={2: ["B1", "C4"]})
    claim(s, 2, "B1")
    assert at(s, "B1") is None and top(s) == "witness:4"
    # Only the give-back is open: Bob's turn waits.
    assert kinds(s) == [(2, "giveback")]
    assert option_ids(s, 2) == ["slot:C1", "slot:C2", "slot:C3", "slot:C4"]
    assert GAME.view(s, None)["public"]["giveback"] == {"seat": 2, "owner": 1, "pos": "B1"}
    events = answer(s, 2, "slot:C4")
    ev = the_event(events, "giveback")
    assert ev.text == "Cy gives Bob the card from C4: it goes face down into B1."
    assert at(s, "B1") == "witness:1" and at(s, "C4") is None
    assert "B1" not in knows(s, 1)  # Bob does not see what he got
    assert knows(s, 2) == {"B1": "witness:1"}  # Cy knew it: Cy still knows where it is
    assert kinds(s) == [(1, "draw")]


def test_a_wrong_claim_reveals_the_card_and_costs_a_penalty() -> None:
    s = three(draw_top=["1", "8"])
    turn(s, "draw", "A1")
    before = {p.seat: p.id for p in GAME.prompts(s) if p.kind == "race"}
    events = claim(s, 1, "C1")
    ev = the_event(events, "wrong")
    assert ev.text == (
        "Bob claims C1: it is a 5, not the 4! It goes back; "
        "Bob takes a penalty card, face down, into B5."
    )
    assert at(s, "C1") == "witness:5"  # it stays
    for x in range(3):
        assert knows(s, x).get("C1") == "witness:5"  # everyone saw it
        assert "B5" not in knows(s, x)  # nobody saw the penalty card
    assert at(s, "B5") == "witness:8"
    # Bob is out of this race; the others' choices now include B5 (a new prompt id).
    assert [p.kind for p in prompts_of(s, 1)] == ["draw"]
    for x in (0, 2):
        race = prompt_of(s, x, "race")
        assert race.id != before[x] and race.option("claim:B5") is not None
    assert GAME.view(s, None)["public"]["race"]["out"] == [1]
    refused(s, 1, before[1], "claim:A3")


def test_with_race_retries_a_wrong_claimer_may_claim_again() -> None:
    s = three(draw_top=["1"], options={"race_retries": True})
    turn(s, "draw", "A1")
    claim(s, 1, "C1")
    assert len(s.scenes[1]) == 5
    events = claim(s, 1, "B1")
    assert "claim" in kinds_of(events) and at(s, "B1") is None


def test_a_pigeon_never_matches_a_witness_of_its_number() -> None:
    s = three(scenes={0: ["1", "9", "2", "7"], 1: BOB, 2: CY}, draw_top=["2"])
    turn(s, "draw", "A1")  # Ann plays a 1
    events = claim(s, 2, "B4")  # Bob's Kingpin (value 1)
    assert "wrong" in kinds_of(events) and at(s, "B4") == "pigeon:kingpin"


def test_nothing_matches_the_meatball() -> None:
    s = three(scenes={0: ["meatball", "9"], 1: ["5"], 2: ["3"]}, draw_top=["2"])
    turn(s, "draw", "A1")
    assert top(s) == "meatball" and s.race is not None  # a race anyway, as for any witness
    for x, pos in ((1, "B1"), (2, "A2")):
        assert "wrong" in kinds_of(claim(s, x, pos))


def test_the_race_closes_when_the_next_card_is_played_on_top() -> None:
    s = ann_plays_a_4()
    ids = {p.seat: p.id for p in GAME.prompts(s) if p.kind == "race"}
    answer(s, 1, "draw", "draw")
    # Drawing changes nothing in the race: the same prompts stay open.
    assert {p.seat: p.id for p in GAME.prompts(s) if p.kind == "race"} == ids
    events = answer(s, 1, "slot:B4", "swap")  # Bob plays his Kingpin on the 4
    ev = the_event(events, "race_over")
    assert ev.text == "A card covers it: the race for the 4 is over."
    assert s.race is None and kinds(s) == [(1, "kingpin")]
    refused(s, 2, ids[2], "claim:B1")


def test_the_race_closes_when_the_next_player_takes_the_witness() -> None:
    s = ann_plays_a_4()
    events = answer(s, 1, "take", "draw")
    assert the_event(events, "race_over").text == "Bob took it: the race for the 4 is over."
    assert s.race is None and kinds(s) == [(1, "swap")]


def test_the_race_closes_when_everyone_has_passed() -> None:
    s = ann_plays_a_4()
    events = pass_race(s)
    assert kinds_of(events) == ["race_over"]
    assert events[0].text == "No more claims: the race for the 4 is over."
    assert kinds(s) == [(1, "draw")] and top(s) == "witness:4"
    assert "take" in option_ids(s, 1)


def test_a_pass_leaves_the_others_prompts_as_they_were() -> None:
    s = ann_plays_a_4()
    others = [p for p in GAME.prompts(s) if p.seat != 2]
    answer(s, 2, "pass", "race")
    assert GAME.prompts(s) == others
    s.touch()  # and a fresh computation agrees with the cached one
    assert GAME.prompts(s) == others


def test_the_next_player_may_race_during_their_own_turn() -> None:
    s = ann_plays_a_4(known={1: ["B1"]})
    answer(s, 1, "draw", "draw")
    claim(s, 1, "B1")
    assert at(s, "B1") is None and s.giveback is None
    assert kinds(s) == [(1, "swap")]
    assert option_ids(s, 1) == ["slot:B2", "slot:B3", "slot:B4"]


def test_a_drawn_card_goes_into_an_empty_scene_when_the_last_card_was_claimed() -> None:
    s = three(scenes={0: ANN, 1: ["4"], 2: CY}, draw_top=["1", "6"])
    turn(s, "draw", "A1")
    answer(s, 1, "draw", "draw")
    claim(s, 1, "B1")
    assert option_ids(s, 1, "swap") == ["slot:B1"]
    events = answer(s, 1, "slot:B1", "swap")
    assert the_event(events, "place").text == "Bob puts the card in B1; there is nothing to play."
    assert at(s, "B1") == "witness:6" and kinds(s) == [(2, "draw")]


def test_a_turn_left_with_nothing_to_do_by_a_race_passes() -> None:
    s = three(scenes={0: ANN, 1: ["4"], 2: CY}, draw_top=["1"])
    turn(s, "draw", "A1")
    assert option_ids(s, 1, "draw") == ["draw", "take"]
    events = claim(s, 1, "B1")  # Bob's own last card: now he can neither draw nor knock
    assert kinds_of(events) == ["claim", "race_over", "pass", "turn"]
    assert the_event(events, "pass").text == "Bob can do nothing and passes."
    assert s.race is None and kinds(s) == [(2, "draw")]
    assert GAME.view(s, None)["public"]["turn"] == 2


def test_a_wrong_claim_with_no_card_left_costs_nothing() -> None:
    s = three(scenes={0: ANN, 1: BOB, 2: CY}, draw_top=["1"], rest=2)
    turn(s, "draw", "A1")  # DRAW is now empty; PLAY holds only the 4
    events = claim(s, 1, "C1")
    assert "there is no card left for a penalty" in the_event(events, "wrong").text
    assert len(s.scenes[1]) == 4
    check_cards(s)


# ------------------------------------------------------------------------------ pigeons


def test_the_stool_pigeon_peeks_at_any_card() -> None:
    s = three(scenes={0: ["stool", "9"], 1: BOB, 2: CY}, draw_top=["2"])
    events = turn(s, "draw", "A1")
    assert the_event(events, "play").text.startswith("Ann plays a Stool Pigeon (7) from A1:")
    assert s.race is None and kinds(s) == [(0, "look")]
    assert option_ids(s, 0) == [f"slot:{p}" for p in ("A1", "A2", "B1", "B2", "B3", "B4")] + [
        f"slot:C{i}" for i in range(1, 5)
    ]
    events = answer(s, 0, "slot:C3")
    ev = the_event(events, "look")
    assert ev.text == "Ann peeks at C3." and ev.secrets == ((0, "You peek at C3: a 3."),)
    assert kinds(s) == [(0, "seen")] and option_ids(s, 0) == ["ok"]
    peek = GAME.view(s, 0)["private"]["peek"]
    assert [(p["pos"], p["card"]["face"]) for p in peek] == [("C3", "witness:3")]
    assert "id" not in peek[0]["card"]
    for x in (1, 2):
        assert GAME.view(s, x)["private"]["peek"] == []
        assert "C3" not in knows(s, x)
    assert knows(s, 0)["C3"] == "witness:3"
    assert GAME.view(s, None)["public"]["stage"]["picked"] == ["C3"]
    answer(s, 0, "ok")
    assert kinds(s) == [(1, "draw")]
    assert GAME.view(s, 0)["private"]["peek"] == []


def test_bamboozle_swaps_two_cards_and_memories_follow_them() -> None:
    s = three(scenes={0: ["bamboozle", "9"], 1: BOB, 2: CY}, draw_top=["2"], known={1: ["C1"]})
    turn(s, "draw", "A1")
    assert kinds(s) == [(0, "switch")]
    answer(s, 0, "slot:A2")
    assert "slot:A2" not in option_ids(s, 0)  # two different cards
    events = answer(s, 0, "slot:C1")
    assert the_event(events, "switch").text == "Ann swaps A2 and C1 (Bamboozle)."
    assert at(s, "A2") == "witness:5" and at(s, "C1") == "witness:9"
    assert knows(s, 1) == {"A2": "witness:5"}
    assert knows(s, 0) == {"A1": "witness:2"}
    assert kinds(s) == [(1, "draw")]


def test_bamboozle_with_fewer_than_two_cards_on_the_table_does_nothing() -> None:
    s = make_state({0: ["bamboozle"]}, draw_top=["2"])
    events = turn(s, "draw", "A1")
    assert "There are not two face-down cards to swap" in the_event(events, "switch").text
    # Bob has no card: he can neither draw nor (in round 1) knock, so he passes.
    assert the_event(events, "pass").text == "Bob can do nothing and passes."
    assert kinds(s) == [(0, "draw")] and s.round == 2


def test_vendetta_peeks_then_swaps_any_two() -> None:
    s = three(scenes={0: ["vendetta", "9"], 1: BOB, 2: CY}, draw_top=["2"])
    turn(s, "draw", "A1")
    answer(s, 0, "slot:B2", "look")
    assert knows(s, 0)["B2"] == "witness:6"
    answer(s, 0, "ok", "seen")
    assert kinds(s) == [(0, "switch")]
    answer(s, 0, "slot:C1")
    answer(s, 0, "slot:C2")
    assert at(s, "C1") == "witness:5" and at(s, "C2") == "witness:5"
    assert knows(s, 0) == {"A1": "witness:2", "B2": "witness:6"}
    assert kinds(s) == [(1, "draw")]


def test_the_kingpin_eliminates_one_of_your_own_cards() -> None:
    s = three(scenes={0: ["kingpin", "9"], 1: BOB, 2: CY}, draw_top=["2"])
    turn(s, "draw", "A1")
    assert option_ids(s, 0) == ["eliminate:A1", "eliminate:A2", "give:1", "give:2"]
    events = answer(s, 0, "eliminate:A2")
    ev = the_event(events, "kingpin")
    assert ev.text == "Ann eliminates A2 with the Kingpin: it was a 9."
    assert at(s, "A2") is None and top(s) == "witness:9" and s.play[-1] in s.eliminated
    assert s.race is None  # an elimination is not a played witness
    assert option_ids(s, 1) == ["draw"]  # and it cannot be taken


def test_the_kingpin_adds_the_next_draw_card_to_another_scene() -> None:
    s = three(scenes={0: ["kingpin", "9"], 1: BOB, 2: CY}, draw_top=["2", "8"])
    turn(s, "draw", "A1")
    events = answer(s, 0, "give:2")
    ev = the_event(events, "kingpin")
    assert ev.text == "Ann's Kingpin adds the top DRAW card to Cy's crime scene, face down in C5."
    assert at(s, "C5") == "witness:8" and not ev.secrets
    for x in range(3):
        assert "C5" not in knows(s, x)


# ------------------------------------------------------------------------------ the Rat


def test_a_played_rat_comes_back_and_the_drawn_card_stays() -> None:
    s = three(scenes={0: ANN, 1: ["rat", "6"], 2: CY}, draw_top=["1", "3"])
    turn(s, "draw", "A1")  # Ann plays a 4: a race is open
    events = turn(s, "draw", "B1")  # Bob draws a 3 and plays the Rat from B1
    assert "race_over" in kinds_of(events)
    ev = the_event(events, "rat")
    assert ev.text == (
        "Bob plays the Rat from B1! It scurries back into B3, and Bob keeps the drawn card "
        "too. RATS!"
    )
    assert scene(s, 1) == ["witness:3", "witness:6", "rat"]
    assert top(s) == "witness:4"  # the Rat never stays on the PLAY pile
    assert s.race is None  # and it opens no race
    for x in range(3):
        assert knows(s, x).get("B3") == "rat"  # everyone saw where it went
    assert kinds(s) == [(2, "draw")]


def test_the_rat_can_be_bamboozled_away() -> None:
    s = three(scenes={0: ["bamboozle", "rat"], 1: BOB, 2: CY}, draw_top=["2"])
    turn(s, "draw", "A1")
    answer(s, 0, "slot:A2")
    answer(s, 0, "slot:B3")
    assert at(s, "B3") == "rat" and at(s, "A2") == "witness:8"


def test_the_rat_can_be_eliminated_by_the_kingpin() -> None:
    s = three(scenes={0: ["kingpin", "rat"], 1: BOB, 2: CY}, draw_top=["2"])
    turn(s, "draw", "A1")
    answer(s, 0, "eliminate:A2")
    assert top(s) == "rat" and s.play[-1] in s.eliminated and at(s, "A2") is None
    assert option_ids(s, 1) == ["draw"]


def mentions_the_rat(events: list[Event]) -> list[str]:
    """Every line of ``events``, public or secret, that names the Rat."""
    lines = [e.text for e in events] + [text for e in events for _, text in e.secrets]
    return [line for line in lines if "rat" in line.lower()]


def test_a_give_back_may_be_the_rat() -> None:
    """A give-back is blind: any of the claimer's cards may go, the Rat too (leaving it out
    would show the claimer where it is).  Once given, it is the receiver's Rat."""
    s = three(
        scenes={0: ANN, 1: ["rat", None, "5"], 2: ["4", "2"]},
        draw_top=["1", "3", "5", "6"],
        in_round=2,
    )
    turn(s, "draw", "A1")  # Ann plays a 4
    events = claim(s, 1, "C1")  # right: Bob owes Cy a card
    gb = prompt_of(s, 1, "giveback")
    # Exactly every card Bob has (not the empty B2), the Rat's B1 among them.
    assert [(o.id, o.label) for o in gb.options] == [
        ("slot:B1", "Give the card in B1"),
        ("slot:B3", "Give the card in B3"),
    ]
    assert "rat" not in gb.text.lower()
    events += answer(s, 1, "slot:B1")
    assert the_event(events, "giveback").text == (
        "Bob gives Cy the card from B1: it goes face down into C1."
    )
    assert mentions_the_rat(events) == []
    assert at(s, "C1") == "rat" and at(s, "B1") is None and at(s, "B3") == "witness:5"
    assert all("C1" not in knows(s, x) for x in range(3))  # nobody has seen it
    check_cards(s)
    # Bob knocks; Cy plays a 2 and Ann a 9 for their last turns; the Rat counts for Cy.
    answer(s, 1, "knock")
    turn(s, "draw", "C2")
    pass_race(s)
    turn(s, "draw", "A2")
    pass_race(s)
    out = GAME.outcome(s)
    assert out is not None and out.scores == (1 + 5 + 2 + 7, 5, 6 + 3) and out.winners == (1,)


def test_a_given_rat_is_remembered_where_it_goes() -> None:
    """Knowledge follows the card: who knew where the Rat was still knows, after a give-back."""
    s = three(
        scenes={0: ANN, 1: ["rat", "5"], 2: ["4"]}, draw_top=["1"], known={0: ["B1"], 1: ["B1"]}
    )
    turn(s, "draw", "A1")  # Ann plays a 4
    claim(s, 1, "C1")
    events = answer(s, 1, "slot:B1")
    assert mentions_the_rat(events) == []
    assert knows(s, 0)["C1"] == "rat" and knows(s, 1)["C1"] == "rat"
    assert "C1" not in knows(s, 2)  # Cy does not see what he got


def test_a_claimer_with_only_the_rat_gives_it() -> None:
    """Nothing tells anyone that the claimer's only card is the Rat: it is given blind."""
    s = three(scenes={0: ANN, 1: [None, "rat"], 2: ["4", "6"]}, draw_top=["1"])
    turn(s, "draw", "A1")  # Ann plays a 4
    events = claim(s, 1, "C1")
    assert kinds(s) == [(1, "giveback")]
    assert option_ids(s, 1) == ["slot:B2"]
    assert "giveback" not in kinds_of(events)  # nothing said about what Bob holds
    events += answer(s, 1, "slot:B2")
    assert mentions_the_rat(events) == []
    assert s.giveback is None and at(s, "C1") == "rat" and scene(s, 1) == [None, None]
    assert GAME.view(s, None)["public"]["seats"][2]["slots"][0] == {
        "pos": "C1",
        "empty": False,
        "face_up": False,
    }
    check_cards(s)


def test_claiming_the_rat_is_always_wrong() -> None:
    s = three(scenes={0: ANN, 1: ["rat"], 2: CY}, draw_top=["1", "5"])
    turn(s, "draw", "A1")
    assert "wrong" in kinds_of(claim(s, 2, "B1"))
    assert at(s, "B1") == "rat"


# ------------------------------------------------------------------------------ the end


def test_a_knock_gives_everyone_else_one_last_turn() -> None:
    s = three(in_round=2, draw_top=["1", "2"])
    events = answer(s, 0, "knock")
    assert the_event(events, "knock").text == "Ann knocks! Everyone else takes one last turn."
    assert the_event(events, "turn").text == "Bob's turn (last turn)."
    assert "knock" not in option_ids(s, 1)
    assert GAME.view(s, None)["public"]["knock"] == {"seat": 0, "last_turns": 2}
    turn(s, "draw", "B4")  # Bob plays his Kingpin
    answer(s, 1, "eliminate:B2")
    assert kinds(s) == [(2, "draw")]
    turn(s, "draw", "C4")  # Cy plays a 1: the race is played out before the end
    assert GAME.outcome(s) is None
    assert {k for _, k in kinds(s)} == {"race"}  # Ann never plays again
    events = pass_race(s)
    assert kinds_of(events)[-3:] == ["race_over", "reveal", "game_over"]
    out = GAME.outcome(s)
    assert out is not None
    # Ann 4+9+2+7 = 22; Bob 4+8+1 (B4 now holds the 1) = 13; Cy 5+5+3+2 = 15.
    assert out.scores == (22, 13, 15) and out.winners == (1,)
    assert out.reason == "Bob wins with the lowest total, 13."
    public = GAME.view(s, 2)["public"]
    assert public["over"] and public["stage"]["kind"] == "over"
    slots = public["seats"][0]["slots"]
    assert all(slot["face_up"] for slot in slots)
    assert [slot["card"]["face"] for slot in slots] == [face(f) for f in ANN]
    assert GAME.prompts(s) == []


def test_the_rat_is_worth_the_top_draw_card_at_the_end() -> None:
    s = make_state({0: ["1", "rat"], 1: ["9", "9"]}, in_round=2, draw_top=["5", "6"])
    answer(s, 0, "knock")
    turn(s, "draw", "B1")
    events = pass_race(s)
    ev = the_event(events, "rat_value")
    assert ev.text == "The top DRAW card is a 6: the Rat is worth 6."
    out = GAME.outcome(s)
    assert out is not None and out.scores == (7, 14) and out.winners == (0,)
    result = GAME.view(s, None)["public"]["result"]
    assert result["rat_value"] == 6 and result["rat_card"]["face"] == "witness:6"
    assert s.draw[-1] == int(result["rat_card"]["id"][1:])  # revealed, not drawn


def test_a_pigeon_on_top_of_the_draw_pile_gives_the_rat_its_value() -> None:
    s = make_state({0: ["1", "rat"], 1: ["9", "9"]}, in_round=2, draw_top=["5", "stool"])
    answer(s, 0, "knock")
    turn(s, "draw", "B1")
    pass_race(s)
    out = GAME.outcome(s)
    assert out is not None and out.scores == (8, 14)


@pytest.mark.parametrize(
    ("ann", "bob", "winners", "reason"),
    [
        (
            ["3", "3"],
            ["1", "5"],
            (1,),
            "Ann and Bob tie on 6 with 2 cards each; Bob wins with the lowest card (1).",
        ),
        (
            ["3", "3"],
            ["1", "2", "3"],
            (0,),
            "Ann and Bob tie on 6; Ann wins with the fewest cards (2).",
        ),
        (
            ["2", "4"],
            ["4", "2"],
            (),
            "Ann and Bob tie on 6; Ann and Bob still tie on 2 cards "
            "and a lowest card of 2: no one wins.",
        ),
    ],
)
def test_tie_breaks(ann: list[str], bob: list[str], winners: tuple[int, ...], reason: str) -> None:
    # Bob's last turn swaps a card for its twin, so the scenes end as they began.
    last = bob[-1]
    s = make_state({0: ann, 1: bob}, in_round=2, draw_top=[last])
    answer(s, 0, "knock")
    turn(s, "draw", f"B{len(bob)}")
    pass_race(s)
    out = GAME.outcome(s)
    assert out is not None
    assert out.winners == winners and out.reason == reason
    assert out.is_draw == (not winners)


def test_tie_breaks_with_empty_crime_scenes() -> None:
    assert _decide(["A", "B"], [0, 0], [0, 0], [99, 99]) == (
        [],
        "A and B tie on 0; A and B still tie on 0 cards: no one wins.",
    )
    assert _decide(["A", "B", "C"], [0, 0, 5], [0, 1, 1], [99, 0, 5])[0] == [0]


def test_the_round_limit_ends_and_counts_the_game() -> None:
    s = three(seat=2, draw_top=["2"], options={"turn_limit": 1})
    events = turn(s, "draw", "C1")  # Cy, the last seat of round 1, plays a 5
    assert "limit" in kinds_of(events) and GAME.outcome(s) is None
    assert {k for _, k in kinds(s)} == {"race"}
    pass_race(s)
    out = GAME.outcome(s)
    assert out is not None and out.scores == (22, 19, 11) and out.winners == (2,)


@pytest.mark.parametrize("knocker", [0, 1, 2])
def test_a_knock_in_the_last_round_still_gives_every_other_player_a_last_turn(
    knocker: int,
) -> None:
    """The rulebook: "Each other player MUST take one last turn after the knock", round
    limit or not."""
    s = three(seat=knocker, in_round=2, options={"turn_limit": 2})
    events = answer(s, knocker, "knock")
    last: list[int] = []
    while GAME.outcome(s) is None:
        p = GAME.prompts(s)[0]
        if p.kind == "race":
            events += pass_race(s)
            continue
        if p.kind == "draw":
            last.append(p.seat)
        events += answer(s, p.seat, p.options[0].id, p.kind)
    assert last == [(knocker + 1) % 3, (knocker + 2) % 3]
    assert "limit" not in kinds_of(events)


# ------------------------------------------------------------------------------ empty piles


def test_an_empty_draw_pile_is_refilled_from_the_play_pile_but_its_top() -> None:
    s = three(rest="play", play=["6"])
    s.eliminated = {s.play[0]}
    s.touch()
    count = len(s.play)
    events = answer(s, 0, "draw")
    assert kinds_of(events) == ["reshuffle", "draw"]
    assert len(s.play) == 1 and top(s) == "witness:6" and len(s.draw) == count - 2
    assert s.eliminated == set()
    check_cards(s)


def test_with_nothing_to_draw_a_player_may_take_knock_or_pass() -> None:
    s = make_state({0: ["4"], 1: ["5"]}, rest=1, play=["3"], in_round=2)
    assert option_ids(s, 0) == ["take", "knock"]
    s = make_state({0: ["4"], 1: ["5"]}, rest=1, play=["3"], eliminated_top=True, in_round=2)
    assert option_ids(s, 0) == ["skip", "knock"]
    events = answer(s, 0, "skip")
    assert the_event(events, "pass").text == "Ann passes: there is nothing to draw."
    assert option_ids(s, 1) == ["skip", "knock"]


def test_a_player_who_can_do_nothing_passes_at_once() -> None:
    s = make_state({0: ["4"], 1: ["5"]}, rest=1, play=["3"], eliminated_top=True, in_round=1)
    s.turns -= 1
    events: list[Event] = []
    GAME._begin_turn(s, 0, events)
    s.touch()
    # Round 1: nobody can draw, take or knock, so both pass; in round 2 Ann may knock.
    assert kinds_of(events) == ["pass", "pass", "turn"]
    assert s.seat == 0 and s.round == 2 and option_ids(s, 0) == ["skip", "knock"]


def test_an_empty_crime_scene_can_only_knock_or_pass() -> None:
    s = make_state({0: [None], 1: ["5"]}, play=["3"], in_round=2)
    assert option_ids(s, 0) == ["skip", "knock"]


# ------------------------------------------------------------------------------ refusals


def test_illegal_answers_change_nothing() -> None:
    s = ann_plays_a_4()
    race = prompt_of(s, 2, "race")
    draw = prompt_of(s, 1, "draw")
    refused(s, 2, race.id, "claim:Z9")
    refused(s, 2, race.id, "claim:A9")
    refused(s, 2, race.id, "draw")
    refused(s, 0, draw.id, "draw")  # Bob's decision
    refused(s, 1, "no-such-prompt", "draw")
    refused(s, 1, draw.id, "knock")  # round 1
    claim(s, 2, "B1")  # right: Cy owes Bob a card
    refused(s, 1, draw.id, "draw")  # everything waits for the give-back
    gb = prompt_of(s, 2, "giveback")
    refused(s, 2, gb.id, "slot:B2")  # not Cy's card
    refused(s, 2, gb.id, "slot:C9")
    answer(s, 2, "slot:C1")
    refused(s, 2, gb.id, "slot:C2")  # stale
    draw = prompt_of(s, 1, "draw")
    s.result = {"winners": [], "reason": "", "scores": [0, 0, 0]}
    s.touch()
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(s, 1, draw.id, "draw")


# ------------------------------------------------------------------------------ views


def test_face_down_cards_show_only_their_positions() -> None:
    s = ann_plays_a_4(known={0: ["A2"], 2: ["B1"]})
    for x in (None, 0, 1, 2):
        view = GAME.view(s, x)
        public = view["public"]
        for seat in public["seats"]:
            for slot in seat["slots"]:
                assert set(slot) == {"pos", "empty", "face_up"}
        # The only id anywhere is the PLAY top's.
        assert card_ids(view) == {s.play[-1]}
    assert GAME.view(s, 0)["public"] == GAME.view(s, None)["public"]
    memory = GAME.view(s, 2)["private"]["memory"]
    assert set(memory) == {"B1"} and memory["B1"]["value"] == 4 and "id" not in memory["B1"]
    assert GAME.view(s, None)["private"] == {}


def test_the_rat_card_is_found_in_the_deck() -> None:
    s = GAME.setup(NAMES[:2], 3)
    assert s.faces[rat_card(s)] == "rat"
