"""Stool Pigeon's seeded scenes, its simple player and its README screenshots (see
:mod:`tui.scenes`)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Prompt
from engine.games.stool.options import DRAW, KNOCK, PASS, parse, parse_position
from engine.session import Table
from tui.games.stool import public_view
from tui.scenes import FOUR, HOTSEAT, GameScenes, Scene, make_table, play_until, scene_settings

STOOL = "stool"
STOOL_START_SEED = 1
STOOL_PEEK_SEED = 1
STOOL_RACE_SEED = 1
STOOL_KNOCK_SEED = 1
STOOL_OVER_SEED = 13


def choose_among(option_ids: Sequence[str], kind: str) -> str:
    """Pass in races, draw (and knock as soon as it may), swap into the first position,
    peek at or swap the first cards offered."""
    if kind == "race":
        return PASS if PASS in option_ids else option_ids[0]
    if kind == "draw":
        for option in (KNOCK, DRAW):
            if option in option_ids:
                return option
        return option_ids[0]
    return option_ids[0]


def simple_choice(table: Table, prompt: Prompt) -> str:
    """:func:`choose_among` over the options in the game's order."""
    return choose_among([o.id for o in prompt.options], prompt.kind)


def stool_choice(table: Table, prompt: Prompt) -> str:
    """The simple player, without knocking (scenes wait for the bots to knock), and
    peeking at somebody else's card when a Stool Pigeon lets it."""
    ids = [o.id for o in prompt.options]
    if prompt.kind == "draw":
        return DRAW if DRAW in ids else ids[0]
    if prompt.kind == "look":
        return next((o for o in ids if parse_position(parse(o).at)[0] != prompt.seat), ids[0])
    return choose_among(ids, prompt.kind)


def stool_start_scene() -> Scene:
    """Ann against three bots at the start: she peeks at her two bottom cards."""
    return Scene(make_table(FOUR, STOOL_START_SEED, game=STOOL), scene_settings())


def stool_peek_scene() -> Scene:
    """Ann against three bots: she played a Stool Pigeon and peeks at a bot's card."""
    table = make_table(FOUR, STOOL_PEEK_SEED, game=STOOL)

    def peeking(t: Table) -> bool:
        return any(p.kind == "seen" and p.seat == 0 for p in t.prompts())

    play_until(table, peeking, stool_choice)
    return Scene(table, scene_settings())


def stool_race_scene() -> Scene:
    """Ann and Bob (humans) with two bots: Ann played a witness, the race is on, and it
    is Bob's turn.  Both watch the race: Bob's turn waits behind it, nobody's cards on
    screen."""
    table = make_table(HOTSEAT, STOOL_RACE_SEED, game=STOOL)

    def racing(t: Table) -> bool:
        prompts = t.prompts()
        asked = {p.seat for p in prompts if p.kind == "race"}
        return {0, 1} <= asked and any(p.kind == "draw" and p.seat == 1 for p in prompts)

    play_until(table, racing, stool_choice)
    return Scene(table, scene_settings())


def stool_knock_scene() -> Scene:
    """Ann against three bots: a bot knocked, and Ann takes her last turn."""
    table = make_table(FOUR, STOOL_KNOCK_SEED, game=STOOL)

    def last_turn(t: Table) -> bool:
        knock = public_view(t.view(0)["public"])["knock"]
        mine = [p.kind for p in t.prompts_for(0)]
        return knock is not None and knock["seat"] != 0 and "draw" in mine

    play_until(table, last_turn, stool_choice)
    return Scene(table, scene_settings())


def stool_over_scene() -> Scene:
    """A finished game of Ann against three bots: every card revealed and counted."""
    table = make_table(FOUR, STOOL_OVER_SEED, game=STOOL)
    play_until(table, lambda t: t.is_over, stool_choice)
    return Scene(table, scene_settings())


SCENES = GameScenes(
    choose_among=choose_among,
    choose=simple_choice,
    shots={
        "stool-start": (stool_start_scene, (80, 24)),
        "stool-peek": (stool_peek_scene, (80, 24)),
        "stool-race": (stool_race_scene, (80, 24)),
        "stool-knock": (stool_knock_scene, (80, 24)),
        "stool-over": (stool_over_scene, (80, 24)),
        # In a wide terminal, which the game uses for larger cards.
        "wide-stool": (stool_start_scene, (120, 40)),
    },
)
