"""The recorder/stepper (engine/replay.py) and the demo table (engine/demo.py):
stepping back gives exactly the state before, a recording plays the same game again."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalMove
from engine.demo import DemoTable
from engine.games import REGISTRY
from engine.replay import CHECKPOINT_EVERY, Answer, Recording, Stepper

NAMES = ["Ann", "Bob", "Cy"]


def _played(game_id: str, names: list[str], seed: int) -> Stepper:
    game = REGISTRY[game_id]
    stepper = Stepper(game, Recording(game_id, names, seed), levels=[""] * len(names))
    while stepper.forward() is not None:
        pass
    return stepper


def _snapshot(stepper: Stepper) -> str:
    game = stepper.game
    views = {str(seat): game.view(stepper.state, seat) for seat in range(len(stepper.names))}
    return json.dumps({"state": game.state_to_json(stepper.state), "views": views}, sort_keys=True)


@pytest.mark.parametrize("game_id", ["pigeons", "stool", "perch"])
def test_a_bot_game_plays_to_the_end_and_back_to_every_step(game_id: str) -> None:
    names = NAMES[: max(REGISTRY[game_id].min_players, 2)]
    if REGISTRY[game_id].max_players >= 3:
        names = NAMES
    stepper = _played(game_id, names, 7)
    assert stepper.is_over
    end = stepper.cursor
    assert end == len(stepper) > CHECKPOINT_EVERY
    # Every state on the way, taken going forward, comes back exactly going back.
    forward: list[str] = []
    stepper.seek(0)
    forward.append(_snapshot(stepper))
    while stepper.cursor < end:
        stepper.forward()
        forward.append(_snapshot(stepper))
    for step in range(end, 0, -1):
        assert stepper.cursor == step
        assert _snapshot(stepper) == forward[step]
        assert stepper.back()
    assert _snapshot(stepper) == forward[0]
    assert not stepper.back()


def test_a_recording_plays_the_same_game_again_without_bots() -> None:
    first = _played("pigeons", NAMES, 11)
    data = json.loads(json.dumps(first.recording.to_json()))
    again = Stepper(REGISTRY["pigeons"], Recording.from_json(data))
    assert again.cursor == len(first)  # the recording is played through once
    assert _snapshot(again) == _snapshot(first)
    assert again.log() == first.log()
    assert not again.can_go_forward  # no bots: the recording is all there is
    again.seek(5)
    assert again.state_at(3) is not again.state
    assert again.cursor == 5


def test_a_recording_with_an_illegal_answer_is_refused() -> None:
    first = _played("stool", NAMES, 3)
    bad = first.recording.to_json()
    bad["answers"][1] = [0, "no-such-prompt", "draw"]
    with pytest.raises(IllegalMove):
        Stepper(REGISTRY["stool"], Recording.from_json(bad))
    with pytest.raises(ValueError):
        Answer.from_json([0, "p"])


def test_the_demo_table_refuses_answers_and_tells_its_screen() -> None:
    demo = DemoTable(REGISTRY["pigeons"], NAMES, 5)
    heard: list[int] = []
    demo.subscribe(lambda events: heard.append(len(events)))
    assert demo.step == 0 and demo.acting_seat is not None
    prompt = demo.prompts()[0]
    with pytest.raises(IllegalMove):
        demo.answer(prompt.seat, prompt.id, prompt.options[0].id)
    assert demo.forward() and demo.forward()
    assert demo.step == 2 and len(heard) == 2
    said = demo.narration
    assert demo.back() and demo.step == 1
    assert demo.forward() and demo.narration == said  # the same words the second time
    assert all(s.is_bot for s in demo.seats)
