"""What ``purrch demo`` says the first time each rule of Cats Among The Pigeons comes up.

``EVENTS`` is keyed by the kind of the event an answer made (``Event.kind``),
``OPTIONS`` by the verb of an answer that made no event (its option id before
``:``).  Each entry is (the rule's name, the rule in one or two plain sentences).
Text only; see :mod:`engine.narration`.
"""

from __future__ import annotations

EVENTS: dict[str, tuple[str, str]] = {
    "start": (
        "The goal",
        "Collect seven pigeons of one colour (rainbows count as any colour) with no cat "
        "in your hand. Everyone starts with 7 cards.",
    ),
    "turn": (
        "A turn",
        "Play action cards, discard pairs or three cats, as often as you like; "
        "then draw a card to end the turn.",
    ),
    "draw": ("Drawing", "Drawing a card ends your turn; only you see what you drew."),
    "pair": (
        "Pairs",
        "Discard two pigeons of one colour (or one and a rainbow) to draw a card: "
        "it thins your hand towards one flock.",
    ),
    "cats": (
        "Cats",
        "A cat in your hand stops you winning; three cats together can be discarded.",
    ),
    "play": (
        "Action cards",
        "On your turn you may play an action card; the others may Wing Block it first.",
    ),
    "block": (
        "Wing Block",
        "cancels an action card just played, out of turn; another Wing Block can cancel it again.",
    ),
    "resolve": (
        "Blocked",
        "An action card with an odd number of Wing Blocks on it does nothing; it is discarded.",
    ),
    "trap": (
        "Pigeon Trap",
        "The target of a Pluck, Miss a Turn, Gift or Fresh Start turns it back on its player.",
    ),
    "sale": (
        "Pigeon Sale",
        "Out of turn, take the pair of pigeons another player just discarded.",
    ),
    "sale_closed": (
        "Pigeon Sale window",
        "After a pair is discarded everyone may claim it with a Pigeon Sale; nobody did.",
    ),
    "gift": ("Gift", "Give a card from your hand to a player of your choice."),
    "pluck": ("Pluck", "Steal a random card from a player of your choice."),
    "mail": ("Pigeon Mail", "Everyone passes one card to the left or to the right."),
    "choose": (
        "Choosing cards",
        "Everyone picks a card in secret at the same time, then they move together.",
    ),
    "ruffle": (
        "Ruffle Feathers",
        "Everyone puts in one card; they are shuffled and dealt back one each.",
    ),
    "swap": (
        "Double Swap",
        "The player and their target each choose 2 cards in secret and swap them.",
    ),
    "search": (
        "Recycle",
        "Take any card you like from the discard pile (the Fancier takes a pigeon).",
    ),
    "fancier": (
        "Pigeon Fancier",
        "Discard any two pigeons face up (they need not match; a Pigeon Sale may claim "
        "them), then take a pigeon of your choice from the discard pile.",
    ),
    "fresh": ("Fresh Start", "A player discards their whole hand and draws 7 new cards."),
    "marker": (
        "Miss a Turn",
        "The target's next turn is spent discarding this card: they do nothing else.",
    ),
    "miss": ("A missed turn", "The player skips this turn and discards the Miss a Turn card."),
    "reshuffle": (
        "An empty deck",
        "When the draw pile runs out, the discard pile is shuffled into a new one.",
    ),
    "limit": ("The turn limit", "A game nobody can win ends in a draw after the turn limit."),
    "game_over": (
        "Winning",
        "Seven pigeons of one colour and no cat: the player shows the hand and wins.",
    ),
}

OPTIONS: dict[str, tuple[str, str]] = {
    "pass": (
        "Letting it happen",
        "Out of turn, a player may react (Wing Block, Pigeon Trap, Pigeon Sale) or let it go.",
    ),
    "seat": ("Targets", "A targeted card names its target as it is played, for all to see."),
    "left": ("Pigeon Mail", "Everyone passes one card to the left or to the right."),
    "right": ("Pigeon Mail", "Everyone passes one card to the left or to the right."),
    "none": ("A trapped Gift", "The target may give the player a card instead, or nothing."),
}


# ----------------------------------------------------------------------------- purrch learn

DECISIONS: dict[str, tuple[str, str]] = {
    "turn": (
        "Your turn",
        "Play action cards and discard pairs (two pigeons of one colour) or three cats, as "
        "many as you like; drawing a card ends your turn.",
    ),
    "target": ("Choosing a target", "The card you play needs a player: pick one."),
    "window": (
        "Reacting",
        "A card was just played: cancel it with a Wing Block, turn it back with a Pigeon "
        "Trap if it is aimed at you, or let it happen.",
    ),
    "sale": (
        "A pair on offer",
        "Someone discarded a pair: a Pigeon Sale takes it into your hand, or let it go.",
    ),
    "pick": (
        "Choosing a card",
        "Pick the card asked for; keep the pigeons of the flock you are building.",
    ),
    "direction": ("Pigeon Mail", "Choose which way everyone passes a card: left or right."),
    "choice": (
        "A trapped Gift",
        "Your Pigeon Trap turned a Gift back: give its player a card, or nothing.",
    ),
}

LEARN: dict[str, object] = {"seed": 20, "players": 3, "bots": "random"}
"""The guided game's deal: of the first hundred seeds, one where the most rules come up
in the first 60 answers (:func:`engine.learn.rules_met_early`)."""
