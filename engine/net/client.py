"""The LAN client's public names, where callers have always found them.

The client lives in two modules: :mod:`engine.net.remote` is the seat's state
without any I/O (:class:`~engine.net.remote.RemoteState`: what the seat knows,
each incoming message, each outgoing one), and :mod:`engine.net.connection` puts
it on a socket (:class:`~engine.net.connection.RemoteTable`: dial, read lines,
reconnect; :class:`~engine.net.connection.ClientConnection`, the raw line-level
client; :class:`~engine.net.connection.TokenStore`, the remembered seat tokens).
"""

from __future__ import annotations

from engine.net.connection import (
    ClientConnection,
    ConnectionClosed,
    JoinError,
    RemoteTable,
    TokenStore,
    data_dir,
    parse_address,
    set_default_data_dir,
)
from engine.net.remote import (
    ChatLine,
    Listener,
    LobbyInfo,
    RemoteState,
    SeatInfo,
    event_from_json,
)

__all__ = [
    "ChatLine",
    "ClientConnection",
    "ConnectionClosed",
    "JoinError",
    "Listener",
    "LobbyInfo",
    "RemoteState",
    "RemoteTable",
    "SeatInfo",
    "TokenStore",
    "data_dir",
    "event_from_json",
    "parse_address",
    "set_default_data_dir",
]
