"""Cats Among The Pigeons (id ``pigeons``)."""

from __future__ import annotations

from engine.games.pigeons.rules import GAME, PigeonsGame, PigeonsState

__all__ = ["GAME", "PigeonsGame", "PigeonsState"]
