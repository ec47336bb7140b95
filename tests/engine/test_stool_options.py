"""Stool Pigeon's option ids (engine/games/stool/options.py): every kind is made and
parsed back, nothing else parses, and every id a seeded game offers is in the grammar."""

from __future__ import annotations

import pytest

from engine.core import Rng
from engine.games.stool import options as opts
from engine.games.stool.options import Parsed, parse, parse_position, pos_name, try_parse
from engine.games.stool.rules import GAME

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]

# Which verbs each kind of prompt may offer (the table in the module docstring).
VERBS_BY_KIND = {
    "peek": {"done"},
    "draw": {"draw", "take", "knock", "skip"},
    "swap": {"slot"},
    "look": {"slot"},
    "seen": {"ok"},
    "switch": {"slot"},
    "giveback": {"slot"},
    "kingpin": {"eliminate", "give"},
    "race": {"pass", "claim"},
}


@pytest.mark.parametrize(
    ("word", "verb"),
    [
        (opts.DONE, "done"),
        (opts.DRAW, "draw"),
        (opts.TAKE, "take"),
        (opts.KNOCK, "knock"),
        (opts.SKIP, "skip"),
        (opts.OK, "ok"),
        (opts.PASS, "pass"),
    ],
)
def test_a_word_is_its_own_verb(word: str, verb: str) -> None:
    assert word == verb
    assert parse(word) == Parsed(verb)
    assert parse(word).option_id == word


@pytest.mark.parametrize(
    ("make", "verb"),
    [(opts.make_slot, "slot"), (opts.make_claim, "claim"), (opts.make_eliminate, "eliminate")],
)
@pytest.mark.parametrize("pos", ["A1", "B2", "C10", "F7", "D123"])
def test_a_position_option_round_trips(make: object, verb: str, pos: str) -> None:
    assert callable(make)
    option_id = make(pos)
    assert option_id == f"{verb}:{pos}"  # the wire format stays as it was
    parsed = parse(option_id)
    assert parsed == Parsed(verb, pos=pos)
    assert parsed.at == pos and parsed.seat is None
    assert parsed.option_id == option_id
    assert opts.position_of(option_id) == pos


@pytest.mark.parametrize("seat", [0, 1, 5, 12])
def test_a_give_option_round_trips(seat: int) -> None:
    option_id = opts.make_give(seat)
    assert option_id == f"give:{seat}"
    parsed = parse(option_id)
    assert parsed == Parsed("give", seat=seat)
    assert parsed.option_id == option_id
    assert opts.position_of(option_id) is None
    with pytest.raises(ValueError):
        _ = parsed.at


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "slot",
        "slot:",
        "slot:G1",
        "slot:a1",
        "slot:A0",
        "slot:A01",
        "slot:A1:2",
        "slot: A1",
        "claim:A\u0661",  # an Arabic-Indic digit is a digit to str.isdigit, not here
        "eliminate:1A",
        "give:",
        "give:-1",
        "give:01",
        "give:A1",
        "give:\u00b2",
        "Pass",
        "draw ",
        "play:c12",  # another game's id
        "peek:A1",
    ],
)
def test_anything_else_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        parse(bad)
    assert try_parse(bad) is None
    assert opts.position_of(bad) is None


def test_making_refuses_what_would_not_parse_back() -> None:
    for make in (opts.make_slot, opts.make_claim, opts.make_eliminate):
        for bad in ("", "G1", "A0", "A", "1"):
            with pytest.raises(ValueError):
                make(bad)
    with pytest.raises(ValueError):
        opts.make_give(-1)


def test_positions_round_trip() -> None:
    for seat in range(6):
        for index in range(30):
            pos = pos_name(seat, index)
            assert pos == f"{'ABCDEF'[seat]}{index + 1}"
            assert parse_position(pos) == (seat, index)
    for bad in ((6, 0), (-1, 0), (0, -1)):
        with pytest.raises(ValueError):
            pos_name(*bad)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_offered_id_parses(players: int) -> None:
    """Random play to the end (bounded): every option of every open prompt parses, is
    made again by its parsed form, and has a verb its kind of prompt may offer; a
    position names a slot of the table."""
    seen_verbs: set[str] = set()
    for seed in range(3):
        state = GAME.setup(NAMES[:players], seed)
        rng = Rng(seed * 31 + players)
        for _ in range(3_000):
            prompts = GAME.prompts(state)
            if not prompts:
                break
            for prompt in prompts:
                for option in prompt.options:
                    parsed = parse(option.id)
                    assert parsed.option_id == option.id
                    assert parsed.verb in VERBS_BY_KIND[prompt.kind], (prompt.kind, option.id)
                    if parsed.pos is not None:
                        assert state.card_at(parsed.pos) is not None or parsed.verb == "slot"
                    if parsed.seat is not None:
                        assert 0 <= parsed.seat < players and parsed.seat != prompt.seat
                    seen_verbs.add(parsed.verb)
            prompt = prompts[rng.below(len(prompts))]
            option = prompt.options[rng.below(len(prompt.options))]
            GAME.apply(state, prompt.seat, prompt.id, option.id)
        assert GAME.outcome(state) is not None, f"seed {seed} did not end"
    assert {"done", "draw", "slot", "claim", "pass"} <= seen_verbs
