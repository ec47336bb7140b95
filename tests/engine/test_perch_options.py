"""Chat perché's option ids (engine/games/perch/options.py) and the view's derived fields."""

from __future__ import annotations

import pytest

from engine.core import Rng
from engine.games.perch.board import BRANCHES, SPOTS, SQUARES, STARTS
from engine.games.perch.cards import TOKENS
from engine.games.perch.options import (
    Parsed,
    make_back,
    make_branch,
    make_cat,
    make_flip,
    make_spot,
    make_stop,
    make_to,
    make_token,
    parse,
)
from engine.games.perch.rules import GAME

# ---------------------------------------------------------------------- make and parse


def test_every_kind_of_id_round_trips() -> None:
    cases: list[tuple[str, Parsed]] = [
        (make_flip(), Parsed("flip")),
        (make_back(), Parsed("back")),
        (make_stop(), Parsed("stop")),
    ]
    cases += [(make_token(v), Parsed("token", strength=v)) for v in sorted(set(TOKENS))]
    cases += [(make_branch(b), Parsed("branch", b)) for b in BRANCHES]
    cases += [(make_cat(p), Parsed("cat", p)) for p in (*STARTS, *SQUARES)]
    cases += [(make_to(p), Parsed("to", p)) for p in SQUARES]
    cases += [(make_spot(p), Parsed("spot", p)) for p in SPOTS]
    for option_id, parsed in cases:
        assert parse(option_id) == parsed, option_id
        assert str(parsed) == option_id


def test_the_ids_on_the_wire_are_the_ones_players_and_saves_know() -> None:
    assert make_token(3) == "token:3"
    assert make_branch("L4") == "branch:L4"
    assert make_cat("T2") == "cat:T2"
    assert make_cat("black start") == "cat:black start"
    assert make_to("L3b") == "to:L3b"
    assert make_spot("R1d") == "spot:R1d"
    assert (make_flip(), make_back(), make_stop()) == ("flip", "back", "stop")


def test_what_an_option_picks() -> None:
    assert parse("cat:ginger start").from_start
    assert not parse("cat:T1").from_start
    assert not parse("to:T1").from_start
    assert parse("spot:L2c").pos == "L2c"
    assert parse("token:4").pos is None and parse("token:4").strength == 4
    assert parse("flip").pos is None and parse("flip").strength is None


@pytest.mark.parametrize(
    "option_id",
    [
        "",
        "play",
        "token:",
        "token:x",
        "token:-1",
        "token:03",
        "token:٣",  # an Arabic-Indic digit: isdigit() says yes, int() too
        "branch:L6",
        "branch:L3a",
        "cat:T6",
        "cat:",
        "to:black start",  # a cat never moves back to its start
        "spot:T3",  # no bird on the trunk
        "spot:L3",
        "flip:now",
        "Flip",
        "back ",
        "cat:t2",
    ],
)
def test_anything_else_is_refused(option_id: str) -> None:
    with pytest.raises(ValueError):
        parse(option_id)


# ---------------------------------------------------------------------- every prompt


def _games(seeds: range, steps: int = 500) -> list[tuple[str, str]]:
    """(prompt kind, option id) of every option of every prompt of seeded games, both
    bots, every jump rule."""
    seen: list[tuple[str, str]] = []
    for seed in seeds:
        s = GAME.setup(["Ann", "Bea"], seed, {"jump_over": ("cats", "own", "animals")[seed % 3]})
        level = "cautious" if seed % 2 else "random"
        bots = [GAME.bot(level, x, seed * 10 + x) for x in (0, 1)]
        rng = Rng(seed)
        for _ in range(steps):
            prompts = GAME.prompts(s)
            if not prompts:
                break
            p = prompts[rng.below(len(prompts))]
            seen += [(p.kind, o.id) for o in p.options]
            answer = bots[p.seat].choose(GAME.view(s, p.seat), p)
            GAME.apply(s, p.seat, p.id, answer)
        assert GAME.outcome(s) is not None, f"seed {seed} did not end in {steps} answers"
    return seen


VERBS = {
    "token": {"token"},
    "branch": {"branch", "back"},
    "flip": {"flip"},
    "cat": {"cat", "stop"},
    "move": {"to", "back"},
    "fall": {"cat"},
    "bird": {"spot"},
}
"""The verbs each kind of prompt offers (the grammar's table)."""


def test_every_option_of_seeded_games_parses_to_its_prompts_verbs() -> None:
    seen = _games(range(6))
    kinds = set()
    for kind, option_id in seen:
        parsed = parse(option_id)
        assert parsed.verb in VERBS[kind], (kind, option_id)
        assert str(parsed) == option_id
        kinds.add(kind)
    assert kinds == set(VERBS)  # every kind of prompt came up


# ---------------------------------------------------------------------- the view


def test_a_branchs_token_colour_is_its_owners_colour() -> None:
    s = GAME.setup(["Ann", "Bea"], 3)
    rng = Rng(3)
    checked = 0
    for _ in range(40):
        public = GAME.view(s, None)["public"]
        colours = [p["colour"] for p in public["players"]]
        for b in public["branches"]:
            owner = b["token_owner"]
            assert b["token_colour"] == (None if owner is None else colours[owner])
            checked += owner is not None
        p = GAME.prompts(s)[0]
        GAME.apply(s, p.seat, p.id, p.options[rng.below(len(p.options))].id)
    assert checked > 0
