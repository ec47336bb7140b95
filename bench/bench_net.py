"""LAN speed: answer-to-update latency on loopback, and how many tables one server sustains.

Three processes, all on 127.0.0.1 (ports the system picks):

* a server process hosting one 6-seat *probe* table and N background tables;
* a load process playing the background tables: 4 remote clients each, every one
  a bot that thinks for ``--think`` seconds (uniform) before it answers, and asks
  for another game when one ends;
* this process, playing the probe table with 6 bot clients that answer 0-40 ms
  (``--probe-think-*``) after each prompt, and timing each answer from just
  before it is written to the update that acknowledges it (``ack``), decoded.

Every table autosaves after each change, as ``purrch host`` does (to files in a
temporary folder; ``--no-autosave``: none does): the save is written and renamed
before the updates go out, and fsynced after them, off the event loop.

Step 1 measures the probe alone (and, for information, without the autosave, and
with clients answering at once, a saturated closed loop); step 2 adds background
tables and reports the most the server sustains: the largest count at which that
step and every smaller one kept the probe's p99 under the target (after a step
that misses it, no larger count counts, and none past the target is tried).
The load process runs at a lower priority (it stands for the other machines);
each step keeps the best p99 of ``--repeat`` runs, since this machine
may be busy with other work.  Each step also reports the server process's CPU
(user + system, from /proc) over the measure, and that divided by every answer
it took meanwhile (probe and background): what one answer costs the server, all
of it (the save, the updates, the sends, the event loop), which varies far less
from run to run than a p99.  Bounded in count and time (about a minute and a
half).

This is a benchmark, never a test:  python bench/bench_net.py [--json] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import IllegalMove
from engine.net.client import RemoteTable
from engine.net.host import HostConfig, default_bot_level
from engine.net.server import TableServer

LOOPBACK = "127.0.0.1"
TARGET_P99_MS = 5.0
TARGET_TABLES = 200
GAME = "pigeons"
PROBE_SEATS = 6
TABLE_SEATS = 4
NAMES = ["Ada", "Bob", "Cleo", "Dev", "Eve", "Finn"]


def raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# --------------------------------------------------------------------------- server process


async def serve(tables: int, autosave: str | None) -> None:
    """``autosave``: the folder the tables save to (None: no autosave)."""
    raise_fd_limit()
    folder = Path(autosave) if autosave else None
    probe_config = HostConfig(
        players=PROBE_SEATS,
        seed=1,
        window_seconds=None,
        bot_delay=(0.0, 0.0),
        rate=1e6,  # the probe's bots answer far faster than people
        burst=1e6,
        save_path=folder / "probe.json" if folder else None,
    )
    servers = [TableServer.new(GAME, probe_config)]
    for i in range(tables):
        config = HostConfig(
            players=TABLE_SEATS,
            seed=100 + i,
            away_timeout=None,
            save_path=folder / f"table-{i}.json" if folder else None,
        )
        servers.append(TableServer.new(GAME, config))
    for server in servers:
        await server.start(LOOPBACK, 0)
    ports = [server.port for server in servers]
    print(json.dumps({"probe": ports[0], "tables": ports[1:]}), flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)  # until the bench closes our stdin
    for server in servers:
        await server.close()


# --------------------------------------------------------------------------- load process


class PacedBot:
    """Answers its seat's prompts after a think time; asks for another game at the end."""

    def __init__(self, table: RemoteTable, rng: random.Random, think: tuple[float, float]) -> None:
        assert table.seat is not None
        self.table = table
        self.seat = table.seat
        self.rng = rng
        self.think = think
        self.bot = table.game.bot(default_bot_level(table.game), table.seat, rng.randrange(1 << 30))
        self.pending: asyncio.TimerHandle | None = None
        self.asked_for_game = 0
        self.answers = 0
        table.subscribe(self.changed)
        self.changed([])

    def changed(self, events: list[Any]) -> None:
        self.bot.observe(events)
        table = self.table
        if table.is_over:
            if self.asked_for_game != table.game_number:
                self.asked_for_game = table.game_number
                table.request_new_game()
            return
        if self.pending is None and table.prompts():
            delay = self.rng.uniform(*self.think)
            self.pending = asyncio.get_running_loop().call_later(delay, self.act)

    def act(self) -> None:
        self.pending = None
        table = self.table
        prompts = table.prompts()
        if not prompts or table.is_over:
            return
        prompt = prompts[0]
        try:
            table.answer(self.seat, prompt.id, self.bot.choose(table.view(self.seat), prompt))
            self.answers += 1
        except IllegalMove:
            pass
        if table.prompts():  # more to answer (a refused one came back)
            self.changed([])


async def load(ports: list[int], think: tuple[float, float], nice: int) -> None:
    raise_fd_limit()
    # The load stands for the other players' machines: on this one machine it
    # must not take the server's (or the probe's) core.
    if nice:
        os.nice(nice)
    rng = random.Random(7)
    tables: list[RemoteTable] = []
    for port in ports:
        for name in NAMES[:TABLE_SEATS]:
            tables.append(
                await RemoteTable.connect(
                    LOOPBACK, port, name=name, remember=False, reconnect_for=0
                )
            )
    for table in tables:
        await table.wait_started(30)
    bots = [PacedBot(table, rng, think) for table in tables]
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)
    print(json.dumps({"answers": sum(b.answers for b in bots)}), flush=True)
    for table in tables:
        await table.close()


# --------------------------------------------------------------------------- the probe


class Probe:
    """Six bot clients; the latency of each answer to the update that acknowledges it.

    A client answers ``think`` seconds (uniform) after its prompt opens; (0, 0): at
    once, which keeps the server and this process saturated (a closed loop).
    """

    def __init__(self, tables: list[RemoteTable], think: tuple[float, float]) -> None:
        self.tables = tables
        self.think = think
        self.rng = random.Random(3)
        self.scheduled: set[int] = set()
        self.sent: dict[tuple[int, int], float] = {}
        self.latencies: list[float] = []
        self.errors = 0
        self.games = 0
        self.recording = False
        self.bots: dict[int, Any] = {}
        for table in tables:
            assert table.seat is not None
            level = default_bot_level(table.game)
            self.bots[table.seat] = table.game.bot(level, table.seat, table.seat)
            table.listen(lambda msg, t=table: self.heard(t, msg))
            table.subscribe(lambda events, t=table: self.changed(t, events))

    def heard(self, table: RemoteTable, msg: dict[str, Any]) -> None:
        if msg["type"] == "error" and self.sent.pop((table.seat or 0, msg.get("re", -1)), None):
            self.errors += 1

    def changed(self, table: RemoteTable, events: list[Any]) -> None:
        seat = table.seat
        assert seat is not None
        if table.last_ack is not None:  # first of all: the clock
            start = self.sent.pop((seat, table.last_ack), None)
            if start is not None and self.recording:
                self.latencies.append(time.perf_counter() - start)
        bot = self.bots[seat]
        bot.observe(events)
        if table.is_over:
            if seat == 0:
                self.games += 1
            table.request_new_game()
            return
        if not table.prompts() or seat in self.scheduled:
            return
        if self.think[1] <= 0:
            self.act(table)
            return
        self.scheduled.add(seat)
        delay = self.rng.uniform(*self.think)
        asyncio.get_running_loop().call_later(delay, self.act, table)

    def act(self, table: RemoteTable) -> None:
        seat = table.seat
        assert seat is not None
        self.scheduled.discard(seat)
        prompts = table.prompts()
        if not prompts or table.is_over:
            return
        prompt = prompts[0]
        choice = self.bots[seat].choose(table.view(seat), prompt)
        start = time.perf_counter()
        try:
            table.answer(seat, prompt.id, choice)
        except IllegalMove:
            return
        self.sent[(seat, table.last_answer_id)] = start
        if table.prompts():
            self.changed(table, [])

    async def run(self, seconds: float, max_samples: int) -> None:
        for table in self.tables:
            self.changed(table, [])  # a first prompt may be waiting already
        await asyncio.sleep(0.5)  # warm up
        self.recording = True
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline and len(self.latencies) < max_samples:
            await asyncio.sleep(0.05)
        self.recording = False


async def run_probe(
    port: int, seconds: float, max_samples: int, think: tuple[float, float]
) -> dict[str, Any]:
    tables = [
        await RemoteTable.connect(LOOPBACK, port, name=name, remember=False, reconnect_for=0)
        for name in NAMES[:PROBE_SEATS]
    ]
    for table in tables:
        await table.wait_started(30)
    probe = Probe(tables, think)
    await probe.run(seconds, max_samples)
    for table in tables:
        await table.close()
    samples = sorted(probe.latencies)
    if not samples:
        return {"samples": 0}
    ms = [s * 1000 for s in samples]
    return {
        "samples": len(ms),
        "p50_ms": round(statistics.median(ms), 3),
        "p90_ms": round(ms[int(0.90 * (len(ms) - 1))], 3),
        "p99_ms": round(ms[int(0.99 * (len(ms) - 1))], 3),
        "max_ms": round(ms[-1], 3),
        "answers_per_second": round(len(ms) / seconds, 1),
        "errors": probe.errors,
    }


async def spawn(*args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        str(Path(__file__).resolve()),
        *args,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )


async def stop(proc: asyncio.subprocess.Process) -> str:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.close()
    try:
        out = await asyncio.wait_for(proc.stdout.read(), 30)
        await asyncio.wait_for(proc.wait(), 30)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        out = b""
    return out.decode()


async def measure(
    tables: int,
    seconds: float,
    think: tuple[float, float],
    probe_think: tuple[float, float],
    autosave: str | None = None,
    nice: int = 10,
) -> dict[str, Any]:
    """One step: a server with ``tables`` background tables; the probe's latency.

    ``autosave``: the folder every table autosaves to (None: no autosave)."""
    args = ["--serve", str(tables)] + (["--autosave", autosave] if autosave else [])
    server = await spawn(*args)
    load_proc: asyncio.subprocess.Process | None = None
    try:
        assert server.stdout is not None
        ports = json.loads(await asyncio.wait_for(server.stdout.readline(), 120))
        started = time.perf_counter()
        if tables:
            load_proc = await spawn(
                "--load", json.dumps(ports["tables"]), "--load-nice", str(nice), *map(str, think)
            )
            assert load_proc.stdout is not None
            ready = await asyncio.wait_for(load_proc.stdout.readline(), 300)
            assert ready.strip() == b"ready", ready
            await asyncio.sleep(1.0)  # the tables get going
        load_start = time.perf_counter()
        cpu_start = cpu_seconds(server.pid)
        result = await run_probe(ports["probe"], seconds, 50_000, probe_think)
        cpu_end = cpu_seconds(server.pid)
        elapsed = time.perf_counter() - load_start
        result["tables"] = tables
        result["setup_seconds"] = round(load_start - started, 1)
        answers = float(result.get("samples", 0))
        if load_proc is not None:
            out = await stop(load_proc)
            load_proc = None
            answered = json.loads(out.strip().splitlines()[-1])["answers"]
            load_elapsed = time.perf_counter() - load_start
            result["background_answers_per_second"] = round(answered / load_elapsed, 1)
            answers += answered * elapsed / load_elapsed
        if cpu_start is not None and cpu_end is not None and answers:
            # The server's whole work (every table's answers, saves, updates and
            # sends) over the answers of the window: what one answer costs it.
            result["server_cpu_percent"] = round((cpu_end - cpu_start) / elapsed * 100, 1)
            result["server_cpu_ms_per_answer"] = round((cpu_end - cpu_start) / answers * 1000, 3)
        return result
    finally:
        if load_proc is not None:
            await stop(load_proc)
        await stop(server)


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) the process has used so far (Linux; else None)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def show(step: dict[str, Any], label: str) -> None:
    if not step.get("samples"):
        print(f"  {label}: no samples", flush=True)
        return
    extra = ""
    if len(step.get("p99_ms_of_runs", ())) > 1:
        extra += f", best p99 of {step['p99_ms_of_runs']}"
    if "background_answers_per_second" in step:
        extra += f", background {step['background_answers_per_second']:,.0f} answers/s"
    if "server_cpu_ms_per_answer" in step:
        extra += (
            f"; server {step['server_cpu_percent']:.0f}% CPU, "
            f"{step['server_cpu_ms_per_answer']:.2f} ms per answer"
        )
    print(
        f"  {label}: p50 {step['p50_ms']:.2f} ms  p99 {step['p99_ms']:.2f} ms  "
        f"max {step['max_ms']:.1f} ms  ({step['samples']:,} answers, "
        f"{step['answers_per_second']:,.0f}/s{extra})",
        flush=True,
    )


async def best_of(repeat: int, *args: Any, **options: Any) -> dict[str, Any]:
    """The run with the lowest p99 of ``repeat`` (this machine may be busy with
    other work: the best run is the closest to what the server itself can do)."""
    runs = [await measure(*args, **options) for _ in range(max(1, repeat))]
    best = min(runs, key=lambda run: run.get("p99_ms", float("inf")))
    best["p99_ms_of_runs"] = [run.get("p99_ms") for run in runs]
    return best


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    think = (args.think_min, args.think_max)
    quiet = args.json
    report: dict[str, Any] = {
        "game": GAME,
        "python": platform.python_version(),
        "cpu_count": os.cpu_count(),
        "target_p99_ms": TARGET_P99_MS,
        "target_tables": TARGET_TABLES,
        "think_seconds": list(think),
    }
    probe_think = (args.probe_think_min, args.probe_think_max)
    report["probe_think_seconds"] = list(probe_think)
    report["autosave"] = not args.no_autosave
    with tempfile.TemporaryDirectory(prefix="purrch-bench-") as folder:
        saves = None if args.no_autosave else folder
        saving = "no autosave" if saves is None else "autosave"
        if not quiet:
            print(
                f"Step 1: {PROBE_SEATS} bot clients on one table (loopback), answering "
                f"{probe_think[0] * 1000:g}-{probe_think[1] * 1000:g} ms after each prompt"
                f"{'' if saves is None else '; every table autosaves'}"
            )
        alone = await best_of(args.repeat, 0, args.seconds, think, probe_think, autosave=saves)
        report["latency"] = alone
        if not quiet:
            show(alone, f"{saving:<21}")
        if saves is not None:
            bare = await measure(0, args.seconds, think, probe_think)
            report["latency_no_autosave"] = bare
            if not quiet:
                show(bare, "no autosave (info)   ")
        flat_out = await measure(0, args.seconds, think, (0.0, 0.0), autosave=saves)
        report["latency_saturated"] = flat_out
        if not quiet:
            show(flat_out, "answering at once    ")
            print(
                f"Step 2: + N tables of {TABLE_SEATS} bot clients "
                f"(think {think[0]:g}-{think[1]:g} s) in the same server process"
            )
        steps = []
        sustained = 0
        failed = False  # a step missed the target: no larger count is sustained
        for tables in sorted(args.tables):
            step = await best_of(
                args.repeat,
                tables,
                args.seconds,
                think,
                probe_think,
                autosave=saves,
                nice=args.load_nice,
            )
            steps.append(step)
            if not quiet:
                show(step, f"{tables:>4} tables")
            if step.get("samples") and step["p99_ms"] < TARGET_P99_MS:
                if not failed:
                    sustained = tables
            else:
                failed = True
                if tables >= TARGET_TABLES:
                    break
    report["steps"] = steps
    report["tables_sustained"] = sustained
    report["meets_latency_target"] = bool(alone.get("p99_ms", 1e9) < TARGET_P99_MS)
    report["meets_tables_target"] = sustained >= TARGET_TABLES
    if not quiet:
        verdict = "meets" if report["meets_latency_target"] else "BELOW"
        print(
            f"p99 {alone.get('p99_ms')} ms with {PROBE_SEATS} clients ({saving}): {verdict} "
            f"the {TARGET_P99_MS:g} ms target"
        )
        verdict = "meets" if report["meets_tables_target"] else "BELOW"
        print(
            f"{sustained} tables sustained with p99 under {TARGET_P99_MS:g} ms: {verdict} "
            f"the {TARGET_TABLES} tables target (steps tried: "
            f"{', '.join(str(step['tables']) for step in steps)})"
        )
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="length of one measure")
    parser.add_argument(
        "--repeat", type=int, default=2, help="measures per step; the lowest p99 counts"
    )
    parser.add_argument(
        "--tables",
        type=lambda text: [int(x) for x in text.split(",")],
        default=[100, 150, 200, 300],
        help="background table counts to try (default 100,150,200,300)",
    )
    parser.add_argument("--think-min", type=float, default=0.3, help="bot think time, low")
    parser.add_argument("--think-max", type=float, default=1.2, help="bot think time, high")
    parser.add_argument(
        "--probe-think-min", type=float, default=0.0, help="probe clients' think time, low"
    )
    parser.add_argument(
        "--probe-think-max", type=float, default=0.04, help="probe clients' think time, high"
    )
    parser.add_argument(
        "--load-nice",
        type=int,
        default=10,
        help="niceness of the load process, which stands for the other machines (default 10)",
    )
    parser.add_argument(
        "--no-autosave",
        action="store_true",
        help="no table autosaves (a real host always does)",
    )
    parser.add_argument("--quick", action="store_true", help="short measures, 200 tables only")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--autosave", help=argparse.SUPPRESS)
    parser.add_argument("--load", help=argparse.SUPPRESS)
    parser.add_argument("think", nargs="*", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve is not None:
        asyncio.run(serve(args.serve, args.autosave))
        return 0
    if args.load is not None:
        lo, hi = args.think if len(args.think) == 2 else (0.3, 1.2)
        asyncio.run(load(json.loads(args.load), (lo, hi), args.load_nice))
        return 0
    if args.quick:
        args.seconds = min(args.seconds, 3.0)
        args.tables = [TARGET_TABLES]
        args.repeat = 1
    report = asyncio.run(bench(args))
    if args.json:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
