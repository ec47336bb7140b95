"""What ``purrch host`` and ``purrch join`` run, once ``tui.cli`` checked their arguments.

``host`` is headless: a :class:`engine.net.server.TableServer` on the asyncio
loop, with every seat change, the game's public log lines and the outcome
printed as they happen.  ``join`` connects a :class:`engine.net.connection.RemoteTable`,
then runs the app on that table: its waiting room until every player is there,
then the same game screen as hot-seat.

Textual is imported only by :func:`run_join`, after the connection worked.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import shlex
import sys
import time
from collections.abc import Callable, Collection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import __version__, invocation
from engine.game import Game
from engine.invocation import purrch
from engine.net import DEFAULT_PORT
from engine.net.connection import RemoteTable, data_dir
from engine.net.guard import AttemptBudget
from engine.net.host import HostConfig, TableHost
from engine.net.hosting import (
    LanError,
    address_text,
    connect_table,
    local_interfaces,
    lock_save,
    until_stopped,
)
from engine.net.protocol import shown_text
from engine.net.remote import LobbyInfo
from engine.net.server import TableServer
from engine.net.tcp import os_reason
from engine.savefile import SaveLock
from engine.session import SaveError
from tui.connection import ASK_PASSWORD, EVERYWHERE, resume_command
from tui.names import name_skeleton

if TYPE_CHECKING:
    from door.ssh import DoorConfig, SSHDoor
    from tui.app import PurrchApp
    from tui.settings import Settings

Echo = Callable[[str], None]


def _print(text: str) -> None:
    print(text, flush=True)


# --------------------------------------------------------------------------- host


def _join_hint(address: str, port: int, interface: str | None = None) -> str:
    where = f"   ({interface})" if interface else ""
    return f"  {purrch()} join {address_text(address, port)} --name YOUR_NAME{where}"


CONSOLE_HELP = (
    "Console commands (type one and press Enter): "
    "m mutes or unmutes the spectators' chat; s lists the seats; ? shows this."
)


def console_command(host: TableHost, line: str) -> str | None:
    """What one line typed at the host's console does; the reply to print (None:
    nothing to say, the host reports it itself)."""
    word = line.strip().lower()
    if not word:
        return None
    if word in ("m", "mute"):
        host.set_quiet_spectators(not host.config.quiet_spectators)
        return None
    if word in ("s", "seats"):
        return "; ".join(
            f"seat {i + 1}: {name or '-'} ({status})"
            for i, (name, status) in enumerate(host.seat_statuses())
        )
    if word in ("?", "h", "help"):
        return CONSOLE_HELP
    return f"Unknown command {shown_text(word)[:20]!r}. {CONSOLE_HELP}"


def read_console(host: TableHost, echo: Echo) -> Callable[[], None] | None:
    """Read console commands from the terminal the host runs in (not from a pipe or
    a service's /dev/null); returns what stops reading (None: nothing to read)."""
    try:
        if not sys.stdin.isatty():
            return None
        fd = sys.stdin.fileno()
    except (AttributeError, ValueError, OSError):
        return None
    loop = asyncio.get_running_loop()

    def readable() -> None:
        try:
            line = os.read(fd, 4096).decode("utf-8", "replace")
        except OSError:
            line = ""
        if not line:  # Ctrl+D: no more commands, the table goes on
            loop.remove_reader(fd)
            return
        for one in line.splitlines():
            reply = console_command(host, one)
            if reply is not None:
                echo(reply)

    def stop() -> None:
        loop.remove_reader(fd)

    loop.add_reader(fd, readable)
    return stop


class HostConsole:
    """Prints what the host reports, with the time, on one line each.

    ``hold``: lines reported before :meth:`release` wait for it (a resumed table
    reports "Resumed game 1..." before ``purrch host`` has printed its banner).
    """

    def __init__(self, echo: Echo = _print, *, moves: bool = True, hold: bool = False) -> None:
        self.echo = echo
        self.moves = moves
        self._held: list[str] | None = [] if hold else None

    def __call__(self, kind: str, text: str) -> None:
        if kind == "move":
            if self.moves:
                self._line(f"           {text}")
            return
        stamp = time.strftime("%H:%M:%S")
        prefix = {"warning": "warning: ", "chat": "chat: "}.get(kind, "")
        self._line(f"[{stamp}] {prefix}{text}")

    def _line(self, line: str) -> None:
        if self._held is not None:
            self._held.append(line)
        else:
            self.echo(line)

    def discard(self) -> None:
        """Forget the lines held so far (the table never opened: they would mislead)."""
        if self._held is not None:
            self._held.clear()

    def release(self) -> None:
        """Print the lines held so far; print every later one at once."""
        held, self._held = self._held, None
        for line in held or ():
            self.echo(line)


def run_host(
    game: Game[Any] | None,
    config: HostConfig,
    *,
    resume: Path | None,
    overrides: Collection[str] = (),
    door: DoorConfig | None = None,
    echo: Echo = _print,
) -> None:
    """Serve one table until Ctrl+C or SIGTERM.  :class:`LanError` if it cannot.

    It listens on ``config.bind`` and ``config.port`` (None: every interface,
    :data:`DEFAULT_PORT`).  With ``resume``, the table's settings come from its
    save (:meth:`TableHost.resume`) except ``overrides``, the flags given.  With
    ``door``, an SSH front door opens beside it (where the table listens), whose
    sessions join this table.
    """
    console = HostConsole(echo, hold=True)  # until the banner is out
    config = dataclasses.replace(
        config,
        name_skeleton=name_skeleton,  # look-alikes refused
        # One wrong-password budget per address for the table's port and its SSH door.
        password_budget=config.password_budget or AttemptBudget(),
    )
    try:
        if resume is not None:
            host = TableHost.resume(resume, config, overrides=overrides, report=console)
        else:
            assert game is not None
            host = TableHost(game, config, report=console)
    except (SaveError, ValueError) as exc:
        hint = "" if resume is None else _recover_hint(resume, config)
        raise LanError(f"{exc}{hint}", code=2) from None
    config = host.config
    bind = EVERYWHERE if config.bind is None else config.bind
    port = DEFAULT_PORT if config.port is None else config.port
    if door is not None:
        door.bind = bind
        _check_door(host, door)
    try:
        asyncio.run(
            _serve(host, bind=bind, port=port, door_config=door, echo=echo, console=console)
        )
    except LanError:
        console.discard()  # "Resumed game 1..." of a table that did not open
        raise
    finally:
        console.release()


def _recover_hint(path: Path, config: HostConfig) -> str:
    """For an error about the LAN save at ``path``: the command that continues from
    the intact temporary file beside it, if there is one ("" if not)."""
    from tui.saves import intact_tmp

    def loads(tmp: Path) -> None:
        try:
            TableHost.resume(tmp, config)
        except ValueError as exc:  # SaveError is one
            raise SaveError(str(exc)) from None

    tmp = intact_tmp(path, loads)
    if tmp is None:
        return ""
    command = invocation.command("host", "--resume", str(tmp), "--save", str(path))
    return (
        "; an intact copy of the table (its last save, or the one before) is beside it: "
        f"`{command}` continues from it"
    )


def _check_door(host: TableHost, door: DoorConfig) -> None:
    """:class:`LanError` unless the SSH door can open beside ``host``'s table."""
    from door.ssh import DoorError, check_security

    if host.has_password and host.config.password is None:
        raise LanError(
            "--ssh at a resumed table with a password needs --password again: the save "
            "keeps only a hash of it, and the door's players join with the password",
            code=2,
        )
    try:
        check_security(door)
    except DoorError as exc:
        raise LanError(str(exc), code=2) from None


def _resume_command(host: TableHost, door: DoorConfig | None) -> str:
    """``purrch host --resume SAVE``, with the SSH door's flags if it has one (a resumed
    table opens none by itself), and then ``--password PASSWORD`` if the table has a
    password (the door's players join with it, and the save keeps only its hash)."""
    assert host.config.save_path is not None
    flags: list[str] = []
    if door is not None:
        from door import DEFAULT_MAX_PER_ADDRESS, DEFAULT_MAX_SESSIONS

        flags += ["--ssh", str(door.port)]
        if door.authorized_keys is not None:
            flags += ["--authorized-keys", shlex.quote(str(door.authorized_keys))]
        if door.open:
            flags.append("--open")
        if door.max_sessions != DEFAULT_MAX_SESSIONS:
            flags += ["--max-sessions", str(door.max_sessions)]
        if door.max_per_address != DEFAULT_MAX_PER_ADDRESS:
            flags += ["--max-per-address", str(door.max_per_address)]
        if host.has_password:
            flags += ASK_PASSWORD
    return resume_command(host.config.save_path, flags=flags)


def _counted(n: int, noun: str) -> str:
    """``1 player``, ``2 players``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def resumed_line(host: TableHost, bind: str, port: int) -> str:
    """What a resumed table kept from its save, and what the flags changed."""
    saved = host.saved_settings
    if saved is None:
        return (
            "Resumed from an older save: it does not keep the table's address, port, "
            "password or away timeout, so the defaults and the flags given apply."
        )
    where = address_text(bind, port)
    if saved.bind is None or saved.port is None:
        parts = [f"listening on {where}"]
    elif (saved.bind, saved.port) == (bind, port):
        parts = [f"listening on {where} as before"]
    else:
        parts = [f"listening on {where} as given (it was {address_text(saved.bind, saved.port)})"]
    if "password" in host.restored:
        parts.append(
            "the table keeps its password" if host.has_password else "no password, as before"
        )
    elif host.has_password:
        given = host.config.password
        if saved.password is not None and given is not None and saved.password.matches(given):
            parts.append("the table keeps its password (given again)")
        else:
            parts.append("the table's password is the new --password")
    else:
        parts.append("no password")
    return (
        f"Resumed: {'; '.join(parts)} "
        "(--bind, --port, --password, --away-timeout given with --resume change them)."
    )


def dial_address(bind: str) -> str:
    """The address a process on this machine dials to reach a server bound to ``bind``."""
    if bind in ("", "0.0.0.0", "localhost"):
        return "127.0.0.1"
    if bind == "::":
        return "::1"
    return bind


async def _serve(
    host: TableHost,
    *,
    bind: str,
    port: int,
    door_config: DoorConfig | None,
    echo: Echo,
    console: HostConsole | None = None,
) -> None:
    server = TableServer(host)
    config = host.config
    lock: SaveLock | None = None
    if config.save_path is not None:
        # A resumed table's save (or --save): locked before anything may write it
        # (a refused host's shutdown save would overwrite the running one's).
        lock = lock_save(Path(config.save_path))
    try:
        try:
            await server.start(bind, port)
        except OSError as exc:
            hint = ""
            if "port" in host.restored:
                hint = " (the table's port before: --port chooses another, and the players "
                hint += "then join there)"
            where = address_text(bind, port)
            raise LanError(f"cannot listen on {where}: {os_reason(exc)}{hint}") from None
        port = server.port  # kept in the config (the save): --resume listens here again
        if lock is None:  # the default file, named after the port (a new table: no save yet)
            config.save_path = data_dir() / f"lan-{host.game.id}-{port}.json"
            try:
                lock = lock_save(config.save_path)
            except LanError:
                await server.close("The host stopped the table.")
                raise
        await _serve_locked(
            host, server, bind=bind, port=port, door_config=door_config, echo=echo, console=console
        )
    finally:
        if lock is not None:
            lock.release()


async def _serve_locked(
    host: TableHost,
    server: TableServer,
    *,
    bind: str,
    port: int,
    door_config: DoorConfig | None,
    echo: Echo,
    console: HostConsole | None,
) -> None:
    config = host.config
    bots = len(host.seat_statuses()) - host.humans
    seats = f"{_counted(host.humans, 'player')} and {_counted(bots, 'bot')} ({host.bot_level})"
    if bots == 0:
        seats = f"all for players ({host.bot_level} bots stand in for away players)"
    echo(f"Purrch {__version__} hosts {host.game.title}: {host.humans + bots} seats, {seats}.")
    for address, real_port in server.addresses:
        echo(f"Listening on {address}:{real_port}")
    if host.resumed_from is not None:
        echo(resumed_line(host, bind, port))
    if bind in ("0.0.0.0", "::", ""):
        echo(
            "That is every network interface, since that is what a meetup needs "
            "(--bind 127.0.0.1 keeps the table on this machine)."
        )
        addresses = local_interfaces() or [("THIS_MACHINE'S_ADDRESS", None)]
    else:
        addresses = [(bind, None)]
    echo("Players join with:")
    for address, interface in addresses:
        echo(_join_hint(address, port, interface))
    if host.has_password:
        echo("The table has a password: add --password to the join command.")
    echo(f"Autosave: {config.save_path}")
    again = _resume_command(host, door_config)
    resume = f"`{again}` continues the game"
    if host.started:
        echo(f"  (after a crash, {resume})")
    else:  # nothing is saved before the game starts: a crash then loses only the joins
        echo(f"  (from the start of the game: after a crash, {resume})")
    before = ", as before" if "away_timeout" in host.restored else ""
    if config.away_timeout is not None:
        echo(f"A bot plays for a player away more than {config.away_timeout:g} s{before}.")
    elif before:
        echo("No bot plays for a player who is away, as before.")
    door: SSHDoor | None = None
    if door_config is not None:
        from door.ssh import DoorError, SSHDoor, print_door
        from tui.settings import data_dir as app_data_dir

        door_config.table = (dial_address(bind), port)
        door_config.table_password = config.password
        if door_config.password_budget is None:
            # The table's own (run_host gives it one): a wrong password on either port
            # spends the address's one budget.  None: the door makes its own.
            door_config.password_budget = config.password_budget
        try:
            door = SSHDoor(door_config, data_dir=app_data_dir(), echo=echo)
            await door.start()
        except DoorError as exc:
            await server.close("The host stopped the table.")
            raise LanError(str(exc), code=2) from None
        print_door(door, echo, beside_table=True)
        echo("SSH players land in a short name screen, then take a seat (or watch when full).")
    also = " and its SSH door" if door is not None else ""
    echo(f"Ctrl+C stops the table{also} (the game stays saved).")
    stop_reading = read_console(host, echo)
    if stop_reading is not None:
        echo("Type m and Enter to mute or unmute the spectators' chat (? and Enter: more).")
    if not host.started:
        echo(f"Waiting for {_counted(host.waiting_for, 'player')}...")
    if console is not None:
        console.release()

    try:
        await until_stopped()
    finally:
        if stop_reading is not None:
            stop_reading()
        if door is not None:
            await door.close()
        await server.close("The host stopped the table.")
        if host.table is not None and config.save_path is not None:
            if host.save_error:
                echo(f"warning: {host.save_error}")
            elif host.table.is_over:
                echo(
                    f"Stopped.  `{again}` opens the table "
                    "again with the same seats, for another game."
                )
            else:
                echo(f"Stopped.  `{again}` continues with the same seats.")
        else:
            echo("Stopped.")


# --------------------------------------------------------------------------- join


def _lobby_line(remote: RemoteTable, lobby: LobbyInfo) -> str:
    names = [s.name for s in lobby.seats if s.kind == "player" and s.name]
    here = ", ".join(names) if names else "nobody yet"
    missing = lobby.waiting_for
    more = f"waiting for {missing} more player{'s' if missing != 1 else ''}"
    return f"At the table: {here}; {more}..."


async def connect_and_wait(
    host: str,
    port: int,
    *,
    name: str,
    spectate: bool,
    password: str | None,
    playable: Callable[[str], bool],
    echo: Echo = _print,
) -> RemoteTable:
    """Join, then print the waiting room until the game starts (headless).  :class:`LanError`."""
    remote = await connect_table(
        host, port, name=name, spectate=spectate, password=password, playable=playable
    )
    where = f"{host}:{port}"
    if remote.seat is None:
        echo(f"Watching {remote.title} on {where}.")
    else:
        echo(f"Joined {remote.title} on {where} as {remote.name}, seat {remote.seat + 1}.")
    if not remote.started:
        last = ""

        def on_message(msg: dict[str, Any]) -> None:
            nonlocal last
            if msg["type"] in ("welcome", "lobby") and not remote.lobby.started:
                line = _lobby_line(remote, remote.lobby)
                if line != last:
                    echo(line)
                    last = line
            elif msg["type"] == "connection":
                echo(str(msg["message"]))

        on_message({"type": "lobby"})
        unlisten = remote.listen(on_message)
        try:
            await remote.wait_started()
        except ConnectionError:
            await remote.close()
            raise LanError(remote.last_error or "the connection to the host was lost") from None
        finally:
            unlisten()
    return remote


def run_join(
    host: str,
    port: int,
    *,
    name: str,
    spectate: bool,
    password: str | None,
    settings: Settings,
) -> None:
    """Join the table at ``host``:``port`` and play it in the app.  :class:`LanError`."""
    try:
        asyncio.run(
            _join(host, port, name=name, spectate=spectate, password=password, settings=settings)
        )
    except KeyboardInterrupt:  # Ctrl+C in the waiting room (the app handles its own)
        _print("Left the table.")


async def _join(
    host: str,
    port: int,
    *,
    name: str,
    spectate: bool,
    password: str | None,
    settings: Settings,
) -> None:
    from tui.seating import has_screen

    # The screen stays as it is until the app starts: say what is going on.
    _print(f"Connecting to {address_text(host, port)}...")
    remote = await connect_table(
        host, port, name=name, spectate=spectate, password=password, playable=has_screen
    )
    settings.autosave = None  # the host saves the game
    try:
        app = remote_app(settings, remote)
        await app.run_async()
    finally:
        await remote.close()
    if app.exit_note:
        _print(app.exit_note)
    elif not app.return_code:  # the terminal's last line said "Connecting to..."
        _print(f"Left the table on {address_text(host, port)}.")
    if app.return_code:  # the app failed (Textual printed why): say so to the shell
        raise LanError("the app stopped on an error (above)", code=app.return_code)


def remote_app(settings: Settings, remote: RemoteTable) -> PurrchApp:
    """The app at ``remote``'s table: the waiting room until the game starts, then its
    game screen; "again" asks the host for another game, "menu" leaves the table."""
    from tui.app import PurrchApp

    return PurrchApp(settings, remote)
