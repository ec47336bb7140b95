"""What ``purrch demo`` says the first time each rule of The Isle of Cats comes up
(from RULES.md beside it and the seed text, ``shared/seeds/002_...``).

``EVENTS`` is keyed by the kind of the event an answer made (``Event.kind``),
``OPTIONS`` by the verb of an answer that made no event (its option id before
``:``).  Each entry is (the rule's name, the rule in one or two plain sentences).
Text only; see :mod:`engine.narration`.
"""

from __future__ import annotations

EVENTS: dict[str, tuple[str, str]] = {
    "start": (
        "The goal",
        "Rescue cats onto your boat over 5 days: families of one colour, treasures and "
        "lessons score; rats and unfilled rooms cost.",
    ),
    "info": ("Each day", "Cats are drawn into the two fields, and everyone catches 20 fish."),
    "draft": (
        "The draft",
        "Everyone keeps 2 of their cards and passes the rest on, until 7 are kept.",
    ),
    "buy": (
        "Buying",
        "Buy any of the 7 drafted cards at their cost; keep fish for the cats "
        "(3 or 5 each, plus a basket).",
    ),
    "lesson": (
        "Lessons",
        "A bought lesson scores at the end: a private one for its owner, a public one for all.",
    ),
    "order": (
        "Rescue order",
        "The rescue cards chosen in secret are shown; the fastest total rescues first.",
    ),
    "rescue": (
        "Rescuing cats",
        "In turn, rescue a cat for a basket and 3 fish (left field) or 5 (right), "
        "or pass for good.",
    ),
    "place": (
        "Placing tiles",
        "A tile goes on your own boat at once, touching a tile already there, in any orientation.",
    ),
    "map": (
        "Treasure maps",
        "A cat covering the map of its own colour earns a common treasure from the supply.",
    ),
    "finds": (
        "Rare finds",
        "In turn, play an Oshax or a treasure card and place what it gives, or pass.",
    ),
    "anytime": ("Anytime cards", "Played on your own turn for their effect (fish, a tile...)."),
    "fish": ("Fish", "Fish pay for cards and cats; what is left carries over to the next day."),
    "day": (
        "The day's end",
        "Cats left in the fields leave; baskets are ready again; after day 5 the boats sail.",
    ),
    "score": (
        "Scoring",
        "Families of 3 or more cats of one colour score 8 and up; rare treasures 3; lessons; "
        "-1 a rat, -5 an unfilled room.",
    ),
    "over": ("Winning", "The highest score wins; then the most fish."),
}

OPTIONS: dict[str, tuple[str, str]] = {
    "pass": ("Passing", "A player who passes is done for the rest of that step."),
}


# ----------------------------------------------------------------------------- purrch learn

DECISIONS: dict[str, tuple[str, str]] = {
    "draft": (
        "The draft",
        "Keep cards from the hand passed to you (2, 2, 2, then 1); the rest go on to your "
        "neighbour.",
    ),
    "buy": (
        "Buying cards",
        "Pay for the drafted cards you want to keep; the fish left are for rescuing cats.",
    ),
    "colour": ("Choosing a colour", "This lesson scores the colour you choose now."),
    "commit": (
        "Rescue cards",
        "Choose today's rescue cards in secret: their speeds set the turn order and their "
        "baskets let you rescue cats.",
    ),
    "rescue": (
        "Rescuing a cat",
        "Pay its field's price and use a basket to take a cat, or pass for the day.",
    ),
    "place": (
        "Placing a tile",
        "Put the tile on your boat: inside the hull, on no other tile, touching one already "
        "there (the first anywhere).",
    ),
    "treasure": (
        "A map's treasure",
        "Your cat covered a map of its colour: take a common treasure and place it.",
    ),
    "find": ("Rare finds", "Play an Oshax or a treasure card, or pass for the day."),
    "oshax": ("Oshax", "An Oshax is a cat of the colour you choose for it."),
    "last": ("The end", "Play any anytime card you still hold before the score, or finish."),
}

LEARN: dict[str, object] = {"seed": 29, "players": 2, "bots": "random"}
"""The guided game's deal: of the first hundred seeds, one where the most rules come up
in the first 60 answers (:func:`engine.learn.rules_met_early`)."""
