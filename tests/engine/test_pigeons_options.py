"""The option-id grammar of Cats Among The Pigeons (engine/games/pigeons/options.py)."""

from __future__ import annotations

from typing import get_args

import pytest

from engine.core import Rng
from engine.games.pigeons import options
from engine.games.pigeons.options import Parsed, parse, try_parse
from engine.games.pigeons.rules import GAME
from engine.games.pigeons.view import Colour

ROUND_TRIPS = [
    (options.DRAW, "draw", Parsed("draw")),
    (options.CATS, "cats", Parsed("cats")),
    (options.make_pair("red"), "pair:red", Parsed("pair", colour="red")),
    (
        options.make_pair("sky", rainbow=True),
        "pair:sky+rainbow",
        Parsed("pair", colour="sky", rainbow=True),
    ),
    (options.make_pair("rainbow"), "pair:rainbow", Parsed("pair", colour="rainbow")),
    (options.make_play(12), "play:c12", Parsed("play", card=12)),
    (options.make_seat(0), "seat:0", Parsed("seat", seat=0)),
    (options.make_seat(5), "seat:5", Parsed("seat", seat=5)),
    (options.LEFT, "left", Parsed("left")),
    (options.RIGHT, "right", Parsed("right")),
    (options.BACK, "back", Parsed("back")),
    (options.PASS, "pass", Parsed("pass")),
    (options.make_wing(0), "wing:c0", Parsed("wing", card=0)),
    (options.make_trap(107), "trap:c107", Parsed("trap", card=107)),
    (options.make_sale(33), "sale:c33", Parsed("sale", card=33)),
    (options.make_pick(9), "c9", Parsed("card", card=9)),
    (options.GIVE, "give", Parsed("give")),
    (options.NONE, "none", Parsed("none")),
]


@pytest.mark.parametrize(
    ("made", "wire", "parsed"), ROUND_TRIPS, ids=[w for _m, w, _p in ROUND_TRIPS]
)
def test_every_kind_of_option_is_made_and_parsed_back(made: str, wire: str, parsed: Parsed) -> None:
    assert made == wire  # the ids on the wire are the ones the game always sent
    assert parse(made) == parsed
    assert parsed.id == made
    assert try_parse(made) == parsed


def test_every_verb_has_a_round_trip() -> None:
    assert {p.verb for _m, _w, p in ROUND_TRIPS} == set(get_args(options.Verb))


def test_every_colour_pairs_both_ways() -> None:
    for colour in get_args(Colour):
        for rainbow in (False, True):
            made = options.make_pair(colour, rainbow=rainbow)
            assert parse(made) == Parsed("pair", colour=colour, rainbow=rainbow)


def test_a_card_named_by_an_option_has_its_view_id() -> None:
    assert parse("play:c12").card_id == "c12" == options.card_id(12)
    assert parse("c7").card_id == "c7"
    assert parse("seat:2").card_id is None
    assert options.card_number("c107") == 107


@pytest.mark.parametrize(
    "text",
    [
        "",
        "c",
        "c012",  # only the one spelling: c12
        "c-1",
        "c+1",
        "c1.0",
        "c\u0661",  # an Arabic-Indic digit one: isdigit() says yes, the grammar no
        "C12",
        "play:",
        "play:12",
        "play:c",
        "wing:cats",
        "seat:",
        "seat:x",
        "seat:-1",
        "seat:01",
        "pair:",
        "pair:pink",
        "pair:rainbow+rainbow",
        "pair:+rainbow",
        "pair:red+",
        "Draw",
        "draw:c1",
        "pass ",
        "fold:c1",
    ],
)
def test_what_is_not_an_option_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse(text)
    assert try_parse(text) is None


def test_try_parse_takes_anything_from_the_network() -> None:
    for junk in (None, 12, ["c1"], {"id": "c1"}, b"c1"):
        assert try_parse(junk) is None


def test_a_parsed_option_that_names_nothing_makes_no_id() -> None:
    for broken in (
        Parsed("play"),
        Parsed("card"),
        Parsed("seat"),
        Parsed("pair"),
        Parsed("pair", colour="rainbow", rainbow=True),
    ):
        with pytest.raises(ValueError):
            _ = broken.id


VERBS_BY_KIND = {
    "turn": {"draw", "cats", "pair", "play"},
    "target": {"seat", "back"},
    "direction": {"left", "right", "back"},
    "window": {"pass", "wing", "trap"},
    "sale": {"pass", "sale"},
    "pick": {"card"},
    "choice": {"give", "none"},
}


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_every_option_of_seeded_games_parses(n: int) -> None:
    """Random play (a bounded number of answers): every option id of every open prompt
    parses, in its one spelling, to a verb its kind of prompt offers."""
    seen: set[str] = set()
    for seed in range(3):
        rng = Rng(1000 * n + seed)
        state = GAME.setup([f"P{i}" for i in range(n)], seed)
        for _ in range(400):
            prompts = GAME.prompts(state)
            if not prompts:
                break
            for prompt in prompts:
                for option in prompt.options:
                    parsed = parse(option.id)
                    assert parsed.id == option.id
                    assert parsed.verb in VERBS_BY_KIND[prompt.kind], (prompt.kind, option.id)
                    if parsed.card_id is not None:  # a card of the table, named as views do
                        assert 0 <= int(parsed.card_id[1:]) < 108
                    seen.add(parsed.verb)
            prompt = prompts[rng.below(len(prompts))]
            option = prompt.options[rng.below(len(prompt.options))]
            GAME.apply(state, prompt.seat, prompt.id, option.id)
    assert {"draw", "play", "pair", "pass", "card"} <= seen  # the loop saw real play
