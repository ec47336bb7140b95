"""Guessing the SSH door's password, and taking its sessions, from one address.

A real asyncssh client against a real door on 127.0.0.1.  The door's password
budget is injected with tiny delays and a clock the test moves, so nothing here
waits for real minutes, and what is checked is the budget's state and what the
client and the console were told, never how long anything took.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import pytest
from ssh_helpers import LOOPBACK, TIMEOUT, open_screen

from door.ssh import (
    LOCKED_OUT,
    MAX_PASSWORD_TRIES,
    TOO_MANY_TRIES,
    DoorConfig,
    SSHDoor,
    run_door,
)
from engine.net.guard import AttemptBudget

PASSWORD = "meetup"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class WatchedBudget(AttemptBudget):
    """The door's budget, with what the door asked of it written down."""

    failures: list[str] = field(default_factory=list)
    delays: list[float] = field(default_factory=list)

    def failure(self, address: str) -> float:
        delay = super().failure(address)
        self.failures.append(address)
        self.delays.append(delay)
        return delay


def budget(per_address: int = 100, clock: Callable[[], float] | None = None) -> WatchedBudget:
    return WatchedBudget(
        per_address=per_address,
        window=300.0,
        base_delay=0.01,
        max_delay=0.04,
        clock=clock or FakeClock(),
    )


class Guesser(asyncssh.SSHClient):  # type: ignore[misc]
    """A client that tries one password after another on a single connection."""

    def __init__(self, guesses: list[str]) -> None:
        self.guesses = iter(guesses)
        self.sent = 0

    def _next(self) -> str | None:
        guess = next(self.guesses, None)
        if guess is not None:
            self.sent += 1
        return guess

    def password_auth_requested(self) -> str | None:
        return self._next()

    def kbdint_auth_requested(self) -> str:
        return ""  # any submethods

    def kbdint_challenge_received(
        self, name: str, instructions: str, lang: str, prompts: list[tuple[str, bool]]
    ) -> list[str] | None:
        if not prompts:
            return []
        guess = self._next()
        return None if guess is None else [guess]


async def guess(
    door: SSHDoor, guesses: list[str], method: str = "password"
) -> tuple[Guesser, BaseException | None]:
    """One connection trying ``guesses``: the client, and the error it ended with
    (None: it logged in)."""
    client = Guesser(guesses)
    try:
        conn, _ = await asyncio.wait_for(
            asyncssh.create_connection(
                lambda: client,
                LOOPBACK,
                door.port,
                known_hosts=None,
                username="eve",
                agent_path=None,
                client_keys=None,
                preferred_auth=method,
            ),
            TIMEOUT,
        )
    except (asyncssh.Error, OSError) as exc:
        return client, exc
    conn.close()
    await conn.wait_closed()
    return client, None


@pytest.fixture
async def lines() -> list[str]:
    return []


MakeDoor = Callable[..., Awaitable[SSHDoor]]


@pytest.fixture
async def make_door(tmp_path: Path, lines: list[str]) -> AsyncIterator[MakeDoor]:
    doors: list[SSHDoor] = []

    async def make(**options: object) -> SSHDoor:
        config = DoorConfig(bind=LOOPBACK, port=0, **options)  # type: ignore[arg-type]
        door = SSHDoor(config, data_dir=tmp_path, echo=lines.append)
        await door.start()
        doors.append(door)
        return door

    try:
        yield make
    finally:
        for door in doors:
            await door.close()


def reason(exc: BaseException | None) -> str:
    assert isinstance(exc, asyncssh.DisconnectError), repr(exc)
    return str(exc.reason)


# --------------------------------------------------------------------------- one connection


@pytest.mark.parametrize("method", ["password", "keyboard-interactive"])
async def test_three_wrong_passwords_and_the_door_hangs_up(
    make_door: MakeDoor, method: str
) -> None:
    """The attack: one connection tried 2,000 passwords in 3.4 s and got in."""
    spent = budget()
    door = await make_door(password=PASSWORD, password_budget=spent)
    wrong = [f"guess{i}" for i in range(20)] + [PASSWORD]
    client, error = await guess(door, wrong, method)
    assert error is not None  # never in, though the right password was on the list
    assert reason(error) == TOO_MANY_TRIES
    assert spent.failures == ["127.0.0.1"] * MAX_PASSWORD_TRIES == ["127.0.0.1"] * 3
    assert client.sent <= MAX_PASSWORD_TRIES + 1  # one more may be on its way


async def test_each_wrong_password_waits_longer(make_door: MakeDoor) -> None:
    spent = budget()
    door = await make_door(password=PASSWORD, password_budget=spent)
    await guess(door, ["a", "b", "c"])
    await guess(door, ["d", "e"])
    # The delay doubles per failure of the address, across connections, up to the cap.
    assert spent.delays == [0.01, 0.02, 0.04, 0.04, 0.04]


async def test_the_right_password_gets_in_and_clears_the_addresss_failures(
    make_door: MakeDoor,
) -> None:
    spent = budget(per_address=4)
    door = await make_door(password=PASSWORD, password_budget=spent)
    _client, error = await guess(door, ["a", "b", PASSWORD])
    assert error is None
    assert spent.failures == ["127.0.0.1"] * 2
    for _ in range(3):  # 2 + 3 would be past 4: the success forgot the first two
        _client, error = await guess(door, ["wrong"])
        assert isinstance(error, asyncssh.PermissionDenied)
    _client, error = await guess(door, [PASSWORD])
    assert error is None


# --------------------------------------------------------------------------- many connections


async def test_fresh_connections_are_locked_out_once_the_budget_is_spent(
    make_door: MakeDoor,
) -> None:
    """The attack: fresh connections tried about 70 passwords a second."""
    clock = FakeClock()
    spent = budget(per_address=5, clock=clock)
    door = await make_door(password=PASSWORD, password_budget=spent)
    reasons = []
    for _ in range(12):
        _client, error = await guess(door, ["wrong", "wrong again"])
        assert isinstance(error, asyncssh.PermissionDenied)
        reasons.append(reason(error))
    assert len(spent.failures) == 5  # once locked out, passwords are not even looked at
    assert reasons[2] == f"{LOCKED_OUT}: try again in 5 minutes."  # 2 + 2, then 1 of 2
    assert reasons[3:] == [f"{LOCKED_OUT}: try again in 5 minutes."] * 9
    # The right password is refused too while the address is locked out ...
    clock.now += 299.5
    _client, error = await guess(door, [PASSWORD])
    assert reason(error) == f"{LOCKED_OUT}: try again in 1 minute."
    assert len(spent.failures) == 5
    # ... and gets in once the address is forgotten (the window after its last failure).
    clock.now += 1
    _client, error = await guess(door, [PASSWORD])
    assert error is None


async def test_the_door_makes_its_own_budget_without_one(make_door: MakeDoor) -> None:
    door = await make_door(password=PASSWORD)
    assert isinstance(door.budget, AttemptBudget)
    assert door.budget.per_address >= MAX_PASSWORD_TRIES


def test_a_budget_given_is_the_one_used(tmp_path: Path) -> None:
    """``purrch host --ssh`` hands the door the table's budget: one per address."""
    shared = AttemptBudget()
    door = SSHDoor(DoorConfig(password="x", password_budget=shared), data_dir=tmp_path)
    assert door.budget is shared


def test_the_table_and_its_door_share_one_budget_per_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``purrch host --ssh``: wrong passwords at the table's port lock the address out
    of the SSH door too (and a guesser cannot get twice the tries by using both)."""
    import door.ssh
    import tui.lan_commands as lan
    from engine.games import get_game
    from engine.net.client import JoinError, RemoteTable
    from engine.net.host import HostConfig

    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    spent = budget(per_address=2)
    doors: list[SSHDoor] = []
    told: list[str] = []
    monkeypatch.setattr(door.ssh, "print_door", lambda door, echo=None, **kw: doors.append(door))

    async def attack() -> None:  # instead of waiting for Ctrl+C
        (door,) = doors
        assert door.config.table is not None
        _host, port = door.config.table
        for _ in range(2):
            with pytest.raises(JoinError) as refused:
                await RemoteTable.connect(
                    LOOPBACK, port, name="Eve", password="wrong", remember=False
                )
            told.append(refused.value.code)
        _client, error = await guess(door, [PASSWORD])
        told.append(reason(error))

    monkeypatch.setattr(lan, "until_stopped", attack)
    config = HostConfig(players=2, password=PASSWORD, bind=LOOPBACK, port=0, password_budget=spent)
    door = DoorConfig(port=0, password=PASSWORD)
    lan.run_host(get_game("pigeons"), config, resume=None, door=door, echo=lambda _: None)
    assert doors[0].budget is spent
    assert spent.failures == ["127.0.0.1", "127.0.0.1"]  # both at the table's port
    assert told == ["password", "password", f"{LOCKED_OUT}: try again in 5 minutes."]


def test_a_table_with_a_door_gives_it_its_own_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without one given, ``run_host`` makes the budget the table and door share."""
    import door.ssh
    import tui.lan_commands as lan
    from engine.games import get_game
    from engine.net.host import HostConfig

    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    seen: list[tuple[object, object]] = []

    def remember(door: SSHDoor, echo: object = None, **_kw: object) -> None:
        seen.append((door.budget, door.config.password_budget))

    async def stop() -> None:
        pass

    monkeypatch.setattr(door.ssh, "print_door", remember)
    monkeypatch.setattr(lan, "until_stopped", stop)
    config = HostConfig(players=2, password=PASSWORD, bind=LOOPBACK, port=0)
    door = DoorConfig(port=0, password=PASSWORD)
    lan.run_host(get_game("pigeons"), config, resume=None, door=door, echo=lambda _: None)
    ((used, given),) = seen
    assert isinstance(used, AttemptBudget) and used is given


# --------------------------------------------------------------------------- the console


async def test_wrong_passwords_reach_the_console_counted(
    make_door: MakeDoor, lines: list[str]
) -> None:
    """The attack: the host console printed a line per wrong password (1,171 in one run)."""
    spent = budget(per_address=6)
    door = await make_door(password=PASSWORD, password_budget=spent, report_interval=600.0)
    for _ in range(5):
        await guess(door, ["a", "b", "c"])
    assert len(spent.failures) == 6  # and 3 connections refused as locked out
    await door.close()
    said = [re.sub(r" in the last \d+ s$", "", line) for line in lines if " ssh: " in line]
    assert [line.split(" ssh: ", 1)[1] for line in said] == [  # not 9 lines
        "Refused (wrong password): 127.0.0.1",  # the first at once
        "Refused (locked out after wrong passwords): 127.0.0.1",
        "Refused (wrong password): 5 more from 127.0.0.1",  # the rest counted
        "Refused (locked out after wrong passwords): 2 more from 127.0.0.1",
    ], lines
    assert not [line for line in lines if "wrong password for" in line]


async def test_counted_refusals_are_written_when_their_interval_ends(
    make_door: MakeDoor, lines: list[str]
) -> None:
    """Not only when the next refusal comes (it may never come)."""
    door = await make_door(password=PASSWORD, password_budget=budget(), report_interval=0.2)
    await guess(door, ["a", "b", "c"])

    async def counted() -> None:
        while not any("(wrong password): 2 more" in line for line in lines):
            await asyncio.sleep(0.05)

    await asyncio.wait_for(counted(), TIMEOUT)  # the door is still open: a timer wrote it


# --------------------------------------------------------------------------- sessions


@pytest.mark.slow
async def test_one_address_gets_at_most_four_sessions(
    make_door: MakeDoor, lines: list[str]
) -> None:
    """The attack: anyone reaching an --open door can take every slot (32 sessions,
    about 1.4 GB).  This machine's own address counts like any other."""
    door = await make_door(report_interval=600.0)
    assert door.config.max_per_address == 4

    def playing() -> list[str]:
        return sorted(s.username for s in door.sessions if not s.closed)

    async def until(predicate: Callable[[], bool]) -> None:
        while not predicate():
            await asyncio.sleep(0.05)

    async with contextlib.AsyncExitStack() as others:
        for i in range(3):
            await others.enter_async_context(open_screen(door.port, username=f"p{i}"))
        async with open_screen(door.port, username="p3"):
            await asyncio.wait_for(until(lambda: len(playing()) == 4), TIMEOUT)
            async with open_screen(door.port, username="p4") as fifth:
                result = await asyncio.wait_for(fifth.process.wait(), TIMEOUT)
                await fifth.wait_for_text("Purrch is full for your address")
                await fifth.wait_for_text("at most 4 sessions at once from one address")
                assert result.exit_status == 1
            assert playing() == ["p0", "p1", "p2", "p3"]
        await asyncio.wait_for(until(lambda: len(playing()) == 3), TIMEOUT)
        async with open_screen(door.port, username="p5"):  # room again
            await asyncio.wait_for(until(lambda: "p5" in playing()), TIMEOUT)
    await door.close()
    refused = [line for line in lines if "too many sessions from one address" in line]
    assert len(refused) == 1, lines


# --------------------------------------------------------------------------- starting


def test_the_door_raises_its_open_files_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    import door.ssh

    calls: list[str] = []

    async def serve(config: DoorConfig, data_dir: Path, echo: object) -> None:
        calls.append("served")

    monkeypatch.setattr(door.ssh, "raise_open_files_limit", lambda: calls.append("raised"))
    monkeypatch.setattr(door.ssh, "_serve_door", serve)
    run_door(DoorConfig(), Path("unused"))
    assert calls == ["raised", "served"]


def test_the_cli_flags_set_the_per_address_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    import door.ssh
    import tui.lan_commands
    from tui.cli import app

    doors: list[DoorConfig] = []
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    monkeypatch.setattr(door.ssh, "run_door", lambda config, echo=None: doors.append(config))
    monkeypatch.setattr(
        tui.lan_commands, "run_host", lambda *args, door=None, **kw: doors.append(door)
    )
    runner = CliRunner()
    result = runner.invoke(app, ["ssh", "--max-per-address", "2"])
    assert result.exit_code == 0, result.output
    host = ["host", "pigeons", "--players", "2", "--bind", "127.0.0.1", "--ssh", "0"]
    result = runner.invoke(app, [*host, "--max-per-address", "7"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, host)
    assert result.exit_code == 0, result.output
    assert [door.max_per_address for door in doors] == [2, 7, 4]
