"""What a seat of Cats Among The Pigeons cannot tell apart: its ``Game.redeal_hidden``
(see :meth:`engine.game.Game.redeal_hidden`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Rng, permute_faces

if TYPE_CHECKING:
    from engine.games.pigeons.rules import PigeonsState


def redeal_hidden(s: PigeonsState, observer: int | None, rng: Rng) -> PigeonsState | None:
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
    other.faces = permute_faces(s.faces, hidden, rng)
    other.touch()
    return other
