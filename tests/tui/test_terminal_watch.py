"""The app stops when its terminal goes, instead of spinning on it (tui.terminal_watch)."""

from __future__ import annotations

import contextlib
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tui.terminal_watch import terminal_fd, terminal_gone

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")


def test_a_closed_pseudo_terminal_is_gone() -> None:
    leader, follower = os.openpty()
    try:
        assert not terminal_gone(follower)
        os.close(leader)
        assert terminal_gone(follower)
    finally:
        os.close(follower)


def test_only_a_terminal_is_watched(tmp_path: Path) -> None:
    with open(tmp_path / "f", "w") as plain:
        assert terminal_fd(plain) is None
    assert terminal_fd(None) is None
    leader, follower = os.openpty()
    with os.fdopen(follower, "r") as tty:
        assert terminal_fd(tty) == follower
    os.close(leader)


def _die_with_parent() -> None:
    import ctypes
    import signal

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def test_the_app_stops_when_its_terminal_is_closed(tmp_path: Path) -> None:
    """As when a tmux pane running `make play` is killed: the app is not the session's
    leader, so no SIGHUP reaches it; its terminal is hung up.  It must stop on its
    own (before the fix it stayed, at 100% of a core, holding the autosave's lock)."""
    import fcntl
    import struct
    import termios

    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "LANG": "C.UTF-8", "PURRCH_HOME": str(tmp_path)}
    env.pop("TEXTUAL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli"],
        cwd=ROOT,
        env=env,
        stdin=follower,
        stdout=follower,
        stderr=follower,
        start_new_session=True,  # a session of its own without a controlling terminal: no SIGHUP
        preexec_fn=_die_with_parent,
    )
    os.close(follower)
    try:
        drawn = bytearray()
        deadline = time.monotonic() + 60
        while b"Choose a game" not in drawn and time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                drawn.extend(os.read(leader, 65536))
        assert b"Choose a game" in drawn, "the menu never appeared"
        os.close(leader)
        leader = -1
        assert proc.wait(timeout=30) is not None  # TimeoutExpired before the fix
    finally:
        if leader >= 0:
            os.close(leader)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
