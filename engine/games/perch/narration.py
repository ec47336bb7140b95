"""What ``purrch demo`` says the first time each rule of Chat perché comes up.

``EVENTS`` is keyed by the kind of the event an answer made (``Event.kind``),
``OPTIONS`` by the verb of an answer that made no event (its option id before
``:``).  Each entry is (the rule's name, the rule in one or two plain sentences).
Text only; see :mod:`engine.narration`.
"""

from __future__ import annotations

EVENTS: dict[str, tuple[str, str]] = {
    "start": (
        "The goal",
        "Have more cats of your colour in the tree than your opponent when the dogs arrive.",
    ),
    "token": (
        "Strength tokens",
        "Each branch gets a secret token saying how many animals it holds (1 to 4).",
    ),
    "setup_done": ("Set-up", "Every branch has its token: now the players take turns."),
    "turn": ("A turn", "Flip the top card of your deck and do what it says."),
    "flip": (
        "The cards",
        "Dogs advance the dogs; cat cards move cats up the tree; a falling cat or a bird "
        "hinders the other side.",
    ),
    "move": (
        "Climbing",
        "A cat moves up the trunk and out along the branches, one square per point.",
    ),
    "stop": ("Climbing", "With a two-cat card a player may move just one cat."),
    "discard": ("A wasted card", "A card with nothing to move is simply discarded."),
    "dogs": (
        "The dogs",
        "Each dog card brings them closer; when they reach the foot of the tree, the game ends.",
    ),
    "bird": ("Birds", "A bird sits on a branch spot: it weighs on the branch like a cat."),
    "fall": ("A cat falls", "One of the opponent's cats in the tree falls back to its start."),
    "break": (
        "A branch breaks",
        "More animals than its hidden strength: it breaks and its cats fall back to the start.",
    ),
    "reshuffle": ("An empty deck", "A player whose deck is empty shuffles their discards."),
    "game_over": ("Winning", "When the dogs arrive, the most cats in the tree wins."),
}

OPTIONS: dict[str, tuple[str, str]] = {}


# ----------------------------------------------------------------------------- purrch learn

DECISIONS: dict[str, tuple[str, str]] = {
    "token": (
        "Placing tokens",
        "Choose a strength token (how many animals a branch holds) to put on a branch, "
        "face down: only you know it.",
    ),
    "branch": ("Placing tokens", "Choose a free branch for the token."),
    "flip": ("Your turn", "Flip the top card of your deck: it says what happens."),
    "cat": ("Moving a cat", "Choose which of your cats climbs."),
    "move": (
        "Moving a cat",
        "Choose where it stops: up the trunk and out on a branch, one square per point.",
    ),
    "bird": (
        "Placing a bird",
        "Put the bird on a branch spot: it weighs on the branch like a cat (too many and "
        "it breaks).",
    ),
    "fall": ("A cat falls", "Choose which of your opponent's cats falls back to its start."),
}

LEARN: dict[str, object] = {"seed": 0, "players": 2, "bots": "random"}
"""The guided game's deal: of the first hundred seeds, one where the most rules come up
in the first 60 answers (:func:`engine.learn.rules_met_early`)."""
