"""ASCII mode's last line of defence: what reaches the terminal is plain ASCII.

The app's own glyphs, borders and keys have ASCII forms (``themes.ASCII_GLYPHS``, the
``-ascii`` style rules); what Textual draws itself (scroll bars, the rules viewer's
tables and bullets, a pop-up's arrow) and what the words carry (an "é" in Chat
perché, a player's name) does not.  In ASCII mode the app writes through
:func:`ascii_driver`, which turns every other character into ASCII of the same width
in terminal cells, so that nothing moves on the screen: box drawing into ``-`` ``|``
``+``, a letter with an accent into the letter, quotes and dashes into their ASCII
kin, and whatever is left into ``?`` (``??`` for a wide character).
"""

from __future__ import annotations

import unicodedata
from typing import TypeVar

from rich.cells import cell_len

__all__ = ["ascii_cells", "ascii_driver"]

_PUNCTUATION = {
    "‘": "'",
    "’": "'",
    "‚": ",",
    "“": '"',
    "”": '"',
    "„": '"',
    "«": '"',
    "»": '"',
    "‹": "<",
    "›": ">",
    "–": "-",
    "—": "-",
    "‐": "-",
    "‑": "-",
    "−": "-",
    "…": ".",
    "•": "*",
    "·": ".",
    "×": "x",
    "÷": "/",
    "→": ">",
    "←": "<",
    "↑": "^",
    "↓": "v",
    "▶": ">",
    "◀": "<",
    "▲": "^",
    "▼": "v",
    "►": ">",
    "◄": "<",
    "✓": "v",
    "✔": "v",
    "✗": "x",
    "✘": "x",
    "★": "*",
    "☆": "*",
    "●": "o",
    "○": "o",
    "◆": "*",
    "◇": "*",
    "■": "#",
    "□": "#",
    "▪": "*",
    "▫": "*",
    "‣": ">",
    "◦": "o",
    "⭑": "*",
    "°": "o",
    "\u00a0": " ",
}


def _box(name: str) -> str:
    """A box-drawing character's ASCII form, from its Unicode name."""
    if "DIAGONAL" in name:
        return "X" if "CROSS" in name else "/" if "UPPER RIGHT TO LOWER LEFT" in name else "\\"
    if " AND " in name or " ARC " in name:  # a corner, a junction, a crossing
        return "+"
    if "HORIZONTAL" in name or "LEFT" in name or "RIGHT" in name:
        return "-"
    return "|"


def _ascii_of(char: str) -> str:
    """``char`` as ASCII of the same width in cells (see the module docstring)."""
    width = cell_len(char)
    if width == 0:
        return ""
    out = _PUNCTUATION.get(char)
    if out is None:
        name = unicodedata.name(char, "")
        if "BOX DRAWINGS" in name:
            out = _box(name)
        elif 0x2580 <= ord(char) <= 0x259F:  # block elements
            out = "#" if "FULL" in name or "SHADE" in name else " "
        else:
            decomposed = unicodedata.normalize("NFKD", char)
            out = "".join(c for c in decomposed if c.isascii() and c.isprintable())
            if not out:
                out = "?" * width
    return (out + " " * width)[:width] if len(out) != width else out


class _AsciiTable(dict[int, str]):
    """A ``str.translate`` table that works each character out once."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        out = char if code < 128 else _ascii_of(char)
        self[code] = out
        return out


_TABLE = _AsciiTable()


def ascii_cells(text: str) -> str:
    """``text`` in ASCII, each character replaced by ASCII of its width in terminal
    cells (escape sequences, all ASCII, pass through)."""
    if text.isascii():
        return text
    return text.translate(_TABLE)


_D = TypeVar("_D")


def ascii_driver(base: type[_D]) -> type[_D]:
    """A subclass of the Textual driver class ``base`` whose output is :func:`ascii_cells`."""

    class AsciiDriver(base):  # type: ignore[valid-type, misc]
        def write(self, data: str) -> None:
            super().write(ascii_cells(data))

    AsciiDriver.__name__ = f"Ascii{base.__name__}"
    AsciiDriver.__qualname__ = AsciiDriver.__name__
    return AsciiDriver
