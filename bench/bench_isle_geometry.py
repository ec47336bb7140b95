"""Isle of Cats geometry speed: legal placements enumerated on a half-full boat.

Random boats are filled with random legal tiles until about half the hull (71 of 142
squares) is covered; then every shape's legal placements are enumerated again and again
(``legal_placements``), and ``can_place`` is timed on the same boats and shapes.
Reported: enumeration calls per second, placements enumerated per second, the CPU time
of one call of each, and their ratio.  On one core, CPU time (``time.process_time``).

This is a benchmark, never a test:  python bench/bench_isle_geometry.py [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games.isle import shapes
from engine.games.isle.components import CAT_SHAPES, OSHAX_SHAPES, SHAPES

TARGET_CALLS_PER_SECOND = 2_000  # "thousands of enumerations per second"


def half_full_boat(rng: random.Random) -> int:
    """A boat covered by random legal tiles, stopped once half the hull is covered."""
    occupied = 0
    half = shapes.count(shapes.HULL) // 2
    ids = list(SHAPES)
    while shapes.count(occupied) < half:
        options = shapes.legal_placements(rng.choice(ids), occupied)
        if options:
            occupied |= rng.choice(options)[3]
    return occupied


def timed(calls: list[tuple[str, int]], fn: Callable[[str, int], object], seconds: float) -> float:
    """CPU seconds per call of ``fn`` over ``calls``, repeated for about ``seconds``."""
    done = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for shape_id, occupied in calls:
            fn(shape_id, occupied)
        done += len(calls)
        now = time.process_time()
        if now >= deadline:
            return (now - start) / done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boats", type=int, default=20, help="half-full boats (default 20)")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each measure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    boats = [half_full_boat(rng) for _ in range(args.boats)]
    tiles = CAT_SHAPES + OSHAX_SHAPES
    calls = [(shape_id, occupied) for occupied in boats for shape_id in tiles]
    found = sum(len(shapes.legal_placements(sid, occ)) for sid, occ in calls)
    per_enumeration = timed(calls, shapes.legal_placements, args.seconds)
    per_check = timed(calls, shapes.can_place, args.seconds)
    report = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "cpu_count": os.cpu_count(),
        "boats": len(boats),
        "mean_covered_squares": round(sum(map(shapes.count, boats)) / len(boats), 1),
        "mean_legal_placements": round(found / len(calls), 1),
        "enumerations_per_second": round(1 / per_enumeration, 1),
        "placements_per_second": round(found / len(calls) / per_enumeration, 1),
        "us_per_enumeration": round(per_enumeration * 1e6, 2),
        "us_per_can_place": round(per_check * 1e6, 2),
        "enumeration_vs_can_place": round(per_enumeration / per_check, 2),
        "target_enumerations_per_second": TARGET_CALLS_PER_SECOND,
        "meets_target": 1 / per_enumeration >= TARGET_CALLS_PER_SECOND,
    }
    if args.json:
        print(json.dumps(report))
        return 0
    verdict = "meets" if report["meets_target"] else "BELOW"
    print(
        f"Isle of Cats geometry, {len(boats)} half-full boats "
        f"(~{report['mean_covered_squares']} of 142 squares), cats and Oshax, one core "
        f"(Python {report['python']}):"
    )
    print(f"  legal_placements:  {report['enumerations_per_second']:>12,.0f} calls/s")
    print(f"  placements found:  {report['placements_per_second']:>12,.0f} /s")
    print(f"  legal placements a call (mean): {report['mean_legal_placements']:>8}")
    print(f"  one enumeration:   {report['us_per_enumeration']:>12} us CPU")
    print(f"  one can_place:     {report['us_per_can_place']:>12} us CPU")
    print(f"  enumeration / can_place: {report['enumeration_vs_can_place']}x")
    print(f"  target {TARGET_CALLS_PER_SECOND:,} enumerations/s: {verdict} it")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
