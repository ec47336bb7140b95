"""The reader's own seat as "you" (tui/person.py), over every line the engines write."""

from __future__ import annotations

import re

import pytest

from engine.games import REGISTRY
from engine.session import SeatConfig, Table
from tui.person import second_person

CASES = [
    ("Tom plays Miss a Turn on Ann.", "Tom plays Miss a Turn on you."),
    ("Ann draws a card.", "You draw a card."),
    ("Ann's turn (last turn).", "Your turn (last turn)."),
    ("Ann misses a turn and discards Miss a Turn.", "You miss a turn and discard Miss a Turn."),
    ("Ann will miss their next turn.", "You will miss your next turn."),
    ("Ann discards their whole hand (4 cards).", "You discard your whole hand (4 cards)."),
    (
        "Ann plays a Kingpin (5) from A1: they eliminate one of their own cards.",
        "You play a Kingpin (5) from A1: you eliminate one of your own cards.",
    ),
    (
        "Tom plays Gift on Ann. Wing Block it? (Ann may trap it instead.)",
        "Tom plays Gift on you. Wing Block it? (You may trap it instead.)",
    ),
    (
        "Tom's Wing Block would cancel Ann's Pigeon Sale of Ann's pair. Block it back?",
        "Tom's Wing Block would cancel your Pigeon Sale of your pair. Block it back?",
    ),
    (
        "Tom and Ann tie on 9 with 3 cards each; Ann wins with the lowest card (2).",
        "Tom and you tie on 9 with 3 cards each; you win with the lowest card (2).",
    ),
    ("Ann and Tom each choose 2 cards to swap.", "You and Tom each choose 2 cards to swap."),
    ("Nothing to swap: Ann has no cards.", "Nothing to swap: you have no cards."),
    ("Ann was first: the race for the 7 is over.", "You were first: the race for the 7 is over."),
    (
        "Ann shuffles the 5 cards and deals them back.",
        "You shuffle the 5 cards and deal them back.",
    ),
    ("Ann passes.", "You pass."),
    (
        "Ann has nothing to play and passes for the rest of the rare finds.",
        "You have nothing to play and pass for the rest of the rare finds.",
    ),
    ("Ann catches the bird.", "You catch the bird."),
    (
        "Branch L1 breaks: strength 3 (Ann's token). Down come 2 cats, back to their starts.",
        "Branch L1 breaks: strength 3 (your token). Down come 2 cats, back to their starts.",
    ),
    # Other names, and names inside other words, stay.
    (
        "Annie draws a card. Tom plucks a card from Annie.",
        "Annie draws a card. Tom plucks a card from Annie.",
    ),
    ("Joanne's turn.", "Joanne's turn."),
]


@pytest.mark.parametrize(("line", "read"), CASES)
def test_the_readers_own_name_becomes_you(line: str, read: str) -> None:
    assert second_person(line, "Ann") == read


PEEK = "Anytime: Draw 3 Discovery cards; buy any of them at their cost and discard the rest."
TRIO = "every player scores 5 points if they have 3 cats and Ann's rule holds."


@pytest.mark.parametrize(
    ("line", "keep", "read"),
    [
        (f"Ann plays “Peek at Three”: {PEEK}", PEEK, f"You play “Peek at Three”: {PEEK}"),
        (
            f"Ann reads out the public lesson “Colour Trio” (blue): {TRIO} Ann smiles.",
            TRIO,
            f"You read out the public lesson “Colour Trio” (blue): {TRIO} You smile.",
        ),
        # Words to keep that the line does not hold change nothing.
        ("Ann passes.", PEEK, "You pass."),
    ],
)
def test_words_quoted_as_printed_stay_as_printed(line: str, keep: str, read: str) -> None:
    assert second_person(line, "Ann", keep=keep) == read


def test_without_the_words_to_keep_a_cards_text_would_be_rewritten() -> None:
    """What ``keep`` is for: the card's "their cost" becomes "your cost" otherwise."""
    assert "your cost" in second_person(f"Ann plays “Peek at Three”: {PEEK}", "Ann")


def test_a_name_with_regex_characters_is_only_a_name() -> None:
    assert second_person("A.B (2) draws a card.", "A.B (2)") == "You draw a card."
    assert second_person("AxB draws a card.", "A.B") == "AxB draws a card."


NAMES = ["Ann", "Tom", "Zoe", "Max"]
# "You" as a subject (the start of a clause) before a verb in "-s".
THIRD_PERSON = re.compile(r"(?:^|[.:;!?(] ?)[Yy]ou (?!miss\b|pass\b)[a-z]+s\b")


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_every_line_of_a_seeded_game_reads_right_in_the_second_person(game_id: str) -> None:
    """Whole bot games (every player count): every public line and every prompt, as each
    seat reads it, no longer names that seat, and no "you" takes a third-person verb."""
    game = REGISTRY[game_id]
    lines: set[tuple[str, str]] = set()
    for n in range(game.min_players, min(game.max_players, 4) + 1):
        seats = [SeatConfig(NAMES[i], "bot", game.default_bot) for i in range(n)]
        table = Table(game, seats, seed=n, window_seconds=None, bot_delay=(0, 0))
        table.subscribe(lambda _events, t=table: lines.update((p.text, "") for p in t.prompts()))
        table.run_bots()
        lines.update((e.text, e.quote) for e in table.log)
    assert len(lines) > 20
    for name in NAMES:
        for line, keep in (x for x in lines if name in x[0]):
            read = second_person(line, name, keep=keep)
            assert keep in read, (line, read)
            assert not re.search(rf"\b{name}\b", read), (line, read)
            assert not THIRD_PERSON.search(read), (line, read)
            assert not re.search(r"[.!?] you\b", read), (line, read)
