"""SSH door costs: session start to first full screen, and bytes per game move.

Everything on 127.0.0.1, with an asyncssh client asking for a 100x30 pty:

* **start**: from dialling the door to the first complete screen (the menu, its
  footer drawn), for ``--starts`` sessions one after another: the SSH handshake,
  a new app process (Python and Textual importing) and its first frame;
* **bytes per move**: a 2-seat Cats Among The Pigeons table, both seats played by
  LAN bot clients that think 0.2-0.4 s (about as fast as people who know the
  game); an SSH session joins the door in front of it, finds the table full and
  watches.  Everything the SSH client receives from the first move to the end
  (or ``--moves`` moves) is divided by the number of moves.  This is what one
  watching or playing terminal costs a link per move, Textual's redraws included.

This is a benchmark, never a test:  python bench/bench_ssh.py [--json] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.path.insert(0, str(Path(__file__).resolve().parent))

import asyncssh
from bench_net import PacedBot

from door.ssh import DoorConfig, SSHDoor
from engine.games import get_game
from engine.net.client import RemoteTable
from engine.net.host import HostConfig, TableHost
from engine.net.server import TableServer

LOOPBACK = "127.0.0.1"
SIZE = (100, 30)
FIRST_SCREEN = b"palette"  # the footer's last word: the first frame is complete
TIMEOUT = 60.0


class Client:
    """An SSH session with a pty; counts what it receives."""

    def __init__(self, process: Any) -> None:
        self.process = process
        self.data = bytearray()
        self.total = 0
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            while True:
                chunk = await self.process.stdout.read(65536)
                if not chunk:
                    return
                self.total += len(chunk)
                self.data += chunk
                if len(self.data) > 1 << 20:
                    del self.data[: -(1 << 16)]
        except (asyncssh.Error, ConnectionError):
            return

    async def wait_for(self, marker: bytes, timeout: float = TIMEOUT) -> None:
        async def poll() -> None:
            while marker not in self.data:
                await asyncio.sleep(0.002)

        await asyncio.wait_for(poll(), timeout)


async def session(conn: asyncssh.SSHClientConnection) -> Client:
    process = await conn.create_process(term_type="xterm-256color", term_size=SIZE, encoding=None)
    return Client(process)


async def connect(port: int) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        LOOPBACK, port, known_hosts=None, username="bench", agent_path=None, client_keys=None
    )


async def time_starts(home: Path, count: int) -> list[float]:
    door = SSHDoor(DoorConfig(bind=LOOPBACK, port=0), data_dir=home, echo=lambda _: None)
    await door.start()
    times: list[float] = []
    try:
        for _ in range(count):
            began = time.perf_counter()
            async with await connect(door.port) as conn:
                client = await session(conn)
                await client.wait_for(FIRST_SCREEN)
                times.append(time.perf_counter() - began)
                client.process.close()
            while door.sessions:  # its app has gone before the next one starts
                await asyncio.sleep(0.01)
    finally:
        await door.close()
    return times


async def bytes_per_move(home: Path, max_moves: int, seed: int) -> dict[str, Any]:
    game = get_game("pigeons")
    host = TableHost(game, HostConfig(players=2, bots=0, seed=seed, window_seconds=2.0))
    server = TableServer(host)
    await server.start(LOOPBACK, 0)
    rng = random.Random(seed)
    players = [
        await RemoteTable.connect(LOOPBACK, server.port, name=name, remember=False)
        for name in ("Ada", "Bob")
    ]
    config = DoorConfig(bind=LOOPBACK, port=0, table=(LOOPBACK, server.port))
    door = SSHDoor(config, data_dir=home, echo=lambda _: None)
    await door.start()
    try:
        async with await connect(door.port) as conn:
            client = await session(conn)
            await client.wait_for(FIRST_SCREEN)
            client.process.stdin.write(b"\r")  # the name screen: join (the table is full)
            await client.wait_for(b"watching")
            await asyncio.sleep(0.5)  # the game screen settles
            bots = [PacedBot(table, rng, (0.2, 0.4)) for table in players]
            start_bytes, began = client.total, time.perf_counter()
            while (
                sum(bot.answers for bot in bots) < max_moves
                and not (host.table is not None and host.table.is_over)
                and time.perf_counter() - began < TIMEOUT * 3
            ):
                await asyncio.sleep(0.05)
            moves = sum(bot.answers for bot in bots)
            for bot in bots:
                if bot.pending is not None:
                    bot.pending.cancel()
                bot.table.request_new_game = lambda: None  # type: ignore[method-assign]
            await asyncio.sleep(0.5)  # the last redraws arrive
            sent = client.total - start_bytes
            seconds = time.perf_counter() - began
            client.process.close()
    finally:
        await door.close()
        for table in players:
            await table.close()
        await server.close("bench over")
    return {
        "moves": moves,
        "bytes": sent,
        "seconds": round(seconds, 1),
        "bytes_per_move": round(sent / max(1, moves)),
        "bytes_per_second": round(sent / max(seconds, 1e-9)),
    }


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="purrch-bench-ssh-") as tmp:
        home = Path(tmp)
        starts = await time_starts(home, args.starts)
        moves = await bytes_per_move(home, args.moves, args.seed)
    return {
        "size": f"{SIZE[0]}x{SIZE[1]}",
        "start_seconds": {
            "median": round(statistics.median(starts), 3),
            "max": round(max(starts), 3),
            "runs": len(starts),
        },
        "game": moves,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--quick", action="store_true", help="fewer runs (a smoke check)")
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--moves", type=int, default=120)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    if args.quick:
        args.starts, args.moves = 2, 30
    result = asyncio.run(bench(args))
    if args.json:
        print(json.dumps(result))
        return 0
    start = result["start_seconds"]
    game = result["game"]
    print(f"SSH door at {result['size']}, on 127.0.0.1")
    print(
        f"  session start to first full screen: median {start['median'] * 1000:.0f} ms, "
        f"max {start['max'] * 1000:.0f} ms ({start['runs']} sessions)"
    )
    print(
        f"  a watched pigeons game: {game['bytes_per_move']:,} bytes per move "
        f"({game['moves']} moves, {game['bytes']:,} bytes, "
        f"{game['bytes_per_second']:,} bytes/s over {game['seconds']} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
