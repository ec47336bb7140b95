"""Cats Among The Pigeons, rule by rule: a hand, an answer, the expected state.

Seats are Ann (0), Bob (1), Cy (2), Di (3)...  ``make_state`` deals exactly
the cards a scenario needs (a seat not listed holds nothing) and makes it
Ann's turn unless told otherwise.
"""

from __future__ import annotations

import pytest
from pigeons_helpers import (
    GAME,
    NAMES,
    answer,
    card_option,
    check_cards,
    faces,
    hand,
    has_card_option,
    kind,
    make_state,
    option_ids,
    pass_all,
    pick,
    play,
    prompt_of,
    prompt_seats,
    react,
    snapshot,
    top_face,
)

from engine.core import Event, IllegalMove
from engine.games.pigeons.cards import (
    ACTIONS,
    REACTION_ACTIONS,
    TARGETED_ACTIONS,
    TRAPPABLE_ACTIONS,
)
from engine.games.pigeons.rules import PigeonsState

PLAYABLE = [a for a in ACTIONS if a not in REACTION_ACTIONS]


def target_for(action: str) -> int | str | None:
    """What Ann names when she plays ``action`` in the tests: Bob, or "left"."""
    if action in TARGETED_ACTIONS:
        return 1
    if action == "mail":
        return "left"
    return None


def secrets_of(events: list[Event], event_kind: str) -> dict[int, str]:
    found = [e for e in events if e.kind == event_kind]
    assert len(found) == 1, [e.kind for e in events]
    return dict(found[0].secrets)


def the_event(events: list[Event], event_kind: str) -> Event:
    found = [e for e in events if e.kind == event_kind]
    assert len(found) == 1, [e.kind for e in events]
    return found[0]


# ------------------------------------------------------------------------------ set-up


@pytest.mark.parametrize("n", range(2, 7))
def test_setup_deals_seven_cards_each_and_the_dealers_left_begins(n: int) -> None:
    s = GAME.setup(NAMES[:n], 11)
    check_cards(s)
    assert [len(h) for h in s.hands] == [7] * n
    assert len(s.draw) == 108 - 7 * n
    assert s.discard == [] and s.markers == [[]] * n
    assert s.seat == 1 and s.turn == 1
    p = prompt_of(s, 1)
    assert p.kind == "turn" and [q.seat for q in GAME.prompts(s)] == [1]
    assert GAME.outcome(s) is None


def test_the_deck_is_shuffled_by_the_seed() -> None:
    a, b, c = (GAME.setup(NAMES[:3], seed) for seed in (1, 1, 2))
    assert snapshot(a) == snapshot(b)
    assert snapshot(a) != snapshot(c)
    # Card ids do not give their faces away: the id -> face map changes with the seed.
    assert a.faces != c.faces


@pytest.mark.parametrize("n", [0, 1, 7])
def test_setup_refuses_a_bad_number_of_players(n: int) -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        GAME.setup(NAMES[:1] * n, 1)


@pytest.mark.parametrize(
    "options", [{"nope": 1}, {"rainbow_pairs": "yes"}, {"turn_limit": "ten"}, {"turn_limit": True}]
)
def test_setup_refuses_bad_options(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        GAME.setup(NAMES[:2], 1, options)


# ---------------------------------------------------------------------------- the turn


def test_the_turn_offers_actions_pairs_cats_and_the_draw() -> None:
    s = make_state(
        {0: ["draw2", "pluck", "cat", "cat", "cat", "pigeon:red", "pigeon:red", "pigeon:blue"]}
    )
    ids = option_ids(s, 0)
    played = sorted(s.faces[int(i[6:])] for i in ids if i.startswith("play:"))
    assert played == ["draw2", "pluck"]
    assert [i for i in ids if not i.startswith("play:")] == ["pair:red", "cats", "draw"]


def test_reaction_cards_are_never_played_on_your_own_turn() -> None:
    s = make_state({0: ["wing_block", "trap", "sale", "wing_block", "trap", "sale"]})
    assert option_ids(s, 0) == ["draw"]


def test_drawing_a_card_ends_the_turn() -> None:
    s = make_state({0: ["cat"], 1: ["cat"], 2: ["cat"]}, draw_top=["pigeon:red"])
    events = answer(s, 0, "draw")
    assert hand(s, 0) == ["cat", "pigeon:red"]
    assert s.seat == 1 and s.turn == 2
    assert prompt_seats(s) == [1] and prompt_of(s, 1).kind == "turn"
    drew = the_event(events, "draw")
    assert drew.text == "Ann draws a card."
    assert drew.secrets == ((0, "You draw Red pigeon."),)
    assert the_event(events, "turn").text == "Bob's turn."


def test_play_goes_round_the_table_in_seat_order() -> None:
    s = make_state({x: ["cat"] for x in range(4)})
    seen = []
    for _ in range(6):
        seen.append(s.seat)
        answer(s, s.seat, "draw")
    assert seen == [0, 1, 2, 3, 0, 1]


# ------------------------------------------------------------------ the 14 action cards


def test_draw2_draws_two_cards() -> None:
    s = make_state(
        {0: ["draw2", "cat"], 1: ["pigeon:blue"]}, draw_top=["pigeon:red", "rainbow", "cat"]
    )
    events = play(s, 0, "draw2")
    assert kind(s) == "action" and prompt_seats(s) == [1]
    assert top_face(s) == "draw2"  # face up on the pile while it can be blocked
    assert the_event(events, "play").text == "Ann plays Draw 2."
    events = pass_all(s)
    assert hand(s, 0) == ["cat", "pigeon:red", "rainbow"]
    assert the_event(events, "draw").secrets == (
        (0, "You draw Red pigeon, Rainbow pigeon for Draw 2."),
    )
    assert prompt_of(s, 0).kind == "turn"  # and Ann carries on with her turn
    check_cards(s)


def test_recycle_takes_any_card_of_the_discard_pile_but_itself() -> None:
    s = make_state({0: ["recycle"]}, discard=["cat", "recycle", "pigeon:red"])
    labels = {o.label for o in prompt_of(s, 0, "turn").options if o.id.startswith("play:")}
    assert labels == {"Play Recycle"}
    play(s, 0, "recycle")
    played = s.discard[-1]
    pass_all(s)
    p = prompt_of(s, 0, "pick")
    offered = [int(o.id[1:]) for o in p.options]
    assert played not in offered
    assert faces(s, offered) == ["cat", "pigeon:red", "recycle"]  # the other Recycle is fine
    # Ann searches the pile secretly: her view lists it, nobody else's does.
    assert {c["id"] for c in GAME.view(s, 0)["private"]["search"]} == {f"c{c}" for c in s.discard}
    assert "search" not in GAME.view(s, 1)["private"]
    events = pick(s, 0, "pigeon:red")
    assert hand(s, 0) == ["pigeon:red"]
    assert faces(s, s.discard) == ["cat", "recycle", "recycle"]
    assert the_event(events, "search").secrets == (
        (0, "You take a Red pigeon from the discard pile."),
    )
    assert "Red" not in the_event(events, "search").text
    assert prompt_of(s, 0).kind == "turn"


def test_recycle_on_a_pile_with_only_itself_gives_nothing() -> None:
    s = make_state({0: ["recycle", "cat"]})
    labels = {o.label for o in prompt_of(s, 0, "turn").options if o.id.startswith("play:")}
    assert labels == {"Play Recycle (the discard pile is empty: nothing to take)"}
    play(s, 0, "recycle")
    events = pass_all(s)
    assert hand(s, 0) == ["cat"]
    assert faces(s, s.discard) == ["recycle"]
    assert any("no card in the discard pile" in e.text for e in events)
    assert prompt_of(s, 0).kind == "turn"


def test_pluck_steals_a_card_only_thief_and_victim_learn_which() -> None:
    s = make_state({0: ["pluck"], 1: ["cat"], 2: ["pigeon:red"]}, n=3)
    play(s, 0, "pluck")
    assert option_ids(s, 0) == ["seat:1", "seat:2", "back"]  # another player, not yourself
    answer(s, 0, "seat:1")
    assert prompt_seats(s) == [1, 2]
    events = pass_all(s)
    assert hand(s, 0) == ["cat"] and hand(s, 1) == [] and hand(s, 2) == ["pigeon:red"]
    plucked = the_event(events, "pluck")
    assert plucked.text == "Ann plucks a card from Bob."
    assert dict(plucked.secrets) == {0: "You pluck Cat from Bob.", 1: "Ann plucks your Cat."}


def test_pluck_takes_a_random_card() -> None:
    got = set()
    for seed in range(12):
        s = make_state(
            {0: ["pluck"], 1: ["cat", "pigeon:red", "pigeon:blue", "rainbow"]}, seed=seed
        )
        play(s, 0, "pluck", 1)
        pass_all(s)
        assert len(s.hands[0]) == 1 and len(s.hands[1]) == 3
        got.add(hand(s, 0)[0])
    assert len(got) >= 3


def test_pluck_on_an_empty_hand_takes_nothing() -> None:
    s = make_state({0: ["pluck", "cat"]})
    play(s, 0, "pluck", 1)
    events = pass_all(s)
    assert hand(s, 0) == ["cat"]
    assert the_event(events, "pluck").text == "Bob has no card to pluck."


def test_tidy_the_nest_shuffles_the_whole_discard_pile_into_the_deck_then_draws() -> None:
    s = make_state({0: ["tidy"]}, discard=["cat", "pigeon:red", "pigeon:blue"])
    before = len(s.draw)
    play(s, 0, "tidy")
    pass_all(s)
    assert s.discard == []
    assert len(s.draw) == before + 4 - 1  # the 3 cards and the Tidy the Nest, minus the draw
    assert len(s.hands[0]) == 1
    check_cards(s)


def test_pigeon_fancier_discards_two_pigeons_then_takes_one_from_the_pile() -> None:
    s = make_state(
        {0: ["fancier", "pigeon:red", "pigeon:blue", "pigeon:green", "cat", "draw2"]},
        n=3,
        discard=["rainbow", "cat"],
    )
    play(s, 0, "fancier")
    assert prompt_seats(s) == [1, 2]
    pass_all(s)
    p = prompt_of(s, 0, "pick")
    # Only pigeons may be discarded.
    assert faces(s, [int(o.id[1:]) for o in p.options]) == [
        "pigeon:blue",
        "pigeon:green",
        "pigeon:red",
    ]
    pick(s, 0, "pigeon:red")
    events = pick(s, 0, "pigeon:blue")
    # Shown to everyone, and a Pigeon Sale window opens for the other seats.
    assert the_event(events, "fancier").text == (
        "Ann discards a Red pigeon and a Blue pigeon (Pigeon Fancier)."
    )
    assert kind(s) == "sale" and prompt_seats(s) == [1, 2]
    pass_all(s)
    p = prompt_of(s, 0, "pick")
    assert faces(s, [int(o.id[1:]) for o in p.options]) == ["pigeon:blue", "pigeon:red", "rainbow"]
    pick(s, 0, "rainbow")
    assert hand(s, 0) == ["cat", "draw2", "pigeon:green", "rainbow"]
    assert prompt_of(s, 0).kind == "turn"
    check_cards(s)


@pytest.mark.parametrize(
    ("cards", "playable"),
    [
        (["fancier", "pigeon:red", "cat"], False),
        (["fancier", "pigeon:red"], False),
        (["fancier", "fancier", "rainbow"], False),
        (["fancier", "pigeon:red", "rainbow"], True),
        (["fancier", "pigeon:red", "pigeon:blue"], True),
        (["fancier", "rainbow", "rainbow"], True),
    ],
)
def test_pigeon_fancier_needs_two_pigeons_besides_itself(cards: list[str], playable: bool) -> None:
    s = make_state({0: cards})
    assert has_card_option(s, 0, "fancier", "play") is playable


def test_double_swap_both_players_choose_two_cards_at_once() -> None:
    s = make_state(
        {
            0: ["double_swap", "cat", "cat", "pigeon:red"],
            1: ["pigeon:blue", "pigeon:green", "rainbow"],
            2: ["pigeon:white"],
        },
        n=3,
    )
    play(s, 0, "double_swap")
    assert option_ids(s, 0) == ["seat:1", "seat:2", "back"]
    answer(s, 0, "seat:1")
    pass_all(s)
    assert kind(s) == "multi" and prompt_seats(s) == [0, 1]
    pick(s, 1, "pigeon:blue")
    pick(s, 0, "cat")
    pick(s, 0, "cat")
    assert prompt_seats(s) == [1]
    events = pick(s, 1, "pigeon:green")
    assert hand(s, 0) == ["pigeon:blue", "pigeon:green", "pigeon:red"]
    assert hand(s, 1) == ["cat", "cat", "rainbow"]
    assert hand(s, 2) == ["pigeon:white"]
    swap = the_event(events, "swap")
    assert swap.text == "Ann and Bob swap cards (2 for 2)."
    assert set(dict(swap.secrets)) == {0, 1}
    assert "Cat" in dict(swap.secrets)[0] and "Cat" not in swap.text
    assert prompt_of(s, 0).kind == "turn"


@pytest.mark.parametrize(
    ("ann", "bob", "ann_gives", "bob_gives"),
    [
        (["double_swap", "cat", "cat"], ["pigeon:blue"], ["cat"], ["pigeon:blue"]),
        (["double_swap", "cat"], ["pigeon:blue", "rainbow"], ["cat"], ["rainbow"]),
        (
            ["double_swap", "cat", "cat"],
            ["rainbow", "rainbow", "cat"],
            ["cat", "cat"],
            ["rainbow"] * 2,
        ),
    ],
)
def test_double_swap_is_even_as_many_cards_as_both_can_give(
    ann: list[str], bob: list[str], ann_gives: list[str], bob_gives: list[str]
) -> None:
    s = make_state({0: ann, 1: bob})
    ann_keeps = sorted(ann[1:])
    bob_keeps = sorted(bob)
    for face in ann_gives:
        ann_keeps.remove(face)
    for face in bob_gives:
        bob_keeps.remove(face)
    play(s, 0, "double_swap", 1)
    events = pass_all(s)
    k = len(ann_gives)
    assert the_event(events, "choose").text == (
        f"Ann and Bob each choose {'a card' if k == 1 else '2 cards'} to swap."
    )
    assert prompt_seats(s) == [0, 1]
    assert f"(1 of {k})" in prompt_of(s, 0).text
    pick(s, 0, *ann_gives)
    events = pick(s, 1, *bob_gives)
    assert the_event(events, "swap").text == f"Ann and Bob swap cards ({k} for {k})."
    assert hand(s, 0) == sorted([*ann_keeps, *bob_gives])
    assert hand(s, 1) == sorted([*bob_keeps, *ann_gives])
    assert prompt_of(s, 0).kind == "turn"


@pytest.mark.parametrize(
    ("ann", "bob", "text"),
    [
        (["double_swap", "cat", "cat"], [], "Nothing to swap: Bob has no cards."),
        (["double_swap"], ["pigeon:blue", "rainbow"], "Nothing to swap: Ann has no cards."),
        (["double_swap"], [], "Nothing to swap: Ann and Bob have no cards."),
    ],
)
def test_double_swap_with_an_empty_hand_swaps_nothing(
    ann: list[str], bob: list[str], text: str
) -> None:
    s = make_state({0: ann, 1: bob})
    play(s, 0, "double_swap", 1)
    events = pass_all(s)
    assert the_event(events, "swap").text == text
    assert hand(s, 0) == sorted(ann[1:]) and hand(s, 1) == sorted(bob)
    assert prompt_seats(s) == [0] and prompt_of(s, 0).kind == "turn"


@pytest.mark.parametrize(("direction", "step"), [("left", 1), ("right", -1)])
def test_pigeon_mail_everyone_passes_one_card_that_way(direction: str, step: int) -> None:
    given = {0: "cat", 1: "pigeon:red", 2: "pigeon:blue", 3: "rainbow"}
    s = make_state({0: ["mail", "cat"], 1: ["pigeon:red"], 2: ["pigeon:blue"], 3: ["rainbow"]})
    play(s, 0, "mail")
    assert option_ids(s, 0) == ["left", "right", "back"]
    events = answer(s, 0, direction)
    assert the_event(events, "play").text == f"Ann plays Pigeon Mail to the {direction}."
    pass_all(s)
    assert kind(s) == "multi" and prompt_seats(s) == [0, 1, 2, 3]
    for seat, face in given.items():
        events = pick(s, seat, face)
    for seat, face in given.items():
        assert hand(s, (seat + step) % 4) == [face]
    mail = the_event(events, "mail")
    assert mail.text == f"Everyone passes a card to the {direction}."
    assert set(dict(mail.secrets)) == {0, 1, 2, 3}
    assert dict(mail.secrets)[0].startswith("Pigeon Mail: you pass Cat to ")


def test_pigeon_mail_players_with_no_card_sit_out_but_still_receive() -> None:
    s = make_state({0: ["mail", "cat"], 1: ["pigeon:red"]}, n=3)
    play(s, 0, "mail", "left")
    pass_all(s)
    assert prompt_seats(s) == [0, 1]
    pick(s, 0, "cat")
    events = pick(s, 1, "pigeon:red")
    assert hand(s, 0) == [] and hand(s, 1) == ["cat"] and hand(s, 2) == ["pigeon:red"]
    assert dict(the_event(events, "mail").secrets)[2] == "Pigeon Mail: you get Red pigeon from Bob."


def test_ruffle_feathers_deals_one_card_back_to_each_contributor() -> None:
    kept_own = set()
    for seed in range(16):
        s = make_state(
            {0: ["ruffle", "cat"], 1: ["pigeon:red", "pigeon:blue"], 2: ["pigeon:green"]},
            n=4,
            seed=seed,
        )
        play(s, 0, "ruffle")
        pass_all(s)
        assert kind(s) == "multi" and prompt_seats(s) == [0, 1, 2]  # Di holds nothing
        pick(s, 1, "pigeon:red")
        pick(s, 0, "cat")
        events = pick(s, 2, "pigeon:green")
        assert [len(h) for h in s.hands] == [1, 2, 1, 0]
        assert "pigeon:blue" in hand(s, 1)
        back = sorted([*hand(s, 0), *hand(s, 2), *(c for c in hand(s, 1) if c != "pigeon:blue")])
        assert back == ["cat", "pigeon:green", "pigeon:red"]
        ruffle = the_event(events, "ruffle")
        assert ruffle.text == "Ann shuffles the 3 cards and deals them back."
        assert set(dict(ruffle.secrets)) == {0, 1, 2}
        kept_own.add(hand(s, 0)[0])
        check_cards(s)
    # Really shuffled: Ann gets back her own cat sometimes, another card other times.
    assert kept_own == {"cat", "pigeon:green", "pigeon:red"}


def test_gift_gives_a_card_of_your_choice() -> None:
    s = make_state({0: ["gift", "cat", "pigeon:red"], 1: ["pigeon:blue"], 2: []}, n=3)
    play(s, 0, "gift")
    assert option_ids(s, 0) == ["seat:1", "seat:2", "back"]
    answer(s, 0, "seat:1")
    pass_all(s)
    p = prompt_of(s, 0, "pick")
    assert faces(s, [int(o.id[1:]) for o in p.options]) == ["cat", "pigeon:red"]
    events = pick(s, 0, "cat")
    assert hand(s, 0) == ["pigeon:red"] and hand(s, 1) == ["cat", "pigeon:blue"]
    gift = the_event(events, "gift")
    assert gift.text == "Ann gives Bob a card."
    assert dict(gift.secrets) == {0: "You give a Cat to Bob.", 1: "Ann gives you a Cat."}


def test_gift_with_an_empty_hand_gives_nothing() -> None:
    s = make_state({0: ["gift"], 1: ["cat"]})
    play(s, 0, "gift", 1)
    events = pass_all(s)
    assert hand(s, 1) == ["cat"]
    assert the_event(events, "gift").text == "Ann has no card to give."
    assert prompt_of(s, 0).kind == "turn"


def test_miss_a_turn_lies_in_front_of_the_player_who_then_skips_a_turn() -> None:
    s = make_state({0: ["miss_turn", "cat"], 1: ["cat"], 2: ["cat"]}, n=3)
    play(s, 0, "miss_turn")
    assert option_ids(s, 0) == ["seat:1", "seat:2", "back"]
    answer(s, 0, "seat:1")
    card = s.discard[-1]
    pass_all(s)
    assert s.markers[1] == [card] and card not in s.discard
    assert GAME.view(s, None)["public"]["seats"][1]["missed_turns"] == 1
    assert prompt_of(s, 0).kind == "turn"  # Ann's turn goes on
    events = answer(s, 0, "draw")
    assert "Bob misses a turn and discards Miss a Turn." in [e.text for e in events]
    assert s.markers[1] == [] and top_face(s) == "miss_turn"
    assert s.seat == 2 and prompt_seats(s) == [2]
    assert hand(s, 1) == ["cat"]  # Bob drew nothing
    assert s.turn == 3  # Bob's missed turn counts as a turn
    check_cards(s)


def test_two_miss_a_turn_cards_mean_two_missed_turns() -> None:
    s = make_state({0: ["cat"], 1: ["cat"]}, markers={1: 2})
    answer(s, 0, "draw")
    assert s.seat == 0 and len(s.markers[1]) == 1
    answer(s, 0, "draw")
    assert s.seat == 0 and s.markers[1] == []
    assert faces(s, s.discard) == ["miss_turn", "miss_turn"]
    answer(s, 0, "draw")
    assert s.seat == 1 and prompt_seats(s) == [1]


def test_fresh_start_discards_the_whole_hand_and_draws_seven() -> None:
    new = ["pigeon:red"] * 3 + ["rainbow", "cat", "draw2", "pigeon:blue"]
    s = make_state(
        {0: ["fresh_start"], 1: ["cat", "cat", "pigeon:white"]}, n=3, draw_top=[*new, "gift"]
    )
    play(s, 0, "fresh_start")
    assert option_ids(s, 0) == ["seat:0", "seat:1", "seat:2", "back"]  # yourself too
    answer(s, 0, "seat:1")
    events = pass_all(s)
    assert hand(s, 1) == sorted(new)
    assert faces(s, s.discard) == ["cat", "cat", "fresh_start", "pigeon:white"]
    assert the_event(events, "fresh").text == "Bob discards their whole hand (3 cards)."
    assert the_event(events, "draw").secrets[0][0] == 1
    check_cards(s)


def test_fresh_start_on_yourself() -> None:
    new = ["pigeon:red"] * 7
    s = make_state({0: ["fresh_start", "cat", "cat"], 1: ["trap"]}, draw_top=new)
    play(s, 0, "fresh_start", 0)
    assert option_ids(s, 1) == ["pass"]  # a Fresh Start on yourself cannot be trapped
    pass_all(s)
    # Seven red pigeons and no cat: Ann wins on the spot.
    assert hand(s, 0) == new
    assert GAME.outcome(s) is not None and GAME.outcome(s).winners == (0,)


# ------------------------------------------------------------------------- Wing Block


def wing_block_scenario(action: str) -> PigeonsState:
    return make_state(
        {
            0: [action, "pigeon:red", "pigeon:blue", "cat"],
            1: ["wing_block", "pigeon:green"],
            2: ["pigeon:yellow"],
        },
        n=3,
        discard=["pigeon:white", "cat"],
    )


@pytest.mark.parametrize("action", PLAYABLE)
def test_wing_block_cancels_every_action_card(action: str) -> None:
    s = wing_block_scenario(action)
    before_hands = [h[:] for h in s.hands]
    before_draw, before_discard = s.draw[:], s.discard[:]
    play(s, 0, action, target_for(action))
    card = s.discard[-1]
    assert s.faces[card] == action
    assert has_card_option(s, 1, "wing_block", "wing")
    wing = s.hands[1][0]
    events = react(s, 1, "wing_block")
    assert the_event(events, "block").text.startswith("Bob plays Wing Block against ")
    # The block is itself an action card: everyone but Bob may block it.
    assert kind(s) == "action" and prompt_seats(s) == [0, 2]
    events = pass_all(s)
    assert the_event(events, "resolve").text == f"{ACTIONS[action][0]} is cancelled."
    assert s.hands[0] == [c for c in before_hands[0] if c != card]
    assert s.hands[1] == [c for c in before_hands[1] if c != wing]
    assert s.hands[2] == before_hands[2]
    assert s.draw == before_draw
    assert s.discard == [*before_discard, card, wing]
    assert s.markers == [[], [], []]
    assert kind(s) == "turn" and prompt_seats(s) == [0]


def test_wing_block_windows_ask_every_other_seat_whatever_it_holds() -> None:
    s = make_state({0: ["draw2"], 1: ["cat"], 2: ["wing_block"], 3: []})
    play(s, 0, "draw2")
    ps = GAME.prompts(s)
    assert [p.seat for p in ps] == [1, 2, 3]
    assert {p.kind for p in ps} == {"window"}
    assert {p.pass_option for p in ps} == {"pass"}
    assert len({p.text for p in ps}) == 1  # the same question for everyone
    assert [[o.id.split(":")[0] for o in p.options] for p in ps] == [
        ["pass"],
        ["pass", "wing"],
        ["pass"],
    ]


def window_text(s: PigeonsState) -> str:
    """The text of the open window: the same for every seat asked."""
    texts = {p.text for p in GAME.prompts(s) if p.pass_option is not None}
    assert len(texts) == 1, texts
    return texts.pop()


def test_window_texts_say_what_is_played_and_what_a_block_would_cancel() -> None:
    s = make_state({0: ["draw2", "wing_block"], 1: ["wing_block"], 2: ["draw2"]}, n=3)
    s.faces = list(s.faces)
    s.faces[s.hands[2][0]] = "wing_block"  # a third Wing Block, for the chain
    s.touch()
    play(s, 0, "draw2")
    assert window_text(s) == "Ann plays Draw 2. Wing Block it?"
    react(s, 1, "wing_block")
    assert window_text(s) == "Bob's Wing Block would cancel Ann's Draw 2. Block it back?"
    react(s, 0, "wing_block")
    assert window_text(s) == (
        "Ann's Wing Block would cancel Bob's Wing Block, so Ann's Draw 2 goes ahead. Block it back?"
    )
    react(s, 2, "wing_block")
    assert window_text(s) == (
        "Cy's Wing Block would cancel Ann's Wing Block, so Ann's Draw 2 is cancelled. "
        "Block it back?"
    )


def test_window_texts_around_a_pigeon_trap() -> None:
    s = make_state({0: ["pluck", "wing_block"], 1: ["trap"], 2: ["wing_block"]}, n=3)
    play(s, 0, "pluck", 1)
    # Bob, the target, is told about the Trap; the words do not say who holds what.
    assert window_text(s) == "Ann plays Pluck on Bob. Wing Block it? (Bob may trap it instead.)"
    react(s, 1, "trap")
    assert window_text(s) == "Bob's Pigeon Trap would turn Ann's Pluck back on Ann. Wing Block it?"
    react(s, 2, "wing_block")
    assert window_text(s) == (
        "Cy's Wing Block would cancel Bob's Pigeon Trap, so Ann's Pluck on Bob goes ahead. "
        "Block it back?"
    )
    react(s, 0, "wing_block")
    assert window_text(s) == (
        "Ann's Wing Block would cancel Cy's Wing Block, so Ann's Pluck turns back on Ann. "
        "Block it back?"
    )


def test_window_texts_of_a_pigeon_sale() -> None:
    s = make_state({0: ["pigeon:red", "pigeon:red"], 1: ["sale"], 2: ["wing_block"]}, n=3)
    answer(s, 0, "pair:red")
    react(s, 1, "sale")
    assert window_text(s) == "Bob plays Pigeon Sale to claim Ann's pair. Wing Block it?"
    react(s, 2, "wing_block")
    assert window_text(s) == (
        "Cy's Wing Block would cancel Bob's Pigeon Sale of Ann's pair. Block it back?"
    )


@pytest.mark.parametrize(
    ("action", "target", "text"),
    [
        ("mail", "right", "Ann plays Pigeon Mail to the right. Wing Block it?"),
        ("fresh_start", 0, "Ann plays Fresh Start on themself. Wing Block it?"),
        (
            "fresh_start",
            1,
            "Ann plays Fresh Start on Bob. Wing Block it? (Bob may trap it instead.)",
        ),
        ("double_swap", 1, "Ann plays Double Swap on Bob. Wing Block it?"),
    ],
)
def test_window_texts_name_the_target_or_direction(
    action: str, target: int | str, text: str
) -> None:
    s = make_state({0: [action], 1: ["cat"]})
    play(s, 0, action, target)
    assert window_text(s) == text


def test_one_pass_leaves_the_window_open_for_the_others() -> None:
    s = make_state({0: ["draw2"], 1: ["cat"], 2: ["wing_block"]}, n=3)
    play(s, 0, "draw2")
    answer(s, 1, "pass")
    assert prompt_seats(s) == [2] and kind(s) == "action"
    with pytest.raises(IllegalMove):
        GAME.apply(s, 1, f"{s.frames[-1]['id']}.1", "pass")
    answer(s, 2, "pass")
    assert kind(s) == "turn" and len(s.hands[0]) == 2


def test_two_wing_blocks_let_the_card_happen() -> None:
    s = make_state(
        {0: ["draw2", "wing_block"], 1: ["wing_block"], 2: ["cat"]},
        draw_top=["pigeon:red", "pigeon:red"],
    )
    play(s, 0, "draw2")
    react(s, 1, "wing_block")
    assert prompt_seats(s) == [0, 2]
    # The player of the card may block the block.
    events = react(s, 0, "wing_block")
    assert the_event(events, "block").text == "Ann plays Wing Block against Wing Block!"
    assert prompt_seats(s) == [1, 2]
    assert option_ids(s, 1) == ["pass"]  # Bob has no Wing Block left
    events = pass_all(s)
    assert the_event(events, "resolve").text == "Draw 2 goes ahead."
    assert hand(s, 0) == ["pigeon:red", "pigeon:red"]
    assert faces(s, s.discard) == ["draw2", "wing_block", "wing_block"]


def test_three_blocks_cancel_the_card() -> None:
    # The deck holds two Wing Blocks, so a chain of three is a Trap and two Wing Blocks
    # (below) or, for the counting itself, a deck where one Draw 2 is a Wing Block.
    s = make_state(
        {0: ["draw2", "wing_block"], 1: ["wing_block"], 2: ["draw2"]},
        n=3,
        draw_top=["pigeon:red", "pigeon:red"],
    )
    s.faces = list(s.faces)
    s.faces[s.hands[2][0]] = "wing_block"
    s.touch()
    play(s, 0, "draw2")
    react(s, 1, "wing_block")
    react(s, 0, "wing_block")
    assert prompt_seats(s) == [1, 2]
    react(s, 2, "wing_block")
    assert prompt_seats(s) == [0, 1]
    events = pass_all(s)
    assert the_event(events, "resolve").text == "Draw 2 is cancelled."
    assert s.hands[0] == [] and kind(s) == "turn"


def test_a_cancelled_card_still_lies_on_the_discard_pile() -> None:
    s = make_state({0: ["draw2"], 1: ["wing_block"]})
    play(s, 0, "draw2")
    react(s, 1, "wing_block")
    pass_all(s)
    assert faces(s, s.discard) == ["draw2", "wing_block"] and top_face(s) == "wing_block"


# ------------------------------------------------------------------------- Pigeon Trap


def trap_scenario(action: str, ann_extra: list[str], bob_extra: list[str]) -> PigeonsState:
    return make_state(
        {0: [action, *ann_extra], 1: ["trap", *bob_extra], 2: ["wing_block"]},
        n=3,
        draw_top=["pigeon:purple"] * 7 + ["cat"],
    )


def test_trapped_pluck_the_target_steals_from_the_player_instead() -> None:
    s = trap_scenario("pluck", ["cat"], ["pigeon:red"])
    play(s, 0, "pluck", 1)
    assert option_ids(s, 1)[0] == "pass"
    assert has_card_option(s, 1, "trap", "trap")
    assert not has_card_option(s, 2, "trap", "trap")
    events = react(s, 1, "trap")
    assert the_event(events, "trap").text == (
        "Bob springs a Pigeon Trap: the Pluck turns back on Ann!"
    )
    assert prompt_seats(s) == [0, 2]  # the Trap may be Wing Blocked
    assert "Pigeon Trap" in prompt_of(s, 0).text
    events = pass_all(s)
    assert the_event(events, "resolve").text == "The Pigeon Trap holds: Pluck turns back on Ann."
    assert hand(s, 0) == [] and hand(s, 1) == ["cat", "pigeon:red"]
    assert dict(the_event(events, "pluck").secrets) == {
        1: "You pluck Cat from Ann.",
        0: "Bob plucks your Cat.",
    }


def test_trapped_miss_a_turn_the_player_misses_their_next_turn_after_this_one() -> None:
    s = trap_scenario("miss_turn", ["cat"], [])
    play(s, 0, "miss_turn", 1)
    card = s.discard[-1]
    react(s, 1, "trap")
    pass_all(s)
    assert s.markers == [[card], [], []]
    assert prompt_of(s, 0).kind == "turn"  # Ann finishes this turn
    answer(s, 0, "draw")
    assert s.seat == 1
    answer(s, 1, "draw")
    assert s.seat == 2
    events = answer(s, 2, "draw")
    assert "Ann misses a turn and discards Miss a Turn." in [e.text for e in events]
    assert s.seat == 1 and s.markers == [[], [], []]


def test_trapped_gift_the_player_keeps_their_card_and_gets_one_from_the_target() -> None:
    s = trap_scenario("gift", ["cat"], ["pigeon:red", "pigeon:blue"])
    play(s, 0, "gift", 1)
    react(s, 1, "trap")
    pass_all(s)
    assert prompt_seats(s) == [1]  # Bob chooses what to give, not Ann
    answer(s, 1, "give")  # the rules' "can": Bob was asked first (see below)
    p = prompt_of(s, 1, "pick")
    assert faces(s, [int(o.id[1:]) for o in p.options]) == ["pigeon:blue", "pigeon:red"]
    events = pick(s, 1, "pigeon:red")
    assert hand(s, 0) == ["cat", "pigeon:red"] and hand(s, 1) == ["pigeon:blue"]
    assert dict(the_event(events, "gift").secrets) == {
        1: "You give a Red pigeon to Ann.",
        0: "Bob gives you a Red pigeon.",
    }
    assert prompt_of(s, 0).kind == "turn"


def test_trapped_gift_the_target_may_give_nothing() -> None:
    # "That player must keep their card and you *can* give a card ... instead."
    s = trap_scenario("gift", ["cat"], ["pigeon:red", "pigeon:blue"])
    play(s, 0, "gift", 1)
    react(s, 1, "trap")
    pass_all(s)
    p = prompt_of(s, 1)
    assert p.kind == "choice" and p.pass_option is None
    assert p.text == "Your Pigeon Trap turned Ann's Gift back: give Ann a card?"
    assert [(o.id, o.label) for o in p.options] == [
        ("give", "Give Ann a card"),
        ("none", "Give nothing"),
    ]
    events = answer(s, 1, "none")
    assert the_event(events, "gift").text == "Bob gives Ann nothing."
    assert hand(s, 0) == ["cat"] and hand(s, 1) == ["pigeon:blue", "pigeon:red"]
    assert prompt_seats(s) == [0] and prompt_of(s, 0).kind == "turn"
    check_cards(s)


def test_trapped_gift_with_an_empty_hand_asks_nothing() -> None:
    s = trap_scenario("gift", ["cat"], [])
    play(s, 0, "gift", 1)
    react(s, 1, "trap")
    events = pass_all(s)
    assert the_event(events, "gift").text == "Bob has no card to give."
    assert prompt_of(s, 0).kind == "turn"


def test_an_untrapped_gift_must_give_a_card() -> None:
    s = make_state({0: ["gift", "cat"], 1: ["trap"]})
    play(s, 0, "gift", 1)
    pass_all(s)
    assert option_ids(s, 0) == [f"c{c}" for c in s.hands[0]]  # no "give nothing"


def test_trapped_fresh_start_the_player_renews_their_own_hand() -> None:
    s = trap_scenario("fresh_start", ["cat", "cat"], ["pigeon:red"])
    play(s, 0, "fresh_start", 1)
    react(s, 1, "trap")
    pass_all(s)
    assert hand(s, 0) == ["pigeon:purple"] * 7
    assert hand(s, 1) == ["pigeon:red"]
    # Seven teal pigeons: Ann wins as soon as the Fresh Start is over.
    assert GAME.outcome(s).winners == (0,)


def test_a_wing_blocked_trap_lets_the_original_card_happen() -> None:
    s = trap_scenario("pluck", ["cat"], ["pigeon:red"])
    play(s, 0, "pluck", 1)
    react(s, 1, "trap")
    events = react(s, 2, "wing_block")
    assert the_event(events, "block").text == "Cy plays Wing Block against Pigeon Trap!"
    assert prompt_seats(s) == [0, 1]
    assert option_ids(s, 1) == ["pass"]  # no second Trap on a Wing Block
    events = pass_all(s)
    assert the_event(events, "resolve").text == "Pluck goes ahead."
    assert hand(s, 0) == ["cat", "pigeon:red"] and hand(s, 1) == []


def test_a_wing_block_on_that_wing_block_and_the_trap_holds() -> None:
    s = trap_scenario("pluck", ["wing_block"], [])
    play(s, 0, "pluck", 1)
    react(s, 1, "trap")
    react(s, 2, "wing_block")
    react(s, 0, "wing_block")
    assert prompt_seats(s) == [1, 2]
    events = pass_all(s)
    assert the_event(events, "resolve").text == "The Pigeon Trap holds: Pluck turns back on Ann."
    assert hand(s, 0) == [] and hand(s, 1) == []  # Bob stole Ann's last card...
    assert the_event(events, "pluck").text == "Ann has no card to pluck."


@pytest.mark.parametrize("blocks", [0, 1, 2])
@pytest.mark.parametrize("action", sorted(TRAPPABLE_ACTIONS))
def test_a_trap_under_zero_one_or_two_wing_blocks(action: str, blocks: int) -> None:
    s = make_state(
        {0: [action, "wing_block", "cat"], 1: ["trap", "pigeon:red"], 2: ["wing_block"]},
        n=3,
        draw_top=["pigeon:white"] * 7,
    )
    play(s, 0, action, 1)
    card = s.discard[-1]
    react(s, 1, "trap")
    if blocks >= 1:
        react(s, 2, "wing_block")  # lets the original card happen...
    if blocks >= 2:
        react(s, 0, "wing_block")  # ...unless that block is blocked: the Trap holds
    pass_all(s)
    holds = blocks != 1
    ann_left = ["cat"] if blocks == 2 else ["cat", "wing_block"]
    if action == "pluck":
        if holds:  # Bob steals one of Ann's cards
            assert len(s.hands[0]) == len(ann_left) - 1 and len(s.hands[1]) == 2
        else:
            assert hand(s, 0) == sorted([*ann_left, "pigeon:red"]) and hand(s, 1) == []
    elif action == "miss_turn":
        assert s.markers == ([[card], [], []] if holds else [[], [card], []])
    elif action == "gift":
        giver, taker, face = (1, 0, "pigeon:red") if holds else (0, 1, "cat")
        assert prompt_seats(s) == [giver]
        if holds:
            answer(s, giver, "give")
        pick(s, giver, face)
        assert face in hand(s, taker) and face not in hand(s, giver)
    else:
        renewed = 0 if holds else 1
        assert hand(s, renewed) == ["pigeon:white"] * 7
        # Seven white pigeons: only Ann, whose turn it is, wins on the spot.
        assert (GAME.outcome(s) is not None) == holds
    check_cards(s)


def test_trap_chain_of_three_with_a_card_left_to_steal() -> None:
    s = trap_scenario("pluck", ["wing_block", "cat"], [])
    play(s, 0, "pluck", 1)
    react(s, 1, "trap")
    react(s, 2, "wing_block")
    react(s, 0, "wing_block")
    pass_all(s)
    assert hand(s, 0) == [] and hand(s, 1) == ["cat"]
    assert faces(s, s.discard) == ["pluck", "trap", "wing_block", "wing_block"]


@pytest.mark.parametrize("action", sorted(set(PLAYABLE) - TRAPPABLE_ACTIONS))
def test_trap_is_not_offered_against_other_cards(action: str) -> None:
    s = make_state(
        {0: [action, "pigeon:red", "pigeon:blue", "cat"], 1: ["trap", "wing_block", "cat"]}, n=3
    )
    play(s, 0, action, target_for(action))
    assert [o.split(":")[0] for o in option_ids(s, 1)] == ["pass", "wing"]


@pytest.mark.parametrize("action", sorted(TRAPPABLE_ACTIONS))
def test_trap_is_only_offered_to_the_target(action: str) -> None:
    s = make_state({0: [action, "cat"], 1: ["trap"], 2: ["trap"]}, n=3)
    play(s, 0, action, 1)
    assert [o.split(":")[0] for o in option_ids(s, 1)] == ["pass", "trap"]
    assert option_ids(s, 2) == ["pass"]


def test_trap_is_not_offered_after_a_wing_block() -> None:
    s = make_state({0: ["pluck", "cat"], 1: ["trap", "wing_block"], 2: ["wing_block"]}, n=3)
    play(s, 0, "pluck", 1)
    react(s, 2, "wing_block")
    # Bob may still block the block, but no longer trap anything.
    assert [o.split(":")[0] for o in option_ids(s, 1)] == ["pass", "wing"]


def test_trap_is_not_offered_against_a_pigeon_sale() -> None:
    s = make_state({0: ["pigeon:red", "pigeon:red", "trap"], 1: ["sale"]})
    answer(s, 0, "pair:red")
    react(s, 1, "sale")
    assert option_ids(s, 0) == ["pass"]


# ------------------------------------------------------------------------- Pigeon Sale


def sale_scenario(**kw: object) -> PigeonsState:
    return make_state(
        {0: ["pigeon:red", "pigeon:red", "cat"], 1: ["sale"], 2: ["wing_block"]},
        n=3,
        draw_top=["pigeon:blue"],
        **kw,  # type: ignore[arg-type]
    )


def test_a_pair_discard_opens_a_sale_window_for_every_other_seat() -> None:
    s = sale_scenario()
    events = answer(s, 0, "pair:red")
    assert the_event(events, "pair").text == "Ann discards two Red pigeons to draw a card."
    assert kind(s) == "sale"
    ps = GAME.prompts(s)
    assert [p.seat for p in ps] == [1, 2]
    assert {p.kind for p in ps} == {"sale"} and {p.pass_option for p in ps} == {"pass"}
    assert len({p.text for p in ps}) == 1
    assert [o.id.split(":")[0] for o in ps[0].options] == ["pass", "sale"]
    assert [o.id for o in ps[1].options] == ["pass"]  # Cy is asked, holding no Sale
    # Ann draws for her pair only once the window closes.
    assert hand(s, 0) == ["cat"]


def test_pigeon_sale_claims_the_pair_then_the_discarder_draws() -> None:
    s = sale_scenario()
    answer(s, 0, "pair:red")
    events = react(s, 1, "sale")
    assert the_event(events, "play").text == "Bob plays Pigeon Sale to claim the pair!"
    # The Sale is an action card: everyone but Bob may Wing Block it.
    assert kind(s) == "action" and prompt_seats(s) == [0, 2]
    events = pass_all(s)
    assert the_event(events, "sale").text == "Bob takes two Red pigeons."
    assert hand(s, 1) == ["pigeon:red", "pigeon:red"]
    assert hand(s, 0) == ["cat", "pigeon:blue"]
    assert faces(s, s.discard) == ["sale"]
    assert prompt_of(s, 0).kind == "turn"
    check_cards(s)


def test_an_unclaimed_pair_stays_on_the_pile() -> None:
    s = sale_scenario()
    answer(s, 0, "pair:red")
    events = pass_all(s)
    assert "No one claims the pair." in [e.text for e in events]
    assert faces(s, s.discard) == ["pigeon:red", "pigeon:red"]
    assert hand(s, 0) == ["cat", "pigeon:blue"] and hand(s, 1) == ["sale"]


def test_a_wing_blocked_sale_leaves_the_pigeons_on_the_pile() -> None:
    s = sale_scenario()
    answer(s, 0, "pair:red")
    react(s, 1, "sale")
    react(s, 2, "wing_block")
    events = pass_all(s)
    assert the_event(events, "resolve").text == "Pigeon Sale is cancelled."
    assert hand(s, 1) == [] and hand(s, 2) == []
    assert faces(s, s.discard) == ["pigeon:red", "pigeon:red", "sale", "wing_block"]
    assert hand(s, 0) == ["cat", "pigeon:blue"]
    # Only one Sale per pair: no new window.
    assert kind(s) == "turn"


def test_a_sale_takes_the_pair_even_under_the_cards_played_on_it() -> None:
    s = make_state(
        {0: ["pigeon:red", "pigeon:red", "wing_block"], 1: ["sale"], 2: ["wing_block"]}, n=3
    )
    answer(s, 0, "pair:red")
    react(s, 1, "sale")
    react(s, 2, "wing_block")
    react(s, 0, "wing_block")  # the Sale goes ahead under three cards
    pass_all(s)
    assert hand(s, 1) == ["pigeon:red", "pigeon:red"]
    assert faces(s, s.discard) == ["sale", "wing_block", "wing_block"]


def test_the_first_sale_claim_closes_the_window() -> None:
    s = make_state({0: ["pigeon:red", "pigeon:red"], 1: ["sale"], 2: ["sale"]}, n=3)
    answer(s, 0, "pair:red")
    late = prompt_of(s, 2)
    late_option = card_option(s, late, "sale", "sale")
    react(s, 1, "sale")
    assert kind(s) == "action" and prompt_seats(s) == [0, 2]
    before = snapshot(s)
    with pytest.raises(IllegalMove):
        GAME.apply(s, 2, late.id, late_option)
    assert snapshot(s) == before
    assert option_ids(s, 2)[0] == "pass"
    assert not any(o.startswith("sale:") for o in option_ids(s, 2))
    pass_all(s)
    assert hand(s, 1) == ["pigeon:red", "pigeon:red"] and hand(s, 2) == ["sale"]


def test_pigeon_sale_after_a_pigeon_fancier_discard() -> None:
    s = make_state(
        {0: ["fancier", "pigeon:red", "pigeon:blue", "pigeon:green"], 1: ["sale"]},
        n=3,
        discard=["rainbow", "cat"],
    )
    play(s, 0, "fancier")
    pass_all(s)
    pick(s, 0, "pigeon:red", "pigeon:blue")
    assert kind(s) == "sale" and prompt_seats(s) == [1, 2]
    react(s, 1, "sale")
    pass_all(s)
    assert hand(s, 1) == ["pigeon:blue", "pigeon:red"]
    # Then Ann searches the pile; the two pigeons are gone from it.
    p = prompt_of(s, 0, "pick")
    assert faces(s, [int(o.id[1:]) for o in p.options]) == ["rainbow"]
    pick(s, 0, "rainbow")
    assert hand(s, 0) == ["pigeon:green", "rainbow"]


def test_pigeon_fancier_finds_nothing_when_its_pigeons_were_sold() -> None:
    s = make_state({0: ["fancier", "pigeon:red", "pigeon:blue"], 1: ["sale"]}, discard=["cat"])
    play(s, 0, "fancier")
    pass_all(s)
    pick(s, 0, "pigeon:red", "pigeon:blue")
    react(s, 1, "sale")
    events = pass_all(s)
    assert "There is no pigeon in the discard pile for Ann to take." in [e.text for e in events]
    assert hand(s, 0) == [] and kind(s) == "turn"


def test_a_sale_claimant_does_not_win_out_of_turn() -> None:
    s = make_state(
        {0: ["pigeon:red", "pigeon:red", "cat"], 1: ["sale", *["pigeon:red"] * 5]},
        draw_top=["cat", "cat"],
    )
    answer(s, 0, "pair:red")
    react(s, 1, "sale")
    pass_all(s)
    assert hand(s, 1).count("pigeon:red") == 7
    assert GAME.outcome(s) is None and kind(s) == "turn" and s.seat == 0
    answer(s, 0, "draw")
    assert GAME.outcome(s).winners == (1,)  # at the start of Bob's turn


# --------------------------------------------------------------------------- the piles


def test_the_discard_pile_is_reshuffled_when_the_draw_pile_is_empty() -> None:
    s = make_state({0: ["cat"], 1: ["cat"]}, rest="discard")
    assert s.draw == [] and len(s.discard) == 106
    events = answer(s, 0, "draw")
    assert [e.kind for e in events][:2] == ["reshuffle", "draw"]
    assert len(s.hands[0]) == 2 and s.discard == [] and len(s.draw) == 105
    check_cards(s)


def test_a_reshuffle_in_the_middle_of_a_draw_2() -> None:
    s = make_state({0: ["draw2"]}, draw_top=["pigeon:red"], discard=["rainbow"], rest=1)
    play(s, 0, "draw2")
    events = pass_all(s)
    assert "reshuffle" in [e.kind for e in events]
    # The red, then the pile (the rainbow and the Draw 2 just played) reshuffled.
    assert "pigeon:red" in hand(s, 0) and len(s.hands[0]) == 2
    assert len(s.draw) == 1 and s.discard == []
    check_cards(s)


def test_the_draw_that_takes_the_last_card_reshuffles_the_discard_pile_at_once() -> None:
    # "When the draw pile is empty, shuffle the discard pile": not at the next draw.
    s = make_state({0: ["cat"], 1: ["cat"]}, draw_top=["pigeon:green"], rest="discard")
    assert len(s.draw) == 1 and len(s.discard) == 105
    events = answer(s, 0, "draw")
    assert [e.kind for e in events] == ["draw", "reshuffle", "turn"]
    assert hand(s, 0) == ["cat", "pigeon:green"]
    assert len(s.draw) == 105 and s.discard == []
    public = GAME.view(s, 1)["public"]
    assert public["draw_count"] == 105 and public["discard_count"] == 0
    check_cards(s)


@pytest.mark.parametrize("action", ["recycle", "fancier"])
def test_no_search_of_cards_already_reshuffled(action: str) -> None:
    # Ann takes the last card: the pile she would have searched is face down now.
    bob = [action, "pigeon:blue", "pigeon:white"]
    s = make_state({0: ["cat"], 1: bob}, draw_top=["pigeon:green"], rest="discard")
    answer(s, 0, "draw")
    play(s, 1, action)
    pass_all(s)
    if action == "fancier":
        pick(s, 1, "pigeon:blue", "pigeon:white")
        pass_all(s)  # nobody buys them
        # Only the two pigeons Bob just discarded lie on the pile now.
        assert sorted(o.label for o in prompt_of(s, 1, "pick").options) == [
            "Blue pigeon",
            "White pigeon",
        ]
    else:
        assert kind(s) == "turn" and hand(s, 1) == ["pigeon:blue", "pigeon:white"]
        assert faces(s, s.discard) == ["recycle"]


def test_a_draw_2_that_empties_the_draw_pile_reshuffles_after_its_second_card() -> None:
    s = make_state(
        {0: ["draw2"]}, draw_top=["pigeon:red", "pigeon:blue"], discard=["rainbow"], rest=1
    )
    play(s, 0, "draw2")
    events = pass_all(s)
    assert [e.kind for e in events][-2:] == ["draw", "reshuffle"]
    assert hand(s, 0) == ["pigeon:blue", "pigeon:red"]
    # The rainbow and the Draw 2 just played are the new draw pile.
    assert faces(s, s.draw) == ["draw2", "rainbow"] and s.discard == []
    check_cards(s)


def test_with_both_piles_empty_the_draw_pile_waits_for_the_next_draw() -> None:
    # Ann takes the last card and there is nothing to reshuffle; Bob's Draw 2 then
    # lies on the discard pile alone until he draws: he draws it back.
    s = make_state({0: ["cat"], 1: ["draw2"]}, draw_top=["pigeon:green"], rest=0)
    events = answer(s, 0, "draw")
    assert "reshuffle" not in [e.kind for e in events]
    assert s.draw == [] and s.discard == [] and s.seat == 1
    card = s.hands[1][0]
    play(s, 1, "draw2")
    assert s.draw == [] and s.discard == [card]
    events = pass_all(s)
    assert [e.kind for e in events][-2:] == ["reshuffle", "draw"]
    assert the_event(events, "draw").text == "Bob draws a card for Draw 2."
    assert s.hands[1] == [card] and s.draw == [] and s.discard == []


def test_when_both_piles_are_empty_a_draw_gives_nothing_and_play_goes_on() -> None:
    s = make_state({0: ["cat"]}, rest=1)
    assert s.draw == [] and s.discard == []
    events = answer(s, 0, "draw")
    assert the_event(events, "draw").text == "Ann cannot draw: both piles are empty."
    assert hand(s, 0) == ["cat"] and s.seat == 1 and GAME.outcome(s) is None


def test_a_pair_with_both_piles_empty_reshuffles_the_pair_itself() -> None:
    s = make_state({0: ["pigeon:red", "pigeon:red"]}, rest=1)
    answer(s, 0, "pair:red")
    pass_all(s)
    assert hand(s, 0) == ["pigeon:red"] and len(s.draw) == 1


# ----------------------------------------------------------------------------- winning


def test_victory_right_after_the_end_of_turn_draw() -> None:
    s = make_state({0: ["pigeon:red"] * 6 + ["pigeon:blue"], 1: ["cat"]}, draw_top=["pigeon:red"])
    events = answer(s, 0, "draw")
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,) and not out.is_draw
    assert out.reason.startswith("Ann shows seven red pigeons and no cat")
    assert events[-1].kind == "game_over"
    assert GAME.prompts(s) == [] and s.seat == 0
    view = GAME.view(s, 1)["public"]
    assert view["over"] and view["stage"]["kind"] == "over"
    assert [c["name"] for c in view["hands"][0]].count("Red pigeon") == 7  # hands shown


@pytest.mark.parametrize(
    ("held", "drawn", "reason"),
    [
        # The seven: the colour's own pigeons, then the rainbows it takes; the rest of
        # the hand (a blue, a Gift, a spare rainbow) is not in the flock.
        (
            ["pigeon:red"] * 4 + ["rainbow", "rainbow", "pigeon:blue", "gift"],
            "rainbow",
            "Ann shows seven red pigeons (4 red and 3 rainbow) and no cat.",
        ),
        (
            ["pigeon:red"] * 6 + ["rainbow", "rainbow", "pigeon:blue"],
            "rainbow",
            "Ann shows seven red pigeons (6 red and 1 rainbow) and no cat.",
        ),
        (
            ["pigeon:red"] * 7 + ["rainbow", "pigeon:blue"],
            "draw2",
            "Ann shows seven red pigeons and no cat.",
        ),
        (["rainbow"] * 6 + ["draw2"], "rainbow", "Ann shows seven rainbow pigeons and no cat."),
    ],
)
def test_the_victory_names_the_seven_not_the_whole_hand(
    held: list[str], drawn: str, reason: str
) -> None:
    s = make_state({0: held, 1: ["cat"]}, draw_top=[drawn])
    events = answer(s, 0, "draw")
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0,)
    assert out.reason == reason
    assert events[-1].kind == "game_over" and events[-1].text == reason
    assert len(hand(s, 0)) == len(held) + 1  # the whole hand is still shown at the end


def test_no_victory_with_a_cat_in_hand() -> None:
    s = make_state({0: ["pigeon:red"] * 6 + ["cat"], 1: ["cat"]}, draw_top=["pigeon:red"])
    answer(s, 0, "draw")
    assert GAME.outcome(s) is None and s.seat == 1


def test_victory_at_the_start_of_a_turn() -> None:
    s = make_state({0: ["cat"], 1: ["pigeon:green"] * 7}, n=3)
    events = answer(s, 0, "draw")
    assert GAME.outcome(s).winners == (1,)
    assert "Bob's turn." not in [e.text for e in events]  # won before playing
    assert s.seat == 1


def test_victory_at_the_start_of_a_missed_turn() -> None:
    s = make_state({0: ["cat"], 1: ["pigeon:green"] * 7}, markers={1: 1})
    answer(s, 0, "draw")
    assert GAME.outcome(s).winners == (1,)
    assert len(s.markers[1]) == 1


def test_victory_in_the_middle_of_a_turn_after_an_action() -> None:
    s = make_state(
        {0: ["draw2", *["pigeon:red"] * 5, "pigeon:blue"]}, draw_top=["rainbow", "pigeon:red"]
    )
    play(s, 0, "draw2")
    pass_all(s)
    assert GAME.outcome(s).winners == (0,)


def test_victory_right_after_a_pair_draw() -> None:
    s = make_state(
        {0: [*["pigeon:red"] * 6, "pigeon:blue", "pigeon:blue"]}, draw_top=["pigeon:red"]
    )
    answer(s, 0, "pair:blue")
    pass_all(s)
    assert GAME.outcome(s).winners == (0,)


def test_victory_after_discarding_three_cats() -> None:
    s = make_state({0: [*["pigeon:red"] * 7, "cat", "cat", "cat", "draw2"]})
    answer(s, 0, "cats")
    assert GAME.outcome(s).winners == (0,)


@pytest.mark.parametrize(
    ("cards", "colour"),
    [
        (["pigeon:red"] * 7, "red"),
        (["pigeon:red"] * 5 + ["rainbow"] * 2, "red"),
        (["pigeon:red"] * 1 + ["rainbow"] * 6, "red"),
        (["rainbow"] * 7, "rainbow"),
        (["pigeon:red"] * 4 + ["pigeon:blue"] * 3 + ["rainbow"] * 3, "red"),
        (["pigeon:red"] * 7 + ["pigeon:blue", "draw2", "wing_block"], "red"),
        (["pigeon:red"] * 6 + ["pigeon:blue"] * 4, None),
        (["pigeon:red"] * 5 + ["rainbow"] * 2 + ["cat"], None),
        (["rainbow"] * 8 + ["cat"], None),
        (["pigeon:red"] * 6, None),
    ],
)
def test_flocks_rainbows_are_any_colour_and_cats_forbid_victory(
    cards: list[str], colour: str | None
) -> None:
    s = make_state({0: ["cat"], 1: cards})
    answer(s, 0, "draw")
    out = GAME.outcome(s)
    if colour is None:
        assert out is None
    else:
        assert out is not None and out.winners == (1,)
        assert s.result is not None and s.result["colour"] == colour


def test_only_the_player_whose_turn_it_is_wins() -> None:
    s = make_state({0: ["gift", "pigeon:red"], 1: ["pigeon:red"] * 6}, n=3)
    play(s, 0, "gift", 1)
    pass_all(s)
    pick(s, 0, "pigeon:red")
    assert hand(s, 1) == ["pigeon:red"] * 7
    assert GAME.outcome(s) is None and prompt_of(s, 0).kind == "turn"
    answer(s, 0, "draw")
    assert GAME.outcome(s).winners == (1,)


# ---------------------------------------------------------------------- cats and pairs


def test_discarding_three_cats_draws_nothing() -> None:
    s = make_state({0: ["cat"] * 4 + ["pigeon:red"], 1: ["sale"]})
    turn_id = prompt_of(s, 0).id
    events = answer(s, 0, "cats")
    assert events[0].text == "Ann discards three cats."
    assert hand(s, 0) == ["cat", "pigeon:red"]
    assert faces(s, s.discard) == ["cat"] * 3
    assert kind(s) == "turn" and prompt_seats(s) == [0]  # no Sale window for cats
    assert prompt_of(s, 0).id != turn_id
    assert "cats" not in option_ids(s, 0)


def test_two_cats_are_not_enough() -> None:
    s = make_state({0: ["cat", "cat", "pigeon:red"]})
    assert "cats" not in option_ids(s, 0)


def test_pair_options_with_rainbows() -> None:
    s = make_state({0: ["pigeon:red", "pigeon:red", "pigeon:blue", "rainbow"]})
    pairs = [o for o in option_ids(s, 0) if o.startswith("pair:")]
    assert pairs == ["pair:red", "pair:red+rainbow", "pair:blue+rainbow"]
    s = make_state({0: ["rainbow", "rainbow", "cat"]})
    assert [o for o in option_ids(s, 0) if o.startswith("pair:")] == ["pair:rainbow"]


def test_without_rainbow_pairs_a_rainbow_only_pairs_with_a_rainbow() -> None:
    s = make_state(
        {0: ["pigeon:red", "pigeon:red", "pigeon:blue", "rainbow", "rainbow"]},
        options={"rainbow_pairs": False},
    )
    pairs = [o for o in option_ids(s, 0) if o.startswith("pair:")]
    assert pairs == ["pair:red", "pair:rainbow"]


@pytest.mark.parametrize(
    ("cards", "option", "gone"),
    [
        (["pigeon:red", "pigeon:red"], "pair:red", ["pigeon:red", "pigeon:red"]),
        (["pigeon:red", "rainbow"], "pair:red+rainbow", ["pigeon:red", "rainbow"]),
        (["rainbow", "rainbow"], "pair:rainbow", ["rainbow", "rainbow"]),
    ],
)
def test_a_pair_discard_draws_one_card(cards: list[str], option: str, gone: list[str]) -> None:
    s = make_state({0: [*cards, "cat"]}, draw_top=["pigeon:white"])
    answer(s, 0, option)
    assert kind(s) == "sale"
    events = pass_all(s)
    assert faces(s, s.discard) == sorted(gone)
    assert hand(s, 0) == ["cat", "pigeon:white"]
    assert the_event(events, "draw").secrets == ((0, "You draw White pigeon for the pair."),)
    assert kind(s) == "turn" and s.seat == 0  # the turn goes on


def test_pairs_and_actions_as_many_times_as_you_like() -> None:
    s = make_state(
        {0: ["pigeon:red"] * 4 + ["draw2", "draw2"]},
        draw_top=["pigeon:blue"] * 6,
    )
    answer(s, 0, "pair:red")
    pass_all(s)
    answer(s, 0, "pair:red")
    pass_all(s)
    play(s, 0, "draw2")
    pass_all(s)
    play(s, 0, "draw2")
    pass_all(s)
    assert hand(s, 0) == ["pigeon:blue"] * 6 and s.seat == 0


# -------------------------------------------------------------------------- turn limit


def test_the_turn_limit_ends_the_game_in_a_draw() -> None:
    s = make_state({0: ["cat"], 1: ["cat"]}, options={"turn_limit": 3})
    answer(s, 0, "draw")
    answer(s, 1, "draw")
    assert GAME.outcome(s) is None and s.turn == 3
    events = answer(s, 0, "draw")
    out = GAME.outcome(s)
    assert out is not None and out.is_draw and out.winners == ()
    assert out.reason == "No one won within 3 turns: a draw."
    assert events[-1].kind == "game_over" and GAME.prompts(s) == []


def test_missed_turns_count_towards_the_turn_limit() -> None:
    s = make_state({0: ["cat"], 1: ["cat"]}, markers={1: 2}, options={"turn_limit": 3})
    answer(s, 0, "draw")  # turn 2 (missed), turn 3
    assert GAME.outcome(s) is None and s.turn == 3
    answer(s, 0, "draw")
    assert GAME.outcome(s).is_draw


@pytest.mark.parametrize("limit", [-1, -300])
def test_a_negative_turn_limit_is_refused(limit: int) -> None:
    with pytest.raises(ValueError, match=f"'turn_limit' must be 0 or more, not {limit}"):
        GAME.setup(NAMES[:3], 1, {"turn_limit": limit})


def test_a_turn_limit_of_zero_means_no_limit() -> None:
    s = make_state({0: ["cat"], 1: ["cat"]}, options={"turn_limit": 0})
    for _ in range(40):
        answer(s, s.seat, "draw")
    assert GAME.outcome(s) is None and s.turn == 41


# ------------------------------------------------------------------------------ secrets


def test_private_texts_go_only_to_the_seats_that_learn_something() -> None:
    s = make_state(
        {
            0: ["draw2", "recycle", "pluck", "gift", "mail", "cat", "pigeon:red"],
            1: ["pigeon:blue", "rainbow"],
            2: ["pigeon:green"],
            3: ["pigeon:white"],
        },
        draw_top=["pigeon:yellow", "pigeon:orange"],
        discard=["pigeon:purple"],
    )
    log: list[Event] = []
    log += play(s, 0, "draw2")
    log += pass_all(s)
    log += play(s, 0, "recycle")
    log += pass_all(s)
    log += pick(s, 0, "pigeon:purple")
    log += play(s, 0, "pluck", 1)
    log += pass_all(s)
    log += play(s, 0, "gift", 2)
    log += pass_all(s)
    log += pick(s, 0, "cat")
    log += play(s, 0, "mail", "right")
    log += pass_all(s)
    log += pick(s, 0, "pigeon:red")
    log += pick(s, 1, hand(s, 1)[0])
    log += pick(s, 2, "pigeon:green")
    log += pick(s, 3, "pigeon:white")
    expected = {"draw": {0}, "search": {0}, "pluck": {0, 1}, "gift": {0, 2}, "mail": {0, 1, 2, 3}}
    for e in log:
        seats = {x for x, _ in e.secrets}
        assert seats == expected.get(e.kind, set()), e
        # The public line never names a card that only some seats saw.
        if e.kind in expected:
            for name in ("Red", "Blue", "Green", "White", "Yellow", "Orange", "Purple", "Cat"):
                assert name not in e.text, e
        # A spectator reads the public line; each seat reads its own secret.
        assert e.text_for(None) == e.text
        for x in range(4):
            assert e.for_seat(x).secrets == tuple(p for p in e.secrets if p[0] == x)


# ----------------------------------------------------------------------- illegal moves


def refused(s: PigeonsState, seat: int, prompt_id: str, option_id: str) -> str:
    before = snapshot(s)
    prompts_before = list(GAME.prompts(s))
    with pytest.raises(IllegalMove) as info:
        GAME.apply(s, seat, prompt_id, option_id)
    assert snapshot(s) == before
    assert GAME.prompts(s) == prompts_before
    return str(info.value)


def test_an_answer_from_the_wrong_seat_is_refused() -> None:
    s = make_state({0: ["draw2"], 1: ["cat"]})
    p = prompt_of(s, 0)
    assert refused(s, 1, p.id, "draw") == "That decision is Ann's to make."


def test_a_stale_prompt_is_refused() -> None:
    s = make_state({0: ["draw2", "cat", "cat", "cat"], 1: ["wing_block"]})
    old = prompt_of(s, 0)
    answer(s, 0, "cats")
    assert refused(s, 0, old.id, "draw") == "That decision is not open (any more)."
    play(s, 0, "draw2")
    window = prompt_of(s, 1)
    react(s, 1, "wing_block")
    refused(s, 1, window.id, "pass")
    refused(s, 0, "nonsense", "pass")


@pytest.mark.parametrize(
    "option", ["zzz", "", "play:c999", "play:cx", "pair:blue", "cats", "seat:1", "pass"]
)
def test_an_option_not_offered_is_refused(option: str) -> None:
    s = make_state({0: ["draw2", "pigeon:red"], 1: ["pigeon:blue", "pigeon:blue"]})
    p = prompt_of(s, 0)
    assert "not one of the choices" in refused(s, 0, p.id, option)


def test_playing_a_card_from_someone_elses_hand_is_refused() -> None:
    s = make_state({0: ["draw2"], 1: ["pluck"]})
    p = prompt_of(s, 0)
    refused(s, 0, p.id, f"play:c{s.hands[1][0]}")
    play(s, 0, "draw2")
    pass_all(s)
    play_ = prompt_of(s, 0)
    refused(s, 0, play_.id, f"play:c{s.discard[-1]}")


def test_picking_a_card_not_offered_is_refused() -> None:
    s = make_state({0: ["gift", "cat"], 1: ["pigeon:red"]})
    play(s, 0, "gift", 1)
    pass_all(s)
    p = prompt_of(s, 0, "pick")
    refused(s, 0, p.id, f"c{s.hands[1][0]}")
    refused(s, 0, p.id, f"c{s.discard[-1]}")


def test_every_answer_is_refused_once_the_game_is_over() -> None:
    s = make_state({0: ["cat"], 1: ["pigeon:green"] * 7})
    p = prompt_of(s, 0)
    answer(s, 0, "draw")
    assert GAME.outcome(s) is not None
    assert "over" in refused(s, 0, p.id, "draw")
    assert "over" in refused(s, 1, "anything", "draw")


# ------------------------------------------------------------------------------- views


def test_views_show_your_hand_and_only_counts_of_the_others() -> None:
    s = make_state({0: ["cat", "pigeon:red"], 1: ["draw2"], 2: []}, discard=["rainbow"])
    v0, v1, spectator = GAME.view(s, 0), GAME.view(s, 1), GAME.view(s, None)
    assert [c["id"] for c in v0["private"]["hand"]] == [f"c{c}" for c in s.hands[0]]
    assert {c["name"] for c in v0["private"]["hand"]} == {"Cat", "Red pigeon"}
    assert v1["private"]["hand"][0]["action"] == "draw2"
    assert spectator["private"] == {}
    assert v0["public"] == v1["public"] == spectator["public"]
    public = spectator["public"]
    assert [x["cards"] for x in public["seats"]] == [2, 1, 0]
    assert public["discard_top"]["kind"] == "rainbow" and public["discard_count"] == 1
    assert public["draw_count"] == len(s.draw)
    assert public["turn"] == 0 and public["stage"] == {"kind": "turn", "seat": 0}
    assert "hands" not in public and public["over"] is False
    with pytest.raises(ValueError):
        GAME.view(s, 3)


def test_the_view_of_a_window_says_what_is_on_the_table() -> None:
    s = make_state({0: ["pluck"], 1: ["trap"]}, n=3)
    play(s, 0, "pluck", 1)
    react(s, 1, "trap")
    stage = GAME.view(s, None)["public"]["stage"]
    assert stage["kind"] == "action" and stage["action"]["action"] == "pluck"
    assert stage["seat"] == 0 and stage["target"] == 1
    assert [(c["card"]["action"], c["seat"], c["kind"]) for c in stage["chain"]] == [
        ("trap", 1, "trap")
    ]
    assert GAME.view(s, None)["public"]["waiting"] == [2, 0]


def test_rules_text_and_bots() -> None:
    assert "Pigeon Trap" in GAME.rules_text()
    assert GAME.bot("random", 0, 1).level == "random"
    assert GAME.bot("heuristic", 0, 1).level == "heuristic"
    with pytest.raises(ValueError):
        GAME.bot("genius", 0, 1)


def _bot_answer(s: PigeonsState, bot: object, seat: int = 0) -> str:
    prompt = prompt_of(s, seat)
    choice = bot.choose(GAME.view(s, seat), prompt)  # type: ignore[attr-defined]
    answer(s, seat, choice)
    return choice


def test_the_bot_plays_no_recycle_on_an_empty_discard_pile() -> None:
    s = make_state({0: ["recycle", "pigeon:red", "pigeon:blue"]})
    assert s.discard == []
    assert _bot_answer(s, GAME.bot("heuristic", 0, 1)) == "draw"


def test_the_bot_stops_recycling_once_the_pile_had_nothing_worth_taking() -> None:
    """Two Recycles and a pile of a cat and Tidy the Nest: it plays one Recycle, finds
    nothing it wants, and does not play the other (that turn) to take the first back."""
    s = make_state(
        {0: ["recycle", "recycle", "pigeon:red"], 1: ["pigeon:blue"]},
        discard=["cat", "tidy"],
    )
    bot = GAME.bot("heuristic", 0, 1)
    first = _bot_answer(s, bot)
    assert first.startswith("play:c") and s.faces[int(first[6:])] == "recycle"
    answer(s, 1, "pass")  # no Wing Block
    _bot_answer(s, bot)  # the pick: nothing it wants
    assert hand(s, 0).count("recycle") == 1
    assert _bot_answer(s, bot) == "draw"
    # The bot's memory of a dry pile lasts the turn, and is saved with it.
    again = GAME.bot("heuristic", 0, 1)
    again.load_json(bot.to_json())
    assert again.to_json() == bot.to_json()


def test_a_damaged_state_is_refused() -> None:
    s = make_state({0: ["cat"]})
    data = GAME.state_to_json(s)
    for damage in ("missing", "dup", "format", "frame"):
        bad = GAME.state_to_json(s)
        if damage == "missing":
            bad["draw"].pop()
        elif damage == "dup":
            bad["draw"].append(bad["draw"][0])
        elif damage == "format":
            bad["format"] = "other/1"
        else:
            bad["frames"] = [{"k": "nope"}]
        with pytest.raises(ValueError):
            GAME.state_from_json(bad)
    assert snapshot(GAME.state_from_json(data)) == snapshot(s)


@pytest.mark.parametrize("face", ["pluck", "mail", "fresh_start"])
def test_back_from_a_target_takes_the_card_back_and_the_turn_comes_again(face: str) -> None:
    """Choosing the target (or Mail's way) is the card's play: until then nothing has
    happened, and ``back`` returns to the turn with the card in hand."""
    s = make_state({0: [face, "pigeon:red"], 1: ["cat"], 2: ["pigeon:blue"]}, n=3)
    turn = prompt_of(s, 0, "turn")
    hands = [hand(s, seat) for seat in range(3)]
    assert answer(s, 0, card_option(s, turn, face, "play")) == []
    target = prompt_of(s, 0)
    assert target.back_option == "back" and target.options[-1].id == "back"
    assert "back" not in [o.id for o in target.choices()]
    assert answer(s, 0, "back") == []  # nothing to log: no card was played
    again = prompt_of(s, 0)
    assert again.kind == "turn" and again.id != turn.id  # the old turn prompt is stale
    assert [o.id for o in again.options] == [o.id for o in turn.options]
    assert [hand(s, seat) for seat in range(3)] == hands and s.discard == []
    with pytest.raises(IllegalMove):
        GAME.apply(s, 0, turn.id, card_option(s, turn, face, "play"))
    check_cards(s)


def test_bots_never_take_a_card_back() -> None:
    from engine.bots import RandomBot
    from engine.games.pigeons.bots import HeuristicBot

    s = make_state({0: ["pluck"], 1: ["cat"], 2: ["pigeon:red"]}, n=3)
    play(s, 0, "pluck")
    target = prompt_of(s, 0)
    view = GAME.view(s, 0)
    for seed in range(40):
        assert RandomBot(0, seed).choose(view, target) != "back"
        assert HeuristicBot(0, seed).choose(view, target) != "back"
