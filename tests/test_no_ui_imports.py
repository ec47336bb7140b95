"""The engine never loads a UI library, even through a whole simulated game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import json, sys
import engine, engine.games, engine.session
from engine.core import seat_seed
from engine.session import SeatConfig, Table

played = []
for game_id, game in sorted(engine.games.REGISTRY.items()):
    for level in ("random", "heuristic"):
        if level not in getattr(game, "bot_levels", ("random", "heuristic")):
            continue
        seats = [SeatConfig(f"Bot {i + 1}", "bot", level) for i in range(game.max_players)]
        table = Table(game, seats, seed=seat_seed(2024, len(played)), window_seconds=None,
                      bot_delay=(0, 0))
        table.run_bots()
        if game.outcome(table.state) is None:
            raise SystemExit(f"{game_id} with {level} bots did not end")
        played.append(f"{game_id}/{level}")

loaded = sorted(m for m in ("textual", "rich", "typer") if m in sys.modules)
print(json.dumps({"played": played, "loaded": loaded}))
"""


def test_engine_and_a_whole_game_load_no_ui_library() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "pigeons/random" in report["played"]
    assert report["loaded"] == []


CLI_SCRIPT = """
import atexit, json, sys

@atexit.register
def report():  # after the command has run and sys.exit() was called
    loaded = sorted({name.split(".")[0] for name in sys.modules} & {"textual", "pydantic"})
    sys.stderr.write("\\nloaded: " + json.dumps(loaded) + "\\n")

sys.argv = ["purrch", *json.loads(sys.argv[1])]
from tui.cli import main
main()
"""


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["--version"],
        ["play", "--help"],
        ["rules", "stool"],
        ["rules", "perch", "--plain"],
        ["simulate", "pigeons", "--games", "2", "--json"],
    ],
)
def test_the_cli_commands_that_print_never_load_textual(args: list[str]) -> None:
    """`purrch --help`, `rules` and `simulate` print and leave: Textual is for the app.
    Run through the entry point, as `purrch` runs, and checked once it has exited.
    Nor does Typer's parsing load pydantic (typer 0.29 does)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PURRCH_HOME": "/nonexistent-purrch-home"}
    proc = subprocess.run(
        [sys.executable, "-c", CLI_SCRIPT, json.dumps(args)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines()[-1] == "loaded: []", proc.stderr
