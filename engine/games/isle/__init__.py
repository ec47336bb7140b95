"""The Isle of Cats (id ``isle``), standard multiplayer mode: rescue cats, fill your boat."""

from __future__ import annotations

from engine.games.isle.rules import GAME, IsleGame, IsleState

__all__ = ["GAME", "IsleGame", "IsleState"]
