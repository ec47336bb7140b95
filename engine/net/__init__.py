"""LAN play: the JSON-lines protocol (sans-I/O), the table server and the client.

``protocol``    framing, message validation, encoding (no I/O)
``host``        :class:`~engine.net.host.TableHost`: one table's admission, message
                dispatch, votes and updates as a state machine (bytes in, actions
                out; no I/O), the dispatcher over the modules below
``config``      :class:`~engine.net.config.HostConfig`: how a table is hosted
``seats``       :class:`~engine.net.seats.Seats`: who sits where, seat tokens, bots
``auth``        the table's password: checking it, and its salted hash in a save
``chat``        :class:`~engine.net.chat.ChatRelay`: the chat's budgets and queue
``guard``       admission budgets (per address, wrong passwords, refusal reports)
``lan_save``    LAN save files: the autosave and its fsyncs, reading one back
``server``      :class:`~engine.net.server.TableServer`: the asyncio adapter of a host
``remote``      :class:`~engine.net.remote.RemoteState`: a seat's state, sans-I/O
                (messages in, messages out; the Table surface a UI reads)
``connection``  :class:`~engine.net.connection.RemoteTable` (a RemoteState on a
                socket: dial, read, reconnect) and
                :class:`~engine.net.connection.ClientConnection` (raw lines)
``client``      the client's public names, re-exported from the two above
``hosting``     starting, locking and advertising a table; joining one

Everything here is standard library only.  PROTOCOL.md, beside this file, is
the reference for anyone writing another client.
"""

from __future__ import annotations

DEFAULT_PORT = 7777
"""The port ``purrch host`` listens on and ``purrch join`` dials when none is given."""
