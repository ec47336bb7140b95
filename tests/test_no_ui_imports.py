"""The engine never loads a UI library, even through a whole simulated game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

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
