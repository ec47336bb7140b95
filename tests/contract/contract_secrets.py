"""Per game: how to redeal what a seat may not know (the one thing the suite cannot
find out generically).

``REDEAL[game_id](state, observer, rng)`` returns a copy of ``state`` in which
everything ``observer`` may not know right now has been dealt again at random (the
faces of other seats' hidden cards, the order of face-down piles, other seats' secret
values), keeping everything ``observer`` may know (``None``: a spectator, who knows
only what is public).  It returns None when there is nothing to redeal (the game is
over and everything is shown, say).  The state passed in must stay untouched.

The leak check (contract_kit.check_views_hide_what_is_hidden) then asks the game for
``observer``'s view and prompts in the redealt state: they must be exactly the same,
or the view shows something ``observer`` may not know.  This is the contract member
proposed in the report: ``Game.redeal_hidden(state, seat, rng) -> State``, i.e. the
game says in one place what each seat may know.

A game with no entry here still gets every other check, and the generic id check
(no id that only seat A's private view names shows up anywhere seat B reads), but
not this one: test_contract_games.py fails for a registered game without an entry,
so that a new game has to say what its seats may not know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Rng
from engine.games.perch.rules import PerchState
from engine.games.pigeons.rules import PigeonsState
from engine.games.stool.rules import BOTTOM, StoolState


def _permute_faces(faces: list[str], cards: list[int], rng: Rng) -> list[str]:
    """``faces`` with the faces of ``cards`` dealt again among themselves."""
    out = list(faces)
    dealt = [faces[c] for c in cards]
    rng.shuffle(dealt)
    for c, face in zip(cards, dealt, strict=True):
        out[c] = face
    return out


def redeal_pigeons(s: PigeonsState, observer: int | None, rng: Rng) -> PigeonsState | None:
    """Cats Among The Pigeons: the faces of the draw pile and of the other seats' hands.

    Kept: the observer's hand, the discard pile (face up: a searching seat is shown
    all of it), the cards on the table, and a card being announced (its face is public
    while its player names a target)."""
    if s.result is not None:
        return None  # every hand is shown at the end
    announced = {f["card"] for f in s.frames if f["k"] == "target"}
    hidden = [c for c in s.draw if c not in announced]
    for seat, hand in enumerate(s.hands):
        if seat != observer:
            hidden.extend(c for c in hand if c not in announced)
    other = s.clone()
    other.faces = _permute_faces(s.faces, hidden, rng)
    other.touch()
    return other


def redeal_stool(s: StoolState, observer: int | None, rng: Rng) -> StoolState | None:
    """Stool Pigeon: the faces of the DRAW pile and of every face-down card the observer
    has not seen (its own memory, its peek, the card it holds are kept).

    What the observer has seen is read from the engine's own record (``memory``);
    tests/engine/test_stool_properties.py checks that record against an independent
    witness, so it is not taken on trust here."""
    if s.result is not None:
        return None
    known: set[int] = set()
    if observer is not None:
        known.update(s.memory[observer])
        if s.phase == "peek" and observer in s.peeking:
            known.update(c for i, c in enumerate(s.scenes[observer]) if i in BOTTOM and c)
        if s.step == "seen" and s.seat == observer and s.picks:
            c = s.card_at(s.picks[0])
            if c is not None:
                known.add(c)
    if s.drawn is not None and (s.source == "play" or s.seat == observer):
        known.add(s.drawn)
    face_down = [c for sc in s.scenes for c in sc if c is not None]
    hidden = [c for c in [*s.draw, *face_down] if c not in known]
    if s.drawn is not None and s.drawn not in known and s.drawn not in hidden:
        hidden.append(s.drawn)
    other = s.clone()
    other.faces = _permute_faces(s.faces, hidden, rng)
    other.touch()
    return other


def redeal_perch(s: PerchState, observer: int | None, rng: Rng) -> PerchState | None:
    """Chat perché: the values of every other seat's tokens (on unbroken branches and
    still to place), dealt again among that seat's own tokens; the order of every deck
    (face down for everyone)."""
    if s.result is not None:
        return None
    other = s.clone()
    other.tokens = {b: t[:] for b, t in s.tokens.items()}
    other.hands = [h[:] for h in s.hands]
    other.decks = [d[:] for d in s.decks]
    for seat in range(len(s.names)):
        if seat == observer:
            continue
        branches = [b for b, (x, _v) in s.tokens.items() if x == seat and b not in s.broken]
        placing = s.pending is not None and s.seat == seat
        values = [s.tokens[b][1] for b in branches]
        if not placing:  # a token being placed is named in the prompt: keep the hand
            values += s.hands[seat]
        rng.shuffle(values)
        for b in branches:
            other.tokens[b][1] = values.pop()
        if not placing:
            other.hands[seat] = sorted(values)
    for deck in other.decks:  # a flipped card is on its discard pile already
        rng.shuffle(deck)
    other.touch()
    return other


REDEAL: dict[str, Callable[[Any, int | None, Rng], Any]] = {
    "pigeons": redeal_pigeons,
    "stool": redeal_stool,
    "perch": redeal_perch,
}
