"""What a seat of The Isle of Cats cannot tell apart: its ``Game.redeal_hidden``
(see :meth:`engine.game.Game.redeal_hidden`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import Rng
from engine.games.isle.components import CARDS

if TYPE_CHECKING:
    from engine.games.isle.state import IsleState


def _group(card: int) -> tuple[str, bool, str]:
    c = CARDS[card]
    return (c.kind, c.colour_choice, c.effect if c.kind in ("anytime", "treasure") else "")


def redeal_hidden(s: IsleState, observer: int | None, rng: Rng) -> IsleState | None:
    """The Isle of Cats: every card the observer cannot see (the deck, the cards
    discarded face down, the other seats' hands, draft packs, drafted cards and carts,
    rescue cards not yet revealed, private lessons, cards drawn to buy) dealt again
    among those places, a card of a kind for a card of that kind (so that what the
    others are in the middle of stays possible); and the order of the bag."""
    if s.result is not None:
        return None
    other = s.clone()
    pool: list[int] = list(other.deck) + list(other.gone)
    for seat in range(other.n):
        if seat == observer:
            continue
        pool += other.hands[seat] + other.packs[seat] + other.drafted[seat] + other.private[seat]
        for task in other.tasks[seat]:
            if task["t"] == "drawn":
                pool += task["cards"]
            elif task["t"] == "drop":
                pool += task["chosen"]
    groups: dict[tuple[str, bool, str], list[int]] = {}
    for card in pool:
        groups.setdefault(_group(card), []).append(card)
    mapping: dict[int, int] = {}
    for cards in groups.values():
        dealt = cards[:]
        rng.shuffle(dealt)
        mapping.update(zip(cards, dealt, strict=True))

    def m(cards: list[int]) -> list[int]:
        return [mapping.get(c, c) for c in cards]

    other.deck = m(other.deck)
    other.gone = m(other.gone)
    for seat in range(other.n):
        if seat == observer:
            continue
        other.hands[seat] = m(other.hands[seat])
        other.packs[seat] = m(other.packs[seat])
        other.drafted[seat] = m(other.drafted[seat])
        other.cart[seat] = m(other.cart[seat])
        other.private[seat] = m(other.private[seat])
        if not other.revealed:
            other.committed[seat] = m(other.committed[seat])
        for task in other.tasks[seat]:
            _map_task(task, mapping)
    other.colours = {str(mapping.get(int(k), int(k))): v for k, v in other.colours.items()}
    rng.shuffle(other.bag)
    return other


def _map_task(task: dict[str, Any], mapping: dict[int, int]) -> None:
    if "card" in task:
        task["card"] = mapping.get(task["card"], task["card"])
    for key in ("cards", "cart"):
        if key in task:
            task[key] = [mapping.get(c, c) for c in task[key]]
    if task["t"] == "drop":
        task["chosen"] = [mapping.get(c, c) for c in task["chosen"]]
