"""The 108 cards of Cats Among The Pigeons.

A card's *face* says what it is.  Card ids are assigned to faces by the seeded
shuffle at set-up, so an id by itself tells nothing about its card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast, get_args

from engine.games.pigeons.view import ActionId, CardKind, Colour, Face

COLOURS: Final = ("red", "orange", "yellow", "green", "sky", "blue", "purple", "white")
"""The eight flocks.  Their initials differ, so a letter can stand for each."""
assert get_args(Colour) == COLOURS  # the view's schema names the same flocks

PIGEONS_PER_COLOUR: Final = 8
RAINBOWS: Final = 8
CATS: Final = 8
FLOCK: Final = 7
"""Pigeons of one colour (rainbows count) that win, with no cat in hand."""


def flock_members(faces: Sequence[str], colour: str) -> list[int]:
    """Which cards of a hand (indexes into its ``faces``) make its ``colour`` flock, as a
    win counts them: the colour's own pigeons first, then as many rainbows as it takes,
    seven at most ('rainbow': rainbows only)."""
    own = [i for i, face in enumerate(faces) if face == "pigeon:" + colour][:FLOCK]
    wild = [i for i, face in enumerate(faces) if face == "rainbow"][: FLOCK - len(own)]
    return own + wild


# Action faces with the name printed on the card and a one-line reminder.
ACTIONS: Final[dict[str, tuple[str, str]]] = {
    "draw2": ("Draw 2", "Draw two cards."),
    "recycle": ("Recycle", "Search the discard pile secretly and take one card."),
    "pluck": ("Pluck", "Steal a random card from a player of your choice."),
    "tidy": ("Tidy the Nest", "Shuffle the discard pile into the deck, then draw a card."),
    "fancier": (
        "Pigeon Fancier",
        "Discard any two pigeons face up, then take a pigeon from the discard pile.",
    ),
    "sale": ("Pigeon Sale", "On another player's turn: take the pair of pigeons they discarded."),
    "double_swap": ("Double Swap", "Swap two cards with a player; both of you choose."),
    "mail": ("Pigeon Mail", "Everyone passes one card left or right."),
    "ruffle": ("Ruffle Feathers", "Everyone puts in a card; shuffle and deal them back."),
    "gift": ("Gift", "Give a card from your hand to a player of your choice."),
    "miss_turn": ("Miss a Turn", "A player of your choice misses their next turn."),
    "fresh_start": ("Fresh Start", "A player (you too) discards their hand and draws 7."),
    "wing_block": ("Wing Block", "At any time: cancel an action card another player plays."),
    "trap": (
        "Pigeon Trap",
        "When Pluck, Miss a Turn, Gift or Fresh Start targets you: turn it back on its player.",
    ),
}
COPIES_PER_ACTION: Final = 2

REACTION_ACTIONS: Final = frozenset({"sale", "wing_block", "trap"})
"""Played out of turn, in answer to something; never on your own turn."""
TARGETED_ACTIONS: Final = frozenset({"pluck", "double_swap", "gift", "miss_turn", "fresh_start"})
TRAPPABLE_ACTIONS: Final = frozenset({"pluck", "miss_turn", "gift", "fresh_start"})


def all_faces() -> list[str]:
    """The deck in a fixed order: 'pigeon:<colour>', 'rainbow', 'cat', or an action id."""
    faces: list[str] = []
    for colour in COLOURS:
        faces.extend([f"pigeon:{colour}"] * PIGEONS_PER_COLOUR)
    faces.extend(["rainbow"] * RAINBOWS)
    faces.extend(["cat"] * CATS)
    for action in ACTIONS:
        faces.extend([action] * COPIES_PER_ACTION)
    return faces


DECK_SIZE: Final = len(all_faces())
assert DECK_SIZE == 108


def face_name(face: str) -> str:
    """The printed name: 'Red pigeon', 'Rainbow pigeon', 'Cat', 'Wing Block'."""
    if face.startswith("pigeon:"):
        return f"{face[7:].capitalize()} pigeon"
    if face == "rainbow":
        return "Rainbow pigeon"
    if face == "cat":
        return "Cat"
    return ACTIONS[face][0]


def face_kind(face: str) -> CardKind:
    if face.startswith("pigeon:"):
        return "pigeon"
    if face == "rainbow":
        return "rainbow"
    if face == "cat":
        return "cat"
    return "action"


def face_json(face: str) -> Face:
    """The public attributes of a face, for views (``view.Face``)."""
    kind = face_kind(face)
    # The casts name what the face says: its colour is one of COLOURS (asserted above)
    # and its action one of ACTIONS (asserted below), both the schema's literals.
    return {
        "kind": kind,
        "colour": cast(Colour, face[7:]) if kind == "pigeon" else None,
        "action": cast(ActionId, face) if kind == "action" else None,
        "name": face_name(face),
    }


assert tuple(ACTIONS) == get_args(ActionId)  # the view's schema names the same actions


FACE_JSON: Final[dict[str, Face]] = {face: face_json(face) for face in set(all_faces())}
FACE_NAME: Final = {face: face_name(face) for face in set(all_faces())}
