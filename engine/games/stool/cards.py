"""The 54 cards of Stool Pigeon.

A card's *face* says what it is: ``witness:1`` .. ``witness:9``, ``meatball``,
``pigeon:stool``, ``pigeon:bamboozle``, ``pigeon:vendetta``, ``pigeon:kingpin``
and ``rat``.  Card ids are assigned to faces by the seeded shuffle at set-up, so
an id by itself tells nothing about its card.
"""

from __future__ import annotations

from typing import Final

from engine.games.stool.view import Face, FaceKind, PigeonKey

WITNESS_VALUES: Final = tuple(range(1, 10))
WITNESS_COPIES: Final = 4
PIGEON_COPIES: Final = 4

# The four pigeon cards: (printed name, value, what it does).
PIGEONS: Final[dict[str, tuple[str, int, str]]] = {
    "stool": ("Stool Pigeon", 7, "Peek at any face-down card on the table."),
    "bamboozle": ("Bamboozle", 5, "Swap any two face-down cards on the table."),
    "vendetta": ("Vendetta", 3, "Peek at any face-down card, then swap any two."),
    "kingpin": (
        "Kingpin",
        1,
        "Eliminate one of your own cards, or add the next DRAW card to another crime scene.",
    ),
}

# What a pigeon lets its player do, as the log tells everyone (the cards' own words
# above speak to whoever holds the card).
PIGEON_LOG: Final[dict[str, str]] = {
    "stool": "they peek at any face-down card on the table.",
    "bamboozle": "they swap any two face-down cards on the table.",
    "vendetta": "they peek at any face-down card, then swap any two.",
    "kingpin": (
        "they eliminate one of their own cards, or add the next DRAW card to another crime scene."
    ),
}

MEATBALL: Final = "meatball"
RAT: Final = "rat"


def all_faces() -> list[str]:
    """The deck in a fixed order."""
    faces: list[str] = []
    for value in WITNESS_VALUES:
        faces.extend([f"witness:{value}"] * WITNESS_COPIES)
    faces.append(MEATBALL)
    for key in PIGEONS:
        faces.extend([f"pigeon:{key}"] * PIGEON_COPIES)
    faces.append(RAT)
    return faces


DECK_SIZE: Final = len(all_faces())
assert DECK_SIZE == 54


def face_kind(face: str) -> FaceKind:
    """'witness', 'meatball', 'pigeon' or 'rat'."""
    if face.startswith("witness:"):
        return "witness"
    if face.startswith("pigeon:"):
        return "pigeon"
    if face == MEATBALL:
        return "meatball"
    if face == RAT:
        return "rat"
    raise ValueError(f"{face!r} is not a Stool Pigeon card")


def face_value(face: str) -> int | None:
    """The printed value; None for the Rat (worth the top DRAW card at the end)."""
    kind = face_kind(face)
    if kind == "witness":
        return int(face[8:])
    if kind == "pigeon":
        return PIGEONS[face[7:]][1]
    if kind == "meatball":
        return 0
    return None


def face_name(face: str) -> str:
    """'4', 'Meatball', 'Stool Pigeon', 'Rat'."""
    kind = face_kind(face)
    if kind == "witness":
        return face[8:]
    if kind == "pigeon":
        return PIGEONS[face[7:]][0]
    return face.capitalize()


def face_article(face: str) -> str:
    """The name in a sentence: 'a 4', 'an 8', 'the Meatball', 'a Kingpin (1)', 'the Rat'."""
    kind = face_kind(face)
    if kind == "witness":
        return ("an " if face[8:] == "8" else "a ") + face[8:]
    if kind == "pigeon":
        name, value, _ = PIGEONS[face[7:]]
        return f"a {name} ({value})"
    return f"the {face.capitalize()}"


def is_witness(face: str) -> bool:
    """Witness cards open a race when played: the numbers and the Meatball."""
    return face.startswith("witness:") or face == MEATBALL


def matches(played: str, card: str) -> bool:
    """Does ``card`` eliminate the played witness ``played``?  Only the very same witness:
    never a pigeon (whatever its value), never the Rat.  There is one Meatball, so
    nothing ever matches it."""
    return is_witness(played) and card == played


PIGEON_KEY: Final[dict[str, PigeonKey]] = {
    "pigeon:stool": "stool",
    "pigeon:bamboozle": "bamboozle",
    "pigeon:vendetta": "vendetta",
    "pigeon:kingpin": "kingpin",
}
"""The pigeon of each pigeon face (a typed key of ``PIGEONS``)."""
assert sorted(PIGEON_KEY.values()) == sorted(PIGEONS)


def face_json(face: str) -> Face:
    """The public attributes of a face, for views (see ``view.Face``)."""
    return {
        "face": face,
        "kind": face_kind(face),
        "value": face_value(face),
        "name": face_name(face),
        "witness": is_witness(face),
        "pigeon": PIGEON_KEY.get(face),
    }


FACES: Final = tuple(sorted(set(all_faces())))
FACE_JSON: Final = {face: face_json(face) for face in FACES}
FACE_NAME: Final = {face: face_name(face) for face in FACES}
FACE_ARTICLE: Final = {face: face_article(face) for face in FACES}
FACE_VALUE: Final = {face: face_value(face) for face in FACES}
FACE_KIND: Final = {face: face_kind(face) for face in FACES}

# The average printed value of the deck, the Rat left out (what the Rat is worth on
# average, and what a bot expects an unknown card to be worth).
MEAN_VALUE: Final = sum(v for f in all_faces() if (v := face_value(f)) is not None) / (
    DECK_SIZE - 1
)

BOTTOM = (2, 3)
"""The slots each seat peeks at during set-up: A3 and A4."""
