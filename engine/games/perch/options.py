"""The option ids of Chat perché: made and parsed here, and nowhere else.

Every option a prompt offers has one of these ids (the ids on the wire, in saves and
in PROTOCOL.md's ``answer``); positions are named as in
:mod:`engine.games.perch.board`:

=================  ============  ====================================================
id                 prompt kind   meaning
=================  ============  ====================================================
``token:<v>``      ``token``     place the strength token of value ``v`` (1 to 4) next
``branch:<B>``     ``branch``    put it on branch ``B`` (``L1`` .. ``R5``)
``back``           ``branch``    back: choose another token
                   ``move``      back: choose another cat
``flip``           ``flip``      flip the top card of the deck
``cat:<pos>``      ``cat``       move the cat at ``pos`` (a square, or a start:
                                 ``cat:black start``)
                   ``fall``      the opposing cat on square ``pos`` falls
``stop``           ``cat``       move no other cat
``to:<pos>``       ``move``      the chosen cat lands on square ``pos``
``spot:<spot>``    ``bird``      the bird goes on branch spot ``spot``
=================  ============  ====================================================

:func:`parse` reads any of them back into a :class:`Parsed` (its verb and its typed
argument), and refuses anything else with ``ValueError``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from engine.games.perch.board import BRANCHES, SPOT_SET, SQUARES, STARTS

__all__ = [
    "BACK",
    "FLIP",
    "STOP",
    "Parsed",
    "Verb",
    "make_back",
    "make_branch",
    "make_cat",
    "make_flip",
    "make_spot",
    "make_stop",
    "make_to",
    "make_token",
    "parse",
]

Verb = Literal["token", "branch", "back", "flip", "cat", "stop", "to", "spot"]
"""The first word of an option id."""

BACK: Final = "back"
FLIP: Final = "flip"
STOP: Final = "stop"

_BRANCH_SET: Final = frozenset(BRANCHES)
_SQUARE_SET: Final = frozenset(SQUARES)
_CAT_SET: Final = _SQUARE_SET | frozenset(STARTS)
_WHERE: Final[dict[str, frozenset[str]]] = {
    "branch": _BRANCH_SET,
    "cat": _CAT_SET,
    "to": _SQUARE_SET,
    "spot": SPOT_SET,
}
"""The positions each verb with a position may name."""
_PLAIN: Final[dict[str, Verb]] = {BACK: "back", FLIP: "flip", STOP: "stop"}


@dataclass(frozen=True, slots=True)
class Parsed:
    """An option id read back: its verb and its argument."""

    verb: Verb
    pos: str | None = None
    """The position it names (``branch``, ``cat``, ``to``, ``spot``); None otherwise."""
    strength: int | None = None
    """The token's value (``token``); None otherwise."""

    @property
    def from_start(self) -> bool:
        """A ``cat`` option for a cat waiting at its start."""
        return self.verb == "cat" and self.pos in STARTS

    def __str__(self) -> str:
        """The option id again."""
        if self.strength is not None:
            return make_token(self.strength)
        if self.pos is not None:
            return f"{self.verb}:{self.pos}"
        return self.verb


def make_token(value: int) -> str:
    """``token:3``: place the strength token of ``value`` next."""
    return f"token:{value}"


def make_branch(branch: str) -> str:
    """``branch:L3``: put the token on ``branch``."""
    return f"branch:{branch}"


def make_back() -> str:
    """``back``: undo the last choice of the turn (the token, the cat)."""
    return BACK


def make_flip() -> str:
    """``flip``: flip the top card of the deck."""
    return FLIP


def make_cat(pos: str) -> str:
    """``cat:T2``, ``cat:black start``: the cat at ``pos`` (to move, or that falls)."""
    return f"cat:{pos}"


def make_stop() -> str:
    """``stop``: move no other cat."""
    return STOP


def make_to(pos: str) -> str:
    """``to:L3b``: the chosen cat lands on ``pos``."""
    return f"to:{pos}"


def make_spot(spot: str) -> str:
    """``spot:R1d``: the bird goes on ``spot``."""
    return f"spot:{spot}"


def parse(option_id: str) -> Parsed:
    """Read an option id (see the module docstring); ``ValueError`` for anything that is
    not one."""
    plain = _PLAIN.get(option_id)
    if plain is not None:
        return Parsed(plain)
    verb, sep, rest = option_id.partition(":")
    if sep:
        if verb == "token":
            if rest.isascii() and rest.isdigit() and str(int(rest)) == rest:
                return Parsed("token", strength=int(rest))
        elif verb in _WHERE and rest in _WHERE[verb]:
            if verb == "branch":
                return Parsed("branch", rest)
            if verb == "cat":
                return Parsed("cat", rest)
            if verb == "to":
                return Parsed("to", rest)
            return Parsed("spot", rest)
    raise ValueError(f"{option_id!r} is not an option of Chat perché")
