"""What a seat of Stool Pigeon cannot tell apart: its ``Game.redeal_hidden``
(see :meth:`engine.game.Game.redeal_hidden`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Rng, permute_faces
from engine.games.stool.cards import BOTTOM

if TYPE_CHECKING:
    from engine.games.stool.rules import StoolState


def redeal_hidden(s: StoolState, observer: int | None, rng: Rng) -> StoolState | None:
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
    other.faces = permute_faces(s.faces, hidden, rng)
    other.touch()
    return other
