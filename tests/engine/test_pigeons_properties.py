"""Cats Among The Pigeons, properties over seeds, player counts and random legal answers.

Every example sets a game up, plays a random stretch quickly (to reach late
positions: reshuffles, missed turns, long hands), then checks each step of a
second random stretch.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from pigeons_helpers import GAME, NAMES, card_ids, check_cards, random_step, snapshot

from engine.core import Event, IllegalMove, Prompt, Rng
from engine.games.pigeons.rules import PigeonsState, flock_of

SETTINGS = settings(max_examples=50, deadline=None)

seeds = st.integers(0, 2**32 - 1)
players = st.integers(2, 6)
skips = st.integers(0, 1500)
rule_options = st.fixed_dictionaries(
    {"rainbow_pairs": st.booleans(), "turn_limit": st.sampled_from([0, 60, 300])}
)
choices = st.lists(st.integers(0, 2**16), min_size=5, max_size=120)


def start(seed: int, n: int, skip: int, options: dict[str, Any] | None = None) -> PigeonsState:
    """A game after ``skip`` random answers (fewer if it ends first)."""
    s = GAME.setup(NAMES[:n], seed, options)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(skip):
        if random_step(s, rng) is None:
            break
    return s


def step(s: PigeonsState, choice: int) -> tuple[Prompt, str, list[Event]] | None:
    """Answer one open prompt, both picked by ``choice``; None when the game is over."""
    ps = GAME.prompts(s)
    if not ps:
        return None
    p = ps[choice % len(ps)]
    option = p.options[(choice // len(ps)) % len(p.options)].id
    return p, option, GAME.apply(s, p.seat, p.id, option)


def play_out(s: PigeonsState, picks: list[int]) -> list[dict[str, Any]]:
    """Answer with ``picks``; the events, as JSON."""
    events: list[dict[str, Any]] = []
    for c in picks:
        done = step(s, c)
        if done is None:
            break
        events.extend(e.to_json() for e in done[2])
    return events


# ------------------------------------------------------------------------- invariants


def check_invariants(s: PigeonsState) -> None:
    check_cards(s)
    over = GAME.outcome(s) is not None
    prompts = GAME.prompts(s)
    assert over == (s.result is not None)
    # A game in progress always waits for someone; a finished one for nobody.
    assert bool(prompts) != over
    keys = [(p.seat, p.id) for p in prompts]
    assert len(keys) == len(set(keys))
    ids = [p.id for p in prompts]
    assert len(ids) == len(set(ids))  # apply() finds a prompt by its id
    if over:
        for winner in GAME.outcome(s).winners:
            assert winner == s.seat and flock_of(s, s.hands[winner]) is not None
    elif s.frames[-1]["k"] == "turn":
        # Declaring is automatic: nobody is asked to play on with a winning hand.
        assert s.frames[-1]["seat"] == s.seat
        assert flock_of(s, s.hands[s.seat]) is None

    spectator = GAME.view(s, None)
    assert spectator["private"] == {}
    views = [GAME.view(s, x) for x in range(s.n)]
    for x, v in enumerate(views):
        # The public part is the same for everyone.
        assert v["public"] == spectator["public"]
        assert [c["id"] for c in v["private"]["hand"]] == [f"c{c}" for c in s.hands[x]]
        assert [c["cards"] for c in v["public"]["seats"]] == [len(h) for h in s.hands]
    if not over:
        public_ids = card_ids(spectator["public"])
        # A card being played while its player names the target is shown as played:
        # it cannot be taken back, and lands face up on the pile next.
        shown = {s.frames[-1]["card"]} if s.frames[-1]["k"] == "target" else set()
        for x in range(s.n):
            hidden = set(s.hands[x]) - shown
            assert not public_ids & hidden, f"seat {x}'s cards are in the public view"
            for y in range(s.n):
                if y != x:
                    assert not card_ids(views[y]["private"]) & hidden, (
                        f"seat {x}'s cards are in seat {y}'s view"
                    )
    # A prompt names only the seat's own cards, or cards of the (searchable) pile.
    windows = [p for p in prompts if p.pass_option is not None]
    for p in prompts:
        assert p.options
        mine = {f"c{c}" for c in s.hands[p.seat]}
        pile = {f"c{c}" for c in s.discard}
        for o in p.options:
            assert o.id and o.label
            named = o.id.split(":")[-1]
            if named.startswith("c") and named[1:].isdigit():
                assert named in mine or (p.kind == "pick" and named in pile)
        if p.pass_option is not None:
            assert p.option(p.pass_option) is not None
    # Everyone asked in a window gets the same question, whatever they hold.
    assert len({(p.kind, p.text, p.pass_option) for p in windows}) <= 1


def assert_refused(s: PigeonsState, seat: int, prompt_id: str, option_id: str) -> None:
    before = snapshot(s)
    prompts = list(GAME.prompts(s))
    try:
        GAME.apply(s, seat, prompt_id, option_id)
    except IllegalMove as exc:
        assert str(exc)
    else:
        raise AssertionError(f"seat {seat} answered {prompt_id}/{option_id} illegally")
    assert snapshot(s) == before
    assert GAME.prompts(s) == prompts


def illegal_answers(s: PigeonsState, stale: list[tuple[int, str]]) -> list[tuple[int, str, str]]:
    """Answers the rules must refuse right now."""
    out: list[tuple[int, str, str]] = []
    prompts = GAME.prompts(s)
    open_keys = {(p.seat, p.id) for p in prompts}
    for p in prompts[:3]:
        out.append((p.seat, p.id, "bogus"))
        out.append((p.seat, p.id, "c999"))
        out.append(((p.seat + 1) % s.n, p.id, p.options[0].id))  # the wrong seat
        for x in range(s.n):
            if x != p.seat:  # another seat's card
                for c in s.hands[x][:2]:
                    out.append((p.seat, p.id, f"play:c{c}"))
                    out.append((p.seat, p.id, f"c{c}"))
    for seat, pid in stale[-5:]:
        if (seat, pid) not in open_keys:
            out.append((seat, pid, "pass"))
            out.append((seat, pid, "draw"))
    out.append((0, "no-such-prompt", "draw"))
    if not prompts:
        out.append((s.seat, "1.0", "draw"))
    return out


# ------------------------------------------------------------------------- properties


@SETTINGS
@given(seed=seeds, n=players, skip=skips, options=rule_options, picks=choices)
def test_invariants_hold_at_every_step(
    seed: int, n: int, skip: int, options: dict[str, Any], picks: list[int]
) -> None:
    s = start(seed, n, skip, options)
    check_invariants(s)
    stale: list[tuple[int, str]] = []
    for c in picks:
        for seat, pid, option in illegal_answers(s, stale):
            # Only answers that are really not offered.
            p = next((q for q in GAME.prompts(s) if q.id == pid and q.seat == seat), None)
            if p is not None and p.option(option) is not None:
                continue
            assert_refused(s, seat, pid, option)
        done = step(s, c)
        if done is None:
            break
        stale.append((done[0].seat, done[0].id))
        for e in done[2]:
            for who, text in e.secrets:
                assert 0 <= who < n and text
        check_invariants(s)


@SETTINGS
@given(seed=seeds, n=players, skip=skips, picks=choices)
def test_json_round_trip_is_exact_and_the_game_goes_on_the_same(
    seed: int, n: int, skip: int, picks: list[int]
) -> None:
    s = start(seed, n, skip)
    data = json.loads(json.dumps(GAME.state_to_json(s)))
    back = GAME.state_from_json(data)
    assert GAME.state_to_json(back) == GAME.state_to_json(s)
    assert GAME.prompts(back) == GAME.prompts(s)
    assert GAME.outcome(back) == GAME.outcome(s)
    for x in [None, *range(n)]:
        assert GAME.view(back, x) == GAME.view(s, x)
    assert play_out(back, picks) == play_out(s, picks)
    assert snapshot(back) == snapshot(s)
    assert GAME.prompts(back) == GAME.prompts(s)


@SETTINGS
@given(seed=seeds, n=players, skip=skips, picks=choices)
def test_a_round_trip_in_the_middle_of_a_window_keeps_its_prompts(
    seed: int, n: int, skip: int, picks: list[int]
) -> None:
    # The engine keeps the prompts of a window when a seat passes (a cache):
    # they must be exactly the prompts a freshly loaded state computes.
    s = start(seed, n, skip)
    for c in picks:
        if step(s, c) is None:
            break
        back = GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s))))
        assert GAME.prompts(back) == GAME.prompts(s)


@SETTINGS
@given(seed=seeds, n=players, skip=skips, picks=choices, other=choices)
def test_clone_is_equal_and_independent(
    seed: int, n: int, skip: int, picks: list[int], other: list[int]
) -> None:
    s = start(seed, n, skip)
    before = snapshot(s)
    prompts = list(GAME.prompts(s))
    copy = GAME.clone(s)
    assert snapshot(copy) == before and GAME.prompts(copy) == prompts
    play_out(copy, other)
    assert snapshot(s) == before
    assert GAME.prompts(s) == prompts
    # And the original continues as a fresh clone of it does.
    twin = GAME.clone(s)
    assert play_out(s, picks) == play_out(twin, picks)
    assert snapshot(s) == snapshot(twin)


@SETTINGS
@given(seed=seeds, n=players, options=rule_options, walk=seeds)
def test_same_seed_and_same_answers_make_the_same_game(
    seed: int, n: int, options: dict[str, Any], walk: int
) -> None:
    def run() -> tuple[str, list[dict[str, Any]]]:
        s = GAME.setup(NAMES[:n], seed, options)
        rng = Rng(walk)
        log: list[dict[str, Any]] = []
        for _ in range(300):
            done = random_step(s, rng)
            if done is None:
                break
            log.extend(e.to_json() for e in done[2])
        return snapshot(s), log

    assert run() == run()


@settings(max_examples=30, deadline=None)
@given(seed=seeds, n=players)
def test_random_games_end_with_every_card_accounted_for(seed: int, n: int) -> None:
    s = GAME.setup(NAMES[:n], seed, {"turn_limit": 120})
    rng = Rng(seed)
    for _ in range(20_000):
        if random_step(s, rng) is None:
            break
    out = GAME.outcome(s)
    assert out is not None
    check_cards(s)
    if out.winners:
        (winner,) = out.winners
        assert winner == s.seat
        faces = [s.faces[c] for c in s.hands[winner]]
        assert "cat" not in faces
    else:
        assert s.turn == 121
