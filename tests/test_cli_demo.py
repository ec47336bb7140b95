"""``purrch demo``: its arguments are checked before anything starts (one error line,
exit 2), and a good one starts the app on the demo."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cli_helpers import one_error
from typer.testing import CliRunner

from tui import cli
from tui.cli import app


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    return CliRunner(
        env={"COLUMNS": "80", "LINES": "24", "NO_COLOR": "1", "PURRCH_HOME": str(tmp_path)}
    )


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    calls: list[Any] = []

    def run_app(settings: Any, table: Any, demo: Any = None) -> None:
        calls.append((settings, table, demo))

    monkeypatch.setattr(cli, "run_app", run_app)
    return calls


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["demo", "pigeons", "--speed", "bogus"],
            "unknown speed 'bogus' (known: slow, normal, fast)",
        ),
        (["demo", "chess"], "unknown game 'chess'"),
        (["demo", "pigeons", "--players", "7"], "takes 2 to 6 players, not 7"),
        (["demo", "perch", "--players", "3"], "takes 2 players, not 3"),
        (["demo", "stool", "--seed", "-1"], "--seed must be 0 or more"),
    ],
)
def test_bad_arguments_are_one_error_line_and_exit_2(
    runner: CliRunner, started: list[Any], args: list[str], says: str
) -> None:
    assert says in one_error(runner.invoke(app, args))
    assert started == []


def test_a_game_without_a_screen_has_no_demo(
    runner: CliRunner, started: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """As `purrch play isle` while The Isle of Cats has no screen: a clear refusal."""
    import tui.seating

    monkeypatch.setattr(tui.seating, "has_screen", lambda game_id: game_id != "isle")
    line = one_error(runner.invoke(app, ["demo", "isle"]))
    assert "The Isle of Cats cannot be played in the app yet" in line
    assert started == []


def test_a_good_demo_starts_the_app_on_it(runner: CliRunner, started: list[Any]) -> None:
    result = runner.invoke(app, ["demo", "stool", "-p", "3", "-s", "9", "--speed", "fast"])
    assert result.exit_code == 0, result.output
    [(settings, table, demo)] = started
    assert settings.autosave is not None  # the menu under the demo saves its games
    assert table is None
    assert (demo.game_id, demo.players, demo.seed, demo.pace) == ("stool", 3, 9, "fast")


# ----------------------------------------------------------------------------- purrch learn


@pytest.fixture
def learned(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    calls: list[Any] = []

    def run_app(settings: Any, table: Any, demo: Any = None, **extra: Any) -> None:
        calls.append((settings, table, extra))

    monkeypatch.setattr(cli, "run_app", run_app)
    return calls


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["learn", "chess"], "unknown game 'chess'"),
        (["learn", "stool", "--name", "  "], "--name is empty"),
        (["learn", "stool", "--speed", "warp"], "warp"),
    ],
)
def test_bad_learn_arguments_are_one_error_line(
    runner: CliRunner, learned: list[Any], args: list[str], says: str
) -> None:
    assert says in one_error(runner.invoke(app, args))
    assert learned == []


@pytest.mark.parametrize("game_id", ["pigeons", "stool", "perch", "isle"])
def test_learn_starts_the_guided_game(runner: CliRunner, learned: list[Any], game_id: str) -> None:
    from engine.games import REGISTRY
    from engine.learn import learning_for

    result = runner.invoke(app, ["learn", game_id, "--name", "Zoë"])
    assert result.exit_code == 0, result.output
    [(settings, table, extra)] = learned
    learning = learning_for(REGISTRY[game_id])
    assert extra["learn"] is True
    assert table.seed == learning.seed and table.n_seats == learning.players
    assert table.seats[0].name == "Zoë" and not table.seats[0].is_bot
    assert all(s.is_bot and s.level == learning.bots for s in table.seats[1:])
    assert table.autosave_path == settings.autosave
