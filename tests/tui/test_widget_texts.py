"""Texts of the small widgets: the prompt bar, the reaction banner, the keys screen."""

from __future__ import annotations

from typing import Any

from tui.widgets import PromptBar
from tui.widgets.prompt_bar import (
    MAX_LINES,
    OPTION_KEYS,
    PromptInfo,
    bar_content,
    bar_rows,
    keyed_options,
)


def test_options_past_the_last_key_have_no_key_box() -> None:
    """More options than keys (a big Chat perché tree): the first ones get keys, the
    rest are listed by name only, never behind a "-" that reads like a key."""
    options = [(f"spot:{i}", f"S{i}") for i in range(len(OPTION_KEYS) + 3)]
    keyed = keyed_options(options)
    assert [o.key for o in keyed[: len(OPTION_KEYS)]] == list(OPTION_KEYS)
    assert all(o.key is None for o in keyed[len(OPTION_KEYS) :])
    bar = PromptBar()
    bar.prompt = PromptInfo("Where?", keyed, hint="Pick on the tree.")
    text = bar_content(bar.prompt, 80).plain
    last = len(OPTION_KEYS)
    assert f" z  S{last - 1}" in text  # the last key, in its box
    for i in range(last, last + 3):
        assert f"S{i}" in text and f"- S{i}" not in text
    assert " - " not in text


def test_options_on_the_cards_are_not_listed_but_keep_their_keys() -> None:
    """Buying in The Isle of Cats: the cards' keys are on the cards in the hand pane, so
    the bar lists only the other choices (Done); the cards' keys still answer, and the
    bar's height (its rule and lines) counts only what it shows."""
    keyed = keyed_options([("buy:k1", "Buy Rescue"), ("buy:k2", "Buy Oshax"), ("done", "Done")])
    info = PromptInfo("Buy any.", keyed, hint="The cards are in your hand pane.")
    on_cards = PromptInfo(
        "Buy any.",
        keyed,
        hint="The cards are in your hand pane.",
        on_cards=frozenset({"buy:k1", "buy:k2"}),
    )
    text = bar_content(on_cards, 78).plain
    assert "Done" in text and "Buy" not in text.split("\n", 1)[1]
    assert on_cards.option_for_key(keyed[0].key or "") == "buy:k1"
    assert "Buy Rescue" in bar_content(info, 78).plain
    assert bar_rows(on_cards, 80) == 1 + 3  # the rule, the question, Done, the hint
    narrow = bar_rows(info, 24)
    assert narrow > bar_rows(info, 80) and narrow == 1 + len(bar_content(info, 22).wrap(22))


def test_a_full_pigeons_turn_fits_the_bar_at_80_columns() -> None:
    """Every choice a big hand can have (three actions, two pairs, five colour+rainbow
    pairs, two rainbows, three cats, draw) stays on screen at 80 columns: "Draw a card
    and end your turn" was cut off when the rainbow pairs took a line each."""
    from engine.games.pigeons.rules import _PAIR_LABELS

    labels = ["Play Pigeon Fancier", "Play Recycle", "Play Double Swap"]
    labels += [_PAIR_LABELS[c][0] for c in ("red", "orange")]
    labels += [_PAIR_LABELS[c][1] for c in ("red", "orange", "yellow", "green", "sky")]
    labels += ["Discard 2 rainbow pigeons, draw 1", "Discard 3 cats"]
    labels += ["Draw a card and end your turn"]
    bar = PromptBar()
    bar.prompt = PromptInfo(
        "Your turn: play, discard, or draw to end it.",
        keyed_options([(str(i), label) for i, label in enumerate(labels)]),
        hint="Or pick a card in your hand: arrows and Enter.",
    )
    width = 80 - 2  # the bar's padding
    lines = bar_content(bar.prompt, width).wrap(width)
    assert len(lines) <= 8  # the bar's max-height 9, less its top border
    assert "Draw a card and end your turn" in lines[-2].plain


def test_the_keys_screen_folds_runs_of_keys() -> None:
    from tui.screens.keys import _keys_text

    assert _keys_text([(k, k) for k in "1234567"]) == "1-7"
    assert _keys_text([(k, k) for k in "123456789abce"]) == "1-9, a-c, e"
    assert _keys_text([("ctrl+q", "^q"), ("q", "q")]) == "^q, q"
    assert _keys_text([("1", "1-9"), ("2", "2")]) == "1, 2"


def test_the_banners_clock_ends_the_keys_line() -> None:
    """At 80 columns a long window text filled its line and the clock wrapped onto a
    line of its own: the banner grew and the side panes lost a line (and a column to
    a scroll bar).  The clock ends the keys' line, which has room."""
    from tui.widgets.banner import BannerInfo, ReactionBanner

    text = "Bob discarded Orange pigeon and Orange pigeon. Claim them with Pigeon Sale?"
    banner = ReactionBanner()
    banner.info = BannerInfo(text, 7, (("F2", "Ann"),), "n")
    lines = banner.render().wrap(76)
    assert [line.plain for line in lines] == [
        text,
        " F2  Ann: press to react    n  nobody reacts    7 s ",
    ]
    banner.info = BannerInfo("Race for the 6!", 3)  # no keys: the clock follows the text
    assert banner.render().plain == "Race for the 6!    3 s "


async def test_a_clock_that_does_not_fit_after_the_text_moves_down_whole() -> None:
    """Alone against bots (no claim keys) the clock follows the text; at 80 columns a
    long text left it cut in two, " 8" at the end of the line and "s" below."""
    from textual.app import App, ComposeResult

    from tui.widgets.banner import BannerInfo, ReactionBanner

    class One(App[None]):
        CSS = "ReactionBanner { height: auto; border: heavy yellow; padding: 0 1; }"

        def compose(self) -> ComposeResult:
            yield ReactionBanner()

    text = "Luna plays Pluck on Mochi. Wing Block it? (Mochi may trap it instead.)"
    app = One()
    async with app.run_test(size=(80, 10)) as pilot:
        banner = app.query_one(ReactionBanner)
        banner.info = BannerInfo(text, 8)
        await pilot.pause()
        lines = [line.plain.rstrip() for line in banner.render().wrap(76)]
        assert lines == [text, " 8 s"]
        banner.info = BannerInfo("Luna plays Pluck on Mochi. Wing Block it?", 8)
        await pilot.pause()
        assert banner.render().plain == "Luna plays Pluck on Mochi. Wing Block it?    8 s "


def test_the_footer_words_the_option_keys_offered() -> None:
    from tui.screens.game import choice_keys_display

    assert choice_keys_display(["1"]) == "1"
    assert choice_keys_display(list("1234")) == "1-4"
    assert choice_keys_display(["1", "2", "4", "5"]) == "1-5"  # a gap stays inside
    assert choice_keys_display(list("123456789")) == "1-9"
    assert choice_keys_display(list("123456789ab")) == "1-b"  # the last key, a letter
    # QA: 1 chosen already (a Double Swap's second card), 2-9 and a-c left: not "1-9".
    assert choice_keys_display(list("23456789abc")) == "2-c"
    assert choice_keys_display(["1", "f", "i", "x"]) == "1-x"  # a kind of card's own keys
    assert choice_keys_display(["a", "b"]) == "a-b"
    assert choice_keys_display([]) == "1-9"
    # The Isle's colours by their initials, out of key order: each named, no "b-o".
    assert choice_keys_display(list("bgruo")) == "b/g/r/u/o"


def test_a_two_card_pick_keeps_its_keys_from_one_card_to_the_next() -> None:
    """Pigeon Fancier's discard asks two pigeons one at a time: each kind keeps its key
    (orange 5, yellow 6, sky 8: every kind of card has one for the game), and after the
    orange one yellow is still 6 and sky 8.  Keyed in order, yellow became 1 and sky 2,
    and a player who pressed "1 then 2" discarded the sky one."""
    from engine.games.pigeons.cards import FACE_JSON
    from tui.games.pigeons import PigeonsUI, pigeons_keyed
    from tui.widgets import KeyBook

    faces = ["pigeon:orange", "pigeon:yellow", "pigeon:sky", "pigeon:sky", "cat"]
    hand = [{"id": f"c{i}", **FACE_JSON[face]} for i, face in enumerate(faces)]
    names = {f"c{i}": FACE_JSON[face]["name"] for i, face in enumerate(faces)}
    pigeons = [f"c{i}" for i in range(4)]
    book = KeyBook(PigeonsUI.loose_keys)

    def keyed(left: list[str], picked: list[str]) -> list[tuple[str | None, str, str]]:
        private: Any = {"hand": hand, "picked": picked}
        options = pigeons_keyed(book, [(c, names[c]) for c in left], private)
        return [(o.key, o.label, o.option_id) for o in options]

    assert keyed(pigeons, []) == [
        ("5", "Orange pigeon", "c0"),
        ("6", "Yellow pigeon", "c1"),
        ("8", "Sky pigeon", "c2"),
    ]
    left = [c for c in pigeons if c != "c0"]
    assert keyed(left, ["c0"]) == [("6", "Yellow pigeon", "c1"), ("8", "Sky pigeon", "c2")]
    # One of two sky pigeons chosen: the other keeps the kind's key.
    left = [c for c in pigeons if c != "c2"]
    assert [(k, o) for k, _l, o in keyed(left, ["c2"])] == [("5", "c0"), ("6", "c1"), ("8", "c3")]


def test_a_hand_of_one_card_says_card() -> None:
    from engine.games.pigeons.cards import FACE_JSON
    from themes import TEXT_GLYPHS
    from tui.games.pigeons import Card, hand_summary, pigeons_glyphs

    one = [Card.from_view({"id": "c1", **FACE_JSON["pigeon:white"]})]
    assert hand_summary(one, pigeons_glyphs(TEXT_GLYPHS)).plain.startswith("1 card,")
    assert hand_summary(one * 2, pigeons_glyphs(TEXT_GLYPHS)).plain.startswith("2 cards,")


def test_a_turn_keys_its_draw_first() -> None:
    """Drawing ends every pigeons turn: key 1 and the bar's first line, whatever the
    hand.  Last, it fell out of sight below a twenty-card hand's pairs."""
    from engine.core import Option, Prompt
    from tui.games.pigeons import options_in_order

    options = (
        Option("cats", "Discard 3 cats"),
        Option("play:c5", "Play Recycle"),
        *(Option(f"pair:{c}", f"Discard 2 {c} pigeons, draw 1") for c in ("red", "blue")),
        Option("draw", "Draw a card and end your turn"),
    )
    turn = Prompt("t1", 0, "turn", "Your turn.", options)
    ordered = options_in_order(turn, {})
    assert ordered[0] == ("draw", "Draw a card and end your turn")
    assert [o for o, _label in ordered[1:]] == ["cats", "play:c5", "pair:red", "pair:blue"]
    assert keyed_options(ordered)[0].key == "1"


def test_options_that_do_not_fit_the_prompt_bar_are_named_by_their_keys() -> None:
    """The bar shows 8 lines at most (its height in game.tcss): with more options
    than fit, the last line names the keys of the rest, which still work (a Chat
    perché move once listed up to k while l moved a cat, unseen)."""

    def bar_text(count: int, width: int = 76) -> list[str]:
        options = keyed_options([(f"o{i}", f"R{i}c ({i % 5 + 1} squares)") for i in range(count)])
        bar = PromptBar()
        bar.prompt = PromptInfo("Move which cat?", options, hint="Arrows and Enter work too.")
        return [line.plain for line in bar_content(bar.prompt, width).wrap(width)]

    assert len(bar_text(18)) == MAX_LINES and not any("more" in t for t in bar_text(18))
    lines = bar_text(24)
    assert len(lines) == MAX_LINES
    assert lines[-2] == "+ 9 more: keys i-l, o, r, u-w"
    assert lines[-3].startswith(" e  R12c") and lines[-1] == "Arrows and Enter work too."
    past_the_keys = bar_text(30)  # 27 keys, then 3 options without one
    assert past_the_keys[-2] == (
        "+ 15 more: keys i-l, o, r, u-z (the others with the arrows and Enter)"
    )
