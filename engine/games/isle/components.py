"""The Isle of Cats' components as facts, loaded once from the JSON files in ``data/``.

Tiles (shapes and copies), Discovery cards and the boat's room names.  The boat's
geometry (hull, rooms, rats, maps as bitboards) lives in :mod:`engine.games.isle.shapes`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"

COLOURS: tuple[str, ...] = ("blue", "green", "red", "purple", "orange")
COLOUR_LETTER: dict[str, str] = {
    "blue": "B",
    "green": "G",
    "red": "R",
    "purple": "P",
    "orange": "O",
}
TILE_KINDS: tuple[str, ...] = ("cat", "oshax", "rare", "common")
CARD_KINDS: tuple[str, ...] = ("oshax", "rescue", "anytime", "treasure", "private", "public")
BASKETS: tuple[str, ...] = ("none", "half", "full")


def load(name: str) -> Any:
    """The parsed content of ``data/<name>``."""
    with (DATA / name).open(encoding="utf-8") as handle:
        return json.load(handle)


@dataclass(frozen=True, slots=True)
class Shape:
    """A tile shape: its squares as (x, y), normalised so that min x = min y = 0."""

    id: str
    kind: str
    cells: tuple[tuple[int, int], ...]

    @property
    def size(self) -> int:
        return len(self.cells)


def cells_of_grid(grid: list[str]) -> tuple[tuple[int, int], ...]:
    """The '#' squares of a grid (row 0 first) as (x, y), sorted by (y, x), normalised."""
    cells = [(x, y) for y, row in enumerate(grid) for x, ch in enumerate(row) if ch == "#"]
    if not cells:
        raise ValueError("a shape needs at least one square")
    x0 = min(x for x, _ in cells)
    y0 = min(y for _, y in cells)
    return tuple(sorted(((x - x0, y - y0) for x, y in cells), key=lambda c: (c[1], c[0])))


@dataclass(frozen=True, slots=True)
class Card:
    """A Discovery card; ``id`` is the BGA card number (1..150)."""

    id: int
    kind: str
    cost: int
    effect: str
    name: str
    text: str
    speed: int = 0
    basket: str = "none"
    points: int | None = None
    colour_choice: bool = False


def _load_shapes() -> tuple[dict[str, Shape], int, tuple[int, ...]]:
    raw = load("shapes.json")
    shapes: dict[str, Shape] = {}
    for entry in raw["shapes"]:
        if entry["kind"] not in TILE_KINDS:
            raise ValueError(f"shape {entry['id']}: unknown kind {entry['kind']!r}")
        shapes[entry["id"]] = Shape(entry["id"], entry["kind"], cells_of_grid(entry["grid"]))
    return shapes, int(raw["rare_copies"]), tuple(int(n) for n in raw["common_copies"])


def _load_cards() -> dict[int, Card]:
    cards: dict[int, Card] = {}
    for entry in load("cards.json")["cards"]:
        card = Card(
            id=int(entry["id"]),
            kind=entry["kind"],
            cost=int(entry["cost"]),
            effect=entry["effect"],
            name=entry["name"],
            text=entry["text"],
            speed=int(entry.get("speed", 0)),
            basket=entry.get("basket", "none"),
            points=entry.get("points"),
            colour_choice=bool(entry.get("colour_choice", False)),
        )
        if card.kind not in CARD_KINDS or card.basket not in BASKETS:
            raise ValueError(f"card {card.id}: bad kind or basket")
        cards[card.id] = card
    return cards


SHAPES: dict[str, Shape]
SHAPES, RARE_COPIES, _COMMON_COPIES = _load_shapes()
CAT_SHAPES: tuple[str, ...] = tuple(s.id for s in SHAPES.values() if s.kind == "cat")
OSHAX_SHAPES: tuple[str, ...] = tuple(s.id for s in SHAPES.values() if s.kind == "oshax")
RARE_SHAPES: tuple[str, ...] = tuple(s.id for s in SHAPES.values() if s.kind == "rare")
COMMON_SHAPES: tuple[str, ...] = tuple(s.id for s in SHAPES.values() if s.kind == "common")
SMALL_COMMON_SHAPES: tuple[str, ...] = tuple(s for s in COMMON_SHAPES if SHAPES[s].size <= 2)


def common_copies(players: int) -> int:
    """Copies of each common-treasure shape in the supply for ``players`` (1..4)."""
    if not 1 <= players <= len(_COMMON_COPIES):
        raise ValueError(f"players must be 1..{len(_COMMON_COPIES)}, not {players}")
    return _COMMON_COPIES[players - 1]


CARDS: dict[int, Card] = _load_cards()

_BOAT = load("boat.json")
BOAT_NAMES: tuple[str, ...] = tuple(b["name"] for b in _BOAT["boats"])
ROOM_LETTERS: tuple[str, ...] = tuple(r["letter"] for r in _BOAT["rooms"])
ROOM_NAMES: dict[str, str] = {
    r["letter"]: r["name"] + (f" ({r['icon']})" if r["icon"] != "none" else "")
    for r in _BOAT["rooms"]
}
"""A room's name with its icon, as the cards speak of rooms: "dining room (apple)"."""
ROOM_ICONS: dict[str, str] = {r["letter"]: r["icon"] for r in _BOAT["rooms"]}
