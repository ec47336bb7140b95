"""What a seat of Cats Among The Pigeons sees, against its schema (engine/games/pigeons/view.py)."""

from __future__ import annotations

from typing import Any

import pytest
from pigeons_helpers import answer, make_state
from typeguard import TypeCheckError, check_type

from engine.games.pigeons.rules import GAME, PigeonsGame
from engine.games.pigeons.view import PigeonsPrivate, PigeonsPublic


def test_the_game_declares_its_views_schemas() -> None:
    assert PigeonsGame.public_schema is PigeonsPublic
    assert PigeonsGame.private_schema is PigeonsPrivate


@pytest.mark.parametrize(
    ("held", "drawn", "flock"),
    [
        # The colour's own pigeons first, then as many rainbows as it takes: the
        # blue, the Gift and the spare rainbow are not in it.
        (
            ["rainbow", "pigeon:red", "pigeon:blue", "pigeon:red", "gift", "rainbow", "rainbow"]
            + ["pigeon:red"] * 2,
            "pigeon:red",
            [1, 3, 7, 8, 9, 0, 5],
        ),
        (["rainbow"] * 6 + ["pigeon:sky"], "rainbow", [6, 0, 1, 2, 3, 4, 5]),  # a sky flock
        (["rainbow"] * 6 + ["cat"], "rainbow", None),  # a cat: no win
    ],
)
def test_the_view_names_the_winning_flock(
    held: list[str], drawn: str, flock: list[int] | None
) -> None:
    s = make_state({0: held, 1: ["cat"]}, draw_top=[drawn])
    before = GAME.view(s, None)["public"]
    assert "winning_flock" not in before
    answer(s, 0, "draw")
    public = GAME.view(s, None)["public"]
    if flock is None:
        assert not public["over"] and "winning_flock" not in public
        return
    assert public["over"] and public["result"]["winners"] == [0]
    ids = [c["id"] for c in public["hands"][0]]  # in the order the hand holds them
    assert public["winning_flock"] == [ids[i] for i in flock]
    check_type(public, PigeonsPublic)


def test_a_drawn_game_names_no_flock() -> None:
    s = make_state({0: ["cat"], 1: ["cat"]}, options={"turn_limit": 1})
    answer(s, 0, "draw")
    public = GAME.view(s, None)["public"]
    assert public["over"] and public["result"]["winners"] == []
    assert "winning_flock" not in public
    check_type(public, PigeonsPublic)


def test_a_search_and_its_picks_match_the_private_schema() -> None:
    s = make_state({0: ["recycle", "cat"], 1: ["cat"]}, discard=["pigeon:red", "gift"])
    answer(s, 0, next(o.id for o in GAME.prompts(s)[0].options if o.id.startswith("play:")))
    while GAME.prompts(s)[0].kind == "window":
        answer(s, 1, "pass")
    private = GAME.view(s, 0)["private"]
    assert [c["name"] for c in private["search"]] == ["Red pigeon", "Gift", "Recycle"]
    assert private["picked"] == []
    check_type(private, PigeonsPrivate)
    assert GAME.view(s, None)["public"]["stage"]["kind"] == "pick"
    check_type(GAME.view(s, None)["public"], PigeonsPublic)


def _broken(view: dict[str, Any], path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    out: Any = view
    for key in path[:-1]:
        out = out[key]
    out[path[-1]] = value
    return view


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("turn",), "0"),
        (("discard_top",), {"id": "c1", "kind": "pigeon", "colour": "pink", "action": None}),
        (("stage",), {"kind": "turn"}),  # a turn names its seat
        (("stage",), {"kind": "action", "seat": 0}),
        (("seats", 0, "cards"), None),
    ],
)
def test_the_schema_refuses_a_view_that_breaks_it(path: tuple[str | int, ...], value: Any) -> None:
    s = make_state({0: ["cat"], 1: ["cat"]}, discard=["gift"])
    public = GAME.view(s, None)["public"]
    check_type(public, PigeonsPublic)
    with pytest.raises(TypeCheckError):
        check_type(_broken(public, path, value), PigeonsPublic)
