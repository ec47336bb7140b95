"""The heuristic bot for Cats Among The Pigeons.

It sees only its seat's view and the prompt in front of it.  Its plan: pick the
colour it holds most of (rainbows help every colour), keep those pigeons and
the rainbows, get rid of cats (three at once, or by giving them away), turn
other pairs into fresh cards, play every action that draws, and block actions
aimed at it.
"""

from __future__ import annotations

from typing import Any

from engine.core import JSON, Event, Prompt, Rng
from engine.games.pigeons.options import (
    CATS,
    DRAW,
    GIVE,
    NONE,
    PASS,
    Verb,
    card_number,
    make_play,
    make_seat,
    try_parse,
)

# Actions that hurt their target, so worth a Wing Block or a Trap.
_HARMFUL = frozenset({"pluck", "miss_turn", "fresh_start", "gift", "double_swap"})
# The order in which the bot likes to play its own actions.
_PLAY_ORDER = (
    "draw2",
    "tidy",
    "recycle",
    "fancier",
    "pluck",
    "gift",
    "double_swap",
    "mail",
    "ruffle",
    "miss_turn",
    "fresh_start",
)


def _colour_counts(hand: list[dict[str, Any]]) -> tuple[dict[str, int], int, int]:
    counts: dict[str, int] = {}
    rainbows = cats = 0
    for card in hand:
        kind = card["kind"]
        if kind == "pigeon":
            counts[card["colour"]] = counts.get(card["colour"], 0) + 1
        elif kind == "rainbow":
            rainbows += 1
        elif kind == "cat":
            cats += 1
    return counts, rainbows, cats


class HeuristicBot:
    level = "heuristic"
    needs_view = True

    # A turn has no limit on actions; a bot stops after this many, so that two
    # bots can never pass Recycles round for ever.
    MAX_ACTIONS_PER_TURN = 12

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)
        self.turn_seen = -1  # the turn number its action count belongs to
        self.actions = 0
        # The turn in which its Recycle found nothing worth taking: no more
        # Recycles that turn (two Recycles could otherwise take each other back,
        # every play a reaction window for the people at the table).
        self.dry_pile_turn = -1

    # The bot remembers only how many actions it played this turn, and whether
    # a Recycle of this turn found the discard pile dry.
    def observe(self, events: list[Event]) -> None:
        return None

    def to_json(self) -> dict[str, JSON]:
        return {
            "level": self.level,
            "seat": self.seat,
            "rng": self.rng.state,
            "turn_seen": self.turn_seen,
            "actions": self.actions,
            "dry_pile_turn": self.dry_pile_turn,
        }

    def load_json(self, data: dict[str, Any]) -> None:
        self.rng = Rng(int(data["rng"]))
        self.turn_seen = int(data.get("turn_seen", -1))
        self.actions = int(data.get("actions", 0))
        self.dry_pile_turn = int(data.get("dry_pile_turn", -1))

    # ---------------------------------------------------------------- choose

    def choose(self, view: dict[str, JSON], prompt: Prompt) -> str:
        ids = [o.id for o in prompt.choices()]
        if len(ids) == 1:
            return ids[0]
        public: dict[str, Any] = view["public"]
        private: dict[str, Any] = view["private"]
        hand: list[dict[str, Any]] = private.get("hand", [])
        counts, _rainbows, cats = _colour_counts(hand)
        best = max(counts, key=lambda c: counts[c], default=None)
        kind = prompt.kind
        if kind == "turn":
            return self._turn(public, hand, ids, counts, best, cats)
        if kind == "target":
            return self._target(public, prompt, ids)
        if kind == "direction":
            return ids[self.rng.below(len(ids))]
        if kind == "window":
            return self._window(public, ids)
        if kind == "sale":
            return self._sale(public, ids, best)
        if kind == "pick":
            return self._pick(public, private, prompt, ids, hand, counts, best)
        if kind == "choice" and GIVE in ids:
            # A trapped Gift: worth giving only to pass a cat on.
            return GIVE if cats else NONE
        return ids[self.rng.below(len(ids))]

    def _turn(
        self,
        public: dict[str, Any],
        hand: list[dict[str, Any]],
        ids: list[str],
        counts: dict[str, int],
        best: str | None,
        cats: int,
    ) -> str:
        if CATS in ids:
            return CATS
        if public["turn_number"] != self.turn_seen:
            self.turn_seen, self.actions = public["turn_number"], 0
        self.actions += 1
        if self.actions > self.MAX_ACTIONS_PER_TURN:
            return DRAW
        by_action: dict[str, str] = {}
        for card in hand:
            if card["kind"] == "action":
                by_action.setdefault(card["action"], card["id"])
        plays = {a: make_play(card_number(cid)) for a, cid in by_action.items()}
        playable = {a: option for a, option in plays.items() if option in ids}
        for action in _PLAY_ORDER:
            option = playable.get(action)
            if option is None:
                continue
            if action in ("gift", "double_swap", "mail", "ruffle") and not cats:
                continue  # only worth it to pass a cat on
            if action == "fancier" and not self._spare_pigeons(hand, best, 2):
                continue
            if action == "recycle" and (
                not public["discard_count"] or self.dry_pile_turn == public["turn_number"]
            ):
                continue  # nothing to take, or nothing worth it
            poor_hand = cats >= 2 or (best is not None and counts[best] <= 2)
            early = public["turn_number"] < 6 * len(public["seats"])
            if action == "fresh_start" and not poor_hand and early:
                continue  # later it hits the player with the biggest hand
            return option
        # Pairs of colours the bot does not collect become fresh cards.
        pairs: dict[str, str] = {}  # colour -> its pair of two (no rainbow)
        for i in ids:
            parsed = try_parse(i)
            if parsed is not None and parsed.verb == "pair" and not parsed.rainbow:
                pairs[str(parsed.colour)] = i
        for colour, n in sorted(counts.items(), key=lambda kv: kv[1]):
            if colour != best and n >= 2 and colour in pairs:
                return pairs[colour]
        return DRAW

    @staticmethod
    def _spare_pigeons(hand: list[dict[str, Any]], best: str | None, n: int) -> bool:
        spare = [c for c in hand if c["kind"] == "pigeon" and c["colour"] != best]
        return len(spare) >= n

    def _target(self, public: dict[str, Any], prompt: Prompt, ids: list[str]) -> str:
        seats = public["seats"]
        card = public["stage"].get("card") or {}
        action = card.get("action")
        me = make_seat(self.seat)
        targets = {i: p.seat for i in ids if (p := try_parse(i)) is not None and p.seat is not None}
        others = [i for i in targets if i != me]
        if action == "fresh_start":
            hand_size = seats[self.seat]["cards"]
            # On itself when its own hand is poor; otherwise on the biggest hand.
            if me in ids and hand_size <= 3:
                return me
        if not others:
            return ids[0]
        # The most cards: the most to pluck, the closest to seven of a colour.
        return max(others, key=lambda i: (seats[targets[i]]["cards"], -targets[i]))

    def _window(self, public: dict[str, Any], ids: list[str]) -> str:
        stage = public["stage"]
        chain = stage.get("chain") or []
        act = stage["action"]["action"]
        player = stage["seat"]
        target = stage.get("target", -1)
        trap = _first(ids, "trap")
        wing = _first(ids, "wing")
        if not chain:
            if target == self.seat and act in _HARMFUL and player != self.seat:
                return trap or wing or PASS
            if act == "sale" and wing and self.rng.below(2) == 0:
                return wing
            return PASS
        # Someone blocked: re-block when it was my own card, or a trap on me.
        last = chain[-1]
        if player == self.seat and last["seat"] != self.seat and wing:
            return wing
        if len(chain) == 1 and last["kind"] == "trap" and player == self.seat and wing:
            return wing
        return PASS

    def _sale(self, public: dict[str, Any], ids: list[str], best: str | None) -> str:
        claim = _first(ids, "sale")
        if claim is None:
            return PASS
        pair = public["stage"].get("pair") or []
        wanted = sum(1 for c in pair if c["kind"] == "rainbow" or c.get("colour") == best)
        return claim if wanted >= 1 else PASS

    def _pick(
        self,
        public: dict[str, Any],
        private: dict[str, Any],
        prompt: Prompt,
        ids: list[str],
        hand: list[dict[str, Any]],
        counts: dict[str, int],
        best: str | None,
    ) -> str:
        purpose = public["stage"].get("purpose")
        if purpose in ("recycle", "fancier_search"):
            pile = {c["id"]: c for c in private.get("search", [])}

            def want(i: str) -> tuple[int, int]:
                card = pile.get(_card_of(i), {})
                if card.get("kind") == "rainbow":
                    return (3, 0)
                if card.get("colour") == best:
                    return (2, 0)
                if card.get("kind") == "pigeon":
                    return (1, counts.get(card["colour"], 0))
                if card.get("kind") == "action" and card.get("action") not in ("recycle", "tidy"):
                    return (1, -1)
                return (0, 0)  # a cat, or a card that would only send it round again

            choice = max(ids, key=want)
            if purpose == "recycle" and want(choice) == (0, 0):
                self.dry_pile_turn = public["turn_number"]
            return choice
        # Giving cards away (Gift, Mail, Ruffle, Double Swap, Fancier's discard):
        # cats first, then the pigeons it collects least, then actions.
        mine = {c["id"]: c for c in hand}

        def keep(i: str) -> tuple[int, int]:
            card = mine.get(_card_of(i), {})
            kind = card.get("kind")
            if kind == "cat":
                return (0, 0)
            if kind == "pigeon" and card["colour"] != best:
                return (1, counts.get(card["colour"], 0))
            if kind == "action":
                return (2, 0)
            if kind == "pigeon":
                return (3, 0)
            return (4, 0)  # rainbow

        return min(ids, key=keep)


def _first(ids: list[str], verb: Verb) -> str | None:
    """The first of the options ``ids`` that does ``verb`` (``wing``, ``trap``, ``sale``)."""
    for i in ids:
        parsed = try_parse(i)
        if parsed is not None and parsed.verb == verb:
            return i
    return None


def _card_of(option_id: str) -> str | None:
    """The id of the card an option names (a pick's option is the card), if any."""
    parsed = try_parse(option_id)
    return None if parsed is None else parsed.card_id
