"""What a seat sees of Chat perché: the typed schema of ``view(seat)``.

A view is ``{"public": PerchPublic, "private": PerchPrivate}`` (PROTOCOL.md's
``update.view``); a spectator's ``private`` is ``{}``.  The public half is the same
for every seat; the private half holds what only that seat knows: the values of the
strength tokens it placed, and the ones it has still to place.

Positions are named as in :mod:`engine.games.perch.board` (and the log, and the
option ids of :mod:`engine.games.perch.options`):

``black start``, ``ginger start``
    where each colour's cats wait, at the foot of the tree
``T1`` .. ``T5``
    the trunk, from the bottom up
``L1`` .. ``L5``, ``R1`` .. ``R5``
    the branches, left and right; ``L3`` and ``R3`` grow from trunk square ``T3``
``L3a`` .. ``L3d``
    the four spots of branch ``L3``: ``a`` next to the trunk, ``d`` at the tip

Seat 0 plays the black cats, seat 1 the ginger cats.  Cards are named by a stable
id: ``b0`` .. ``b31`` (the black deck), ``g0`` .. ``g31`` (the ginger deck); an id
always names the same face, and a card only shows its id once it is face up.

Nothing here is needed to play (the prompts carry every choice); it is what a client
draws.  Fields may be added later; none is removed or renamed.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

__all__ = [
    "Card",
    "Colour",
    "Dogs",
    "FaceKind",
    "Flipped",
    "JumpRule",
    "Occupant",
    "PerchBranch",
    "PerchOptions",
    "PerchPlayer",
    "PerchPrivate",
    "PerchPublic",
    "PerchResult",
    "Phase",
    "Square",
    "Stage",
    "StartPos",
    "Step",
]

Colour = Literal["black", "ginger"]
"""A player's colour: seat 0 is ``black``, seat 1 ``ginger``."""
Occupant = Literal["black", "ginger", "bird"]
"""What sits on a square: a black cat, a ginger cat or a bird."""
StartPos = Literal["black start", "ginger start"]
"""Where a colour's cats wait (a position, not a square of the tree)."""
Phase = Literal["setup", "play", "over"]
"""``setup``: the strength tokens are placed; ``play``: cards are flipped; ``over``."""
Step = Literal["token", "branch", "flip", "cat", "move", "fall", "bird", "over"]
"""The decision open now (always the ``turn`` seat's):

``token``   set-up: which of its strength tokens to place next
``branch``  set-up: the free branch for that token
``flip``    flip the top card of its deck (a dog card acts at once)
``cat``     a cat card: the cat to move (or stop, once one has moved)
``move``    where the chosen cat goes
``fall``    a cat-falls card: the opposing cat that falls back to its start
``bird``    a bird card: the spot for the bird
``over``    nothing: the game is over
"""
FaceKind = Literal["dogs", "cats", "fall", "bird"]
"""What a card does: the dogs advance, cats move, a cat falls, a bird lands."""
JumpRule = Literal["cats", "own", "animals"]
"""What a moving cat may jump over: any cat, only cats of its own colour, or any
animal (cats and birds).  Nothing ever lands on an occupied square."""


class Card(TypedDict):
    """A face-up card (the top of a discard pile, the card flipped last, the card being
    played).  The keys after ``kind`` depend on it."""

    id: str
    """Its stable id: ``b7`` (the black deck's card 7), ``g12`` (the ginger deck's)."""
    deck: Colour
    """Whose deck it is from."""
    face: str
    """What it does, as a word: ``dogs:1``, ``dogs:2``; ``cats:own:C:N`` / ``cats:opp:C:N``
    (move C cats of the deck's own or the opponent's colour, N squares in all, shared);
    ``fall``; ``bird``."""
    kind: FaceKind
    """The face's first word."""
    dogs: NotRequired[int]
    """``kind`` ``dogs`` only: how many squares the dogs advance (1 or 2)."""
    colour: NotRequired[Colour]
    """``kind`` ``cats``: the colour of the cats it moves; ``fall``: the colour of the
    cat that falls (the deck owner's opponent's)."""
    whose: NotRequired[Literal["own", "opponent"]]
    """``kind`` ``cats`` only: whether it moves the deck owner's cats or the opponent's."""
    cats: NotRequired[int]
    """``kind`` ``cats`` only: how many cats may move (1 or 2)."""
    squares: NotRequired[int]
    """``kind`` ``cats`` only: the squares of movement, shared between the cats."""
    name: str
    """The card as people say it: "2 black cats, 4 squares, shared", "A bird"."""


class Square(TypedDict):
    """One square of the tree: a trunk square or a branch spot."""

    pos: str
    """Its name: ``T1`` .. ``T5``, or a spot ``L1a`` .. ``R5d``."""
    occupant: Occupant | None
    """What sits there; null when it is free.  No bird is ever on the trunk."""


PerchBranch = TypedDict(
    "PerchBranch",
    {
        "name": str,
        "side": Literal["left", "right"],
        "from": str,
        "spots": list[Square],
        "load": int,
        "token_owner": int | None,
        "token_colour": NotRequired[Colour | None],
        "strength": int | None,
        "broken": bool,
    },
)
PerchBranch.__doc__ = """One branch (``L1`` .. ``R5``, in that order in ``branches``).

``name``          ``L1`` .. ``L5``, ``R1`` .. ``R5``
``side``          ``left`` (``L``) or ``right`` (``R``)
``from``          the trunk square it grows from: ``T3`` for ``L3`` and ``R3``
``spots``         its four spots, ``a`` (next to the trunk) to ``d`` (the tip); all
                  free once it is broken
``load``          how many animals (cats and birds) are on it now; it breaks when an
                  animal lands and the load is more than its strength
``token_owner``   the seat whose strength token it holds; null while none is placed
``token_colour``  that seat's colour (null while none is placed)
``strength``      its token's value (1 to 4), once the branch is broken; null before
                  (the value is in its owner's private ``strengths``)
``broken``        it broke: nothing can go on it any more
"""


class PerchPlayer(TypedDict):
    """One player (``players`` is in seat order)."""

    seat: int
    """0 or 1."""
    name: str
    """The player's name, as typed: show it as plain text."""
    colour: Colour
    """The colour of its cats and deck."""
    start: int
    """Its cats waiting at its start, not yet in the tree."""
    start_pos: StartPos
    """The name of its start position."""
    on_trunk: int
    """Its cats on the trunk (at most ``trunk_limit``)."""
    on_branches: int
    """Its cats on branch spots."""
    in_tree: int
    """``on_trunk`` + ``on_branches``: what the game counts at the end."""
    deck: int
    """Cards left face down in its deck."""
    discard: int
    """Cards in its discard pile (face up)."""
    discard_top: Card | None
    """The top of its discard pile; null while the pile is empty."""
    tokens_to_place: int
    """How many strength tokens it has still to place (the values are private)."""


class Dogs(TypedDict):
    """The dogs' track: the game ends when they reach the foot of the tree."""

    position: int
    """Squares the dogs have covered."""
    track: int
    """The track's length (the ``dog_track`` rule option)."""
    left: int
    """``track`` - ``position``: squares left before the dogs arrive."""


class Flipped(TypedDict):
    """The card flipped last (it stays until the next flip)."""

    seat: int
    """Who flipped it."""
    card: Card
    """The card."""


class Stage(TypedDict):
    """Where the turn is: the open decision and the card being played."""

    kind: Step
    """The decision open now."""
    seat: int
    """Whose decision it is (the same as ``turn``)."""
    card: NotRequired[Card]
    """The card being played, while one is (steps ``cat``, ``move``, ``fall`` and
    ``bird``)."""
    colour: NotRequired[Colour]
    """Steps ``cat`` and ``move`` only: the colour of the cats the card moves."""
    squares_left: NotRequired[int]
    """Steps ``cat`` and ``move`` only: squares of movement left to share."""
    cats_left: NotRequired[int]
    """Steps ``cat`` and ``move`` only: how many more cats may move."""
    chosen: NotRequired[str | None]
    """Steps ``cat`` and ``move`` only: the position of the cat chosen to move (step
    ``move``), null before one is chosen."""
    moved: NotRequired[list[str]]
    """Steps ``cat`` and ``move`` only: where the cats this card moved are now (a start,
    if one fell back)."""


class PerchOptions(TypedDict):
    """The game's rule options, as set up."""

    dog_track: int
    """The dogs' track's length (3 to 40)."""
    jump_over: JumpRule
    """What a moving cat may jump over."""


class PerchResult(TypedDict):
    """How the game ended (present once it is over)."""

    winners: list[int]
    """The winning seat, or none: a draw."""
    reason: str
    """Why, in a sentence."""
    scores: list[int]
    """By seat: its cats in the tree."""
    perched: list[int]
    """By seat: its cats on branch spots (the first tie-break)."""


class PerchPublic(TypedDict):
    """``update.view.public``: what everyone may know, the same for every seat."""

    game: Literal["perch"]
    """This game's id."""
    phase: Phase
    """The phase of the game."""
    turn: int
    """The seat whose decision it is."""
    turn_number: int
    """Turns begun in play (0 during the set-up)."""
    options: PerchOptions
    """The rule options."""
    players: list[PerchPlayer]
    """Both players, in seat order."""
    trunk: list[Square]
    """The trunk, ``T1`` (bottom) to ``T5``; only cats go there."""
    trunk_limit: int
    """At most this many cats of one colour on the trunk."""
    branches: list[PerchBranch]
    """The ten branches: ``L1`` .. ``L5``, then ``R1`` .. ``R5``."""
    broken: list[str]
    """The broken branches, in the order they broke."""
    birds_supply: int
    """Birds left beside the tree (a bird card without one is discarded)."""
    dogs: Dogs
    """The dogs' track."""
    flipped: Flipped | None
    """The card flipped last; null before the first flip."""
    stage: Stage
    """The open decision and the card being played."""
    waiting: list[int]
    """The seats asked something now (one seat, or none once the game is over)."""
    over: bool
    """The game is over (then ``result`` is present)."""
    result: NotRequired[PerchResult]
    """How it ended; only once ``over``."""


class PerchPrivate(TypedDict):
    """``update.view.private``: what only this seat knows."""

    seat: int
    """This seat."""
    colour: Colour
    """This seat's colour."""
    strengths: dict[str, int]
    """Branch name -> the value of the strength token this seat placed there (the other
    seat sees only that the token is this seat's, until the branch breaks)."""
    tokens_to_place: list[int]
    """The values of its tokens still to place, smallest first (every player places
    1, 2, 2, 3 and 4, one per branch)."""
    placing: int | None
    """During the set-up, on its turn: the value of the token it chose and is placing
    now (step ``branch``); null otherwise."""
