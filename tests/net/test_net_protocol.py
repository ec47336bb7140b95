"""The protocol without sockets: bytes in, messages (or errors) out."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.net.protocol import (
    CLIENT_MESSAGES,
    MAX_LINE,
    MAX_NAME,
    Code,
    LineDecoder,
    ProtocolError,
    RateLimiter,
    clean_chat,
    clean_name,
    encode,
    parse_client_line,
    parse_server_line,
    shown_strings,
)


def feed(data: bytes) -> list[object]:
    return LineDecoder().feed(data)


def one_error(data: bytes) -> ProtocolError:
    out = feed(data)
    assert len(out) == 1, out
    assert isinstance(out[0], ProtocolError), out
    return out[0]


# ---------------------------------------------------------------------- framing


def test_each_line_is_one_message() -> None:
    out = feed(b'{"type":"ping"}\n{"type":"chat","text":"hi"}\n')
    assert out == [{"type": "ping"}, {"type": "chat", "text": "hi"}]


def test_a_message_split_across_reads_comes_out_once_whole() -> None:
    decoder = LineDecoder()
    data = encode({"type": "answer", "prompt": "p1", "option": "draw"})
    got: list[object] = []
    for i in range(len(data)):
        got += decoder.feed(data[i : i + 1])
    assert got == [{"type": "answer", "prompt": "p1", "option": "draw"}]
    assert decoder.pending == 0


def test_crlf_and_blank_lines() -> None:
    assert feed(b'\n\r\n   \n{"type":"ping"}\r\n') == [{"type": "ping"}]


def test_a_line_of_exactly_64_kib_is_fine_one_byte_more_is_fatal() -> None:
    padding = MAX_LINE - len(b'{"type":"chat","text":""}')
    line = b'{"type":"chat","text":"' + b"a" * padding + b'"}'
    assert len(line) == MAX_LINE
    out = LineDecoder().feed(line + b"\n")
    assert len(out) == 1 and isinstance(out[0], ProtocolError)
    assert out[0].code == Code.BAD_FIELD  # too long a chat, but the line itself is fine
    error = one_error(line + b"a\n")
    assert error.code == Code.TOO_LONG and error.fatal


def test_an_endless_line_is_refused_before_its_end() -> None:
    decoder = LineDecoder()
    assert decoder.feed(b"x" * MAX_LINE) == []
    out = decoder.feed(b"y")
    assert len(out) == 1 and isinstance(out[0], ProtocolError)
    assert out[0].code == Code.TOO_LONG and out[0].fatal
    assert "65536 bytes" in out[0].message
    assert decoder.closed
    # After a fatal error the decoder ignores everything.
    assert decoder.feed(b'{"type":"ping"}\n') == []


def test_messages_before_an_over_long_line_still_come_out() -> None:
    out = LineDecoder(max_line=100).feed(b'{"type":"ping"}\n' + b"z" * 200)
    assert out[0] == {"type": "ping"}
    assert isinstance(out[1], ProtocolError) and out[1].code == Code.TOO_LONG


def test_a_line_at_the_limit_may_end_in_crlf() -> None:
    """The limit counts the line without the "\\r" before its "\\n", even when the
    "\\r" and the "\\n" arrive in a read of their own."""
    padding = MAX_LINE - len(b'{"type":"ping","id":""}')
    line = b'{"type":"ping","id":"' + b"a" * padding + b'"}'
    assert len(line) == MAX_LINE
    out = LineDecoder().feed(line + b"\r\n")
    assert len(out) == 1 and isinstance(out[0], ProtocolError)
    assert out[0].code == Code.BAD_FIELD  # too long an id, but the line is fine
    decoder = LineDecoder()
    assert decoder.feed(line + b"\r") == []
    assert [e.code for e in decoder.feed(b"\n")] == [Code.BAD_FIELD]  # type: ignore[union-attr]
    error = one_error(line + b"a\r\n")
    assert error.code == Code.TOO_LONG and error.fatal


class Admit:
    """An ``admit`` for :meth:`LineDecoder.feed`: lets ``n`` lines through, then refuses."""

    def __init__(self, n: int) -> None:
        self.left = n
        self.asked = 0

    def __call__(self) -> ProtocolError | None:
        self.asked += 1
        if self.left > 0:
            self.left -= 1
            return None
        return ProtocolError(Code.FLOOD, "too many", fatal=True)


def test_a_refused_line_ends_the_read_and_nothing_after_it_is_parsed() -> None:
    parsed: list[bytes] = []

    def parse(line: bytes) -> dict[str, object]:
        parsed.append(line)
        return parse_client_line(line)

    decoder = LineDecoder(parse=parse)
    admit = Admit(3)
    out = decoder.feed(b'{"type":"ping"}\n' * 20_000, admit)
    assert out[:3] == [{"type": "ping"}] * 3
    assert len(out) == 4 and isinstance(out[3], ProtocolError) and out[3].code == Code.FLOOD
    assert len(parsed) == 3 and admit.asked == 4
    assert decoder.closed and decoder.pending == 0
    assert decoder.feed(b'{"type":"ping"}\n', admit) == []


def test_blank_lines_count_as_lines_to_admit() -> None:
    admit = Admit(5)
    out = LineDecoder().feed(b"\n" * 4 + b"\r\n" + b"   \n" + b'{"type":"ping"}\n', admit)
    assert len(out) == 1 and isinstance(out[0], ProtocolError) and out[0].code == Code.FLOOD


def test_an_answer_refused_for_a_field_still_names_its_id() -> None:
    for line, ref in [
        (b'{"type":"answer","prompt":5,"option":"draw","id":"bf1"}', "bf1"),
        (b'{"type":"answer","prompt":"1.1","id":7}', 7),
        (b'{"type":"answer","prompt":"1.1","option":true,"id":-3}', -3),
        (b'{"type":"ping","id":' + b"9" * 65 + b"}", None),  # too big to echo
        (b'{"type":"answer","prompt":"1.1","option":"x","id":"' + b"i" * 65 + b'"}', None),
        (b'{"type":"answer","prompt":"1.1","option":"x","id":1.5}', None),
        (b'{"type":"chat","text":5,"id":"c1"}', None),  # only answers and pings have ids
    ]:
        error = one_error(line + b"\n")
        assert error.code == Code.BAD_FIELD, line
        message = error.to_message()
        assert message.get("re") == ref, line
        assert ("re" in message) == (ref is not None)


def test_whole_number_ids_have_at_most_64_digits() -> None:
    assert feed(b'{"type":"ping","id":' + b"9" * 64 + b"}\n") == [
        {"type": "ping", "id": int("9" * 64)}
    ]
    error = one_error(b'{"type":"ping","id":-' + b"1" + b"0" * 64 + b"}\n")
    assert error.code == Code.BAD_FIELD and "64 digits" in error.message


# ---------------------------------------------------------------------- bad lines


@pytest.mark.parametrize(
    ("line", "code", "words"),
    [
        (b"\xff\xfe{}", Code.ENCODING, "not valid UTF-8"),
        (b"{nope", Code.JSON, "not valid JSON"),
        (b'{"type":"ping"', Code.JSON, "not valid JSON"),
        (b'{"type":"ping","x":NaN}', Code.JSON, "not valid JSON"),
        (b'{"type":"ping","x":Infinity}', Code.JSON, "not valid JSON"),
        (b"[" * 50_000 + b"]" * 50_000, Code.TOO_LONG, "longer than"),
        (b"[" * 30_000 + b"]" * 30_000, Code.JSON, "not valid JSON"),
        (b'{"type":"ping","n":' + b"9" * 5000 + b"}", Code.JSON, "not valid JSON"),
        (b"[1,2]", Code.NOT_OBJECT, "not a list"),
        (b'"hello"', Code.NOT_OBJECT, "not text"),
        (b"42", Code.NOT_OBJECT, "not a whole number"),
        (b"null", Code.NOT_OBJECT, "not null"),
        (b"{}", Code.NO_TYPE, 'no "type"'),
        (b'{"type":7}', Code.NO_TYPE, "must be text"),
        (b'{"type":"dance"}', Code.UNKNOWN_TYPE, "Unknown message type 'dance'"),
        (b'{"type":"welcome"}', Code.UNKNOWN_TYPE, "known: again, answer, chat, hello, ping"),
        (b'{"type":"hello","name":"Ann"}', Code.BAD_FIELD, "needs the field 'protocol'"),
        (b'{"type":"hello","protocol":"1","name":"Ann"}', Code.BAD_FIELD, "whole number"),
        (b'{"type":"hello","protocol":true,"name":"Ann"}', Code.BAD_FIELD, "not true or false"),
        (b'{"type":"hello","protocol":1,"name":null}', Code.BAD_FIELD, "not null"),
        (b'{"type":"hello","protocol":1,"name":"A","spectate":"yes"}', Code.BAD_FIELD, "true or"),
        (b'{"type":"hello","protocol":1,"name":"A","token":5}', Code.BAD_FIELD, "'token'"),
        (b'{"type":"answer","prompt":"p"}', Code.BAD_FIELD, "needs the field 'option'"),
        (b'{"type":"answer","prompt":1,"option":"x"}', Code.BAD_FIELD, "'prompt'"),
        (b'{"type":"answer","prompt":"p","option":"x","id":[1]}', Code.BAD_FIELD, "'id'"),
        (b'{"type":"answer","prompt":"p","option":"x","id":true}', Code.BAD_FIELD, "'id'"),
        (b'{"type":"chat"}', Code.BAD_FIELD, "needs the field 'text'"),
        (b'{"type":"chat","text":{"a":1}}', Code.BAD_FIELD, "not an object"),
        (b'{"type":"chat","text":"\\ud800"}', Code.BAD_FIELD, "invalid character"),
        (b'{"type":"ping","id":"' + b"i" * 65 + b'"}', Code.BAD_FIELD, "too long"),
    ],
)
def test_every_bad_line_is_a_clear_non_fatal_error(line: bytes, code: str, words: str) -> None:
    error = one_error(line + b"\n")
    assert error.code == code
    assert words in error.message
    # Only an over-long line ends the connection.
    assert error.fatal is (code == Code.TOO_LONG)
    msg = error.to_message()
    assert msg["type"] == "error" and msg["code"] == code and msg["message"] == error.message


def test_errors_do_not_stop_the_lines_after_them() -> None:
    out = feed(b'nope\n{"type":"ping"}\n{"type":"x"}\n{"type":"again"}\n')
    assert [type(x).__name__ for x in out] == ["ProtocolError", "dict", "ProtocolError", "dict"]


def test_unknown_extra_fields_are_ignored() -> None:
    assert parse_client_line(b'{"type":"ping","future":[1,2]}') == {
        "type": "ping",
        "future": [1, 2],
    }


def test_every_client_message_has_a_spec_and_the_minimal_ones_parse() -> None:
    minimal = {
        "hello": {"protocol": 1, "name": "Ann"},
        "answer": {"prompt": "p", "option": "o"},
        "chat": {"text": "hi"},
        "ping": {},
        "again": {},
    }
    assert set(minimal) == set(CLIENT_MESSAGES)
    for mtype, fields in minimal.items():
        msg = {"type": mtype, **fields}
        assert parse_client_line(json.dumps(msg).encode()) == msg


def test_server_lines_are_checked_too_but_unknown_types_pass() -> None:
    assert parse_server_line(b'{"type":"pong"}') == {"type": "pong"}
    assert parse_server_line(b'{"type":"news","x":1}') == {"type": "news", "x": 1}
    with pytest.raises(ProtocolError, match="'message'"):
        parse_server_line(b'{"type":"error","code":"x"}')


# ---------------------------------------------------------------------- encoding


def test_encode_is_one_compact_utf8_line() -> None:
    data = encode({"type": "chat", "from": "Zoé", "seat": None, "text": "a\nb"})
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    assert "Zoé".encode() in data
    assert b" " not in data


def test_encode_never_fails_on_a_lone_surrogate() -> None:
    data = encode({"type": "chat", "from": "\ud800", "seat": None, "text": "x"})
    assert json.loads(data)["from"] == "?"


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=20,
    )
)
@settings(max_examples=200)
def test_any_json_value_round_trips(value: object) -> None:
    """Exactly, but for the control characters a client never lets through."""
    msg = {"type": "chat", "from": "x", "seat": None, "text": "t", "extra": value}
    clean = json.loads(json.dumps(msg).encode("utf-8", "replace"))  # surrogates aside
    out = LineDecoder(parse=parse_server_line).feed(encode(clean))
    assert out == [shown_strings(clean)]


@given(st.binary(max_size=300))
@settings(max_examples=300)
def test_any_bytes_give_messages_or_errors_never_exceptions(data: bytes) -> None:
    decoder = LineDecoder(max_line=128)
    for item in decoder.feed(data) + decoder.feed(b"\n"):
        assert isinstance(item, dict | ProtocolError)
        if isinstance(item, ProtocolError):
            assert item.message and item.code


# ---------------------------------------------------------------------- semantics


def test_names() -> None:
    assert clean_name("  Ann   Lee ") == "Ann Lee"
    for bad, words in [
        ("   ", "empty"),
        ("x" * (MAX_NAME + 1), "longer than 16"),
        ("Ann\x00", "printable"),
        ("Ann\u200b", "printable"),
        ("\u3164", "printable"),  # a Hangul filler: prints as nothing
        ("Ann\u3164", "printable"),
        ("\u2800\u2800", "printable"),  # blank Braille
    ]:
        with pytest.raises(ProtocolError, match=words) as info:
            clean_name(bad)
        assert info.value.code == Code.NAME and not info.value.fatal


def test_chat_lines() -> None:
    assert clean_chat(" hi\nthere\t") == "hi there"
    with pytest.raises(ProtocolError, match="empty"):
        clean_chat("\n\n")
    with pytest.raises(ProtocolError, match="at most 500"):
        clean_chat("x" * 501)


def test_rate_limiter_allows_a_burst_then_the_sustained_rate() -> None:
    limiter = RateLimiter(rate=50, burst=100)
    assert all(limiter.allow(0.0) for _ in range(100))
    assert not limiter.allow(0.0)
    # One second later, 50 more.
    assert sum(limiter.allow(1.0) for _ in range(80)) == 50
    # A steady 40 a second for a long time is fine.
    t = 2.0
    for _ in range(1000):
        t += 1 / 40
        assert limiter.allow(t)


def test_protocol_md_documents_every_error_code() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "engine" / "net" / "PROTOCOL.md").read_text()
    codes = [v for k, v in vars(Code).items() if k.isupper() and isinstance(v, str)]
    assert len(codes) > 20
    missing = [code for code in codes if f"| `{code}` |" not in doc]
    assert not missing, f"PROTOCOL.md's error table lacks {missing}"
