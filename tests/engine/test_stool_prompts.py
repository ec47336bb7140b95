"""Stool Pigeon prompts say what they offer: each option's label belongs to its own prompt,
and each prompt's text names only the choices on offer.

Seats are Ann (0, A1...), Bob (1, B1...), Cy (2, C1...); see ``stool_helpers``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from stool_helpers import answer, claim, make_state, prompt_of, turn

from engine.core import Prompt, Rng
from engine.games.stool.rules import GAME

# ------------------------------------------------------------------------------ labels


def swap_prompt() -> Prompt:
    """Bob holds a drawn 1: swap it into B1 or B2."""
    s = make_state({0: ["4"], 1: ["4", "9"]}, seat=1, draw_top=["1"])
    answer(s, 1, "draw", "draw")
    return prompt_of(s, 1, "swap")


def place_prompt() -> Prompt:
    """Bob holds a drawn 6 but claimed his own last card: put it in the empty B1."""
    s = make_state({0: ["4", "9"], 1: ["4"], 2: ["5"]}, draw_top=["1", "6"])
    turn(s, "draw", "A1")  # Ann plays a 4
    answer(s, 1, "draw", "draw")
    claim(s, 1, "B1")
    return prompt_of(s, 1, "swap")


def look_prompt() -> Prompt:
    """Ann plays a Stool Pigeon: peek at any card (B1 among them)."""
    s = make_state({0: ["stool", "9"], 1: ["4", "8"]}, draw_top=["2"])
    turn(s, "draw", "A1")
    return prompt_of(s, 0, "look")


def bamboozle_prompt() -> Prompt:
    """Ann plays a Bamboozle: pick the first card to swap."""
    s = make_state({0: ["bamboozle", "9"], 1: ["4", "8"]}, draw_top=["2"])
    turn(s, "draw", "A1")
    return prompt_of(s, 0, "switch")


def vendetta_prompt() -> Prompt:
    """Ann plays a Vendetta, peeks at B1: now the second card of the swap, after A2."""
    s = make_state({0: ["vendetta", "9"], 1: ["4", "8"]}, draw_top=["2"])
    turn(s, "draw", "A1")
    answer(s, 0, "slot:B1", "look")
    answer(s, 0, "ok", "seen")
    answer(s, 0, "slot:A2", "switch")
    return prompt_of(s, 0, "switch")


def giveback_prompt() -> Prompt:
    """Bob claims Cy's 4 rightly: he gives Cy one of his cards."""
    s = make_state({0: ["4", "9"], 1: ["3", "2"], 2: ["4"]}, draw_top=["1"])
    turn(s, "draw", "A1")  # Ann plays a 4
    claim(s, 1, "C1")
    return prompt_of(s, 1, "giveback")


def race_prompt() -> Prompt:
    s = make_state({0: ["4", "9"], 1: ["3", "2"], 2: ["4"]}, draw_top=["1"])
    turn(s, "draw", "A1")
    return prompt_of(s, 2, "race")


def kingpin_prompt() -> Prompt:
    s = make_state({0: ["9"], 1: ["kingpin", "2"]}, seat=1, draw_top=["1"])
    turn(s, "draw", "B1")
    return prompt_of(s, 1, "kingpin")


BUILDERS: list[tuple[Callable[[], Prompt], str, str, set[str]]] = [
    # (scenario, the option naming B1, its label, the prompt's other option ids)
    (swap_prompt, "slot:B1", "Swap it into B1", {"slot:B2"}),
    (place_prompt, "slot:B1", "Put it in B1", set()),
    (look_prompt, "slot:B1", "Peek at B1", {"slot:A1", "slot:A2", "slot:B2"}),
    (bamboozle_prompt, "slot:B1", "Swap B1", {"slot:A1", "slot:A2", "slot:B2"}),
    (vendetta_prompt, "slot:B1", "Swap B1", {"slot:A1", "slot:B2"}),
    (giveback_prompt, "slot:B1", "Give the card in B1", {"slot:B2"}),
    (race_prompt, "claim:B1", "Claim B1", {"pass", "claim:A1", "claim:A2", "claim:B2", "claim:C1"}),
    (kingpin_prompt, "eliminate:B1", "Eliminate B1", {"eliminate:B2", "give:0"}),
]

LABEL = {
    "swap": "Swap it into {}",
    "look": "Peek at {}",
    "switch": "Swap {}",
    "giveback": "Give the card in {}",
    "race": "Claim {}",
    "kingpin": "Eliminate {}",
}


def test_each_prompt_labels_its_positions_itself_whatever_was_built_before() -> None:
    """Every position prompt shares ids like "slot:B1"; each must still carry its own label,
    in one process, after (and before) all the others were built."""
    first = [build() for build, *_ in BUILDERS]
    again = [build() for build, *_ in reversed(BUILDERS)][::-1]
    for prompts in (first, again):
        for prompt, (build, option_id, label, others) in zip(prompts, BUILDERS, strict=True):
            ids = {o.id for o in prompt.options}
            assert ids == {option_id} | others, build.__name__  # the ids stay the same
            opt = prompt.option(option_id)
            assert opt is not None and opt.label == label, (build.__name__, opt)
            for o in prompt.options:
                prefix, _, pos = o.id.partition(":")
                if prefix in ("slot", "claim", "eliminate"):
                    want = "Put it in {}" if build is place_prompt else LABEL[prompt.kind]
                    assert o.label == want.format(pos), (build.__name__, o)


# ------------------------------------------------------------------------------ texts


@pytest.mark.parametrize(
    ("kw", "ids", "text"),
    [
        (
            {"play": ["6"]},
            ["draw", "take"],
            "Your turn: draw a card, or take the PLAY top.",
        ),
        ({"play": ["kingpin"]}, ["draw"], "Your turn: draw a card."),
        ({"play": ["6"], "eliminated_top": True}, ["draw"], "Your turn: draw a card."),
        (
            {"play": ["6"], "in_round": 2},
            ["draw", "take", "knock"],
            "Your turn: draw a card, take the PLAY top, or knock.",
        ),
        (
            {"play": ["stool"], "in_round": 2},
            ["draw", "knock"],
            "Your turn: draw a card, or knock.",
        ),
        (
            {"play": ["3"], "rest": 1, "in_round": 2},
            ["take", "knock"],
            "Your turn: take the PLAY top, or knock.",
        ),
        (
            {"play": ["3"], "rest": 1, "in_round": 2, "eliminated_top": True},
            ["skip", "knock"],
            "Your turn: there is no card you can take; pass, or knock.",
        ),
        (
            {"scenes": {0: [None], 1: ["5"]}, "play": ["3"], "in_round": 2},
            ["skip", "knock"],
            "Your turn: your crime scene is empty; pass, or knock.",
        ),
    ],
)
def test_the_draw_prompt_names_only_what_is_offered(
    kw: dict[str, Any], ids: list[str], text: str
) -> None:
    kw = dict(kw)
    s = make_state(kw.pop("scenes", {0: ["4"], 1: ["5"]}), **kw)
    p = prompt_of(s, 0, "draw")
    assert [o.id for o in p.options] == ids
    assert p.text == text


def test_the_pass_of_an_empty_crime_scene_says_why() -> None:
    s = make_state({0: [None], 1: ["5"]}, play=["3"], in_round=2)
    p = prompt_of(s, 0, "draw")
    assert p.option("skip") == ("skip", "Pass your turn (no card in your crime scene)")
    events = answer(s, 0, "skip")
    assert events[0].text == "Ann passes: Ann's crime scene is empty."


def test_a_last_turn_names_only_its_choices() -> None:
    s = make_state({0: ["4"], 1: ["5"]}, play=["kingpin"], in_round=2)
    answer(s, 0, "knock")
    p = prompt_of(s, 1, "draw")
    assert [o.id for o in p.options] == ["draw"]
    assert p.text == "Your turn: draw a card. It is your last turn."


def test_the_swap_prompt_says_a_card_is_played_only_when_one_is() -> None:
    assert swap_prompt().text == "Swap a 1 into your crime scene: the card there is played."
    p = place_prompt()
    assert p.text == "Put a 6 into an empty position of your crime scene: nothing is played."


def test_the_kingpin_prompt_names_only_what_is_offered() -> None:
    assert kingpin_prompt().text == (
        "Kingpin: eliminate one of your cards, or give a player the next DRAW card."
    )
    # Nothing left to draw (DRAW empty, PLAY holds only the Kingpin): no gift.
    s = make_state({0: ["9"], 1: ["kingpin", "2"]}, seat=1, draw_top=["1"], rest=0)
    turn(s, "draw", "B1")
    p = prompt_of(s, 1, "kingpin")
    assert [o.id for o in p.options] == ["eliminate:B1", "eliminate:B2"]
    assert p.text == "Kingpin: eliminate one of your cards."


@pytest.mark.parametrize("seed", range(6))
def test_turn_texts_match_their_options_in_random_games(seed: int) -> None:
    rng = Rng(seed)
    s = GAME.setup(["Ann", "Bob", "Cy", "Di"][: 2 + seed % 3], seed, {"turn_limit": 6})
    for _ in range(20_000):
        ps = GAME.prompts(s)
        if not ps:
            break
        for p in ps:
            ids = [o.id for o in p.options]
            assert ids, p
            if p.kind == "draw":
                assert ("draw a card" in p.text) == ("draw" in ids), (p.text, ids)
                assert ("take the PLAY top" in p.text) == ("take" in ids), (p.text, ids)
                assert ("knock" in p.text) == ("knock" in ids), (p.text, ids)
                assert ("pass" in p.text) == ("skip" in ids), (p.text, ids)
            elif p.kind == "swap":
                played = "the card there is played" in p.text
                assert played == all(o.label.startswith("Swap it into") for o in p.options)
            elif p.kind == "kingpin":
                gift = any(i.startswith("give:") for i in ids)
                assert ("give a player" in p.text) == gift, (p.text, ids)
        p = ps[rng.below(len(ps))]
        GAME.apply(s, p.seat, p.id, p.options[rng.below(len(p.options))].id)
    assert GAME.outcome(s) is not None
