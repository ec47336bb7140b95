"""Chat perché (id ``perch``): cats climb the tree before the dogs come."""

from __future__ import annotations

from engine.games.perch.rules import GAME, PerchGame, PerchState

__all__ = ["GAME", "PerchGame", "PerchState"]
