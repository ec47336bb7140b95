"""The tree of Chat perché: named positions and how cats move between them.

Positions (stable public names, used in views, options and the log)
    ``black start`` and ``ginger start``  where each colour's cats wait, at the foot
    ``T1`` .. ``T5``                      the trunk, from the bottom up
    ``L1`` .. ``L5``, ``R1`` .. ``R5``    the branches, left and right; branch ``L3``
                                          and ``R3`` are reached from trunk square ``T3``
    ``L3a`` .. ``L3d``                    the four spots of branch ``L3``, ``a`` next to
                                          the trunk, ``d`` at the tip

A cat only ever moves forward: from its start to ``T1``, up the trunk, and from a
trunk square out along one of the two branches there, to the tip.  The paths form a
tree, so the distance between two positions (when one is ahead of the other) is
unique; every square passed over counts as one square of movement.

These functions work on plain data (the board as ``{position: occupant}``) so that
bots can use the very same movement rules on what their view shows them.
"""

from __future__ import annotations

from typing import Final

from engine.games.perch.view import Colour, StartPos

COLOURS: Final[tuple[Colour, Colour]] = ("black", "ginger")
"""Seat 0 plays the black cats, seat 1 the ginger cats."""

BIRD: Final = "bird"
START: Final[dict[str, StartPos]] = {"black": "black start", "ginger": "ginger start"}
STARTS: Final = tuple(START.values())
START_COLOUR: Final = {v: k for k, v in START.items()}

TRUNK: Final = tuple(f"T{i}" for i in range(1, 6))
TRUNK_SET: Final = frozenset(TRUNK)
BRANCHES: Final = tuple(f"{side}{i}" for side in "LR" for i in range(1, 6))
SPOT_LETTERS: Final = "abcd"
SPOTS_PER_BRANCH: Final = len(SPOT_LETTERS)
BRANCH_SPOTS: Final = {b: tuple(f"{b}{x}" for x in SPOT_LETTERS) for b in BRANCHES}
SPOTS: Final = tuple(spot for b in BRANCHES for spot in BRANCH_SPOTS[b])
SPOT_SET: Final = frozenset(SPOTS)
SQUARES: Final = TRUNK + SPOTS
"""Every square of the tree (the starts are not in the tree)."""

TRUNK_LIMIT: Final = 2
"""At most this many cats of one colour on the trunk."""

JUMP_RULES: Final = ("cats", "own", "animals")
"""What a moving cat may jump over: any cat (the default), only cats of its own
colour, or any animal (cats and birds)."""


def branch_of(spot: str) -> str:
    """``"L3c"`` -> ``"L3"``."""
    return spot[:2]


def _next_squares() -> dict[str, tuple[str, ...]]:
    nxt: dict[str, tuple[str, ...]] = {start: ("T1",) for start in STARTS}
    for i, t in enumerate(TRUNK, start=1):
        up = (f"T{i + 1}",) if i < len(TRUNK) else ()
        nxt[t] = (*up, f"L{i}a", f"R{i}a")
    for b in BRANCHES:
        spots = BRANCH_SPOTS[b]
        for k, spot in enumerate(spots):
            nxt[spot] = (spots[k + 1],) if k + 1 < len(spots) else ()
    return nxt


NEXT: Final = _next_squares()
"""Where one square of movement leads from each position."""


def _describe(pos: str) -> str:
    if pos in START_COLOUR:
        return f"the {pos}"
    if pos in TRUNK_SET:
        return f"trunk square {pos}"
    side = "left" if pos[0] == "L" else "right"
    return f"spot {pos} ({side} branch {pos[:2]})"


DESCRIBE: Final = {pos: _describe(pos) for pos in (*STARTS, *SQUARES)}


def passable(occupant: str, colour: str, jump: str) -> bool:
    """May a ``colour`` cat pass over a square holding ``occupant``?"""
    if occupant == colour:
        return True
    if occupant == BIRD:
        return jump == "animals"
    return jump != "own"


def trunk_count(board: dict[str, str], colour: str) -> int:
    return sum(1 for t in TRUNK if board.get(t) == colour)


def load(board: dict[str, str], branch: str) -> int:
    """How many animals (cats and birds) are on ``branch``."""
    return sum(1 for spot in BRANCH_SPOTS[branch] if spot in board)


def destinations(
    board: dict[str, str],
    broken: set[str] | frozenset[str] | list[str],
    pos: str,
    colour: str,
    steps: int,
    jump: str = "cats",
) -> dict[str, int]:
    """Where a ``colour`` cat at ``pos`` may land with at most ``steps`` squares.

    Maps each legal landing square to the number of squares it costs.  A cat never
    lands on an occupied square nor on a broken branch, only passes over what the
    ``jump`` rule lets it, and never lands on the trunk when that would put a third
    cat of its colour there.
    """
    out: dict[str, int] = {}
    if steps <= 0:
        return out
    on_trunk = pos in TRUNK_SET
    trunk_full = not on_trunk and trunk_count(board, colour) >= TRUNK_LIMIT
    frontier = [pos]
    for dist in range(1, steps + 1):
        ahead: list[str] = []
        for here in frontier:
            for sq in NEXT[here]:
                if sq[:2] in broken and sq in SPOT_SET:
                    continue
                occupant = board.get(sq)
                if occupant is None:
                    if not (trunk_full and sq in TRUNK_SET):
                        out[sq] = dist
                    ahead.append(sq)
                elif passable(occupant, colour, jump):
                    ahead.append(sq)
        if not ahead:
            break
        frontier = ahead
    return out


def cat_positions(board: dict[str, str], start: int, colour: str) -> list[str]:
    """Where the cats of ``colour`` are: its start first (if any wait there), then the tree."""
    out: list[str] = [START[colour]] if start > 0 else []
    out.extend(sq for sq in SQUARES if board.get(sq) == colour)
    return out
