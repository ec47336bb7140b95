"""A save that cannot be loaded beside an intact temporary file (a power cut before
the save reached the disk): every error about it names the file and a command that
works, and ``purrch resume FILE --from-tmp`` carries on from it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from engine.net.host import HostConfig, TableHost
from engine.savefile import temporary_saves
from engine.session import SeatConfig, Table
from tui import cli
from tui.cli import app
from tui.seating import SavedGame


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    return CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1", "PURRCH_HOME": str(tmp_path)})


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Table | None]:
    tables: list[Table | None] = []
    monkeypatch.setattr(cli, "run_app", lambda settings, table, **_: tables.append(table))
    return tables


def damaged_save(path: Path, *, tmp_name: str | None = None) -> Table:
    """A game saved at ``path``, then cut short there, whole in the temporary file
    beside it (``tmp_name``; default: a durable save's ``.NAME.XXXXXXXX.tmp``)."""
    seats = [SeatConfig("Ann", "human"), SeatConfig("Tom", "bot", "random")]
    table = Table("pigeons", seats, seed=3, autosave=path, window_seconds=None, bot_delay=(0, 0))
    table.run_bots()
    table.save(path)
    text = path.read_bytes()
    (path.parent / (tmp_name or f".{path.name}.k2j4x9ab.tmp")).write_bytes(text)
    path.write_bytes(text[: len(text) // 3])
    return table


def one_error(result: Any) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def command_in(message: str) -> list[str]:
    """The arguments of the `purrch ...` command a message names."""
    found = re.findall(r"`purrch ([^`]*)`", message)
    assert len(found) == 1, message
    return shlex.split(found[0])


def test_a_damaged_save_names_the_intact_tmp_and_from_tmp_carries_on(
    runner: CliRunner, started: list[Table | None], tmp_path: Path
) -> None:
    path = tmp_path / "autosave.json"
    saved = damaged_save(path)
    damaged = path.read_bytes()
    error = one_error(runner.invoke(app, ["resume"]))
    assert "is not a Purrch save" in error and "an intact copy of the game is beside it" in error
    args = command_in(error)
    assert args == ["resume", str(path), "--from-tmp"] and started == []

    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Recovered the game from .autosave.json.k2j4x9ab.tmp" in result.stdout
    table = started[0]
    assert table is not None and table.to_json() == saved.to_json()
    assert table.autosave_path == path
    # The copy is the save again; the damaged file is kept aside.
    assert Table.load(path).to_json() == saved.to_json()
    assert temporary_saves(path) == []
    assert (tmp_path / "autosave-damaged.json").read_bytes() == damaged


@pytest.mark.parametrize("tmp_text", ["{cut sh", '{"format": "purrch-table", "version": 99}'])
def test_from_tmp_refuses_a_damaged_tmp_and_changes_nothing(
    runner: CliRunner, started: list[Table | None], tmp_path: Path, tmp_text: str
) -> None:
    path = tmp_path / "autosave.json"
    damaged_save(path, tmp_name=".autosave.json.tmp")
    tmp = tmp_path / ".autosave.json.tmp"
    tmp.write_text(tmp_text, encoding="utf-8")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    # Nothing intact beside it: the error names no command.
    assert "--from-tmp" not in one_error(runner.invoke(app, ["resume"]))
    error = one_error(runner.invoke(app, ["resume", str(path), "--from-tmp"]))
    assert "the temporary file beside it cannot be used either" in error
    assert ".autosave.json.tmp" in error and "nothing was changed" in error
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    assert {k: v for k, v in after.items() if not k.endswith(".lock")} == before
    assert started == []


def test_from_tmp_refuses_a_save_that_loads(
    runner: CliRunner, started: list[Table | None], tmp_path: Path
) -> None:
    path = tmp_path / "autosave.json"
    damaged_save(path)
    tmp = temporary_saves(path)[0]
    path.write_bytes(tmp.read_bytes())  # the save is whole after all
    error = one_error(runner.invoke(app, ["resume", "--from-tmp"]))
    assert "loads" in error and command_in(error) == ["resume", str(path)]
    assert tmp.exists() and started == []
    error = one_error(runner.invoke(app, ["resume", str(tmp_path / "none.json"), "--from-tmp"]))
    assert "no saved game" in error and "no temporary file beside it" in error


def test_play_keeps_a_damaged_save_aside_with_its_tmp_and_names_from_tmp(
    runner: CliRunner, started: list[Table | None], tmp_path: Path
) -> None:
    path = tmp_path / "autosave.json"
    saved = damaged_save(path)
    result = runner.invoke(app, ["play", "pigeons"])
    assert result.exit_code == 0, result.output
    kept = tmp_path / "autosave-previous.json"
    assert f"(a save this Purrch cannot load) is kept in {kept}" in result.stderr
    args = command_in(result.stderr)
    assert args == ["resume", str(kept), "--from-tmp"]
    assert temporary_saves(path) == []  # it went with the save
    assert runner.invoke(app, args).exit_code == 0
    assert started[1] is not None and started[1].to_json() == saved.to_json()


def test_play_names_no_command_for_a_damaged_save_without_a_copy(
    runner: CliRunner, started: list[Table | None], tmp_path: Path
) -> None:
    (tmp_path / "autosave.json").write_text("{oops", encoding="utf-8")
    result = runner.invoke(app, ["play", "pigeons"])
    assert result.exit_code == 0, result.output
    assert "is kept in" in result.stderr and "`purrch" not in result.stderr


def test_the_menus_question_names_the_copy_and_the_command(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    damaged_save(path)
    warning = SavedGame.read(path).replace_warning()
    assert warning.startswith("The saved game cannot be loaded (autosave.json is not")
    assert "an intact copy of it is beside it" in warning and "quit" in warning
    assert command_in(warning) == ["resume", str(path), "--from-tmp"]


def test_a_damaged_lan_save_names_the_tmp_and_a_host_command_that_resumes_it(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tui.lan_commands as lan

    path = tmp_path / "lan.json"
    host = TableHost(
        cli.load_game("pigeons"), HostConfig(players=2, bots=1, seed=4, save_path=path)
    )
    conn = host.connect()
    host.receive(conn, b'{"type":"hello","protocol":1,"name":"Ann"}\n')
    assert host.table is not None and path.exists()
    text = path.read_bytes()
    (tmp_path / ".lan.json.tmp").write_bytes(text)
    path.write_bytes(text[:100])
    served: list[TableHost] = []

    async def serve(host: TableHost, **_: object) -> None:
        served.append(host)

    monkeypatch.setattr(lan, "_serve", serve)
    error = one_error(runner.invoke(app, ["host", "--resume", str(path)]))
    assert "is not a Purrch save" in error and "an intact copy of the table" in error
    args = command_in(error)
    assert args == ["host", "--resume", str(tmp_path / ".lan.json.tmp"), "--save", str(path)]
    assert served == []
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    (resumed,) = served
    assert resumed.config.save_path == path
    assert resumed.seat_statuses()[0] == ("Ann", "away")


async def test_the_menus_resume_names_the_copy_and_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.widgets import Button, Static

    from tui.app import PurrchApp
    from tui.screens.menu import MenuScreen
    from tui.settings import Settings

    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    path = tmp_path / "autosave.json"
    damaged_save(path)
    app = PurrchApp(Settings(theme="purrch-dark", frozen=True, autosave=path), None, seed=1)
    async with app.run_test(size=(200, 24)) as pilot:
        app.screen.query_one("#resume", Button).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.table is None
        text = " ".join(str(app.screen.query_one("#menu-status", Static).render()).split())
    assert text.startswith("Cannot resume: autosave.json is not a Purrch save")
    assert "an intact copy of the game is beside it: quit, then" in text
    assert command_in(text) == ["resume", str(path), "--from-tmp"]
