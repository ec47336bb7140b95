"""The option ids of Stool Pigeon: made and parsed here, and nowhere else.

An option id is a verb, and for some verbs ``:`` and one argument.  The ids are
stable: the same choice has the same id in every prompt that offers it (the label
says what the prompt does with it), and they are what a client sends back in an
``answer`` (PROTOCOL.md).

=================  =================  ==============================================
id                 prompt ``kind``    what it answers
=================  =================  ==============================================
``done``           ``peek``           I have seen my two bottom cards
``draw``           ``draw``           draw from the DRAW pile
``take``           ``draw``           take the PLAY top
``knock``          ``draw``           knock: everyone else takes one last turn
``skip``           ``draw``           pass the turn (nothing to draw, or no card)
``ok``             ``seen``           I have seen the card I peeked at
``pass``           ``race``           let the race go
``slot:POS``       ``swap``,          the card at POS: swap the held card into it
                   ``look``,          (or put it there, when the crime scene is
                   ``switch``,        empty), peek at it, pick it for a swap, give
                   ``giveback``       it back
``claim:POS``      ``race``           claim the card at POS as a match
``eliminate:POS``  ``kingpin``        eliminate the card at POS (one of your own)
``give:SEAT``      ``kingpin``        give seat SEAT (a number) the next DRAW card
=================  =================  ==============================================

POS is a position: the seat's letter (``A`` for seat 0 .. ``F`` for seat 5) and the
slot's number from 1, as in ``A1`` or ``B12`` (see ``view.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

__all__ = [
    "DONE",
    "DRAW",
    "KNOCK",
    "LETTERS",
    "OK",
    "PASS",
    "SKIP",
    "TAKE",
    "Parsed",
    "make_claim",
    "make_eliminate",
    "make_give",
    "make_slot",
    "parse",
    "parse_position",
    "pos_name",
    "position_of",
    "try_parse",
]

LETTERS: Final = "ABCDEF"
"""The seats' letters, seat 0 first: the first character of a position."""

DONE: Final = "done"
DRAW: Final = "draw"
TAKE: Final = "take"
KNOCK: Final = "knock"
SKIP: Final = "skip"
OK: Final = "ok"
PASS: Final = "pass"

Word = Literal["done", "draw", "take", "knock", "skip", "ok", "pass"]
"""The verbs without an argument: the id is the verb."""
AtVerb = Literal["slot", "claim", "eliminate"]
"""The verbs whose argument is a position."""
Verb = Literal[Word, AtVerb, "give"]

_WORDS: Final[dict[str, Word]] = {
    "done": "done",
    "draw": "draw",
    "take": "take",
    "knock": "knock",
    "skip": "skip",
    "ok": "ok",
    "pass": "pass",
}
_AT_VERBS: Final[dict[str, AtVerb]] = {"slot": "slot", "claim": "claim", "eliminate": "eliminate"}
_POSITION = re.compile(r"([A-F])([1-9][0-9]*)")
_SEAT = re.compile(r"0|[1-9][0-9]*")


@dataclass(frozen=True, slots=True)
class Parsed:
    """An option id taken apart: its verb and its argument, typed."""

    verb: Verb
    pos: str | None = None
    """The position, for ``slot``, ``claim`` and ``eliminate``; else None."""
    seat: int | None = None
    """The seat given a card, for ``give``; else None."""

    @property
    def option_id(self) -> str:
        """The id again: ``parse(x).option_id == x`` for every id of this game."""
        if self.verb == "give":
            assert self.seat is not None
            return make_give(self.seat)
        if self.verb in _AT_VERBS:
            return _at(_AT_VERBS[self.verb], self.at)
        return self.verb

    @property
    def at(self) -> str:
        """The position (for a verb that names one: else ValueError)."""
        if self.pos is None:
            raise ValueError(f"{self.verb!r} names no position")
        return self.pos


# ------------------------------------------------------------------ positions


def pos_name(seat: int, index: int) -> str:
    """The position of slot ``index`` (from 0) of ``seat``'s crime scene: "A1"."""
    if not 0 <= seat < len(LETTERS) or index < 0:
        raise ValueError(f"no position for seat {seat}, slot {index}")
    return f"{LETTERS[seat]}{index + 1}"


def parse_position(text: str) -> tuple[int, int]:
    """(seat, slot index from 0) of a position like "B2"; ValueError if it is none.
    (Whether the table has that slot is the rules' business.)"""
    m = _POSITION.fullmatch(text)
    if m is None:
        raise ValueError(f"{text!r} is not a position")
    return LETTERS.index(m[1]), int(m[2]) - 1


# ------------------------------------------------------------------ making


def make_slot(pos: str) -> str:
    """``slot:POS``: swap into, put into, peek at, pick for a swap, give back."""
    return _at("slot", pos)


def make_claim(pos: str) -> str:
    """``claim:POS``: claim a match in a race."""
    return _at("claim", pos)


def make_eliminate(pos: str) -> str:
    """``eliminate:POS``: a Kingpin eliminates one of its player's cards."""
    return _at("eliminate", pos)


def make_give(seat: int) -> str:
    """``give:SEAT``: a Kingpin gives ``seat`` the next DRAW card."""
    if seat < 0:
        raise ValueError(f"no seat {seat}")
    return f"give:{seat}"


def _at(verb: AtVerb, pos: str) -> str:
    parse_position(pos)  # only a position: the id must parse back
    return f"{verb}:{pos}"


# ------------------------------------------------------------------ parsing


def parse(option_id: str) -> Parsed:
    """The verb and argument of ``option_id``; ValueError if it is not one of this
    game's ids (see the table above)."""
    word = _WORDS.get(option_id)
    if word is not None:
        return Parsed(word)
    verb, sep, arg = option_id.partition(":")
    if sep:
        at = _AT_VERBS.get(verb)
        if at is not None:
            parse_position(arg)
            return Parsed(at, pos=arg)
        if verb == "give" and _SEAT.fullmatch(arg):
            return Parsed("give", seat=int(arg))
    raise ValueError(f"{option_id!r} is not a Stool Pigeon option")


def try_parse(option_id: str) -> Parsed | None:
    """:func:`parse`, or None for an id that is not this game's (a UI that meets an id
    it does not know shows it by its label rather than fail)."""
    try:
        return parse(option_id)
    except ValueError:
        return None


def position_of(option_id: str) -> str | None:
    """The position an option names (``slot:A1``, ``claim:B3``, ``eliminate:A2``), or
    None (a word, ``give:1``, or not an id of this game)."""
    chosen = try_parse(option_id)
    return None if chosen is None else chosen.pos
