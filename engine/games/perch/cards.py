"""The two 32-card decks of Chat perché (one black, one ginger, the same make-up).

A card's *face* says what it does:

``dogs:1``, ``dogs:2``          the dogs advance 1 or 2 squares
``cats:own:C:N``                move C (1 or 2) cats of the deck's own colour, N squares
                                in all (shared between the two cats)
``cats:opp:C:N``                the same with the opponent's cats
``fall``                        a cat of the opposing colour falls back to its start
``bird``                        put a bird on a branch spot

Card ids are ``b0`` .. ``b31`` (the black deck) and ``g0`` .. ``g31`` (the ginger deck);
an id always names the same face, and a card only shows its id once it is face up.
"""

from __future__ import annotations

from typing import Final

from engine.games.perch.view import FaceKind

# (face, copies): the make-up of each deck, chosen by simulation (see RULES.md).
DECK_MAKEUP: Final[tuple[tuple[str, int], ...]] = (
    ("dogs:1", 3),
    ("dogs:2", 2),
    ("cats:own:1:2", 3),
    ("cats:own:1:3", 4),
    ("cats:own:2:3", 4),
    ("cats:own:2:4", 4),
    ("cats:own:2:5", 2),
    ("cats:opp:1:2", 2),
    ("cats:opp:2:3", 2),
    ("fall", 3),
    ("bird", 3),
)

DECK: Final[tuple[str, ...]] = tuple(face for face, copies in DECK_MAKEUP for _ in range(copies))
DECK_SIZE: Final = len(DECK)
assert DECK_SIZE == 32, DECK_SIZE

TOKENS: Final[tuple[int, ...]] = (1, 2, 2, 3, 4)
"""The strength tokens each player places (one per branch, five each)."""

DECK_LETTER: Final = ("b", "g")


def card_id(seat: int, index: int) -> str:
    """``b7``: the 8th card of the black deck (seat 0); ``g7`` for the ginger deck."""
    return f"{DECK_LETTER[seat]}{index}"


_KINDS: Final[dict[str, FaceKind]] = {
    "dogs": "dogs",
    "cats": "cats",
    "fall": "fall",
    "bird": "bird",
}


def face_kind(face: str) -> FaceKind:
    """'dogs', 'cats', 'fall' or 'bird'."""
    return _KINDS[face.split(":", 1)[0]]


def dogs_of(face: str) -> int:
    """How far a dog card moves the dogs."""
    return int(face.split(":")[1])


def cats_of(face: str) -> tuple[bool, int, int]:
    """A cat card's (opponent's cats?, how many cats, how many squares)."""
    _, whose, count, squares = face.split(":")
    return whose == "opp", int(count), int(squares)


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, made plural unless ``n`` is 1: "1 cat", "0 birds", "3 squares"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def face_name(face: str, colour: str) -> str:
    """The card as people say it, ``colour`` being the colour of the cats it moves."""
    kind = face_kind(face)
    if kind == "dogs":
        n = dogs_of(face)
        return f"Dogs {n} (the dogs advance {counted(n, 'square')})"
    if kind == "cats":
        _, count, squares = cats_of(face)
        shared = ", shared" if count == 2 else ""
        return f"{counted(count, f'{colour} cat')}, {counted(squares, 'square')}{shared}"
    if kind == "fall":
        return "A cat falls"
    return "A bird"
