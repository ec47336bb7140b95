"""The ``purrch`` command line: help, rules, simulate, play, resume, and its one-line errors.

The app itself cannot run here: ``cli.run_app`` is replaced by a recorder, so these
tests see exactly what would have been started (settings and table), or that
nothing was.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from engine.session import SeatConfig, Table
from tui import cli
from tui.cli import app, run_cli
from tui.settings import Settings

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
    "winning_score",
}


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    return CliRunner(
        env={"COLUMNS": "80", "LINES": "24", "NO_COLOR": "1", "PURRCH_HOME": str(tmp_path)}
    )


@dataclass
class Started:
    """What ``run_app`` was asked to run."""

    calls: list[tuple[Settings, Table | None]] = field(default_factory=list)

    @property
    def settings(self) -> Settings:
        assert len(self.calls) == 1, self.calls
        return self.calls[0][0]

    @property
    def table(self) -> Table | None:
        assert len(self.calls) == 1, self.calls
        return self.calls[0][1]


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Started:
    record = Started()
    monkeypatch.setattr(cli, "run_app", lambda s, t, **_: record.calls.append((s, t)))
    return record


def simulate_json(runner: CliRunner, *args: str) -> dict[str, object]:
    result = runner.invoke(app, ["simulate", "pigeons", *args, "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout
    data = json.loads(lines[0])
    assert isinstance(data, dict)
    return data


def test_no_arguments_opens_the_menu(runner: CliRunner, started: Started) -> None:
    result = runner.invoke(app, [])
    assert result.exit_code == 0, result.output
    assert started.table is None
    assert started.settings.theme == "purrch-dark"


def test_no_arguments_with_a_theme(runner: CliRunner, started: Started) -> None:
    result = runner.invoke(app, ["--theme", "light", "--ascii"])
    assert result.exit_code == 0, result.output
    assert started.settings.theme == "purrch-light"
    assert started.settings.ascii


def test_theme_and_ascii_before_the_command_count_for_it(
    runner: CliRunner, started: Started, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`purrch --ascii play stool` is ASCII, as `purrch play stool --ascii` is; a theme
    given after the command wins over one before it."""
    result = runner.invoke(app, ["--ascii", "--theme", "light", "play", "stool"])
    assert result.exit_code == 0, result.output
    assert started.settings.ascii and started.settings.theme == "purrch-light"
    started.calls.clear()
    result = runner.invoke(app, ["--theme", "light", "play", "stool", "--theme", "contrast"])
    assert result.exit_code == 0, result.output
    assert started.settings.theme == "purrch-contrast" and not started.settings.ascii
    started.calls.clear()
    result = runner.invoke(app, ["play", "stool"])  # nothing left over from the runs before
    assert result.exit_code == 0, result.output
    assert started.settings.theme == "purrch-dark" and not started.settings.ascii
    import tui.lan_commands

    joined: list[Settings] = []
    monkeypatch.setattr(
        tui.lan_commands, "run_join", lambda *a, settings, **k: joined.append(settings)
    )
    result = runner.invoke(app, ["--ascii", "join", "127.0.0.1", "--name", "Ann"])
    assert result.exit_code == 0, result.output
    assert [s.ascii for s in joined] == [True]


async def test_a_theme_chosen_in_the_app_is_the_next_runs_theme(
    runner: CliRunner, started: Started, tmp_path: Path
) -> None:
    """Ctrl+T in the app keeps the theme (``prefs.json`` under PURRCH_HOME); the next
    ``purrch`` starts in it, and ``--theme`` still wins for that run."""
    from tui.app import PurrchApp

    assert runner.invoke(app, []).exit_code == 0
    settings = started.settings
    assert settings.theme == "purrch-dark" and settings.remember_theme
    async with PurrchApp(settings, None).run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert pilot.app.theme == "purrch-light"
    assert json.loads((tmp_path / "prefs.json").read_text()) == {"theme": "purrch-light"}
    started.calls.clear()
    assert runner.invoke(app, []).exit_code == 0
    assert started.settings.theme == "purrch-light"
    started.calls.clear()
    assert runner.invoke(app, ["--theme", "contrast"]).exit_code == 0
    assert started.settings.theme == "purrch-contrast"


@pytest.mark.parametrize(
    "text", ["{not json", '["purrch-light"]', '{"theme": "pink"}', '{"theme": 3}', ""]
)
def test_a_bad_prefs_file_is_the_default_theme(
    runner: CliRunner, started: Started, tmp_path: Path, text: str
) -> None:
    (tmp_path / "prefs.json").write_text(text)
    result = runner.invoke(app, [])
    assert result.exit_code == 0 and result.output == ""
    assert started.settings.theme == "purrch-dark"


async def test_a_test_apps_theme_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the command line's apps remember a theme: tests and screenshots don't."""
    from tui.app import PurrchApp

    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    async with PurrchApp(Settings(autosave=None), None).run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+t")
        await pilot.pause()
    assert not (tmp_path / "prefs.json").exists()


def test_help_lists_every_command(runner: CliRunner, started: Started) -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0, result.output
    for word in ("Usage", "play", "resume", "rules", "simulate"):
        assert word in result.stdout
    assert started.calls == []


def test_play_help(runner: CliRunner, started: Started) -> None:
    result = runner.invoke(app, ["play", "--help"])
    assert result.exit_code == 0, result.output
    for word in ("--players", "--humans", "--bots", "--seed", "--theme", "--ascii", "--option"):
        assert word in result.stdout
    assert started.calls == []


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


# --------------------------------------------------------------------------- play / resume


def test_play_seats_humans_first_then_cat_named_bots(
    runner: CliRunner, started: Started, tmp_path: Path
) -> None:
    args = ["play", "pigeons", "--players", "4", "--humans", "Ann,Bob", "--seed", "5"]
    result = runner.invoke(app, [*args, "--bots", "random"])
    assert result.exit_code == 0, result.output
    table = started.table
    assert table is not None
    assert table.game.id == "pigeons"
    assert table.seed == 5
    assert table.seats == [
        SeatConfig("Ann", "human"),
        SeatConfig("Bob", "human"),
        SeatConfig("Tom", "bot", "random"),
        SeatConfig("Luna", "bot", "random"),
    ]
    assert table.autosave_path == tmp_path / "autosave.json"


def test_play_defaults_to_you_against_three_heuristic_bots(
    runner: CliRunner, started: Started
) -> None:
    result = runner.invoke(app, ["play", "pigeons"])
    assert result.exit_code == 0, result.output
    table = started.table
    assert table is not None
    assert [(s.name, s.kind) for s in table.seats] == [
        ("Player", "human"),
        ("Tom", "bot"),
        ("Luna", "bot"),
        ("Mochi", "bot"),
    ]
    assert {s.level for s in table.seats if s.is_bot} == {"heuristic"}


def test_play_bots_skip_names_humans_took(runner: CliRunner, started: Started) -> None:
    result = runner.invoke(app, ["play", "pigeons", "-p", "3", "--humans", "tom"])
    assert result.exit_code == 0, result.output
    assert started.table is not None
    assert [s.name for s in started.table.seats] == ["tom", "Luna", "Mochi"]


def test_play_settings_and_options(runner: CliRunner, started: Started) -> None:
    args = ["play", "pigeons", "--theme", "purrch-contrast", "--ascii", "--speed", "instant"]
    args += ["--window", "4", "--option", "rainbow_pairs=no", "-o", "turn_limit=50"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    settings, table = started.settings, started.table
    assert settings.theme == "purrch-contrast"
    assert settings.ascii
    assert settings.bot_speed == "instant"
    assert table is not None
    assert table.options == {"rainbow_pairs": False, "turn_limit": 50}
    assert table.window_seconds == 4.0
    assert table.bot_delay == (0.0, 0.0)


def test_play_window_0_means_no_countdown(runner: CliRunner, started: Started) -> None:
    result = runner.invoke(app, ["play", "pigeons", "--window", "0"])
    assert result.exit_code == 0, result.output
    assert started.table is not None
    assert started.table.window_seconds is None


def test_a_non_utf8_locale_forces_ascii(
    runner: CliRunner, started: Started, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "C")
    result = runner.invoke(app, ["play", "pigeons"], env={"LC_ALL": "C"})
    assert result.exit_code == 0, result.output
    assert started.settings.ascii


def save_a_game(path: Path, *, finished: bool = False) -> Table:
    seats = [SeatConfig("Ann", "human"), SeatConfig("Tom", "bot", "random")]
    if finished:
        seats[0] = SeatConfig("Bot", "bot", "random")
    table = Table("pigeons", seats, seed=3, autosave=path, window_seconds=None, bot_delay=(0, 0))
    table.run_bots()
    table.save(path)
    return table


def test_resume_loads_the_autosave(runner: CliRunner, started: Started, tmp_path: Path) -> None:
    saved = save_a_game(tmp_path / "autosave.json")
    result = runner.invoke(app, ["resume"])
    assert result.exit_code == 0, result.output
    table = started.table
    assert table is not None
    assert table.seats == saved.seats
    assert table.to_json()["state"] == saved.to_json()["state"]
    assert table.autosave_path == tmp_path / "autosave.json"


def test_resume_a_file_keeps_saving_to_it(
    runner: CliRunner, started: Started, tmp_path: Path
) -> None:
    path = tmp_path / "elsewhere" / "game.json"
    save_a_game(path)
    result = runner.invoke(app, ["resume", str(path)])
    assert result.exit_code == 0, result.output
    assert started.table is not None
    assert started.table.autosave_path == path
    assert started.settings.autosave == path


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no saved game"),
        ("{not json", "not a Purrch save"),
        ('{"format": "purrch-table", "version": 99}', "unsupported save version"),
        ('{"version": 1}', "autosave.json: not a Purrch table save"),
    ],
)
def test_resume_refuses_a_missing_or_damaged_save(
    runner: CliRunner, started: Started, tmp_path: Path, content: str | None, message: str
) -> None:
    if content is not None:
        (tmp_path / "autosave.json").write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["resume"])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert message in lines[0]
    assert started.calls == []


def test_resume_refuses_a_finished_game(
    runner: CliRunner, started: Started, tmp_path: Path
) -> None:
    saved = save_a_game(tmp_path / "autosave.json", finished=True)
    assert saved.is_over
    result = runner.invoke(app, ["resume"])
    assert result.exit_code == 2
    assert "is over" in result.stderr
    assert started.calls == []


@pytest.mark.parametrize(
    "args",
    [
        ["play", "chess"],
        ["play", "pigeons", "--players", "1"],
        ["play", "pigeons", "--players", "7"],
        ["play", "pigeons", "--players", "2", "--humans", "Ann,Bob,Cy"],
        ["play", "pigeons", "--humans", "Ann,,Bob"],
        ["play", "pigeons", "--humans", "Ann,ann"],
        ["play", "pigeons", "--humans", "A name far too long for a seat"],
        ["play", "pigeons", "--theme", "pink"],
        ["play", "pigeons", "--option", "colour=red"],
        ["play", "pigeons", "--option", "turn_limit=lots"],
        ["play", "pigeons", "--option", "rainbow_pairs=maybe"],
        ["play", "pigeons", "--option", "rainbow_pairs"],
        ["play", "pigeons", "--bots", "genius"],
        ["play", "pigeons", "-p", "3", "--bots", "random,random,random"],
        ["play", "pigeons", "--speed", "warp"],
        ["play", "pigeons", "--window", "-1"],
        ["play", "pigeons", "--seed", "-1"],
        ["resume", "--theme", "pink"],
        ["--theme", "pink"],
    ],
)
def test_app_errors_exit_2_with_one_line_and_start_nothing(
    runner: CliRunner, started: Started, args: list[str], tmp_path: Path
) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert started.calls == []
    assert not (tmp_path / "autosave.json").exists()


def test_play_does_not_import_textual_before_the_app() -> None:
    """`purrch rules` / `simulate` stay quick: importing the CLI loads no textual."""
    code = "import sys, tui.cli; print('textual' in sys.modules)"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False"


def test_a_game_without_a_screen_is_refused(
    runner: CliRunner, started: Started, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An engine can land before its screen: `play` and `resume` say so and start nothing."""
    import tui.seating

    save_a_game(tmp_path / "autosave.json")
    monkeypatch.setattr(tui.seating, "has_screen", lambda _game_id: False)
    for args in (["play", "pigeons"], ["resume"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith("error: Cats Among The Pigeons cannot be played")
    assert started.calls == []


def test_play_uses_the_games_usual_bot(
    runner: CliRunner, started: Started, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine.games import get_game

    game = get_game("pigeons")
    monkeypatch.setattr(type(game), "default_bot", "random", raising=False)
    result = runner.invoke(app, ["play", "pigeons", "-p", "2"])
    assert result.exit_code == 0, result.output
    assert started.table is not None
    assert started.table.seats[1] == SeatConfig("Tom", "bot", "random")


@pytest.mark.parametrize(
    ("login", "name"),
    [
        ("ann", "Ann"),
        ("Bob", "Bob"),
        ("root", "Player"),
        ("ci", "Player"),
        ("j.doe", "Player"),
        ("x", "Player"),
        ("a" * 17, "Player"),
        ("zoë", "Player"),
        ("you", "Player"),
    ],
)
def test_the_local_player_is_named_after_the_login_name(
    monkeypatch: pytest.MonkeyPatch, login: str, name: str
) -> None:
    """Never "You" (the log reads "It is You's turn"): the login name when it reads as
    a person's name, else "Player"."""
    from tui.seating import default_human

    for var in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LOGNAME", login)
    assert default_human() == name


def test_play_keeps_an_unfinished_autosave_aside(
    runner: CliRunner, started: Started, tmp_path: Path
) -> None:
    """`purrch play` starts a new game at once, but the unfinished one it would autosave
    over is moved aside and `purrch resume FILE` continues it: nothing is lost.  The app
    says so when it starts, and the line is printed again once it has quit."""
    from engine.session import SeatConfig as Seat
    from tui.settings import autosave_path

    old = Table("pigeons", [Seat("Ann", "human"), Seat("Tom", "bot")], seed=5, autosave=None)
    autosave = autosave_path()
    old.save(autosave)
    before = autosave.read_bytes()
    result = runner.invoke(app, ["play", "pigeons"])
    assert result.exit_code == 0, result.output
    kept = tmp_path / "autosave-previous.json"
    assert kept.read_bytes() == before and not autosave.exists()
    assert (
        f"Your unfinished game (Cats Among The Pigeons (Ann, Tom)) is kept in {kept}"
        in " ".join(result.output.split())
    )
    assert started.settings.autosave == autosave
    # The app says it too: a line printed before it starts is hidden by its screen.
    assert started.settings.notice is not None
    assert f"is kept in {kept}" in started.settings.notice
    runner.invoke(app, ["resume", str(kept)])
    assert started.calls[1][1] is not None and started.calls[1][1].to_json() == old.to_json()


# ---------------------------------------------------------------------- one app per save


def save_is_locked(path: Path) -> bool:
    from engine.savefile import SaveInUse, SaveLock

    lock = SaveLock(path)
    try:
        lock.acquire()
    except SaveInUse:
        return True
    lock.release()
    return False


@pytest.mark.parametrize("args", [[], ["play", "pigeons"], ["resume"]])
def test_the_app_holds_its_save_while_it_runs(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str]
) -> None:
    """Another Purrch must not write the same save meanwhile (each would overwrite the
    other's game): the save is locked from before the app starts to after it ends."""
    autosave = tmp_path / "autosave.json"
    if args == ["resume"]:
        save_a_game(autosave)
    seen: list[bool] = []

    def run_app(settings: Settings, _table: Table | None, **_: object) -> None:
        seen.append(settings.autosave == autosave and save_is_locked(autosave))

    monkeypatch.setattr(cli, "run_app", run_app)
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert seen == [True]
    assert not save_is_locked(autosave)


@pytest.mark.parametrize("args", [[], ["play", "pigeons"]])
def test_a_second_app_saves_its_games_beside_the_first_ones(
    runner: CliRunner, started: Started, tmp_path: Path, args: list[str]
) -> None:
    from engine.savefile import SaveLock

    autosave = tmp_path / "autosave.json"
    playing = save_a_game(autosave)  # another app's game in progress
    before = autosave.read_bytes()
    other = SaveLock(autosave)
    other.acquire()
    try:
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        settings = started.settings
        assert settings.autosave == tmp_path / "autosave-2.json"
        assert settings.notice == (
            "Another Purrch app has autosave.json open: this one saves its games in "
            "autosave-2.json."
        )
        if args:
            assert started.table is not None
            assert started.table.autosave_path == tmp_path / "autosave-2.json"
        # The other app's game is neither moved aside nor touched.
        assert autosave.read_bytes() == before and not playing.is_over
        assert not (tmp_path / "autosave-previous.json").exists()
        assert "kept in" not in result.output
    finally:
        other.release()


def test_a_third_app_takes_the_next_free_save(
    runner: CliRunner, started: Started, tmp_path: Path
) -> None:
    from engine.savefile import SaveLock

    locks = [SaveLock(tmp_path / name) for name in ("autosave.json", "autosave-2.json")]
    for lock in locks:
        lock.acquire()
    try:
        result = runner.invoke(app, [])
        assert result.exit_code == 0, result.output
        assert started.settings.autosave == tmp_path / "autosave-3.json"
        assert started.settings.notice == (
            "Other Purrch apps have autosave.json and autosave-2.json open: this one saves "
            "its games in autosave-3.json."
        )
    finally:
        for lock in locks:
            lock.release()


def test_a_game_another_app_saved_beside_is_found_once_it_closed(
    runner: CliRunner, started: Started, tmp_path: Path
) -> None:
    """A second app saved its game in autosave-2.json; once every app is closed, plain
    `purrch resume` continues the last game not over, and the menu offers it (it
    was found only by the path printed at the exit)."""
    old = save_a_game(tmp_path / "autosave.json")
    newer = save_a_game(tmp_path / "autosave-2.json")
    os.utime(tmp_path / "autosave.json", (1_000_000, 1_000_000))  # saved long ago
    assert not old.is_over and not newer.is_over
    result = runner.invoke(app, ["resume"])
    assert result.exit_code == 0, result.output
    assert started.settings.autosave == tmp_path / "autosave-2.json"

    started.calls.clear()
    result = runner.invoke(app, [])
    assert result.exit_code == 0, result.output
    assert started.settings.autosave == tmp_path / "autosave-2.json"
    assert started.settings.notice == (
        "Your last game is saved in autosave-2.json: this app goes on saving there."
    )

    started.calls.clear()
    (tmp_path / "autosave-2.json").unlink()
    runner.invoke(app, [])  # the first file's game is the last one now
    assert started.settings.autosave == tmp_path / "autosave.json"
    assert started.settings.notice is None


def test_resume_through_a_link_is_the_linked_save(
    runner: CliRunner, started: Started, tmp_path: Path
) -> None:
    """A link to a save open in another app is refused like the save itself; else the
    app saves to the save itself (writing to the link would replace it with a copy)."""
    from engine.savefile import SaveLock

    real = tmp_path / "autosave.json"
    save_a_game(real)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    other = SaveLock(real)
    other.acquire()
    try:
        result = runner.invoke(app, ["resume", str(link)])
    finally:
        other.release()
    assert result.exit_code == 1 and "open in another Purrch" in result.stderr
    assert started.calls == []
    result = runner.invoke(app, ["resume", str(link)])
    assert result.exit_code == 0, result.output
    assert started.settings.autosave == real
    assert started.table is not None and started.table.autosave_path == real


def test_resume_refuses_a_game_open_in_another_app(
    runner: CliRunner, started: Started, tmp_path: Path
) -> None:
    from engine.savefile import SaveLock

    autosave = tmp_path / "autosave.json"
    save_a_game(autosave)
    other = SaveLock(autosave)
    other.acquire()
    try:
        result = runner.invoke(app, ["resume"])
    finally:
        other.release()
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines == [
        f"error: the game saved in {autosave} is open in another Purrch (pid {os.getpid()}): "
        "carry on there, or quit that one first"
    ]
    assert started.calls == []


def test_play_replaces_a_finished_autosave_quietly(
    runner: CliRunner, started: Started, tmp_path: Path
) -> None:
    from tui.games.pigeons_scenes import over_scene
    from tui.settings import autosave_path

    over_scene().table.save(autosave_path())
    result = runner.invoke(app, ["play", "pigeons"])
    assert result.exit_code == 0, result.output
    assert "kept" not in result.output
    assert not (tmp_path / "autosave-previous.json").exists()


@pytest.mark.parametrize(
    ("args", "error", "hint"),
    [
        (["play", "pigeons", "--seed", "abc"], "Invalid value for '--seed'", "purrch play -h"),
        (["play"], "Missing argument 'GAME'.", "purrch play -h"),
        (["nonsense"], "No such command 'nonsense'.", "purrch -h"),
        (["host", "pigeons", "--bogus"], "No such option: --bogus", "purrch host -h"),
        (["play", "pigeons", "--bots"], "Option '--bots' requires an argument.", "purrch play -h"),
        (["--theme"], "Option '--theme' requires an argument.", "purrch -h"),
    ],
)
def test_usage_mistakes_through_the_entry_point_are_one_error_line_and_a_hint(
    capsys: pytest.CaptureFixture[str], args: list[str], error: str, hint: str
) -> None:
    """The console script's usage mistakes read like every other mistake: one
    ``error:`` line (no box drawn around it) and where to find help; exit 2."""
    assert run_cli(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert lines[0].startswith(f"error: {error}")
    assert lines[1] == f"Try '{hint}' for help."


def test_the_entry_point_returns_the_command_s_exit_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_cli(["rules", "stool"]) == 0
    assert "Stool Pigeon" in capsys.readouterr().out
    assert run_cli(["simulate", "pigeons", "--players", "9"]) == 2
    assert capsys.readouterr().err.startswith("error: ")


# ------------------------------------------------------------------ help that reads well


def help_text(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    from tui.cli import run_cli

    assert run_cli([*args, "--help"]) == 0
    return " ".join(capsys.readouterr().out.replace("│", " ").split())


def test_purrch_help_lists_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.games import PLANNED, REGISTRY

    text = help_text(capsys)
    for game_id, game in REGISTRY.items():
        assert f"{game_id} ({game.title})" in text, text
    for game_id, title in PLANNED.items():
        assert f"{game_id} ({title})" in text, text


@pytest.mark.parametrize(
    "command", [(), ("play",), ("rules",), ("simulate",), ("host",), ("join",), ("ssh",)]
)
def test_help_shows_no_python_types(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    """A flag shows no value, an option its name in capitals: no '<bool>', '<int>',
    '<list[str]>' as Typer shows them."""
    text = help_text(capsys, *command)
    assert re.search(r"<(bool|int|str|float|list\[\w+\]|path)>", text) is None, text
    assert "--help -h Show this message" in text


def test_play_help_names_the_default_human(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The name `play` seats without --humans, as it is on this machine: the login
    name when it reads as a name, else "Player" (never "You")."""
    text = help_text(capsys, "play")  # the tests' login name is "root": not a name
    assert "(default: Player)" in text, text
    monkeypatch.setenv("LOGNAME", "ann")
    text = help_text(capsys, "play")
    assert "(default: Ann, your login name)" in text, text
    assert "You" not in text


def test_version_is_a_flag(capsys: pytest.CaptureFixture[str]) -> None:
    from tui.cli import run_cli

    assert run_cli(["--version"]) == 0
    assert capsys.readouterr().out.strip() == "purrch 0.1.0"
    assert run_cli(["--version", "true"]) == 2
    assert "No such command 'true'" in capsys.readouterr().err
