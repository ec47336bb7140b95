"""ASCII mode writes only ASCII to the terminal, each character as wide as it was."""

from __future__ import annotations

import contextlib
import os
import re
import select
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest
from rich.cells import cell_len

from tui.app import PurrchApp
from tui.ascii_out import ascii_cells, ascii_driver
from tui.scenes import scene_settings

ROOT = Path(__file__).resolve().parents[2]


def _die_with_parent() -> None:
    """In the app's process: killed along with the test (Linux), so that a test run
    stopped half way leaves no app spinning on a closed pseudo-terminal."""
    import ctypes
    import signal

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


@pytest.mark.parametrize(
    ("text", "ascii"),
    [
        ("┌─┬─┐", "+-+-+"),
        ("├─┼─┤", "+-+-+"),
        ("│ ╭─╮ ┃━╋", "| +-+ |-+"),
        ("Chat perché", "Chat perche"),
        ("« Oui » – “x” … •", '" Oui " - "x" . *'),
        ("▁▂▃█░ ▌", "   ##  "),
        ("e\u0301", "e"),  # a combining accent takes no cell
        ("张伟!", "????!"),  # two cells each
        ("ａｎｎ", "a n n "),
        ("\x1b[38;2;1;2;3mcat\x1b[0m", "\x1b[38;2;1;2;3mcat\x1b[0m"),
    ],
)
def test_characters_become_ascii_of_their_width(text: str, ascii: str) -> None:
    assert ascii_cells(text) == ascii


def test_every_character_becomes_ascii_as_wide_as_it() -> None:
    """Every assigned character up to the end of the CJK ideographs: ASCII out, and
    the same number of cells (nothing on the screen moves)."""
    for code in range(0x80, 0xA000):
        char = chr(code)
        if unicodedata.category(char) in ("Cs", "Cn", "Cc"):
            continue
        out = ascii_cells(char)
        assert out.isascii() and out.isprintable(), (hex(code), out)
        assert cell_len(out) == cell_len(char), (hex(code), out)


def test_the_ascii_app_writes_through_an_ascii_driver() -> None:
    written: list[str] = []

    class Recorder:
        def write(self, data: str) -> None:
            written.append(data)

    driver = ascii_driver(Recorder)()
    driver.write("\x1b[1m╭─ Chat perché ─╮")
    assert written == ["\x1b[1m+- Chat perche -+"]

    plain = PurrchApp(scene_settings()).driver_class
    ascii_only = PurrchApp(scene_settings(ascii_only=True)).driver_class
    assert issubclass(ascii_only, plain) and ascii_only is not plain
    assert ascii_only.__name__ == f"Ascii{plain.__name__}"


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_purrch_ascii_sends_the_terminal_only_ascii(tmp_path: Path) -> None:
    """The real app on a pseudo-terminal: the menu, then the rules viewer (F1) with its
    tables, bullets and scroll bar, all drawn by Textual itself."""
    import fcntl
    import struct
    import termios

    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {
        **os.environ,
        "TERM": "xterm-256color",
        "COLORTERM": "truecolor",
        "LANG": "C.UTF-8",
        "PURRCH_HOME": str(tmp_path),
    }
    env.pop("TEXTUAL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "--ascii"],
        cwd=ROOT,
        env=env,
        stdin=follower,
        stdout=follower,
        stderr=follower,
        start_new_session=True,
        preexec_fn=_die_with_parent,
    )
    os.close(follower)
    out = bytearray()

    def text() -> bytes:
        """What was drawn, without the colour codes (they split a run of cells)."""
        return re.sub(rb"\x1b\[[0-9;]*m", b"", bytes(out))

    def read(marker: bytes | None, seconds: float) -> None:
        """Read until ``marker`` was drawn, or for ``seconds`` (never blocks longer)."""
        deadline = time.monotonic() + seconds
        while (marker is None or marker not in text()) and time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    out.extend(os.read(leader, 65536))
                except OSError:
                    break

    def read_until(marker: bytes, seconds: float = 60.0) -> None:
        read(marker, seconds)
        assert marker in text(), text()[-2000:]

    try:
        read_until(b"Chat perche")  # the menu's list of games
        os.write(leader, b"\x1bOP")  # F1
        read_until(b"Rules: Cats Among The Pigeons")
        read_until(b"+---")  # a table's frame
        os.write(leader, b"\x1b[6~")  # Page Down: the bullets, the scroll bar
        read(None, 1.5)  # whatever comes meanwhile
    finally:
        proc.kill()
        proc.wait()
        os.close(leader)
    assert bytes(out).isascii(), sorted({chr(b) for b in out if b > 127})
