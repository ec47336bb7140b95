"""Save files written so that a killed process never leaves one half written.

Shared by the hot-seat :class:`engine.session.Table` (durable saves) and the LAN
host (quick autosaves, fsynced later off the event loop): see
:func:`write_atomically`.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

__all__ = [
    "SaveInUse",
    "SaveLock",
    "fsync_saved",
    "read_save",
    "temporary_saves",
    "write_atomically",
]


def write_atomically(path: Path, text: str, *, durable: bool = True) -> None:
    """Write ``text`` to ``path`` so that a killed process never leaves it half written.

    ``durable`` (explicit saves, shutdown): a temporary file, fsync, renamed over
    ``path``, fsync of the folder; then a power cut or an operating-system crash
    cannot lose it either.

    Not ``durable`` (the autosave, on the answer path): the text is written into
    ``.NAME.tmp`` and, on Linux, the two names are swapped in one atomic step
    (``renameat2`` with ``RENAME_EXCHANGE``), so ``path`` holds the new save and
    ``.NAME.tmp`` the one before, which the next autosave overwrites in place.
    Elsewhere (or where the file system cannot swap), ``path`` is removed and
    ``.NAME.tmp`` renamed to it.  No fsync either way (:func:`fsync_saved` does
    that later, off the event loop).  At every instant ``path`` (or, between the
    removal and the rename, ``.NAME.tmp``) holds a complete save, and
    :func:`read_save` reads whichever is there.  Neither way renames *over* a
    file, which makes ext4 push the new data to the disk there and then
    (``auto_da_alloc``), 5-10 times the cost of the whole write with long tails;
    and the swap makes no new file and frees none (0.04 ms against 0.15-0.3 ms
    for remove and rename, on this project's machines).  The price: until the
    fsync (a few milliseconds later), a power cut may leave an empty or partial
    file.
    """
    if not durable:
        data = text.encode("utf-8")
        try:
            _write_quick(path, data)
        except FileNotFoundError:
            if path.parent.is_dir():
                raise
            path.parent.mkdir(parents=True, exist_ok=True)
            _write_quick(path, data)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
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
    finally:
        if path.exists():  # the autosave's previous save is stale now
            with contextlib.suppress(OSError):
                os.unlink(_quick_tmp(path))
    _fsync_folder(path.parent)


def _quick_tmp(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp")


def _write_quick(path: Path, data: bytes) -> None:
    """The autosave's write: see :func:`write_atomically`."""
    target, tmp = _quick_names(path)
    swap = _exchanger()
    # Swapping: the previous save's file is overwritten in place (no O_TRUNC,
    # then cut to length), so no block is freed and none is newly allocated.
    flags = os.O_WRONLY | os.O_CREAT | (0 if swap else os.O_TRUNC)
    fd = os.open(tmp, flags, 0o600)
    try:
        view = memoryview(data)
        offset = 0
        while offset < len(view):  # a short write (a full disk) raises on the next try
            offset += os.pwrite(fd, view[offset:], offset)
        if swap:
            os.ftruncate(fd, len(data))
    finally:
        os.close(fd)
    if swap:
        try:
            swap(tmp, target)
            return
        except FileNotFoundError:  # the first save: nothing to swap with
            pass
        except OSError as exc:
            if exc.errno not in _CANNOT_SWAP:
                raise
            global _exchange_state  # this file system cannot: never again
            _exchange_state = False
    with contextlib.suppress(FileNotFoundError):
        os.unlink(target)
    os.rename(tmp, target)


_names: dict[Path, tuple[bytes, bytes]] = {}


def _quick_names(path: Path) -> tuple[bytes, bytes]:
    """``path`` and its ``.NAME.tmp`` as bytes, worked out once per path (an
    autosave writes one path hundreds of times)."""
    names = _names.get(path)
    if names is None:
        if len(_names) >= 256:
            _names.clear()
        names = _names[path] = (os.fsencode(path), os.fsencode(_quick_tmp(path)))
    return names


_CANNOT_SWAP = {errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV}
_exchange_state: Callable[[bytes, bytes], None] | bool | None = None
"""The swap (``renameat2`` with ``RENAME_EXCHANGE``); None: not looked up yet;
False: none (not Linux, an old C library, or a file system that cannot)."""


def _exchanger() -> Callable[[bytes, bytes], None] | None:
    global _exchange_state
    if _exchange_state is None:
        _exchange_state = _find_renameat2() or False
    return _exchange_state if callable(_exchange_state) else None


def _find_renameat2() -> Callable[[bytes, bytes], None] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return None
    renameat2.argtypes = [
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_uint,
    ]
    renameat2.restype = ctypes.c_int
    at_fdcwd, rename_exchange = -100, 2

    def exchange(first: bytes, second: bytes) -> None:
        """Swap the names ``first`` and ``second`` atomically."""
        if renameat2(at_fdcwd, first, at_fdcwd, second, rename_exchange):
            code = ctypes.get_errno()
            raise OSError(code, os.strerror(code), os.fsdecode(first), None, os.fsdecode(second))

    return exchange


def read_save(path: Path) -> str:
    """The text of the save at ``path``, or of ``.NAME.tmp`` if ``path`` is missing
    (the process was killed between the two steps of a :func:`write_atomically`
    remove and rename, when the temporary file is complete).  :class:`OSError`
    (FileNotFoundError if neither exists), :class:`UnicodeDecodeError`."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        tmp = _quick_tmp(path)
        if not tmp.exists():
            raise
        return tmp.read_text(encoding="utf-8")


def temporary_saves(path: Path) -> list[Path]:
    """The temporary files that writes of ``path`` left beside it, the newest first:
    the autosave's ``.NAME.tmp`` (the save before the last one, or the last one if
    the process died between the remove and the rename) and a durable save's
    ``.NAME.XXXXXXXX.tmp`` (if the process died before renaming it, complete or
    not).  When ``path`` cannot be read, one of them may hold the game."""
    found: list[tuple[float, Path]] = []
    quick = _quick_tmp(path)
    for tmp in [quick, *path.parent.glob(f".{glob.escape(path.name)}.*.tmp")]:
        try:
            if tmp.is_file():
                found.append((tmp.stat().st_mtime, tmp))
        except OSError:
            continue
    return [tmp for _when, tmp in sorted(found, key=lambda item: item[0], reverse=True)]


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


class SaveInUse(Exception):
    """Another process holds the save's lock; ``holder`` is what it wrote there
    (its process id), or empty."""

    def __init__(self, path: Path, holder: str) -> None:
        super().__init__(f"{path} is in use by another process ({holder or 'unknown'})")
        self.path = path
        self.holder = holder


class SaveLock:
    """One writer per save file: an exclusive ``flock`` on ``.NAME.lock`` beside it,
    held from :meth:`acquire` to :meth:`release` (or the process's end: a killed
    process never leaves it locked).  Two LAN hosts resumed from the same save
    would otherwise both write it.  POSIX only; elsewhere it locks nothing."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock_path = path.with_name(f".{path.name}.lock")
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock, or raise :class:`SaveInUse` (:class:`OSError` if the
        folder cannot hold the lock file)."""
        try:
            import fcntl
        except ImportError:  # not POSIX
            return
        self.lock_path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = os.pread(fd, 64, 0).decode("ascii", "replace").strip()
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise SaveInUse(self.path, holder) from None
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()}\n".encode("ascii"), 0)
        self._fd = fd

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
            os.close(fd)  # closing drops the flock
