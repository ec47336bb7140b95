"""TUI costs: CPU time to the first frame (a bare Textual app beside the menu), the
theme switch (Ctrl+T) and the rules screen (F1).

* **first frame**: a bare ``textual.app.App`` and ``PurrchApp``'s menu are started
  in fresh subprocesses, alternately (``--runs`` each), headless at 80x24; each exits
  after its first refresh once mounted.  The CPU time of the process (user + system,
  interpreter start and imports included) is compared: the goal is a menu within
  1.5x the bare app.
* **Ctrl+T** and **F1**: in one headless app, the wall time from the key press until
  the screen has been refreshed (median of ``--runs``).

This is a benchmark, never a test:  python bench/bench_tui.py [--runs N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Both exit from an auto pilot, which Textual starts once the first screen is
# ready; it waits for the screen to settle (its first frame drawn) and exits.
PILOT = """
async def first_frame(pilot):
    await pilot.pause()
    pilot.app.exit()
"""

BARE = (
    PILOT
    + """
from textual.app import App
App().run(headless=True, size=(80, 24), auto_pilot=first_frame)
"""
)

MENU = (
    PILOT
    + """
from tui.app import PurrchApp
from tui.settings import Settings
app = PurrchApp(Settings(autosave=None, remember_theme=False))
app.run(headless=True, size=(80, 24), auto_pilot=first_frame)
"""
)


def cpu_of(code: str, env: dict[str, str]) -> float:
    """CPU seconds (user + system) of a fresh interpreter running ``code``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def first_frames(runs: int) -> dict[str, float]:
    home = tempfile.mkdtemp(prefix="purrch-bench-")
    env = {**os.environ, "PURRCH_HOME": home, "PYTHONPATH": str(ROOT)}
    bare: list[float] = []
    menu: list[float] = []
    cpu_of(BARE, env)  # warm the page cache and the bytecode
    cpu_of(MENU, env)
    for _ in range(runs):
        bare.append(cpu_of(BARE, env))
        menu.append(cpu_of(MENU, env))
    b, m = statistics.median(bare), statistics.median(menu)
    return {"bare_s": b, "menu_s": m, "ratio": m / b}


async def _keys(runs: int) -> dict[str, float]:
    from tui.app import PurrchApp
    from tui.screens.rules import RulesScreen
    from tui.settings import Settings

    app = PurrchApp(Settings(autosave=None, remember_theme=False))
    theme: list[float] = []
    rules: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(runs):
            start = time.perf_counter()
            await pilot.press("ctrl+t")
            await pilot.pause()
            theme.append(time.perf_counter() - start)
            start = time.perf_counter()
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            rules.append(time.perf_counter() - start)
            await pilot.press("escape")
            await pilot.pause()
    return {
        "theme_median_s": statistics.median(theme),
        "theme_max_s": max(theme),
        "rules_first_s": rules[0],
        "rules_median_s": statistics.median(rules),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("PURRCH_HOME", tempfile.mkdtemp(prefix="purrch-bench-"))
    sys.path.insert(0, str(ROOT))
    import asyncio

    out = first_frames(args.runs)
    out.update(asyncio.run(_keys(args.runs)))
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"first frame, CPU (median of {args.runs} alternating runs):")
    print(f"  bare Textual app  {out['bare_s'] * 1000:7.0f} ms")
    print(
        f"  Purrch menu       {out['menu_s'] * 1000:7.0f} ms   "
        f"ratio {out['ratio']:.2f}x (goal <= 1.5x)"
    )
    print(
        f"Ctrl+T theme switch  median {out['theme_median_s'] * 1000:.0f} ms, "
        f"max {out['theme_max_s'] * 1000:.0f} ms"
    )
    print(
        f"F1 rules screen      first {out['rules_first_s'] * 1000:.0f} ms, "
        f"median {out['rules_median_s'] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
