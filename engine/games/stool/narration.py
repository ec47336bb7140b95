"""What ``purrch demo`` says the first time each rule of Stool Pigeon comes up.

``EVENTS`` is keyed by the kind of the event an answer made (``Event.kind``),
``OPTIONS`` by the verb of an answer that made no event (its option id before
``:``).  Each entry is (the rule's name, the rule in one or two plain sentences).
Text only; see :mod:`engine.narration`.
"""

from __future__ import annotations

EVENTS: dict[str, tuple[str, str]] = {
    "start": (
        "The goal",
        "Have the lowest total in your crime scene of face-down cards when they are counted.",
    ),
    "peek": (
        "The first peek",
        "At the start everyone looks at their two bottom cards, once: remember them!",
    ),
    "turn": (
        "A turn",
        "Take the top DRAW or PLAY card and swap it into your crime scene; "
        "the card it replaces is played face up. Or knock.",
    ),
    "draw": ("Taking a card", "A DRAW card is seen only by its taker; a PLAY card by everyone."),
    "take": ("Taking a card", "A card taken from the PLAY pile is seen by everyone."),
    "place": (
        "Swapping in",
        "The card taken goes face down into your crime scene; the card that was there is played.",
    ),
    "play": (
        "Playing a card",
        "A played witness (a number) starts a race; a pigeon card does its action.",
    ),
    "claim": (
        "The race",
        "Anyone may claim a matching witness anywhere: right, it is eliminated; "
        "wrong, the claimer takes a penalty card.",
    ),
    "wrong": (
        "A wrong claim",
        "The card goes back where it was and the claimer takes a penalty card, unseen.",
    ),
    "pass": ("Passing", "A player may let a race go by without claiming."),
    "race_over": (
        "The end of a race",
        "A race ends at the first right claim, when everyone passed, or when play moves on.",
    ),
    "giveback_due": (
        "The give-back",
        "Whoever eliminates a card from another's crime scene gives them one of their own.",
    ),
    "giveback": (
        "The give-back",
        "The card given goes face down into the emptied position; the receiver does not look.",
    ),
    "switch": (
        "Bamboozle and Vendetta",
        "Bamboozle swaps any two face-down cards; Vendetta first peeks at one, then swaps.",
    ),
    "look": ("Stool Pigeon", "A Stool Pigeon lets its player peek at any face-down card."),
    "kingpin": (
        "Kingpin",
        "Eliminate one of your own cards, or add the next DRAW card to another's crime scene.",
    ),
    "rat": ("The Rat", "A played Rat scurries back face down into its player's crime scene."),
    "rat_value": ("The Rat", "At the end the Rat is worth the top card of the DRAW pile."),
    "knock": (
        "Knocking",
        "Instead of taking a card you may knock: everyone else takes one last turn.",
    ),
    "reveal": ("The count", "Every card is turned over and each crime scene is added up."),
    "reshuffle": ("An empty pile", "When the DRAW pile runs out, the PLAY pile is shuffled in."),
    "limit": ("The turn limit", "A game that goes on too long ends as if someone knocked."),
    "game_over": (
        "Winning",
        "The lowest total wins; ties go to the fewest cards, then the lowest card.",
    ),
}

OPTIONS: dict[str, tuple[str, str]] = {
    "pass": ("Passing", "A player may let a race go by without claiming."),
}


# ----------------------------------------------------------------------------- purrch learn

DECISIONS: dict[str, tuple[str, str]] = {
    "peek": (
        "The first peek",
        "Your two bottom cards are face up for you alone: remember them, then say you are done.",
    ),
    "draw": (
        "Your turn",
        "Take the top DRAW card (only you see it) or the PLAY card (everyone saw it); or "
        "knock, if you think your total is the lowest.",
    ),
    "swap": (
        "Swapping in",
        "Put the card you took into one of your positions: the card there is played face "
        "up. Replace your highest cards.",
    ),
    "switch": ("Swapping cards", "Pick two face-down cards, anyone's, to trade places."),
    "race": (
        "A race",
        "A number was played: claim a face-down card of the same number in any scene, or "
        "pass. A wrong claim costs a penalty card.",
    ),
    "giveback": (
        "Giving back",
        "You eliminated another player's card: give them one of yours for the empty place.",
    ),
    "look": ("Peeking", "Pick any face-down card to look at: only you see it."),
    "seen": ("Peeking", "Remember what you saw, then carry on."),
    "kingpin": (
        "Kingpin",
        "Eliminate one of your own cards, or add the next DRAW card to another player's scene.",
    ),
}

LEARN: dict[str, object] = {"seed": 10, "players": 2, "bots": "easy"}
"""The guided game's deal: of the first hundred seeds, one where the most rules come up
in the first 60 answers (:func:`engine.learn.rules_met_early`)."""
