"""TCP settings both ends of a table connection use.

A player whose laptop sleeps or leaves the Wi-Fi sends no FIN: without help the
host would count them as present for hours, and a turn that waits for them would
never pass to the bot that stands in for away players.  So every connection
asks the system to probe an idle peer (keepalive: after ``KEEPALIVE_IDLE``
seconds of silence, every ``KEEPALIVE_INTERVAL`` seconds, ``KEEPALIVE_PROBES``
times) and to give up on data the peer does not acknowledge within
``USER_TIMEOUT_MS`` (Linux).  A dead peer is then noticed in about half a
minute, as a connection error, and handled as any dropped connection.
"""

from __future__ import annotations

import contextlib
import os
import socket

__all__ = ["KEEPALIVE_IDLE", "KEEPALIVE_INTERVAL", "KEEPALIVE_PROBES", "keep_alive", "os_reason"]

KEEPALIVE_IDLE = 10
KEEPALIVE_INTERVAL = 5
KEEPALIVE_PROBES = 3
USER_TIMEOUT_MS = 30_000


def keep_alive(sock: socket.socket | None) -> None:
    """Turn on keepalive probes (and, where the system has them, their timings and
    the unacknowledged-data timeout) on a connected TCP socket.  Best effort: an
    option the system lacks is left out."""
    if sock is None or sock.type != socket.SOCK_STREAM:
        return
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    options = [
        ("TCP_KEEPIDLE", KEEPALIVE_IDLE),
        ("TCP_KEEPALIVE", KEEPALIVE_IDLE),  # macOS's name for the idle time
        ("TCP_KEEPINTVL", KEEPALIVE_INTERVAL),
        ("TCP_KEEPCNT", KEEPALIVE_PROBES),
        ("TCP_USER_TIMEOUT", USER_TIMEOUT_MS),
    ]
    for name, value in options:
        option = getattr(socket, name, None)
        if option is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, option, value)


def os_reason(exc: BaseException) -> str:
    """Why a connect or a bind failed, in the system's words ("Connection refused",
    "Address already in use"): asyncio words them its own way, with Python's tuples
    ("Connect call failed ('127.0.0.1', 7979)")."""
    code = getattr(exc, "errno", None)
    if isinstance(code, int) and code > 0:
        return os.strerror(code)
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
