"""Scenario helpers for the Chat perché engine tests.

``make_state`` builds a game in play with animals where a test wants them, the
strength tokens it names and the next cards of each deck; the other helpers answer
prompts by kind, so that a test reads like table talk: "Ann flips 2 black cats,
4 squares, moves the cat from the black start to T1, then the cat on T1..."

Faces are written as in :mod:`engine.games.perch.cards`: "dogs:1", "cats:own:2:4",
"cats:opp:1:2", "fall", "bird".  Seat 0 (Ann) plays black, seat 1 (Bob) ginger.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Event, Prompt, Rng
from engine.games.perch.board import BIRD, BRANCHES, COLOURS, SPOTS, TRUNK
from engine.games.perch.cards import DECK, DECK_SIZE
from engine.games.perch.rules import (
    BIRDS,
    CATS_PER_COLOUR,
    GAME,
    TOKENS,
    PerchState,
    check_consistent,
)

NAMES = ["Ann", "Bob"]

# Unless a test says otherwise: Ann's tokens on the left, Bob's on the right, strong low.
DEFAULT_TOKENS: dict[str, tuple[int, int]] = {
    "L1": (0, 4),
    "L2": (0, 3),
    "L3": (0, 2),
    "L4": (0, 2),
    "L5": (0, 1),
    "R1": (1, 4),
    "R2": (1, 3),
    "R3": (1, 2),
    "R4": (1, 2),
    "R5": (1, 1),
}


def tokens_with(changes: Mapping[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """Every branch's (seat, value): ``changes`` first, the rest filled so that each seat
    places exactly its five tokens (its leftover values, branch by branch)."""
    out = dict(changes)
    left = [list(TOKENS), list(TOKENS)]
    for seat, value in out.values():
        left[seat].remove(value)
    for b in BRANCHES:
        if b in out:
            continue
        seat, value = DEFAULT_TOKENS[b]
        if value not in left[seat]:
            value = left[seat][0] if left[seat] else -1
        if value < 0:
            seat = 1 - seat
            value = left[seat][0]
        left[seat].remove(value)
        out[b] = (seat, value)
    return out


def make_state(
    board: Mapping[str, str] | None = None,
    *,
    seat: int = 0,
    tokens: Mapping[str, tuple[int, int]] | None = None,
    next_cards: Mapping[int, Sequence[str]] | None = None,
    broken: Sequence[str] = (),
    dogs: int = 0,
    supply: int | None = None,
    discard_all: Mapping[int, bool] | None = None,
    seed: int = 7,
    options: dict[str, Any] | None = None,
) -> PerchState:
    """A game in play where it is ``seat``'s turn to flip.

    ``board`` maps squares to "black", "ginger" or "bird"; every other cat waits at
    its start and every other bird in the supply (``supply``, if given, is checked
    against what the board leaves).  ``tokens`` changes
    some strength tokens (see :func:`tokens_with`); ``broken`` branches are broken.
    ``next_cards[seat]`` lists the next cards that seat flips, first flipped first;
    ``discard_all[seat]`` puts the rest of that seat's deck on its discard pile (an
    empty deck: the next flip reshuffles).
    """
    s = GAME.setup(NAMES, seed, options)
    s.board = dict(board or {})
    for seat_, colour in enumerate(COLOURS):
        s.start[seat_] = CATS_PER_COLOUR - sum(1 for o in s.board.values() if o == colour)
    s.supply = BIRDS - sum(1 for o in s.board.values() if o == BIRD)
    if supply is not None:
        assert supply == s.supply, "the supply follows from the birds on the board"
    s.tokens = {b: [x, v] for b, (x, v) in tokens_with(tokens or {}).items()}
    s.hands = [[], []]
    s.broken = list(broken)
    for x in (0, 1):
        deck = list(range(DECK_SIZE))
        top: list[int] = []
        for face in (next_cards or {}).get(x, ()):
            card = next(c for c in deck if DECK[c] == face)
            deck.remove(card)
            top.append(card)
        Rng(seed + x).shuffle(deck)
        if (discard_all or {}).get(x):
            s.discards[x] = deck
            deck = []
        s.decks[x] = deck + list(reversed(top))
    s.dogs = dogs
    s.phase = "play"
    s.seat = seat
    s.step = "flip"
    s.pending = None
    s.card = None
    s.flipped = None
    s.steps_left = s.cats_left = 0
    s.chosen = None
    s.moved = []
    s.turns = 1
    s.pid += 1
    s.result = None
    s.touch()
    check_consistent(s)
    return s


# ---------------------------------------------------------------------- reading


def cats(s: PerchState, colour: str) -> list[str]:
    """The squares holding a ``colour`` cat, in tree order."""
    return [sq for sq in (*TRUNK, *SPOTS) if s.board.get(sq) == colour]


def check_animals(s: PerchState) -> None:
    """12 cats of each colour and 8 birds, each somewhere, and the tokens add up."""
    check_consistent(s)
    for x, colour in enumerate(COLOURS):
        assert s.start[x] + len(cats(s, colour)) == CATS_PER_COLOUR
    assert s.supply + sum(1 for o in s.board.values() if o == BIRD) == BIRDS


def snapshot(s: PerchState) -> str:
    return json.dumps(GAME.state_to_json(s), sort_keys=True)


# ---------------------------------------------------------------------- prompts


def prompt(s: PerchState, kind: str | None = None) -> Prompt:
    """The one open prompt (of ``kind`` if given)."""
    (p,) = GAME.prompts(s)
    if kind is not None:
        assert p.kind == kind, f"the open prompt is a {p.kind!r}, not a {kind!r}"
    return p


def option_ids(s: PerchState, kind: str | None = None) -> list[str]:
    return [o.id for o in prompt(s, kind).options]


def answer(s: PerchState, option_id: str, kind: str | None = None) -> list[Event]:
    p = prompt(s, kind)
    return GAME.apply(s, p.seat, p.id, option_id)


def flip(s: PerchState) -> list[Event]:
    return answer(s, "flip", "flip")


def move(s: PerchState, origin: str, dest: str) -> list[Event]:
    """Choose the cat at ``origin`` (a square or a start) and move it to ``dest``."""
    events = answer(s, f"cat:{origin}", "cat")
    events += answer(s, f"to:{dest}", "move")
    return events


def dests(s: PerchState, origin: str) -> list[str]:
    """Where the cat at ``origin`` may go now (chooses it, then goes back)."""
    answer(s, f"cat:{origin}", "cat")
    out = [i[3:] for i in option_ids(s, "move") if i.startswith("to:")]
    answer(s, "back", "move")
    return out


def kinds_of(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def the_event(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, kinds_of(events)
    return found[0]


def random_step(s: PerchState, rng: Rng) -> tuple[Prompt, str, list[Event]] | None:
    """Answer the open prompt at random; None once the game is over."""
    ps = GAME.prompts(s)
    if not ps:
        return None
    p = ps[rng.below(len(ps))]
    o = p.options[rng.below(len(p.options))].id
    return p, o, GAME.apply(s, p.seat, p.id, o)
