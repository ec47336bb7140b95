"""What a seat of Cats Among The Pigeons sees: the typed schema of ``view(seat)``.

``GAME.view(state, seat)`` is ``{"public": PigeonsPublic, "private": PigeonsPrivate}``
(a spectator's ``private`` is ``{}``).  This is what PROTOCOL.md's ``update.view``
holds for the game ``"pigeons"``; a client needs nothing else to draw the table.

Seats
    Seats are numbered from 0 in the order of ``public["seats"]``; they sit clockwise
    in that order, so "left" is the next seat up (seat + 1) and "right" the one before.
    Where a field names a seat that may be nobody, ``-1`` stands for nobody.

Cards
    A face-up card is a :class:`Card`: a stable ``id`` (``"c0"`` .. ``"c107"``, which
    says nothing about the card: ids are dealt to faces by the seeded shuffle) and its
    public attributes (:class:`Face`).  Two cards with the same ``kind``, ``colour``
    and ``action`` are alike.  The options of a decision name cards by these ids
    (see ``options.py``).  Another seat's hand is only a count until the game is over.

Every field below is always present unless it is marked ``NotRequired``.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

Colour = Literal["red", "orange", "yellow", "green", "sky", "blue", "purple", "white"]
"""The eight flocks (their initials differ, so a letter can stand for each)."""

Flock = Literal["red", "orange", "yellow", "green", "sky", "blue", "purple", "white", "rainbow"]
"""The colour of a winning flock: one of :data:`Colour`, or ``rainbow`` for seven
rainbow pigeons."""

CardKind = Literal["pigeon", "rainbow", "cat", "action"]
"""What a card is: a pigeon of a colour, a rainbow pigeon (wild: it counts in every
flock), a cat (no win while you hold one; three discard together), or an action."""

ActionId = Literal[
    "draw2",
    "recycle",
    "pluck",
    "tidy",
    "fancier",
    "sale",
    "double_swap",
    "mail",
    "ruffle",
    "gift",
    "miss_turn",
    "fresh_start",
    "wing_block",
    "trap",
]
"""The action cards (their printed names are in :attr:`Face.name`; RULES.md says what
each does).  ``sale``, ``wing_block`` and ``trap`` are reactions, played out of turn."""


class Face(TypedDict):
    """A card's public attributes: what it is, without its id."""

    kind: CardKind
    colour: Colour | None
    """The colour of a ``pigeon``; null for every other kind."""
    action: ActionId | None
    """Which action an ``action`` card is; null for every other kind."""
    name: str
    """The printed name: ``"Red pigeon"``, ``"Rainbow pigeon"``, ``"Cat"``, ``"Wing Block"``."""


class Card(Face):
    """A face-up card: its stable id and its :class:`Face` attributes."""

    id: str
    """``"c<number>"``: the same card keeps its id for the whole game."""


class SeatInfo(TypedDict):
    """One seat at the table, as everyone sees it."""

    seat: int
    """The seat's number (its index in ``seats``)."""
    name: str
    """The player's name (plain text: show it as text, never as markup)."""
    cards: int
    """How many cards the seat holds."""
    missed_turns: int
    """Miss a Turn cards lying in front of the seat: that many of its next turns are lost."""


class ChainLink(TypedDict):
    """A reaction played on an action card: each cancels what lies right under it."""

    card: Card
    """The Wing Block or Pigeon Trap played."""
    seat: int
    """Who played it."""
    kind: Literal["wing", "trap"]
    """``wing``: a Wing Block; ``trap``: a Pigeon Trap (only ever first in a chain)."""


class TurnStage(TypedDict):
    """``seat`` plays its turn: actions, pairs, three cats, or a draw that ends it."""

    kind: Literal["turn"]
    seat: int


class TargetStage(TypedDict):
    """``seat`` announced an action card that needs a player (or, for Pigeon Mail, a
    direction) and is choosing it.  The card is still in the hand: its face is public,
    its id not yet (the seat may take the card back)."""

    kind: Literal["target"]
    seat: int
    card: Face


class ActionStage(TypedDict):
    """An action card is on the table: the seats in ``waiting`` may react (Wing Block,
    or the target's Pigeon Trap) before it takes effect."""

    kind: Literal["action"]
    seat: int
    """Who played the action card (for a Pigeon Sale: who claims the pair)."""
    action: Card
    """The action card played."""
    target: int
    """The player it is aimed at (for a Pigeon Sale: whose pair it claims); -1 for none."""
    direction: Literal["left", "right"] | None
    """Pigeon Mail's way round; null for every other card."""
    chain: list[ChainLink]
    """The Wing Blocks and the Pigeon Trap played on it so far, the first one first.
    An odd number cancels the card (turns it back on its player if the first is a
    Trap); an even number lets it go ahead."""


class SaleStage(TypedDict):
    """``seat`` just discarded a pair: the seats in ``waiting`` may claim it with a
    Pigeon Sale (the first claim wins)."""

    kind: Literal["sale"]
    seat: int
    pair: list[Card]
    """The two cards discarded (on the discard pile now)."""


class PickStage(TypedDict):
    """``seat`` chooses cards one at a time (the options name them)."""

    kind: Literal["pick"]
    seat: int
    purpose: Literal["gift", "fancier_discard", "fancier_search", "recycle"]
    """``gift``: a card of the hand to give to ``to``; ``fancier_discard``: a pigeon of
    the hand to discard (2 in all); ``fancier_search`` and ``recycle``: a card of the
    discard pile to take (a pigeon, for Pigeon Fancier), which that seat alone sees
    (its ``private["search"]``)."""
    to: int
    """Who receives the card (``gift``); -1 for the other purposes."""
    picked: int
    """How many cards are chosen already (the chosen ones are the picker's secret)."""


class MultiStage(TypedDict):
    """Several seats choose a card at once, each in secret: ``waiting`` still have to."""

    kind: Literal["multi"]
    seat: int
    """Who played the card that asks them."""
    purpose: Literal["swap", "mail", "ruffle"]
    """``swap``: Double Swap (the two seats each give the other the same number of
    cards, 2 at most); ``mail``: Pigeon Mail (each passes a card to the next seat the
    card's way); ``ruffle``: Ruffle Feathers (each puts a card in; they are shuffled and
    dealt back)."""
    seats: list[int]
    """The seats asked (a seat with no card is not asked)."""
    done: list[bool]
    """By position in ``seats``: whether that seat has chosen all its cards."""


class DrawStage(TypedDict):
    """``seat`` draws, with no decision (never open between two answers in practice:
    the game draws at once)."""

    kind: Literal["draw"]
    seat: int


class NoStage(TypedDict):
    """``over``: the game is over (see ``result``); ``none``: nothing is open."""

    kind: Literal["over", "none"]


Stage = (
    TurnStage | TargetStage | ActionStage | SaleStage | PickStage | MultiStage | DrawStage | NoStage
)
"""The decision open now, by its ``kind``."""


class Result(TypedDict):
    """How the game ended."""

    winners: list[int]
    """The winner's seat, or nobody (a draw: the turn limit was reached)."""
    reason: str
    """One sentence for people: ``"Ann shows seven red pigeons and no cat."``."""
    colour: NotRequired[Flock]
    """The winning flock's colour, when someone won."""


class PigeonsPublic(TypedDict):
    """What everyone sees (``update.view.public``)."""

    game: Literal["pigeons"]
    turn: int
    """Whose turn it is (a seat)."""
    turn_number: int
    """Turns begun so far, every player's turns counted (the first turn is 1)."""
    turn_limit: int
    """After this many turns the game is a draw; 0: no limit."""
    draw_count: int
    """Cards in the draw pile (face down)."""
    discard_count: int
    """Cards in the discard pile (face up)."""
    discard_top: Card | None
    """The discard pile's top card; null when the pile is empty."""
    seats: list[SeatInfo]
    stage: Stage
    """The decision open now (who decides is also in ``waiting``)."""
    waiting: list[int]
    """The seats asked a decision now; empty once over.  A window asks every seat but
    the one that played last, from that seat's left round."""
    over: bool
    result: NotRequired[Result]
    """Once the game is over."""
    hands: NotRequired[list[list[Card]]]
    """Once the game is over: every seat's hand, by seat, shown to everyone."""
    winning_flock: NotRequired[list[str]]
    """Once someone won: the ids of the seven cards of the winner's hand that make the
    winning flock (that colour's own pigeons first, then the rainbows it takes); the
    rest of that hand is not part of it."""


class PigeonsPrivate(TypedDict):
    """What only this seat sees (``update.view.private``; a spectator's is ``{}``)."""

    seat: int
    """This seat."""
    hand: list[Card]
    """This seat's cards, in the order they came (a client groups them as it likes)."""
    picked: NotRequired[list[str]]
    """While this seat chooses cards (a ``pick`` stage of its own, or a ``multi`` stage
    that asks it): the ids of the cards it chose so far, no longer offered."""
    search: NotRequired[list[Card]]
    """While this seat searches the discard pile (a ``recycle`` or ``fancier_search``
    pick): the whole pile, the bottom card first (the options say which may be taken:
    not the Recycle card just played, only pigeons for Pigeon Fancier)."""
