"""Cats Among The Pigeons' seeded scenes, its simple player and its README screenshots
(see :mod:`tui.scenes`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence

from engine.core import Prompt
from engine.games.pigeons.options import DRAW, PASS, try_parse
from engine.games.pigeons.view import Card as CardView
from engine.session import Table
from themes import DEFAULT_THEME
from tui.games.pigeons import keyed_for, options_in_order, private_view, public_view
from tui.scenes import FOUR, HOTSEAT, GameScenes, Scene, make_table, play_until, scene_settings

START_SEED = 171
WINDOW_SEED = 6
SEARCH_SEED = 4
OVER_SEED = 3
SOLO_PASS_SEED = 1


def choose_among(option_ids: Sequence[str], kind: str) -> str:
    """Pass in windows, discard three cats, else play an action or a pair, else draw;
    otherwise the first option."""
    if kind in ("window", "sale"):
        return PASS if PASS in option_ids else option_ids[0]
    if kind == "turn":
        for verb in ("cats", "play"):
            for option in option_ids:
                parsed = try_parse(option)
                if parsed is not None and parsed.verb == verb:
                    return option
        return DRAW
    return option_ids[0]


def simple_choice(table: Table, prompt: Prompt) -> str:
    """:func:`choose_among` over the options in the order the game screen gives keys."""
    private = table.view(prompt.seat)["private"]
    ordered = [option_id for option_id, _label in options_in_order(prompt, private)]
    return choose_among(ordered, prompt.kind)


def start_scene(theme: str = DEFAULT_THEME, *, ascii_only: bool = False) -> Scene:
    """Ann against three bots, at her first turn."""
    table = make_table(FOUR, START_SEED)
    return Scene(table, scene_settings(theme, ascii_only=ascii_only))


def curtain_scene() -> Scene:
    """Two humans and two bots: the first handoff, before anyone has seen a card."""
    return Scene(make_table(HOTSEAT, START_SEED), scene_settings())


def _if_ann_draws(table: Table) -> Table | None:
    """A copy of ``table`` after Ann (seat 0) draws to end her turn and the bots play
    on (asking at every window); None when it is not her turn."""
    prompts = table.prompts_for(0)
    if not prompts or prompts[0].kind != "turn":
        return None
    trial = Table.from_json(table.to_json())
    trial.auto_pass = False
    trial.answer(0, prompts[0].id, DRAW)
    trial.run_bots()
    return trial


def window_scene(clock: Callable[[], float] = time.monotonic) -> Scene:
    """Two humans and two bots; a bot plays an action and both humans are asked.

    The table stops at Ann's turn just before: pressing Enter (her curtain) then
    her "draw" key ends her turn, and the bot after her plays.
    """
    table = make_table(HOTSEAT, WINDOW_SEED, clock=clock)

    def ann_draws_then_window(t: Table) -> bool:
        trial = _if_ann_draws(t)
        if trial is None:
            return False
        asked = {p.seat for p in trial.prompts() if p.pass_option is not None}
        return {0, 1} <= asked

    play_until(table, ann_draws_then_window, simple_choice)
    return Scene(table, scene_settings(), press=["enter", _key_of(table, 0, DRAW)])


def solo_pass_scene() -> Scene:
    """Ann against three bots, at the turn after which a bot plays an action she holds
    nothing to react with: pressing her "draw" key ends her turn, and the table lets
    the action happen for her at once (no "Do you react?" and no countdown)."""
    table = make_table(FOUR, SOLO_PASS_SEED)

    def ann_draws_then_nothing_to_react_with(t: Table) -> bool:
        trial = _if_ann_draws(t)
        if trial is None:
            return False
        asked = [p for p in trial.prompts_for(0) if p.pass_option is not None]
        return bool(asked) and len(asked[0].options) == 1

    play_until(table, ann_draws_then_nothing_to_react_with, simple_choice)
    return Scene(table, scene_settings(), press=[_key_of(table, 0, DRAW)])


def search_scene() -> Scene:
    """Ann against three bots, searching the discard pile with Recycle."""
    table = make_table(FOUR, SEARCH_SEED)

    def discard_count(t: Table) -> int:
        return public_view(t.view(0)["public"])["discard_count"]

    def searching(t: Table) -> bool:
        return "search" in private_view(t.view(0)["private"]) and discard_count(t) >= 5

    def choose(t: Table, prompt: Prompt) -> str:
        ids = [o.id for o in prompt.options]
        hand = {c["id"]: c for c in private_view(t.view(0)["private"])["hand"]}
        if prompt.kind == "turn":
            recycle = [o for o in ids if _action(hand, o) == "recycle"]
            if recycle and discard_count(t) >= 5:
                return recycle[0]
            return DRAW
        return simple_choice(t, prompt)

    play_until(table, searching, choose)
    return Scene(table, scene_settings())


def over_scene() -> Scene:
    """A finished game: Ann against three bots."""
    table = make_table(FOUR, OVER_SEED)
    play_until(table, lambda t: t.is_over, simple_choice)
    return Scene(table, scene_settings())


def _action(hand: Mapping[str, CardView], option: str) -> str | None:
    """The action of the card a ``play:`` option plays (None for other options)."""
    parsed = try_parse(option)
    card = hand.get(str(parsed.card_id)) if parsed is not None and parsed.verb == "play" else None
    return card["action"] if card else None


def _key_of(table: Table, seat: int, option_id: str) -> str:
    """The key of an option on ``seat``'s bar (in the screen's order)."""
    prompt = table.prompts_for(seat)[0]
    private = table.view(seat)["private"]
    for keyed in keyed_for(prompt, private):
        if keyed.option_id == option_id and keyed.key:
            return keyed.key
    raise LookupError(option_id)


SCENES = GameScenes(
    choose_among=choose_among,
    choose=simple_choice,
    shots={
        "game": (start_scene, (80, 24)),
        "curtain": (curtain_scene, (80, 24)),
        "reaction-window": (window_scene, (80, 24)),
        "search": (search_scene, (80, 24)),
        "game-over": (over_scene, (80, 24)),
        # In a wide terminal, which the game uses for larger cards.
        "wide-game": (start_scene, (120, 40)),
    },
)
