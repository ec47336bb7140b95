"""Idle SSH connections, held open without logging in, once ran the host out of file
descriptors (1,100 from one address starved a `host --ssh` table limited to 1,024: a
player's hello at the table's port timed out).  Every SSH connection now counts: at
most ``max_logins`` wait to log in (one more closes the one that waited longest,
never the new one), and an address holds a few beyond its sessions.  127.0.0.1 only,
bounded."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh

from door import DEFAULT_MAX_SESSIONS
from door.ssh import DoorConfig, SSHDoor

LOOPBACK = "127.0.0.1"
TIMEOUT = 10.0


async def closed_by_the_door(reader: asyncio.StreamReader, wait: float) -> bool:
    """Whether the door closes this idle connection within ``wait`` seconds."""
    try:
        async with asyncio.timeout(wait):
            while await reader.read(4096):
                pass
    except TimeoutError:
        return False
    except OSError:
        return True
    return True


async def log_in(port: int) -> None:
    conn = await asyncio.wait_for(
        asyncssh.connect(
            LOOPBACK,
            port,
            known_hosts=None,
            username="ann",
            agent_path=None,
            client_keys=None,
        ),
        TIMEOUT,
    )
    conn.close()
    await conn.wait_closed()


async def test_idle_connections_past_the_login_queue_are_closed_oldest_first(
    tmp_path: Path,
) -> None:
    """36 idle connections (the address may hold that many here): the door lets 32 wait
    to log in, by default, and closes the 4 that waited longest."""
    door = SSHDoor(
        DoorConfig(bind=LOOPBACK, port=0, max_per_address=DEFAULT_MAX_SESSIONS),
        data_dir=tmp_path,
        echo=lambda _line: None,
    )
    await door.start()
    held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    try:
        for _ in range(36):
            held.append(await asyncio.open_connection(LOOPBACK, door.port))
            await asyncio.sleep(0.05)  # in order, so that "oldest" means the first ones
        closed = [await closed_by_the_door(r, 2.0) for r, _w in held[:4]]
        assert closed == [True, True, True, True]
        assert not await closed_by_the_door(held[-1][0], 0.3)  # the newest wait on
        await log_in(door.port)  # a player still gets in (a waiting one goes)
    finally:
        for _r, w in held:
            w.close()
        await door.close()


async def test_one_address_holds_a_few_connections_beyond_its_sessions(tmp_path: Path) -> None:
    from door.ssh import MAX_PENDING_PER_ADDRESS

    door = SSHDoor(
        DoorConfig(bind=LOOPBACK, port=0, max_logins=100, max_per_address=1),
        data_dir=tmp_path,
        echo=lambda _line: None,
    )
    await door.start()
    allowed = 1 + MAX_PENDING_PER_ADDRESS
    held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    try:
        for _ in range(allowed + 2):
            held.append(await asyncio.open_connection(LOOPBACK, door.port))
        await asyncio.sleep(0.2)
        closed = [await closed_by_the_door(r, 1.0) for r, _w in held]
        assert closed == [False] * allowed + [True, True]
        assert door.open.count(LOOPBACK) == allowed
    finally:
        for _r, w in held:
            w.close()
        await door.close()


async def test_every_closed_connection_is_released(tmp_path: Path) -> None:
    door = SSHDoor(
        DoorConfig(bind=LOOPBACK, port=0, max_logins=2, max_per_address=1),
        data_dir=tmp_path,
        echo=lambda _line: None,
    )
    await door.start()
    try:
        for _ in range(3):  # more logins, one after another, than the door holds at once
            await log_in(door.port)
        for _ in range(50):  # bounded: the door sees each close soon after
            if door.open.count() == 0:
                break
            await asyncio.sleep(0.02)
        assert door.open.count() == 0
    finally:
        await door.close()
