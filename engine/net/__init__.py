"""LAN play: the JSON-lines protocol (sans-I/O), the table server and the client.

``protocol``  framing, message validation, encoding (no I/O)
``host``      :class:`~engine.net.host.TableHost`: one table's seats, tokens and
              connections as a state machine (bytes in, actions out; no I/O)
``server``    :class:`~engine.net.server.TableServer`: the asyncio adapter of a host
``client``    :class:`~engine.net.client.RemoteTable` (the Table surface over the
              network) and :class:`~engine.net.client.ClientConnection` (raw lines)

Everything here is standard library only.  PROTOCOL.md, beside this file, is
the reference for anyone writing another client.
"""

from __future__ import annotations

DEFAULT_PORT = 7777
"""The port ``purrch host`` listens on and ``purrch join`` dials when none is given."""
