"""The derived facts Stool Pigeon's view carries for its clients (engine/games/stool/view.py):
whether the PLAY top may be taken, and where the Rat lies at the end."""

from __future__ import annotations

from typing import Any

import pytest
from stool_helpers import make_state

from engine.core import Rng
from engine.games.stool.options import TAKE
from engine.games.stool.rules import GAME

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def public(state: Any) -> dict[str, Any]:
    return GAME.view(state, None)["public"]


def test_a_played_witness_can_be_taken() -> None:
    s = make_state({0: ["9", "9"], 1: ["2", "2"]}, play=["4"], in_round=2)
    top = public(s)["play_top"]
    assert top["face"] == "witness:4" and top["takeable"] and not top["eliminated"]


@pytest.mark.parametrize("face", ["stool", "kingpin", "rat"])
def test_a_pigeon_or_the_rat_cannot_be_taken(face: str) -> None:
    s = make_state({0: ["9", "9"], 1: ["2", "2"]}, play=[face], in_round=2)
    top = public(s)["play_top"]
    assert not top["takeable"] and not top["eliminated"]


def test_an_eliminated_witness_cannot_be_taken() -> None:
    s = make_state({0: ["9", "9"], 1: ["2", "2"]}, play=["4"], eliminated_top=True, in_round=2)
    top = public(s)["play_top"]
    assert top["eliminated"] and not top["takeable"]


@pytest.mark.parametrize("players", [2, 4])
def test_takeable_is_what_the_turn_offers_and_rat_pos_is_the_rat(players: int) -> None:
    """Seeded random play to the end (bounded): whenever the seat to draw holds a card,
    it is offered "take" exactly when the view says the top is takeable; at the end,
    ``rat_pos`` is the revealed slot holding the Rat (None when no scene holds it)."""
    for seed in range(4):
        s = GAME.setup(NAMES[:players], seed)
        rng = Rng(seed + 100 * players)
        for _ in range(3_000):
            prompts = GAME.prompts(s)
            if not prompts:
                break
            view = public(s)
            turn = [p for p in prompts if p.kind == "draw"]
            holds = any(slot["empty"] is False for slot in view["seats"][view["turn"]]["slots"])
            if turn and holds and view["giveback"] is None:
                offered = TAKE in [o.id for o in turn[0].options]
                top = view["play_top"]
                assert offered == bool(top and top["takeable"]), (seed, view["turn_number"])
            prompt = prompts[rng.below(len(prompts))]
            option = prompt.options[rng.below(len(prompt.options))]
            GAME.apply(s, prompt.seat, prompt.id, option.id)
        view = public(s)
        assert view["over"], f"seed {seed} did not end"
        rats = [
            slot["pos"]
            for seat in view["seats"]
            for slot in seat["slots"]
            if slot.get("card", {}).get("kind") == "rat"
        ]
        assert view["result"]["rat_pos"] == (rats[0] if rats else None)
