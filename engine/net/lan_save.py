"""LAN save files: writing a LAN table's save (autosave and fsync book-keeping) and
reading one back for :meth:`engine.net.host.TableHost.resume`.

Its one job is the file.  A LAN save is the table's own save
(:meth:`engine.session.Table.to_json_text`) with a ``lan`` section (:func:`lan_json`):
who plays where, the seats' token hashes, and how the table is hosted
(:data:`SETTINGS`: the address and port the adapter listens on, the away timeout,
the password's salted hash).

Saving
    With ``save_path`` set, the host autosaves after every change, before any
    update about it is sent (:meth:`LanSaver.autosave`): written to a temporary
    file in the same folder, then renamed over the save (``os.replace``; the quick
    autosave of :func:`engine.savefile.write_atomically` swaps the names instead).
    Once renamed, the save survives the host process being killed (even with
    SIGKILL: the data is in the operating system's cache), so nothing a client
    saw is lost.  (Saving just after the updates would be quicker, but a host
    killed in between would resume from before a move some client saw the
    result of, a drawn card say, and that client could then play it again,
    differently.)  Surviving a power cut or an operating-system crash also takes
    an fsync of the file and of its folder, which costs milliseconds: by default
    the autosave does it too (the temporary file before the rename, the folder
    after it), but an adapter that sets :attr:`LanSaver.defer_fsync` (the asyncio
    server does, through :attr:`TableHost.defer_fsync`) takes it off the way to
    the updates: autosaves only write and rename, and the adapter fsyncs later,
    off its event loop (:meth:`LanSaver.take_fsync`, :func:`fsync_saved`,
    :meth:`LanSaver.fsync_done`).  :meth:`LanSaver.save` is always durable.  A
    failed write or fsync is a warning (and :attr:`LanSaver.error`): the game
    goes on.

Reading
    :func:`read_lan_save` reads and checks a save (one-line :class:`SaveError`
    messages); :func:`restored_settings` says which settings a resumed table
    takes from it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import JSON
from engine.game import Game
from engine.invocation import command
from engine.net.auth import PasswordHash
from engine.net.config import HostConfig
from engine.net.seats import Seats
from engine.savefile import fsync_saved, read_save
from engine.session import SaveError, Table

__all__ = [
    "LAN_FORMAT",
    "LAN_VERSION",
    "SETTINGS",
    "LanSaver",
    "SavedLan",
    "SavedSettings",
    "fsync_saved",
    "lan_json",
    "read_lan_save",
    "restored_settings",
    "resumed_config",
]

LAN_FORMAT = "purrch-lan"
LAN_VERSION = 2
"""Version 2 added the table's settings (:data:`SETTINGS`); version 1 saves still load."""

SETTINGS: tuple[str, ...] = ("bind", "port", "away_timeout", "password")
"""The table settings a LAN save keeps and :meth:`TableHost.resume` restores."""

Writer = Callable[[Path, str, bool], None]
"""``write(path, text, durable)``: put ``text`` at ``path`` atomically."""


# ---------------------------------------------------------------------- writing


def lan_json(
    seats: Seats,
    *,
    game_number: int,
    bot_level: str,
    config: HostConfig,
    password: PasswordHash | None,
) -> dict[str, JSON]:
    """The part of a save only the LAN host needs: who plays where, token hashes,
    and the table's settings (:data:`SETTINGS`; the password only as a salted hash)."""
    return {
        "format": LAN_FORMAT,
        "version": LAN_VERSION,
        "humans": seats.humans_json(),
        "tokens": seats.tokens_json(),
        "game_number": game_number,
        "bot_level": bot_level,
        "bind": config.bind,
        "port": config.port,
        "away_timeout": config.away_timeout,
        "password": None if password is None else password.to_json(),
    }


class LanSaver:
    """Writes one table's save and keeps what its fsyncs owe (see *Saving* above)."""

    def __init__(self, write: Writer, warn: Callable[[str], None]) -> None:
        self._write = write
        self._warn = warn
        self.error: str | None = None
        """The last autosave failure (None when the last autosave worked)."""
        self._error_of_fsync = False
        self.defer_fsync = False
        """Set by an adapter that fsyncs autosaves itself, later: autosaves then only
        write a temporary file and swap it in (enough against the
        process being killed), and :meth:`take_fsync` tells the adapter what to
        fsync.  Only on POSIX systems (elsewhere every autosave stays durable)."""
        self._fsync_due: Path | None = None

    def save(self, path: Path, text: str) -> None:
        """Write ``text`` to ``path`` atomically and durably: a temporary file, fsync,
        rename over ``path``, fsync of the folder."""
        self._write(path, text, True)

    def autosave(self, path: Path, text: Callable[[], str]) -> None:
        """The autosave of ``text()``: a failure to write is a warning, not an error."""
        durable = not (self.defer_fsync and os.name == "posix")
        try:
            self._write(path, text(), durable)
        except OSError as exc:  # a full disk must not stop the game
            self._failed(f"could not autosave to {path}: {exc.strerror or exc}")
            return
        if durable or not self._error_of_fsync:  # a failed fsync lasts until one works
            self.error = None
            self._error_of_fsync = False
        # Durable: nothing older needs an fsync any more.  Else one is due (one
        # flag, not a queue: a burst of autosaves takes a single fsync).
        self._fsync_due = None if durable else path

    def _failed(self, error: str, *, fsync: bool = False) -> None:
        if error != self.error:
            self._warn(error)
        self.error = error
        self._error_of_fsync = fsync

    @property
    def fsync_pending(self) -> bool:
        """Whether an autosave waits for its fsync (see :meth:`take_fsync`)."""
        return self._fsync_due is not None

    def take_fsync(self) -> Path | None:
        """The save file to fsync now (None: nothing is due); it is then no longer due.

        With :attr:`defer_fsync` set, every autosave makes its file due.  The
        adapter calls this after each call into the host, and while no fsync of
        its own is running: it runs :func:`fsync_saved` on the path (in a
        thread: the host is not touched there) and then :meth:`fsync_done`.
        An autosave made after this call makes the file due again, so the last
        save always gets an fsync that starts after it.
        """
        path, self._fsync_due = self._fsync_due, None
        return path

    def fsync_done(self, path: Path, error: BaseException | None = None) -> None:
        """The fsync of :meth:`take_fsync`'s ``path`` ended (``error``: it failed).

        A failure is reported as a warning (once while it lasts) and kept in
        :attr:`error`, unless the last save could not even be written (that
        warning, already given, says more); the game goes on.
        """
        if error is not None:
            if self.error is not None and not self._error_of_fsync:
                return
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            self._failed(f"could not autosave to {path}: {reason} (syncing it to disk)", fsync=True)
        elif self._error_of_fsync:
            self.error = None
            self._error_of_fsync = False


# ---------------------------------------------------------------------- reading


@dataclass(frozen=True, slots=True)
class SavedSettings:
    """How a resumed table was hosted, as its save (version 2 on) said."""

    bind: str | None
    """None: the save does not know (a table an adapter never reported)."""
    port: int | None
    away_timeout: float | None
    """None: no bot ever took an away player's seat."""
    password: PasswordHash | None
    """None: the table had no password."""

    @classmethod
    def from_lan_json(cls, lan: Mapping[str, object]) -> SavedSettings:
        """The settings of a save's ``lan`` section; KeyError, TypeError, ValueError."""
        bind, port, away = lan["bind"], lan["port"], lan["away_timeout"]
        if bind is not None and (not isinstance(bind, str) or not bind.strip()):
            raise ValueError("bad 'bind'")
        if port is not None and (
            isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535
        ):
            raise ValueError("bad 'port'")
        if away is not None and (
            isinstance(away, bool)
            or not isinstance(away, int | float)
            or not 0 <= away < float("inf")
        ):
            raise ValueError("bad 'away_timeout'")
        password = lan["password"]
        return cls(
            bind=bind,
            port=port,
            away_timeout=None if away is None else float(away),
            password=None if password is None else PasswordHash.from_json(password),
        )


@dataclass(frozen=True, slots=True)
class SavedLan:
    """A LAN save as read back: the table and what the ``lan`` section says."""

    table: Table
    humans: list[bool]
    """Which seats are people's."""
    hashes: list[object]
    """Each seat's token hash as saved (checked when the seats are restored)."""
    game_number: int
    bot_level: str
    settings: SavedSettings | None
    """None: a save older than :data:`SETTINGS` (LAN version 1)."""


def read_lan_save(
    path: Path,
    *,
    clock: Callable[[], float],
    games: Mapping[str, Game[Any]] | None = None,
) -> SavedLan:
    """Read the LAN save at ``path``; :class:`SaveError` with a one-line message."""
    try:
        text = read_save(path)
    except FileNotFoundError:
        raise SaveError(f"no saved game at {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"cannot read {path}: {exc}") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveError(f"{path} is not a Purrch save (invalid JSON)") from None
    lan = data.get("lan") if isinstance(data, dict) else None
    if not isinstance(lan, dict) or lan.get("format") != LAN_FORMAT:
        raise SaveError(
            f"{path} is not a LAN table save (no seats and tokens in it): "
            f"`{command('resume')}` continues hot-seat games"
        )
    version = lan.get("version")
    if version not in (1, LAN_VERSION) or isinstance(version, bool):
        raise SaveError(f"unsupported LAN save version {version!r}")
    table = Table.from_json(data, clock=clock, games=games)
    n = table.n_seats
    try:
        humans = [bool(h) for h in lan["humans"]]
        hashes = lan["tokens"]
        number = int(lan["game_number"])
        level = str(lan["bot_level"])
        if len(humans) != n or not isinstance(hashes, list) or len(hashes) != n:
            raise ValueError("the seats do not match")
        if not any(humans):
            raise ValueError("no seat for a player")
        saved = None if version == 1 else SavedSettings.from_lan_json(lan)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"damaged LAN save: {exc}") from None
    return SavedLan(table, humans, list(hashes), number, level, saved)


def restored_settings(saved: SavedSettings | None, overrides: Collection[str]) -> dict[str, Any]:
    """The :class:`HostConfig` fields a resumed table takes from its save: every
    setting the save knows, except those named in ``overrides``."""
    restored: dict[str, Any] = {}
    if saved is not None:
        if "bind" not in overrides and saved.bind is not None:
            restored["bind"] = saved.bind
        if "port" not in overrides and saved.port is not None:
            restored["port"] = saved.port
        if "away_timeout" not in overrides:
            restored["away_timeout"] = saved.away_timeout
        if "password" not in overrides:
            restored["password"] = None
            restored["password_hash"] = saved.password
    return restored


def resumed_config(
    saved: SavedLan, config: HostConfig | None, overrides: Collection[str], path: Path
) -> tuple[HostConfig, frozenset[str]]:
    """How the table of ``saved`` (read from ``path``) is hosted again, and which
    :data:`SETTINGS` came from the save: the game's own settings (seats, bot level,
    seed, options, timings) from the save, the limits from ``config``, the table's
    settings from the save except those named in ``overrides``."""
    table, n = saved.table, saved.table.n_seats
    base = config or HostConfig(players=n)
    restored = restored_settings(saved.settings, overrides)
    merged = HostConfig(
        **{
            **base.__dict__,
            **restored,
            "players": n,
            "bots": n - sum(saved.humans),
            "bot_level": saved.bot_level,
            "seed": table.seed,
            "options": table.options,
            "window_seconds": table.window_seconds,
            "bot_delay": table.bot_delay,
            "save_path": base.save_path or path,
        }
    )
    return merged, frozenset(name for name in SETTINGS if name in restored)
