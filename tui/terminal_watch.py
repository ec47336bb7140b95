"""Notice that the terminal has gone, so that the app stops instead of spinning.

When a terminal window (or a tmux pane) closes, the kernel sends SIGHUP to the
session leader only.  Started by ``make play``, Purrch is not that leader (the
shell and make are), so it gets no signal; its terminal is hung up, every read
of it returns at once with nothing, and Textual's input thread loops on that
at 100% of a core, for ever, holding the autosave's lock (seen: a closed pane
left one behind burning a core for a quarter of an hour).  A hung-up terminal
refuses ``tcgetattr`` with EIO, which is cheap to ask once a second.
"""

from __future__ import annotations

import os
import termios
from typing import IO, Any

__all__ = ["terminal_fd", "terminal_gone"]


def terminal_fd(stream: IO[Any] | None) -> int | None:
    """The file descriptor of ``stream`` if it is a terminal, else None (pipes,
    tests, a headless app: nothing to watch)."""
    if stream is None:
        return None
    try:
        fd = stream.fileno()
    except (OSError, ValueError):  # closed, or not a real file (pytest's capture)
        return None
    return fd if os.isatty(fd) else None


def terminal_gone(fd: int) -> bool:
    """True once the terminal on ``fd`` is hung up or closed."""
    try:
        termios.tcgetattr(fd)
    except (termios.error, OSError):
        return True
    return False
