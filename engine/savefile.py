"""Save files written so that a killed process never leaves one half written.

Shared by the hot-seat :class:`engine.session.Table` (durable saves) and the LAN
host (quick autosaves, fsynced later off the event loop): see
:func:`write_atomically`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path

__all__ = ["fsync_saved", "read_save", "write_atomically"]


def write_atomically(path: Path, text: str, *, durable: bool = True) -> None:
    """Write ``text`` to ``path`` so that a killed process never leaves it half written.

    ``durable`` (explicit saves, shutdown): a temporary file, fsync, renamed over
    ``path``, fsync of the folder; then a power cut or an operating-system crash
    cannot lose it either.

    Not ``durable`` (the autosave, on the answer path): ``.NAME.tmp`` is written,
    ``path`` removed and the temporary file renamed to it, with no fsync
    (:func:`fsync_saved` does that later, off the event loop).  At every instant
    ``path`` or, between the removal and the rename, ``.NAME.tmp`` holds a
    complete save, and :func:`read_save` reads whichever is there.  Removing
    first is what makes this cheap: renaming *over* a file makes ext4 push the
    new data to the disk there and then (``auto_da_alloc``), 5-10 times the cost
    of the whole write, with long tails.  The price: until the fsync (a few
    milliseconds later), a power cut may leave an empty or partial file.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    if not durable:
        tmp = path.with_name(f".{path.name}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            data = memoryview(text.encode("utf-8"))
            while data:  # a short write (a full disk) raises on the next try
                data = data[os.write(fd, data) :]
        finally:
            os.close(fd)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        os.rename(tmp, path)
        return
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
    _fsync_folder(path.parent)


def read_save(path: Path) -> str:
    """The text of the save at ``path``, or of ``.NAME.tmp`` if the process was
    killed between the two steps of a :func:`write_atomically` rename (``path``
    is then missing and the temporary file complete).  :class:`OSError`
    (FileNotFoundError if neither exists), :class:`UnicodeDecodeError`."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        tmp = path.with_name(f".{path.name}.tmp")
        if not tmp.exists():
            raise
        return tmp.read_text(encoding="utf-8")


def fsync_saved(path: Path) -> None:
    """fsync the file at ``path`` and its folder (after :func:`write_atomically`
    with ``durable=False``).  Safe in any thread (it touches no host state), and
    while the file is being replaced: it then syncs the old or the new file, and
    the new one is due again.  Raises :class:`OSError`."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:  # a newer save is being renamed in: it is due again
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; file systems that cannot fsync a
    folder, and other systems, are left as they are)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
            raise
    finally:
        os.close(fd)
