"""Per game: how to redeal what a seat may not know, the one thing the suite cannot
find out generically.  Each game says it itself, in ``Game.redeal_hidden`` (its
``hidden.py``): a copy of a state with everything the observer may not know dealt
again, everything it may know kept (None: nothing hidden).

The leak check (contract_kit.check_views_hide_what_is_hidden) then asks the game for
the observer's view and prompts in the redealt state: they must be exactly the same,
or the view shows something the observer may not know.  test_contract_games.py fails
for a registered game that does not say (its ``redeal_hidden`` is the base class's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Rng
from engine.game import Game
from engine.games import REGISTRY

REDEAL: dict[str, Callable[[Any, int | None, Rng], Any]] = {
    gid: game.redeal_hidden
    for gid, game in REGISTRY.items()
    if type(game).redeal_hidden is not Game.redeal_hidden
}
