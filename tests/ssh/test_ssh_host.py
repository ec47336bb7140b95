"""End to end: `purrch host pigeons --players 2 --ssh` as a real process, SSH players.

The host binds 127.0.0.1 on ports the system picks (``--port 0 --ssh 0``) and
prints them; every SSH session lands on the "Join the table" form, takes a seat,
and the host's own log says so.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from ssh_helpers import LOOPBACK, TIMEOUT, open_screen

ROOT = Path(__file__).resolve().parents[2]


class HostProcess:
    """``purrch host`` in a process of its own; its stdout, line by line."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.lines: list[str] = []

    async def expect(self, pattern: str, timeout: float = TIMEOUT) -> re.Match[str]:
        """The first line so far (or to come) that matches ``pattern``."""
        regex = re.compile(pattern)
        seen = 0

        async def scan() -> re.Match[str]:
            nonlocal seen
            while True:
                while seen < len(self.lines):
                    found = regex.search(self.lines[seen])
                    seen += 1
                    if found:
                        return found
                assert self.proc.stdout is not None
                raw = await self.proc.stdout.readline()
                if not raw:
                    raise AssertionError(f"the host ended; it said: {self.lines}")
                self.lines.append(raw.decode("utf-8", "replace").rstrip())

        try:
            return await asyncio.wait_for(scan(), timeout)
        except TimeoutError:
            raise AssertionError(f"no {pattern!r} from the host; it said: {self.lines}") from None


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[HostProcess]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PURRCH_HOME": str(tmp_path)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tui.cli",
        "host",
        "pigeons",
        "--players",
        "2",
        "--seed",
        "4",
        "--bind",
        LOOPBACK,
        "--port",
        "0",
        "--ssh",
        "0",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env=env,
    )
    process = HostProcess(proc)
    try:
        yield process
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(proc.wait(), TIMEOUT)
            except TimeoutError:
                proc.kill()
                await proc.wait()


async def test_two_ssh_players_take_both_seats_and_a_third_watches(host: HostProcess) -> None:
    door = await host.expect(r"SSH door on 127\.0\.0\.1:(\d+) \(host key (SHA256:\S+)\)")
    port = int(door.group(1))
    await host.expect(r"Players type:  ssh -p \d+ 127\.0\.0\.1")
    async with open_screen(port, username="ann") as ann:
        await ann.wait_for_text("Join the table")
        ann.press("\r")  # the name is the login name
        await host.expect(r"Seat 1: ann joined \(1 of 2 players\)")
        async with open_screen(port, username="bob") as bob:
            await bob.wait_for_text("Join the table")
            bob.press("\r")
            await host.expect(r"Seat 2: bob joined \(2 of 2 players\)")
            await host.expect(r"Game 1 of Cats Among The Pigeons starts \(ann, bob; seed 4\)")
            async with open_screen(port, username="cleo") as cleo:
                await cleo.wait_for_text("Join the table")
                cleo.press("\r")
                await host.expect(r"cleo is watching\.")
                await cleo.wait_for_text("you are watching")


async def test_an_ssh_player_who_drops_gets_the_seat_back(host: HostProcess) -> None:
    door = await host.expect(r"SSH door on 127\.0\.0\.1:(\d+)")
    port = int(door.group(1))
    async with open_screen(port, username="bob") as bob:
        await bob.wait_for_text("Join the table")
        bob.press("\r")
        await host.expect(r"Seat 1: bob joined")
        async with open_screen(port, username="ann") as ann:
            await ann.wait_for_text("Join the table")
            ann.press("\r")
            await host.expect(r"Game 1 of Cats Among The Pigeons starts")
            # Her game screen: her app has her seat's token (kept on the welcome).
            await ann.wait_for_text("Discard pile")
        # ann's SSH connection is gone: her app ends and the table holds her seat.
        await host.expect(r"ann (dropped|is away|left)")
        async with open_screen(port, username="ann") as ann_again:
            await ann_again.wait_for_text("Join the table")
            ann_again.press("\r")
            try:
                await host.expect(r"ann is back", timeout=10)
            except AssertionError:
                # Once in many loaded runs the seat did not come back: the Enter may
                # have come before the form had the focus (a terminal then drops the
                # key). Press it again, as a person would; if the seat still does not
                # come back, say what her screen shows.
                ann_again.press("\r")
                try:
                    await host.expect(r"ann is back")
                except AssertionError as exc:
                    tail = " ".join(ann_again.text().split())[-800:]
                    raise AssertionError(f"{exc}\nann's screen ends with: {tail!r}") from None


async def test_the_host_says_once_what_ctrl_c_does(host: HostProcess) -> None:
    """QA (issue 22): the door's "Ctrl+C closes the door." came two lines before the
    host's "Ctrl+C stops the table": one key, told two ways.  One line now, naming both."""
    await host.expect(r"Waiting for 2 players")
    said = [line for line in host.lines if "Ctrl+C" in line]
    assert said == ["Ctrl+C stops the table and its SSH door (the game stays saved)."]
