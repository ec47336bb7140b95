"""The ``purrch`` command line: help, rules, simulate, and its one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from tui import cli
from tui.cli import app

ROOT = Path(__file__).resolve().parent.parent
JSON_KEYS = {
    "game",
    "players",
    "games",
    "seed",
    "bots",
    "steps",
    "seconds",
    "wins",
    "draws",
    "avg_steps",
}


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner(env={"COLUMNS": "80", "LINES": "24", "NO_COLOR": "1"})


def simulate_json(runner: CliRunner, *args: str) -> dict[str, object]:
    result = runner.invoke(app, ["simulate", "pigeons", *args, "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout
    data = json.loads(lines[0])
    assert isinstance(data, dict)
    return data


def test_no_arguments_prints_help_and_exits_0(runner: CliRunner) -> None:
    result = runner.invoke(app, [])
    assert result.exit_code == 0, result.output
    assert "Usage" in result.stdout
    assert "rules" in result.stdout
    assert "simulate" in result.stdout


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == "purrch 0.1.0"


def test_rules_renders_the_title_within_80_columns(runner: CliRunner) -> None:
    from engine.games import get_game

    game = get_game("pigeons")
    result = runner.invoke(app, ["rules", "pigeons"])
    assert result.exit_code == 0, result.output
    assert game.title in result.stdout
    assert "#" not in result.stdout.splitlines()[0]  # rendered, not raw Markdown
    widest = max(cell_len(line.rstrip()) for line in result.stdout.splitlines())
    assert widest <= 80


def test_rules_plain_is_the_markdown(runner: CliRunner) -> None:
    from engine.games import get_game

    result = runner.invoke(app, ["rules", "pigeons", "--plain"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == get_game("pigeons").rules_text().strip()


def test_simulate_json_has_every_key(runner: CliRunner) -> None:
    data = simulate_json(runner, "--players", "3", "--games", "3", "--seed", "11")
    assert set(data) == JSON_KEYS
    assert data["game"] == "pigeons"
    assert data["players"] == 3
    assert data["games"] == 3
    assert data["seed"] == 11
    assert data["bots"] == ["heuristic"] * 3
    wins = data["wins"]
    assert isinstance(wins, list) and len(wins) == 3
    assert isinstance(data["draws"], int)
    assert sum(wins) + data["draws"] >= 3
    assert isinstance(data["steps"], int) and data["steps"] > 0
    assert data["avg_steps"] == pytest.approx(data["steps"] / 3, abs=0.01)


def test_simulate_same_seed_same_result(runner: CliRunner) -> None:
    args = ("--players", "4", "--games", "3", "--seed", "5", "--bots", "random")
    first = simulate_json(runner, *args)
    second = simulate_json(runner, *args)
    first.pop("seconds")
    second.pop("seconds")
    assert first == second


def test_simulate_one_level_per_seat(runner: CliRunner) -> None:
    data = simulate_json(runner, "-p", "2", "-g", "2", "-s", "3", "--bots", "random,heuristic")
    assert data["bots"] == ["random", "heuristic"]


def test_simulate_prints_a_table(runner: CliRunner) -> None:
    from engine.games import get_game

    result = runner.invoke(app, ["simulate", "pigeons", "-p", "2", "-g", "2", "-s", "1"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert get_game("pigeons").title in out
    for word in ("Bot 1", "Bot 2", "Win %", "draws", "avg steps", "answers/s"):
        assert word in out


def test_simulate_json_in_a_real_process() -> None:
    """Through the real entry point: stdout is exactly one JSON line, stderr is empty."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"}
    proc = subprocess.run(
        [sys.executable, "-m", "tui.cli", "simulate", "pigeons", "-p", "2", "-g", "2", "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.count("\n") == 1
    assert set(json.loads(proc.stdout)) == JSON_KEYS


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "chess"],
        ["rules", "isle"],
        ["simulate", "chess"],
        ["simulate", "pigeons", "--players", "1"],
        ["simulate", "pigeons", "--players", "7"],
        ["simulate", "pigeons", "--games", "0"],
        ["simulate", "pigeons", "--seed", "-1"],
        ["simulate", "pigeons", "--bots", "genius"],
        ["simulate", "pigeons", "--players", "2", "--bots", "random,random,random"],
        ["simulate", "pigeons", "--players", "3", "--bots", "random,,heuristic"],
    ],
)
def test_errors_exit_2_with_one_line(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "pigeons", "--games", "many"],
        ["simulate"],
        ["nonsense"],
    ],
)
def test_usage_errors_exit_2(runner: CliRunner, args: list[str]) -> None:
    assert runner.invoke(app, args).exit_code == 2


def test_a_game_that_does_not_end_is_a_clear_error(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    def stuck(*_args: object) -> object:
        raise cli.SimulationError("the game with seed 1 did not end")

    monkeypatch.setattr(cli, "play_one", stuck)
    result = runner.invoke(app, ["simulate", "pigeons", "-g", "3", "--json"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith("error: game 1 of 3: the game with seed 1 did not end")
