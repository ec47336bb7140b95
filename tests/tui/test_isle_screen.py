"""The Isle of Cats through the game screen: a whole 2-player game against the planner
bot played by keys alone (tiles placed with the boat's cursor and Enter), and the
placement cursor's legality hint."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Footer, Static

from engine.core import Prompt
from engine.session import Table
from tui.games.isle import IsleBoatPane, IsleUI
from tui.games.isle_scenes import (
    isle_buy_scene,
    isle_day_two_scene,
    isle_draft_scene,
    isle_finds_scene,
    isle_hotseat_scene,
    isle_over_scene,
    isle_place_scene,
    isle_rescue_scene,
)
from tui.scenes import Scene, make_table, scene_settings
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screenshots import SceneApp
from tui.widgets.prompt_bar import OPTION_KEYS

SOLO = (("Ann", "human"), ("Bea", "bot"))
PREFER = {"buy": "done", "commit": "done", "last": "done", "find": "pass", "treasure": "skip"}


def key_for(game: GameScreen) -> str:
    info = game.prompt_info
    assert info is not None and info.options
    kind = info.kind
    ids = [o.option_id for o in info.options]
    want = ids[0]
    if kind in PREFER and PREFER[kind] in ids:
        want = PREFER[kind]
    elif kind == "rescue":
        want = next((i for i in ids if i.startswith("rescue:")), "end" if "end" in ids else "pass")
    key = next(o.key for o in info.options if o.option_id == want)
    assert key is not None
    return key


async def test_whole_game_by_keys() -> None:
    """Ann plays a seeded game against the planner bot to the game-over screen."""
    table = make_table(SOLO, 1, game="isle")
    app = SceneApp(Scene(table, scene_settings()))
    placed = 0
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3000):
            await pilot.pause()
            if isinstance(app.screen, GameOverScreen):
                break
            game = app.screen
            assert isinstance(game, GameScreen)
            info = game.prompt_info
            if info is not None and info.kind == "place":
                assert isinstance(game.ui, IsleUI)
                # The cursor starts on a legal place: Enter places it there.
                assert info.hint.startswith("It fits here"), info.hint
                await pilot.press("enter")
                placed += 1
                continue
            if info is None or not info.options:
                await pilot.pause()
                continue
            await pilot.press(key_for(game))
        assert isinstance(app.screen, GameOverScreen)
    assert table.is_over and placed >= 5


async def test_illegal_position_says_why(pilot_size: tuple[int, int] = (80, 24)) -> None:
    """Moving the tile onto a tile already there makes the prompt bar say so."""
    table = make_table(SOLO, 1, game="isle")
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=pilot_size) as pilot:
        for _ in range(500):
            await pilot.pause()
            game = app.screen
            assert isinstance(game, GameScreen)
            info = game.prompt_info
            if (
                info is not None
                and info.kind == "place"
                and table.view(0)["public"]["players"][0]["tiles"]
            ):
                break
            if info is not None and info.kind == "place":
                await pilot.press("enter")
            elif info is not None and info.options:
                await pilot.press(key_for(game))
        reasons = set()
        for key in ("left", "left", "up", "up", "r", "f", "right", "down") * 3:
            await pilot.press(key)
            hint = game.prompt_info.hint if game.prompt_info else ""
            reasons.add(hint.split(":")[0])
        assert "Not here" in reasons


async def test_hotseat_curtain_hides_the_pack() -> None:
    """Two humans draft at once: behind each curtain no card of either pack is drawn,
    and once it is lifted only that player's pack is."""
    from textual.widgets import Static

    from tui.screens.curtain import CurtainScreen

    table = make_table((("Ann", "human"), ("Bob", "human")), 1, game="isle")
    app = SceneApp(Scene(table, scene_settings()))
    packs = [{str(c["name"]) for c in table.view(s)["private"]["pack"]} for s in (0, 1)]
    curtains = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(6):
            await pilot.pause()
            game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            text = str(game.query_one("#isle-hand-text", Static).visual)
            if isinstance(app.screen, CurtainScreen):
                curtains += 1
                assert not any(name in text for pack in packs for name in pack)
                await pilot.press("enter")
                continue
            seat = game.shown_seat
            assert seat is not None
            other = packs[1 - seat] - packs[seat]
            assert any(name in text for name in packs[seat])
            assert not any(name in text for name in other)
            info = game.prompt_info
            assert info is not None and info.options[0].key is not None
            await pilot.press(info.options[0].key)
    assert curtains >= 2


async def test_short_terminal_draft_keys_reach_the_hand() -> None:
    """In a short terminal the boat gives its rows to the hand while cards are chosen: the hand has
    the focus (so the arrows scroll it, and s is in the footer), s brings the boat back and
    s again hides it, and a new pack is read from its head."""
    from tui.games.isle import IsleBoatPane, IsleHandPane

    app = SceneApp(isle_draft_scene())
    async with app.run_test(size=(80, 18)) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        hand = game.query_one(IsleHandPane)
        boat = game.query_one(IsleBoatPane)
        assert not boat.display and hand.has_focus
        assert "s" in game.active_bindings
        hand.scroll_end(animate=False)
        await pilot.pause()
        assert hand.scroll_y > 0  # the pack runs past the pane
        await pilot.press("s")
        await pilot.pause()
        assert boat.display
        await pilot.press("s")
        await pilot.pause()
        assert not boat.display
        info = game.prompt_info
        assert info is not None and info.options[0].key is not None
        await pilot.press(info.options[0].key)  # a card kept: the pack is read again
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        assert hand.scroll_y == 0


# ----------------------------------------------------------------------------- snapshots

SnapCompare = Callable[..., bool]


def run_before(keys: list[str]) -> Callable[[Pilot[None]], Awaitable[None]]:
    async def before(pilot: Pilot[None]) -> None:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()

    return before


def test_draft_80x24(snap_compare: SnapCompare) -> None:
    """You should see Ann's hand pane (no boat: cards are chosen in a short terminal)
    with "Fish 20  Baskets 1/1 ready", "Draft: keep 2 of these, the rest go
    left:" and six keyed lines (R rescue cards with cost, one "x2", L Rat Catcher with its
    text, X Oshax), the island pane (Day 1 of 5, draft, the order, the left field's cats
    drawn as shapes with ids like B15), and the prompt bar "Keep a card ... Press a card's
    key (1-6)"."""
    assert snap_compare(SceneApp(isle_draft_scene()), terminal_size=(80, 24))


def test_draft_boat_shown_80x24(snap_compare: SnapCompare) -> None:
    """You should see, after s in the draft at 80x24, Ann's boat (empty, rats and maps
    marked) over her hand, the score lines first in the hand ("if the game ended now"),
    and the same prompt bar as without it."""
    assert snap_compare(
        SceneApp(isle_draft_scene()), run_before=run_before(["s"]), terminal_size=(80, 24)
    )


def test_buy_80x24(snap_compare: SnapCompare) -> None:
    """You should see the drafted cards with keys, one marked "in your cart", each card's
    text going on after its name ("Colour Trio 1 fish: Public lesson, ..."), and the
    prompt bar offering Done (the cards' keys are in the hand pane, the bar says so)."""
    assert snap_compare(SceneApp(isle_buy_scene()), terminal_size=(80, 24))


def test_rescue_80x24(snap_compare: SnapCompare) -> None:
    """You should see the island across the whole width (no boat, no hand: a short
    terminal's rescue turn), both fields side by side with every cat drawn, the first
    each with its key under it ("3▶B15 4 P03 5 O07 ...", the cursor's mark between the
    first cat's key and id); "▶B15 blue cat, 4 squares, left field: 3 fish (13 left)"
    under the turn order; the log under the island; the prompt bar "Your rescue turn:
    one cat (16 fish, baskets for 2 cats today), or pass for the day." with only "1 Pass: no more
    cats for you today (final)" listed and the hint "Each cat's key is under it on the
    island"; "⏎ Rescue ←→ Cat s Score" in the footer."""
    assert snap_compare(SceneApp(isle_rescue_scene()), terminal_size=(80, 24))


@pytest.mark.parametrize(("scene", "shown"), [(isle_draft_scene, False), (isle_place_scene, True)])
async def test_an_empty_played_pane_makes_way_in_a_short_terminal(
    scene: Callable[[], Scene], shown: bool
) -> None:
    """At 80x24, before any card is played (the first draft), the Played pane would only
    say "No card played yet." and push the island out of sight: it is not shown. Once
    rescue cards are revealed it is there, over the log."""
    from tui.games.isle import IslePlayedPane

    app = SceneApp(scene())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        panes = [p for p in screen.query(IslePlayedPane) if p.display]
        assert [p.id for p in panes] == (["isle-played"] if shown else [])
        if shown:
            assert "Rescue cards today" in str(panes[0].visual)


async def test_a_short_rescue_turn_gives_the_island_the_width() -> None:
    """At 80x24, on a rescue turn, the boat and the hand make way for the island: it
    spans the screen with both fields on one line and every cat in sight, and it has the
    keys (the arrows move the cursor's cat). ``s`` brings the boat and the score back
    (the island back in its column); ``s`` again gives the island the width again.
    Placing the cat rescued shows the boat."""
    from tui.games.isle import IsleIslandPane, IsleMain

    scene = isle_rescue_scene()
    table = scene.table
    app = SceneApp(scene)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        island = screen.query_one(IsleIslandPane)
        main = screen.query_one(IsleMain)
        assert not main.display and island.has_focus
        assert island.size.width >= 70
        lines = str(island.visual).split("\n")
        assert any("Left field" in line and "Right field" in line for line in lines), lines
        from tui.widgets.log_pane import LogPane

        seen = "\n".join(lines[: screen.query_one(LogPane).region.y - island.region.y - 1])
        for field in table.view(0)["public"]["fields"]:  # every cat above the log
            assert all(str(t["id"]) in seen for t in field), seen
        first = island.cat
        await pilot.press("right")
        assert island.cat != first and f"▶{island.cat}" in str(island.visual)
        await pilot.press("s")
        await pilot.pause()
        assert main.display and island.size.width < 40
        await pilot.press("s")
        await pilot.pause()
        assert not main.display
        await pilot.press("enter")  # rescue the cursor's cat: it is placed on the boat
        await pilot.pause()
        await pilot.pause()
        assert main.display and screen.query_one(IsleBoatPane).display


def test_place_80x24(snap_compare: SnapCompare) -> None:
    """You should see the blue cat drawn on the accent colour at the top of Ann's boat
    ("BbBx": the map and the rat it covers in each square's second column), legal
    squares marked with dots, and the hint "It fits here. It covers the blue map:
    you take a common treasure. It covers 1 rat. It starts a blue family ..."; the
    footer shows every key whole: Place, ↔↕ Move, Turn, Flip, Score, Choose, Back, Quit,
    Rules and Keys (the palette's and the theme's keys give way at 80 columns)."""
    assert snap_compare(SceneApp(isle_place_scene()), terminal_size=(80, 24))


def test_place_illegal_80x24(snap_compare: SnapCompare) -> None:
    """You should see the cat moved off the hull's left side, its squares off the hull
    "!!" on the error colour, and the hint "Not here: part of it would be outside your boat."."""
    assert snap_compare(
        SceneApp(isle_place_scene()), run_before=run_before(["left"] * 3), terminal_size=(80, 24)
    )


def test_over_80x24(snap_compare: SnapCompare) -> None:
    """You should see "Dot wins!", "Highest score.", a score table with a column per
    player (Dot starred): Cat families with their sizes (like "B8 P7"), Rare treasures,
    each lesson, Rats, Rooms not filled, Total and Fish left (tie-break), then "The
    boats": Ann's boat large (two columns a square) under her name, the others below
    the fold (the box scrolls, and the footer offers "PgDn More" and "m Menu")."""
    assert snap_compare(SceneApp(isle_over_scene()), terminal_size=(80, 24))


def test_place_120x40(snap_compare: SnapCompare) -> None:
    """You should see everything at once: Ann's boat large with the cat at the cursor,
    her hand under it and the cards played ("Rescue cards today", a line a card) under
    that; the island on the right with both fields (the cats lying flat, three rows at
    most), the three other players side by side with their boats in miniature, the rare
    treasures beside the common supply under them; the log under it."""
    assert snap_compare(SceneApp(isle_place_scene()), terminal_size=(120, 40))


def test_over_120x40(snap_compare: SnapCompare) -> None:
    """You should see the same score table as at 80x24, then the four boats large, two
    side by side (Ann and Bea, then Cal and Dot), each under its player's name."""
    assert snap_compare(SceneApp(isle_over_scene()), terminal_size=(120, 40))


# ----------------------------------------------------------------------------- placement


def test_every_reason_a_position_is_refused_is_said() -> None:
    """The bar's three reasons: outside the boat, over a tile, not touching one (and
    none where the tile fits beside another)."""
    from engine.games.isle.shapes import legal_placements, neighbours
    from tui.games.isle import why_not

    shape = "C15"
    x, y, o, mask = next(iter(legal_placements(shape, 0, True)))
    assert why_not(shape, x, y, o, 0, True) is None
    assert why_not(shape, -3, y, o, 0, True) == "part of it would be outside your boat."
    assert why_not(shape, x, y, o, mask, False) == ("it would overlap a tile already on your boat.")
    far = next(
        (px, py, po)
        for px, py, po, m in legal_placements(shape, 0, True)
        if not m & (mask | neighbours(mask))
    )
    assert why_not(shape, *far, mask, False) == (
        "it must touch a tile already on your boat along an edge."
    )
    beside = next(iter(legal_placements(shape, mask, False)))
    assert why_not(shape, beside[0], beside[1], beside[2], mask, False) is None


def test_placement_effects_name_the_family_and_the_rooms() -> None:
    """Beside a blue cat, a blue cat makes a family of 2; a third makes one of 3 (+8);
    a tile that covers the last open square of a room says the room is filled."""
    from engine.games.isle.components import ROOM_NAMES
    from engine.games.isle.shapes import ROOMS, cells_of, sq
    from engine.games.isle.view import COVER_KEYS
    from tui.games.isle import placement_effects

    def player(tiles: list[tuple[str, str | None, int]]) -> dict[str, object]:
        rows = [["." for _ in range(22)] for _ in range(9)]
        for k, (_kind, _colour, mask) in enumerate(tiles):
            for x, y in cells_of(mask):
                rows[y][x] = COVER_KEYS[k]
        return {
            "cover": ["".join(r) for r in rows],
            "tiles": [{"kind": kind, "colour": colour} for kind, colour, _ in tiles],
        }

    cat = {"kind": "cat", "colour": "blue"}
    a, b, c = 1 << sq(5, 4), 1 << sq(6, 4), 1 << sq(7, 4)
    assert placement_effects(player([]), cat, a) == [
        "It starts a blue family (3 cats or more score)."
    ]
    two = placement_effects(player([("cat", "blue", a)]), cat, b)
    assert two == ["A blue family of 2 (3 make a family that scores)."]
    three = placement_effects(player([("cat", "blue", a), ("cat", "red", c)]), cat, b)
    assert three[0] == "A blue family of 2 (3 make a family that scores)."
    three = placement_effects(player([("cat", "blue", a), ("cat", "blue", c)]), cat, b)
    assert three == ["A blue family of 3: +8 to your score."]
    orange = {"kind": "cat", "colour": "orange"}
    assert placement_effects(player([]), orange, a) == [
        "It starts an orange family (3 cats or more score)."
    ]
    two = placement_effects(player([("cat", "orange", a)]), orange, b)
    assert two == ["An orange family of 2 (3 make a family that scores)."]
    letter, room = min(ROOMS.items(), key=lambda r: r[1].bit_count())
    squares = list(cells_of(room))
    last = 1 << sq(*squares[-1])
    rest = room & ~last
    treasure = {"kind": "common", "colour": None}
    words = placement_effects(player([("common", None, rest)]), treasure, last)
    assert words == [f"It fills the {ROOM_NAMES[letter]}: no -5 for it."]


async def test_a_cards_key_stays_put_while_the_pack_is_drafted() -> None:
    """Keeping the card on key 1 leaves every other card of the pack on its key (the
    pack is the same pack, less one card), so a second key pressed at once keeps the card
    it showed."""
    table = make_table(SOLO, 3, game="isle")
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen) and game.prompt_info is not None
        before = {o.key: o.label for o in game.prompt_info.options}
        await pilot.press("1")
        await pilot.pause()
        info = game.prompt_info
        assert info is not None and info.kind == "draft"
        after = {o.key: o.label for o in info.options}
        assert "1" not in after or after["1"] == before["1"]  # the same kind of card again
        for key, label in after.items():
            assert before.get(key) == label, (key, label, before)
        second = next(k for k in after if k != "1")
        await pilot.press(second)
        await pilot.pause()
    drafted = [str(c["name"]) for c in table.view(0)["private"]["drafted"]]
    assert drafted == [before["1"].removeprefix("Keep "), before[second].removeprefix("Keep ")]


def test_draft_keys_are_the_same_on_a_client_that_rejoins_mid_round() -> None:
    """The draft's keys are a function of the view alone (the pack as passed: the cards
    in it and the ones kept from it this round): a new client, after a LAN rejoin,
    shows every card on the key the first one showed."""
    from themes import glyphs_for
    from tui.games.base import Shown

    table = make_table(SOLO, 3, game="isle")

    def info(ui: IsleUI) -> dict[str | None, tuple[str, str]]:
        (prompt,) = table.prompts_for(0)
        view = table.view(0)
        shown = Shown(0, view["public"], view["private"], prompt, ("Ann", "Bea"), ("human", "bot"))
        return {o.key: (o.option_id, o.label) for o in ui.prompt_info(shown).options}

    first = IsleUI(glyphs_for(False))
    before = info(first)
    (prompt,) = table.prompts_for(0)
    table.answer(0, prompt.id, before["1"][0])  # keep the card on key 1
    seen = info(first)
    rejoined = info(IsleUI(glyphs_for(False)))
    assert rejoined == seen, (rejoined, seen)
    # The other cards on their keys (key 1 holds a second copy of its card, or nothing).
    assert all(before[key][1] == label for key, (_id, label) in seen.items()), (before, seen)
    assert len(seen) >= 2


def _keys(game: GameScreen) -> dict[str, str]:
    """Key -> what its option is about: a card (buy:c12 and unbuy:c12 alike), or the
    option's id (done)."""
    info = game.prompt_info
    assert info is not None
    return {str(o.key): o.option_id.partition(":")[2] or o.option_id for o in info.options}


async def test_a_cards_key_stays_put_while_buying() -> None:
    """Each drafted card keeps its key for the whole buying step: pressing it buys the
    card, pressing it again puts it back; buying one card that leaves too few fish for
    another moves no other key (that card's key is left unused)."""
    scene = isle_buy_scene()
    table = scene.table
    state = table.state
    private = table.view(0)["private"]
    cart = [str(c["id"]) for c in private["cart"]]
    free = [c for c in private["drafted"] if str(c["id"]) not in cart and int(c["cost"]) > 0]
    first, other = free[0], free[-1]
    assert first is not other, "the scene needs two cards to buy"
    # Fish for both, less one: buying the first leaves too few for the other.
    in_cart = sum(int(c["cost"]) for c in private["cart"])
    state.fish[0] = in_cart + int(first["cost"]) + int(other["cost"]) - 1
    app = SceneApp(scene)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        before = _keys(game)
        hand = str(game.query_one("#isle-hand-text", Static).visual)
        listed = re.findall(r"^ (\w) ", hand, re.M)  # the hand lists the cards in key order
        assert listed == sorted(listed, key=OPTION_KEYS.index) and len(listed) >= 2, hand
        key = next(k for k, c in before.items() if c == str(first["id"]))
        assert str(other["id"]) in before.values()
        await pilot.press(key)
        await pilot.pause()
        assert [str(c["id"]) for c in table.view(0)["private"]["cart"]] == [*cart, first["id"]]
        after = _keys(game)
        assert str(other["id"]) not in after.values()  # too dear now
        for k, what in after.items():
            assert before.get(k) == what, (k, what, before)
        await pilot.press(key)  # the same key again: put back
        await pilot.pause()
        assert [str(c["id"]) for c in table.view(0)["private"]["cart"]] == cart


async def test_s_works_from_the_side_column() -> None:
    """At 80x24, with the focus moved (Tab) into the side column, ``s`` is still in the
    footer and still shows the score (it used to do nothing there)."""
    from textual.widgets import Static

    from tui.games.isle import IsleMain

    app = SceneApp(isle_place_scene())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        main = screen.query_one(IsleMain)
        for _ in range(4):  # out of the boat and hand, into the side column
            await pilot.press("tab")
            await pilot.pause()
            if app.focused is not None and main not in app.focused.ancestors_with_self:
                break
        assert app.focused is not None and main not in app.focused.ancestors_with_self
        assert "s" in screen.active_bindings
        text = screen.query_one("#isle-hand-text", Static)
        await pilot.press("s")
        await pilot.pause()
        assert "Your score if the game ended now" in str(text.visual)


async def test_s_shows_the_score_as_it_stands() -> None:
    """``s`` puts your score if the game ended now over your hand, line by line with its
    total (the engine's scoring of your boat, lessons included); ``s`` again hides it."""
    from textual.widgets import Static

    from engine.games.isle.scoring import score, total
    from tui.games.isle import board_of

    scene = isle_place_scene()
    me = scene.table.view(0)["public"]["players"][0]
    expected = total(score(board_of(me), [], [0, 0, 0]))
    app = SceneApp(scene)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = app.screen.query_one("#isle-hand-text", Static)
        assert "ended now" not in str(text.visual)
        await pilot.press("s")
        await pilot.pause()
        shown = str(text.visual)
        assert "Your score if the game ended now" in shown
        assert f"{expected:+4d} in all" in shown and "Rooms not filled: all 7" in shown
        await pilot.press("s")
        await pilot.pause()
        assert "ended now" not in str(text.visual)


def test_finds_80x24(snap_compare: SnapCompare) -> None:
    """You should see Ann's rare-finds turn: she holds no Oshax nor treasure card, so the
    prompt bar offers only "1 Pass: no more finds for you today (final)"; the boat shows
    the cats she placed (P and B letters on their colours)."""
    assert snap_compare(SceneApp(isle_finds_scene()), terminal_size=(80, 24))


def test_day_two_120x40(snap_compare: SnapCompare) -> None:
    """You should see day 2's draft (cards pass right): the log under the island tells
    how day 1 ended, the Played pane under Ann's hand, made short for the pack above it,
    says "Played face up: 8 cards", and Ann's boat holds the cats she placed on day 1."""
    assert snap_compare(SceneApp(isle_day_two_scene()), terminal_size=(120, 40))


def test_hotseat_curtain_during_the_draft_80x24(snap_compare: SnapCompare) -> None:
    """You should see the hand-off curtain "Pass to Ann" saying that Ann keeps cards
    from the draft in secret, and no card of either pack anywhere on screen."""
    assert snap_compare(SceneApp(isle_hotseat_scene()), terminal_size=(80, 24))


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
async def test_isle_placement_footer_shows_every_key_at_80x24(ascii_only: bool) -> None:
    """While a tile is placed at 80x24, every key of the footer is shown whole (the
    command palette's key, then the theme's, then in ASCII the rules' give way: they
    still work, and ? lists them); in ASCII the arrows say "arrows"."""
    from tests.tui.test_layout_80x24 import footer_items

    scene = isle_place_scene()
    app = SceneApp(Scene(scene.table, scene_settings(ascii_only=ascii_only)))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        items = footer_items(app)
        words = {w for _k, w, _whole in items}
        assert {"Place", "Move", "Turn", "Flip", "Score", "Back", "Quit", "Keys"} <= words
        cut = [(k, w) for k, w, whole in items if not whole]
        assert not cut, f"cut off: {cut}"
        move = next(k for k, w, _whole in items if w == "Move")
        assert move == ("arrows" if ascii_only else "↔↕")
        assert app.screen.query_one(Footer).region.right <= 80
        await pilot.press("ctrl+t")  # the theme's key still works, out of the footer
        await pilot.pause()
        assert app.theme != "purrch-dark"


async def test_game_over_boats_are_large_and_the_box_scrolls_to_them() -> None:
    """At 80x24 the boats (two columns a square) are under the score table: the
    footer says "PgDn More" (whole, in the 80 columns, with the screen's other keys),
    Page Down scrolls a page at a time, End to the foot, where "More" is gone."""
    from textual.containers import VerticalScroll

    from tests.tui.test_layout_80x24 import footer_items

    def footer() -> dict[str, str]:
        items = footer_items(app)
        assert all(whole for _key, _words, whole in items), items
        return {key: words for key, words, _whole in items}

    app = SceneApp(isle_over_scene())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        box = screen.query_one("#over-box", VerticalScroll)
        assert box.max_scroll_y > box.size.height and box.scroll_y == 0
        keys = footer()
        assert keys["PgDn"] == "More" and {"a", "m", "^t"} <= set(keys)
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y == box.size.height
        await pilot.press("end")
        await pilot.wait_for_scheduled_animations()  # the footer's keys, refreshed
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y
        assert "PgDn" not in footer()


async def test_treasures_to_choose_are_drawn_with_their_keys() -> None:
    """Treasure Hunt played: the rare treasures offered are drawn high on the island,
    each with its key under it; then the common ones (T3 and T4, both 3 squares, by
    their shapes); the key under a shape takes it."""
    from tui.games.isle import IsleIslandPane

    app = SceneApp(isle_finds_scene())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        island = game.query_one(IsleIslandPane)
        assert "Keys under the shapes" not in str(island.visual)
        await pilot.press("1")  # play Treasure Hunt
        await pilot.pause()
        text = str(island.visual)
        assert "Keys under the shapes:" in text, text
        assert re.search(r"1 R[A-Z] 2 R[A-Z]", text), text
        info = game.prompt_info
        assert info is not None
        key = next(o.key for o in info.options if "two common treasures" in o.label)
        assert key is not None
        await pilot.press(key)
        await pilot.pause()
        text = str(island.visual)
        assert "1 T1 2 T2 3 T3 4 T4" in text, text
        await pilot.press("4")
        await pilot.pause()
        info = game.prompt_info
        assert info is not None and info.kind == "place"


async def test_a_cat_is_chosen_with_the_arrows_on_the_island() -> None:
    """On a rescue turn the island has the focus: the arrows move the cursor over the
    cats that can be rescued (the cat and its price marked under its field), Enter
    rescues the one under it; the footer shows both keys."""
    from tui.games.isle import IsleIslandPane

    app = SceneApp(isle_rescue_scene())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        island = game.query_one(IsleIslandPane)
        assert island.has_focus and len(island.cats) >= 2
        assert island.cat == island.cats[0]
        footer = {b.binding.description for b in game.active_bindings.values() if b.binding.show}
        assert {"Rescue", "Cat", "Score"} <= footer
        ui = game.ui
        assert isinstance(ui, IsleUI)
        await pilot.press("s")  # the score, from the island too
        await pilot.pause()
        assert ui._score_shown and island.has_focus
        await pilot.press("s")
        await pilot.pause()
        assert not ui._score_shown
        await pilot.press("right")
        await pilot.pause()
        second = island.cats[1]
        assert island.cat == second
        text = str(island.visual)
        marked = [line for line in text.splitlines() if line.startswith(f"▶{second} ")]
        assert len(marked) == 1 and "fish (" in marked[0], text
        # Under each cat its key; the cursor's mark between key and id.
        info = game.prompt_info
        keys = {o.option_id: o.key for o in info.options} if info else {}
        assert f"{keys[f'rescue:{second}']}▶{second}" in text, text
        await pilot.press("enter")
        await pilot.pause()
        prompt = next(p for p in game.table.prompts_for(0))
        assert prompt.kind == "place" and second in prompt.text, prompt.text


def two_player_draft() -> Scene:
    """Ann against the planner bot, day 1: her first pack (seven cards)."""
    return Scene(make_table(SOLO, 7, game="isle"), scene_settings())


async def test_a_two_player_draft_fits_at_120x40() -> None:
    """At 120x40 a 2-player draft shows everything at once: the whole pack in the hand
    (its pane does not scroll), both fields side by side on the island, the island's
    column whole (it does not scroll), the cards played shown whole once (under the hand or
    over the log), and a log of several lines."""
    from tui.games.isle import IsleHandPane, IsleIslandPane, IslePlayedPane
    from tui.widgets.log_pane import LogPane

    app = SceneApp(two_player_draft())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()  # the Played pane, moved under the hand, is laid out
        screen = app.screen
        assert isinstance(screen, GameScreen)
        hand = screen.query_one(IsleHandPane)
        assert hand.max_scroll_y == 0 and "Keep" in str(screen.prompt_info)
        island = screen.query_one(IsleIslandPane)
        lines = str(island.visual).split("\n")
        assert any("Left field" in line and "Right field" in line for line in lines), lines
        assert screen.query_one("#side-panes").max_scroll_y == 0
        played = [p for p in screen.query(IslePlayedPane) if p.display]
        assert len(played) == 1
        assert played[0].content_size.height >= len(str(played[0].visual).split("\n"))
        assert screen.query_one(LogPane).size.height >= 8


@pytest.mark.parametrize("scene", [isle_draft_scene, isle_place_scene])
async def test_four_players_fit_at_120x40(scene: Callable[[], Scene]) -> None:
    """At 120x40 a 4-player draft and a placement show the island's column whole: the
    three other players stand side by side (their boats in miniature under their names)
    and the treasures under them; nothing in the column scrolls."""
    from tui.games.isle import IsleIslandPane

    app = SceneApp(scene())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        lines = str(screen.query_one(IsleIslandPane).visual).split("\n")
        assert any(all(name in line for name in ("Bea", "Cal", "Dot")) for line in lines), lines
        assert any("Rare treasures" in line for line in lines)
        assert screen.query_one("#side-panes").max_scroll_y == 0


def test_draft_two_players_120x40(snap_compare: SnapCompare) -> None:
    """You should see everything at once: Ann's boat large (empty, rats and maps marked),
    under it her hand with the whole pack of seven cards (keys 1-6, one "x2") and no
    scroll bar; on the right the island with the left and right fields side by side,
    the rare treasures beside Bea's fish, cards and miniature boat, then the Played pane
    ("No card played yet.") and the log."""
    assert snap_compare(SceneApp(two_player_draft()), terminal_size=(120, 40))


def test_rescue_120x40(snap_compare: SnapCompare) -> None:
    """You should see Ann's boat large over her hand, the island with both fields side by
    side, each cat's key under it and the cursor's mark in "3▶B15", "▶B15 blue cat, 4
    squares, left field: 3 fish (13 left)" under the turn order, and the prompt bar as
    at 80x24 (Pass listed, the cats' keys on the island)."""
    assert snap_compare(SceneApp(isle_rescue_scene()), terminal_size=(120, 40))


def test_the_draft_line_says_one_card_goes_on() -> None:
    """A pack of 3 (keep 2): the hand says "the other one goes", not "the other 1 go"."""
    from tui.games.isle_scenes import isle_choice
    from tui.scenes import play_until

    table = make_table(SOLO, 7, game="isle")

    def pack_of_three(t: object) -> bool:
        return len(table.view(0)["private"].get("pack") or ()) == 3 and any(
            p.kind == "draft" for p in table.prompts_for(0)
        )

    assert play_until(table, pack_of_three, isle_choice)
    text = _hand_plain(table)
    assert "keep 2 of these; the other one goes left, to Bea" in text, text


def test_a_first_draft_does_not_say_the_hand_is_empty() -> None:
    """Day 1's draft: the pack is shown and no "No cards in hand." line under it (the
    hand is empty, but the pack and the drafted cards are what matter then)."""
    table = make_table(SOLO, 7, game="isle")
    text = _hand_plain(table)
    assert "Draft: keep 2 of these" in text, text
    assert "No cards in hand" not in text, text


def test_buying_says_the_fish_left_and_warns_once_most_is_spent() -> None:
    """The buy step: "N fish left for the cats" always; the warning, with its numbers,
    only once the cart holds half the fish or more; and a card's text goes on after
    its name."""
    from engine.games.isle.options import make
    from tui.games.isle_scenes import simple_choice
    from tui.scenes import play_until

    table = make_table(SOLO, 7, game="isle")
    buying = lambda t: any(p.kind == "buy" for p in t.prompts_for(0))  # noqa: E731
    assert play_until(table, buying, simple_choice)
    text = _hand_plain(table)
    assert "20 fish left for the cats (3 or 5 each)." in text, text
    assert "Careful" not in text, text
    for card in sorted(table.view(0)["private"]["drafted"], key=lambda c: -int(c["cost"])):
        (prompt,) = table.prompts_for(0)
        option = make("buy", str(card["id"]))
        if option in {o.id for o in prompt.options}:
            table.answer(0, prompt.id, option)
    left = int(table.view(0)["private"]["fish_left"])
    text = _hand_plain(table)
    assert f"{left} fish left for the cats" in text, text
    assert left < 10, left  # more than half of the 20 fish in the cart
    assert (
        f"Careful: {left} of your 20 fish left for the cats (3 or 5 each): each card you "
        "buy now leaves fewer." in text.replace("\n", " ")
    ), text
    # ... and on the prompt bar, in sight when the hand scrolls past it.
    from themes import glyphs_for
    from tui.games.base import Shown

    (prompt,) = table.prompts_for(0)
    while prompt.kind == "colour":  # a colour lesson bought: its colour first
        table.answer(0, prompt.id, prompt.options[0].id)
        (prompt,) = table.prompts_for(0)
    assert prompt.kind == "buy"
    view = table.view(0)
    shown = Shown(0, view["public"], view["private"], prompt, ("Ann", "Bea"), ("human", "bot"))
    info = IsleUI(glyphs_for(False)).prompt_info(shown)
    assert info.hint is not None and info.hint.startswith("Careful"), info.hint
    assert re.search(r"\d fish[^:\n]*: \w", text), text  # name, cost: the text after


def _hand_plain(table: Table) -> str:
    """Seat 0's hand pane as plain text, 80 columns wide, for its prompt now."""
    from themes import glyphs_for
    from tui.games.base import Shown

    (prompt,) = table.prompts_for(0)
    view = table.view(0)
    shown = Shown(0, view["public"], view["private"], prompt, ("Ann", "Bea"), ("human", "bot"))
    ui = IsleUI(glyphs_for(False))
    return ui.hand_text(shown, ui.prompt_info(shown), 80).plain


def test_draft_four_players_120x40(snap_compare: SnapCompare) -> None:
    """You should see a 4-player draft whole: Ann's boat over her hand with the pack of
    seven (keys 1-6, one "x2"); the island with both fields side by side, Bea, Cal and
    Dot abreast with their boats in miniature, the rare treasures beside the common
    supply; the log under it; no scroll bar anywhere."""
    assert snap_compare(SceneApp(isle_draft_scene()), terminal_size=(120, 40))


def test_buy_120x40(snap_compare: SnapCompare) -> None:
    """You should see Ann's boat (the key "x rat  b g r p o maps ..." on its lower
    border) over all seven of her drafted cards, each with its key (one "in your cart"),
    each text after its name, "17 fish left for the cats (3 or 5 each)" at the end (no
    warning yet: most of the fish is left), the hand not scrolled; the prompt bar lists
    only "Done" and says the cards' keys are in the hand."""
    assert snap_compare(SceneApp(isle_buy_scene()), terminal_size=(120, 40))


def test_finds_120x40(snap_compare: SnapCompare) -> None:
    """You should see the rare-finds turn as at 80x24 with the boat and the island at
    once: the hand's Treasure Hunt with its key 1, the bar's "2 Pass ... (final)"."""
    assert snap_compare(SceneApp(isle_finds_scene()), terminal_size=(120, 40))


def test_place_illegal_120x40(snap_compare: SnapCompare) -> None:
    """You should see the cat moved off the hull's left side, its squares off the hull
    "!!" on the error colour, and the hint "Not here: part of it would be outside your
    boat.", the island beside."""
    assert snap_compare(
        SceneApp(isle_place_scene()), run_before=run_before(["left"] * 3), terminal_size=(120, 40)
    )


def test_hotseat_curtain_during_the_draft_120x40(snap_compare: SnapCompare) -> None:
    """You should see the hand-off curtain "Pass to Ann" over the whole screen, and no
    card of either pack anywhere."""
    assert snap_compare(SceneApp(isle_hotseat_scene()), terminal_size=(120, 40))


async def test_a_long_buy_at_120x40_fits_with_the_boats_key_on_its_border() -> None:
    """At 120x40 a 4-player buy (seven drafted cards, some with long texts, under the
    boat) fits the hand pane whole, with the fish left at its foot: the key to the
    boat's drawing is on the boat's lower border, not a row of its own, while no tile
    is placed."""
    from tui.games.isle import IsleHandPane

    app = SceneApp(isle_buy_scene())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        hand = screen.query_one(IsleHandPane)
        assert hand.max_scroll_y == 0
        text = str(screen.query_one("#isle-hand-text", Static).visual)
        assert text.count(" fish:") + text.count(" fish ") >= 7, text
        assert "fish left for the cats" in text.split("\n")[-1]
        pane = screen.query_one(IsleBoatPane)
        assert "x rat  b g r p o maps" in Content.from_markup(pane.border_subtitle or "").plain
        assert not screen.query_one("#isle-boat-note").display


async def test_a_long_buy_in_a_shorter_terminal_scrolls_by_keys() -> None:
    """At 120x36 the same buy (the boat still shown over the hand) runs past the hand
    pane: the hand has the keys (nothing is placed on the boat), so the arrows and End
    scroll it to the last card."""
    from tui.games.isle import IsleHandPane

    app = SceneApp(isle_buy_scene())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        hand = screen.query_one(IsleHandPane)
        assert hand.has_focus and hand.max_scroll_y > 0
        await pilot.press("end")
        await pilot.wait_for_scheduled_animations()
        assert hand.scroll_y == hand.max_scroll_y


def test_rescue_keys_stay_put_for_the_day() -> None:
    """On every rescue turn Pass (or End) is on key 1, and each cat keeps its key for
    the whole day while cats are rescued around it (by Ann or the others); a new day
    deals new cats new keys."""
    from engine.games.isle.options import END, PASS, make
    from themes import glyphs_for
    from tui.games.base import Shown
    from tui.games.isle_scenes import FOUR, ISLE_SEED, isle_choice
    from tui.scenes import play_until

    table = make_table(FOUR, ISLE_SEED, game="isle")
    ui = IsleUI(glyphs_for(False))
    keys: dict[str, str | None] = {}
    day, turns, kept, cards = 0, 0, 0, 0

    def my_rescue(t: Table) -> bool:
        return any(p.kind == "rescue" for p in t.prompts_for(0))

    def buys_anytime(t: Table, p: Prompt) -> str:  # so that rescue turns offer a card
        if p.kind == "buy":
            drafted = t.view(0)["private"]["drafted"]
            for card in drafted:
                option = make("buy", str(card["id"]))
                if card["kind"] == "anytime" and option in {o.id for o in p.options}:
                    return option
        return isle_choice(t, p)

    while turns < 12 and play_until(table, my_rescue, buys_anytime):
        prompt = next(p for p in table.prompts_for(0) if p.kind == "rescue")
        view = table.view(0)
        shown = Shown(0, view["public"], view["private"], prompt, ("Ann", "Bea", "Cal", "Dot"), ())
        info = ui.prompt_info(shown)
        options = info.options
        # The bar lists Pass and the anytime cards; the cats' keys are on the island.
        assert info.on_cards == {o.option_id for o in options if o.option_id.startswith("rescue:")}
        assert not info.on_cards or "on the island" in info.hint, info.hint
        cards += sum(o.option_id.startswith("play:") for o in options)
        if view["public"]["day"] != day:
            day, keys = view["public"]["day"], {}
        assert [o.key for o in options if o.option_id in (PASS, END)] == ["1"]
        for o in options:
            if o.option_id.startswith("rescue:"):
                kept += o.option_id in keys
                assert keys.setdefault(o.option_id, o.key) == o.key, o.option_id
        turns += 1
        table.answer(0, prompt.id, isle_choice(table, prompt))
    assert turns >= 4 and kept >= 5  # several turns a day, cats met again
    assert cards >= 1, "no anytime card offered on a rescue turn: try another seed"


def test_isle_words_count_right() -> None:
    """Counted words agree with their number: "1 cat" in a field, "1 square" for a
    one-square treasure, rescue cards' baskets ("1 full basket and 1 half basket",
    "no basket"), a speed 4 card's "no basket" in the cards played; cards in hand are
    paid for and show no cost."""
    from engine.games.isle.rules import _baskets_words, tile_words
    from themes import glyphs_for
    from tui.games.base import Shown
    from tui.games.isle_scenes import isle_rescue_scene

    assert _baskets_words(1, 1) == "1 full basket and 1 half basket"
    assert _baskets_words(0, 2) == "2 half baskets" and _baskets_words(0, 0) == "no basket"
    assert tile_words("T1").endswith("(1 square)") and tile_words("T3").endswith("(3 squares)")
    table = isle_rescue_scene().table
    view = table.view(0)
    public = dict(view["public"])
    public["fields"] = [view["public"]["fields"][0][:1], view["public"]["fields"][1]]
    players = [dict(p) for p in public["players"]]
    players[1]["committed"] = [{"speed": 4, "basket": "none"}]
    public["players"] = players
    (prompt,) = table.prompts_for(0)
    shown = Shown(0, public, view["private"], prompt, ("Ann", "Bea", "Cal", "Dot"), ())
    ui = IsleUI(glyphs_for(False))
    assert "3 fish a cat, 1 cat\n" in ui.island_text(shown, 30).plain + "\n"
    assert "Bea: speed 4, no basket" in ui.played_text(shown).plain
    hand = ui.hand_text(shown, ui.prompt_info(shown), 44).plain
    assert "Rescue: speed 1, half basket" in hand and " fish\n" not in hand + "\n", hand


async def test_the_keys_screen_names_the_isle_panes_as_players_know_them() -> None:
    """? while a cat is placed: the boat's keys are "in your boat" (not the panes'
    internal names, "in isle main") and s works on "this screen", wherever the focus is."""
    from tui.screens.keys import KeysScreen

    app = SceneApp(isle_place_scene())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        where = {r.description: r.where for r in app.screen.rows}
        assert where["Place"] == "in your boat" and where["Score"] == "this screen"
        assert not [w for w in where.values() if "isle" in w]
        # How long keys last, in this game's words (not "for the whole game").
        assert (
            "a cat, and a card on your rescue and finds turns, keeps its key for the day"
            in app.screen.note
        )
        assert "for the whole game" not in app.screen.note


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 1)])
async def test_the_cards_played_are_never_cut_off_at_120x40(players: int, seed: int) -> None:
    """Day 2's and 3's rescue at 120x40: however many cards were played, the Played pane
    shows its whole text (the lessons' texts and the older cards give way first, the
    counts stay), a line of rescue cards per player."""
    from tui.games.isle import IslePlayedPane
    from tui.games.isle_scenes import isle_choice
    from tui.scenes import play_until

    seats = [("Ann", "human"), ("Bea", "bot"), ("Cal", "bot"), ("Dot", "bot")][:players]
    table = make_table(seats, seed, game="isle")
    for day in (2, 3):
        assert play_until(
            table,
            lambda t, day=day: (
                t.view(0)["public"]["day"] >= day
                and any(p.kind == "rescue" for p in t.prompts_for(0))
            ),
            isle_choice,
        )
        app = SceneApp(Scene(table, scene_settings()))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.pause()
            (pane,) = [p for p in app.screen.query(IslePlayedPane) if p.display]
            text = str(pane.visual)
            assert pane.content_size.height >= len(text.split("\n")), text
            assert "Rescue cards today" in text
            committed = [p for p in table.view(0)["public"]["players"] if p.get("committed")]
            assert text.count("speed") >= len(committed)


async def test_a_colour_asked_while_buying_takes_letter_keys() -> None:
    """Buying Colour Trio asks its colour at once: the colours are on their letters
    (b, g, r, o, u for purple), so a card's number key pressed a moment late (5, meant
    for the next card) changes nothing; u then chooses purple and the buying goes on."""
    app = SceneApp(isle_buy_scene())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        info = screen.prompt_info
        assert info is not None
        trio = next(o.key for o in info.options if o.label == "Buy Colour Trio")
        await pilot.press(trio)
        await pilot.pause()
        info = screen.prompt_info
        assert info is not None and info.kind == "colour", info
        keys = {o.label: o.key for o in info.options}
        assert [keys[c] for c in ("Blue", "Green", "Red", "Orange", "Purple")] == list("bgrou")
        await pilot.press("5")
        await pilot.pause()
        assert screen.prompt_info is not None and screen.prompt_info.kind == "colour"
        await pilot.press("u")
        await pilot.pause()
        assert screen.prompt_info is not None and screen.prompt_info.kind == "buy"


def test_the_hand_says_a_lone_half_basket() -> None:
    """During the rescue, an odd half basket on the cards revealed is said on the hand's
    basket line (it carries no cat alone); an even number is not."""
    import copy

    from themes import glyphs_for
    from tui.games.base import Shown
    from tui.games.isle import LONE_HALF

    table = isle_rescue_scene().table
    view = table.view(0)
    prompt = table.prompts_for(0)[0]
    seen = {}
    for halves in (1, 2):
        public = copy.deepcopy(view["public"])
        public["players"][0]["half_baskets"] = halves
        shown = Shown(0, public, view["private"], prompt, ("Ann", "Bea"), ("human", "bot"))
        ui = IsleUI(glyphs_for(False))
        seen[halves] = ui.hand_text(shown, ui.prompt_info(shown), 80).plain
    assert LONE_HALF.strip() in seen[1] and "lone half" not in seen[2]


async def test_escape_from_placing_a_rare_treasure_offers_the_treasures_again() -> None:
    """Treasure Hunt, a rare treasure chosen: it waits on the boat, the bar says Escape
    goes back, and Escape offers the treasures again (the card not played yet)."""
    app = SceneApp(isle_finds_scene())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        await pilot.press("1")  # play Treasure Hunt
        await pilot.pause()
        await pilot.press("1")  # the first rare treasure
        await pilot.pause()
        info = game.prompt_info
        assert info is not None and info.kind == "place"
        assert "Escape: back." in (info.hint or ""), info.hint
        await pilot.press("escape")
        await pilot.pause()
        info = game.prompt_info
        assert info is not None and info.kind == "treasure"


def test_an_oshax_keeps_its_key_whichever_are_left() -> None:
    """The Oshax X2, X5 and X6 left to choose from: they are on keys 2, 5 and 6 (the
    n-th of the six on key n), not renumbered 1-3 as the others are taken."""
    from engine.core import Option, Prompt
    from themes import glyphs_for
    from tui.games.base import Shown

    table = isle_finds_scene().table
    view = table.view(0)
    options = tuple(Option(f"oshax:X{n}", f"Take the Oshax X{n} (6 squares)") for n in (2, 5, 6))
    prompt = Prompt(
        "p1", 0, "oshax", "Choose an Oshax.", (*options, Option("back", "Back")), back_option="back"
    )
    shown = Shown(0, view["public"], view["private"], prompt, ("Ann", "Bea"), ("human", "bot"))
    info = IsleUI(glyphs_for(False)).prompt_info(shown)
    keys = {o.option_id: o.key for o in info.options}
    assert (keys["oshax:X2"], keys["oshax:X5"], keys["oshax:X6"]) == ("2", "5", "6"), keys


def test_the_island_says_who_is_still_choosing_in_a_step_taken_at_once() -> None:
    """The draft, buying, committing: everyone decides at once, and the island says who
    is still at it, the seat shown as "you" (and whether it is done)."""
    import copy

    from themes import glyphs_for
    from tui.games.base import Shown

    table = isle_draft_scene().table
    view = table.view(3)
    names = ("Bea", "Cal", "Dot", "Ann")
    said = {}
    for waiting in ([3, 1], [1], []):
        public = copy.deepcopy(view["public"])
        public["waiting"] = waiting
        shown = Shown(3, public, view["private"], None, names, ("bot",) * 3 + ("human",))
        said[len(waiting)] = IsleUI(glyphs_for(False)).island_text(shown, 80, None, ()).plain
    assert "Still choosing: you, Cal" in said[2]
    assert "Still choosing: Cal (you are done)" in said[1]
    assert "Everyone has chosen." in said[0]


def test_a_rescue_turn_says_why_some_cats_have_no_key() -> None:
    """A cat the seat cannot rescue has no key under it: the bar says why, only when
    there is such a cat."""
    from themes import glyphs_for
    from tui.games.base import Shown

    table = isle_rescue_scene().table
    view = table.view(0)
    prompt = table.prompts_for(0)[0]
    hints = []
    for drop in (0, 1):
        rescues = [o for o in prompt.options if o.id.startswith("rescue:")]
        gone = {o.id for o in rescues[:drop]}
        options = tuple(o for o in prompt.options if o.id not in gone)
        shown = Shown(
            0,
            view["public"],
            view["private"],
            prompt._replace(options=options),
            ("Ann", "Bea"),
            ("human", "bot"),
        )
        hints.append(IsleUI(glyphs_for(False)).prompt_info(shown).hint or "")
    assert "out of reach" not in hints[0] and "A cat with no key is out of reach" in hints[1]


def test_a_card_keeps_its_key_through_the_day_when_another_is_played() -> None:
    """Two cards in hand for the rare finds: each has its key; once the first is played
    (gone from the hand and the choices), the second keeps its key (it used to take
    the first's), and Pass is never on 1 (after "1 Place it for me")."""
    import copy

    from engine.core import Option, Prompt
    from themes import glyphs_for
    from tui.games.base import Shown

    table = isle_finds_scene().table
    view = table.view(0)
    private = copy.deepcopy(view["private"])
    hand = [c for c in private["hand"]][:1]
    assert hand, "the finds scene deals Ann a card"
    second = {**hand[0], "id": "k200", "number": 200, "name": "Another"}
    ui = IsleUI(glyphs_for(False))
    keys = []
    for cards in ([hand[0], second], [second]):
        private["hand"] = cards
        options = (
            *(Option(f"play:{c['id']}", f"Play {c['name']}") for c in cards),
            Option("pass", "Pass"),
        )
        prompt = Prompt("p", 0, "find", "Rare finds.", options)
        shown = Shown(0, view["public"], private, prompt, ("Ann", "Bea"), ("human", "bot"))
        keys.append({o.option_id: o.key for o in ui.prompt_info(shown).options})
    assert keys[0]["play:k200"] == keys[1]["play:k200"] and keys[0]["pass"] != "1"
    assert keys[1]["pass"] != "1"


def test_a_cat_has_the_same_key_for_every_seat_of_a_hot_seat_table() -> None:
    """Two humans share the screen: Bea's first rescue turn comes after Ann rescued a
    cat, yet every cat left is on the key Ann saw it on (the keys are the day's, not a
    seat's)."""
    import copy

    from themes import glyphs_for
    from tui.games.base import Shown

    table = isle_rescue_scene().table
    view = table.view(0)
    prompt = table.prompts_for(0)[0]
    ui = IsleUI(glyphs_for(False))
    names = ("Ann", "Bea", "Cal", "Dot")
    shown = Shown(0, view["public"], view["private"], prompt, names, ("human",) * 4)
    first = {o.option_id: o.key for o in ui.prompt_info(shown).options}
    rescues = [o for o in prompt.options if o.id.startswith("rescue:")]
    gone = rescues[0].id.split(":", 1)[1]
    public = copy.deepcopy(view["public"])
    public["fields"] = [[t for t in f if t["id"] != gone] for f in public["fields"]]
    later = prompt._replace(seat=1, options=tuple(o for o in prompt.options if o is not rescues[0]))
    shown = Shown(1, public, {"hand": []}, later, names, ("human",) * 4)
    second = {o.option_id: o.key for o in ui.prompt_info(shown).options}
    assert all(second[o.id] == first[o.id] for o in rescues[1:]), (first, second)


def _best_and_first(table: Table) -> tuple[int, int] | None:
    """While Ann places a tile: the squares of the planner's place for it and of the
    engine's first place from the stern."""
    from engine.games.isle.bots import Boat
    from engine.games.isle.shapes import legal_placements
    from tui.games.isle import occupied_of

    prompts = [p for p in table.prompts() if p.seat == 0 and p.kind == "place"]
    me = table.view(0)["public"]["players"][0]
    tile = me["placing"]
    if not prompts or tile is None:
        return None
    best = Boat(me).best(tile["shape"], tile["colour"])[1]
    legal = legal_placements(tile["shape"], occupied_of(me["cover"]), bool(me["anywhere"]))
    return None if best is None else (best[3], legal[0][3])


async def test_place_it_for_me_puts_the_tile_where_the_cursor_started() -> None:
    """ "1 Place it for me" places the tile where the cursor started, the place the
    planner reckons best, not at the engine's first place from the stern (a
    play-tester saw a better place ignored): what the player saw is what they get."""
    from tui.games.isle import occupied_of
    from tui.games.isle_scenes import isle_choice
    from tui.scenes import play_until

    table = make_table([("Ann", "human"), ("Bea", "bot")], 3, game="isle")

    def differ(t: Table) -> bool:
        masks = _best_and_first(t)
        return masks is not None and masks[0] != masks[1]

    assert play_until(table, differ, isle_choice)
    best, _first = _best_and_first(table) or (0, 0)
    before = occupied_of(table.view(0)["public"]["players"][0]["cover"])
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        info = game.prompt_info
        assert info is not None and info.kind == "place"
        assert "the cursor's start" in info.options[0].label
        await pilot.press(info.options[0].key or "")
        await pilot.pause()
        after = occupied_of(table.view(0)["public"]["players"][0]["cover"])
        assert after == before | best


async def test_the_island_says_when_the_side_column_has_the_focus_at_80x24() -> None:
    """At 80x24 Tab moves the focus to the side column (it scrolls the island): the
    island's border takes the focus colour, as the boat's and the hand's do."""
    from tui.games.isle import IsleIslandPane
    from tui.widgets.pane_stack import PaneStack

    app = SceneApp(isle_place_scene())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        island = app.screen.query_one(IsleIslandPane)
        before = island.styles.border_top
        focused_boat = app.screen.query_one(IsleBoatPane).styles.border_top  # focus in it
        for _ in range(4):
            if isinstance(app.focused, PaneStack):
                break
            await pilot.press("tab")
            await pilot.pause()
        assert isinstance(app.focused, PaneStack)
        assert island.styles.border_top != before
        assert island.styles.border_top == focused_boat  # the focus colour


async def test_a_tile_that_fits_where_it_lies_has_its_legal_squares_marked_however_turned() -> None:
    """Whatever r and f do to the tile, where it fits its squares are among those
    marked legal (a play-tester saw a straight tile, flipped, lose every mark: a
    symmetric tile's twins are listed once, under another orientation number)."""
    from tui.widgets.boat import BoatView

    app = SceneApp(isle_place_scene())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        boat = app.screen.query_one("#isle-boat", BoatView)
        seen = 0
        for key in ["f", "r", "f", "r", "f", "r", "f", "r"]:
            await pilot.press(key)
            await pilot.pause()
            data = boat.data
            assert data is not None and data.preview is not None
            if data.preview.legal:
                seen += 1
                assert set(data.preview.cells) <= data.legal, key
        assert seen


def _peeks(t: Table, p: Prompt) -> str:
    """:func:`isle_choice`, who keeps, buys and plays a Peek card whenever she can."""
    from tui.games.isle_scenes import isle_choice

    ids = [o.id for o in p.options]
    for verb in {"draft": ("keep",), "buy": ("buy",), "rescue": ("play",)}.get(p.kind, ()):
        for option in ids:
            if option.startswith(verb + ":") and "Peek" in (p.option(option) or p).label:
                return option
    return isle_choice(t, p)


async def test_cards_drawn_by_a_peek_take_the_boats_rows_at_80x24() -> None:
    """A Peek card played on a rescue turn at 80x24: its drawn cards are bought in the
    hand pane, which takes the boat's rows (as in the draft), not three rows under it."""
    from tui.games.isle import IsleBoatPane, IsleHandPane
    from tui.scenes import play_until

    def peeking(t: Table) -> bool:
        return any(p.kind == "buy" for p in t.prompts_for(0)) and (
            t.view(0)["public"]["phase"] == "rescue"
        )

    for seed in range(1, 30):
        table = make_table(SOLO, seed, game="isle")
        if play_until(table, peeking, _peeks):
            break
    else:
        raise AssertionError("no Peek card played: try other seeds")
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.screen.query_one(IsleHandPane)
        assert not app.screen.query_one(IsleBoatPane).display
        assert hand.size.height >= 12, hand.size


async def test_enter_at_an_illegal_place_changes_nothing_and_puts_no_toast_over_the_board() -> None:
    """Enter with the tile off the hull: nothing is placed, the bar still says why
    ("Not here: ..."), and no toast covers the island (a play-tester saw one)."""
    scene = isle_place_scene()
    app = SceneApp(scene)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("left", "left", "left"):
            await pilot.press(key)
        await pilot.pause()
        before = scene.table.to_json()
        await pilot.press("enter")
        await pilot.pause()
        assert scene.table.to_json() == before
        game = app.screen
        assert isinstance(game, GameScreen)
        info = game.prompt_info
        assert info is not None and (info.hint or "").startswith("Not here:"), info
        assert not [n for n in app._notifications if "Not here" in n.message]


async def test_escape_from_placing_a_cat_finds_the_cursor_on_that_cat() -> None:
    """A cat picked with the arrows, Enter, then Escape while it waits on the boat: the
    rescue turn again, the island's cursor on the cat picked (not back on the first)."""
    from tui.games.isle import IsleIslandPane

    app = SceneApp(isle_rescue_scene())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        island = app.screen.query_one(IsleIslandPane)
        assert len(island.cats) > 2
        island.focus()
        await pilot.press("right", "right")
        await pilot.pause()
        picked = island.cat
        assert picked is not None and picked != island.cats[0]
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        assert game.prompt_info is not None and game.prompt_info.kind == "place"
        await pilot.press("escape")
        await pilot.pause()
        assert game.prompt_info is not None and game.prompt_info.kind == "rescue"
        assert island.cat == picked and island.aimed == picked


def test_the_island_lists_the_others_in_turn_order_and_their_boats_level() -> None:
    """The other players stand in the day's turn order; the turn order breaks between
    players, never inside one ("speed" and its number together); and where one player's
    baskets and lessons take two lines, everyone's do, so the miniature boats side by
    side start on the same row."""
    from themes import glyphs_for
    from tui.games.base import Shown
    from tui.games.isle_scenes import isle_rescue_scene

    table = isle_rescue_scene().table
    view = table.view(0)
    public = dict(view["public"])
    (prompt,) = table.prompts_for(0)
    names = ("Ann", "Bea", "Cal", "Dot")
    shown = Shown(0, public, view["private"], prompt, names, ())
    ui = IsleUI(glyphs_for(False))
    order = [names[s] for s in public["order"] if s != 0]
    lines = ui.island_text(shown, 68).plain.splitlines()
    (names_row,) = [x for x in lines if all(n in x for n in order) and "Order" not in x]
    heads = [names_row.index(f"{name} ") for name in order]
    assert heads == sorted(heads) and order != ["Bea", "Cal", "Dot"], order
    narrow = ui.island_text(shown, 26).plain.splitlines()
    start = next(i for i, line in enumerate(narrow) if line.startswith("Order:"))
    entries = narrow[start : start + 4]
    assert all(not line.rstrip().endswith("speed") for line in entries), entries
    players = [dict(p) for p in public["players"]]
    players[3]["card_baskets"] = 2
    shown = Shown(0, {**public, "players": players}, view["private"], prompt, names, ())
    rows = ui.island_text(shown, 68).plain.splitlines()
    row = next(line for line in rows if "fish, " in line and "card" in line)
    stats = rows[rows.index(row) + 1]
    assert stats.count("baskets ") == 3 and "lesson" not in stats, stats
