"""What a seat sees of The Isle of Cats: the typed schema of ``view(seat)``.

A view is ``{"public": IslePublic, "private": IslePrivate}`` (PROTOCOL.md's
``update.view``); a spectator's ``private`` is ``{}``.  The public half is the same for
every seat: the island, the supplies, every boat and every player's counts.  The
private half is what only that seat knows: its hand, the cards passed to it in the
draft, what it chose to buy and to commit before everyone is done, its private lessons.

Names
    Cards ``k1`` .. ``k150`` (``number`` 1..150); tiles by tile id (see
    :mod:`engine.games.isle.state`: ``B07``, ``X3``, ``RL2``, ``T3-4``); colours
    ``blue green red purple orange``; squares ``(x, y)`` with x 0..21 from the stern
    (left) to the bow, y 0..8 from the top (COMPONENTS.md's grid).

Nothing here is needed to play (the prompts carry every choice); it is what a client
draws.  Fields may be added later; none is removed or renamed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from engine.games.isle.components import CARDS, SHAPES
from engine.games.isle.options import card_id
from engine.games.isle.shapes import HULL, H, W, oriented, sq
from engine.games.isle.state import (
    kept_this_round,
    tile_colour,
    tile_kind,
    tile_shape,
)

if TYPE_CHECKING:
    from engine.games.isle.state import IsleState

__all__ = [
    "CardView",
    "IslePrivate",
    "IslePublic",
    "LessonView",
    "PlacedView",
    "PlayedView",
    "PlayerView",
    "RevealedView",
    "ScoreLineView",
    "TileView",
    "build_private",
    "build_public",
]

Phase = Literal["draft", "buy", "commit", "rescue", "finds", "last", "over"]


class CardView(TypedDict):
    """A Discovery card, face up."""

    id: str
    """``k<number>``."""
    number: int
    kind: Literal["oshax", "rescue", "anytime", "treasure", "private", "public"]
    name: str
    text: str
    cost: int
    """Its price in fish."""
    speed: int
    """A rescue card's speed (0 for the others)."""
    basket: Literal["none", "half", "full"]
    """A rescue card's basket."""


class TileView(TypedDict):
    """A tile off the boats (in a field, beside the island, about to be placed)."""

    id: str
    shape: str
    """C01..C17 (cats), X1..X6 (Oshax), RI RL RT RO RS (rare), T1..T4 (common)."""
    kind: Literal["cat", "oshax", "rare", "common"]
    colour: str | None
    """A cat's colour; an Oshax's once chosen; None for treasures."""
    size: int
    """Its number of squares."""


class PlacedView(TypedDict):
    """A tile on a boat."""

    id: str
    shape: str
    kind: Literal["cat", "oshax", "rare", "common"]
    colour: str | None
    x: int
    y: int
    o: int
    """Its orientation 0..7 (as in a ``place`` answer)."""


class LessonView(TypedDict):
    """A public lesson in play: everyone scores it."""

    card: CardView
    colour: str | None
    """The colour its buyer chose (None: it asks none, or not chosen yet)."""
    owner: int


class PlayerView(TypedDict):
    """One player, as everyone sees them."""

    seat: int
    name: str
    boat: Literal["blue", "green", "red", "purple"]
    """Which of the four boats (its rats and maps: shapes.BOATS)."""
    fish: int
    hand: int
    """How many cards in hand."""
    baskets: int
    """Permanent baskets owned."""
    baskets_used: int
    """Of those, used today."""
    card_baskets: int
    """Rescues the revealed rescue cards can still carry today (a full basket 1, two
    half baskets 1)."""
    half_baskets: int
    """Of the revealed rescue cards' baskets, the half ones not used yet today (two carry
    a cat: an odd one out carries none unless another half comes)."""
    private_lessons: int
    """How many private lessons in play (face down)."""
    tiles: list[PlacedView]
    cover: list[str]
    """The boat square by square: 9 rows of 22 characters, row 0 first; ``" "`` outside
    the hull, ``"."`` an uncovered square, else the tile covering it: the character at
    its index in :data:`COVER_KEYS` is its index in ``tiles``."""
    committed: list[RevealedView]
    """The rescue cards revealed today (empty before the reveal)."""
    speed: int | None
    """Today's total speed once revealed."""
    passed: bool
    """Passed for good in the rescue or the rare finds."""
    ready: bool
    """Done with the step everyone takes at once (buying, committing, the last cards)."""
    anywhere: bool
    """A card lets the next tile stand anywhere."""
    extra: int
    """Extra rescues waiting."""
    placing: TileView | None
    """The tile this player is about to place (announced; its place is not chosen yet)."""


class PlayedView(TypedDict):
    """A card discarded face up (its number is in its id; its text in the card list of
    the game's data)."""

    id: str
    kind: Literal["oshax", "rescue", "anytime", "treasure", "private", "public"]
    name: str
    seat: int | None
    """Who played it (None: a game saved before this was kept)."""


class RevealedView(TypedDict):
    """A rescue card revealed (its text: the card's number in the rules' card list)."""

    id: str
    number: int
    name: str
    speed: int
    basket: Literal["none", "half", "full"]


class ScoreLineView(TypedDict):
    label: str
    points: int


class IslePublic(TypedDict):
    day: int
    """1..5."""
    days: int
    phase: Phase
    direction: Literal["left", "right"]
    """Where today's draft passes cards: left (to the next seat) on days 1, 3, 5."""
    order: list[int]
    """The turn order, seats first to last (after the reveal: fastest first)."""
    turn: int | None
    """The seat whose turn it is in the rescue and the rare finds (None otherwise)."""
    prices: list[int]
    """Fish per cat in the left and the right field: [3, 5]."""
    fields: list[list[TileView]]
    """The left and the right field."""
    beside: list[TileView]
    """Rare treasures beside the island."""
    oshax: list[str]
    """The Oshax shapes still in the supply."""
    common: dict[str, int]
    """Common treasures left, by shape."""
    bag: int
    deck: int
    gone: int
    """Cards discarded face down."""
    played: list[PlayedView]
    """The last :data:`PLAYED_SHOWN` cards discarded face up, oldest first (the log
    names every one)."""
    played_count: int
    """How many cards have been discarded face up in all."""
    public_lessons: list[LessonView]
    players: list[PlayerView]
    scores: list[list[ScoreLineView]] | None
    """Once the game is over: each player's score, line by line (rats, rooms,
    families, rare treasures, lessons)."""
    totals: list[int] | None
    waiting: list[int]
    """The seats still to decide in the step everyone takes at once (the draft, buying,
    committing rescue cards), or the seat whose rescue or find turn it is; empty in the
    last round of anytime cards (who may still play one is nobody else's business)."""


def waiting(s: IsleState) -> list[int]:
    """:attr:`IslePublic.waiting`: read from the state, not from the prompts (cheap)."""
    if s.result is not None:
        return []
    if s.phase == "draft":
        return [seat for seat in range(s.n) if s.picks[seat] > 0 or s.tasks[seat]]
    if s.phase in ("buy", "commit"):
        return [seat for seat in range(s.n) if not s.done[seat]]
    if s.phase in ("rescue", "finds") and s.order:
        return [s.order[s.turn]]
    return []


class IslePrivate(TypedDict):
    hand: list[CardView]
    pack: list[CardView]
    """In the draft: the cards to choose from now."""
    picks: int
    """In the draft: cards still to keep from the pack this round."""
    kept: list[CardView]
    """In the draft: the cards kept from this pack this round (the pack as it was passed
    is ``pack`` and these: a client draws every card of it on the same key)."""
    drafted: list[CardView]
    """The cards kept in today's draft (until buying ends)."""
    cart: list[CardView]
    """The drafted cards chosen to buy (paid when everyone is done)."""
    lesson_colours: dict[str, str]
    """Colours chosen for public lessons in the cart: card id -> colour."""
    fish_left: int
    """Fish after paying for the cart."""
    committed: list[CardView]
    """Rescue cards chosen today (before the reveal)."""
    private_lessons: list[CardView]
    drawn: list[CardView]
    """Cards drawn by an anytime card, to buy or not."""


def card_view(number: int) -> CardView:
    c = CARDS[number]
    return {
        "id": card_id(number),
        "number": number,
        "kind": c.kind,  # type: ignore[typeddict-item]  # one of CARD_KINDS
        "name": c.name,
        "text": c.text,
        "cost": c.cost,
        "speed": c.speed,
        "basket": c.basket,  # type: ignore[typeddict-item]  # one of BASKETS
    }


def revealed_view(number: int) -> RevealedView:
    c = CARDS[number]
    return {
        "id": card_id(number),
        "number": number,
        "name": c.name,
        "speed": c.speed,
        "basket": c.basket,  # type: ignore[typeddict-item]  # one of BASKETS
    }


def tile_view(tile: str, colour: str | None = None) -> TileView:
    shape = tile_shape(tile)
    return {
        "id": tile,
        "shape": shape,
        "kind": tile_kind(tile),  # type: ignore[typeddict-item]  # one of TILE_KINDS
        "colour": colour if colour is not None else tile_colour(tile),
        "size": len(SHAPES[shape].cells),
    }


def placed_view(t: dict[str, object]) -> PlacedView:
    tile = str(t["tile"])
    colour = t["colour"]
    return {
        "id": tile,
        "shape": tile_shape(tile),
        "kind": tile_kind(tile),  # type: ignore[typeddict-item]  # one of TILE_KINDS
        "colour": None if colour is None else str(colour),
        "x": int(str(t["x"])),
        "y": int(str(t["y"])),
        "o": int(str(t["o"])),
    }


PLAYED_SHOWN = 20
"""How many of the cards discarded face up the view lists (the latest)."""

COVER_KEYS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#$%&*+-=?@^~"
"""The characters of ``PlayerView.cover`` for tiles 0, 1, 2... (a boat holds far fewer
than 74 tiles: 142 squares, most tiles 4 to 6 of them)."""


_EMPTY_ROWS = tuple(
    "".join(" " if not HULL >> sq(x, y) & 1 else "." for x in range(W)) for y in range(H)
)
"""An empty boat's cover: the hull ``.``, the rest blank."""


def cover(s: IsleState, seat: int) -> list[str]:
    rows = [list(row) for row in _EMPTY_ROWS]
    for k, t in enumerate(s.tiles[seat]):
        key = COVER_KEYS[k]
        x, y = t["x"], t["y"]
        for cx, cy in oriented(tile_shape(t["tile"]), t["o"]):  # the squares of tile_mask(t)
            rows[y + cy][x + cx] = key
    return ["".join(row) for row in rows]


def _placing(s: IsleState, seat: int) -> TileView | None:
    for task in reversed(s.tasks[seat]):
        if task["t"] == "place":
            return tile_view(task["tile"], task.get("colour"))
    return None


def _played_by(s: IsleState, i: int) -> int | None:
    """Who played ``s.played[i]`` (None: unknown, in a game saved before it was kept)."""
    by = s.played_by[i] if i < len(s.played_by) else -1
    return by if by >= 0 else None


def build_public(s: IsleState) -> IslePublic:
    sequential = s.phase in ("rescue", "finds")
    players: list[PlayerView] = []
    for seat in range(s.n):
        players.append(
            {
                "seat": seat,
                "name": s.names[seat],
                "boat": s.boats[seat],  # type: ignore[typeddict-item]  # one of BOAT_NAMES
                "fish": s.fish[seat],
                "hand": len(s.hands[seat]),
                "baskets": s.baskets[seat],
                "baskets_used": s.used[seat],
                "card_baskets": len(s.full[seat]) + len(s.half[seat]) // 2,
                "half_baskets": len(s.half[seat]),
                "private_lessons": len(s.private[seat]),
                "tiles": [placed_view(t) for t in s.tiles[seat]],
                "cover": cover(s, seat),
                "committed": [revealed_view(c) for c in s.committed[seat]] if s.revealed else [],
                "speed": s.speeds[seat] if s.speeds is not None else None,
                "passed": s.passed[seat] if sequential else False,
                "ready": s.done[seat] if s.phase in ("buy", "commit", "last") else False,
                "anywhere": s.anywhere[seat],
                "extra": s.extra[seat],
                "placing": _placing(s, seat),
            }
        )
    scores: list[list[ScoreLineView]] | None = None
    totals: list[int] | None = None
    if s.scores is not None:
        scores = [
            [ScoreLineView(label=str(label), points=int(points)) for label, points in lines]
            for lines in s.scores
        ]
        totals = [sum(line["points"] for line in lines) for lines in scores]
    return {
        "day": s.day,
        "days": 5,
        "phase": s.phase,  # type: ignore[typeddict-item]  # one of Phase
        "direction": "left" if s.day % 2 else "right",
        "order": list(s.order),
        "turn": s.order[s.turn] if sequential else None,
        "prices": [3, 5],
        "fields": [[tile_view(t) for t in field] for field in s.fields],
        "beside": [tile_view(t) for t in s.beside],
        "oshax": list(s.oshax),
        "common": dict(s.common),
        "bag": len(s.bag),
        "deck": len(s.deck),
        "gone": len(s.gone),
        "played_count": len(s.played),
        "played": [
            {
                "id": card_id(c),
                "kind": CARDS[c].kind,  # type: ignore[typeddict-item]  # one of CARD_KINDS
                "name": CARDS[c].name,
                "seat": _played_by(s, i),
            }
            for i, c in list(enumerate(s.played))[-PLAYED_SHOWN:]
        ],
        "public_lessons": [
            {"card": card_view(p["card"]), "colour": p["colour"], "owner": p["owner"]}
            for p in s.public
        ],
        "players": players,
        "scores": scores,
        "totals": totals,
        "waiting": waiting(s),
    }


def build_private(s: IsleState, seat: int) -> IslePrivate:
    drawn: list[int] = []
    for task in s.tasks[seat]:
        if task["t"] == "drawn":
            drawn.extend(task["cards"])
    cart_cost = sum(CARDS[c].cost for c in s.cart[seat])
    return {
        "hand": [card_view(c) for c in s.hands[seat]],
        "pack": [card_view(c) for c in s.packs[seat]],
        "picks": s.picks[seat] if s.phase == "draft" else 0,
        "kept": [card_view(c) for c in kept_this_round(s, seat)],
        "drafted": [card_view(c) for c in s.drafted[seat]],
        "cart": [card_view(c) for c in s.cart[seat]],
        "lesson_colours": {
            card_id(int(k)): v for k, v in s.colours.items() if int(k) in s.cart[seat]
        },
        "fish_left": s.fish[seat] - cart_cost,
        "committed": [] if s.revealed else [card_view(c) for c in s.committed[seat]],
        "private_lessons": [card_view(c) for c in s.private[seat]],
        "drawn": [card_view(c) for c in drawn],
    }
