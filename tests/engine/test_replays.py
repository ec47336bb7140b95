"""Saves keep their answers; finished games are kept; ``engine.replays`` replays a save
from one seat (no other seat's secret) or all-seeing once over, and exports Markdown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import finished, replays
from engine.games import REGISTRY
from engine.session import SaveError, SeatConfig, Table


def _finished_table(game_id: str, n: int, tmp_path: Path, seed: int = 5) -> Table:
    seats = [SeatConfig(f"P{i}", "bot") for i in range(n)]
    table = Table(REGISTRY[game_id], seats, seed=seed, window_seconds=None, bot_delay=(0, 0))
    table.keep_finished_in = tmp_path / "finished"
    table.run_bots()
    assert table.is_over
    return table


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_finished_game_is_kept_and_replays_to_the_same_end(game_id: str, tmp_path: Path) -> None:
    game = REGISTRY[game_id]
    table = _finished_table(game_id, game.min_players, tmp_path)
    assert table.kept_as is not None and table.kept_as.parent == tmp_path / "finished"
    [listed] = finished.listing(tmp_path / "finished")
    assert listed.game_id == game_id and listed.players == tuple(s.name for s in table.seats)
    replay = replays.load(table.kept_as)
    assert replay.is_over and replay.finished == listed
    replay.stepper.seek(len(replay.stepper))
    assert game.state_to_json(replay.stepper.state) == game.state_to_json(table.state)


def test_only_the_newest_finished_games_are_kept(tmp_path: Path) -> None:
    import datetime as dt

    for minute in range(5):
        at = dt.datetime(2026, 12, 4, 18, minute)
        finished.keep(tmp_path, "pigeons", "{}", at=at, keep=3)
    names = sorted(p.name for p in tmp_path.glob("*.json"))
    assert names == [f"20261204-18{m:02d}00-pigeons.json" for m in (2, 3, 4)]
    assert finished.listing(tmp_path) == []  # no finished section: not listed


def test_a_save_without_answers_loads_but_does_not_replay(tmp_path: Path) -> None:
    table = _finished_table("stool", 2, tmp_path)
    data = table.to_json()
    assert "answers" in data
    del data["answers"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data))
    assert Table.load(old).recording is None
    with pytest.raises(replays.ReplayError, match="older Purrch"):
        replays.load(old)


@pytest.mark.parametrize("bad", ["nope", [["x", "p", "o"]], [[0, 1, 2]]])
def test_damaged_answers_are_a_damaged_save(bad: object, tmp_path: Path) -> None:
    data = _finished_table("stool", 2, tmp_path).to_json()
    data["answers"] = bad  # type: ignore[assignment]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="damaged save"):
        Table.load(path)


def test_answers_that_lead_elsewhere_are_refused(tmp_path: Path) -> None:
    data = _finished_table("pigeons", 3, tmp_path).to_json()
    answers = data["answers"]
    assert isinstance(answers, list)
    data["answers"] = answers[:-1]  # one answer short of the state it holds
    path = tmp_path / "short.json"
    path.write_text(json.dumps(data))
    with pytest.raises(replays.ReplayError, match="do not lead to the game"):
        replays.load(path)


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_seats_replay_shows_only_what_that_seat_saw(game_id: str, tmp_path: Path) -> None:
    game = REGISTRY[game_id]
    n = game.min_players
    table = _finished_table(game_id, n, tmp_path)
    replay = replays.load(table.kept_as or Path())
    viewer = 1
    shown = replays.ReplayTable(replay, viewer)
    stepper = replay.stepper
    public_lines = set()
    while True:
        state = stepper.state
        for seat in [None, *range(n)]:
            want = game.view(state, viewer if seat == viewer else None)
            assert shown.view(seat) == want, f"step {shown.step}: view of seat {seat}"
            assert shown.log_for(seat) == [e.text_for(viewer) for e in stepper.log()]
        assert all(p.seat == viewer for p in shown.prompts())
        nxt = shown.next_prompt()
        assert nxt is None or nxt.seat == viewer
        if shown.step:
            answer = stepper.answer_at(shown.step)
            said = " ".join(e.text for e in stepper.events_at(shown.step) if e.text)
            line = shown.narration.line
            if answer.seat != viewer:  # another seat's decision: its public lines only
                assert line == (said or f"{stepper.names[answer.seat]} decided.")
                public_lines.add(line)
        if not shown.forward():
            break
    assert shown.step == len(stepper) and public_lines


def test_all_seeing_only_once_over_and_seat_names(tmp_path: Path) -> None:
    table = Table(
        REGISTRY["pigeons"],
        [SeatConfig("Ann"), SeatConfig("Bob", "bot"), SeatConfig("Cy", "bot")],
        seed=3,
        window_seconds=None,
        bot_delay=(0, 0),
    )
    table.run_bots()
    path = tmp_path / "autosave.json"
    table.save(path)
    replay = replays.load(path)
    assert not replay.is_over and replay.default_viewer() == 0
    with pytest.raises(replays.ReplayError, match="once the game is over"):
        replays.ReplayTable(replay, None)
    with pytest.raises(ValueError, match="once the game is over"):
        replays.viewer_from_text(replay, "all")
    assert replays.viewer_from_text(replay, "bob") == 1
    assert replays.viewer_from_text(replay, "3") == 2
    with pytest.raises(ValueError, match="no seat 'Zed'"):
        replays.viewer_from_text(replay, "Zed")


STORED = Path(__file__).parent / "data" / "replay_stool_seed5.md"


def test_the_markdown_export_of_a_seeded_game_is_the_stored_one(tmp_path: Path) -> None:
    table = _finished_table("stool", 3, tmp_path)
    path = tmp_path / "game.json"
    table.save(path)  # a plain save: no date in the title
    text = replays.export_markdown(replays.load(path))
    assert text == STORED.read_text(encoding="utf-8")


def test_markdown_escapes_what_players_typed() -> None:
    assert replays._md("*Ann* [x](y) `z` #1 |") == "\\*Ann\\* \\[x\\](y) \\`z\\` \\#1 \\|"
