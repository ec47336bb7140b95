"""The Isle of Cats' engine and bot speed.

* Full 4-player games of random answers per CPU second (the rules alone: every answer
  through ``apply``, placements from ``Game.answers``).
* The planning bot's decisions: CPU time of each ``choose`` over whole 4-player
  games of planners, its median, 99th percentile and slowest (the target: the slowest
  under 200 ms), and how much slower a decision is than a random bot's on the same
  prompts.

CPU time (``time.process_time``), one core.  This is a benchmark, never a test:
python bench/bench_isle.py [--json] [--games N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import RandomBot
from engine.core import Rng
from engine.games.isle import GAME

TARGET_SLOWEST_MS = 200.0
NAMES = ["Ann", "Bob", "Cy", "Di"]


def random_game(seed: int) -> int:
    """One 4-player game of random answers; how many answers it took."""
    state = GAME.setup(NAMES, seed)
    rng = Rng(seed)
    answers = 0
    while True:
        prompts = GAME.prompts(state)
        if not prompts:
            return answers
        p = prompts[rng.below(len(prompts))]
        legal = GAME.answers(state, p)
        if legal and rng.below(4):
            option = legal[rng.below(len(legal))]
        else:
            choices = p.choices()
            option = choices[rng.below(len(choices))].id
        GAME.apply(state, p.seat, p.id, option)
        answers += 1


def planner_decisions(seed: int) -> tuple[list[float], list[float], dict[str, float]]:
    """A 4-player game of planners: CPU seconds of each decision, of a random bot's
    decision on the same prompts, and the slowest decision per prompt kind."""
    state = GAME.setup(NAMES, seed)
    bots = [GAME.bot("planner", seat, seed + seat) for seat in range(4)]
    baseline = RandomBot(0, seed)
    rng = Rng(seed ^ 0x5EED)
    mine: list[float] = []
    theirs: list[float] = []
    slowest: dict[str, float] = {}
    while True:
        prompts = GAME.prompts(state)
        if not prompts:
            return mine, theirs, slowest
        p = prompts[rng.below(len(prompts))]
        view = GAME.view(state, p.seat)
        start = time.process_time()
        choice = bots[p.seat].choose(view, p)
        spent = time.process_time() - start
        start = time.process_time()
        baseline.choose(view, p)
        theirs.append(time.process_time() - start)
        mine.append(spent)
        slowest[p.kind] = max(slowest.get(p.kind, 0.0), spent)
        GAME.apply(state, p.seat, p.id, choice)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=5, help="games of each kind")
    args = parser.parse_args(argv)

    start = time.process_time()
    answers = sum(random_game(seed) for seed in range(1, args.games + 1))
    spent = time.process_time() - start
    games_per_second = args.games / spent

    mine: list[float] = []
    theirs: list[float] = []
    slowest: dict[str, float] = {}
    for seed in range(1, args.games + 1):
        a, b, s = planner_decisions(seed)
        mine += a
        theirs += b
        for kind, t in s.items():
            slowest[kind] = max(slowest.get(kind, 0.0), t)
    ms = sorted(t * 1000 for t in mine)
    result = {
        "random_games_per_cpu_second_4p": round(games_per_second, 2),
        "answers_per_random_game_4p": round(answers / args.games, 1),
        "planner_decisions": len(ms),
        "planner_median_ms": round(statistics.median(ms), 3),
        "planner_p99_ms": round(ms[int(0.99 * (len(ms) - 1))], 3),
        "planner_slowest_ms": round(ms[-1], 3),
        "planner_slowest_by_kind_ms": {k: round(v * 1000, 3) for k, v in sorted(slowest.items())},
        "planner_vs_random_bot": round(sum(mine) / max(sum(theirs), 1e-9), 1),
        "target_slowest_ms": TARGET_SLOWEST_MS,
        "meets_target": ms[-1] < TARGET_SLOWEST_MS,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    verdict = "met" if result["meets_target"] else "NOT met"
    print("The Isle of Cats (CPU time, one core)")
    print(
        f"  random 4-player games    {games_per_second:8.2f} per second "
        f"({result['answers_per_random_game_4p']} answers each)"
    )
    print(f"  planner decisions        {len(ms)} over {args.games} games")
    print(f"    median                 {result['planner_median_ms']:8.3f} ms")
    print(f"    99th percentile        {result['planner_p99_ms']:8.3f} ms")
    print(
        f"    slowest                {result['planner_slowest_ms']:8.3f} ms "
        f"(target under {TARGET_SLOWEST_MS:.0f} ms: {verdict})"
    )
    for kind, t in result["planner_slowest_by_kind_ms"].items():
        print(f"      {kind:<20} {t:8.3f} ms")
    print(f"    cost against a random bot's decision: {result['planner_vs_random_bot']}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
