"""An SSH client with a pty for the door's tests: what it received, as bytes and as words."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Callable
from typing import Any

import asyncssh

LOOPBACK = "127.0.0.1"
TIMEOUT = 30.0
"""Seconds to wait for a screen: an app process starts in about a second, slower under load."""

_ESCAPE = re.compile(rb"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
_ROW = re.compile(rb"\x1b\[(\d+);\d+H")


def plain(data: bytes) -> str:
    """The text in ``data`` with the escape sequences taken out."""
    return _ESCAPE.sub(b"", data).decode("utf-8", "replace")


class Screen:
    """One SSH session as a terminal would see it (only the byte stream)."""

    def __init__(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.process = process
        self.received = bytearray()
        self.total = 0
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(asyncssh.Error, ConnectionError):
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    return
                self.received += data
                self.total += len(data)

    def clear(self) -> None:
        self.received.clear()

    def text(self) -> str:
        return plain(bytes(self.received))

    def max_row(self) -> int:
        rows = [int(row) for row in _ROW.findall(bytes(self.received))]
        return max(rows, default=0)

    def press(self, keys: str) -> None:
        self.process.stdin.write(keys.encode("utf-8"))

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = TIMEOUT) -> None:
        async def poll() -> None:
            while not predicate():
                await asyncio.sleep(0.05)

        try:
            await asyncio.wait_for(poll(), timeout)
        except TimeoutError:
            tail = self.text()[-600:]
            raise AssertionError(f"timed out; the screen ends with: {tail!r}") from None

    async def wait_for_text(self, words: str, timeout: float = TIMEOUT) -> None:
        squeezed = " ".join(words.split())
        await self.wait_for(lambda: squeezed in " ".join(self.text().split()), timeout)

    async def close(self) -> None:
        self.process.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader


@contextlib.asynccontextmanager
async def open_screen(
    port: int,
    *,
    username: str = "ann",
    size: tuple[int, int] = (80, 24),
    password: str | None = None,
    client_keys: Any = None,
    term: str = "xterm-256color",
) -> AsyncIterator[Screen]:
    """An SSH session with a pty of ``size`` on the door at 127.0.0.1:``port``."""
    async with asyncssh.connect(
        LOOPBACK,
        port,
        known_hosts=None,
        username=username,
        password=password,
        client_keys=client_keys,
        agent_path=None,
    ) as conn:
        process = await conn.create_process(term_type=term, term_size=size, encoding=None)
        screen = Screen(process)
        try:
            yield screen
        finally:
            await screen.close()
