"""Messages name a command that works from where the user is: after ``make play``,
``purrch`` is ``.venv/bin/purrch`` unless it is on the PATH."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import invocation
from engine.invocation import command, purrch


@pytest.fixture
def venv_purrch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """``purrch`` started as ``.venv/bin/purrch`` from the checkout at ``tmp_path``."""
    script = tmp_path / ".venv" / "bin" / "purrch"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", [".venv/bin/purrch"])
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    invocation.purrch.cache_clear()
    yield script
    invocation.purrch.cache_clear()


def test_not_on_the_path_it_is_the_path_it_was_started_by(venv_purrch: Path) -> None:
    assert purrch() == "./.venv/bin/purrch"
    assert command("resume", "my save.json") == "./.venv/bin/purrch resume 'my save.json'"


def test_from_another_folder_it_is_the_whole_path(
    venv_purrch: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path.parent / f"{tmp_path.name}-elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.setattr(sys, "argv", [str(venv_purrch)])
    assert purrch() == str(venv_purrch.resolve())


def test_on_the_path_it_is_purrch(venv_purrch: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", f"{venv_purrch.parent}:/usr/bin")
    assert purrch() == "purrch"


def test_the_quit_dialog_and_the_resume_hints_use_it(venv_purrch: Path) -> None:
    from tui.connection import join_command
    from tui.screens.quit import saved_line

    assert "`./.venv/bin/purrch resume` continues it" in saved_line()
    assert join_command("10.0.0.2", 7777, "Ann").startswith("./.venv/bin/purrch join 10.0.0.2")


def test_run_any_other_way_it_is_purrch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["/usr/lib/python3/site-packages/pytest/__main__.py"])
    invocation.purrch.cache_clear()
    try:
        assert purrch() == "purrch"
    finally:
        invocation.purrch.cache_clear()


def test_the_cli_names_the_command_as_it_works_here(
    venv_purrch: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its usage line, the hint after a mistake, the examples in its help and its
    errors: `./.venv/bin/purrch ...` when that is how it was started."""
    from tui.cli import run_cli

    assert run_cli(["play", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.replace("│", " ").split())
    assert "Usage: ./.venv/bin/purrch play [OPTIONS]" in out
    assert "`./.venv/bin/purrch rules GAME` lists them" in out
    assert "`purrch " not in out
    assert run_cli(["play", "--seed"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == "Try './.venv/bin/purrch play -h' for help."
    assert run_cli(["host"]) == 2
    assert "(e.g. `./.venv/bin/purrch host pigeons --players 3`)" in capsys.readouterr().err


def test_the_engine_s_errors_use_it(venv_purrch: Path, tmp_path: Path) -> None:
    """A LAN table's save given to `resume`, or a hot-seat one to `host --resume`."""
    import json

    from engine.net.host import TableHost
    from engine.session import SaveError, Table

    lan = tmp_path / "lan.json"
    lan.write_text(json.dumps({"lan": {"format": "x"}}))
    with pytest.raises(SaveError) as raised:
        Table.load(lan, autosave=lan)
    assert f"`./.venv/bin/purrch host --resume {lan}` continues it" in str(raised.value)
    hot = tmp_path / "hot.json"
    hot.write_text(json.dumps({"game": "pigeons"}))
    with pytest.raises(SaveError) as raised:
        TableHost.resume(hot)
    assert "`./.venv/bin/purrch resume` continues hot-seat games" in str(raised.value)
