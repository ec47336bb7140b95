"""The option ids of Cats Among The Pigeons: made and parsed here, and nowhere else.

Every decision's options have a stable string id (PROTOCOL.md's ``prompts[].options[].id``).
The rules make them with the ``make_*`` functions and the constants below; the rules,
the bots and the app read them back with :func:`parse` (:func:`try_parse` for ids
that come from the network and may be anything).  ``<n>`` is a card's number, as in
its view id ``c<n>`` (:func:`card_id`); ``<seat>`` a seat's number.

=========================  =============  ==============================================
id                         prompt kind    meaning (:class:`Parsed`)
=========================  =============  ==============================================
``draw``                   turn           draw a card, ending the turn (``verb="draw"``)
``cats``                   turn           discard three cats (``"cats"``)
``pair:<colour>``          turn           discard two pigeons of ``colour`` to draw one
                                          (``"pair"``, ``colour``)
``pair:<colour>+rainbow``  turn           discard a ``colour`` pigeon and a rainbow
                                          (``"pair"``, ``colour``, ``rainbow=True``)
``pair:rainbow``           turn           discard two rainbows (``"pair"``, ``colour="rainbow"``)
``play:c<n>``              turn           play action card ``n`` (``"play"``, ``card``)
``seat:<seat>``            target         aim the card at that seat (``"seat"``, ``seat``)
``left`` / ``right``       direction      Pigeon Mail's way round (``"left"``, ``"right"``)
``back``                   target,        take the card back into the hand; the turn is
                           direction      asked again (``"back"``)
``pass``                   window, sale   let it happen (``"pass"``)
``wing:c<n>``              window         play Wing Block ``n`` (``"wing"``, ``card``)
``trap:c<n>``              window         play Pigeon Trap ``n`` (``"trap"``, ``card``)
``sale:c<n>``              sale           claim the pair with Pigeon Sale ``n``
                                          (``"sale"``, ``card``)
``c<n>``                   pick           choose card ``n`` (``"card"``, ``card``)
``give`` / ``none``        choice         a trapped Gift: give a card, or nothing
                                          (``"give"``, ``"none"``)
=========================  =============  ==============================================

An id is parsed only in its one spelling (``c12``, never ``c012``): :func:`parse`
refuses anything :func:`Parsed.id` would not make again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from engine.games.pigeons.view import Colour, Flock

__all__ = [
    "BACK",
    "CATS",
    "DRAW",
    "GIVE",
    "LEFT",
    "NONE",
    "PASS",
    "RIGHT",
    "Parsed",
    "Verb",
    "card_id",
    "card_number",
    "make_pair",
    "make_pick",
    "make_play",
    "make_sale",
    "make_seat",
    "make_trap",
    "make_wing",
    "parse",
    "try_parse",
]

Verb = Literal[
    "draw",
    "cats",
    "pair",
    "play",
    "seat",
    "left",
    "right",
    "back",
    "pass",
    "wing",
    "trap",
    "sale",
    "card",
    "give",
    "none",
]
"""What an option does (the table in the module docstring)."""

DRAW: Final = "draw"
CATS: Final = "cats"
LEFT: Final = "left"
RIGHT: Final = "right"
BACK: Final = "back"
PASS: Final = "pass"
GIVE: Final = "give"
NONE: Final = "none"

_WORDS: Final[dict[str, Verb]] = {
    DRAW: "draw",
    CATS: "cats",
    LEFT: "left",
    RIGHT: "right",
    BACK: "back",
    PASS: "pass",
    GIVE: "give",
    NONE: "none",
}
"""The ids that are a verb alone."""

_CARD_VERBS: Final[dict[str, Verb]] = {
    "play": "play",
    "wing": "wing",
    "trap": "trap",
    "sale": "sale",
}
"""The verbs followed by ``:c<n>``."""

_COLOURS: Final[dict[str, Colour]] = {c: c for c in get_args(Colour)}
_FLOCKS: Final[dict[str, Flock]] = {f: f for f in get_args(Flock)}
_RAINBOW: Final = "+rainbow"


def card_id(card: int) -> str:
    """A card's id in views and options: ``c12``."""
    return f"c{card}"


def card_number(text: str) -> int:
    """The number of a card id (``"c12"`` -> 12); ValueError if ``text`` is not one."""
    digits = text[1:]
    if (
        text[:1] != "c"
        or not digits.isascii()
        or not digits.isdigit()
        or (digits[0] == "0" and len(digits) > 1)
    ):
        raise ValueError(f"{text!r} is not a card")
    return int(digits)


def _number(text: str) -> int:
    if not text.isascii() or not text.isdigit() or (text[0] == "0" and len(text) > 1):
        raise ValueError(f"{text!r} is not a number")
    return int(text)


@dataclass(frozen=True, slots=True)
class Parsed:
    """One option id, read: what it does and what it names."""

    verb: Verb
    card: int | None = None
    """The card named (``play``, ``wing``, ``trap``, ``sale``, ``card``)."""
    seat: int | None = None
    """The seat named (``seat``)."""
    colour: Flock | None = None
    """A pair's colour (``pair``): ``rainbow`` for two rainbows."""
    rainbow: bool = False
    """A pair of one ``colour`` pigeon and a rainbow (``pair``)."""

    @property
    def card_id(self) -> str | None:
        """The id (``c12``) of the card named, if any: the same as in the view."""
        return None if self.card is None else card_id(self.card)

    @property
    def id(self) -> str:
        """The option id this reads (:func:`parse`'s inverse)."""
        verb = self.verb
        if verb in _CARD_VERBS:
            return f"{verb}:{card_id(_need(self.card))}"
        if verb == "card":
            return card_id(_need(self.card))
        if verb == "seat":
            return f"seat:{_need(self.seat)}"
        if verb == "pair":
            colour = self.colour
            if colour is None or (self.rainbow and colour == "rainbow"):
                raise ValueError(f"no such pair: {colour!r}, rainbow={self.rainbow}")
            return f"pair:{colour}{_RAINBOW if self.rainbow else ''}"
        return verb


def _need(value: int | None) -> int:
    if value is None or value < 0:
        raise ValueError("this option names a card or a seat")
    return value


def make_play(card: int) -> str:
    """Play action card ``card`` on your turn: ``play:c12``."""
    return f"play:{card_id(card)}"


def make_wing(card: int) -> str:
    """Play Wing Block ``card`` in a window: ``wing:c12``."""
    return f"wing:{card_id(card)}"


def make_trap(card: int) -> str:
    """Play Pigeon Trap ``card`` in a window: ``trap:c12``."""
    return f"trap:{card_id(card)}"


def make_sale(card: int) -> str:
    """Claim a pair with Pigeon Sale ``card``: ``sale:c12``."""
    return f"sale:{card_id(card)}"


def make_pick(card: int) -> str:
    """Choose card ``card`` (a pick: from the hand or the searched pile): ``c12``."""
    return card_id(card)


def make_seat(seat: int) -> str:
    """Aim the announced card at ``seat``: ``seat:2``."""
    return f"seat:{seat}"


def make_pair(colour: Flock, rainbow: bool = False) -> str:
    """Discard a pair: two ``colour`` pigeons (``pair:red``), one and a rainbow
    (``pair:red+rainbow``), or two rainbows (``pair:rainbow``)."""
    return Parsed("pair", colour=colour, rainbow=rainbow).id


def parse(option_id: str) -> Parsed:
    """Read one option id (the module docstring's table); ValueError if it is none."""
    word = _WORDS.get(option_id)
    if word is not None:
        return Parsed(word)
    head, sep, rest = option_id.partition(":")
    if not sep:
        return Parsed("card", card=card_number(option_id))
    verb = _CARD_VERBS.get(head)
    if verb is not None:
        return Parsed(verb, card=card_number(rest))
    if head == "seat":
        return Parsed("seat", seat=_number(rest))
    if head == "pair":
        rainbow = rest.endswith(_RAINBOW)
        if rainbow:
            colour: Flock | None = _COLOURS.get(rest.removesuffix(_RAINBOW))
        else:
            colour = _FLOCKS.get(rest)
        if colour is not None:
            return Parsed("pair", colour=colour, rainbow=rainbow)
    raise ValueError(f"{option_id!r} is not a Cats Among The Pigeons option")


def try_parse(option_id: object) -> Parsed | None:
    """:func:`parse`, or None for anything that is not an option id of the game (an id
    from the network may be anything)."""
    if not isinstance(option_id, str):
        return None
    try:
        return parse(option_id)
    except ValueError:
        return None
