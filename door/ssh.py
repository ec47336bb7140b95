"""The SSH front door: ``purrch ssh`` and ``purrch host GAME --ssh``.

An asyncssh server in which every SSH session gets its own Purrch app, in its
own process, on its own pseudo-terminal: sessions cannot see or crash each
other and Textual runs unchanged (it simply finds a terminal).  The door copies
bytes between the SSH channel and the pty's master side, passes the client's
window size on with ``TIOCSWINSZ`` (the kernel then sends the app SIGWINCH),
and ends the app when the client goes (closing the master hangs the pty up;
SIGKILL follows if the app lingers).

What a session runs is :mod:`tui.ssh_session`: the normal menu, or, when the
door fronts a LAN table (``--table`` / ``host --ssh``), a short "your name"
screen that joins that table with the ordinary LAN client.

Security (see :func:`check_security`): a door on a loopback address needs no
login; on any other address it refuses to start unless it has a password, an
authorized-keys file, or an explicit ``--open``.  Only a shell request with a
pty is served: exec, subsystems (sftp), port forwarding, agent and X11
forwarding are refused.  Wrong passwords are limited (:class:`_Server`): three
a connection, a growing wait before each answer, and a lock-out per source
address once its budget (shared with the table's own port under ``host --ssh``)
is spent; sessions are capped in all and per source address (:meth:`SSHDoor.admit`).
Refusals reach the console counted, a line per kind per interval.

Each SSH login name gets its own data folder (its autosave, its settings, its
seat tokens), so logging in again under the same name continues a menu game or
takes a LAN seat back; sessions of one login that run at the same time get one
folder each (:meth:`SSHDoor.claim_home`).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import hmac
import ipaddress
import math
import os
import re
import signal
import struct
import sys
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from door import DEFAULT_MAX_PER_ADDRESS, DEFAULT_MAX_SESSIONS, DEFAULT_SSH_PORT
from engine.net.guard import (
    AttemptBudget,
    ConnectionCounter,
    RefusalReporter,
    raise_open_files_limit,
)
from engine.net.hosting import address_text, local_addresses, until_stopped

HOST_KEY_NAME = "ssh_host_ed25519_key"
READ_CHUNK = 65536
MAX_PENDING_INPUT = 1 << 20
"""Keystrokes buffered for an app that does not read them: beyond this they are dropped."""
HANGUP_GRACE = 3.0
"""Seconds an app has to exit after its client left, before SIGKILL."""
TERMINAL_RESET = (
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"  # no mouse reports
    b"\x1b[?1004l\x1b[?2004l\x1b[<u"  # no focus reports, bracketed paste, key protocol
    b"\x1b[0m\x1b[?25h\x1b[?1049l"  # plain colours, the cursor, the normal screen
)
"""What an app that is stopped (not quit) could not undo in the client's terminal."""
MAX_PASSWORD_TRIES = 3
"""Passwords one SSH connection may try; then the door hangs up (OpenSSH's prompts are 3)."""
TOO_MANY_TRIES = "Too many wrong passwords: connect again to try again."
LOCKED_OUT = "Too many wrong passwords from your address"
"""What a client is told when the door hangs up on it (the SSH disconnect reason);
the lock-out's is followed by when to try again (:func:`locked_out`)."""

# Kinds of refusal, each counted into one console line per interval.
WRONG_PASSWORD = "wrong password"
ADDRESS_LOCKED_OUT = "locked out after wrong passwords"  # as the table's port says
TOO_MANY_FROM_ADDRESS = "too many sessions from one address"
DOOR_FULL = "door full"
TOO_MANY_CONNECTIONS = "too many SSH connections"  # a suffix " from one address" when so
LOGINS_WAITING = "too many SSH connections waiting to log in"

MAX_PENDING_PER_ADDRESS = 4
"""SSH connections one address may hold open beyond its sessions (logging in, say)."""

Echo = Callable[[str], None]


class DoorError(Exception):
    """The SSH door cannot start: one line for people."""


def _print(text: str) -> None:
    print(text, flush=True)


@dataclass
class DoorConfig:
    """What ``purrch ssh`` was asked for (checked by :func:`check_security`)."""

    bind: str = "127.0.0.1"
    port: int = DEFAULT_SSH_PORT
    table: tuple[str, int] | None = None
    """The LAN table sessions join; ``None``: sessions get the menu."""
    table_password: str | None = None
    password: str | None = None
    authorized_keys: Path | None = None
    open: bool = False
    max_sessions: int = DEFAULT_MAX_SESSIONS
    max_per_address: int = DEFAULT_MAX_PER_ADDRESS
    """Sessions at once from one source address (this machine's own too)."""
    password_budget: AttemptBudget | None = None
    """Wrong passwords per source address (a growing wait, then a lock-out); None:
    the door makes its own.  ``purrch host --ssh`` gives it the table's, so that the
    two ports share one budget per address."""
    max_logins: int = 32
    """SSH connections that have not logged in yet, at most: one more closes the one
    that has waited longest (never the new one), so idle sockets cannot lock the
    players out, nor run the host out of file descriptors."""
    report_interval: float = 10.0
    """Seconds over which refusals are counted into one console line."""
    host_key: Path | None = None
    """Where the host key lives (default: ``ssh_host_ed25519_key`` in the data folder)."""
    data_dir: Path | None = None
    """Parent of the per-login data folders (default: ``ssh-users`` in the data folder)."""
    app_env: dict[str, str] = field(default_factory=dict)
    """Extra environment for every session's app (tests, themes)."""

    @property
    def needs_login(self) -> bool:
        return self.password is not None or self.authorized_keys is not None


def is_loopback(address: str) -> bool:
    """Whether ``address`` only takes connections from this machine."""
    if address == "localhost":
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def check_security(config: DoorConfig) -> None:
    """:class:`DoorError` unless the door is safe to open as configured."""
    ways = [
        flag
        for flag, given in (
            ("--password", config.password is not None),
            ("--authorized-keys", config.authorized_keys is not None),
            ("--open", config.open),
        )
        if given
    ]
    if len(ways) > 1:
        raise DoorError(f"choose one of {', '.join(ways)}")
    if config.password is not None and not config.password:
        raise DoorError("--password is empty")
    if config.authorized_keys is not None:
        try:
            asyncssh.read_authorized_keys(str(config.authorized_keys))
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            raise DoorError(
                f"cannot use {config.authorized_keys} as authorized keys: "
                f"{getattr(exc, 'strerror', None) or exc}"
            ) from None
    if not is_loopback(config.bind) and not ways:
        raise DoorError(
            f"refusing to open SSH on {config.bind or 'every interface'} to anyone: "
            "give --password X, --authorized-keys FILE, or --open to let anyone in "
            "(--bind 127.0.0.1 needs no login)"
        )
    if config.max_sessions < 1:
        raise DoorError(f"--max-sessions must be 1 or more, not {config.max_sessions}")
    if config.max_logins < 1:
        raise DoorError(
            f"the door must let at least one connection log in, not {config.max_logins}"
        )
    if config.max_per_address < 1:
        raise DoorError(f"--max-per-address must be 1 or more, not {config.max_per_address}")


def locked_out(budget: AttemptBudget, address: str) -> str:
    """The disconnect reason of an address locked out: when it may try again."""
    minutes = max(1, math.ceil(budget.locked_for(address) / 60))
    return f"{LOCKED_OUT}: try again in {minutes} minute{'s' if minutes != 1 else ''}."


# --------------------------------------------------------------------------- host key


def load_host_key(path: Path, echo: Echo = _print) -> asyncssh.SSHKey:
    """The door's host key at ``path``, made (ed25519, mode 0600) on first start."""
    if path.exists():
        try:
            return asyncssh.read_private_key(str(path))
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            raise DoorError(
                f"cannot read the SSH host key {path}: {getattr(exc, 'strerror', None) or exc} "
                "(move it away and a new one is made)"
            ) from None
    key = asyncssh.generate_private_key("ssh-ed25519", comment="purrch")
    data = key.export_private_key()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.fchmod(fd, 0o600)  # whatever the umask
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as exc:
        raise DoorError(f"cannot save the SSH host key to {path}: {exc.strerror or exc}") from None
    echo(f"Made a new SSH host key: {path}")
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's fingerprint as OpenSSH prints it (``SHA256:...``)."""
    return str(key.get_fingerprint("sha256"))


# --------------------------------------------------------------------------- sessions


_SAFE_LOGIN = re.compile(r"[^A-Za-z0-9._-]+")


def login_folder(username: str) -> str:
    """A folder name for an SSH login name (never empty, never ``..``)."""
    name = _SAFE_LOGIN.sub("_", username)[:64].strip("._") or "guest"
    return name


def session_env(
    door: DoorConfig, home: Path, username: str, term: str, lang: str
) -> dict[str, str]:
    """The environment of one session's app: nothing of the door's own but PATH."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "PURRCH_HOME": str(home),
        "PURRCH_SSH_USER": username,
        "TERM": term or "xterm-256color",
        "LANG": lang,
    }
    for key in ("PYTHONPATH", "COVERAGE_PROCESS_START"):
        if key in os.environ:
            env[key] = os.environ[key]
    if door.table is not None:
        host, port = door.table
        env["PURRCH_SSH_TABLE"] = address_text(host, port)
        if door.table_password is not None:
            env["PURRCH_SSH_TABLE_PASSWORD"] = door.table_password
    env.update(door.app_env)
    return env


def _set_size(fd: int, cols: int, rows: int) -> None:
    cols = max(1, min(cols or 80, 1000))
    rows = max(1, min(rows or 24, 1000))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class PtySession(asyncssh.SSHServerSession[bytes]):
    """One SSH session: a shell request runs one Purrch app on a new pty."""

    def __init__(self, door: SSHDoor, username: str, address: str = "") -> None:
        self.door = door
        self.username = username
        self.address = address
        """The client's source address ("": unknown)."""
        self.chan: Any = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.has_pty = False
        self.master: int | None = None
        self.proc: asyncio.subprocess.Process | None = None
        self.pending = bytearray()
        self.reading = False
        self.paused = False
        self.closed = False
        self.started_at = time.monotonic()
        self.bytes_out = 0
        self.first_output: float | None = None
        self.home: Path | None = None
        self.farewell = b""
        """A last line for the client once its app has ended (the host stopped)."""
        self.released = asyncio.Event()
        """Set when the door lets the session go (:meth:`SSHDoor.release`)."""

    # ---- what the client asks for

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self.has_pty = True
        self.term = term_type or self.term
        if term_size and term_size[0] and term_size[1]:
            self.size = (int(term_size[0]), int(term_size[1]))
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.door.echo_event(f"refused a command from {self.username!r}: {command[:60]!r}")
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        self.door.echo_event(f"refused the {subsystem!r} subsystem for {self.username!r}")
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal_name: str) -> None:
        pass  # the app's own keys quit it; a client cannot signal it

    def terminal_size_changed(self, width: int, height: int, pixw: int, pixh: int) -> None:
        self.size = (width, height)
        if self.master is not None:
            with contextlib.suppress(OSError):
                _set_size(self.master, width, height)

    def session_started(self) -> None:
        asyncio.get_running_loop().create_task(self._start())

    # ---- running the app

    async def _start(self) -> None:
        chan = self.chan
        if not self.has_pty:
            chan.write(b"Purrch needs a terminal: connect with `ssh -t`.\r\n")
            chan.exit(1)
            return
        refusal = self.door.admit(self)
        if refusal is not None:
            chan.write(f"\r\n{refusal}\r\n".encode())
            chan.exit(1)
            return
        try:
            await self._spawn()
        except OSError as exc:
            self.door.echo_event(f"could not start an app for {self.username!r}: {exc}")
            chan.write(f"Purrch could not start: {exc.strerror or exc}\r\n".encode())
            chan.exit(1)
            self.door.release(self)
            return
        if self.closed:  # the client left while the app was starting
            await self.end()
        self.door.echo_event(
            f"{self.username!r} connected ({self.size[0]}x{self.size[1]}, {self.term}); "
            f"{len(self.door.sessions)} session{'s' if len(self.door.sessions) != 1 else ''}"
        )
        assert self.proc is not None
        code = await self.proc.wait()
        await self._drain()
        self._close_master()
        if not self.closed:
            self.closed = True
            with contextlib.suppress(Exception):
                if code != 0 or self.farewell:  # stopped, not quit: tidy the terminal up
                    chan.write(TERMINAL_RESET + self.farewell)
                chan.exit(max(0, code))
        self.door.release(self)
        self.door.echo_event(f"{self.username!r} left")

    async def _spawn(self) -> None:
        await self.door.let_go_of_ended(self)
        home = self.door.claim_home(self)
        home.mkdir(parents=True, exist_ok=True)
        env = self.door.env_for(self, home)
        master, slave = os.openpty()
        try:
            _set_size(slave, *self.size)
            os.set_blocking(master, False)
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tui.ssh_session",
                stdin=slave,
                stdout=slave,
                stderr=slave,
                start_new_session=True,
                cwd=str(home),
                env=env,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.master = master
        self.door.procs.add(self.proc.pid)
        self._read(True)

    def _read(self, on: bool) -> None:
        if self.master is None or on == self.reading:
            return
        loop = asyncio.get_running_loop()
        if on:
            loop.add_reader(self.master, self._readable)
        else:
            loop.remove_reader(self.master)
        self.reading = on

    def _readable(self) -> None:
        assert self.master is not None
        try:
            data = os.read(self.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError as exc:  # EIO: every copy of the slave side is closed
            if exc.errno != errno.EIO:
                self.door.echo_event(f"pty read failed for {self.username!r}: {exc}")
            data = b""
        if not data:
            self._read(False)
            return
        if self.first_output is None:
            self.first_output = time.monotonic()
        self.bytes_out += len(data)
        if not self.closed:
            self.chan.write(data)

    async def _drain(self) -> None:
        """Send what the app wrote just before it exited."""
        for _ in range(64):
            if self.master is None or not self.reading:
                return
            self._readable()
            await asyncio.sleep(0)

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.master is None:
            return
        if len(self.pending) + len(data) > MAX_PENDING_INPUT:
            return  # the app is not reading: drop keys rather than memory
        self.pending += data
        self._flush_input()

    def _flush_input(self) -> None:
        if self.master is None:
            return
        loop = asyncio.get_running_loop()
        while self.pending:
            try:
                sent = os.write(self.master, self.pending)
            except BlockingIOError:
                loop.add_writer(self.master, self._flush_input)
                return
            except OSError:
                self.pending.clear()
                break
            del self.pending[:sent]
        with contextlib.suppress(Exception):
            loop.remove_writer(self.master)

    def pause_writing(self) -> None:
        """The client reads slower than the app writes: stop reading the pty
        (the app then waits on its own writes; nothing piles up here)."""
        self.paused = True
        self._read(False)

    def resume_writing(self) -> None:
        self.paused = False
        self._read(True)

    def eof_received(self) -> bool:
        return True  # keep the channel half-open; the app decides when it ends

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.door.hang_up(self)

    # ---- ending

    def _close_master(self) -> None:
        if self.master is None:
            return
        loop = asyncio.get_running_loop()
        self._read(False)
        with contextlib.suppress(Exception):
            loop.remove_writer(self.master)
        with contextlib.suppress(OSError):
            os.close(self.master)
        self.master = None

    async def end(self) -> None:
        """Hang the pty up (SIGHUP), then SIGKILL the app if it has not gone."""
        proc = self.proc
        self._close_master()
        if proc is None or proc.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGHUP)
        try:
            await asyncio.wait_for(proc.wait(), HANGUP_GRACE)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            await proc.wait()


class _Server(asyncssh.SSHServer):
    """One SSH connection: its login, then its sessions (nothing else)."""

    def __init__(self, door: SSHDoor) -> None:
        self.door = door
        self.username = "guest"
        self.conn: Any = None
        self.address = ""
        """The client's source address, as the table's port names it ("": unknown)."""
        self.tries = 0
        self.hanging_up = False

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        self.door.connected(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.disconnected(self)

    def auth_completed(self) -> None:
        self.door.logged_in(self)

    def drop(self) -> None:
        """Close the connection at once (no room for it)."""
        self.hanging_up = True
        asyncio.get_running_loop().call_soon(self._abort)

    def _abort(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.abort()

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return self.door.config.needs_login

    def password_auth_supported(self) -> bool:
        # Still offered while hanging up: a client that tries again then hears why.
        return self.door.config.password is not None

    async def validate_password(self, username: str, password: str) -> bool:
        """Whether ``password`` is the door's.  Every wrong one is answered after the
        wait the address's budget gives; after :data:`MAX_PASSWORD_TRIES` on this
        connection, or once the address's budget is spent, the door hangs up.  A
        locked-out address is refused without its password being looked at."""
        expected = self.door.config.password
        if expected is None or self.hanging_up:
            return False
        budget = self.door.budget
        if not budget.allowed(self.address):
            self.door.refusals.refused(ADDRESS_LOCKED_OUT, self.address)
            self._hang_up(locked_out(budget, self.address))
            return False
        if self.tries >= MAX_PASSWORD_TRIES:  # a try sent before the last answer
            self._hang_up(TOO_MANY_TRIES)
            return False
        if hmac.compare_digest(password.encode("utf-8"), expected.encode("utf-8")):
            budget.success(self.address)
            return True
        # Counted before the wait: a client that sends its next try without waiting
        # for the answer cancels this one's wait, not its count.
        self.tries += 1
        delay = budget.failure(self.address)
        self.door.refusals.refused(WRONG_PASSWORD, self.address)
        reason = None
        if not budget.allowed(self.address):
            reason = locked_out(budget, self.address)
        elif self.tries >= MAX_PASSWORD_TRIES:
            reason = TOO_MANY_TRIES
        try:
            await asyncio.sleep(delay)
        finally:
            if reason is not None:
                self._hang_up(reason)
        return False

    def _hang_up(self, reason: str) -> None:
        """Disconnect once the refusal in hand is sent (``reason`` is for the client)."""
        self.hanging_up = True
        asyncio.get_running_loop().call_soon(self._disconnect, reason)

    def _disconnect(self, reason: str) -> None:
        with contextlib.suppress(Exception):
            self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, reason)

    def session_requested(self) -> PtySession:
        return PtySession(self.door, self.username, self.address)

    def connection_requested(self, *args: Any) -> bool:
        return False  # no port forwarding

    def server_requested(self, *args: Any) -> bool:
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


class SSHDoor:
    """The SSH server; :meth:`start`, then :meth:`close`."""

    def __init__(self, config: DoorConfig, *, data_dir: Path, echo: Echo = _print) -> None:
        check_security(config)
        self.config = config
        self.echo = echo
        self.key_path = config.host_key or data_dir / HOST_KEY_NAME
        self.users_dir = config.data_dir or data_dir / "ssh-users"
        self.sessions: set[PtySession] = set()
        self.procs: set[int] = set()
        self.key: asyncssh.SSHKey | None = None
        self._acceptor: Any = None
        self._enders: set[asyncio.Task[None]] = set()
        self.finished: list[PtySession] = []
        """Sessions that ended (kept for the benchmark's byte counts; trimmed to 100)."""
        self.budget = (
            config.password_budget if config.password_budget is not None else AttemptBudget()
        )
        self.refusals = RefusalReporter(self.echo_event, interval=config.report_interval)
        self._reporting: asyncio.Task[None] | None = None
        # Every SSH connection counts, logged in or not (a connection is a file
        # descriptor, and a flood of idle ones once starved the table's port of them).
        self.open = ConnectionCounter(
            per_address=config.max_per_address + MAX_PENDING_PER_ADDRESS,
            total=2 * config.max_sessions + config.max_logins,
        )
        self._counted: dict[_Server, str | None] = {}
        self._logging_in: dict[_Server, None] = {}
        """Connections not logged in yet, oldest first."""

    @property
    def fingerprint(self) -> str:
        assert self.key is not None
        return fingerprint(self.key)

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return int(self._acceptor.get_port())

    def echo_event(self, text: str) -> None:
        self.echo(f"[{time.strftime('%H:%M:%S')}] ssh: {text}")

    async def start(self) -> None:
        """Load (or make) the host key and listen.  :class:`DoorError` if it cannot."""
        self.key = load_host_key(self.key_path, self.echo)
        options: dict[str, Any] = {
            "server_host_keys": [self.key],
            "encoding": None,
            "line_editor": False,
            "agent_forwarding": False,
            "x11_forwarding": False,
            "allow_scp": False,
            "login_timeout": 60,
            "keepalive_interval": 30,
            "server_version": "Purrch",
        }
        if self.config.authorized_keys is not None:
            options["authorized_client_keys"] = str(self.config.authorized_keys)
        try:
            self._acceptor = await asyncssh.create_server(
                lambda: _Server(self), self.config.bind or None, self.config.port, **options
            )
        except OSError as exc:
            raise DoorError(
                f"cannot listen for SSH on {self.config.bind}:{self.config.port}: "
                f"{exc.strerror or exc}"
            ) from None
        self._reporting = asyncio.get_running_loop().create_task(self._report())

    async def _report(self) -> None:
        """Write the refusals counted so far once their interval is over, even when no
        further refusal comes to do it."""
        while True:
            await asyncio.sleep(min(1.0, self.config.report_interval))
            self.refusals.flush()

    def connected(self, server: _Server) -> None:
        """A new SSH connection: dropped at once if its address, or the door, holds as
        many as it may; past :attr:`DoorConfig.max_logins` waiting to log in, the one
        that waited longest is dropped."""
        key = server.address or None
        refused = self.open.acquire(key)
        if refused is not None:
            kind = TOO_MANY_CONNECTIONS + refused.removeprefix("too many connections")
            self.refusals.refused(kind, server.address)
            server.drop()
            return
        self._counted[server] = key
        self._logging_in[server] = None
        if len(self._logging_in) > self.config.max_logins:
            oldest = next(iter(self._logging_in))
            del self._logging_in[oldest]
            self.refusals.refused(LOGINS_WAITING, oldest.address)
            oldest.drop()

    def logged_in(self, server: _Server) -> None:
        self._logging_in.pop(server, None)

    def disconnected(self, server: _Server) -> None:
        self._logging_in.pop(server, None)
        if server in self._counted:
            self.open.release(self._counted.pop(server))

    def admit(self, session: PtySession) -> str | None:
        """Count ``session`` in; or what its client is told if there is no room: the
        door is full, or its source address has :attr:`DoorConfig.max_per_address`
        sessions playing already."""
        limit = self.config.max_sessions
        if len(self.sessions) >= limit:
            self.refusals.refused(DOOR_FULL, session.address)
            playing = f"{limit} session{' is' if limit == 1 else 's are'} playing"
            return f"Purrch is full: {playing} on this machine. Try again later."
        per = self.config.max_per_address
        mine = sum(1 for s in self.sessions if s.address == session.address and not s.closed)
        if mine >= per:
            self.refusals.refused(TOO_MANY_FROM_ADDRESS, session.address)
            most = f"{per} session{'' if per == 1 else 's'}"
            return (
                f"Purrch is full for your address: it takes at most {most} at once "
                "from one address, and yours has that many playing. Try again later."
            )
        self.sessions.add(session)
        return None

    def release(self, session: PtySession) -> None:
        if session in self.sessions:
            self.sessions.discard(session)
            self.finished.append(session)
            del self.finished[:-100]
        session.released.set()
        if session.proc is not None and session.proc.returncode is not None:
            self.procs.discard(session.proc.pid)

    def hang_up(self, session: PtySession) -> None:
        """The client went: end its app (its LAN seat, if any, is held for it)."""
        task = asyncio.get_running_loop().create_task(session.end())
        self._enders.add(task)
        task.add_done_callback(self._enders.discard)

    def user_home(self, username: str, slot: int = 1) -> Path:
        """The data folder of ``username``'s ``slot``-th concurrent session."""
        name = login_folder(username)
        return self.users_dir / (name if slot == 1 else f"{name}~{slot}")

    async def let_go_of_ended(self, session: PtySession) -> None:
        """Wait (at most :data:`HANGUP_GRACE` and a second) for the sessions of
        ``session``'s login whose client has gone to end.

        A player who drops and logs in again at once must find their own folder
        (their seat token is there), not the next one: the app of the session
        that went is still ending (hung up, then killed) and holds it meanwhile.
        """
        folder = login_folder(session.username)
        ending = [
            s
            for s in self.sessions
            if s is not session and s.closed and login_folder(s.username) == folder
        ]
        if ending:
            waits = [asyncio.ensure_future(s.released.wait()) for s in ending]
            _done, pending = await asyncio.wait(waits, timeout=HANGUP_GRACE + 1.0)
            for wait in pending:
                wait.cancel()

    def claim_home(self, session: PtySession) -> Path:
        """The first of the login's folders no live session uses.

        Sessions of one login name share nothing while both run: two people who
        both log in as ``root`` do not share seat tokens (the second one would
        take the first one's seat), and one of them who drops and comes back
        while the other plays finds their own folder again.
        """
        busy = {s.home for s in self.sessions if s is not session}
        slot = 1
        while (home := self.user_home(session.username, slot)) in busy:
            slot += 1
        session.home = home
        return home

    def env_for(self, session: PtySession, home: Path) -> dict[str, str]:
        lang = "C.UTF-8"
        chan_env: dict[Any, Any] = {}
        with contextlib.suppress(Exception):
            chan_env = dict(session.chan.get_environment())
        for key in ("LC_ALL", "LC_CTYPE", "LANG"):
            value = chan_env.get(key)
            if isinstance(value, bytes):
                value = value.decode("utf-8", "replace")
            if isinstance(value, str) and value:
                lang = value if "utf" in value.lower().replace("-", "") else "C"
                break
        return session_env(self.config, home, session.username, session.term, lang)

    async def close(self) -> None:
        """Stop listening and end every session's app."""
        if self._reporting is not None:
            self._reporting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reporting
            self._reporting = None
        self.refusals.flush(force=True)
        if self._acceptor is not None:
            self._acceptor.close()
            with contextlib.suppress(Exception):
                await self._acceptor.wait_closed()
        for session in list(self.sessions):
            # Said once the app has ended, after the terminal is tidied up (its screen
            # and mouse modes would otherwise stay on: the app is stopped, not quit).
            session.farewell = b"\r\nThe host closed Purrch.\r\n"
            await session.end()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(session.released.wait(), 2.0)
        if self._enders:
            await asyncio.gather(*self._enders, return_exceptions=True)


def print_door(door: SSHDoor, echo: Echo = _print, *, beside_table: bool = False) -> None:
    """What the door says when it opens: where, the key's fingerprint, who may come in.
    ``beside_table``: the door of ``purrch host --ssh``, whose Ctrl+C stops the table
    and the door at once (the host says so): the door does not say it a second way."""
    config = door.config
    echo(f"SSH door on {address_text(config.bind, door.port)} (host key {door.fingerprint}).")
    port_flag = "" if door.port == 22 else f"-p {door.port} "
    where = config.bind if is_loopback(config.bind) else "THIS_MACHINE"
    if config.bind in ("0.0.0.0", "::", ""):
        where = (local_addresses() or ["THIS_MACHINE"])[0]
    echo(f"Players type:  ssh {port_flag}{where}")
    if config.password is not None:
        echo("They log in with the password you gave (--password).")
    elif config.authorized_keys is not None:
        echo(f"Only the keys in {config.authorized_keys} may log in.")
    elif config.open:
        echo("Anyone who can reach this port may play (--open).")
    else:
        echo("No login needed: only this machine can reach it.")
    echo(
        "Each SSH login name keeps its own saved game and seat: "
        "log in with the same name to come back."
    )
    stop = "" if beside_table else " Ctrl+C closes the door."
    echo(
        f"At most {config.max_sessions} sessions at once, {config.max_per_address} from one "
        f"address.{stop}"
    )
    if config.table is None:
        echo("Sessions get the menu (hot-seat and bots).")


# --------------------------------------------------------------------------- running


def run_door(config: DoorConfig, data_dir: Path, echo: Echo = _print) -> None:
    """``purrch ssh``: serve until Ctrl+C or SIGTERM (the host key and the logins'
    folders in ``data_dir``, unless ``config`` says where).  :class:`DoorError` if it
    cannot."""
    raise_open_files_limit()  # a crowd of connections must not run the door out of them
    asyncio.run(_serve_door(config, data_dir, echo))


async def _serve_door(config: DoorConfig, data_dir: Path, echo: Echo) -> None:
    door = SSHDoor(config, data_dir=data_dir, echo=echo)
    await door.start()
    print_door(door, echo)
    if config.table is not None:
        host, port = config.table
        echo(f"Sessions join the table at {host}:{port} (or watch it when it is full).")
    try:
        await until_stopped()
    finally:
        await door.close()
        echo("SSH door closed.")
