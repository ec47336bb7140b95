"""A rogue server on 127.0.0.1 (raw asyncio, speaking PROTOCOL.md) sends escape
sequences, bidi overrides, piled-up marks and markup in names, chat and errors to a
real client (``RemoteTable.connect``, over a real socket, not the decoder alone):
what the client hands the UI is clean."""

from __future__ import annotations

import asyncio
import json
import unicodedata
from typing import Any

from engine.net.client import RemoteTable
from engine.net.protocol import MAX_MARKS, PROTOCOL_VERSION, encode

ESC_NAME = "Eve\x1b]0;pwned\x07\x1b]52;c;cHduZWQ=\x07\x1b[2J\u202e[/x]\x7f\x9b"
ACUTE = "\u0301"


def hostile_lines() -> list[dict[str, Any]]:
    seats = [
        {"seat": 0, "name": "Ann", "kind": "human", "status": "here"},
        {"seat": 1, "name": ESC_NAME, "kind": "human", "status": "here"},
    ]
    lobby = {
        "started": False,
        "over": False,
        "game_number": 0,
        "seats": seats,
        "spectators": 0,
        "waiting_for": 0,
        "again": [],
    }
    welcome = {
        "type": "welcome",
        "protocol": PROTOCOL_VERSION,
        "seat": 0,
        "token": "t" * 20,
        "game": "pigeons",
        "title": "Cats\x1b[31m [reverse]x",
        "options": {},
        "players": 2,
        "window_seconds": None,
        "chat": [],
        **lobby,
    }
    chat = {"type": "chat", "from": ESC_NAME, "seat": 1, "text": "a" + ACUTE * 40 + "\x1b[2J[b]"}
    error = {"type": "error", "code": "turn", "message": "[/x]\x1b]0;pwned\x07 nope"}
    return [welcome, chat, error]


def clean(text: str) -> bool:
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        return False
    if "\u202e" in text:
        return False
    run = 0
    for ch in text:
        run = run + 1 if unicodedata.category(ch)[0] == "M" else 0
        if run > MAX_MARKS:
            return False
    return True


async def test_a_rogue_server_cannot_hand_control_characters_to_the_ui(tmp_path: Any) -> None:
    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        hello = json.loads(await asyncio.wait_for(reader.readline(), 5))
        assert hello["type"] == "hello"
        for msg in hostile_lines():
            writer.write(encode(msg))
        await writer.drain()
        await asyncio.sleep(5)
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table = None
    try:
        table = await RemoteTable.connect(
            "127.0.0.1", port, name="Ann", token_file=tmp_path / "t.json", reconnect_for=0
        )
        for _ in range(100):  # bounded: the chat and error lines follow the welcome
            if table.chat and table.last_error:
                break
            await asyncio.sleep(0.02)
        names = [s.name for s in table.lobby.seats]
        shown = [*names, table.title, table.last_error or ""]
        shown += [c[0] for c in table.chat] + [c[2] for c in table.chat]
        assert table.chat and table.last_error
        for text in shown:
            assert clean(text), repr(text)
        # Each control character (and the bidi override) became a space.
        assert names[1] == "Eve ]0;pwned  ]52;c;cHduZWQ=  [2J [/x]  "
        assert table.last_error == "[/x] ]0;pwned  nope"
        assert table.chat[-1][2] == "a" + ACUTE * MAX_MARKS + " [2J[b]"
    finally:
        if table is not None:
            await table.close()
        server.close()
        await server.wait_closed()


async def test_a_deeply_nested_line_from_a_rogue_server_does_not_stop_the_client(
    tmp_path: Any,
) -> None:
    """A line nested 600 deep decodes (``json`` allows it) but once froze the client:
    cleaning its strings ran out of stack, the error killed the read loop, and the app
    waited forever on a connection nobody read.  Now the line is refused as bad JSON
    and the lines after it still arrive."""
    deep = b'{"type": "chat", "from": ' + b"[" * 600 + b"]" * 600 + b', "seat": 1, "text": "x"}\n'

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        hello = json.loads(await asyncio.wait_for(reader.readline(), 5))
        assert hello["type"] == "hello"
        welcome, _chat, _error = hostile_lines()
        writer.write(encode(welcome))
        writer.write(deep)
        writer.write(encode({"type": "chat", "from": "Bob", "seat": 1, "text": "still here"}))
        await writer.drain()
        await asyncio.sleep(5)
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table = None
    try:
        table = await RemoteTable.connect(
            "127.0.0.1", port, name="Ann", token_file=tmp_path / "t.json", reconnect_for=0
        )
        for _ in range(100):  # bounded
            if table.chat:
                break
            await asyncio.sleep(0.02)
        assert [c[2] for c in table.chat] == ["still here"]
        assert table.connected
    finally:
        if table is not None:
            await table.close()
        server.close()
        await server.wait_closed()


def test_no_line_nests_deeper_than_the_limit() -> None:
    """Both ways: a client's line and a server's line nested past MAX_DEPTH are ``json``
    errors (not a RecursionError in whatever walks them later)."""
    from engine.net.protocol import MAX_DEPTH, ProtocolError, decode_line, parse_server_line

    ok = b'{"type": "ping", "x": ' + b"[" * (MAX_DEPTH - 1) + b"]" * (MAX_DEPTH - 1) + b"}"
    assert decode_line(ok)["type"] == "ping"
    for depth in (MAX_DEPTH, 600):
        line = b'{"type": "ping", "x": ' + b"[" * depth + b"]" * depth + b"}"
        for parse in (decode_line, parse_server_line):
            try:
                parse(line)
            except ProtocolError as exc:
                assert exc.code == "json" and "nested too deeply" in str(exc)
            else:
                raise AssertionError(f"a line nested {depth + 1} deep was taken")


def test_a_zero_width_character_does_not_restart_the_count_of_marks_on_a_letter() -> None:
    """A rogue host's chat line ``a`` + (3 accents + a zero-width joiner) x 100 kept all
    300 accents, all on the one cell of ``a``: the joiner took no cell but ended the run."""
    from rich.cells import cell_len

    from engine.net.protocol import parse_server_line, shown_text

    for gap in ("\u200d", "\u200b", "\u2060", "\ufeff", "\u180e", "\u200c"):
        text = "a" + (ACUTE * 3 + gap) * 100 + "b"
        line = encode({"type": "chat", "from": text, "seat": 1, "text": text})
        msg = parse_server_line(line.rstrip(b"\n"))
        for shown in (shown_text(text), msg["from"], msg["text"]):
            marks = sum(unicodedata.category(ch)[0] == "M" for ch in shown)
            assert marks <= MAX_MARKS * (cell_len(shown) - 1), (repr(gap), marks, cell_len(shown))
