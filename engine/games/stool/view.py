"""What a seat of Stool Pigeon sees: the typed schema of ``view(seat)``.

``GAME.view(state, seat)`` is ``{"public": StoolPublic, "private": StoolPrivate}``
(a spectator's ``private`` is ``{}``).  This is what PROTOCOL.md's ``update.view``
holds for the game ``"stool"``; a client needs nothing else to draw the table.

Positions
    Every seat has a *crime scene*: a list of slots, each holding a face-down card or
    nothing.  Slot ``k`` of seat ``s`` is named by the seat's letter and ``k + 1``:
    ``"A1"``, ``"B3"``... (seat 0 is ``A``, up to ``F``).  A1 A2 are the top row, A3
    A4 the bottom row at the start; new cards take new slots (A5, A6...) and a card
    that leaves its slot leaves it empty, so that a position keeps its name.  The
    decisions name positions in their option ids (see ``options.py``).

Cards
    A face-up card is a :class:`Card`: a stable ``id`` (``"c0"`` .. ``"c53"``, which
    says nothing about the card: ids are dealt by the seeded shuffle) and its face.
    What a seat remembers or peeks at is shown by position, as a :class:`Face`
    without an id, so that nobody can follow a card by its id.

Every field below is always present unless it is marked ``NotRequired``.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

FaceKind = Literal["witness", "meatball", "pigeon", "rat"]
"""What a card is: a number (``witness``), the Meatball (a witness worth 0 that nothing
matches), one of the four pigeons, or the Rat."""

PigeonKey = Literal["stool", "bamboozle", "vendetta", "kingpin"]
"""Which pigeon: Stool Pigeon (7: peek), Bamboozle (5: swap two), Vendetta (3: peek,
then swap two), Kingpin (1: eliminate one of your cards or give a DRAW card)."""

Phase = Literal["peek", "play", "over"]
"""``peek``: everyone looks at their two bottom cards, all at once; ``play``; ``over``."""

StageKind = Literal["peek", "draw", "swap", "look", "seen", "switch", "kingpin", "end", "over"]
"""Where the game is: ``peek`` and ``over`` as the phase; in play, the current seat's
step: ``draw`` (draw, take the PLAY top or knock), ``swap`` (put the card held into
the crime scene), ``look`` (a Stool Pigeon or Vendetta: pick a card to peek at),
``seen`` (the peeked card is shown to its player), ``switch`` (a Bamboozle or
Vendetta: pick two cards to swap), ``kingpin``, ``end`` (the last turn is over: the
game ends once no race or give-back is open)."""


class Face(TypedDict):
    """A card's face: what it is and what it is worth."""

    face: str
    """The face in one word: ``"witness:1"`` .. ``"witness:9"``, ``"meatball"``,
    ``"pigeon:stool"``, ``"pigeon:bamboozle"``, ``"pigeon:vendetta"``,
    ``"pigeon:kingpin"`` or ``"rat"``.  Two cards match (a race claim) when their
    faces are equal witnesses."""
    kind: FaceKind
    """What kind of card."""
    value: int | None
    """The printed value (the Meatball 0, the pigeons 7, 5, 3, 1); null for the Rat,
    which is worth the top DRAW card at the end."""
    name: str
    """The card's name: ``"4"``, ``"Meatball"``, ``"Stool Pigeon"``, ``"Rat"``."""
    witness: bool
    """A witness (a number or the Meatball): playing it opens a race, and it may be
    taken from the PLAY pile."""
    pigeon: PigeonKey | None
    """Which pigeon, for a pigeon; null otherwise."""


class Card(Face):
    """A face-up card: its face and its stable id."""

    id: str
    """``"c0"`` .. ``"c53"``: the same card keeps it all game."""


class MemoryEntry(Face):
    """A card a seat has seen and that is still face down in a crime scene."""

    seen: int
    """When the seat saw it: the seat's own count of things seen (1, 2, 3...).  Seeing
    the card again gives it a new, higher stamp (a bot can forget old ones)."""


class Slot(TypedDict):
    """One position of a crime scene."""

    pos: str
    """Its name: ``"A1"``, ``"B5"``..."""
    empty: bool
    """No card here (the card left: eliminated, claimed, given back)."""
    face_up: bool
    """The card is shown: only once the game is over."""
    card: NotRequired[Card]
    """The card, once the game is over (``face_up``); absent before, and for an empty slot."""


class Seat(TypedDict):
    """One seat and its crime scene."""

    seat: int
    """The seat number, 0 first."""
    name: str
    """The player's name (plain text: show it without markup)."""
    letter: str
    """The seat's letter, the first character of its positions: ``"A"`` .. ``"F"``."""
    cards: int
    """How many cards its crime scene holds (the slots that are not empty)."""
    slots: list[Slot]
    """Every slot in order (A1, A2, A3...), the empty ones too."""


class PlayTop(Card):
    """The top card of the PLAY pile (face up)."""

    eliminated: bool
    """It was put there by an elimination (a correct claim, a Kingpin), not played:
    it cannot be taken."""
    takeable: bool
    """The current seat may take it instead of drawing (when it holds a card): a
    witness that was played, not eliminated.  Pigeons and the Rat are never taken."""


# "from" is a Python keyword, hence the functional form.
Stage = TypedDict(
    "Stage",
    {
        "kind": StageKind,
        "seat": NotRequired[int],
        "action": NotRequired[PigeonKey | None],
        "picked": NotRequired[list[str]],
        "from": NotRequired[Literal["draw", "play"] | None],
        "taken": NotRequired[Card],
    },
)
"""Where the game is and, in play, the current seat's turn so far.

``kind``
    see :data:`StageKind`.
``seat`` (in play only)
    whose turn it is.
``action`` (in play only)
    the pigeon being carried out, null when none.
``picked`` (in play only)
    the positions picked so far by a peek or a swap (a Bamboozle's first card...).
``from`` (in play only)
    where the card the seat holds came from: ``"draw"`` (the DRAW pile: only that
    seat sees it) or ``"play"`` (the PLAY top: everyone saw it); null when it holds none.
``taken`` (during a ``swap`` of a card taken from PLAY only)
    that card, face up: everyone saw it taken.
"""


class Race(TypedDict):
    """The race a played witness opens: every seat may claim a matching card anywhere.
    ``open`` is always there; the other fields only while a race is open."""

    open: bool
    """A race is open now."""
    card: NotRequired[Card]
    """The witness played, to be matched."""
    seat: NotRequired[int]
    """Who played it."""
    asked: NotRequired[list[int]]
    """The seats that may still claim or pass."""
    out: NotRequired[list[int]]
    """The seats out of this race after a wrong claim."""
    passed: NotRequired[list[int]]
    """The seats that let it go."""


class Giveback(TypedDict):
    """A correct claim on another seat's card: the claimer owes that seat a card."""

    seat: int
    """The claimer, who gives one of its cards, blind."""
    owner: int
    """The seat whose card was claimed: it gets the card."""
    pos: str
    """The owner's position the given card goes into, face down."""


class Knock(TypedDict):
    """A seat knocked: everyone else takes one last turn."""

    seat: int
    """Who knocked."""
    last_turns: int
    """How many last turns are still to be played."""


class Result(TypedDict):
    """The end: every card is revealed and counted (lowest total wins)."""

    winners: list[int]
    """The winning seats (empty: a tie nothing breaks, no one wins)."""
    reason: str
    """Why, in one sentence for people."""
    scores: list[int]
    """Each seat's total, by seat (the Rat counted at ``rat_value``)."""
    cards: list[int]
    """How many cards each seat ended with, by seat."""
    rat_value: int
    """What the Rat is worth: the value of the top DRAW card (0 if there is none, or if
    the Rat is not in a crime scene)."""
    rat_card: Card | None
    """The DRAW card that valued the Rat; null when the Rat was not in a crime scene or
    there was no DRAW card."""
    rat_pos: str | None
    """The position of the Rat, face up, when it is in a crime scene; null otherwise."""


class StoolPublic(TypedDict):
    """``view.public``: what everyone may know, the same for every seat."""

    game: Literal["stool"]
    """The game's id."""
    phase: Phase
    """The phase of the game."""
    turn: int
    """The seat whose turn it is (in play)."""
    round: int
    """The round of the current turn: a seat's k-th turn is in round k."""
    turn_number: int
    """How many turns have begun so far."""
    turn_limit: int
    """The rule option: the game is scored after this many rounds; 0 for no limit."""
    first_knock_round: int
    """The rule option: the first round in which a seat may knock."""
    seats: list[Seat]
    """Every seat, by seat number, with its crime scene."""
    draw_count: int
    """Cards in the DRAW pile (face down)."""
    play_count: int
    """Cards in the PLAY pile."""
    play_top: PlayTop | None
    """The top PLAY card; null when the pile is empty."""
    stage: Stage
    """Where the game is (see :data:`Stage`)."""
    race: Race
    """The race, if one is open."""
    giveback: Giveback | None
    """The give-back owed, while one is (only its prompt is open then); else null."""
    knock: Knock | None
    """The knock, once a seat has knocked; else null."""
    peeking: list[int]
    """In the ``peek`` phase, the seats still to look at their two bottom cards."""
    waiting: list[int]
    """The seats asked something now, each once, in the order of the open prompts."""
    over: bool
    """The game is over (``result`` is there)."""
    result: NotRequired[Result]
    """The end, once the game is over."""


class Peek(TypedDict):
    """A card the seat sees face up now, at its position."""

    pos: str
    """Where it lies."""
    card: Face
    """What it is (no id: a card is never followed by its id)."""


class StoolPrivate(TypedDict):
    """``view.private``: what only this seat may know."""

    seat: int
    """The seat this view is for."""
    drawn: NotRequired[Card]
    """The card this seat holds during its ``swap`` (drawn, or taken from PLAY)."""
    peek: list[Peek]
    """What the seat sees now: its two bottom cards in the ``peek`` phase (until it is
    done), or the card it peeks at during its ``seen`` step; else empty."""
    memory: dict[str, MemoryEntry]
    """Everything this seat has seen that is still face down on the table, by
    position.  Every move of a face-down card is public, so what it knows follows the
    card; a card leaves the memory when it leaves the crime scenes.  (The board shows
    it only with the memory aid on: remembering is the game.)"""
