"""What a seat of Chat perché cannot tell apart: its ``Game.redeal_hidden``
(see :meth:`engine.game.Game.redeal_hidden`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Rng

if TYPE_CHECKING:
    from engine.games.perch.rules import PerchState


def redeal_hidden(s: PerchState, observer: int | None, rng: Rng) -> PerchState | None:
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
