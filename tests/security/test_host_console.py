"""The host's console takes a few typed commands (issue 20, point 6): m mutes or
unmutes the spectators' chat while the table runs."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest
from net_helpers import HostHarness, hello

from tui.lan_commands import CONSOLE_HELP, console_command, read_console


def test_console_commands() -> None:
    h = HostHarness.new()
    lines: list[tuple[str, str]] = []
    h.host._report = lambda kind, text: lines.append((kind, text))
    eve = h.connect()
    h.send(eve, hello("Eve", spectate=True))
    assert console_command(h.host, "m\n") is None
    h.pump()
    assert h.host.config.quiet_spectators
    assert h.inbox[eve][-1]["type"] == "notice"
    assert lines[-1] == ("seat", "Spectators' chat muted.")
    assert console_command(h.host, " M ") is None and not h.host.config.quiet_spectators
    assert console_command(h.host, "s") == (
        "seat 1: - (open); seat 2: - (open); seat 3: - (open); seat 4: - (bot)"
    )
    assert console_command(h.host, "?") == CONSOLE_HELP
    assert console_command(h.host, "") is None
    reply = console_command(h.host, "\x1b]0;x\x07zap")
    assert reply is not None and reply.startswith("Unknown command") and "\x1b" not in reply


async def test_the_console_reads_commands_from_its_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    h = HostHarness.new()
    master, slave = os.openpty()
    stdin = os.fdopen(slave, "r")
    monkeypatch.setattr(sys, "stdin", stdin)
    said: list[str] = []
    try:
        stop = read_console(h.host, said.append)
        assert stop is not None
        os.write(master, b"m\n?\n")
        async with asyncio.timeout(5):
            while not said:
                await asyncio.sleep(0.01)
        assert h.host.config.quiet_spectators and said == [CONSOLE_HELP]
        stop()
    finally:
        stdin.close()
        os.close(master)


def test_no_console_without_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", open(os.devnull))  # noqa: SIM115
    assert read_console(HostHarness.new().host, print) is None
