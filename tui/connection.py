"""What a screen says while its LAN table's connection is down and being dialled again."""

from __future__ import annotations

import shlex
import time
from collections.abc import Sequence
from pathlib import Path

from engine.invocation import purrch
from engine.net import DEFAULT_PORT
from engine.net.hosting import address_text
from engine.presence import Presence

EVERYWHERE = "0.0.0.0"
"""The address a table binds to by default: every network interface."""

ASK_PASSWORD = ("--password", "PASSWORD")
"""How a printed command asks for the table's password (never printed itself)."""


def join_command(host: str, port: int, name: str, *, password: bool = False) -> str:
    """``purrch join HOST:PORT --name NAME``: what takes ``name``'s seat back (with
    :data:`ASK_PASSWORD` at a table that has one)."""
    words = [purrch(), "join", address_text(host, port), "--name", shlex.quote(name)]
    return " ".join(words + list(ASK_PASSWORD if password else ()))


def resume_command(
    path: Path, port: int = DEFAULT_PORT, bind: str = EVERYWHERE, *, flags: Sequence[str] = ()
) -> str:
    """``purrch host --resume PATH`` (with ``--port``/``--bind`` unless the defaults),
    then ``flags``."""
    words = [purrch(), "host", "--resume", shlex.quote(str(path))]
    if port != DEFAULT_PORT:
        words += ["--port", str(port)]
    if bind != EVERYWHERE:
        words += ["--bind", shlex.quote(bind)]
    return " ".join([*words, *flags])


def reconnect_line(presence: Presence) -> str | None:
    """ "The host stopped the table. Reconnecting... 1:54 left." while a LAN table is
    cut off and dials again (its ``presence``); None while it is connected, or for a
    table that is not a LAN one."""
    deadline = presence.reconnect_deadline
    if deadline is None or presence.connected:
        return None
    left = max(0, int(deadline - time.monotonic() + 0.999))
    reason = presence.lost_reason or "The connection to the host was lost."
    return f"{reason} Reconnecting... {left // 60}:{left % 60:02d} left."
