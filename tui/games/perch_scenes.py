"""Chat perché's seeded scenes, its simple player and its README screenshots (see
:mod:`tui.scenes`)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Prompt
from engine.games.perch.options import BACK
from engine.session import Table
from tui.games.perch import private_view, public_view
from tui.scenes import GameScenes, Scene, make_table, play_until, scene_settings

PERCH = "perch"
PERCH_SOLO = (("Ann", "human"), ("Bea", "bot"))
PERCH_SEED = 1


def choose_among(option_ids: Sequence[str], kind: str) -> str:
    """The first option, but Back (first on the bar in a move, on 1 like Flip and Stop):
    the simple player never goes back."""
    return next((o for o in option_ids if o != BACK), option_ids[0])


def simple_choice(table: Table, prompt: Prompt) -> str:
    """The first option in the game's order."""
    return choose_among([o.id for o in prompt.options], prompt.kind)


def perch_setup_scene() -> Scene:
    """Ann against a bot, placing her strength tokens: two placed, her 3 goes next."""
    table = make_table(PERCH_SOLO, PERCH_SEED, game=PERCH)

    def placing(t: Table) -> bool:
        private = private_view(t.view(0)["private"])
        return len(private["tokens_to_place"]) == 3 and private["placing"] is not None

    play_until(table, placing, simple_choice)
    return Scene(table, scene_settings())


def perch_turn_scene() -> Scene:
    """Ann against a bot, in play: she moves a cat up the tree, its destinations lit."""
    table = make_table(PERCH_SOLO, PERCH_SEED, game=PERCH)

    def moving(t: Table) -> bool:
        prompts = t.prompts_for(0)
        board = public_view(t.view(0)["public"])
        in_tree = sum(p["in_tree"] for p in board["players"])
        return bool(prompts) and prompts[0].kind == "move" and in_tree >= 4

    play_until(table, moving, simple_choice)
    return Scene(table, scene_settings())


def perch_break_scene() -> Scene:
    """Ann against a bot, just after a branch broke: its strength shown to both."""
    table = make_table(PERCH_SOLO, PERCH_SEED, game=PERCH)

    def broke(t: Table) -> bool:
        return bool(public_view(t.view(0)["public"])["broken"]) and bool(t.prompts_for(0))

    play_until(table, broke, simple_choice)
    return Scene(table, scene_settings())


def perch_over_scene() -> Scene:
    """A finished game of Ann against a bot."""
    table = make_table(PERCH_SOLO, PERCH_SEED, game=PERCH)
    play_until(table, lambda t: t.is_over, simple_choice)
    return Scene(table, scene_settings())


SCENES = GameScenes(
    choose_among=choose_among,
    choose=simple_choice,
    shots={
        "perch-setup": (perch_setup_scene, (80, 24)),
        "perch-turn": (perch_turn_scene, (80, 24)),
        "perch-break": (perch_break_scene, (80, 24)),
        "perch-over": (perch_over_scene, (80, 24)),
        # In a wide terminal, which the game uses for a larger tree.
        "wide-perch": (perch_turn_scene, (120, 40)),
    },
)
