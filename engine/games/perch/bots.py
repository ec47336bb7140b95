"""The ``cautious`` bot of Chat perché.

It sees only its seat's view (the tree, the tokens' owners, the revealed strengths,
its own strengths) and remembers one thing: the heaviest load it has seen each
opponent's branch hold.  From that it keeps a belief about every opponent's branch:
the opponent's unrevealed tokens (the set every player places, less the ones broken
branches revealed), no lower than what the branch has held, and a little stronger
when the opponent keeps its own cats on it (it knows its own tokens).

Every decision is scored with one evaluation of the tree, from its own side:

* a cat in the tree is worth about 1, less the risk that its branch breaks later
  (its own branches are known exactly; on an opponent's branch, the chance that one
  more animal breaks it); a cat waiting at its start is worth a little while the
  dogs are far away;
* an animal landing on a branch that may not hold counts with the chance that it
  holds: the cats there go back to their starts otherwise.

It tries every way to play a cat card (the first cat and its destination, then the
second cat with what is left, or stopping) and plays the best; a card that moves
the opponent's cats sends them onto branches it knows are weak.  Birds go where
they break (or threaten) branches that hold the opponent's cats, a falling cat is
the opponent's best-placed one, and its strong tokens go on the low branches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import JSON, Event, Prompt, Rng
from engine.games.perch.board import (
    BIRD,
    BRANCH_SPOTS,
    BRANCHES,
    COLOURS,
    SPOT_SET,
    START,
    START_COLOUR,
    TRUNK,
    destinations,
    load,
)
from engine.games.perch.cards import TOKENS
from engine.games.perch.options import make_cat, make_stop, make_to, parse

START_WORTH = 0.3
"""What a cat waiting at its start is worth when the dogs have not moved yet."""
SECOND_MOVES = 6
"""How many of the best first moves the bot looks at a second cat for."""


class _Tree:
    """The tree as the bot sees it, with what it believes about the strengths."""

    __slots__ = ("beliefs", "board", "broken", "mine", "owner", "start", "strength", "time")

    def __init__(
        self,
        board: dict[str, str],
        broken: set[str],
        start: list[int],
        owner: dict[str, int],
        strength: dict[str, int],
        beliefs: dict[str, list[tuple[int, float]]],
        mine: int,
        time: float,
    ) -> None:
        self.board = board
        self.broken = broken
        self.start = start  # cats waiting, by seat
        self.owner = owner  # branch -> the seat whose token it has
        self.strength = strength  # the strengths the bot knows (its own and revealed)
        self.beliefs = beliefs  # opponent's branch -> [(value, weight)]
        self.mine = mine
        self.time = time  # how much of the dogs' track is left, 1.0 .. 0.0

    def copy(self) -> _Tree:
        return _Tree(
            dict(self.board),
            set(self.broken),
            self.start[:],
            self.owner,
            self.strength,
            self.beliefs,
            self.mine,
            self.time,
        )

    # ---------------------------------------------------------------- changes

    def move(self, origin: str, dest: str, colour: str) -> None:
        seat = COLOURS.index(colour)
        if origin in START_COLOUR:
            self.start[seat] -= 1
        else:
            del self.board[origin]
        self.board[dest] = colour
        if dest in SPOT_SET:
            self.settle(dest[:2])

    def put_bird(self, spot: str) -> None:
        self.board[spot] = BIRD
        self.settle(spot[:2])

    def fall(self, pos: str) -> None:
        colour = self.board.pop(pos)
        self.start[COLOURS.index(colour)] += 1

    def settle(self, branch: str) -> None:
        """Break a branch the bot knows is overloaded (its own, or a revealed one)."""
        strength = self.strength.get(branch)
        if strength is None or load(self.board, branch) <= strength:
            return
        for spot in BRANCH_SPOTS[branch]:
            occ = self.board.pop(spot, None)
            if occ is not None and occ != BIRD:
                self.start[COLOURS.index(occ)] += 1
        self.broken.add(branch)

    # ---------------------------------------------------------------- value

    def hold_chance(self, branch: str, animals: int) -> tuple[float, float]:
        """(chance the branch holds ``animals``, chance it then breaks under one more)."""
        known = self.strength.get(branch)
        if known is not None:
            return (1.0 if animals <= known else 0.0), (1.0 if animals == known else 0.0)
        belief = self.beliefs.get(branch)
        if not belief:
            return 1.0, 0.0
        total = sum(w for _, w in belief)
        holds = sum(w for v, w in belief if v >= animals)
        if holds <= 0:
            return 0.0, 1.0
        edge = sum(w for v, w in belief if v == animals)
        return holds / total, edge / holds

    def value(self) -> float:
        """How good the tree is for the bot: its cats' worth less the opponent's."""
        me = self.mine
        mine = COLOURS[me]
        worth = START_WORTH * self.time
        v = worth * (self.start[me] - self.start[1 - me])
        board = self.board
        for k, t in enumerate(TRUNK):
            occ = board.get(t)
            if occ is not None:
                v += 1.0 + 0.01 * k if occ == mine else -1.0
        for b in BRANCHES:
            if b in self.broken:
                continue
            m = o = animals = 0
            depth = 0.0
            for k, spot in enumerate(BRANCH_SPOTS[b]):
                occ = board.get(spot)
                if occ is None:
                    continue
                animals += 1
                if occ == mine:
                    m += 1
                    depth += 0.01 * k
                elif occ != BIRD:
                    o += 1
            if not (m or o):
                continue
            holds, edge = self.hold_chance(b, animals)
            if self.owner.get(b) == me:
                # The opponent does not know it is at its limit; birds find it anyway.
                mine_worth = 1.0 - 0.12 * edge
                theirs_worth = 1.0 - 0.4 * edge
            else:
                # The opponent knows its own branch: my cats on its weak ones are in danger.
                mine_worth = 1.0 - 0.5 * edge
                theirs_worth = 1.0 - 0.1 * edge
            standing = m * mine_worth + depth - o * theirs_worth
            fallen = worth * (m - o)
            v += holds * standing + (1.0 - holds) * fallen
        return v


Change = Callable[[_Tree, str], None]


class CautiousBot:
    """Trusts its own strong branches, keeps off the ones it suspects, breaks the
    opponent's."""

    level = "cautious"
    needs_view = True

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)
        self.held: dict[str, int] = {}  # opponent's branch -> the heaviest load seen on it

    # ------------------------------------------------------------ the contract

    def observe(self, events: list[Event]) -> None:
        return None  # what it needs is in its views

    def to_json(self) -> dict[str, JSON]:
        return {
            "level": self.level,
            "seat": self.seat,
            "rng": self.rng.state,
            "held": dict(sorted(self.held.items())),
        }

    def load_json(self, data: dict[str, Any]) -> None:
        self.rng = Rng(int(data["rng"]))
        self.held = {str(b): int(n) for b, n in dict(data.get("held", {})).items()}

    def choose(self, view: dict[str, JSON], prompt: Prompt) -> str:
        ids = [o.id for o in prompt.choices()]
        if len(ids) == 1:
            return ids[0]
        public: dict[str, Any] = view["public"]
        private: dict[str, Any] = view["private"]
        kind = prompt.kind
        if kind == "token":
            return self._token(ids)
        if kind == "branch":
            return self._branch(private, ids)
        tree = self._tree(public, private)
        if kind in ("cat", "move"):
            return self._move(public, tree, kind, ids)
        if kind == "fall":
            return self._best(ids, tree, _Tree.fall)
        if kind == "bird":
            return self._best(ids, tree, _Tree.put_bird)
        return ids[0]

    # ------------------------------------------------------------ set-up

    def _token(self, ids: list[str]) -> str:
        """Tokens in a random order, so that the order says nothing."""
        return ids[self.rng.below(len(ids))]

    def _branch(self, private: dict[str, Any], ids: list[str]) -> str:
        """Strong tokens low on the tree (cats reach them first), weak ones higher up."""
        value = private.get("placing")
        branches = [i for i in ids if parse(i).verb == "branch"]
        if value is None or not branches:
            return ids[0]

        def height(i: str) -> int:
            branch = parse(i).pos
            assert branch is not None
            return int(branch[1])  # "L3": the level of T3

        if int(value) >= 3:
            low = min(height(i) for i in branches)
            pool = [i for i in branches if height(i) == low]
        else:
            pool = [i for i in branches if height(i) >= 2] or branches
        return pool[self.rng.below(len(pool))]

    # ------------------------------------------------------------ the tree

    def _tree(self, public: dict[str, Any], private: dict[str, Any]) -> _Tree:
        me = self.seat
        opp = 1 - me
        board: dict[str, str] = {}
        for sq in public["trunk"]:
            if sq["occupant"] is not None:
                board[sq["pos"]] = sq["occupant"]
        broken: set[str] = set()
        owner: dict[str, int] = {}
        strength: dict[str, int] = {
            str(b): int(v) for b, v in dict(private.get("strengths", {})).items()
        }
        revealed_opp: list[int] = []
        for br in public["branches"]:
            name = br["name"]
            if br["token_owner"] is not None:
                owner[name] = int(br["token_owner"])
            if br["broken"]:
                broken.add(name)
                if br["strength"] is not None:
                    strength[name] = int(br["strength"])
                    if br["token_owner"] == opp:
                        revealed_opp.append(int(br["strength"]))
                continue
            for sp in br["spots"]:
                if sp["occupant"] is not None:
                    board[sp["pos"]] = sp["occupant"]
        unrevealed = list(TOKENS)
        for v in revealed_opp:
            if v in unrevealed:
                unrevealed.remove(v)
        theirs = COLOURS[opp]
        beliefs: dict[str, list[tuple[int, float]]] = {}
        for b in BRANCHES:
            if owner.get(b) != opp or b in broken:
                continue
            now = load(board, b)
            floor = max(now, self.held.get(b, 0))
            self.held[b] = floor
            trusted = any(board.get(sp) == theirs for sp in BRANCH_SPOTS[b])
            counts: dict[int, float] = {}
            for v in unrevealed:
                if v >= floor:
                    counts[v] = counts.get(v, 0.0) + (2.0 if trusted and v >= 3 else 1.0)
            beliefs[b] = sorted(counts.items())
        start = [int(p["start"]) for p in public["players"]]
        dogs = public["dogs"]
        time = max(0.0, float(dogs["left"]) / max(1, int(dogs["track"])))
        return _Tree(board, broken, start, owner, strength, beliefs, me, time)

    # ------------------------------------------------------------ choices

    def _best(self, ids: list[str], tree: _Tree, change: Change) -> str:
        """The option whose change (applied to the position it names) leaves the best
        tree; the first such option on a tie."""
        best_id = ids[0]
        best_value: float | None = None
        for i in ids:
            pos = parse(i).pos
            if pos is None:
                continue
            t = tree.copy()
            change(t, pos)
            value = t.value()
            if best_value is None or value > best_value + 1e-9:
                best_id, best_value = i, value
        return best_id

    def _move(self, public: dict[str, Any], tree: _Tree, kind: str, ids: list[str]) -> str:
        stage = public["stage"]
        colour = str(stage["colour"])
        steps = int(stage["squares_left"])
        cats_left = int(stage["cats_left"])
        moved = [str(p) for p in stage["moved"]]
        jump = str(public["options"]["jump_over"])
        parsed = [parse(i) for i in ids]
        if kind == "move":
            chosen = str(stage["chosen"])
            firsts = [(chosen, p.pos) for p in parsed if p.verb == "to" and p.pos is not None]
        else:
            firsts = []
            for p in parsed:
                pos = p.pos
                if p.verb != "cat" or pos is None:
                    continue
                for d in destinations(tree.board, tree.broken, pos, colour, steps, jump):
                    firsts.append((pos, d))
        # Score each first move alone (and stopping, if allowed), then look for a second cat.
        scored: list[tuple[float, int, str, str, int]] = []
        for n, (pos, dest) in enumerate(firsts):
            t = tree.copy()
            dist = destinations(tree.board, tree.broken, pos, colour, steps, jump)[dest]
            t.move(pos, dest, colour)
            scored.append((t.value(), -n, pos, dest, dist))
        if not scored:
            return ids[0]
        scored.sort(reverse=True)
        best_value, _, best_pos, best_dest, _ = scored[0]
        if cats_left >= 2:
            for _value, _, pos, dest, dist in scored[:SECOND_MOVES]:
                left = steps - dist
                if left <= 0:
                    continue
                t = tree.copy()
                t.move(pos, dest, colour)
                seat = COLOURS.index(colour)
                done = [*moved, dest]
                others: list[str] = (
                    [START[colour]] if t.start[seat] - done.count(START[colour]) > 0 else []
                )
                others += [sq for sq, occ in t.board.items() if occ == colour and sq not in done]
                for other in others:
                    for d2 in destinations(t.board, t.broken, other, colour, left, jump):
                        t2 = t.copy()
                        t2.move(other, d2, colour)
                        v2 = t2.value()
                        if v2 > best_value + 1e-9:
                            best_value, best_pos, best_dest = v2, pos, dest
        stop = make_stop()
        if kind == "cat" and stop in ids and tree.value() >= best_value - 1e-9:
            return stop
        if kind == "move":
            return make_to(best_dest)
        return make_cat(best_pos)
