"""What hosting and joining a table share, whoever starts it (the CLI's ``purrch host``
and ``join``, the menu's host screen, the SSH door): this machine's addresses, how an
address is written, the lock of a table's save, dialing a table, waiting for Ctrl+C,
and the one error type for all of it."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.net.connection import JoinError, RemoteTable
from engine.net.protocol import Code
from engine.savefile import SaveInUse, SaveLock

__all__ = [
    "LanError",
    "address_text",
    "connect_table",
    "dialable",
    "local_addresses",
    "local_interfaces",
    "lock_save",
    "until_stopped",
]


class LanError(Exception):
    """Hosting or joining failed: one line for people, and the exit code
    (2: a bad argument such as an unusable save; 1: it failed at run time)."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def address_text(host: str, port: int) -> str:
    """``host:port`` as people type it (an IPv6 address in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"{shown}:{port}"


async def until_stopped() -> None:
    """Return on Ctrl+C (SIGINT) or SIGTERM: what a headless server waits for."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses other players may dial (best effort, no traffic)."""
    return [address for address, _name in local_interfaces()]


def local_interfaces() -> list[tuple[str, str | None]]:
    """This machine's IPv4 addresses other players may dial, each with the name of
    its network interface where known (``wlan0``, ``eth0``); best effort, no traffic.

    First the address a LAN packet would leave by (the default route), then every
    other interface that is up and has a link (on Linux): a laptop on Wi-Fi and
    Ethernet at once is reached on either.  Loopback and link-local addresses are
    left out: nobody else can dial them.
    """
    found: list[tuple[str, str | None]] = []
    # The address of the interface a LAN packet would leave by (UDP connect
    # sends nothing; it only asks the kernel for a route).
    with (
        contextlib.suppress(OSError),
        socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe,
    ):
        probe.connect(("10.255.255.255", 9))
        found.append((str(probe.getsockname()[0]), None))
    interfaces = _linux_interfaces()
    found.extend(interfaces)
    if not interfaces:  # elsewhere: what the host name resolves to
        with contextlib.suppress(OSError):
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                found.append((str(info[4][0]), None))
    return dialable(found)


def dialable(found: list[tuple[str, str | None]]) -> list[tuple[str, str | None]]:
    """``found`` without duplicates and the addresses nobody else can dial
    (loopback, link-local, unspecified, not an address); a name found for an
    address later in the list is kept."""
    names: dict[str, str | None] = {}
    for address, name in found:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            continue
        if ip.is_loopback or ip.is_unspecified or ip.is_link_local:
            continue
        if names.get(address) is None:
            names[address] = name
    return list(names.items())


_SIOCGIFFLAGS = 0x8913
_SIOCGIFADDR = 0x8915
_IFF_UP = 0x1
_IFF_LOOPBACK = 0x8
_IFF_RUNNING = 0x40


def _linux_interfaces() -> list[tuple[str, str]]:
    """(IPv4 address, interface name) of each interface that is up, has a link
    and an IPv4 address (Linux ioctls; elsewhere, or if they fail: none)."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl
    import struct

    out: list[tuple[str, str]] = []
    try:
        interfaces = socket.if_nameindex()
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    except OSError:
        return []
    with sock:
        for _index, name in interfaces:
            request = struct.pack("256s", name.encode()[:15])
            try:
                flags = struct.unpack_from("H", fcntl.ioctl(sock, _SIOCGIFFLAGS, request), 16)[0]
                if flags & _IFF_LOOPBACK or not flags & _IFF_UP or not flags & _IFF_RUNNING:
                    continue
                answer = fcntl.ioctl(sock, _SIOCGIFADDR, request)  # OSError: no IPv4
            except OSError:
                continue
            out.append((socket.inet_ntoa(answer[20:24]), name))
    return out


def lock_save(path: Path, other: str = "give another --save") -> SaveLock:
    """The lock of the save at ``path``, held; :class:`LanError` if another host has
    it (the message ends with the ``other`` way out) or it cannot be made."""
    lock = SaveLock(path)
    try:
        lock.acquire()
    except SaveInUse as exc:
        holder = f" ({exc.holder})" if exc.holder else ""
        raise LanError(
            f"{path} is in use by another purrch host{holder}: stop that one first, or {other}"
        ) from None
    except OSError as exc:
        raise LanError(f"cannot lock {lock.lock_path}: {exc.strerror or exc}") from None
    return lock


async def connect_table(
    host: str,
    port: int,
    *,
    name: str,
    spectate: bool,
    password: str | None,
    playable: Callable[[str], bool],
    watch_if_full: bool = False,
    **options: Any,
) -> RemoteTable:
    """Join the table at ``host``:``port`` (the waiting room may follow).  :class:`LanError`.

    ``watch_if_full``: a table whose seats are all taken (the host's ``full`` code)
    is joined as a spectator instead (then ``remote.seat`` is None).  ``options`` go
    to :meth:`RemoteTable.connect` (``remember``, ``timeout``...).
    """
    try:
        remote = await RemoteTable.connect(
            host, port, name=name, spectate=spectate, password=password, **options
        )
    except JoinError as exc:
        if not (watch_if_full and not spectate and exc.code == Code.FULL):
            raise LanError(exc.message) from None
        try:
            remote = await RemoteTable.connect(
                host, port, name=name, spectate=True, password=password, **options
            )
        except JoinError as again:
            raise LanError(again.message) from None
    if not playable(remote.game_id):
        await remote.close()
        raise LanError(f"{remote.title} cannot be played in the app yet")
    return remote
