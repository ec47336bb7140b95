"""Chat perché, properties over seeds, options and random legal answers.

Every example sets a game up, plays a random stretch quickly (to reach late positions:
broken branches, birds everywhere, the dogs near the foot, reshuffles on a long track),
then checks each step of a second random stretch: every cat and bird is somewhere, the
public part of the view is the same for everyone, no view shows a strength its seat may
not know, states survive JSON and cloning exactly, and illegal answers change nothing.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from perch_helpers import NAMES, check_animals, random_step, snapshot

from engine.core import Event, IllegalMove, Prompt, Rng
from engine.games.perch.rules import GAME, PerchState

SETTINGS = settings(max_examples=40, deadline=None)

seeds = st.integers(0, 2**32 - 1)
skips = st.integers(0, 160)
rule_options = st.fixed_dictionaries(
    {
        "dog_track": st.sampled_from([3, 14, 30]),
        "jump_over": st.sampled_from(["cats", "own", "animals"]),
    }
)
choices = st.lists(st.integers(0, 2**16), min_size=5, max_size=60)


def start(seed: int, skip: int, options: dict[str, Any] | None = None) -> PerchState:
    """A game after ``skip`` random answers (fewer if it ends first)."""
    s = GAME.setup(NAMES, seed, options)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(skip):
        if random_step(s, rng) is None:
            break
    return s


def step(s: PerchState, choice: int) -> tuple[Prompt, str, list[Event]] | None:
    ps = GAME.prompts(s)
    if not ps:
        return None
    p = ps[0]
    option = p.options[choice % len(p.options)].id
    return p, option, GAME.apply(s, p.seat, p.id, option)


def hidden_swapped(s: PerchState, owner: int) -> PerchState | None:
    """The same game with ``owner``'s secret token values moved round its branches
    (a cyclic shift among its unbroken branches); None if that changes nothing."""
    branches = [b for b, (x, _) in s.tokens.items() if x == owner and b not in s.broken]
    values = [s.tokens[b][1] for b in branches]
    if len(set(values)) < 2:
        return None
    other = s.clone()
    other.tokens = {b: t[:] for b, t in s.tokens.items()}
    for b, v in zip(branches, values[1:] + values[:1], strict=True):
        other.tokens[b][1] = v
    other.touch()
    return other


def check_invariants(s: PerchState) -> None:
    check_animals(s)
    over = GAME.outcome(s) is not None
    prompts = GAME.prompts(s)
    assert over == (s.result is not None)
    assert len(prompts) == (0 if over else 1)  # one decision at a time, always someone's
    for p in prompts:
        assert p.options and len({o.id for o in p.options}) == len(p.options)
    views = {seat: GAME.view(s, seat) for seat in (None, 0, 1)}
    public = views[None]["public"]
    assert views[0]["public"] == public == views[1]["public"]
    assert views[None]["private"] == {}
    json.dumps(views)
    # A strength shows only once its branch has broken, to everyone at once.
    for b in public["branches"]:
        assert (b["strength"] is not None) == b["broken"]
    for me in (0, 1):
        mine = {b for b, (x, _) in s.tokens.items() if x == me}
        assert set(views[me]["private"]["strengths"]) == mine
    # Nobody's view (nor the prompts in front of them) depends on the other's secret values.
    for owner in (0, 1):
        other = hidden_swapped(s, owner)
        if other is None:
            continue
        for seat in (None, 1 - owner):
            assert GAME.view(other, seat) == views[seat]
        theirs = [p.to_json() for p in GAME.prompts(other) if p.seat != owner]
        assert theirs == [p.to_json() for p in prompts if p.seat != owner]


@SETTINGS
@given(seeds, skips, rule_options, choices)
def test_random_play_keeps_every_invariant(
    seed: int, skip: int, options: dict[str, Any], picks: list[int]
) -> None:
    s = start(seed, skip, options)
    check_invariants(s)
    for c in picks:
        if step(s, c) is None:
            break
        check_invariants(s)


@SETTINGS
@given(seeds, skips, rule_options, choices)
def test_json_round_trips_and_clones_are_exact(
    seed: int, skip: int, options: dict[str, Any], picks: list[int]
) -> None:
    s = start(seed, skip, options)
    for c in picks:
        data = GAME.state_to_json(s)
        text = json.dumps(data)
        again = GAME.state_from_json(json.loads(text))
        assert GAME.state_to_json(again) == data
        twin = GAME.clone(s)
        assert GAME.state_to_json(twin) == data
        before = snapshot(s)
        done_twin = step(twin, c)  # playing on the clone leaves the original alone
        assert snapshot(s) == before
        done = step(again, c)
        if done is None or done_twin is None:
            break
        assert GAME.state_to_json(again) == GAME.state_to_json(twin)
        assert [e.to_json() for e in done[2]] == [e.to_json() for e in done_twin[2]]
        s = again


@SETTINGS
@given(seeds, rule_options, choices)
def test_the_same_seed_and_answers_make_the_same_game(
    seed: int, options: dict[str, Any], picks: list[int]
) -> None:
    logs: list[list[dict[str, Any]]] = []
    states: list[dict[str, Any]] = []
    for _ in range(2):
        s = GAME.setup(NAMES, seed, options)
        log: list[dict[str, Any]] = []
        for c in picks * 6:
            done = step(s, c)
            if done is None:
                break
            log.extend(e.to_json() for e in done[2])
        logs.append(log)
        states.append(GAME.state_to_json(s))
    assert logs[0] == logs[1] and states[0] == states[1]


@SETTINGS
@given(seeds, skips, st.integers(0, 2**16))
def test_illegal_answers_change_nothing(seed: int, skip: int, pick: int) -> None:
    s = start(seed, skip)
    before = snapshot(s)
    prompts = GAME.prompts(s)
    if not prompts:
        for seat in (0, 1):
            try:
                GAME.apply(s, seat, "p1", "flip")
            except IllegalMove:
                pass
            else:
                raise AssertionError("an answer after the end was accepted")
        assert snapshot(s) == before
        return
    p = prompts[0]
    option = p.options[pick % len(p.options)].id
    bad_answers = [
        (1 - p.seat, p.id, option),  # the other seat
        (p.seat, p.id + "x", option),  # no such prompt
        (p.seat, p.id, option + "x"),  # no such option
        (p.seat, p.id, "to:T9"),
        (p.seat, f"p{s.pid - 1}", option),  # a stale prompt
    ]
    for seat, pid, oid in bad_answers:
        try:
            GAME.apply(s, seat, pid, oid)
        except IllegalMove:
            pass
        else:
            raise AssertionError(f"{(seat, pid, oid)} was accepted")
        assert snapshot(s) == before
