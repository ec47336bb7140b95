"""What a screen says while its LAN table's connection is down and being dialled again."""

from __future__ import annotations

import shlex
import time
from typing import Any


def address_text(host: str, port: int) -> str:
    """``host:port`` as people type it (an IPv6 address in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"{shown}:{port}"


def join_command(host: str, port: int, name: str, *, password: bool = False) -> str:
    """``purrch join HOST:PORT --name NAME``: what takes ``name``'s seat back (with
    ``--password PASSWORD`` at a table that has one)."""
    words = f"purrch join {address_text(host, port)} --name {shlex.quote(name)}"
    return words + (" --password PASSWORD" if password else "")


def reconnect_line(table: Any) -> str | None:
    """ "The host stopped the table. Reconnecting... 1:54 left." while ``table`` (a
    :class:`engine.net.client.RemoteTable`) is cut off and dials again; None while
    it is connected, or for a table that is not a LAN one."""
    deadline = getattr(table, "reconnect_deadline", None)
    if deadline is None or getattr(table, "connected", True):
        return None
    left = max(0, int(deadline - time.monotonic() + 0.999))
    reason = str(getattr(table, "lost_reason", "")) or "The connection to the host was lost."
    return f"{reason} Reconnecting... {left // 60}:{left % 60:02d} left."


def and_list(names: list[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cy'."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
