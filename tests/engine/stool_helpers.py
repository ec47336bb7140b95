"""Scenario helpers for the Stool Pigeon engine tests.

``make_state`` builds a game in play with chosen crime scenes and piles; the other
helpers answer prompts by kind, so that a test reads like table talk: "Ann draws,
swaps into A1 and plays a 4; Cy claims B2".

Faces are written short: "4" (a witness), "meatball", "stool", "bamboozle",
"vendetta", "kingpin", "rat"; None is an empty slot.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Event, Prompt, Rng
from engine.games.stool.cards import DECK_SIZE, RAT, all_faces
from engine.games.stool.rules import GAME, StoolState, all_cards, parse_pos, pos_name

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]

CARD_ID = re.compile(r'"c(\d+)"')


def face(short: str) -> str:
    """The face of a short name: "4" -> "witness:4", "kingpin" -> "pigeon:kingpin"."""
    if short.isdigit():
        return f"witness:{short}"
    if short in ("stool", "bamboozle", "vendetta", "kingpin"):
        return f"pigeon:{short}"
    assert short in ("meatball", "rat"), short
    return short


def make_state(
    scenes: Mapping[int, Sequence[str | None]],
    *,
    n: int | None = None,
    seat: int = 0,
    draw_top: Sequence[str] = (),
    play: Sequence[str] = (),
    eliminated_top: bool = False,
    known: Mapping[int, Sequence[str]] | None = None,
    in_round: int = 1,
    rest: str | int = "draw",
    seed: int = 7,
    options: dict[str, Any] | None = None,
) -> StoolState:
    """A game where it is ``seat``'s turn to draw, with exactly these cards.

    ``scenes`` maps seats to their slots (A1, A2...); seats not listed have an empty
    crime scene.  ``draw_top`` lists the next cards drawn, first drawn first; ``play``
    lists the PLAY pile bottom to top (``eliminated_top``: its top was eliminated).
    ``known`` maps seats to the positions they have seen.  Every other card goes to
    the bottom of the DRAW pile (``rest="draw"``), of the PLAY pile (``"play"``), or
    into new slots of a seat (an int).
    """
    if n is None:
        n = max([2, seat + 1, *(x + 1 for x in scenes)])
    s = GAME.setup(NAMES[:n], seed, options)
    pool = [*reversed(s.draw)]
    for sc in s.scenes:
        pool.extend(c for c in sc if c is not None)
    assert sorted(pool) == list(range(DECK_SIZE))

    def take(short: str) -> int:
        wanted = face(short)
        for i, card in enumerate(pool):
            if s.faces[card] == wanted:
                return pool.pop(i)
        raise ValueError(f"not enough {wanted!r} cards in the deck for this scenario")

    s.scenes = [[None if f is None else take(f) for f in scenes.get(x, ())] for x in range(n)]
    top = [take(f) for f in draw_top]
    pile = [take(f) for f in play]
    s.draw = list(reversed(top))
    s.play = pile
    if rest == "draw":
        s.draw[:0] = pool
    elif rest == "play":
        s.play[:0] = pool
    else:
        assert isinstance(rest, int)
        s.scenes[rest].extend(pool)
    s.eliminated = {s.play[-1]} if eliminated_top and s.play else set()
    s.memory = [{} for _ in range(n)]
    s.stamps = [0] * n
    for x, positions in (known or {}).items():
        for pos in positions:
            card = s.card_at(pos)
            assert card is not None
            s.stamps[x] += 1
            s.memory[x][card] = s.stamps[x]
    s.phase = "play"
    s.peeking = []
    s.seat = seat
    s.step = "draw"
    s.turns = (in_round - 1) * n + seat + 1
    s.nid += 1
    s.tid = s.nid
    s.race = None
    s.giveback = None
    s.knocker = None
    s.result = None
    s.rng = Rng(seed * 7919 + 1)
    s.touch()
    check_cards(s)
    return s


# ---------------------------------------------------------------------- reading


def at(s: StoolState, pos: str) -> str | None:
    """The face at ``pos`` (None: empty)."""
    card = s.card_at(pos)
    return None if card is None else s.faces[card]


def scene(s: StoolState, seat: int) -> list[str | None]:
    return [None if c is None else s.faces[c] for c in s.scenes[seat]]


def top(s: StoolState) -> str | None:
    return s.faces[s.play[-1]] if s.play else None


def check_cards(s: StoolState) -> None:
    """All 54 cards are somewhere, each once, and the faces are the deck's."""
    assert sorted(all_cards(s)) == list(range(DECK_SIZE))
    assert Counter(s.faces) == Counter(all_faces())


def snapshot(s: StoolState) -> str:
    return json.dumps(GAME.state_to_json(s), sort_keys=True)


def card_ids(data: Any) -> set[int]:
    """Every card id ("c12") that appears as a string anywhere in ``data``."""
    return {int(m) for m in CARD_ID.findall(json.dumps(data))}


def knows(s: StoolState, seat: int) -> dict[str, str]:
    """What ``seat``'s view remembers: position -> face."""
    memory = GAME.view(s, seat)["private"]["memory"]
    return {pos: entry["face"] for pos, entry in memory.items()}


def rat_card(s: StoolState) -> int:
    return s.faces.index(RAT)


def positions(s: StoolState, seat: int) -> list[str]:
    return [pos_name(seat, i) for i in range(len(s.scenes[seat]))]


def owner(s: StoolState, pos: str) -> int:
    return parse_pos(s, pos)[0]


# ---------------------------------------------------------------------- prompts


def prompts_of(s: StoolState, seat: int) -> list[Prompt]:
    return [p for p in GAME.prompts(s) if p.seat == seat]


def prompt_of(s: StoolState, seat: int, kind: str | None = None) -> Prompt:
    """The one open prompt of ``seat`` (of ``kind`` if given)."""
    mine = [p for p in prompts_of(s, seat) if kind is None or p.kind == kind]
    assert len(mine) == 1, f"seat {seat} has prompts {[p.kind for p in prompts_of(s, seat)]}"
    return mine[0]


def option_ids(s: StoolState, seat: int, kind: str | None = None) -> list[str]:
    return [o.id for o in prompt_of(s, seat, kind).options]


def kinds(s: StoolState) -> list[tuple[int, str]]:
    """(seat, kind) of every open prompt, sorted."""
    return sorted((p.seat, p.kind) for p in GAME.prompts(s))


def answer(s: StoolState, seat: int, option_id: str, kind: str | None = None) -> list[Event]:
    """Answer ``seat``'s open prompt (of ``kind``) with ``option_id``."""
    return GAME.apply(s, seat, prompt_of(s, seat, kind).id, option_id)


def turn(s: StoolState, how: str, slot: str) -> list[Event]:
    """The current seat draws ("draw") or takes ("take"), then swaps into ``slot``."""
    seat = s.seat
    events = answer(s, seat, how, "draw")
    events += answer(s, seat, f"slot:{slot}", "swap")
    return events


def claim(s: StoolState, seat: int, pos: str) -> list[Event]:
    return answer(s, seat, f"claim:{pos}", "race")


def pass_race(s: StoolState) -> list[Event]:
    """Every seat still asked in the open race lets it go."""
    events: list[Event] = []
    while True:
        race = [p for p in GAME.prompts(s) if p.kind == "race"]
        if not race:
            return events
        p = race[0]
        events += GAME.apply(s, p.seat, p.id, "pass")


def kinds_of(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def the_event(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, kinds_of(events)
    return found[0]


def random_step(s: StoolState, rng: Rng) -> tuple[Prompt, str, list[Event]] | None:
    """Answer one open prompt at random; None once nothing is open."""
    ps = GAME.prompts(s)
    if not ps:
        return None
    p = ps[rng.below(len(ps))]
    o = p.options[rng.below(len(p.options))].id
    return p, o, GAME.apply(s, p.seat, p.id, o)
