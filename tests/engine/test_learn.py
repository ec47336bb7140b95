"""``engine.learn``: every registered game has a guided deal and explains each of its
decisions; the coach explains each rule once and sums up; "why can't I...?" says why
a move is not offered (its leak check is the contract suite's: tests/contract/)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalMove
from engine.games import REGISTRY
from engine.learn import Coach, learning_for, rules_met_early, why_not
from engine.narration import rules_for
from engine.session import SeatConfig, Table


def _table(game_id: str, names: list[str], seed: int, levels: list[str] | None = None) -> Table:
    levels = levels or [""] * len(names)
    seats = [SeatConfig(n, "bot", lv) for n, lv in zip(names, levels, strict=True)]
    return Table(REGISTRY[game_id], seats, seed=seed, window_seconds=None, bot_delay=(0, 0))


def _prompt_kinds(game_id: str, n: int, seeds: range) -> set[str]:
    kinds: set[str] = set()
    for seed in seeds:
        table = _table(game_id, [f"P{i}" for i in range(n)], seed)
        while not table.is_over:
            kinds.update(p.kind for p in table.prompts())
            if not table.run_bots(1):
                break
    return kinds


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_every_game_has_a_guided_deal_and_explains_each_decision(game_id: str) -> None:
    game = REGISTRY[game_id]
    learning = learning_for(game)
    assert game.min_players <= learning.players <= game.max_players
    assert learning.bots in game.bot_levels
    decisions = rules_for(game_id).decisions
    asked = _prompt_kinds(game_id, learning.players, range(3))
    assert asked, "no decision seen"
    missing = asked - set(decisions)
    assert not missing, f"{game_id}: no DECISIONS entry for {sorted(missing)}"


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_the_guided_deal_is_the_best_of_the_first_hundred(game_id: str) -> None:
    game = REGISTRY[game_id]
    learning = learning_for(game)
    chosen = rules_met_early(game, learning, learning.seed)
    best = max(rules_met_early(game, learning, seed) for seed in range(100))
    assert chosen == best
    assert chosen >= len(rules_for(game_id).every_rule()) // 2  # most rules, early


def test_the_coach_explains_each_decision_once_and_only_the_learners() -> None:
    table = _table("stool", ["Ann", "Bob"], 10)
    coach = Coach(rules_for("stool"), 0)
    peek_ann, peek_bob = sorted(table.prompts(), key=lambda p: p.seat)
    assert coach.decision(peek_bob) == ()  # another seat's decision: nothing to explain
    [rule] = coach.decision(peek_ann)
    assert rule.name == "The first peek"
    assert coach.decision(peek_ann) == ()  # once
    assert "The first peek" in coach.met


def test_the_summary_splits_every_rule_into_met_and_not_met() -> None:
    table = _table("pigeons", ["Ann", "Bob", "Cal"], 2)
    coach = Coach(rules_for("pigeons"), 0)
    coach.start(table.log[0])
    for _ in range(40):
        before = len(table.log)
        if not table.run_bots(1):
            break
        coach.events(table.log[before:])
    summary = coach.summary()
    every = [r.name for r in rules_for("pigeons").every_rule()]
    assert sorted(summary.met + summary.not_met) == sorted(every)
    assert "The goal" in summary.met and summary.not_met  # not everything in 40 answers
    assert set(summary.met) == set(coach.met)


def _until(table: Table, seat: int, kind: str, limit: int = 400) -> None:
    for _ in range(limit):
        if any(p.seat == seat and p.kind == kind for p in table.prompts()):
            return
        table.run_bots(1)
    raise AssertionError(f"no {kind} prompt for seat {seat}")


def test_why_not_says_whose_decision_it_is() -> None:
    table = _table("stool", ["Ann", "Bob"], 10)
    table.run_bots(2)  # both peeked: Ann's turn (or Bob's)
    waiting = next(s for s in (0, 1) if not any(p.seat == s for p in table.prompts()))
    other = 1 - waiting
    [first, *_] = why_not(table.game, table.state, waiting)
    assert first == f"Nothing is yours to decide now: {table.seats[other].name} is deciding."


def test_why_not_in_cats_among_the_pigeons() -> None:
    game: Any = REGISTRY["pigeons"]
    table = _table("pigeons", ["Ann", "Bob", "Cal"], 2)
    seen: set[str] = set()
    for _ in range(300):
        state = table.state
        if table.is_over:
            break
        reasons = why_not(game, state, 0)
        seen.update(reasons)
        turn = [p for p in table.prompts() if p.seat == 0 and p.kind == "turn"]
        if turn:
            faces = [state.faces[c] for c in state.hands[0]]
            paired = any(o.id.startswith("pair") for o in turn[0].options)
            said = any(r.startswith("You have no pair") for r in reasons)
            pigeons = any(f.startswith("pigeon:") or f == "rainbow" for f in faces)
            assert said == (not paired and pigeons)
            if "wing_block" in faces:
                assert any(r.startswith("Wing Block is played out of turn") for r in reasons)
        table.run_bots(1)
    assert any(r.startswith("Cats are discarded three together") for r in seen)


def test_why_not_in_stool_pigeon_knocking_and_the_play_card() -> None:
    table = _table("stool", ["Ann", "Bob"], 10)
    _until(table, 0, "draw")
    assert table.state.round == 1
    reasons = why_not(table.game, table.state, 0)
    assert "Knocking is allowed from round 2 on (this is round 1)." in reasons
    empty = "The PLAY pile is empty: there is no card to take from it yet."
    assert (empty in reasons) == (not table.state.play)


def test_why_not_in_chat_perche_a_branch_with_a_token() -> None:
    table = _table("perch", ["Ann", "Bob"], 0)
    state: Any = table.state
    for _ in range(100):
        mine = [p for p in table.prompts() if p.seat == 0 and p.kind == "branch"]
        if mine and state.tokens:
            break
        table.run_bots(1)
        state = table.state
    else:
        raise AssertionError("Ann never placed a token beside another")
    taken = ", ".join(b for b in sorted(state.tokens))
    reasons = why_not(table.game, state, 0)
    assert f"A branch takes one token: {taken} " in " ".join(reasons)
    offered = {o.label for o in mine[0].options}
    assert not any(f"Branch {b} " in label for b in state.tokens for label in offered)


def test_why_not_once_over() -> None:
    table = _table("stool", ["Ann", "Bob"], 10)
    table.run_bots()
    assert why_not(table.game, table.state, 0) == ["The game is over."]
    with pytest.raises(IllegalMove):
        table.answer(0, "x", "y")
