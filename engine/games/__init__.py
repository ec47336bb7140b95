"""The registry of games: id -> Game."""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.games.isle import GAME as ISLE
from engine.games.perch import GAME as PERCH
from engine.games.pigeons import GAME as PIGEONS
from engine.games.stool import GAME as STOOL

REGISTRY: dict[str, Game[Any]] = {
    PIGEONS.id: PIGEONS,
    STOOL.id: STOOL,
    PERCH.id: PERCH,
    ISLE.id: ISLE,
}

# Games announced in the menu before their engines exist.
PLANNED: dict[str, str] = {}

# The order games are listed in (the menu, the README): fixed, so that a game
# landing does not reorder the others.
ORDER: tuple[str, ...] = ("pigeons", "isle", "perch", "stool")


def get_game(game_id: str) -> Game[Any]:
    """The game with this id, or a ValueError that lists the known ids."""
    try:
        return REGISTRY[game_id]
    except KeyError:
        known = ", ".join(sorted(REGISTRY))
        raise ValueError(f"unknown game {game_id!r} (known: {known})") from None
