"""What the menu's first frame costs: what it imports (the rules screen's Markdown
stack, the LAN server and asyncssh wait until they are needed) and how many
widgets it builds.  Speed itself is measured in bench/bench_tui.py, never here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

SCRIPT = """
import json, sys
from tui.app import PurrchApp
from tui.settings import Settings

found = {}

async def first_frame(pilot):
    await pilot.pause()
    found["widgets"] = len(list(pilot.app.screen.walk_children(with_self=False)))
    pilot.app.exit()

app = PurrchApp(Settings(autosave=None))
app.run(headless=True, size=(80, 24), auto_pilot=first_frame)
found["modules"] = sorted(sys.modules)
print(json.dumps(found))
"""

NOT_YET = (
    "tui.screens.rules",
    "textual.widgets._markdown",
    "markdown_it",
    "tui.screens.lobby",
    "tui.screens.host",
    "tui.screens.join",
    "engine.net.server",
    "engine.net.host",
    "asyncssh",
)


def _first_frame(tmp_path: Path) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PURRCH_HOME": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_menus_first_frame_loads_nothing_it_does_not_show(tmp_path: Path) -> None:
    modules = set(_first_frame(tmp_path)["modules"])  # type: ignore[arg-type]
    assert [m for m in NOT_YET if m in modules] == []
