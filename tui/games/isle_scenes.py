"""The Isle of Cats' seeded scenes, its simple player and its README screenshots (see
:mod:`tui.scenes`)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Prompt
from engine.games.isle.bots import PlannerBot
from engine.games.isle.options import AUTO, DONE, END, PASS, SKIP, make, parse
from engine.session import Table
from tui.scenes import GameScenes, Scene, make_table, play_until, scene_settings

ISLE = "isle"
FOUR = (("Ann", "human"), ("Bea", "bot"), ("Cal", "bot"), ("Dot", "bot"))
ISLE_SEED = 3
ISLE_OVER_SEED = 1

PREFER = {"buy": DONE, "commit": DONE, "last": DONE, "find": PASS, "treasure": SKIP}
"""The simple player's answer to these kinds of prompt, when it is offered."""


def choose_among(option_ids: Sequence[str], kind: str) -> str:
    """Keep the first card of each pack, buy nothing, commit nothing, rescue the first
    cat offered (then end the turn), place every tile where it first fits, take no
    treasure nor find."""
    ids = list(option_ids)
    if kind in PREFER and PREFER[kind] in ids:
        return PREFER[kind]
    if kind == "rescue":
        return next((i for i in ids if i.startswith("rescue:")), END if END in ids else PASS)
    if kind == "place" and AUTO in ids:
        return AUTO
    return ids[0]


def simple_choice(table: Table, prompt: Prompt) -> str:
    """:func:`choose_among` over the options in the game's order."""
    return choose_among([o.id for o in prompt.options], prompt.kind)


def isle_choice(table: Table, prompt: Prompt) -> str:
    """The simple player, who buys the rescue cards it drafted while it keeps 5
    fish for cats, and commits the first rescue card it holds: so that the scenes show
    a hand, a cart, rescue cards revealed and cats on the boat."""
    ids = [o.id for o in prompt.options]
    if prompt.kind == "buy":
        private = table.view(prompt.seat)["private"]
        cart = {str(c["id"]) for c in private["cart"]}
        if int(private["fish_left"]) >= 8:
            for card in private["drafted"]:
                option = make("buy", str(card["id"]))
                if str(card["id"]) not in cart and card["kind"] == "rescue" and option in ids:
                    return option
    if prompt.kind == "commit" and not any(parse(i).verb == "uncommit" for i in ids):
        commit = next((i for i in ids if parse(i).verb == "commit"), None)
        if commit is not None:
            return commit
    return simple_choice(table, prompt)


def _mine(table: Table, kind: str) -> bool:
    return any(p.kind == kind for p in table.prompts_for(0))


def isle_draft_scene() -> Scene:
    """Ann against three bots, day 1: the first pack is passed to her."""
    return Scene(make_table(FOUR, ISLE_SEED, game=ISLE), scene_settings())


def isle_buy_scene() -> Scene:
    """Day 1, the draft is over: Ann buys her drafted cards (one is in her cart)."""
    table = make_table(FOUR, ISLE_SEED, game=ISLE)
    play_until(table, lambda t: _mine(t, "buy"), isle_choice)
    prompt = next(p for p in table.prompts_for(0) if p.kind == "buy")
    table.answer(0, prompt.id, isle_choice(table, prompt))
    return Scene(table, scene_settings())


def isle_rescue_scene() -> Scene:
    """Ann's first rescue turn: the cats of both fields and their prices."""
    table = make_table(FOUR, ISLE_SEED, game=ISLE)
    play_until(table, lambda t: _mine(t, "rescue"), isle_choice)
    return Scene(table, scene_settings())


def isle_place_scene() -> Scene:
    """Ann has rescued a cat: it waits on her boat where it scores best."""
    table = make_table(FOUR, ISLE_SEED, game=ISLE)
    play_until(table, lambda t: _mine(t, "place"), isle_choice)
    return Scene(table, scene_settings())


def finds_choice(table: Table, prompt: Prompt) -> str:
    """:func:`isle_choice`, who first buys an Oshax or a treasure card she drafted (a
    player with nothing for the rare finds is not asked there: the game passes for
    her)."""
    if prompt.kind == "buy":
        ids = [o.id for o in prompt.options]
        private = table.view(prompt.seat)["private"]
        cart = {str(c["id"]) for c in private["cart"]}
        for card in private["drafted"]:
            option = make("buy", str(card["id"]))
            if (
                card["kind"] in ("oshax", "treasure")
                and str(card["id"]) not in cart
                and option in ids
            ):
                return option
    return isle_choice(table, prompt)


def isle_finds_scene() -> Scene:
    """Ann's rare-finds turn: she bought a card for it, and may play it or pass."""
    table = make_table(FOUR, ISLE_SEED, game=ISLE)
    play_until(table, lambda t: _mine(t, "find"), finds_choice)
    return Scene(table, scene_settings())


def isle_day_two_scene() -> Scene:
    """Day 2 begins: the log tells how day 1 ended (the cats nobody rescued leave), the
    public lessons bought so far are in play, and Ann drafts again (to the right)."""
    table = make_table(FOUR, ISLE_SEED, game=ISLE)

    def day_two(t: Table) -> bool:
        return t.view(0)["public"]["day"] == 2 and _mine(t, "draft")

    play_until(table, day_two, isle_choice)
    return Scene(table, scene_settings())


def isle_hotseat_scene() -> Scene:
    """Ann and Bob (humans) with a bot: everyone drafts at once, so the curtain asks
    for Ann first, with nothing of either pack on screen."""
    seats = (("Ann", "human"), ("Bob", "human"), ("Cal", "bot"))
    return Scene(make_table(seats, ISLE_SEED, game=ISLE), scene_settings())


def isle_over_scene() -> Scene:
    """A finished game of Ann against three bots (Ann's answers are the planner bot's):
    the score of every boat, line by line."""
    table = make_table(FOUR, ISLE_OVER_SEED, game=ISLE)
    planner = PlannerBot(0, ISLE_OVER_SEED)

    def planned(t: Table, prompt: Prompt) -> str:
        return planner.choose(t.view(prompt.seat), prompt)

    play_until(table, lambda t: t.is_over, planned)
    return Scene(table, scene_settings())


SCENES = GameScenes(
    choose_among=choose_among,
    choose=simple_choice,
    shots={
        "isle-draft": (isle_draft_scene, (80, 24)),
        "isle-rescue": (isle_rescue_scene, (80, 24)),
        "isle-place": (isle_place_scene, (80, 24)),
        "isle-over": (isle_over_scene, (80, 24)),
        # In a wide terminal, the boat, the hand and the island at once.
        "wide-isle": (isle_place_scene, (120, 40)),
    },
)
