"""Scenario helpers for the Cats Among The Pigeons engine tests.

``make_state`` builds a game with chosen hands and piles; the other helpers
answer prompts by card face, so that a test reads like a table talk:
"Ann plays Draw 2, nobody blocks, Ann holds two more cards".
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core import Event, Prompt, Rng
from engine.games.pigeons.cards import DECK_SIZE, all_faces
from engine.games.pigeons.rules import GAME, PigeonsState

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]

CARD_ID = re.compile(r'"c(\d+)"')


def make_state(
    hands: Mapping[int, Sequence[str]] | None = None,
    *,
    n: int | None = None,
    seat: int = 0,
    draw_top: Sequence[str] = (),
    discard: Sequence[str] = (),
    markers: Mapping[int, int] | None = None,
    rest: str | int = "draw",
    seed: int = 7,
    options: dict[str, Any] | None = None,
) -> PigeonsState:
    """A game where it is ``seat``'s turn with exactly these cards.

    ``hands`` maps seats to faces ("pigeon:red", "rainbow", "cat", "draw2"...);
    seats not listed hold nothing.  ``draw_top`` lists the next cards drawn,
    first drawn first; ``discard`` lists the discard pile bottom to top;
    ``markers`` puts that many Miss a Turn cards in front of seats.  Every
    other card goes to ``rest``: the bottom of the draw pile ("draw"), the
    bottom of the discard pile ("discard"), or a seat's hand (an int).
    """
    hands = dict(hands or {})
    markers = dict(markers or {})
    if n is None:
        n = max([2, seat + 1, *(x + 1 for x in hands), *(x + 1 for x in markers)])
    s = GAME.setup(NAMES[:n], seed, options)
    # The seeded deal order, so the rest of the draw pile is shuffled too.
    pool = [*reversed(s.draw)]
    for h in s.hands:
        pool.extend(h)
    assert sorted(pool) == list(range(DECK_SIZE))

    def take(face: str) -> int:
        for i, card in enumerate(pool):
            if s.faces[card] == face:
                return pool.pop(i)
        raise ValueError(f"not enough {face!r} cards in the deck for this scenario")

    s.hands = [[take(f) for f in hands.get(x, ())] for x in range(n)]
    s.markers = [[take("miss_turn") for _ in range(markers.get(x, 0))] for x in range(n)]
    top = [take(f) for f in draw_top]
    pile = [take(f) for f in discard]
    s.draw = list(reversed(top))
    s.discard = pile
    if rest == "draw":
        s.draw[:0] = pool
    elif rest == "discard":
        s.discard[:0] = pool
    else:
        assert isinstance(rest, int)
        s.hands[rest].extend(pool)
    s.seat = seat
    s.turn = 1
    s.result = None
    s.nid += 1
    s.frames = [{"k": "turn", "id": s.nid, "seat": seat}]
    s.rng = Rng(seed * 7919 + 1)
    s.touch()
    check_cards(s)
    return s


# ---------------------------------------------------------------------- reading


def faces(s: PigeonsState, cards: Iterable[int]) -> list[str]:
    """The faces of ``cards``, sorted (a multiset, easy to compare)."""
    return sorted(s.faces[c] for c in cards)


def hand(s: PigeonsState, seat: int) -> list[str]:
    return faces(s, s.hands[seat])


def top_face(s: PigeonsState) -> str | None:
    return s.faces[s.discard[-1]] if s.discard else None


def all_cards(s: PigeonsState) -> list[int]:
    out = [*s.draw, *s.discard]
    for h in s.hands:
        out.extend(h)
    for m in s.markers:
        out.extend(m)
    return out


def check_cards(s: PigeonsState) -> None:
    """All 108 cards are somewhere, each once, and the faces are the deck's."""
    assert sorted(all_cards(s)) == list(range(DECK_SIZE))
    assert Counter(s.faces) == Counter(all_faces())


def snapshot(s: PigeonsState) -> str:
    return json.dumps(GAME.state_to_json(s), sort_keys=True)


def card_ids(data: Any) -> set[int]:
    """Every card id ("c12") that appears as a string anywhere in ``data``."""
    return {int(m) for m in CARD_ID.findall(json.dumps(data))}


def kind(s: PigeonsState) -> str | None:
    """The kind of the top frame (None when the game is over)."""
    return s.frames[-1]["k"] if s.frames else None


# ---------------------------------------------------------------------- prompts


def prompts_of(s: PigeonsState, seat: int) -> list[Prompt]:
    return [p for p in GAME.prompts(s) if p.seat == seat]


def prompt_of(s: PigeonsState, seat: int, kind: str | None = None) -> Prompt:
    """The one open prompt of ``seat`` (of ``kind`` if given)."""
    mine = [p for p in prompts_of(s, seat) if kind is None or p.kind == kind]
    assert len(mine) == 1, f"seat {seat} has prompts {[p.kind for p in mine]}"
    return mine[0]


def option_ids(s: PigeonsState, seat: int) -> list[str]:
    return [o.id for o in prompt_of(s, seat).options]


def prompt_seats(s: PigeonsState) -> list[int]:
    return sorted(p.seat for p in GAME.prompts(s))


def card_option(s: PigeonsState, prompt: Prompt, face: str, prefix: str = "") -> str:
    """The id of an option of ``prompt`` naming a card of ``face`` ("play:c12", "c40")."""
    head = f"{prefix}:" if prefix else ""
    for o in prompt.options:
        if o.id.startswith(head + "c"):
            card = int(o.id[len(head) + 1 :])
            if s.faces[card] == face:
                return o.id
    raise AssertionError(f"no {face!r} option in {[o.id for o in prompt.options]}")


def has_card_option(s: PigeonsState, seat: int, face: str, prefix: str) -> bool:
    try:
        card_option(s, prompt_of(s, seat), face, prefix)
    except AssertionError:
        return False
    return True


def answer(s: PigeonsState, seat: int, option_id: str) -> list[Event]:
    """Answer ``seat``'s one open prompt with ``option_id``."""
    return GAME.apply(s, seat, prompt_of(s, seat).id, option_id)


def play(s: PigeonsState, seat: int, face: str, target: int | str | None = None) -> list[Event]:
    """``seat`` plays a card of ``face`` on its turn, then picks ``target`` if asked."""
    events = answer(s, seat, card_option(s, prompt_of(s, seat, "turn"), face, "play"))
    if target is not None:
        opt = target if isinstance(target, str) else f"seat:{target}"
        events += answer(s, seat, opt)
    return events


def pick(s: PigeonsState, seat: int, *wanted: str) -> list[Event]:
    """``seat`` picks cards of these faces, one prompt each."""
    events: list[Event] = []
    for face in wanted:
        p = prompt_of(s, seat, "pick")
        events += GAME.apply(s, seat, p.id, card_option(s, p, face))
    return events


def react(s: PigeonsState, seat: int, face: str) -> list[Event]:
    """``seat`` answers its window with a Wing Block, a Pigeon Trap or a Pigeon Sale."""
    prefix = {"wing_block": "wing", "trap": "trap", "sale": "sale"}[face]
    p = prompt_of(s, seat)
    return GAME.apply(s, seat, p.id, card_option(s, p, face, prefix))


def pass_all(s: PigeonsState) -> list[Event]:
    """Every seat asked in the open window lets it go (until no window is open)."""
    events: list[Event] = []
    while True:
        window = [p for p in GAME.prompts(s) if p.pass_option is not None]
        if not window:
            return events
        p = window[0]
        events += GAME.apply(s, p.seat, p.id, p.pass_option)


def random_step(s: PigeonsState, rng: Rng) -> tuple[Prompt, str, list[Event]] | None:
    """Answer one open prompt at random; None once nothing is open."""
    ps = GAME.prompts(s)
    if not ps:
        return None
    p = ps[rng.below(len(ps))]
    o = p.options[rng.below(len(p.options))].id
    return p, o, GAME.apply(s, p.seat, p.id, o)
