"""The memory bots of Stool Pigeon: ``easy``, ``normal`` and ``sharp``.

A bot sees only its seat's view.  The view's private ``memory`` is everything the
seat has seen that is still face down on the table (its two bottom cards, what it
drew, peeked at, saw taken from PLAY, saw revealed by a wrong claim), kept up to
date through every public swap.  A bot copies that memory and then forgets: at each
new round (once per turn of its own), every entry it still remembers is forgotten
with a probability set by its level.  A forgotten card stays forgotten until the
seat sees it again (the view gives every sighting a new ``seen`` stamp).

With what it remembers it races for matching witnesses, swaps low cards in for its
highest cards, takes a low PLAY top, uses its pigeons (peek at its unknown cards,
dump its highest card on an opponent, eliminate its highest card) and knocks when it
believes it is lowest.
"""

from __future__ import annotations

from typing import Any

from engine.core import JSON, Event, Prompt, Rng
from engine.games.stool.cards import MEAN_VALUE
from engine.games.stool.options import (
    DRAW,
    KNOCK,
    PASS,
    SKIP,
    TAKE,
    make_slot,
    parse,
    parse_position,
)

# Forgetting: the chance per round that the bot loses one remembered card.
LEVELS: dict[str, float] = {"easy": 0.25, "normal": 0.10, "sharp": 0.02}
# How much lower than every opponent's estimate its own estimate must be to knock.
KNOCK_MARGIN: dict[str, float] = {"easy": 1.0, "normal": 3.0, "sharp": 4.0}

RAT_GUESS = MEAN_VALUE + 1.0
"""What the Rat is worth to a bot: the average card, plus a little for the risk."""

Memory = dict[str, dict[str, Any]]


class MemoryBot:
    needs_view = True

    def __init__(self, seat: int, seed: int, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown memory bot level {level!r}")
        self.seat = seat
        self.level = level
        self.rng = Rng(seed)
        self.forgotten: set[int] = set()  # 'seen' stamps the bot has forgotten
        self.turn = -1  # the last round it forgot things in

    # ------------------------------------------------------------ the contract

    def observe(self, events: list[Event]) -> None:
        return None  # everything it knows comes from its view's memory

    def to_json(self) -> dict[str, JSON]:
        return {
            "level": self.level,
            "seat": self.seat,
            "rng": self.rng.state,
            "forgotten": sorted(self.forgotten),
            "turn": self.turn,
        }

    def load_json(self, data: dict[str, Any]) -> None:
        self.rng = Rng(int(data["rng"]))
        self.forgotten = {int(x) for x in data.get("forgotten", [])}
        self.turn = int(data.get("turn", -1))

    def choose(self, view: dict[str, JSON], prompt: Prompt) -> str:
        ids = [o.id for o in prompt.choices()]
        if len(ids) == 1:
            return ids[0]
        public: dict[str, Any] = view["public"]
        private: dict[str, Any] = view["private"]
        mem = self._remember(public, private)
        table = _Table(public, mem, self.seat)
        kind = prompt.kind
        if kind == "race":
            return self._race(public, table, ids)
        if kind == "draw":
            return self._draw(public, table, ids)
        if kind == "swap":
            return self._swap(private, table, ids)
        if kind == "giveback":
            # Any card may go, the Rat too (a give-back is blind): the one it most wants
            # to be rid of, as for a Kingpin or a swap.
            return max(ids, key=lambda i: (table.dump_value(parse(i).at), -ids.index(i)))
        if kind == "look":
            return self._look(table, ids)
        if kind == "switch":
            return self._switch(public, table, ids)
        if kind == "kingpin":
            return self._kingpin(table, ids)
        return ids[0]

    # ------------------------------------------------------------ memory

    def _remember(self, public: dict[str, Any], private: dict[str, Any]) -> Memory:
        """The view's memory, less what this bot has forgotten (forgetting first)."""
        seen: Memory = private.get("memory", {})
        stamps = {int(e["seen"]) for e in seen.values()}
        self.forgotten &= stamps  # a card gone from the table is gone from the memory too
        turn = int(public.get("round", 0))
        if self.turn < 0:
            self.turn = turn
        p = LEVELS[self.level]
        while self.turn < turn:
            self.turn += 1
            for stamp in sorted(stamps - self.forgotten):
                if self.rng.below(10_000) < p * 10_000:
                    self.forgotten.add(stamp)
        return {pos: e for pos, e in seen.items() if int(e["seen"]) not in self.forgotten}

    # ------------------------------------------------------------ decisions

    def _race(self, public: dict[str, Any], table: _Table, ids: list[str]) -> str:
        race = public["race"]
        face = race["card"]["face"]
        value = race["card"]["value"] or 0
        give = table.highest_own_est()
        best: tuple[float, str] | None = None
        for i in ids:
            chosen = parse(i)
            if chosen.verb != "claim":
                continue
            pos = chosen.at
            entry = table.mem.get(pos)
            if entry is None or entry["face"] != face:
                continue
            # Own card: it goes, my total drops by its value.  Another's: I give
            # back my highest card instead (and they lose a card they may not know).
            gain = float(value) if table.owner(pos) == self.seat else give
            if best is None or gain > best[0]:
                best = (gain, i)
        return best[1] if best else PASS

    def _draw(self, public: dict[str, Any], table: _Table, ids: list[str]) -> str:
        if KNOCK in ids and self._wants_knock(table):
            return KNOCK
        if TAKE in ids:
            top = public["play_top"]
            value = float(top["value"] or 0)
            worst = table.worst_own()
            if worst is not None and (worst[0] - value >= 3 or (value <= 1 and worst[0] > value)):
                return TAKE
        if DRAW in ids:
            return DRAW
        if TAKE in ids:
            return TAKE
        return SKIP if SKIP in ids else ids[0]

    def _wants_knock(self, table: _Table) -> bool:
        mine = table.scene(self.seat)
        unknown = sum(1 for pos in mine if table.unsure(pos))
        if unknown > 1:
            return False
        own = sum(table.est(pos) for pos in mine)
        others = [table.total(x) for x in range(table.n) if x != self.seat]
        return own + KNOCK_MARGIN[self.level] < min(others)

    def _swap(self, private: dict[str, Any], table: _Table, ids: list[str]) -> str:
        drawn = private.get("drawn")
        if drawn is None:
            return ids[0]
        d = RAT_GUESS if drawn["kind"] == "rat" else float(drawn["value"] or 0)
        best: tuple[float, int, str] | None = None
        for n, i in enumerate(ids):
            pos = parse(i).at
            entry = table.mem.get(pos)
            if not table.has_card(pos):
                delta = d
            elif entry is None:
                delta = d - MEAN_VALUE
            elif entry["kind"] == "rat":
                delta = d  # the Rat would only come back
            else:
                delta = d - float(entry["value"] or 0) + self._play_bonus(table, pos, entry)
            if best is None or (delta, n) < (best[0], best[1]):
                best = (delta, n, i)
        assert best is not None
        return best[2]

    def _play_bonus(self, table: _Table, pos: str, entry: dict[str, Any]) -> float:
        """How much playing this known card is worth beyond its value (negative: good)."""
        kind = entry["kind"]
        if kind == "pigeon":
            key = entry["pigeon"]
            if key == "kingpin":
                others = [table.est(p) for p in table.scene(self.seat) if p != pos]
                return -max(others, default=0.0)
            if key == "bamboozle":
                return -max(0.0, table.highest_own_est() - MEAN_VALUE) - 0.5
            return -1.0 if any(table.unsure(p) for p in table.scene(self.seat)) else -0.3
        if entry["witness"]:
            # A twin I remember in my own scene: I can race it away myself.
            for p in table.scene(self.seat):
                other = table.mem.get(p)
                if p != pos and other is not None and other["face"] == entry["face"]:
                    return -0.6 * float(entry["value"] or 0)
        return 0.0

    def _look(self, table: _Table, ids: list[str]) -> str:
        positions = [parse(i).at for i in ids]
        for pos in positions:
            if table.owner(pos) == self.seat and table.mem.get(pos) is None:
                return make_slot(pos)
        # Else someone's unknown card: the lowest opponent's first (knock or not?).
        others = sorted(
            (x for x in range(table.n) if x != self.seat), key=lambda x: (table.total(x), x)
        )
        for x in others:
            for pos in positions:
                if table.owner(pos) == x and table.mem.get(pos) is None:
                    return make_slot(pos)
        return ids[0]

    def _switch(self, public: dict[str, Any], table: _Table, ids: list[str]) -> str:
        picked: list[str] = public["stage"].get("picked") or []
        positions = [parse(i).at for i in ids]
        mine = [p for p in positions if table.owner(p) == self.seat]
        theirs = [p for p in positions if table.owner(p) != self.seat]
        if picked:
            first = picked[0]
            if table.owner(first) == self.seat and theirs:
                return make_slot(min(theirs, key=lambda p: (table.est(p), positions.index(p))))
            if table.owner(first) != self.seat and theirs:
                # Keep it among the others: never take a card blind into my own scene.
                return make_slot(theirs[0])
            return ids[0]
        best: tuple[float, str] | None = None
        for a in mine:
            for b in theirs:
                gain = table.dump_value(a) - table.est(b)
                if best is None or gain > best[0]:
                    best = (gain, a)
        if best is not None and best[0] > 0.5:
            return make_slot(best[1])
        if len(theirs) >= 2:
            return make_slot(theirs[0])
        return ids[0]

    def _kingpin(self, table: _Table, ids: list[str]) -> str:
        chosen = [(i, parse(i)) for i in ids]
        eliminate = [(i, p.at) for i, p in chosen if p.verb == "eliminate"]
        give = [(i, p.seat) for i, p in chosen if p.verb == "give" and p.seat is not None]
        if eliminate:
            top, pos = max(eliminate, key=lambda e: (table.dump_value(e[1]), -ids.index(e[0])))
            if table.dump_value(pos) >= 2 or not give:
                return top
        if give:
            return min(give, key=lambda g: (table.total(g[1]), g[0]))[0]
        return ids[0]


class _Table:
    """What a bot believes about the crime scenes, from the public view and its memory."""

    def __init__(self, public: dict[str, Any], mem: Memory, seat: int) -> None:
        self.mem = mem
        self.seat = seat
        self.n = len(public["seats"])
        self.scenes: list[list[str]] = []
        self.cards: set[str] = set()
        for s in public["seats"]:
            occupied = [slot["pos"] for slot in s["slots"] if not slot["empty"]]
            self.scenes.append(occupied)
            self.cards.update(occupied)

    @staticmethod
    def owner(pos: str) -> int:
        return parse_position(pos)[0]

    def has_card(self, pos: str) -> bool:
        return pos in self.cards

    def scene(self, seat: int) -> list[str]:
        return self.scenes[seat]

    def unsure(self, pos: str) -> bool:
        entry = self.mem.get(pos)
        return entry is None or entry["kind"] == "rat"

    def est(self, pos: str) -> float:
        """The value the bot expects at ``pos``."""
        entry = self.mem.get(pos)
        if entry is None:
            return MEAN_VALUE
        if entry["kind"] == "rat":
            return RAT_GUESS
        return float(entry["value"] or 0)

    def dump_value(self, pos: str) -> float:
        """How good it is to be rid of the card at ``pos`` (the Rat: very)."""
        entry = self.mem.get(pos)
        if entry is not None and entry["kind"] == "rat":
            return RAT_GUESS + 2.0
        return self.est(pos)

    def total(self, seat: int) -> float:
        return sum(self.est(p) for p in self.scenes[seat])

    def highest_own_est(self) -> float:
        """The most the bot expects to be rid of by a give-back (any of its cards, the Rat
        too: a give-back is blind)."""
        return max((self.dump_value(p) for p in self.scenes[self.seat]), default=0.0)

    def worst_own(self) -> tuple[float, str] | None:
        best: tuple[float, str] | None = None
        for p in self.scenes[self.seat]:
            e = self.est(p)
            if best is None or e > best[0]:
                best = (e, p)
        return best
