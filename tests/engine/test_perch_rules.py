"""Chat perché rules, scenario by scenario: the set-up, movement, cards, breaks and the end."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from perch_helpers import (
    NAMES,
    answer,
    cats,
    check_animals,
    dests,
    flip,
    kinds_of,
    make_state,
    move,
    option_ids,
    prompt,
    snapshot,
    the_event,
)

from engine.core import IllegalMove
from engine.games.perch.board import BRANCHES, NEXT, SQUARES, destinations
from engine.games.perch.cards import DECK, DECK_MAKEUP, DECK_SIZE
from engine.games.perch.rules import (
    BIRDS,
    DEFAULT_TRACK,
    GAME,
    TOKENS,
    PerchState,
    decide,
)

# ---------------------------------------------------------------------- the board


def test_the_tree_has_its_named_squares() -> None:
    assert len(SQUARES) == 5 + 10 * 4
    assert BRANCHES == ("L1", "L2", "L3", "L4", "L5", "R1", "R2", "R3", "R4", "R5")
    assert NEXT["black start"] == NEXT["ginger start"] == ("T1",)
    assert NEXT["T3"] == ("T4", "L3a", "R3a")
    assert NEXT["T5"] == ("L5a", "R5a")
    assert NEXT["R2b"] == ("R2c",)
    assert NEXT["L4d"] == ()


def test_the_decks_and_tokens() -> None:
    assert DECK_SIZE == 32 == sum(n for _, n in DECK_MAKEUP)
    assert TOKENS == (1, 2, 2, 3, 4)
    assert DEFAULT_TRACK == 14
    dogs = sum(int(f[5:]) for f in DECK if f.startswith("dogs:"))
    # Both decks together move the dogs 14 squares: the game ends before a deck runs out.
    assert 2 * dogs == DEFAULT_TRACK


# ---------------------------------------------------------------------- movement


def test_a_cat_climbs_the_trunk_then_goes_out_along_a_branch() -> None:
    assert destinations({}, set(), "black start", "black", 3) == {
        "T1": 1,
        "T2": 2,
        "L1a": 2,
        "R1a": 2,
        "T3": 3,
        "L1b": 3,
        "R1b": 3,
        "L2a": 3,
        "R2a": 3,
    }
    # Forward only: out along its branch, never back to the trunk or to another branch.
    assert destinations({"L2b": "black"}, set(), "L2b", "black", 5) == {"L2c": 1, "L2d": 2}
    assert destinations({"L2d": "black"}, set(), "L2d", "black", 5) == {}
    assert destinations({"T5": "black"}, set(), "T5", "black", 1) == {"L5a": 1, "R5a": 1}


def test_cats_jump_over_cats_but_never_land_on_them() -> None:
    board = {"T1": "black", "T2": "ginger"}
    got = destinations(board, set(), "black start", "black", 3)
    assert "T1" not in got and "T2" not in got
    assert got == {"L1a": 2, "R1a": 2, "T3": 3, "L1b": 3, "R1b": 3, "L2a": 3, "R2a": 3}


def test_the_jump_rule_option() -> None:
    board = {"T1": "ginger", "L2a": "bird"}
    # 'own': only cats of its own colour may be jumped; the ginger cat blocks the trunk.
    assert destinations(board, set(), "black start", "black", 4, "own") == {}
    assert destinations({"T1": "black"}, set(), "black start", "black", 1, "own") == {}
    assert destinations({"T1": "black"}, set(), "black start", "black", 2, "own")["T2"] == 2
    # 'cats' (the default): any cat, not a bird.
    got = destinations(board, set(), "T2", "black", 3, "cats")
    assert "L2b" not in got and "T3" in got
    # 'animals': birds too.
    assert destinations(board, set(), "T2", "black", 3, "animals")["L2b"] == 2


def test_at_most_two_cats_of_a_colour_on_the_trunk() -> None:
    board = {"T1": "black", "T3": "black", "T2": "ginger"}
    got = destinations(board, set(), "black start", "black", 3)
    assert not {"T2", "T3", "T4"} & set(got)  # a third black cat may not stop on the trunk
    assert got == {"L1a": 2, "R1a": 2, "L1b": 3, "R1b": 3, "L2a": 3, "R2a": 3}
    # ...but a cat already on the trunk may climb it, and the ginger cats are not limited.
    assert destinations(board, set(), "T3", "black", 1) == {"T4": 1, "L3a": 1, "R3a": 1}
    assert "T4" in destinations(board, set(), "ginger start", "ginger", 4)


def test_nothing_goes_onto_a_broken_branch() -> None:
    got = destinations({}, {"L1"}, "black start", "black", 3)
    assert not any(sq.startswith("L1") for sq in got) and "R1b" in got
    s = make_state(broken=["L1"], next_cards={0: ["bird"]})
    flip(s)
    spots = option_ids(s, "bird")
    assert len(spots) == 36 and not any(o.startswith("spot:L1") for o in spots)


# ---------------------------------------------------------------------- cat cards


def test_a_one_cat_card_may_stop_short() -> None:
    s = make_state(next_cards={0: ["cats:own:1:3"]})
    events = flip(s)
    assert the_event(events, "flip").text == "Ann flips: 1 black cat, 3 squares."
    assert option_ids(s, "cat") == ["cat:black start"]  # no stop before a cat has moved
    events = move(s, "black start", "T1")
    assert "moves a black cat from the black start to trunk square T1 (1 square)" in (
        the_event(events, "move").text
    )
    assert s.board == {"T1": "black"} and s.start == [11, 12]
    assert (s.seat, s.step) == (1, "flip") and "turn" in kinds_of(events)
    check_animals(s)


def test_a_two_cat_card_shares_its_squares() -> None:
    s = make_state({"T1": "black"}, next_cards={0: ["cats:own:2:4"]})
    flip(s)
    assert option_ids(s, "cat") == ["cat:black start", "cat:T1"]
    move(s, "T1", "T2")  # 1 square: 3 left for another cat
    p = prompt(s, "cat")
    assert "3 squares left" in p.text
    # The cat that moved may not move again; the rest are offered, and so is stopping.
    assert [o.id for o in p.options] == ["cat:black start", "stop"]
    assert set(dests(s, "black start")) == {"T1", "L1a", "R1a", "T3", "L1b", "R1b", "L2a", "R2a"}
    move(s, "black start", "L1b")  # 3 squares: the card is used up
    assert cats(s, "black") == ["T2", "L1b"]
    assert (s.seat, s.step) == (1, "flip")


def test_the_second_cat_only_gets_what_is_left() -> None:
    s = make_state({"T1": "black"}, next_cards={0: ["cats:own:2:3"]})
    flip(s)
    move(s, "black start", "L1a")  # jumps T1: 2 squares
    assert dests(s, "T1") == ["T2", "R1a"]
    events = answer(s, "stop", "cat")
    assert the_event(events, "stop").text == "Ann moves no other black cat."
    assert cats(s, "black") == ["T1", "L1a"] and s.seat == 1


def test_a_first_cat_using_every_square_ends_the_card() -> None:
    s = make_state({"T1": "black"}, next_cards={0: ["cats:own:2:3"]})
    flip(s)
    move(s, "T1", "L2b")  # 3 squares
    assert (s.seat, s.step) == (1, "flip")


def test_going_back_changes_nothing() -> None:
    s = make_state({"T2": "black"}, next_cards={0: ["cats:own:2:4"]})
    flip(s)
    before = GAME.state_to_json(s)
    answer(s, "cat:T2", "cat")
    assert prompt(s, "move").options[-1].id == "back"
    answer(s, "back", "move")
    after = GAME.state_to_json(s)
    assert {k: v for k, v in after.items() if k != "pid"} == {
        k: v for k, v in before.items() if k != "pid"
    }
    assert prompt(s, "cat").id != f"p{before['pid']}"


def test_a_card_of_the_opponents_colour_moves_the_opponents_cats() -> None:
    s = make_state({"T1": "ginger", "T2": "black"}, next_cards={0: ["cats:opp:1:2"]})
    events = flip(s)
    assert "1 ginger cat, 2 squares" in the_event(events, "flip").text
    assert option_ids(s, "cat") == ["cat:ginger start", "cat:T1"]
    events = move(s, "T1", "L1b")
    assert s.board == {"L1b": "ginger", "T2": "black"}
    assert the_event(events, "move").text.startswith("Ann moves a ginger cat from trunk square T1")


def test_a_cat_card_that_cannot_be_played_is_discarded() -> None:
    s = make_state({"T1": "ginger"}, next_cards={0: ["cats:own:2:5"]}, options={"jump_over": "own"})
    events = flip(s)
    assert the_event(events, "discard").text == "No black cat can move: the card is discarded."
    assert (s.seat, s.step) == (1, "flip")
    assert GAME.view(s, None)["public"]["players"][0]["discard_top"]["face"] == "cats:own:2:5"


def test_moves_respect_the_trunk_limit_through_the_prompts() -> None:
    s = make_state({"T1": "black", "T3": "black"}, next_cards={0: ["cats:own:1:2"]})
    flip(s)
    assert dests(s, "black start") == ["L1a", "R1a"]
    assert dests(s, "T1") == ["T2", "L1a", "R1a", "L2a", "R2a", "L1b", "R1b"]


# ---------------------------------------------------------------------- breaking


def test_a_branch_breaks_when_its_animals_outnumber_its_strength() -> None:
    s = make_state(
        {"T4": "black", "R4a": "ginger", "R4c": "bird"},
        tokens={"R4": (1, 2)},
        next_cards={0: ["cats:own:1:2"]},
    )
    flip(s)
    events = move(s, "T4", "R4b")
    e = the_event(events, "break")
    assert e.text.startswith("Branch R4 breaks under 3 animals: its strength was 2 (Bob's token).")
    assert e.text.endswith(
        "Down come 1 black cat and 1 ginger cat, back to their starts. "
        "The bird flies back beside the tree."
    )
    assert s.board == {} and s.start == [12, 12] and s.supply == BIRDS
    assert s.broken == ["R4"]
    branch = next(b for b in GAME.view(s, None)["public"]["branches"] if b["name"] == "R4")
    assert branch["broken"] and branch["strength"] == 2 and branch["load"] == 0
    check_animals(s)


def test_a_branch_at_its_strength_holds() -> None:
    s = make_state(
        {"T4": "black", "R4a": "ginger"}, tokens={"R4": (1, 2)}, next_cards={0: ["cats:own:1:2"]}
    )
    flip(s)
    events = move(s, "T4", "R4b")
    assert "break" not in kinds_of(events) and s.board == {"R4a": "ginger", "R4b": "black"}
    branch = next(b for b in GAME.view(s, None)["public"]["branches"] if b["name"] == "R4")
    assert branch["strength"] is None and branch["load"] == 2


def test_a_strength_4_branch_never_breaks() -> None:
    s = make_state(
        {"T1": "black", "L1a": "ginger", "L1b": "black", "L1d": "bird"},
        next_cards={0: ["cats:own:1:3"]},
    )
    flip(s)
    move(s, "T1", "L1c")
    assert not s.broken and GAME.view(s, None)["public"]["branches"][0]["load"] == 4


def test_a_cat_that_broke_its_branch_is_back_at_the_start_for_the_second_move() -> None:
    s = make_state(
        {"T5": "black", "L5a": "ginger"}, tokens={"L5": (0, 1)}, next_cards={0: ["cats:own:2:3"]}
    )
    flip(s)
    events = move(s, "T5", "L5b")
    assert "break" in kinds_of(events) and s.start == [12, 12]
    assert s.moved == ["black start"]
    # 2 squares left; the black start still has other cats (the fallen one moved already).
    assert option_ids(s, "cat") == ["cat:black start", "stop"]
    move(s, "black start", "T1")
    assert s.board == {"T1": "black"} and s.seat == 1
    check_animals(s)


# ---------------------------------------------------------------------- falls and birds


def test_a_cat_falls_card_knocks_down_an_opposing_cat_of_your_choice() -> None:
    s = make_state(
        {"T2": "ginger", "L3b": "ginger", "T1": "black"}, next_cards={1: ["fall"]}, seat=1
    )
    # Bob (ginger) flips it: only the black cats in the tree are offered.
    flip(s)
    assert option_ids(s, "fall") == ["cat:T1"]
    s = make_state({"T2": "ginger", "L3b": "ginger", "T1": "black"}, next_cards={0: ["fall"]})
    flip(s)
    assert option_ids(s, "fall") == ["cat:T2", "cat:L3b"]
    events = answer(s, "cat:L3b", "fall")
    assert the_event(events, "fall").text == (
        "Ann makes the ginger cat on L3b fall back to the ginger start."
    )
    assert s.board == {"T2": "ginger", "T1": "black"} and s.start == [11, 11]
    check_animals(s)


def test_a_cat_falls_card_with_no_opposing_cat_in_the_tree_is_discarded() -> None:
    s = make_state({"T1": "black"}, next_cards={0: ["fall"]})
    events = flip(s)
    assert "No ginger cat is in the tree" in the_event(events, "discard").text
    assert s.seat == 1


def test_the_break_line_names_only_what_came_down() -> None:
    def break_text(board: dict[str, str], spot: str, strength: int = 1) -> str:
        s = make_state(board, tokens={spot[:2]: (1, strength)}, next_cards={0: ["bird"]})
        flip(s)
        return the_event(answer(s, f"spot:{spot}", "bird"), "break").text

    head = "Branch R5 breaks under 2 animals: its strength was 1 (Bob's token). "
    assert break_text({"R5a": "bird"}, "R5b") == head + "The 2 birds fly back beside the tree."
    assert break_text({"R5a": "ginger"}, "R5b") == (
        head + "Down comes 1 ginger cat, back to the ginger start. "
        "The bird flies back beside the tree."
    )
    text = break_text({"R5a": "black", "R5c": "black"}, "R5d", strength=2)
    assert text == (
        "Branch R5 breaks under 3 animals: its strength was 2 (Bob's token). "
        "Down come 2 black cats, back to the black start. The bird flies back beside the tree."
    )
    s = make_state(
        {"T5": "black", "R5a": "black"}, tokens={"R5": (1, 1)}, next_cards={0: ["cats:own:1:2"]}
    )
    flip(s)
    text = the_event(move(s, "T5", "R5b"), "break").text
    assert text == head + "Down come 2 black cats, back to the black start."
    for line in (text, break_text({"R5a": "bird"}, "R5b")):
        assert "fly off" not in line and "Down come 2 birds" not in line


def test_a_bird_counts_towards_the_load_and_can_break_a_branch() -> None:
    s = make_state({"L5a": "ginger"}, tokens={"L5": (0, 1)}, next_cards={0: ["bird"]})
    flip(s)
    assert "spot:L5b" in option_ids(s, "bird") and "spot:L5a" not in option_ids(s, "bird")
    events = answer(s, "spot:L5b", "bird")
    assert kinds_of(events)[:2] == ["bird", "break"]
    assert s.broken == ["L5"] and s.start == [12, 12] and s.supply == BIRDS
    s = make_state({"L1a": "ginger"}, next_cards={0: ["bird"]})
    flip(s)
    answer(s, "spot:L1c", "bird")
    assert s.board == {"L1a": "ginger", "L1c": "bird"} and s.supply == BIRDS - 1


def test_no_bird_left_no_bird() -> None:
    board = {sp: "bird" for sp in ("L1a", "L1b", "L1c", "L1d", "R1a", "R1b", "R1c", "R1d")}
    s = make_state(board, next_cards={0: ["bird"]})
    assert s.supply == 0
    events = flip(s)
    assert "No bird is left" in the_event(events, "discard").text


# ---------------------------------------------------------------------- decks and dogs


def test_an_empty_deck_is_the_discard_pile_shuffled() -> None:
    s = make_state(discard_all={0: True})
    assert not s.decks[0] and len(s.discards[0]) == DECK_SIZE
    assert "empty" in prompt(s, "flip").text
    events = flip(s)
    assert kinds_of(events)[:2] == ["reshuffle", "flip"]
    assert len(s.decks[0]) + len(s.discards[0]) == DECK_SIZE and len(s.discards[0]) >= 1
    public = GAME.view(s, None)["public"]
    assert public["players"][0]["deck"] == len(s.decks[0])


def test_the_dogs_advance_and_the_game_ends_at_the_foot_of_the_tree() -> None:
    s = make_state(
        {"T1": "black", "L1b": "black", "R2a": "ginger"},
        next_cards={0: ["dogs:2"], 1: ["dogs:1"]},
        dogs=DEFAULT_TRACK - 3,
    )
    events = flip(s)
    assert (
        the_event(events, "dogs").text == "The dogs advance 2: 1 square from the foot of the tree."
    )
    assert s.dogs == DEFAULT_TRACK - 1 and s.seat == 1
    events = flip(s)
    assert kinds_of(events) == ["flip", "dogs", "game_over"]
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and out.scores == (2, 1)
    assert out.reason == "Ann wins with 2 cats in the tree against 1."
    assert GAME.prompts(s) == []
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(s, 0, "p1", "flip")


def test_the_dogs_stop_at_the_foot() -> None:
    s = make_state(next_cards={0: ["dogs:2"]}, dogs=DEFAULT_TRACK - 1)
    flip(s)
    assert s.dogs == DEFAULT_TRACK and GAME.view(s, 0)["public"]["dogs"]["left"] == 0


def test_the_tie_rules() -> None:
    assert decide({"T1": "black", "T2": "ginger", "L1a": "ginger"}, NAMES)[0] == [1]
    winners, reason = decide({"T1": "black", "T2": "black", "T3": "ginger", "L2a": "ginger"}, NAMES)
    assert winners == [1] and "more of them on the branches (1 against 0)" in reason
    winners, reason = decide(
        {"L1a": "black", "R3c": "ginger", "T5": "black", "T4": "ginger"}, NAMES
    )
    assert winners == [0] and "highest cat" in reason
    winners, reason = decide(
        {"L5a": "black", "R5c": "ginger", "L1a": "black", "R2a": "ginger"}, NAMES
    )
    assert winners == [1] and "cat number 2 from the top" in reason
    winners, reason = decide({"L3a": "black", "R3c": "ginger"}, NAMES)
    assert winners == [] and reason.endswith("a draw.")
    assert decide({}, NAMES)[0] == []


def test_counts_agree_with_their_nouns() -> None:
    assert decide({"T1": "black"}, NAMES)[1] == "Ann wins with 1 cat in the tree against 0."
    assert decide({}, NAMES)[1] == "Neither Ann nor Bob has a cat in the tree: a draw."
    winners, reason = decide({"T1": "black", "L2a": "ginger"}, NAMES)
    assert winners == [1] and reason == (
        "Ann and Bob both have 1 cat in the tree; Bob's is on a branch, Ann's on the trunk: "
        "Bob wins."
    )
    winners, reason = decide({"L1a": "black", "R3a": "ginger"}, NAMES)
    assert winners == [1] and reason == (
        "Ann and Bob both have 1 cat in the tree, on a branch; Bob wins: "
        "their cat sits higher (height 3 against 1)."
    )
    assert decide({"L1a": "black", "R1a": "ginger"}, NAMES)[1] == (
        "Ann and Bob both have 1 cat in the tree, on a branch, just as high: a draw."
    )
    assert decide({"T1": "black", "T2": "black", "T3": "ginger", "T4": "ginger"}, NAMES)[1] == (
        "Ann and Bob both have 2 cats in the tree, none of them on the branches; Bob wins: "
        "their highest cat sits higher (height 4 against 2)."
    )
    s = make_state({"L1a": "ginger"}, next_cards={0: ["bird"]})
    flip(s)
    labels = {o.id: o.label for o in prompt(s, "bird").options}
    assert labels["spot:L1b"] == "L1b (branch L1: 1 animal now)"
    assert labels["spot:L2a"] == "L2a (branch L2: 0 animals now)"
    s = make_state(next_cards={0: ["dogs:1"]})
    s.discards[0], s.decks[0] = s.decks[0][:-1], s.decks[0][-1:]
    s.touch()
    assert prompt(s, "flip").text == "Your turn: flip a card (deck: 1 card left)."


# ---------------------------------------------------------------------- set-up


def test_the_set_up_places_every_token_in_turn() -> None:
    s = GAME.setup(NAMES, 3)
    assert (s.phase, s.seat) == ("setup", 0)
    assert option_ids(s, "token") == ["token:1", "token:2", "token:3", "token:4"]
    answer(s, "token:3", "token")
    assert prompt(s, "branch").text == "Place your strength 3 token on a free branch."
    ids = option_ids(s, "branch")
    assert ids == [f"branch:{b}" for b in BRANCHES] + ["back"]
    events = answer(s, "branch:L2", "branch")
    e = the_event(events, "token")
    assert e.text == "Ann places a strength token face down on branch L2."
    assert e.text_for(0) == "You place your 3 on branch L2." and e.text_for(1) == e.text
    assert (s.seat, s.step) == (1, "token")
    answer(s, "token:2", "token")
    answer(s, "back", "branch")  # Bob changes his mind
    answer(s, "token:4", "token")
    assert "branch:L2" not in option_ids(s, "branch")
    answer(s, "branch:R1", "branch")
    while s.phase == "setup":
        p = prompt(s)
        if p.kind == "token":
            answer(s, p.options[0].id)
        else:
            events = answer(s, p.options[0].id)
    assert s.tokens["L2"] == [0, 3] and s.tokens["R1"] == [1, 4]
    assert sorted(v for x, v in s.tokens.values() if x == 0) == list(TOKENS)
    assert sorted(v for x, v in s.tokens.values() if x == 1) == list(TOKENS)
    assert kinds_of(events)[-2:] == ["setup_done", "turn"]
    assert (s.phase, s.seat, s.step) == ("play", 0, "flip")
    check_animals(s)


def test_the_last_token_is_still_asked_for() -> None:
    s = GAME.setup(NAMES, 5)
    for _ in range(8):
        answer(s, option_ids(s, "token")[-1], "token")
        answer(s, option_ids(s, "branch")[0], "branch")
    # Each has placed 4, 3, 2 and 2: one 1 left each, still a token prompt, no "back".
    assert s.step == "token" and option_ids(s, "token") == ["token:1"]
    answer(s, "token:1", "token")
    assert option_ids(s, "branch") == ["branch:R4", "branch:R5"]
    answer(s, "branch:R5", "branch")
    assert option_ids(s, "token") == ["token:1"]
    answer(s, "token:1", "token")
    assert option_ids(s, "branch") == ["branch:R4"]


def _setup_as_bob_sees_it(order: tuple[int, ...]) -> list[Any]:
    """Ann places her tokens in ``order`` (each on the first free branch), Bob always
    answers the first option: everything Bob may see, step by step, and the prompts'
    seats, ids and kinds (Bob's own prompts in full)."""
    s = GAME.setup(NAMES, 11)
    values = list(order)
    seen: list[Any] = []
    while s.phase == "setup":
        p = prompt(s)
        seen.append((p.seat, p.id, p.kind, GAME.view(s, 1)))
        if p.seat == 1:
            seen.append((p.text, [(o.id, o.label) for o in p.options]))
            option = p.options[0].id
        elif p.kind == "token":
            option = f"token:{values.pop(0)}"
        else:
            option = next(o.id for o in p.options if o.id.startswith("branch:"))
        events = GAME.apply(s, p.seat, p.id, option)
        seen.append([(e.kind, e.text_for(1)) for e in events])
    seen.append((s.pid, GAME.view(s, 1)))
    return seen


def test_the_order_of_the_tokens_shows_nowhere() -> None:
    """Whatever order Ann places her tokens in (1, 3, 4 first leaves her two 2s), Bob
    sees the same views, prompts, prompt ids and log lines at every step."""
    orders = sorted(set(itertools.permutations(TOKENS)))
    assert len(orders) == 60
    first = _setup_as_bob_sees_it(orders[0])
    for order in orders[1:]:
        assert _setup_as_bob_sees_it(order) == first, order


def test_a_seat_sees_its_own_tokens_only() -> None:
    s = GAME.setup(NAMES, 5)
    answer(s, "token:1", "token")
    answer(s, "branch:L3", "branch")
    answer(s, "token:4", "token")
    assert GAME.view(s, 1)["private"]["placing"] == 4
    assert GAME.view(s, 0)["private"]["placing"] is None
    answer(s, "branch:R3", "branch")
    mine, theirs = GAME.view(s, 0), GAME.view(s, 1)
    assert mine["private"]["strengths"] == {"L3": 1} and theirs["private"]["strengths"] == {"R3": 4}
    assert mine["private"]["tokens_to_place"] == [2, 2, 3, 4]
    assert GAME.view(s, None)["private"] == {}
    for view in (mine, theirs, GAME.view(s, None)):
        owners = {b["name"]: b["token_owner"] for b in view["public"]["branches"]}
        assert owners["L3"] == 0 and owners["R3"] == 1 and owners["L1"] is None
        assert all(b["strength"] is None for b in view["public"]["branches"])


# ---------------------------------------------------------------------- illegal answers


def test_illegal_answers_change_nothing() -> None:
    s = make_state({"T1": "black"}, next_cards={0: ["cats:own:2:4"]})
    flip(s)
    p = prompt(s, "cat")
    before = snapshot(s)
    with pytest.raises(IllegalMove, match="Ann's to make"):
        GAME.apply(s, 1, p.id, "cat:T1")
    with pytest.raises(IllegalMove, match="not one of the choices"):
        GAME.apply(s, 0, p.id, "cat:T2")
    with pytest.raises(IllegalMove, match="not one of the choices"):
        GAME.apply(s, 0, p.id, "stop")  # no stopping before a cat has moved
    with pytest.raises(IllegalMove, match="not open"):
        GAME.apply(s, 0, "p0", "cat:T1")
    assert snapshot(s) == before
    answer(s, "cat:T1", "cat")
    with pytest.raises(IllegalMove, match="not open"):
        GAME.apply(s, 0, p.id, "cat:T1")  # a stale prompt
    with pytest.raises(IllegalMove):
        answer(s, "to:T1", "move")  # T1 is where it stands
    with pytest.raises(IllegalMove):
        answer(s, "to:L3c", "move")  # 5 squares away


# ---------------------------------------------------------------------- views and JSON


def test_views_show_the_tree_the_dogs_the_decks_and_the_card_just_flipped() -> None:
    s = make_state({"T1": "black", "L2c": "bird"}, next_cards={0: ["cats:opp:2:3"]}, dogs=3)
    flip(s)
    public = GAME.view(s, 0)["public"]
    assert public["trunk"][0] == {"pos": "T1", "occupant": "black"}
    l2 = next(b for b in public["branches"] if b["name"] == "L2")
    assert l2["spots"][2] == {"pos": "L2c", "occupant": "bird"} and l2["from"] == "T2"
    assert public["dogs"] == {"position": 3, "track": DEFAULT_TRACK, "left": DEFAULT_TRACK - 3}
    assert public["players"][0]["deck"] == DECK_SIZE - 1 and public["players"][1]["discard"] == 0
    card = public["flipped"]["card"]
    assert card["id"].startswith("b") and card["colour"] == "ginger" and card["whose"] == "opponent"
    assert card["cats"] == 2 and card["squares"] == 3
    assert public["stage"]["kind"] == "cat" and public["stage"]["colour"] == "ginger"
    assert public["stage"]["squares_left"] == 3 and public["birds_supply"] == BIRDS - 1
    assert public == GAME.view(s, 1)["public"] == GAME.view(s, None)["public"]
    json.dumps(GAME.view(s, 0))


def test_json_round_trip_and_load_checks() -> None:
    s = make_state({"T1": "black", "L2c": "bird"}, next_cards={0: ["cats:own:2:4"]}, broken=["R5"])
    flip(s)
    move(s, "T1", "T2")
    data = GAME.state_to_json(s)
    text = json.dumps(data)
    again = GAME.state_from_json(json.loads(text))
    assert GAME.state_to_json(again) == data
    assert [p.to_json() for p in GAME.prompts(again)] == [p.to_json() for p in GAME.prompts(s)]
    bad = json.loads(text)
    bad["start"][0] += 1
    with pytest.raises(ValueError, match="do not add up"):
        GAME.state_from_json(bad)
    bad = json.loads(text)
    bad["board"].update({"T3": "black", "T4": "black"})
    bad["start"][0] -= 2
    with pytest.raises(ValueError, match="trunk"):
        GAME.state_from_json(bad)
    bad = json.loads(text)
    bad["tokens"]["L1"][1] = 3
    with pytest.raises(ValueError, match="tokens"):
        GAME.state_from_json(bad)
    with pytest.raises(ValueError):
        PerchState.from_json({"format": "stool/1"})


def test_clone_is_independent() -> None:
    s = make_state({"T1": "black"}, next_cards={0: ["cats:own:2:4"]})
    twin = GAME.clone(s)
    flip(twin)
    move(twin, "T1", "T3")
    assert s.step == "flip" and s.board == {"T1": "black"} and len(s.decks[0]) == DECK_SIZE
    assert twin.board == {"T3": "black"}


def test_setup_checks_players_and_options() -> None:
    with pytest.raises(ValueError, match="takes 2 players, not 3"):
        GAME.setup(["A", "B", "C"], 1)
    with pytest.raises(ValueError, match="dog_track"):
        GAME.setup(NAMES, 1, {"dog_track": 99})
    with pytest.raises(ValueError, match="jump_over"):
        GAME.setup(NAMES, 1, {"jump_over": "everything"})
    assert GAME.setup(NAMES, 1, {"dog_track": 20}).track == 20


def test_the_rules_text() -> None:
    text = GAME.rules_text()
    for words in ("Chat perché", "congénère", "Tie", "dog track", "32 cards"):
        assert words in text
