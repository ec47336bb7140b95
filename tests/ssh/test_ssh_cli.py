"""`purrch ssh` and `purrch host --ssh`: one-line errors before anything listens."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tui.cli import _ssh_flag_value, app


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    return CliRunner()


@pytest.mark.parametrize(
    "args",
    [
        ["ssh", "--bind", "0.0.0.0"],
        ["ssh", "--bind", "192.168.1.20", "--port", "2222"],
        ["ssh", "--port", "70000"],
        ["ssh", "--table", "host:99999"],
        ["ssh", "--table-password", "x"],
        ["ssh", "--password", "x", "--open"],
        ["ssh", "--password", ""],
        ["ssh", "--max-sessions", "0"],
        ["ssh", "--max-per-address", "0"],
        ["ssh", "--authorized-keys", "/nonexistent/authorized_keys"],
        ["host", "pigeons", "--players", "2", "--ssh", "2222"],  # every interface, no login
        ["host", "pigeons", "--players", "2", "--ssh", "70000", "--bind", "127.0.0.1"],
        ["host", "pigeons", "--players", "2", "--open"],
        ["host", "pigeons", "--players", "2", "--max-sessions", "3"],
        ["host", "pigeons", "--players", "2", "--max-per-address", "3"],
        ["host", "pigeons", "--players", "2", "--ssh", "0", "--open", "--max-per-address", "0"],
    ],
)
def test_bad_ssh_arguments_are_one_line_and_exit_2(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")


def test_the_refusal_says_how_to_open_the_door(runner: CliRunner) -> None:
    result = runner.invoke(app, ["ssh", "--bind", "0.0.0.0"])
    assert "--password" in result.stderr
    assert "--open" in result.stderr
    assert "127.0.0.1" in result.stderr


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["host", "pigeons", "--ssh"], ["host", "pigeons", "--ssh", "2222"]),
        (["host", "pigeons", "--ssh", "--bind", "x"], ["host", "pigeons", "--ssh", "2222"]),
        (["host", "pigeons", "--ssh", "2300"], ["host", "pigeons", "--ssh", "2300"]),
        (["host", "--ssh", "pigeons"], ["host", "--ssh", "2222", "pigeons"]),
        (["join", "x", "--ssh"], ["join", "x", "--ssh"]),  # only host has the bare form
    ],
)
def test_a_bare_ssh_flag_takes_the_default_port(argv: list[str], expected: list[str]) -> None:
    assert _ssh_flag_value(argv)[: len(expected)] == expected


def test_the_resume_command_of_a_table_with_an_ssh_door_opens_the_door_again(
    tmp_path: Path,
) -> None:
    """QA: the host's "after a crash" command brought the table back without its SSH
    door (and, with a password, the door needs the password given again)."""
    from door.ssh import DoorConfig
    from engine.games import get_game
    from engine.net.host import HostConfig, TableHost
    from tui.lan_commands import _resume_command

    save = tmp_path / "my table.json"
    keys = tmp_path / "keys"

    def table(password: str | None) -> TableHost:
        config = HostConfig(players=2, password=password, save_path=save)
        return TableHost(get_game("pigeons"), config)

    door = DoorConfig(port=2200)
    assert _resume_command(table(None), None) == f"purrch host --resume '{save}'"
    assert _resume_command(table(None), door) == f"purrch host --resume '{save}' --ssh 2200"
    door = DoorConfig(port=2200, authorized_keys=keys, max_sessions=3, max_per_address=2)
    assert _resume_command(table("crumbs"), door) == (
        f"purrch host --resume '{save}' --ssh 2200 --authorized-keys {keys} "
        "--max-sessions 3 --max-per-address 2 --password PASSWORD"
    )


def test_a_door_beside_a_table_leaves_ctrl_c_to_the_table() -> None:
    """QA (issue 22): ``purrch host --ssh`` printed "Ctrl+C closes the door." and, two
    lines later, "Ctrl+C stops the table": one key, two stories.  Beside a table the
    door says nothing of Ctrl+C (the host's line names both); alone it still does."""
    from types import SimpleNamespace

    from door.ssh import DoorConfig, print_door

    door: Any = SimpleNamespace(
        config=DoorConfig(port=2298, table=("127.0.0.1", 7777)), port=2298, fingerprint="x"
    )
    beside: list[str] = []
    print_door(door, beside.append, beside_table=True)
    assert not any("Ctrl+C" in line for line in beside), beside
    alone: list[str] = []
    print_door(door, alone.append)
    assert sum("Ctrl+C closes the door." in line for line in alone) == 1, alone
