"""The game base class is the contract (issue 22): what every game must have is
abstract, and an answer is checked once, in ``Game.apply``, before the game's step."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import JSON, Event, IllegalMove, Option, Prompt
from engine.game import Game
from engine.games import REGISTRY


class Tally(Game[Any]):
    """Two seats take turns saying 1 or 2; the prompt of seat 1 shares its id."""

    id = "tally"
    title = "Tally"
    min_players = max_players = 2

    def __init__(self) -> None:
        self.steps: list[tuple[int, str]] = []

    def setup(self, names: list[str], seed: int, options: dict[str, JSON] | None = None) -> Any:
        return {"names": list(names), "total": 0}

    def prompts(self, state: Any) -> list[Prompt]:
        options = (Option("1", "One"), Option("2", "Two"))
        return [Prompt("say", 0, "turn", "Say a number", options)]

    def step(self, state: Any, seat: int, prompt: Prompt, option_id: str) -> list[Event]:
        self.steps.append((seat, option_id))
        state["total"] += int(option_id)
        return [Event(f"{state['names'][seat]} says {option_id}")]

    def build_public(self, state: Any) -> dict[str, JSON]:
        return {"total": state["total"]}

    def build_private(self, state: Any, seat: int) -> dict[str, JSON]:
        return {}

    def seat_names(self, state: Any) -> list[str]:
        return list(state["names"])

    def outcome(self, state: Any) -> None:
        return None


def test_a_game_missing_a_member_cannot_be_made() -> None:
    class NoStep(Game[Any]):
        id = "nostep"
        title = "No step"
        min_players = max_players = 2

        def setup(self, names: list[str], seed: int, options: Any = None) -> Any:
            return {}

        def prompts(self, state: Any) -> list[Prompt]:
            return []

        def build_public(self, state: Any) -> dict[str, JSON]:
            return {}

        def build_private(self, state: Any, seat: int) -> dict[str, JSON]:
            return {}

    with pytest.raises(TypeError, match="step"):
        NoStep()  # type: ignore[abstract]


@pytest.mark.parametrize(
    ("seat", "prompt_id", "option_id", "message"),
    [
        (0, "gone", "1", "That decision is not open (any more)."),
        (1, "say", "1", "That decision is Ann's to make."),
        (0, "say", "3", "'3' is not one of the choices for this decision."),
        (0, "say", 3, "3 is not one of the choices for this decision."),
    ],
)
def test_apply_refuses_before_the_game_sees_the_answer(
    seat: int, prompt_id: str, option_id: Any, message: str
) -> None:
    game = Tally()
    state = game.setup(["Ann", "Bob"], 1)
    with pytest.raises(IllegalMove) as info:
        game.apply(state, seat, prompt_id, option_id)
    assert str(info.value) == message
    assert game.steps == [] and state["total"] == 0
    assert [e.text for e in game.apply(state, 0, "say", "2")] == ["Ann says 2"]
    assert game.steps == [(0, "2")]


def test_a_view_is_its_two_halves_and_a_spectator_has_no_private_half() -> None:
    game = Tally()
    state = game.setup(["Ann", "Bob"], 1)
    assert game.view(state, 1) == {"public": {"total": 0}, "private": {}}
    assert game.private_view(state, None) == {}
    with pytest.raises(ValueError, match="no seat 2"):
        game.view(state, 2)


@pytest.mark.parametrize("game", REGISTRY.values(), ids=list(REGISTRY))
def test_every_registered_game_is_one_and_declares_its_bots(game: Game[Any]) -> None:
    assert isinstance(game, Game)
    assert game.bot_levels[0] == "random" and game.default_bot in game.bot_levels
    for level in game.bot_levels:
        assert game.bot(level, 0, 1) is not None
    with pytest.raises(ValueError, match="unknown bot level"):
        game.bot("genius", 0, 1)


# ------------------------------------------------------------- structured answers


def test_a_prompt_with_a_structured_answer_takes_its_form_and_its_options() -> None:
    from engine.core import MAX_ANSWER, Option, Prompt

    p = Prompt(
        "p1", 0, "place", "Place the tile.", (Option("auto", "Place it for me"),), answer="place"
    )
    assert p.accepts("auto") and p.accepts("place:BC07:5:3:6")
    assert not p.accepts("placed:x") and not p.accepts("place") and not p.accepts(None)
    assert not p.accepts("place:" + "x" * MAX_ANSWER)
    plain = p._replace(answer=None)
    assert not plain.accepts("place:BC07:5:3:6") and plain.accepts("auto")
    # On the wire: additive, and only when set.
    assert Prompt.from_json(p.to_json()) == p
    assert "answer" not in plain.to_json() and Prompt.from_json(plain.to_json()) == plain
