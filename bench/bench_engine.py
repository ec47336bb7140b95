"""Engine speed: random answers to Cats Among The Pigeons, straight on the engine contract.

No Table, no bots, no UI: ``GAME.setup``, then ``GAME.prompts`` / ``GAME.apply`` with
a random open prompt and a random option until the game is over.  Each measure runs
for about ``--seconds`` (finishing the game in progress) on one core; the best measure
is reported as answers applied per second and games per second, against the target.

This is a benchmark, never a test:  python bench/bench_engine.py [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import random

from engine.core import seat_seed

TARGET_ANSWERS_PER_SECOND = 80_000
MAX_ANSWERS_PER_GAME = 200_000
NAMES = ["Ada", "Bob", "Cleo", "Dev", "Eve", "Finn"]


def play_random_game(game: Any, players: int, seed: int, rng: random.Random) -> int:
    """One whole game of random answers; returns how many answers were applied."""
    state = game.setup(NAMES[:players], seed, None)
    prompts = game.prompts
    apply = game.apply
    choice = rng.choice
    answers = 0
    while True:
        open_prompts = prompts(state)
        if not open_prompts:
            break
        prompt = choice(open_prompts)
        apply(state, prompt.seat, prompt.id, choice(prompt.options).id)
        answers += 1
        if answers >= MAX_ANSWERS_PER_GAME:
            raise RuntimeError(f"game with seed {seed} still running after {answers} answers")
    if game.outcome(state) is None:
        raise RuntimeError(f"game with seed {seed} has no open prompt but no outcome either")
    return answers


def measure(game: Any, players: int, seconds: float, seed: int) -> dict[str, float]:
    """Play whole games for about ``seconds``; answers/s and games/s of that run."""
    # The answers' own randomness is the C-coded stdlib generator (seeded, so
    # repeatable), so that the measure is the engine's time, not the chooser's.
    rng = random.Random(seed)
    games = answers = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        answers += play_random_game(game, players, seat_seed(seed, games), rng)
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {
        "seconds": elapsed,
        "games": games,
        "answers": answers,
        "answers_per_second": answers / elapsed,
        "games_per_second": games / elapsed,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, help="seats per game (default 4)")
    parser.add_argument("--seconds", type=float, default=5.0, help="length of one measure")
    parser.add_argument("--rounds", type=int, default=3, help="measures to take (best wins)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first measure")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    from engine.games.pigeons import GAME

    if not GAME.min_players <= args.players <= GAME.max_players:
        parser.error(f"--players must be {GAME.min_players}..{GAME.max_players}")

    # Warm up (imports, caches) before measuring.
    measure(GAME, args.players, min(0.5, args.seconds), seed=0)
    runs = []
    for r in range(max(1, args.rounds)):
        run = measure(GAME, args.players, args.seconds, seed=args.seed + r)
        runs.append(run)
        if not args.json:
            print(
                f"  measure {r + 1}: {run['answers_per_second']:>10,.0f} answers/s"
                f"  {run['games_per_second']:>8,.1f} games/s"
                f"  ({run['games']} games, {run['answers']} answers, {run['seconds']:.1f} s)",
                flush=True,
            )
    best = max(runs, key=lambda run: run["answers_per_second"])
    ratio = best["answers_per_second"] / TARGET_ANSWERS_PER_SECOND
    report = {
        "game": GAME.id,
        "players": args.players,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "cpu_count": os.cpu_count(),
        "answers_per_second": round(best["answers_per_second"], 1),
        "games_per_second": round(best["games_per_second"], 2),
        "median_answers_per_second": round(
            statistics.median(run["answers_per_second"] for run in runs), 1
        ),
        "avg_answers_per_game": round(
            sum(run["answers"] for run in runs) / sum(run["games"] for run in runs), 1
        ),
        "target_answers_per_second": TARGET_ANSWERS_PER_SECOND,
        "meets_target": ratio >= 1.0,
        "runs": [{k: round(v, 3) for k, v in run.items()} for run in runs],
    }
    if args.json:
        print(json.dumps(report))
        return 0
    verdict = "meets" if ratio >= 1.0 else "BELOW"
    print(
        f"{GAME.title}, {args.players} players, random answers, one core "
        f"(Python {report['python']}):"
    )
    print(f"  answers applied: {best['answers_per_second']:>12,.0f} /s")
    print(f"  games played:    {best['games_per_second']:>12,.1f} /s")
    print(f"  answers a game:  {report['avg_answers_per_game']:>12,.1f}")
    print(
        f"  target {TARGET_ANSWERS_PER_SECOND:,} answers/s: {verdict} it ({ratio:.2f}x the target)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
