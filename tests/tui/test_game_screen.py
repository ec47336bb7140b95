"""The game screen of Cats Among The Pigeons: snapshots of every scene, and behaviour.

Scenes come from ``tui.scenes`` (fixed seeds, instant bots, no countdown on
screen), so the snapshots are the same on every run.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from engine.core import Prompt
from engine.session import SeatConfig, Table
from themes import ASCII_GLYPHS, glyphs_for
from tui.games.pigeons import (
    Card,
    CardList,
    DiscardPane,
    HandPane,
    group_cards,
    option_for_cards,
    pigeons_glyphs,
    revealed_hand,
)
from tui.games.pigeons_scenes import (
    curtain_scene,
    over_scene,
    search_scene,
    solo_pass_scene,
    start_scene,
    window_scene,
)
from tui.scenes import FOUR, HOTSEAT, Scene, make_table, play_until, scene_settings, simple_choice
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screenshots import SceneApp
from tui.widgets import LogPane, PromptBar, ReactionBanner, key_ranges, keyed_options

SnapCompare = Callable[..., bool]


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


def game_screen(app: SceneApp) -> GameScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, GameScreen):
            return screen
    raise AssertionError("no game screen")


@contextlib.asynccontextmanager
async def first_turn() -> AsyncIterator[tuple[Scene, GameScreen, Pilot[None]]]:
    """Ann's first turn against three bots (:func:`start_scene`) at 80x24, settled."""
    scene = start_scene()
    app = SceneApp(scene)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        yield scene, game_screen(app), pilot


def screen_text(screen: Screen[Any]) -> str:
    """Everything a screen draws, as plain text (every widget's lines)."""
    lines: list[str] = []
    widgets: list[Widget] = [screen, *screen.query("*")]
    for widget in widgets:
        if widget.region.area:
            lines.extend(strip.text for strip in widget.render_lines(widget.region.reset_offset))
    return "\n".join(lines)


def key_for(screen: GameScreen, option_id: str) -> str:
    info = screen.prompt_info
    assert info is not None
    for option in info.options:
        if option.option_id == option_id and option.key:
            return option.key
    raise AssertionError(f"no key for {option_id} in {info}")


def run_before(scene: Scene) -> Callable[[Pilot[None]], Awaitable[None]]:
    async def before(pilot: Pilot[None]) -> None:
        await settle(pilot)
        for key in scene.press:
            await pilot.press(key)
            await settle(pilot)

    return before


# ----------------------------------------------------------------------------- snapshots


def test_start_80x24(snap_compare: SnapCompare) -> None:
    """You should see Ann's first turn at 80x24 in the dark theme: her hand on the left
    (a yellow and a purple pigeon at 1/7, a Cat marked "no win", Draw 2, Pluck and
    Fresh Start each with the key that plays it, Pigeon Trap marked "react") and
    "cats: 1 — can't win" under it; the table (Ann's turn, three bots with 8 cards,
    draw pile 77), an empty discard pile, the log of the bots' first turns, and the
    prompt bar with draw and end the turn on 1, then each card on its kind's key for
    the game: Draw 2 on f, Pluck on i, Fresh Start on x (the hand shows them too), and
    "1-x Choose" in the footer."""
    scene = start_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


def test_keys_screen_during_a_turn(snap_compare: SnapCompare) -> None:
    """You should see "Keys on this screen" over Ann's first turn: "1-x  Choose" and the
    hand's and the game's keys in the table, then a muted note that the choices take
    1-9 and the letters but d, h, m, n, p, q, s, t, which are kept for the screens' own
    keys, that a card, a position or a square keeps its key for the whole game, and
    that the arrows and Enter reach choices past the keys."""
    scene = start_scene()

    async def before(pilot: Pilot[None]) -> None:
        await run_before(scene)(pilot)
        await pilot.press("question_mark")
        await settle(pilot)

    assert snap_compare(SceneApp(scene), run_before=before, terminal_size=(80, 24))


def test_start_120x40(snap_compare: SnapCompare) -> None:
    """You should see the same first turn as at 80x24, with room to spare: wider hand and
    log panes, the whole prompt on two lines."""
    scene = start_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(120, 40))


def test_reaction_window(snap_compare: SnapCompare) -> None:
    """You should see a reaction window in hot-seat: a yellow-bordered banner saying that
    Dot discarded two blue pigeons ("Claim them with Pigeon Sale?"), with "F2 Ann, F3
    Bob: press to react" and "n nobody reacts"; nobody's cards on screen (the hand pane says
    "(hidden)": the whole table is watching), and "Waiting for Ann, Bob..." in the
    prompt bar."""
    scene = window_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


def test_curtain(snap_compare: SnapCompare) -> None:
    """You should see the handoff curtain and nothing else: "Pass to Bob", "It is Bob's
    turn.", the instruction to press Enter, and the footer's Enter key."""
    scene = curtain_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


def test_search_discard_pile(snap_compare: SnapCompare) -> None:
    """You should see Ann searching the discard pile with Recycle: the discard pane titled
    "Discard pile: searching" lists the pile grouped by card with a key on every card
    she may take (the Recycle she just played is not offered), the prompt bar says
    "Recycle: take a card from the discard pile." and how to choose."""
    scene = search_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


def test_game_over(snap_compare: SnapCompare) -> None:
    """You should see the game-over screen: the winner and the winning flock in the title,
    the reason naming the seven that win ("Dot shows seven orange pigeons (5 orange and
    2 rainbow) and no cat.", not the whole hand), every player's hand revealed (the
    winner marked with the turn glyph and "winning flock O orange 7/7", the seven first:
    orange×5 and rainbow×2, then "other cards:" yellow, purple, Ruffle Feathers×2), and
    the keys a Play again, m Menu."""
    scene = over_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


@pytest.mark.parametrize("theme", ["purrch-light", "purrch-contrast"])
def test_themes(snap_compare: SnapCompare, theme: str) -> None:
    """You should see Ann's first turn (as in test_start) in the light theme (dark text on
    cream) or the high-contrast theme (white and bright colours on black); every pigeon
    keeps its letter and its theme colour."""
    scene = start_scene(theme)
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(100, 30))


def test_ascii(snap_compare: SnapCompare) -> None:
    """You should see Ann's first turn drawn with plain ASCII glyphs only: pigeons as
    'Y*', the cat as '!!', actions as '+', the turn marker '>', bots '%', and a
    plain '-' dash in "cats: 1 - can't win", and the footer's keys in ASCII words
    ('enter', '^q', never '⏎')."""
    scene = start_scene(ascii_only=True)
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(100, 30))


# ----------------------------------------------------------------------------- hot-seat privacy


def card_words(table: Table, seat: int) -> tuple[set[str], set[str]]:
    """The names and ids of the cards in ``seat``'s hand."""
    hand = table.view(seat)["private"]["hand"]
    return {c["name"] for c in hand}, {c["id"] for c in hand}


def assert_no_cards(text: str, names: set[str], ids: set[str]) -> None:
    for name in names:
        assert not re.search(rf"\b{re.escape(name)}\b", text), f"{name!r} shows: {text!r}"
    for card_id in ids:
        assert not re.search(rf"\b{card_id}\b", text), f"{card_id!r} shows"
    assert not re.search(r"\bc\d+\b", text), "a card id shows"


async def test_curtain_hides_the_hand_of_the_seat_it_hides() -> None:
    scene = curtain_scene()
    app = SceneApp(scene)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen)
        seat = [s.name for s in scene.table.seats].index(curtain.player)
        text = screen_text(curtain)
        assert f"Pass to {curtain.player}" in text
        names, ids = card_words(scene.table, seat)
        assert_no_cards(text, names, ids)
        # Nothing private waits underneath either: no hand, no search, no secret log line.
        game = game_screen(app)
        assert game.shown_seat is None
        assert game.query_one(HandPane).data is None
        discard = game.query_one(DiscardPane).data
        assert discard is not None and discard.search is None
        assert not any(line.private for line in game.query_one(LogPane).feed)
        # Enter hands the screen over: now, and only now, the hand is drawn.
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is game
        assert game.shown_seat == seat
        hand = game.query_one(HandPane).data
        assert hand is not None and hand.owner == curtain.player
        assert {c.id for c in hand.cards} == ids


async def test_no_curtain_with_one_human() -> None:
    scene = start_scene()
    async with SceneApp(scene).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app = pilot.app
        assert isinstance(app.screen, GameScreen)
        assert app.screen.shown_seat == 0


async def test_claiming_a_window_hands_the_screen_over() -> None:
    scene = window_scene()
    app = SceneApp(scene)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        for key in scene.press:
            await pilot.press(key)
            await settle(pilot)
        game = game_screen(app)
        banner = game.query_one(ReactionBanner).info
        # Both humans watch the banner: nobody's cards are on screen, Ann's neither
        # (she had the keyboard a moment ago).
        assert banner is not None and banner.claims == (("F2", "Ann"), ("F3", "Bob"))
        assert game.shown_seat is None
        assert game.query_one(HandPane).data is None
        await pilot.press("f3")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Bob"
        assert game.query_one(HandPane).data is None
        await pilot.press("enter")
        await settle(pilot)
        assert game.shown_seat == 1
        info = game.prompt_info
        assert info is not None and info.kind in ("window", "sale")
        assert info.options[0].option_id == "pass"
        log_before = len(scene.table.log)
        await pilot.press(info.options[0].key or "1")
        await settle(pilot)
        assert len(scene.table.log) >= log_before
        # Bob let them go; Ann is still asked, so Bob's cards leave the screen at once.
        assert any(p.seat == 0 and p.pass_option for p in scene.table.prompts())
        assert game.shown_seat is None
        assert game.query_one(HandPane).data is None


async def test_nobodys_cards_stay_up_while_the_bots_play() -> None:
    """Bob ends his turn and a bot is thinking: Bob's hand leaves the screen at once
    (Ann is looking too), and nothing is drawn for anyone until a human has a decision."""
    now = [1000.0]
    table = Table(
        "pigeons",
        [SeatConfig(name, kind) for name, kind in HOTSEAT],
        seed=3,
        window_seconds=None,
        bot_delay=(5.0, 5.0),
        clock=lambda: now[0],
    )

    def bobs_turn(t: Table) -> bool:
        return any(p.kind == "turn" for p in t.prompts_for(1))

    def draw_only(t: Table, prompt: Prompt) -> str:
        return "draw" if prompt.kind == "turn" else simple_choice(t, prompt)

    assert play_until(table, bobs_turn, draw_only)
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Bob's curtain
        await settle(pilot)
        game = game_screen(app)
        assert game.shown_seat == 1 and game.query_one(HandPane).data is not None
        await pilot.press(key_for(game, "draw"))
        await settle(pilot)
        assert not table.prompts_for(1) and not table.prompts_for(0)  # Cal is thinking
        assert app.screen is game and game.shown_seat is None
        assert game.query_one(HandPane).data is None


async def test_nobody_reacts_key_passes_for_every_human() -> None:
    scene = window_scene()
    app = SceneApp(scene)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        for key in scene.press:
            await pilot.press(key)
            await settle(pilot)
        table = scene.table
        assert any(p.pass_option for p in table.prompts())
        await pilot.press("n")
        await settle(pilot)
        assert not any(p.pass_option and p.seat in (0, 1) for p in table.prompts())


# ----------------------------------------------------------------------------- playing


async def test_a_long_searched_pile_scrolls_in_its_list_and_the_table_stays() -> None:
    """At 80x24 a pile of 56 cards (13 kinds) takes the rows the column has left: the
    table pane stays in sight and the column does not scroll; the pile's list does
    (QA: the table went out of view, and the column's scrollbar took a column), and
    the pane's bottom edge says how many kinds are out of sight, above or below."""
    from tui.games.pigeons import CardList
    from tui.games.pigeons_scenes import _action
    from tui.widgets import PaneStack, SeatsPane

    table = make_table(FOUR, 1)

    def searching(t: Table) -> bool:
        return "search" in t.view(0)["private"] and t.view(0)["public"]["discard_count"] >= 22

    def choose(t: Table, prompt: Prompt) -> str:
        hand = {c["id"]: c for c in t.view(0)["private"]["hand"]}
        if prompt.kind == "turn":
            big = t.view(0)["public"]["discard_count"] >= 22
            recycle = [o.id for o in prompt.options if _action(hand, o.id) == "recycle"]
            return recycle[0] if recycle and big else "draw"
        return simple_choice(t, prompt)

    play_until(table, searching, choose)
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await settle(pilot)
        game = game_screen(app)
        stack = game.query_one(PaneStack)
        seats = game.query_one(SeatsPane)
        pile = game.query_one("#discard-list", CardList)
        assert stack.max_scroll_y == 0 and stack.scroll_y == 0
        assert seats.region.height == seats.outer_size.height  # whole, in sight
        assert 3 <= pile.size.height <= 14 and pile.max_scroll_y > 0
        assert app.focused is pile  # the searched pile takes the arrows
        discard = game.query_one(DiscardPane)
        hidden = pile.option_count - pile.size.height
        assert discard.border_subtitle == f"↓ {hidden} more"  # the fold is signed
        await pilot.press(*["down"] * (pile.option_count - 1))  # to the last kind
        await settle(pilot)
        last = pile.highlighted
        assert last is not None and last > pile.size.height  # below the first rows...
        assert pile.scroll_y <= last < pile.scroll_y + pile.size.height  # ...and in sight
        assert stack.scroll_y == 0
        assert discard.border_subtitle == f"↑ {hidden} more"


async def test_enter_on_a_card_plays_it() -> None:
    async with first_turn() as (scene, game, pilot):
        hand = game.query_one(HandPane).data
        assert hand is not None
        faces = [g.face for g in group_cards(hand.cards)]
        cards = game.query_one("#hand-list", CardList)
        cards.focus()
        cards.highlighted = faces.index("draw2")
        await pilot.press("enter")
        await settle(pilot)
        assert any(e.text == "Ann plays Draw 2." for e in scene.table.log)
        assert any(e.text_for(0).startswith("You draw") for e in scene.table.log)


async def test_a_key_answers_its_option() -> None:
    async with first_turn() as (scene, game, pilot):
        turn = scene.table.view(None)["public"]["turn_number"]
        await pilot.press(key_for(game, "draw"))
        await settle(pilot)
        # Ann drew, the three bots played at once (instant), and it is Ann's go again.
        assert scene.table.view(None)["public"]["turn_number"] > turn
        assert game.prompt_info is not None and game.prompt_info.options


async def test_a_key_that_is_no_choice_says_so_and_changes_nothing() -> None:
    """An option key the decision does not offer (QA: "1" after the card it stood for
    was chosen, with the footer saying "1-9") rings the bell and says on the bar which
    keys are choices; the table and the decision stay as they were."""
    from tui.widgets import OPTION_KEYS

    async with first_turn() as (scene, game, pilot):
        info = game.prompt_info
        assert info is not None and info.options
        keys = [o.key for o in info.options if o.key]
        unused = next(k for k in OPTION_KEYS if k not in keys)
        log, view = len(scene.table.log), scene.table.view(0)
        bells: list[None] = []
        pilot.app.bell = lambda: bells.append(None)  # type: ignore[method-assign]
        await pilot.press(unused)
        await settle(pilot)
        assert bells
        after = game.prompt_info
        assert after is not None and after.options == info.options
        assert after.hint == f"{unused} is not one of the choices: press {key_ranges(keys)}."
        assert len(scene.table.log) == log and scene.table.view(0) == view
        await pilot.press(keys[0])  # the keys that are choices still answer
        await settle(pilot)
        assert len(scene.table.log) > log


async def test_escape_takes_back_a_card_whose_target_is_not_chosen_yet() -> None:
    async with first_turn() as (scene, game, pilot):
        hand = scene.table.view(0)["private"]["hand"]
        pluck = next(f"play:{c['id']}" for c in hand if c.get("action") == "pluck")
        log = len(scene.table.log)
        assert not game.check_action("back", ())  # nothing to go back from on a turn
        await pilot.press(key_for(game, pluck))
        await settle(pilot)
        info = game.prompt_info
        assert info is not None and info.kind == "target"
        assert "back" not in [o.option_id for o in info.options]  # on Escape, not a key
        assert info.hint == "Escape: back to your turn (the card stays in your hand)."
        back = game.active_bindings["escape"].binding
        assert back.show and back.description == "Back" and game.check_action("back", ())
        assert game.key_words(back) == "Back to your turn"  # on the keys screen
        await pilot.press("escape")
        await settle(pilot)
        info = game.prompt_info
        assert info is not None and info.kind == "turn"
        assert scene.table.view(0)["private"]["hand"] == hand
        assert len(scene.table.log) == log
        assert not game.check_action("back", ())


async def test_clicking_an_option_answers_it() -> None:
    scene = start_scene()
    app = SceneApp(scene)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        bar = game_screen(app).query_one(PromptBar)
        lines = [strip.text for strip in bar.render_lines(bar.region.reset_offset)]
        y = next(i for i, line in enumerate(lines) if "Draw a card" in line)
        x = lines[y].index("Draw a card")
        await pilot.click(PromptBar, offset=(x + 1, y))
        await settle(pilot)
        assert any(e.text == "Ann draws a card." for e in scene.table.log)


async def test_a_card_that_cannot_be_used_only_warns() -> None:
    async with first_turn() as (scene, game, pilot):
        log = len(scene.table.log)
        trap = Card("c999", "action", "Pigeon Trap", action="trap")
        game.post_message(HandPane.CardChosen((trap,)))
        await settle(pilot)
        assert len(scene.table.log) == log
        assert any("cannot be used" in n.message for n in pilot.app._notifications)


RAINBOW_SEED = 4
"""Ann only draws: her rainbows pair with red or with each other at turn 4, her rainbow
with blue alone at turn 16, with sky or blue at turn 20."""


def rainbow_table(*pairs: str) -> Table:
    """Ann's turn (she only draws) once the pairs her rainbows can go in are ``pairs``."""

    def ready(t: Table) -> bool:
        turn = [p for p in t.prompts_for(0) if p.kind == "turn"]
        return bool(turn) and [o.id for o in turn[0].options if "rainbow" in o.id] == [*pairs]

    def draw_only(t: Table, prompt: Prompt) -> str:
        return "draw" if prompt.kind == "turn" else simple_choice(t, prompt)

    table = make_table(FOUR, RAINBOW_SEED)
    assert play_until(table, ready, draw_only)
    return table


def rainbow_row(game: GameScreen) -> tuple[CardList, int]:
    hand = game.query_one(HandPane).data
    assert hand is not None
    faces = [g.face for g in group_cards(hand.cards)]
    return game.query_one("#hand-list", CardList), faces.index("rainbow")


async def test_enter_on_a_rainbow_that_pairs_one_way_discards_the_pair() -> None:
    table = rainbow_table("pair:blue+rainbow")
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        cards, row = rainbow_row(game)
        key = key_for(game, "pair:blue+rainbow")
        assert cards.get_option_at_index(row).prompt.plain.startswith(f"{key} ")
        cards.focus()
        cards.highlighted = row
        await pilot.press("enter")
        await settle(pilot)
        assert any(
            e.text == "Ann discards a Blue pigeon and a Rainbow pigeon to draw a card."
            for e in table.log
        )


@pytest.mark.parametrize(
    ("pairs", "words", "done"),
    [
        (
            ("pair:sky+rainbow", "pair:blue+rainbow"),
            ("sky", "blue"),
            "Ann discards a Blue pigeon and a Rainbow pigeon to draw a card.",
        ),
        (
            ("pair:red+rainbow", "pair:rainbow"),
            ("red", "another rainbow"),
            "Ann discards two Rainbow pigeons to draw a card.",
        ),
    ],
)
async def test_enter_on_a_rainbow_that_pairs_two_ways_asks_which(
    pairs: tuple[str, str], words: tuple[str, str], done: str
) -> None:
    """The rainbow row has no key of its own (it would be a guess); Enter on it changes
    nothing and says which key discards which pair; that key then does it."""
    table = rainbow_table(*pairs)
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        first, second = key_for(game, pairs[0]), key_for(game, pairs[1])
        cards, row = rainbow_row(game)
        assert cards.get_option_at_index(row).prompt.plain.startswith("• ")  # usable, no key
        cards.focus()
        cards.highlighted = row
        before = table.to_json()
        await pilot.press("enter")
        await settle(pilot)
        assert table.to_json() == before
        asked = (
            f"The rainbow pigeon pairs with {words[0]} (key {first}) "
            f"or {words[1]} (key {second}): press one."
        )
        assert asked in [n.message for n in app._notifications]
        # The question stays on the prompt bar too (a toast goes after a few seconds).
        info = game_screen(app).prompt_info
        assert info is not None and info.hint == asked
        await pilot.press(second)
        await settle(pilot)
        assert any(e.text == done for e in table.log)


async def test_an_illegal_move_is_a_notification_and_changes_nothing() -> None:
    async with first_turn() as (scene, game, pilot):
        before = scene.table.to_json()
        game.post_message(PromptBar.OptionChosen("play:c999"))
        await settle(pilot)
        assert scene.table.to_json() == before
        errors = [n for n in pilot.app._notifications if n.severity == "error"]
        assert errors and "not one of the choices" in errors[0].message


async def test_countdown_and_silence_at_the_deadline() -> None:
    now = [1000.0]
    scene = window_scene(clock=lambda: now[0])
    table = scene.table
    table.window_seconds = 8
    scene.settings.frozen = False
    app = SceneApp(scene)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        for key in scene.press:
            await pilot.press(key)
            await settle(pilot)
        game = game_screen(app)
        window = [p for p in table.prompts() if p.pass_option]
        assert {0, 1} <= {p.seat for p in window}
        banner = game.query_one(ReactionBanner).info
        assert banner is not None and banner.seconds == 8
        now[0] += 5
        game._on_timer()
        banner = game.query_one(ReactionBanner).info
        assert banner is not None and banner.seconds == 3
        assert banner.nobody_key == "n"  # the table may skip the wait...
        now[0] += 4  # ...or let the clock pass for everyone
        game._on_timer()
        await settle(pilot)
        assert not any(p.id == window[0].id for p in table.prompts())


async def test_the_table_waits_while_another_screen_covers_the_game() -> None:
    """Reading the rules (or any screen on top) must not let a window close unseen."""
    from textual.screen import Screen

    now = [1000.0]
    scene = window_scene(clock=lambda: now[0])
    table = scene.table
    table.window_seconds = 8
    scene.settings.frozen = False
    app = SceneApp(scene)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        for key in scene.press:
            await pilot.press(key)
            await settle(pilot)
        game = game_screen(app)
        window = [p for p in table.prompts() if p.pass_option]
        assert window
        app.push_screen(Screen())
        await settle(pilot)
        now[0] += 60  # long past the deadline
        game._on_timer()
        assert [p.id for p in table.prompts() if p.pass_option] == [p.id for p in window]
        app.pop_screen()
        await settle(pilot)
        game._on_timer()  # back: a whole countdown again, nothing passed yet
        assert [p.id for p in table.prompts() if p.pass_option] == [p.id for p in window]
        assert game.query_one(ReactionBanner).info.seconds == 8
        now[0] += 9
        game._on_timer()
        await settle(pilot)
        assert not any(p.id == window[0].id for p in table.prompts())


async def test_frozen_settings_show_no_clock() -> None:
    now = [1000.0]
    scene = window_scene(clock=lambda: now[0])
    scene.table.window_seconds = 8
    app = SceneApp(scene)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        for key in scene.press:
            await pilot.press(key)
            await settle(pilot)
        banner = game_screen(app).query_one(ReactionBanner).info
        assert banner is not None and banner.seconds is None


async def test_game_over_offers_again_and_menu() -> None:
    for key, choice in (("a", "again"), ("m", "menu")):
        scene = over_scene()
        app = SceneApp(scene)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, GameOverScreen)
            await pilot.press(key)
            await settle(pilot)
            assert app.results == [(choice, None)]


# ----------------------------------------------------------------------------- pure helpers


def test_option_for_cards() -> None:
    red = (Card("c1", "pigeon", "Red pigeon", colour="red"),)
    rainbow = (Card("c2", "rainbow", "Rainbow pigeon"),)
    cat = (Card("c3", "cat", "Cat"),)
    gift = (Card("c4", "action", "Gift", action="gift"), Card("c5", "action", "Gift"))
    options = ["play:c5", "pair:red+rainbow", "cats", "draw"]
    assert option_for_cards(options, gift) == "play:c5"
    assert option_for_cards(options, red) == "pair:red+rainbow"
    assert option_for_cards(options, red, pairs=False) is None
    assert option_for_cards(options, rainbow) == "pair:red+rainbow"
    assert option_for_cards(options, cat) == "cats"
    assert option_for_cards(["c1", "c9"], red) == "c1"
    assert option_for_cards(["wing:c4", "pass"], gift) == "wing:c4"


def test_a_card_that_answers_several_options_answers_none() -> None:
    """A rainbow pairs with any colour: when two would do, the player says which."""
    red = (Card("c1", "pigeon", "Red pigeon", colour="red"),)
    rainbow = (Card("c2", "rainbow", "Rainbow pigeon"),)
    two_rainbows = (*rainbow, Card("c6", "rainbow", "Rainbow pigeon"))
    colours = ["pair:red+rainbow", "pair:blue+rainbow", "draw"]
    assert option_for_cards(colours, rainbow) is None
    itself = ["pair:red+rainbow", "pair:rainbow", "draw"]  # with a red, or with a rainbow
    assert option_for_cards(itself, two_rainbows) is None
    assert option_for_cards(["pair:rainbow", "draw"], two_rainbows) == "pair:rainbow"
    assert option_for_cards(["pair:red+rainbow", "draw"], rainbow) == "pair:red+rainbow"
    both = ["pair:red", "pair:red+rainbow", "draw"]  # two reds, or a red and the rainbow
    assert option_for_cards(both, red) is None
    assert option_for_cards(["pair:red", "pair:blue+rainbow"], red) == "pair:red"


def test_the_winners_hand_shows_the_seven_then_the_rest() -> None:
    """The winning flock's seven (the view's ``winning_flock``: the colour's own, then
    the rainbows it takes) first, the other cards after them; a rainbow beyond the
    seven is one of the others."""

    def cards(*faces: str) -> list[Card]:
        out = []
        for i, face in enumerate(faces):
            if face == "rainbow":
                out.append(Card(f"c{i}", "rainbow", "Rainbow pigeon"))
            elif face == "cat":
                out.append(Card(f"c{i}", "cat", "Cat"))
            else:
                out.append(Card(f"c{i}", "pigeon", f"{face.title()} pigeon", colour=face))
        return out

    hand = cards("rainbow", "yellow", "orange", "yellow", "rainbow", "yellow", "green")
    hand += [
        Card(f"c{10 + i}", c.kind, c.name, c.colour)
        for i, c in enumerate(cards("rainbow", "yellow", "rainbow"))
    ]
    flock = {"c1", "c3", "c5", "c11", "c0", "c4", "c10"}  # the last rainbow is not in it
    section = revealed_hand(
        "Cal", hand, pigeons_glyphs(ASCII_GLYPHS), winner=True, colour="yellow", flock=flock
    )
    assert section.plain == (
        "> Cal  10 cards  winning flock Y yellow 7/7\n"
        "    Y* yellowx4   @ rainbowx3   other cards: O* orange   G* green   @ rainbow"
    )
    nine = cards(*["red"] * 6, "rainbow", "rainbow", "rainbow")
    flock = {f"c{i}" for i in range(7)}
    section = revealed_hand(
        "Ann", nine, pigeons_glyphs(ASCII_GLYPHS), winner=True, colour="red", flock=flock
    )
    assert section.plain == (
        "> Ann  9 cards  winning flock R red 7/7\n"
        "    R* redx6   @ rainbow   other cards: @ rainbowx2"
    )
    seven = cards(*["blue"] * 7)
    flock = {c.id for c in seven}
    section = revealed_hand(
        "Bea", seven, pigeons_glyphs(ASCII_GLYPHS), winner=True, colour="blue", flock=flock
    )
    assert section.plain.endswith("    B* bluex7")  # nothing else to show


def test_alike_options_share_a_key() -> None:
    keyed = keyed_options([("c1", "Red pigeon"), ("c2", "Cat"), ("c3", "Red pigeon")])
    assert [(k.key, k.option_id) for k in keyed] == [("1", "c1"), ("2", "c2")]


def test_the_screen_refuses_a_game_it_cannot_show() -> None:
    class Other:
        id = "other"
        title = "Other"

    class FakeTable:
        game = Other()

    with pytest.raises(ValueError, match="cannot show Other"):
        GameScreen(FakeTable(), scene_settings())  # type: ignore[arg-type]


def test_hotseat_scene_tables_are_seeded() -> None:
    a, b = make_table(HOTSEAT, 5), make_table(HOTSEAT, 5)
    assert a.to_json() == b.to_json()


async def test_the_keys_screen_names_the_players_of_the_claim_keys() -> None:
    """`?` in a hot-seat window: "F2  Ann reacts", not "Seat 1 reacts"; and how to
    leave the game for the menu, which no key does (the palette's "New game")."""
    from tui.screens.keys import KeysScreen

    scene = window_scene()
    app = SceneApp(scene)
    async with app.run_test(size=(80, 24)) as pilot:
        await run_before(scene)(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, KeysScreen)
        rows = {r.key: r.description for r in app.screen.rows}
        assert rows["F2"] == "Ann reacts" and rows["F3"] == "Bob reacts"
        assert not [text for text in rows.values() if text.startswith("Seat ")]
        palette = [(r.key, r.description) for r in app.screen.rows if r.where == "command palette"]
        assert palette == [("^p", "New game: Back to the menu (a game in progress stays saved)")]


async def test_the_keys_screen_on_the_curtain_lists_no_focus_keys() -> None:
    """Nothing takes the focus on the curtain: Tab and Shift+Tab are not listed there
    (QA: "tab Focus Next" read as a key that does something)."""
    from tui.screens.keys import KeysScreen

    app = SceneApp(curtain_scene())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, KeysScreen)
        listed = {r.description for r in app.screen.rows}
        assert "Focus Next" not in listed and "Focus Previous" not in listed
        assert "Quit" in listed


async def test_the_option_keys_offered_in_the_footer_and_the_keys_screen() -> None:
    """On a turn the footer says which option keys work now ("1-5 Choose", as on the
    bar), not always "1-9"; `?` lists them on one line ("1-5  Choose"), never once as
    "1-9" and again one by one.  Under a modal (the quit question) the game's footer,
    built again, keeps its range (it fell back to "1-9")."""
    from textual.widgets._footer import FooterKey

    from tui.screens.keys import KeysScreen

    async with first_turn() as (_scene, game, pilot):
        info = game.prompt_info
        assert info is not None and 3 <= len(info.options) <= 9
        keys = [o.key for o in info.options]
        shown = {k.description: k.key_display for k in game.query(FooterKey)}
        assert shown["Choose"] == f"{keys[0]}-{keys[-1]}" != "1-9"
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(pilot.app.screen, KeysScreen)
        rows = [(r.key, r.description) for r in pilot.app.screen.rows if r.where == "this screen"]
        assert rows.count((f"{keys[0]}-{keys[-1]}", "Choose")) == 1
        assert not [r for r in rows if "shown with this key" in r[1]]
        everything = [(r.description, r.where) for r in pilot.app.screen.rows]
        assert len(everything) == len(set(everything))
        await pilot.press("escape")
        await pilot.press("q")
        await settle(pilot)
        assert pilot.app.screen is not game
        game.refresh_bindings()  # the footer under the question is built again
        await settle(pilot)
        shown = {k.description: k.key_display for k in game.query(FooterKey)}
        assert shown["Choose"] == f"{keys[0]}-{keys[-1]}"


def test_solo_nothing_to_react_with(snap_compare: SnapCompare) -> None:
    """You should see Ann's turn again after the bots', with no "Do you react?" on the
    bar: a bot played an action she held nothing against, and the log says, once,
    "When you hold nothing to react with, Purrch lets it happen for you at once (one
    player against bots: nobody to hide it from)."
    """
    scene = solo_pass_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(120, 40))


async def test_alone_against_bots_a_window_with_nothing_to_react_with_never_waits() -> None:
    """Ann ends her turn; a bot plays an action she cannot answer: the table passes for
    her at once, so her next turn is on the bar as soon as the bots have played."""
    scene = solo_pass_scene()
    app = SceneApp(scene)
    async with app.run_test(size=(80, 24)) as pilot:
        await run_before(scene)(pilot)
        game = game_screen(app)
        table = scene.table
        assert not any(p.pass_option for p in table.prompts_for(0))
        info = game.prompt_info
        assert info is not None and "react" not in info.text.lower()
        told = [line for line in table.log_for(0) if "nothing to react with" in line]
        assert len(told) == 1 and told[0].startswith("When you hold nothing")


async def test_the_keys_screen_shows_a_single_option_key_as_the_footer_does() -> None:
    """A decision with one option ("Let it happen"): the footer says "1 Choose", and so
    does `?`, though every option key is bound (to say it is no choice)."""
    from textual.widgets._footer import FooterKey

    from tui.screens.keys import KeysScreen

    table = make_table(FOUR, 2)

    def let_it_happen_only(t: Table) -> bool:
        return any(p.pass_option is not None and len(p.options) == 1 for p in t.prompts_for(0))

    table.auto_pass = False  # alone against bots, such a window is otherwise passed for
    assert play_until(table, let_it_happen_only)
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        shown = {k.description: k.key_display for k in game.query(FooterKey)}
        assert shown["Choose"] == "1"
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(pilot.app.screen, KeysScreen)
        rows = [(r.key, r.description) for r in pilot.app.screen.rows if r.where == "this screen"]
        assert ("1", "Choose") in rows


async def test_a_hand_too_long_for_its_pane_keeps_every_row_whole() -> None:
    """Once the hand's rows make its list scroll, they are laid out again for the
    width the scrollbar leaves: every count stays in sight (QA: "2/7" and "no win"
    were cut off at 80x24 with 19 cards)."""
    from textual.app import App

    from tui.games.pigeons import CardList, HandData, HandPane, cards_from_view

    colours = ["red", "orange", "yellow", "green", "sky", "blue", "purple", "white"]
    view = [
        {"id": f"c{i}", "kind": "pigeon", "colour": c, "action": None, "name": "pigeon"}
        for i, c in enumerate(colours * 2)
    ] + [
        {"id": f"c{90 + i}", "kind": "cat", "colour": None, "action": None, "name": "Cat"}
        for i in range(2)
    ]

    class Hand(App[None]):
        def compose(self) -> Any:
            yield HandPane(pigeons_glyphs(glyphs_for(False)), id="hand")

    app = Hand()
    async with app.run_test(size=(34, 8)) as pilot:
        pane = app.query_one(HandPane)
        pane.data = HandData("Ann", cards_from_view(view))
        await settle(pilot)
        await settle(pilot)
        cards = app.query_one(CardList)
        assert cards.max_scroll_y > 0  # 9 rows in a list of fewer
        width = cards.scrollable_content_region.width
        rows = [str(cards.get_option_at_index(i).prompt) for i in range(cards.option_count)]
        assert all(len(row) <= width for row in rows), (width, rows)
        assert rows[0].rstrip().endswith("2/7") and rows[-1].rstrip().endswith("no win")


async def test_the_first_bot_turn_waits_for_the_screen() -> None:
    """The bots' first answers are timed from when the screen appears, not from when
    the table was made (QA: a slow start showed the first bot turn already over)."""
    now = [100.0]
    table = Table(
        "pigeons",
        [SeatConfig("Ann"), SeatConfig("Bea", "bot"), SeatConfig("Cal", "bot")],
        seed=3,  # Bea starts
        window_seconds=None,
        bot_delay=(1.0, 1.0),
        clock=lambda: now[0],
    )
    (first,) = table.prompts()
    assert first.seat == 1
    now[0] += 5.0  # the app took its time to draw its first frame
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert table.prompts() == [first]  # Bea has not answered yet
        now[0] += 1.0
        for _ in range(40):
            await pilot.pause(0.05)
            if table.prompts() != [first]:
                break
        assert table.prompts() != [first]  # a second after the screen came, she does


async def test_the_game_screens_footer_follows_its_prompt() -> None:
    """The game screen's footer is a LiveFooter (tests/tui/test_live_footer.py): a card
    that asks whom brings Escape and the new key range, and going back removes it."""
    from textual.widgets._footer import FooterKey

    from tui.widgets.live_footer import LiveFooter

    async with first_turn() as (_scene, game, pilot):
        assert isinstance(game.query_one("Footer"), LiveFooter)
        before = {k.action: k.key_display for k in game.query(FooterKey)}
        keys = [o.key for o in game.prompt_info.options if o.key] if game.prompt_info else []
        assert before["choose('1')"] == f"1-{keys[-1]}" != "1-9" and "back" not in before
        await pilot.press(key_for(game, "play:c107"))  # Pluck: choose whom
        await settle(pilot)
        after = {k.action: k.key_display for k in game.query(FooterKey)}
        count = len(game.prompt_info.options) if game.prompt_info else 0
        assert after["back"] == "esc" and after["choose('1')"] == f"1-{count}"
        await pilot.press("escape")
        await settle(pilot)
        assert {k.action: k.key_display for k in game.query(FooterKey)} == before
