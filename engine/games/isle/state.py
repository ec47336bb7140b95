"""The Isle of Cats: the state of one game, plain data that goes to JSON and back.

Tiles are named by a tile id (:func:`tile_id` and friends): ``B07`` the blue cat of
shape C07 (``G``, ``R``, ``P``, ``O``: green, red, purple, orange), ``X3`` the Oshax
X3, ``RL2`` the second rare treasure of shape RL, ``T3-4`` a common treasure of shape
T3 (numbered as they leave the supply).  Discovery cards are their number (1..150) in
the state and ``k<n>`` in views and option ids.

What each list holds is said beside it in :class:`IsleState`; who may see what is in
:mod:`engine.games.isle.view` and :mod:`engine.games.isle.hidden`.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from engine.core import JSON, Rng
from engine.games.isle.components import COLOUR_LETTER, COLOURS, SHAPES

__all__ = [
    "IsleState",
    "cat_tile",
    "tile_colour",
    "tile_kind",
    "tile_shape",
]

_LETTER_COLOUR = {letter: colour for colour, letter in COLOUR_LETTER.items()}


def cat_tile(colour: str, shape: str) -> str:
    """``B07``: the ``colour`` cat of ``shape`` (C01..C17)."""
    return f"{COLOUR_LETTER[colour]}{shape[1:]}"


def tile_shape(tile: str) -> str:
    """The shape id of a tile id (``B07`` -> ``C07``, ``RL2`` -> ``RL``, ``T3-4`` -> ``T3``)."""
    if len(tile) == 3 and tile[0] in _LETTER_COLOUR and tile[1:].isdigit():
        return "C" + tile[1:]
    if tile[0] == "X":
        return tile
    return tile[:2]


def tile_kind(tile: str) -> str:
    """``cat``, ``oshax``, ``rare`` or ``common``."""
    return SHAPES[tile_shape(tile)].kind


def tile_colour(tile: str) -> str | None:
    """A cat's colour (None for Oshax and treasures: an Oshax's is chosen on the boat)."""
    if len(tile) == 3 and tile[0] in _LETTER_COLOUR and tile[1:].isdigit():
        return _LETTER_COLOUR[tile[0]]
    return None


def tile_mask(t: dict[str, Any]) -> int:
    """The squares a tile on a boat covers (``t``: one of ``IsleState.tiles``' entries)."""
    from engine.games.isle.shapes import placement

    mask = placement(tile_shape(t["tile"]), t["x"], t["y"], t["o"])
    assert mask is not None
    return mask


class IsleState:
    """One game of The Isle of Cats (see the module docstring)."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.options: dict[str, JSON] = {}
        self.rng = Rng(0)
        self.result: dict[str, Any] | None = None
        self.nid = 0
        """Bumped on every answer: a prompt's id carries it (with ``ask``)."""
        self.ask: list[int] = []
        """Per seat: bumped when that seat's own decision changes (simultaneous steps
        bump only the seat that answered, so the others' prompt ids stay)."""

        self.day = 1
        self.phase = "draft"
        """draft, buy, commit, rescue, finds, last (the final anytime cards), over."""
        self.order: list[int] = []
        """The turn order: seats, first to last."""
        self.turn = 0
        """In rescue and finds: the index in ``order`` of the seat whose turn it is."""

        # The supplies.
        self.bag: list[str] = []
        """Cats and rare treasures, face down (drawn from the end)."""
        self.fields: list[list[str]] = [[], []]
        """The left (3 fish) and right (5 fish) field: cat tile ids."""
        self.beside: list[str] = []
        """Rare treasures drawn, beside the island (face up)."""
        self.oshax: list[str] = []
        """The Oshax still in the supply."""
        self.common: dict[str, int] = {}
        """Common treasures left in the supply, by shape."""
        self.common_taken = 0
        """How many common treasures have left the supply (their tile ids count up)."""
        self.deck: list[int] = []
        """The Discovery cards, face down (dealt from the end)."""
        self.gone: list[int] = []
        """Cards discarded face down (not bought, drawn and not bought, dropped lessons)."""
        self.played: list[int] = []
        """Cards discarded face up (played anytime, Oshax and treasure cards, rescue
        cards after the rescue)."""
        self.played_by: list[int] = []
        """Who played each card of :attr:`played` (-1: unknown, a save from before)."""
        self.boxed: list[str] = []
        """Tiles out of the game (cats nobody rescued, lifted treasures)."""

        # Per seat.
        self.boats: list[str] = []
        self.fish: list[int] = []
        self.baskets: list[int] = []
        """Permanent baskets owned."""
        self.used: list[int] = []
        """Permanent baskets used today."""
        self.hands: list[list[int]] = []
        self.tiles: list[list[dict[str, Any]]] = []
        """The tiles on each boat, in the order placed: {tile, x, y, o, colour}
        (``colour``: a cat's, an Oshax's chosen one, None for treasures)."""
        self.private: list[list[int]] = []
        """Private lessons in play (face down)."""
        self.public: list[dict[str, Any]] = []
        """Public lessons in play: {card, colour (or None), owner}."""
        self.anywhere: list[bool] = []
        """A "next tile anywhere" card waits for the seat's next tile."""
        self.extra: list[int] = []
        """Extra rescues waiting (each lets one rescue turn take one more cat)."""

        # The draft and the buying (per seat, private).
        self.packs: list[list[int]] = []
        """The cards a seat chooses from now."""
        self.drafted: list[list[int]] = []
        """The cards a seat kept in today's draft."""
        self.picks: list[int] = []
        """Cards still to keep from the pack this round."""
        self.draft_round = 0
        self.cart: list[list[int]] = []
        """The drafted cards a seat chose to buy (paid when buying ends)."""
        self.colours: dict[str, str] = {}
        """Chosen colours of public lessons in a cart (card number as text -> colour)."""
        self.done: list[bool] = []
        """In buy, commit and last: who has finished."""
        self.committed: list[list[int]] = []
        """Rescue cards committed today (private until all are in, then public)."""
        self.revealed = False
        self.speeds: list[int] | None = None
        """Each seat's total speed once the rescue cards are revealed."""
        self.full: list[list[int]] = []
        """Committed full-basket cards not used yet."""
        self.half: list[list[int]] = []
        """Committed half-basket cards not used yet."""
        self.passed: list[bool] = []
        """In rescue and finds: who has passed for good."""
        self.rescued = 0
        """Cats the seat whose turn it is has rescued this turn."""
        self.tasks: list[list[dict[str, Any]]] = []
        """Per seat, the decisions under way, the last one asked first (a tile to place,
        a treasure to choose, a card's steps)."""
        self.then: str | None = None
        """What finishing the tasks completes: "rescued" (a rescue turn may go on) or
        "found" (a rare-finds turn ends)."""
        self.scores: list[list[list[Any]]] | None = None
        """At the end: per seat, the score lines [label, points]."""

    @property
    def n(self) -> int:
        return len(self.names)

    def clone(self) -> IsleState:
        return IsleState.from_json(json.loads(json.dumps(self.to_json())))

    _FIELDS: ClassVar[tuple[str, ...]] = (
        "names",
        "options",
        "nid",
        "ask",
        "day",
        "phase",
        "order",
        "turn",
        "bag",
        "fields",
        "beside",
        "oshax",
        "common",
        "common_taken",
        "deck",
        "gone",
        "played",
        "played_by",
        "boxed",
        "boats",
        "fish",
        "baskets",
        "used",
        "hands",
        "tiles",
        "private",
        "public",
        "anywhere",
        "extra",
        "packs",
        "drafted",
        "picks",
        "draft_round",
        "cart",
        "colours",
        "done",
        "committed",
        "revealed",
        "speeds",
        "full",
        "half",
        "passed",
        "rescued",
        "tasks",
        "then",
        "scores",
        "result",
    )

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {name: getattr(self, name) for name in self._FIELDS}
        out["rng"] = self.rng.state
        copied: dict[str, JSON] = json.loads(json.dumps(out))  # a deep copy, JSON for sure
        return copied

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> IsleState:
        s = cls()
        data = json.loads(json.dumps(data))
        data.setdefault("played_by", [-1] * len(data["played"]))  # saved before it was kept
        for name in cls._FIELDS:
            setattr(s, name, data[name])
        s.rng = Rng(0)
        s.rng.state = int(data["rng"])
        return s


KEEP_PER_ROUND = 2
"""Cards kept from each pack of the draft before it is passed on."""


def kept_this_round(s: IsleState, seat: int) -> list[int]:
    """The cards ``seat`` has kept from the pack in hand this round (a pack passed on
    has two cards or more, so :data:`KEEP_PER_ROUND` are asked: the last ones drafted)."""
    if s.phase != "draft" or not s.packs[seat]:
        return []
    kept = KEEP_PER_ROUND - s.picks[seat]
    return s.drafted[seat][-kept:] if 0 < kept <= len(s.drafted[seat]) else []


assert set(COLOUR_LETTER) == set(COLOURS)
