"""``purrch replay``: its arguments and the save are checked before anything starts
(one error line, exit 2); ``--export md`` writes the Markdown; a good replay starts
the app on it, or on the list of finished games without a FILE."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import one_error
from typer.testing import CliRunner

from engine import replays
from engine.games import REGISTRY
from engine.session import SeatConfig, Table
from tui import cli
from tui.cli import app


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path / "home"))
    return CliRunner(
        env={"COLUMNS": "80", "LINES": "24", "NO_COLOR": "1", "PURRCH_HOME": str(tmp_path / "home")}
    )


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []

    def run_app(settings: Any, table: Any, demo: Any = None, **extra: Any) -> None:
        calls.append({"settings": settings, "table": table, "demo": demo, **extra})

    monkeypatch.setattr(cli, "run_app", run_app)
    return calls


def _save(tmp_path: Path, *, over: bool) -> Path:
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bob", "bot")]
    table = Table(REGISTRY["stool"], seats, seed=5, window_seconds=None, bot_delay=(0, 0))
    if over:
        table.replace_seat(0, SeatConfig("Ann", "bot"))
        table.run_bots()
        assert table.is_over
    else:
        table.run_bots(3)
    path = tmp_path / ("over.json" if over else "mid.json")
    table.save(path)
    return path


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--export", "pdf"], "unknown export format 'pdf' (known: md)"),
        (["--out", "x.md"], "--out goes with --export"),
        (["--speed", "warp"], "unknown speed 'warp'"),
        (["--seat", "Zed"], "--seat: no seat 'Zed' in this game"),
        (["--seat", "3"], "no seat '3' in this game"),
        (["--seat", "1", "--export", "md"], "--seat does not go with --export"),
        (["--export", "md", "--out", "{tmp}/no/such/folder/g.md"], "there is no folder"),
    ],
)
def test_bad_arguments_are_one_error_line_and_exit_2(
    runner: CliRunner, started: list[Any], tmp_path: Path, args: list[str], says: str
) -> None:
    path = _save(tmp_path, over=True)
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    assert says in one_error(runner.invoke(app, ["replay", str(path), *args]))
    assert started == []
    assert not (tmp_path / "no").exists()


def test_every_hand_only_once_the_game_is_over(
    runner: CliRunner, started: list[Any], tmp_path: Path
) -> None:
    path = _save(tmp_path, over=False)
    line = one_error(runner.invoke(app, ["replay", str(path), "--seat", "all"]))
    assert "only once the game is over" in line


@pytest.mark.parametrize(
    ("write", "says"),
    [
        (None, "no saved game at"),
        ('{"game": ', "is not a Purrch save"),
        ("[]", "not a Purrch save"),
    ],
    ids=["missing", "cut-short", "not-a-save"],
)
def test_a_file_that_cannot_be_replayed_says_why(
    runner: CliRunner, started: list[Any], tmp_path: Path, write: str | None, says: str
) -> None:
    path = tmp_path / "game.json"
    if write is not None:
        path.write_text(write)
    assert says in one_error(runner.invoke(app, ["replay", str(path)]))
    assert started == []


def test_answers_that_do_not_lead_to_the_save_are_refused(
    runner: CliRunner, started: list[Any], tmp_path: Path
) -> None:
    path = _save(tmp_path, over=True)
    data = json.loads(path.read_text())
    data["answers"] = data["answers"][:-1]
    path.write_text(json.dumps(data))
    line = one_error(runner.invoke(app, ["replay", str(path)]))
    assert str(path) in line or "answers" in line


def test_export_md_to_the_output_and_to_a_file(
    runner: CliRunner, started: list[Any], tmp_path: Path
) -> None:
    path = _save(tmp_path, over=True)
    expected = replays.export_markdown(replays.load(path))
    result = runner.invoke(app, ["replay", str(path), "--export", "md"])
    assert result.exit_code == 0, result.output
    assert result.stdout == expected
    assert result.stdout.startswith("# Stool Pigeon\n") and "## Result" in result.stdout
    out = tmp_path / "game.md"
    result = runner.invoke(app, ["replay", str(path), "--export", "md", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text() == expected
    assert f"to {out}" in result.stdout
    assert started == []


@pytest.mark.parametrize(
    ("over", "seat", "viewer"),
    [(True, None, None), (False, None, 0), (True, "bob", 1), (False, "2", 1), (True, "ALL", None)],
)
def test_a_good_replay_starts_the_app_on_it(
    runner: CliRunner,
    started: list[dict[str, Any]],
    tmp_path: Path,
    over: bool,
    seat: str | None,
    viewer: int | None,
) -> None:
    path = _save(tmp_path, over=over)
    args = ["replay", str(path), "--speed", "fast"] + ([] if seat is None else ["--seat", seat])
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    [call] = started
    spec = call["replay"]
    assert spec.viewer == viewer and spec.pace == "fast"
    assert spec.replay.path == path and spec.replay.is_over == over


def test_no_file_opens_the_list_of_finished_games(
    runner: CliRunner, started: list[dict[str, Any]]
) -> None:
    result = runner.invoke(app, ["replay"])
    assert result.exit_code == 0, result.output
    [call] = started
    assert call["replays"] is True and call.get("replay") is None
    assert "need a FILE" in one_error(runner.invoke(app, ["replay", "--export", "md"]))
