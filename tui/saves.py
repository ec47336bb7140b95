"""A save that cannot be loaded, and the intact temporary file beside it.

A write of a save leaves a temporary file beside it at times (see
:func:`engine.savefile.temporary_saves`): after a power cut the save may be empty
or cut short while the temporary file holds a whole game.  The errors about such a
save say so, with the command that recovers it; ``purrch resume FILE --from-tmp``
checks the temporary file as it would the save, then makes it the save again.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from engine.invocation import command
from engine.savefile import temporary_saves
from engine.session import SaveError, Table


def intact_tmp(path: Path, check: Callable[[Path], object] | None = None) -> Path | None:
    """The newest temporary file beside ``path`` that ``check`` accepts (by default:
    a hot-seat game :meth:`Table.load` reads, that is not over), or None."""
    for tmp in temporary_saves(path):
        try:
            (check or _playable)(tmp)
        except SaveError:
            continue
        return tmp
    return None


def _playable(tmp: Path) -> Table:
    table = Table.load(tmp, autosave=tmp)  # refuses a LAN table's save
    if table.is_over:
        raise SaveError(f"the game saved in {tmp} is over")
    return table


def recover_command(path: Path) -> str | None:
    """``purrch resume PATH --from-tmp`` if an intact copy of the game that the save at
    ``path`` should hold is beside it, else None."""
    if intact_tmp(path) is None:
        return None
    return command("resume", str(path), "--from-tmp")


def resume_hint(path: Path, *, quit_first: bool = False) -> str:
    """For an error about the hot-seat save at ``path``: that an intact copy of the
    game is beside it, and the command that continues from it ("" if there is none).
    ``quit_first``: the app holds the save (the command works once it has quit)."""
    command = recover_command(path)
    if command is None:
        return ""
    then = "quit, then " if quit_first else ""
    return f"; an intact copy of the game is beside it: {then}`{command}` continues from it"


def recover_from_tmp(path: Path) -> tuple[Path, Path | None]:
    """Make the intact temporary file beside the save at ``path`` the save again, when
    the save itself cannot be loaded.  Returns the file used and where the damaged
    save was kept (``<name>-damaged.json``; None if there was none).
    :class:`SaveError`, changing nothing, when the save loads, or when no temporary
    file holds a game to carry on (the message says what is wrong with each)."""
    try:
        Table.load(path, autosave=path)
    except SaveError as exc:
        damage = str(exc)
    else:
        raise SaveError(
            f"the save {path} loads: `{command('resume', str(path))}` continues it "
            "(--from-tmp is for a save that cannot be loaded)"
        )
    tmps = temporary_saves(path)
    if not tmps:
        raise SaveError(f"{damage}; and there is no temporary file beside it to recover from")
    reasons = []
    for tmp in tmps:
        try:
            _playable(tmp)
        except SaveError as exc:
            reasons.append(str(exc))
            continue
        kept: Path | None = None
        if path.exists():
            kept = path.with_name(f"{path.stem}-damaged{path.suffix}")
            os.replace(path, kept)
        os.replace(tmp, path)
        return tmp, kept
    raise SaveError(
        f"{damage}; the temporary file beside it cannot be used either "
        f"({'; '.join(reasons)}): nothing was changed"
    )
