"""Demo narration: every registered game has a rule table beside it that covers every
event kind its seeded games make, and each rule is explained once per demo."""

from __future__ import annotations

import functools

import pytest

from engine.core import Event, Option, Prompt
from engine.demo import DemoTable
from engine.games import REGISTRY
from engine.narration import Narrator, RuleTable, rules_for
from engine.replay import Recording, Stepper

SEEDS = (0, 1, 2)


@functools.cache
def _kinds_made(game_id: str) -> frozenset[str]:
    """Every event kind of seeded bot games at every player count (the start line too):
    random bots (they try everything) and, at the smallest table, the game's usual bot
    (the demo's)."""
    game = REGISTRY[game_id]
    kinds: set[str] = set()
    for players in range(game.min_players, game.max_players + 1):
        usual = [(0, "")] if players == game.min_players else []
        for seed, level in [*((s, "random") for s in SEEDS), *usual]:
            names = [f"P{i}" for i in range(players)]
            stepper = Stepper(game, Recording(game_id, names, seed), levels=[level] * players)
            while stepper.forward() is not None:
                pass
            kinds |= {e.kind for e in stepper.log()}
    return frozenset(kinds)


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_every_event_kind_of_a_game_is_in_its_table(game_id: str) -> None:
    table = rules_for(game_id)  # engine/games/<id>/narration.py
    missing = _kinds_made(game_id) - set(table.events)
    assert not missing, f"{game_id}'s narration table has no rule for {sorted(missing)}"
    for rule in [*table.events.values(), *table.options.values()]:
        assert rule.name and rule.text.endswith((".", "!"))
        assert "[" not in rule.text  # plain text: never markup


def test_a_game_without_a_table_is_a_lookup_error() -> None:
    with pytest.raises(LookupError):
        rules_for("nosuchgame")


def test_the_conformance_test_can_fail() -> None:
    """A table missing a kind the games make is caught (the check above is not empty)."""
    table = rules_for("pigeons")
    smaller = {k: v for k, v in table.events.items() if k != "draw"}
    assert "draw" in _kinds_made("pigeons") - set(smaller)


def test_each_rule_is_explained_once_then_the_narration_is_short() -> None:
    demo = DemoTable(REGISTRY["pigeons"], ["Ann", "Bob", "Cy"], 4)
    assert demo.narration.rules  # the goal, first
    first_seen: dict[str, int] = {}
    for _ in range(400):
        if not demo.forward():
            break
        events = demo.stepper.events_at(demo.step)
        said = {r.name for r in demo.narration.rules}
        for event in events:
            if event.kind in first_seen:
                continue
            first_seen[event.kind] = demo.step
        for name in said:  # a rule is never explained twice
            assert all(
                name not in {r.name for r in demo.narration_at(k).rules} for k in range(demo.step)
            )
    draws = [
        k
        for k in range(1, demo.step + 1)
        if any(e.kind == "draw" for e in demo.stepper.events_at(k))
    ]
    assert len(draws) >= 2
    first, second = demo.narration_at(draws[0]), demo.narration_at(draws[1])
    assert "Drawing" in {r.name for r in first.rules}
    assert second.is_short and second.text() == second.line
    assert second.line == " ".join(e.text for e in demo.stepper.events_at(draws[1]))


def test_an_answer_without_events_is_narrated_by_its_option() -> None:
    table = RuleTable({}, {"pass": rules_for("pigeons").options["pass"]})
    narrator = Narrator(table)
    prompt = Prompt("w1", 1, "window", "React?", (Option("pass", "Let it happen"),), "pass")
    said = narrator.step(["Ann", "Bob"], 1, prompt, "pass", [])
    assert said.line == "Bob chose: Let it happen."
    assert [r.name for r in said.rules] == ["Letting it happen"]
    again = narrator.step(["Ann", "Bob"], 0, prompt, "pass", [Event("")])
    assert again.is_short and again.line == "Ann chose: Let it happen."
