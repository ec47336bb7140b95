"""The option ids of The Isle of Cats: made and parsed here, and nowhere else.

Every answer is one of these ids (on the wire, in saves and in PROTOCOL.md's
``answer``).  Cards are named ``k<n>`` (``k1`` .. ``k150``, the Discovery cards by
number); tiles by their tile id (``B07``: the blue cat of shape C07, ``X3``: an
Oshax, ``RL2``: a rare treasure, ``T3-4``: a common treasure); colours by name.

=========================  =============  ==============================================
id                         prompt kind    meaning
=========================  =============  ==============================================
``keep:<card>``            ``draft``      keep this card from the cards passed to you
``buy:<card>``             ``buy``        buy this drafted card (``drawn``: a drawn one)
``unbuy:<card>``           ``buy``        put it back (nothing is paid before Done)
``done``                   ``buy``        done buying / committing / playing cards
                           ``commit``
                           ``last``
``colour:<colour>``        ``colour``     the colour a lesson, an Oshax or a card asks
``commit:<card>``          ``commit``     commit this rescue card for today
``uncommit:<card>``        ``commit``     take it back (nothing is shown before all are in)
``rescue:<tile>``          ``rescue``     rescue this cat from a field
``pass``                   ``rescue``     pass: no more cats (or finds) today; final
                           ``find``
``end``                    ``rescue``     end your turn after rescuing
``play:<card>``            ``rescue``     play this card (an anytime card; in the rare
                           ``find``       finds an Oshax or treasure card too)
                           ``buy`` ``last``
``place:<tile>:<x>:<y>:<o>`` ``place``    a structured answer (Prompt.answer ``place``):
                                          the tile with its orientation ``o`` (0-7: mirror
                                          first if o >= 4, then o % 4 quarter turns
                                          clockwise) and the top-left corner of that
                                          orientation's bounding box on square (x, y)
``auto``                   ``place``      place it for me (the first place that fits)
``back``                   (several)      take back the choice that opened this prompt
``common:<shape>``         ``treasure``   take a common treasure of this shape (T1-T4)
``skip``                   ``treasure``   take no (more) treasure
``oshax:<shape>``          ``oshax``      take this Oshax (X1-X6)
``rare:<tile>``            ``treasure``   take this rare treasure from beside the island
``commons``                ``treasure``   take two common treasures instead
``small``                  ``treasure``   two small common treasures (T1, T2)
``paid``                   ``treasure``   pay 1 more fish: two common treasures of any shape
``move:<tile>``            ``move``       move this cat to the other field
``field:left|right``       ``field``      put the drawn cat in this field
``drop:<card>``            ``drop``       discard this private lesson of yours
``lift:<tile>``            ``lift``       take this treasure off your boat
=========================  =============  ==============================================

:func:`parse` reads any of them back into a :class:`Parsed`, and refuses anything
else with ``ValueError``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal, get_args

__all__ = [
    "AUTO",
    "BACK",
    "DONE",
    "END",
    "PASS",
    "PLACE",
    "SKIP",
    "Parsed",
    "Placement",
    "Verb",
    "card_id",
    "card_number",
    "make",
    "make_place",
    "parse",
    "parse_place",
]

Verb = Literal[
    "keep",
    "buy",
    "unbuy",
    "done",
    "colour",
    "commit",
    "uncommit",
    "rescue",
    "pass",
    "end",
    "play",
    "place",
    "auto",
    "back",
    "common",
    "skip",
    "oshax",
    "rare",
    "commons",
    "small",
    "paid",
    "move",
    "field",
    "drop",
    "lift",
]
"""The first word of an option id."""

AUTO: Final = "auto"
BACK: Final = "back"
DONE: Final = "done"
END: Final = "end"
PASS: Final = "pass"
SKIP: Final = "skip"
PLACE: Final = "place"
"""The structured answer's name (``Prompt.answer``) of a placement prompt."""

_PLAIN: Final = frozenset(
    {"auto", "back", "done", "end", "pass", "skip", "commons", "small", "paid"}
)
_VERBS: Final = frozenset(get_args(Verb))
_ARG = re.compile(r"[A-Za-z0-9-]{1,12}\Z")
_CARD = re.compile(r"k([1-9][0-9]{0,2})\Z")


def card_id(number: int) -> str:
    """``k12``: the Discovery card number 12, as views and option ids name it."""
    return f"k{number}"


def card_number(card: str) -> int:
    """12 for ``k12``; ``ValueError`` for anything else."""
    m = _CARD.match(card)
    if m is None:
        raise ValueError(f"not a card: {card!r}")
    return int(m.group(1))


@dataclass(frozen=True, slots=True)
class Placement:
    """A placement answer read back: the tile, its orientation and its corner."""

    tile: str
    x: int
    y: int
    o: int


@dataclass(frozen=True, slots=True)
class Parsed:
    """An option id read back: its verb and its argument (None for plain ones)."""

    verb: Verb
    arg: str | None = None

    def __str__(self) -> str:
        return self.verb if self.arg is None else f"{self.verb}:{self.arg}"


def make(verb: Verb, arg: str | None = None) -> str:
    """The option id of ``verb`` with ``arg`` (``make("keep", "k12")`` -> ``keep:k12``)."""
    if (arg is None) != (verb in _PLAIN):
        raise ValueError(f"{verb!r} takes {'no' if verb in _PLAIN else 'an'} argument")
    return verb if arg is None else f"{verb}:{arg}"


def make_place(tile: str, x: int, y: int, o: int) -> str:
    """``place:B07:5:3:6``: tile B07 in orientation 6 with its box's corner on (5, 3)."""
    return f"{PLACE}:{tile}:{x}:{y}:{o}"


def parse(option_id: str) -> Parsed:
    """Read a listed option id (not a placement: :func:`parse_place`); ``ValueError``
    for anything that is not one."""
    if option_id in _PLAIN:
        return Parsed(option_id)  # type: ignore[arg-type]  # one of the plain verbs
    verb, sep, arg = option_id.partition(":")
    if not sep or verb not in _VERBS or verb in _PLAIN or verb == PLACE or not _ARG.match(arg):
        raise ValueError(f"not an option of The Isle of Cats: {option_id!r}")
    return Parsed(verb, arg)  # type: ignore[arg-type]  # checked against _VERBS


def parse_place(option_id: str) -> Placement:
    """Read a placement answer; ``ValueError`` (with a message a player understands)
    for one that is not well formed.  Whether it is legal is the rules' business."""
    parts = option_id.split(":")
    if len(parts) != 5 or parts[0] != PLACE or not _ARG.match(parts[1]):
        raise ValueError("A placement is place:<tile>:<x>:<y>:<orientation>.")
    # ASCII digits only, and few of them: int() also reads "٥", "+5", "5_0" and " 5".
    if not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts[2:]):
        raise ValueError("A placement's square and orientation are whole numbers.")
    x, y, o = (int(p) for p in parts[2:])
    if not 0 <= o <= 7:
        raise ValueError("A placement's orientation is 0 to 7, its square two whole numbers.")
    return Placement(parts[1], x, y, o)
