"""Stool Pigeon (id ``stool``)."""

from __future__ import annotations

from engine.games.stool.rules import GAME, StoolGame, StoolState

__all__ = ["GAME", "StoolGame", "StoolState"]
