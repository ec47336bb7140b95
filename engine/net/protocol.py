"""The LAN protocol, version 1, without any I/O: framing, validation, encoding.

TCP, UTF-8, one JSON object per line (``\\n``; a ``\\r`` before it is ignored),
each with a ``"type"``.  PROTOCOL.md beside this file describes every message.

* :class:`LineDecoder` turns the bytes a peer sent into messages (or errors):
  ``feed(bytes) -> [dict | ProtocolError, ...]``.
* :func:`parse_client_line` / :func:`parse_server_line` check one line against
  the messages each side may send.
* :func:`encode` turns a message into the bytes of one line.
* :class:`RateLimiter` is the token bucket behind the flood limit.

Every problem is a :class:`ProtocolError` with a stable ``code`` and a message
for people; ``fatal`` ones (a line too long, a flood...) end the connection.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

PROTOCOL_VERSION: Final = 1

MAX_LINE: Final = 64 * 1024
"""The longest line a server accepts, in bytes before the ``\\n``."""
MAX_SERVER_LINE: Final = 16 * 1024 * 1024
"""The longest line a client accepts (a whole game's log can be long)."""
RATE_PER_SECOND: Final = 50.0
"""Messages a second a client may send, sustained."""
RATE_BURST: Final = 100.0
"""How many messages a client may send at once above the sustained rate."""
MAX_NAME: Final = 16
"""The longest player name, in characters (names show in narrow panes)."""
MAX_CHAT: Final = 500
"""The longest chat line, in characters."""
MAX_MARKS: Final = 3
"""The most combining marks (accents, ...) in a row on one letter, in names and chat:
enough for Vietnamese "ệ" typed as e and two marks, not for a pile that draws over
the lines around it."""
CHAT_RATE: Final = (1.0, 5.0)
"""Chat lines a second a host relays from one connection by default, sustained and
in a burst (``HostConfig.chat_rate``; the app paces its lines the same way)."""
MAX_DEPTH: Final = 64
"""The deepest nesting of lists and objects a line may hold (every message is far
shallower): deeper lines are refused as ``json`` errors, so that nothing that walks
a decoded message (``shown_strings``, a game's view) can run out of stack."""
MAX_ID: Final = 64
"""The longest request id (``answer`` / ``ping`` ``"id"``): characters of a text
id, digits of a whole-number one."""
_MAX_INT_ID: Final = 10**MAX_ID

Message = dict[str, Any]
"""A decoded protocol message: a JSON object with a ``"type"``."""


class Code:
    """The ``code`` of every error message (stable; the text may change)."""

    TOO_LONG: Final = "too_long"
    FLOOD: Final = "flood"
    ENCODING: Final = "encoding"
    JSON: Final = "json"
    NOT_OBJECT: Final = "not_object"
    NO_TYPE: Final = "no_type"
    UNKNOWN_TYPE: Final = "unknown_type"
    BAD_FIELD: Final = "bad_field"
    PROTOCOL: Final = "protocol"
    PASSWORD: Final = "password"
    FULL: Final = "full"
    BUSY: Final = "busy"
    SLOW_DOWN: Final = "slow_down"
    MUTED: Final = "muted"
    NAME: Final = "name"
    HELLO_FIRST: Final = "hello_first"
    ALREADY_JOINED: Final = "already_joined"
    NOT_STARTED: Final = "not_started"
    SPECTATOR: Final = "spectator"
    ILLEGAL: Final = "illegal"
    NOT_OVER: Final = "not_over"
    REPLACED: Final = "replaced"
    TIMEOUT: Final = "timeout"
    INTERNAL: Final = "internal"
    CLOSING: Final = "closing"
    CLOSED: Final = "closed"


class ProtocolError(Exception):
    """A message (or line) that cannot be accepted.  ``str(error)`` is for people."""

    def __init__(self, code: str, message: str, *, fatal: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.fatal = fatal
        self.ref: str | int | None = None
        """The ``id`` of the ``answer`` or ``ping`` the error is about, if it had a
        usable one (so the error can carry it as ``re``)."""

    def to_message(self, re: str | int | None = None) -> Message:
        """The ``error`` message that tells the peer about this problem (``re``:
        default :attr:`ref`)."""
        return error_message(
            self.code, self.message, fatal=self.fatal, re=self.ref if re is None else re
        )

    def __repr__(self) -> str:
        return f"ProtocolError({self.code!r}, {self.message!r}, fatal={self.fatal})"


def error_message(
    code: str, message: str, *, fatal: bool = False, re: str | int | None = None
) -> Message:
    out: Message = {"type": "error", "code": code, "message": message}
    if fatal:
        out["fatal"] = True
    if re is not None:
        out["re"] = re
    return out


# ---------------------------------------------------------------------- field checks


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a message: its kind, whether it must be there, may be null."""

    kind: str  # "int", "num", "str", "bool", "dict", "list", "id"
    required: bool = True
    nullable: bool = False
    max_len: int = 0  # for "str": the longest text accepted (0: no limit)


_KIND_WORDS = {
    "int": "a whole number",
    "num": "a number",
    "str": "text",
    "bool": "true or false",
    "dict": "an object",
    "list": "a list",
    "id": "text or a whole number",
}


def _json_word(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _is_kind(value: Any, kind: str) -> bool:
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "num":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "dict":
        return isinstance(value, dict)
    if kind == "list":
        return isinstance(value, list)
    if kind == "id":
        return (isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, str)
    raise ValueError(f"unknown field kind {kind!r}")


def is_clean_text(text: str) -> bool:
    """True if ``text`` can be written as UTF-8 (no lone surrogates from ``\\ud800``)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def usable_ref(msg: Message) -> str | int | None:
    """The ``id`` of an ``answer`` or ``ping``, if it is one an error may echo as ``re``."""
    if msg.get("type") not in ("answer", "ping"):
        return None
    ref = msg.get("id")
    if isinstance(ref, bool) or not isinstance(ref, int | str):
        return None
    if isinstance(ref, int):
        return ref if abs(ref) < _MAX_INT_ID else None
    return ref if len(ref) <= MAX_ID and is_clean_text(ref) else None


def check_fields(msg: Message, spec: dict[str, Field]) -> Message:
    """Raise a non-fatal :class:`ProtocolError` naming the first bad field of ``msg``."""
    mtype = msg["type"]
    for name, field in spec.items():
        if name not in msg:
            if field.required:
                raise ProtocolError(
                    Code.BAD_FIELD,
                    f"{mtype!r} needs the field {name!r} ({_KIND_WORDS[field.kind]}).",
                )
            continue
        value = msg[name]
        if value is None:
            if field.nullable:
                continue
            if not field.required:
                raise ProtocolError(
                    Code.BAD_FIELD,
                    f"{name!r} must be {_KIND_WORDS[field.kind]} (or left out), not null.",
                )
        if not _is_kind(value, field.kind):
            raise ProtocolError(
                Code.BAD_FIELD,
                f"{name!r} of {mtype!r} must be {_KIND_WORDS[field.kind]}, "
                f"not {_json_word(value)}.",
            )
        if field.kind == "id" and isinstance(value, int) and abs(value) >= _MAX_INT_ID:
            raise ProtocolError(
                Code.BAD_FIELD,
                f"{name!r} of {mtype!r} is too large a number (at most {MAX_ID} digits).",
            )
        if isinstance(value, str):
            limit = MAX_ID if field.kind == "id" else field.max_len
            if limit and len(value) > limit:
                raise ProtocolError(
                    Code.BAD_FIELD,
                    f"{name!r} of {mtype!r} is too long "
                    f"({len(value)} characters; at most {limit}).",
                )
            if not is_clean_text(value):
                raise ProtocolError(
                    Code.BAD_FIELD, f"{name!r} contains an invalid character (a lone surrogate)."
                )
    return msg


# What each side may send.  Unknown extra fields are ignored (forward compatible).
CLIENT_MESSAGES: Final[dict[str, dict[str, Field]]] = {
    "hello": {
        "protocol": Field("int"),
        "name": Field("str", max_len=200),
        "token": Field("str", required=False, nullable=True, max_len=200),
        "spectate": Field("bool", required=False),
        "password": Field("str", required=False, nullable=True, max_len=200),
    },
    "answer": {
        "prompt": Field("str", max_len=200),
        "option": Field("str", max_len=200),
        "id": Field("id", required=False),
    },
    "chat": {"text": Field("str", max_len=4 * MAX_CHAT)},
    "ping": {"id": Field("id", required=False)},
    "again": {},
}

_LOBBY_FIELDS: dict[str, Field] = {
    "started": Field("bool"),
    "over": Field("bool"),
    "game_number": Field("int"),
    "seats": Field("list"),
    "spectators": Field("int"),
    "waiting_for": Field("int"),
    "again": Field("list"),
}

SERVER_MESSAGES: Final[dict[str, dict[str, Field]]] = {
    "welcome": {
        "protocol": Field("int"),
        "seat": Field("int", nullable=True),
        "token": Field("str", nullable=True),
        "game": Field("str"),
        "title": Field("str"),
        "options": Field("dict"),
        "players": Field("int"),
        "window_seconds": Field("num", nullable=True),
        **_LOBBY_FIELDS,
    },
    "lobby": dict(_LOBBY_FIELDS),
    "update": {
        "game_number": Field("int"),
        "view": Field("dict"),
        "prompts": Field("list"),
        "events": Field("list"),
        "first": Field("int"),
        "outcome": Field("dict", required=False, nullable=True),
        "window": Field("num", required=False, nullable=True),
        "ack": Field("id", required=False),
    },
    "error": {
        "code": Field("str"),
        "message": Field("str"),
        "fatal": Field("bool", required=False),
        "re": Field("id", required=False),
    },
    "pong": {"id": Field("id", required=False)},
    "chat": {"from": Field("str"), "seat": Field("int", nullable=True), "text": Field("str")},
    "notice": {"text": Field("str")},
}


# ---------------------------------------------------------------------- lines


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _too_deep(value: Any, limit: int) -> bool:
    """Whether ``value`` (decoded JSON) nests lists and objects deeper than ``limit``
    (walked without recursion: it may be as deep as ``json`` accepts)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def decode_line(line: bytes) -> Message:
    """One line (without its ``\\n``) as a JSON object with a text ``"type"``."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProtocolError(
            Code.ENCODING, f"The line is not valid UTF-8 text (bad byte at {exc.start})."
        ) from None
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise ProtocolError(
            Code.JSON, f"The line is not valid JSON ({exc.msg} at column {exc.colno})."
        ) from None
    except (ValueError, RecursionError) as exc:  # NaN, a 5000-digit number, deep nesting
        detail = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise ProtocolError(Code.JSON, f"The line is not valid JSON ({detail}).") from None
    if isinstance(value, (dict, list)) and _too_deep(value, MAX_DEPTH):
        raise ProtocolError(Code.JSON, "The line is not valid JSON (nested too deeply).")
    if not isinstance(value, dict):
        raise ProtocolError(
            Code.NOT_OBJECT,
            f'A message must be a JSON object with a "type", not {_json_word(value)}.',
        )
    mtype = value.get("type")
    if mtype is None:
        raise ProtocolError(Code.NO_TYPE, 'The message has no "type".')
    if not isinstance(mtype, str):
        raise ProtocolError(Code.NO_TYPE, f'"type" must be text, not {_json_word(mtype)}.')
    return value


def parse_client_line(line: bytes) -> Message:
    """A line a client sent, checked against :data:`CLIENT_MESSAGES`."""
    msg = decode_line(line)
    spec = CLIENT_MESSAGES.get(msg["type"])
    if spec is None:
        known = ", ".join(sorted(CLIENT_MESSAGES))
        shown = msg["type"] if len(msg["type"]) <= 40 else msg["type"][:37] + "..."
        raise ProtocolError(Code.UNKNOWN_TYPE, f"Unknown message type {shown!r} (known: {known}).")
    try:
        return check_fields(msg, spec)
    except ProtocolError as exc:  # an answer's error still names the answer
        exc.ref = usable_ref(msg)
        raise


def parse_server_line(line: bytes) -> Message:
    """A line a server sent, every string in it made :func:`shown_text` (a host may be
    hostile: its names, chat and messages must not reach a terminal as escape
    sequences).  Unknown types pass through unchecked (clients ignore them)."""
    msg = shown_strings(decode_line(line))
    spec = SERVER_MESSAGES.get(msg["type"])
    return msg if spec is None else check_fields(msg, spec)


_UNSHOWN: Final = dict.fromkeys(
    [*range(0x00, 0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A)],
    " ",
)
"""C0 and C1 controls (ESC, CSI, OSC's BEL...), DEL, and the bidi overrides and
isolates: what :func:`shown_text` turns into spaces (except a line break)."""
del _UNSHOWN[ord("\n")]
_UNSHOWN_TABLE: Final = str.maketrans(_UNSHOWN)


def shown_text(text: str) -> str:
    """``text`` safe to put on a terminal: every control character (ESC above all) and
    bidi override a space, line breaks kept, marks past :data:`MAX_MARKS` on one letter
    dropped.  It is still to be shown as plain text, never read as markup."""
    return cap_marks(text.translate(_UNSHOWN_TABLE))


def shown_strings(value: Any) -> Any:
    """``value`` (decoded JSON) with every string, keys included, :func:`shown_text`."""
    if isinstance(value, str):
        return shown_text(value)
    if isinstance(value, dict):
        return {shown_text(k): shown_strings(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shown_strings(v) for v in value]
    return value


class LineDecoder:
    """Bytes in, messages out: split lines, refuse over-long ones, parse the rest.

    ``feed`` returns, in order, a :data:`Message` or a :class:`ProtocolError` per
    line.  A line longer than ``max_line`` bytes (not counting a ``\r`` before
    its ``\n``) is a fatal error, found as soon as the bytes pile up, without
    waiting for its end; after a fatal error the decoder is ``closed`` and
    ignores everything.  Blank lines are skipped.

    ``admit`` (given to :meth:`feed`) is asked before each line (blank ones too)
    is parsed: an error it returns (a flood) ends the list and closes the
    decoder, so that the lines after it cost nothing, however many one read
    brought.
    """

    def __init__(
        self,
        max_line: int = MAX_LINE,
        parse: Callable[[bytes], Message] = parse_client_line,
    ) -> None:
        self.max_line = max_line
        self._parse = parse
        self._buffer = bytearray()
        self.closed = False

    @property
    def pending(self) -> int:
        """Bytes received after the last complete line."""
        return len(self._buffer)

    def _too_long(self) -> ProtocolError:
        return self._close(
            ProtocolError(
                Code.TOO_LONG,
                f"A line is longer than {self.max_line} bytes: closing the connection.",
                fatal=True,
            )
        )

    def _close(self, error: ProtocolError) -> ProtocolError:
        self.closed = True
        self._buffer.clear()
        return error

    def feed(
        self, data: bytes, admit: Callable[[], ProtocolError | None] | None = None
    ) -> list[Message | ProtocolError]:
        if self.closed:
            return []
        buffer = self._buffer
        buffer += data
        out: list[Message | ProtocolError] = []
        start = 0
        limit = self.max_line
        while True:
            end = buffer.find(b"\n", start)
            if end < 0:
                break
            stop = end - 1 if end > start and buffer[end - 1] == 13 else end  # a "\r"
            if stop - start > limit:
                out.append(self._too_long())
                return out
            if admit is not None:
                refused = admit()
                if refused is not None:
                    out.append(self._close(refused))
                    return out
            line = bytes(buffer[start:stop])
            start = end + 1
            if not line.strip():
                continue
            try:
                out.append(self._parse(line))
            except ProtocolError as exc:
                out.append(exc)
        del buffer[:start]
        # An unfinished line over the limit (its last byte may be the "\r" of a
        # line exactly at the limit).
        if len(buffer) > limit and not (len(buffer) == limit + 1 and buffer[-1] == 13):
            out.append(self._too_long())
        return out


_ENCODER = json.JSONEncoder(
    ensure_ascii=False, separators=(",", ":"), allow_nan=False, check_circular=False
)


def encode_json(value: Any) -> str:
    """Compact JSON text of a value (no NaN)."""
    return _ENCODER.encode(value)


def encode(msg: Message) -> bytes:
    """One message as the bytes of one line (compact JSON, UTF-8, ``\\n``)."""
    # "replace": a lone surrogate that slipped into a string becomes "?" instead
    # of an exception in the middle of a broadcast.
    return (_ENCODER.encode(msg) + "\n").encode("utf-8", "replace")


# ---------------------------------------------------------------------- semantics


def clean_name(name: str) -> str:
    """A player's name, trimmed (without the marks that print as nothing), or a
    non-fatal ``name`` error saying what is wrong."""
    trimmed = " ".join(name.translate(_INVISIBLE_MARKS_TABLE).split())
    if not trimmed:
        raise ProtocolError(Code.NAME, "Your name is empty: choose a name to play under.")
    if cap_marks(trimmed) != trimmed:
        raise ProtocolError(
            Code.NAME, f"A name may carry at most {MAX_MARKS} accents or marks on one letter."
        )
    if len(trimmed) > MAX_NAME:
        raise ProtocolError(
            Code.NAME, f"The name {trimmed[:MAX_NAME]!r}... is longer than {MAX_NAME} characters."
        )
    if any(not ch.isprintable() or ch in _BLANK_LOOKING for ch in trimmed):
        raise ProtocolError(Code.NAME, "A name may only hold printable characters.")
    return trimmed


def cap_marks(text: str) -> str:
    """``text`` without the combining marks past :data:`MAX_MARKS` in a row.  A format
    character (a zero-width joiner or space, a word joiner...) takes no cell, so it does
    not end the run: marks on either side of it stack on the same letter (a rogue host
    once piled 300 accents on one letter with a zero-width joiner after every three)."""
    out: list[str] = []
    run = 0
    for ch in text:
        category = unicodedata.category(ch)
        if category[0] == "M":
            run += 1
            if run > MAX_MARKS:
                continue
        elif category != "Cf":
            run = 0
        out.append(ch)
    return text if len(out) == len(text) else "".join(out)


_INVISIBLE_MARKS: Final = dict.fromkeys(
    [
        0x034F,
        0x17B4,
        0x17B5,
        *range(0x180B, 0x1810),
        *range(0xFE00, 0xFE10),
        *range(0xE0100, 0xE01F0),
    ]
)
"""Default-ignorable characters that ``str.isprintable`` lets through (combining
marks that draw nothing: the grapheme joiner, variation selectors, Khmer and Mongolian
inherent vowels and selectors): ``alice`` with a grapheme joiner looked exactly like
``alice`` beside it, and two of them made a name that printed as nothing.  A name
drops them."""
_INVISIBLE_MARKS_TABLE: Final = str.maketrans(_INVISIBLE_MARKS)

_BLANK_LOOKING: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters that print as nothing (Hangul fillers, the blank Braille pattern): a
name made of them looks empty, or like another one."""


def name_key(name: str) -> str:
    """What two names must differ in to be told apart at a table: compatibility
    forms folded (full-width "Ａｎｎ" is "Ann") and case ignored."""
    return unicodedata.normalize("NFKC", name).casefold()


def clean_chat(text: str) -> str:
    """A chat line on one line (control characters become spaces, marks past
    :data:`MAX_MARKS` on one letter are dropped), or a ``bad_field`` error."""
    flat = cap_marks("".join(ch if ch.isprintable() else " " for ch in text)).strip()
    if not flat:
        raise ProtocolError(Code.BAD_FIELD, "The chat line is empty.")
    if len(flat) > MAX_CHAT:
        raise ProtocolError(
            Code.BAD_FIELD, f"A chat line holds at most {MAX_CHAT} characters, not {len(flat)}."
        )
    return flat


class RateLimiter:
    """A token bucket: ``rate`` messages a second sustained, ``burst`` at once."""

    __slots__ = ("_last", "_tokens", "burst", "rate")

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float = RATE_BURST) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._last: float | None = None

    def allow(self, now: float) -> bool:
        """Count one message at ``now``; False once the bucket is empty."""
        if self._last is not None and now > self._last:
            self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        if self._last is None or now > self._last:
            self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False

    def next_allowed(self) -> float:
        """The earliest time :meth:`allow` may say True (any time before the first)."""
        if self._last is None or self._tokens >= 1.0:
            return self._last if self._last is not None else 0.0
        return self._last + (1.0 - self._tokens) / self.rate + 1e-6  # past rounding
