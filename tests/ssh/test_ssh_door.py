"""The SSH door (`purrch ssh`) on 127.0.0.1, driven by a real asyncssh client.

Each session runs a real app process on its own pty, so these tests read what
Textual draws: the bytes on the channel, with the escape sequences taken out
when we look for words.
"""

from __future__ import annotations

import asyncio
import os
import re
import stat
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest
from ssh_helpers import LOOPBACK, TIMEOUT, open_screen

from door.ssh import (
    TERMINAL_RESET,
    DoorConfig,
    DoorError,
    PtySession,
    SSHDoor,
    check_security,
    login_folder,
)


@pytest.fixture
async def door(tmp_path: Path) -> AsyncIterator[SSHDoor]:
    server = SSHDoor(DoorConfig(bind=LOOPBACK, port=0), data_dir=tmp_path, echo=lambda _: None)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def _wait_for(predicate: object, timeout: float = TIMEOUT) -> None:
    async def poll() -> None:
        while not predicate():  # type: ignore[operator]
            await asyncio.sleep(0.05)

    await asyncio.wait_for(poll(), timeout)


# --------------------------------------------------------------------------- sessions


async def test_the_menu_renders_at_the_clients_size(door: SSHDoor) -> None:
    async with open_screen(door.port, size=(100, 30)) as screen:
        await screen.wait_for_text("Cats Among The Pigeons")
        await screen.wait_for_text("Start")
        assert screen.max_row() == 30  # drawn to the bottom row, no further
        # An SSH player may not host or join LAN tables from the door's machine.
        assert "LAN game" not in screen.text()
        (session,) = door.sessions
        assert session.size == (100, 30)
        assert session.term == "xterm-256color"


async def test_a_resize_redraws_at_the_new_size(door: SSHDoor) -> None:
    async with open_screen(door.port, size=(80, 24)) as screen:
        await screen.wait_for_text("Start")
        assert screen.max_row() == 24
        screen.clear()
        screen.process.change_terminal_size(120, 40)
        await screen.wait_for(lambda: screen.max_row() == 40)
        await screen.wait_for_text("Start")


async def test_closing_the_client_ends_its_app_process(door: SSHDoor) -> None:
    async with open_screen(door.port) as screen:
        await screen.wait_for_text("Start")
        (session,) = door.sessions
        assert session.proc is not None
        pid = session.proc.pid
        assert _alive(pid)
    await _wait_for(lambda: not _alive(pid))
    await _wait_for(lambda: not door.sessions)
    assert door.procs == set()


async def test_a_door_that_stops_gives_the_terminal_back_as_it_was(door: SSHDoor) -> None:
    """The host stopped: the app is ended, not quit, so the door undoes its screen and
    mouse modes, then says why (QA: the client's terminal stayed on the app's screen
    with mouse reports on)."""
    async with open_screen(door.port) as screen:
        await screen.wait_for_text("Start")
        await door.close()
        await screen.wait_for_text("The host closed Purrch.")
        received = bytes(screen.received)
        assert received.rindex(b"\x1b[?1049h") < received.rindex(TERMINAL_RESET)
        assert received.endswith(TERMINAL_RESET + b"\r\nThe host closed Purrch.\r\n")


async def test_quitting_the_app_ends_the_ssh_session(door: SSHDoor) -> None:
    async with open_screen(door.port) as screen:
        await screen.wait_for_text("Start")
        screen.press("\x11")  # Ctrl+Q asks first
        await screen.wait_for_text("Quit Purrch?")
        screen.press("y")
        result = await asyncio.wait_for(screen.process.wait(), TIMEOUT)
        assert result.exit_status == 0
    await _wait_for(lambda: not door.sessions)


async def test_each_login_name_has_its_own_data_folder(door: SSHDoor, tmp_path: Path) -> None:
    async with open_screen(door.port, username="ann") as screen:
        await screen.wait_for_text("Start")
        (session,) = door.sessions
        env = door.env_for(session, door.user_home("ann"))
    assert env["PURRCH_HOME"] == str(tmp_path / "ssh-users" / "ann")
    assert env["PURRCH_SSH_USER"] == "ann"
    assert "PURRCH_SSH_TABLE" not in env
    assert (tmp_path / "ssh-users" / "ann").is_dir()
    assert login_folder("../../etc") == "etc"
    assert login_folder("..") == "guest"
    assert login_folder("Ann Lee") == "Ann_Lee"


async def test_a_login_back_at_once_finds_its_folder_while_its_old_app_ends(
    door: SSHDoor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player who drops and logs in again gets their own folder (their seat token
    is there), even while the session that went is still ending."""
    drain = PtySession._drain

    async def slow_drain(self: PtySession) -> None:  # a busy machine ends it late
        await asyncio.sleep(1.0)
        await drain(self)

    monkeypatch.setattr(PtySession, "_drain", slow_drain)
    async with open_screen(door.port, username="ann") as screen:
        await screen.wait_for_text("Start")
        (first,) = door.sessions
    await _wait_for(lambda: first.closed)
    assert first in door.sessions  # still ending
    async with open_screen(door.port, username="ann") as again:
        await again.wait_for_text("Start")
        assert [s.home for s in door.sessions if s is not first] == [tmp_path / "ssh-users" / "ann"]
        assert first.released.is_set() and first not in door.sessions


async def test_a_session_without_a_terminal_is_told_to_ask_for_one(door: SSHDoor) -> None:
    async with asyncssh.connect(
        LOOPBACK, door.port, known_hosts=None, username="ann", agent_path=None, client_keys=None
    ) as conn:
        process = await conn.create_process(encoding="utf-8")  # a shell, no pty
        result = await asyncio.wait_for(process.wait(), TIMEOUT)
    assert "needs a terminal" in str(result.stdout)
    assert result.exit_status == 1
    assert not door.sessions


async def test_max_sessions_turns_the_next_one_away(tmp_path: Path) -> None:
    config = DoorConfig(bind=LOOPBACK, port=0, max_sessions=1)
    door = SSHDoor(config, data_dir=tmp_path, echo=lambda _: None)
    await door.start()
    try:
        async with open_screen(door.port, username="ann") as first:
            await first.wait_for_text("Start")
            async with open_screen(door.port, username="bob") as second:
                result = await asyncio.wait_for(second.process.wait(), TIMEOUT)
                await second.wait_for_text("Purrch is full")
                assert result.exit_status == 1
            assert len(door.sessions) == 1
        await _wait_for(lambda: not door.sessions)
        async with open_screen(door.port, username="bob") as third:  # room again
            await third.wait_for_text("Start")
    finally:
        await door.close()


# --------------------------------------------------------------------------- refusals


async def test_exec_sftp_and_forwarding_are_refused(door: SSHDoor) -> None:
    async with asyncssh.connect(
        LOOPBACK, door.port, known_hosts=None, username="eve", agent_path=None, client_keys=None
    ) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("cat /etc/passwd")
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection(LOOPBACK, door.port)  # local forwarding
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port(LOOPBACK, 0, LOOPBACK, door.port)
    assert not door.sessions
    assert door.procs == set()


async def test_a_wrong_password_is_refused(tmp_path: Path) -> None:
    config = DoorConfig(bind=LOOPBACK, port=0, password="meetup")
    door = SSHDoor(config, data_dir=tmp_path, echo=lambda _: None)
    await door.start()
    try:
        for wrong in ("", "Meetup", "meetup "):
            with pytest.raises(asyncssh.PermissionDenied):
                await asyncssh.connect(
                    LOOPBACK,
                    door.port,
                    known_hosts=None,
                    username="ann",
                    password=wrong,
                    agent_path=None,
                    client_keys=None,
                )
        async with open_screen(door.port, password="meetup") as screen:
            await screen.wait_for_text("Start")
    finally:
        await door.close()


async def test_only_authorized_keys_get_in(tmp_path: Path) -> None:
    friend = asyncssh.generate_private_key("ssh-ed25519")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(friend.export_public_key())
    config = DoorConfig(bind=LOOPBACK, port=0, authorized_keys=keys)
    door = SSHDoor(config, data_dir=tmp_path, echo=lambda _: None)
    await door.start()
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect(
                LOOPBACK,
                door.port,
                known_hosts=None,
                username="eve",
                client_keys=[stranger],
                agent_path=None,
                password=None,
            )
        async with open_screen(door.port, client_keys=[friend]) as screen:
            await screen.wait_for_text("Start")
    finally:
        await door.close()


# --------------------------------------------------------------------------- host key, checks


async def test_the_host_key_is_made_once_private_and_kept(tmp_path: Path) -> None:
    lines: list[str] = []
    first = SSHDoor(DoorConfig(bind=LOOPBACK, port=0), data_dir=tmp_path, echo=lines.append)
    await first.start()
    key_file = tmp_path / "ssh_host_ed25519_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert any("Made a new SSH host key" in line for line in lines)
    seen = first.fingerprint
    assert re.fullmatch(r"SHA256:[A-Za-z0-9+/]{43}", seen)
    async with asyncssh.connect(
        LOOPBACK, first.port, known_hosts=None, username="ann", agent_path=None, client_keys=None
    ) as conn:
        server_key = conn.get_server_host_key()
        assert server_key is not None
        assert server_key.get_fingerprint() == seen
    await first.close()
    lines.clear()
    second = SSHDoor(DoorConfig(bind=LOOPBACK, port=0), data_dir=tmp_path, echo=lines.append)
    await second.start()
    try:
        assert second.fingerprint == seen
        assert lines == []
    finally:
        await second.close()


async def test_a_corrupt_host_key_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "ssh_host_ed25519_key").write_text("not a key")
    door = SSHDoor(DoorConfig(bind=LOOPBACK, port=0), data_dir=tmp_path, echo=lambda _: None)
    with pytest.raises(DoorError, match="cannot read the SSH host key"):
        await door.start()


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (DoorConfig(bind="0.0.0.0"), "refusing to open SSH on 0.0.0.0"),
        (DoorConfig(bind="192.168.1.20"), "give --password X, --authorized-keys FILE, or --open"),
        (DoorConfig(bind="::"), "refusing"),
        (DoorConfig(password="x", open=True), "choose one of --password, --open"),
        (DoorConfig(password=""), "--password is empty"),
        (DoorConfig(max_sessions=0), "--max-sessions must be 1 or more"),
        (DoorConfig(max_per_address=0), "--max-per-address must be 1 or more, not 0"),
        (DoorConfig(authorized_keys=Path("/nonexistent/keys")), "cannot use /nonexistent/keys"),
    ],
)
def test_unsafe_or_unusable_doors_do_not_start(config: DoorConfig, message: str) -> None:
    with pytest.raises(DoorError, match=re.escape(message)):
        check_security(config)


@pytest.mark.parametrize(
    "config",
    [
        DoorConfig(bind="127.0.0.1"),
        DoorConfig(bind="::1"),
        DoorConfig(bind="localhost"),
        DoorConfig(bind="0.0.0.0", open=True),
        DoorConfig(bind="0.0.0.0", password="meetup"),
    ],
)
def test_safe_doors_pass_the_check(config: DoorConfig) -> None:
    check_security(config)


async def test_sessions_of_one_login_at_once_get_a_folder_each(
    door: SSHDoor, tmp_path: Path
) -> None:
    users = tmp_path / "ssh-users"
    async with open_screen(door.port, username="root") as first:
        await first.wait_for_text("Start")
        async with open_screen(door.port, username="root") as second:
            await second.wait_for_text("Start")
            homes = sorted(str(s.home) for s in door.sessions)
            assert homes == [str(users / "root"), str(users / "root~2")]
        await _wait_for(lambda: len(door.sessions) == 1)
        async with open_screen(door.port, username="root") as third:  # the free one again
            await third.wait_for_text("Start")
            assert {s.home for s in door.sessions} == {users / "root", users / "root~2"}
