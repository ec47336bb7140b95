"""Stool Pigeon, properties over seeds, player counts and random legal answers.

Every example sets a game up, plays a random stretch quickly (to reach late
positions: penalties, reshuffles, knocks), then checks each step of a second
random stretch.  Besides the engine's own record, the test keeps its own account
of what each seat has been shown (cards drawn, peeked at, face up on the PLAY
pile, revealed by a wrong claim, the Rat coming back), and checks that no view
ever names or shows a face-down card its seat has not been shown.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from stool_helpers import NAMES, card_ids, check_cards, random_step, snapshot

from engine.core import Event, IllegalMove, Prompt, Rng
from engine.games.stool.rules import GAME, StoolState, parse_pos, pos_name

SETTINGS = settings(max_examples=40, deadline=None)

seeds = st.integers(0, 2**32 - 1)
players = st.integers(2, 6)
skips = st.integers(0, 150)
rule_options = st.fixed_dictionaries(
    {
        "race_retries": st.booleans(),
        "turn_limit": st.sampled_from([0, 3, 60]),
        "first_knock_round": st.sampled_from([1, 2, 4]),
    }
)
choices = st.lists(st.integers(0, 2**16), min_size=5, max_size=80)


def start(seed: int, n: int, skip: int, options: dict[str, Any] | None = None) -> StoolState:
    """A game after ``skip`` random answers (fewer if it ends first)."""
    s = GAME.setup(NAMES[:n], seed, options)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(skip):
        if random_step(s, rng) is None:
            break
    return s


def step(s: StoolState, choice: int) -> tuple[Prompt, str, list[Event]] | None:
    """Answer one open prompt, both picked by ``choice``; None when the game is over."""
    ps = GAME.prompts(s)
    if not ps:
        return None
    p = ps[choice % len(ps)]
    option = p.options[(choice // len(ps)) % len(p.options)].id
    return p, option, GAME.apply(s, p.seat, p.id, option)


def play_out(s: StoolState, picks: list[int]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for c in picks:
        done = step(s, c)
        if done is None:
            break
        events.extend(e.to_json() for e in done[2])
    return events


# ------------------------------------------------------------------------- a witness


class Witness:
    """The test's own account of which cards each seat has been shown."""

    def __init__(self, s: StoolState) -> None:
        self.shown: list[set[int]] = [set() for _ in range(s.n)]
        self.look(s)

    def show_all(self, card: int) -> None:
        for seen in self.shown:
            seen.add(card)

    def look(self, s: StoolState) -> None:
        """What the views show right now."""
        if s.play:
            self.show_all(s.play[-1])
        for x in range(s.n):
            private = GAME.view(s, x)["private"]
            if "drawn" in private:
                self.shown[x].add(int(private["drawn"]["id"][1:]))
            for peek in private["peek"]:
                card = s.card_at(peek["pos"])
                assert card is not None and s.faces[card] == peek["card"]["face"]
                self.shown[x].add(card)

    def before(self, s: StoolState, prompt: Prompt, option: str) -> None:
        """What an answer is about to show everyone: a claimed card, a returning Rat."""
        if prompt.kind == "race" and option.startswith("claim:"):
            card = s.card_at(option[6:])
            assert card is not None
            self.show_all(card)  # right or wrong, it is turned over
        if prompt.kind == "swap" and _plays_rat(s, option):
            self.show_all(s.faces.index("rat"))  # it comes back face down, where all can see


def _plays_rat(s: StoolState, option: str) -> bool:
    card = s.card_at(option[5:])
    return card is not None and s.faces[card] == "rat"


# ------------------------------------------------------------------------- invariants


def check_invariants(s: StoolState, witness: Witness | None = None) -> None:
    check_cards(s)
    over = GAME.outcome(s) is not None
    prompts = GAME.prompts(s)
    assert over == (s.result is not None)
    assert bool(prompts) != over  # a game in progress always waits for someone
    ids = [p.id for p in prompts]
    assert len(ids) == len(set(ids))  # apply() finds a prompt by its id
    for p in prompts:
        assert p.options and all(o.id and o.label for o in p.options)
        if p.pass_option is not None:
            assert p.option(p.pass_option) is not None
    # A race asks everyone the same thing, whatever they know.
    race = [p for p in prompts if p.kind == "race"]
    assert len({(p.text, p.options) for p in race}) <= 1
    if s.giveback is not None:
        assert [p.kind for p in prompts] == ["giveback"]
        # A give-back is blind: every card of the giver may go, the Rat too.
        giver = int(s.giveback["seat"])
        mine = [pos_name(giver, i) for i, c in enumerate(s.scenes[giver]) if c is not None]
        assert [o.id for o in prompts[0].options] == [f"slot:{pos}" for pos in mine]

    spectator = GAME.view(s, None)
    assert spectator["private"] == {}
    public = spectator["public"]
    views = [GAME.view(s, x) for x in range(s.n)]
    for v in views:
        assert v["public"] == public  # the public part is the same for everyone
    assert public["waiting"] == sorted(
        {p.seat for p in prompts}, key=[p.seat for p in prompts].index
    )

    # Face-down cards: positions only, until the end.
    face_down = {c for sc in s.scenes for c in sc if c is not None}
    for x, seat in enumerate(public["seats"]):
        for i, slot in enumerate(seat["slots"]):
            assert slot["pos"] == pos_name(x, i)
            assert slot["empty"] == (s.scenes[x][i] is None)
            assert slot["face_up"] == (over and s.scenes[x][i] is not None)
            assert ("card" in slot) == slot["face_up"]
    if not over:
        assert not card_ids(public) & face_down
        # The only ids in public: the PLAY top, and a card just taken from it.
        shown = set(s.play[-1:])
        if s.drawn is not None and s.source == "play":
            shown.add(s.drawn)
        assert card_ids(public) <= shown
        if s.race is not None:
            assert s.race["card"] == s.play[-1]
    for x, v in enumerate(views):
        private = v["private"]
        allowed = set() if witness is None else witness.shown[x]
        for pos, entry in private["memory"].items():
            card = s.card_at(pos)
            assert card is not None and s.faces[card] == entry["face"]
            assert card in s.memory[x]
            if witness is not None:
                assert card in allowed, f"seat {x} remembers {pos} without having seen it"
            assert "id" not in entry
        # A peek is shown to the peeker only, while its prompt is open.
        peeks = [peek["pos"] for peek in private["peek"]]
        if s.phase == "peek" and x in s.peeking:
            assert peeks == [pos_name(x, 2), pos_name(x, 3)]
        elif s.step == "seen" and x == s.seat:
            assert peeks == s.picks[:1]
        else:
            assert peeks == []
        for peek in private["peek"]:
            assert "id" not in peek["card"]
        ids_in_private = card_ids(private)
        # The only id in a private part: the card the seat holds, drawn from DRAW.
        assert ids_in_private <= ({s.drawn} if s.drawn is not None and x == s.seat else set())
    # The engine's memory only ever holds cards still face down in a scene.
    for m in s.memory:
        assert set(m) <= face_down


def assert_refused(s: StoolState, seat: int, prompt_id: str, option_id: str) -> None:
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


def illegal_answers(s: StoolState, stale: list[tuple[int, str]]) -> list[tuple[int, str, str]]:
    out: list[tuple[int, str, str]] = []
    prompts = GAME.prompts(s)
    open_keys = {(p.seat, p.id) for p in prompts}
    for p in prompts[:3]:
        out.append((p.seat, p.id, "bogus"))
        out.append((p.seat, p.id, "claim:Z1"))
        out.append((p.seat, p.id, "slot:A99"))
        out.append(((p.seat + 1) % s.n, p.id, p.options[0].id))  # the wrong seat
        for x in range(s.n):
            if x != p.seat and s.scenes[x]:
                out.append((p.seat, p.id, f"slot:{pos_name(x, 0)}"))  # another seat's card
                out.append((p.seat, p.id, f"eliminate:{pos_name(x, 0)}"))
        out.append((p.seat, p.id, f"give:{p.seat}"))
    for seat, pid in stale[-5:]:
        if (seat, pid) not in open_keys:
            out.append((seat, pid, "pass"))
            out.append((seat, pid, "draw"))
    out.append((0, "no-such-prompt", "draw"))
    return out


# ------------------------------------------------------------------------- properties


@settings(max_examples=25, deadline=None)
@given(seed=seeds, n=players, options=rule_options, picks=choices)
def test_invariants_hold_at_every_step(
    seed: int, n: int, options: dict[str, Any], picks: list[int]
) -> None:
    s = GAME.setup(NAMES[:n], seed, options)
    witness = Witness(s)
    check_invariants(s, witness)
    stale: list[tuple[int, str]] = []
    rng = Rng(seed)
    for k, c in enumerate([*picks, *(rng.below(2**16) for _ in range(100))]):
        for seat, pid, option in illegal_answers(s, stale) if k % 4 == 0 else []:
            p = next((q for q in GAME.prompts(s) if q.id == pid and q.seat == seat), None)
            if p is not None and p.option(option) is not None:
                continue
            assert_refused(s, seat, pid, option)
        ps = GAME.prompts(s)
        if not ps:
            break
        p = ps[c % len(ps)]
        option = p.options[(c // len(ps)) % len(p.options)].id
        witness.before(s, p, option)
        events = GAME.apply(s, p.seat, p.id, option)
        witness.look(s)
        stale.append((p.seat, p.id))
        for e in events:
            for who, text in e.secrets:
                assert 0 <= who < n and text
        check_invariants(s, witness)


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


@SETTINGS
@given(seed=seeds, n=players, skip=skips, picks=choices)
def test_a_round_trip_in_the_middle_of_a_race_keeps_its_prompts(
    seed: int, n: int, skip: int, picks: list[int]
) -> None:
    # Passing in a race keeps the cached prompts: they must be what a fresh state computes.
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
@given(seed=seeds, n=players, options=rule_options)
def test_random_games_end_with_every_card_accounted_for(
    seed: int, n: int, options: dict[str, Any]
) -> None:
    s = GAME.setup(NAMES[:n], seed, options)
    rng = Rng(seed)
    for _ in range(20_000):
        if random_step(s, rng) is None:
            break
    out = GAME.outcome(s)
    assert out is not None and out.scores is not None
    check_cards(s)
    assert len(out.scores) == n
    public = GAME.view(s, None)["public"]
    for x, seat in enumerate(public["seats"]):
        shown = [slot["card"]["face"] for slot in seat["slots"] if not slot["empty"]]
        assert shown == [s.faces[c] for c in s.scenes[x] if c is not None]
    best = min(out.scores)
    for w in out.winners:
        assert out.scores[w] == best
    if out.winners:
        assert len(out.winners) == 1


def test_a_position_names_one_slot() -> None:
    s = GAME.setup(NAMES[:3], 1)
    assert parse_pos(s, "C4") == (2, 3)
    for bad in ("D1", "A0", "A5", "a1", "A", "AA", ""):
        try:
            parse_pos(s, bad)
        except IllegalMove:
            continue
        raise AssertionError(bad)
