"""Scenario helpers for The Isle of Cats rules tests.

A test builds a real game with :func:`new` (``GAME.setup``), then sets the parts it
needs directly on the :class:`IsleState` (:func:`at_rescue`, :func:`at_finds`,
:func:`at_buy`, :func:`boat_with`...), answers through ``GAME.apply`` with the open
prompts (:func:`answer`), and looks at the result.

Tiles are tile ids (``B16``: the blue cat of shape C16, the 1x5 bar; ``T1-1``: a
one-square common treasure); cards are their numbers (see COMPONENTS.md section 3:
7-14 speed 4 no basket, 15-22 speed 0 half, 23-34 speed 1 half, 35-42 speed 3 half,
43-54 speed 1 full, 55-66 speed 3 full, 67-97 anytime, 98-112 treasure, 1-6 Oshax).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.core import Event, Prompt, Rng
from engine.games.isle.options import card_id, make_place
from engine.games.isle.rules import GAME, IsleState
from engine.games.isle.state import tile_colour, tile_kind

NAMES = ["Ann", "Bob", "Cy", "Di"]
TOTAL_CARDS = 150

KEEPERS = (85, 84, 79, 78, 95, 94)
"""Anytime cards a seat can always play on its own turn (a permanent basket, fish).
The engine passes for a seat whose rescue or rare-finds turn offers only Pass
(test_autopass.py); :func:`at_rescue` and :func:`at_finds` give one to each other seat
(``others_hold``), so that a scenario still asks them and their passes stay explicit."""

WAITING_CAT = "O14"
"""The cat :func:`at_rescue` leaves in the right field when a test names no cat (a
rescue with both fields empty is over: the engine ends it)."""


def new(n: int = 2, seed: int = 1, boats: Sequence[str] | None = None) -> IsleState:
    """A fresh game of ``n`` players (day 1, the draft open); ``boats`` chosen if given."""
    s = GAME.setup(NAMES[:n], seed)
    if boats is not None:
        s.boats = list(boats)
    return s


def prompt_of(s: IsleState, seat: int) -> Prompt:
    """``seat``'s open prompt (fails if it has none)."""
    mine = [p for p in GAME.prompts(s) if p.seat == seat]
    assert len(mine) == 1, f"seat {seat} has {len(mine)} prompts: {GAME.prompts(s)}"
    return mine[0]


def has_prompt(s: IsleState, seat: int) -> bool:
    return any(p.seat == seat for p in GAME.prompts(s))


def ids(s: IsleState, seat: int) -> list[str]:
    """The option ids of ``seat``'s open prompt."""
    return [o.id for o in prompt_of(s, seat).options]


def answer(s: IsleState, seat: int, option_id: str) -> list[Event]:
    """``seat`` answers its open prompt with ``option_id`` (through ``GAME.apply``)."""
    return GAME.apply(s, seat, prompt_of(s, seat).id, option_id)


def k(number: int) -> str:
    return card_id(number)


def place(tile: str, x: int, y: int, o: int = 0) -> str:
    return make_place(tile, x, y, o)


def _reset_turn_state(s: IsleState) -> None:
    n = s.n
    s.packs = [[] for _ in range(n)]
    s.drafted = [[] for _ in range(n)]
    s.cart = [[] for _ in range(n)]
    s.colours = {}
    s.picks = [0] * n
    s.done = [False] * n
    s.passed = [False] * n
    s.rescued = 0
    s.then = None
    s.tasks = [[] for _ in range(n)]


def hold(s: IsleState, seat: int, card: int) -> None:
    """``seat`` holds ``card`` (taken from wherever it was)."""
    while card in s.played:
        del s.played_by[s.played.index(card) : s.played.index(card) + 1]  # kept alongside
        s.played.remove(card)
    for cards in (s.deck, s.gone, *s.hands, *s.packs, *s.drafted):
        while card in cards:
            cards.remove(card)
    s.hands[seat].append(card)


def _others_hold(s: IsleState, seat: int, others_hold: bool) -> None:
    if not others_hold:
        return
    spare = [c for c in KEEPERS if c not in s.hands[seat]]
    for other in range(s.n):
        if other != seat:
            hold(s, other, spare.pop(0))


def passes(s: IsleState, seat: int) -> list[Event]:
    """``seat`` passes in the rescue or the rare finds: answers Pass if it is asked; else
    checks that it is not asked there (the engine passed for it)."""
    mine = [p for p in GAME.prompts(s) if p.seat == seat]
    if mine and mine[0].kind in ("rescue", "find"):
        return answer(s, seat, "pass")
    assert not mine or mine[0].kind not in ("rescue", "find"), mine
    return []


def _first(s: IsleState, seat: int, order: Sequence[int] | None) -> None:
    if order is None:
        order = [seat] + [o for o in range(s.n) if o != seat]
    s.order = list(order)
    s.turn = s.order.index(seat)


def at_rescue(
    s: IsleState,
    seat: int = 0,
    *,
    fields: Sequence[Sequence[str]] | None = None,
    fish: int | Sequence[int] = 20,
    baskets: int = 1,
    used: int = 0,
    committed: Iterable[int] = (),
    hand: Iterable[int] = (),
    order: Sequence[int] | None = None,
    others_hold: bool = True,
) -> IsleState:
    """The rescue phase, ``seat``'s turn (first in ``order`` unless given), with these
    fields (left, right; none given: :data:`WAITING_CAT` alone in the right one), fish,
    permanent baskets (``used`` of them used) and these rescue cards committed
    (revealed: their baskets ready); the other seats hold a card of :data:`KEEPERS` unless not
    ``others_hold``."""
    from engine.games.isle.components import CARDS

    _reset_turn_state(s)
    s.phase = "rescue"
    if fields is None:
        fields = ((), (WAITING_CAT,))
        if WAITING_CAT in s.bag:
            s.bag.remove(WAITING_CAT)
    s.fields = [list(fields[0]), list(fields[1])]
    s.fish = list(fish) if not isinstance(fish, int) else [fish] * s.n
    s.baskets[seat] = baskets
    s.used[seat] = used
    s.hands[seat] = list(hand)
    cards = list(committed)
    s.committed = [[] for _ in range(s.n)]
    s.committed[seat] = cards
    s.full = [[] for _ in range(s.n)]
    s.half = [[] for _ in range(s.n)]
    s.full[seat] = [c for c in cards if CARDS[c].basket == "full"]
    s.half[seat] = [c for c in cards if CARDS[c].basket == "half"]
    s.revealed = True
    s.speeds = [sum(CARDS[c].speed for c in s.committed[o]) for o in range(s.n)]
    _others_hold(s, seat, others_hold)
    _first(s, seat, order)
    return s


def at_finds(
    s: IsleState,
    seat: int = 0,
    *,
    hand: Iterable[int] = (),
    beside: Iterable[str] | None = None,
    fish: int | None = None,
    order: Sequence[int] | None = None,
    others_hold: bool = True,
) -> IsleState:
    """The rare finds, ``seat``'s turn, with this hand (and rare treasures beside); the
    other seats hold a card of :data:`KEEPERS` unless not ``others_hold``."""
    _reset_turn_state(s)
    s.phase = "finds"
    s.fields = [[], []]
    s.hands[seat] = list(hand)
    if beside is not None:
        s.beside = list(beside)
    if fish is not None:
        s.fish[seat] = fish
    s.committed = [[] for _ in range(s.n)]
    s.full = [[] for _ in range(s.n)]
    s.half = [[] for _ in range(s.n)]
    _others_hold(s, seat, others_hold)
    _first(s, seat, order)
    return s


def at_buy(s: IsleState, drafted: Sequence[Sequence[int]], fish: int = 20) -> IsleState:
    """The buying step: each seat's 7 drafted cards given (the draft done)."""
    _reset_turn_state(s)
    s.phase = "buy"
    s.drafted = [list(d) for d in drafted]
    s.fish = [fish] * s.n
    return s


def at_last(s: IsleState, hands: Sequence[Sequence[int]]) -> IsleState:
    """The last round after day 5, these hands."""
    _reset_turn_state(s)
    s.day = 5
    s.phase = "last"
    s.fields = [[], []]
    s.hands = [list(h) for h in hands]
    return s


def boat_with(
    s: IsleState,
    seat: int,
    tiles: Iterable[tuple[str, int, int, int] | tuple[str, int, int, int, str]],
) -> IsleState:
    """Put these tiles on ``seat``'s boat: (tile, x, y, o) or (tile, x, y, o, colour)
    (the colour of an Oshax).  Checked: inside the hull, no overlap."""
    from engine.games.isle.rules import occupied, tile_mask

    for entry in tiles:
        tile, x, y, o = entry[:4]
        colour = entry[4] if len(entry) > 4 else tile_colour(tile)  # type: ignore[misc]
        t: dict[str, Any] = {"tile": tile, "x": x, "y": y, "o": o, "colour": colour}
        assert not tile_mask(t) & occupied(s, seat), f"{tile} overlaps"
        s.tiles[seat].append(t)
    return s


def placing(s: IsleState, seat: int, tile: str, colour: str | None = None) -> IsleState:
    """``seat`` in its rare-finds turn, with ``tile`` to place (as from a card); it holds
    a card of :data:`KEEPERS` (its turn goes on after the tile is placed)."""
    if s.phase != "finds":
        at_finds(s, seat, hand=[KEEPERS[-1]])
    task: dict[str, Any] = {"t": "place", "tile": tile, "why": "treasure"}
    if colour is not None:
        task["colour"] = colour
    s.tasks[seat].append(task)
    return s


def tiles_on(s: IsleState, seat: int) -> list[str]:
    return [t["tile"] for t in s.tiles[seat]]


def cards_everywhere(s: IsleState) -> list[int]:
    """Every Discovery card, wherever it is (committed cards counted once: before the
    reveal they are still in the hand)."""
    out: list[int] = list(s.deck) + list(s.gone) + list(s.played)
    for seat in range(s.n):
        out += s.hands[seat]
        out += [c for c in s.committed[seat] if c not in s.hands[seat]]
        out += s.packs[seat] + s.drafted[seat] + s.private[seat]
        for task in s.tasks[seat]:
            if task["t"] == "drawn":
                out += task["cards"]
            elif task["t"] == "drop":
                out += task["chosen"]
    out += [p["card"] for p in s.public]
    return out


def tiles_everywhere(s: IsleState) -> list[str]:
    """Every cat, rare treasure and Oshax tile, wherever it is."""
    out: list[str] = list(s.bag) + s.fields[0] + s.fields[1] + list(s.beside) + list(s.oshax)
    out += [t for t in s.boxed if tile_kind(t) != "common"]
    for seat in range(s.n):
        out += [t["tile"] for t in s.tiles[seat] if tile_kind(t["tile"]) != "common"]
        for task in s.tasks[seat]:
            if task["t"] == "place" and tile_kind(task["tile"]) != "common":
                # A tile whose choice can still be taken back is still where it was (a
                # cat being rescued in its field, an Oshax or rare treasure beside the
                # island).
                if not task.get("back"):
                    out.append(task["tile"])
            elif task["t"] == "field":
                out += task["tiles"]
            elif task["t"] == "lift":
                out += [t["tile"] for t in task["chosen"] if tile_kind(t["tile"]) != "common"]
    return out


def random_answer(s: IsleState, rng: Rng) -> tuple[int, str, str]:
    """A random legal answer to one of the open prompts: (seat, prompt id, option)."""
    prompts = GAME.prompts(s)
    p = prompts[rng.below(len(prompts))]
    choices = [o.id for o in p.choices()]
    if p.answer is not None:
        structured = GAME.answers(s, p)
        if structured and rng.below(4):
            return p.seat, p.id, structured[rng.below(len(structured))]
    return p.seat, p.id, choices[rng.below(len(choices))]
