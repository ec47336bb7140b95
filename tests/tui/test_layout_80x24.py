"""The app at 80x24: every key in the footer, every card on the board, toasts out of the way.

Whole games are played through the real app (:class:`tui.app.PurrchApp`, its global
stylesheet included) with key presses, and at every step the footer is checked: each
binding it offers is shown whole, left of the command palette's key.  Also: Stool
Pigeon with six players in a race (every crime scene card in sight), keys that do
nothing at the moment are not offered, the game-over screen keeps each card whole,
notifications sit at the top right, and a blurred app keeps its footer true.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.pilot import Pilot
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from engine.session import Table
from tui.app import PurrchApp
from tui.games.perch_scenes import PERCH
from tui.games.stool import SceneGrid, StoolBoard, grid_layout
from tui.games.stool_scenes import STOOL, stool_choice
from tui.scenes import DUO, FOUR, HOTSEAT, choose_among, make_table, play_until, scene_settings
from tui.screens.curtain import CurtainScreen
from tui.screens.game import CLAIM_KEYS, GameScreen
from tui.screens.game_over import GameOverScreen, ItemFlow
from tui.widgets import ReactionBanner

SnapCompare = Callable[..., bool]
SIZE = (80, 24)
MAX_STEPS = 1_500
SIX = (
    ("Ann", "human"),
    ("Bea", "bot"),
    ("Cal", "bot"),
    ("Dot", "bot"),
    ("Eve", "bot"),
    ("Fay", "bot"),
)
SIX_RACE_SEED = 25


def footer_items(app: PurrchApp) -> list[tuple[str, str, bool]]:
    """(key, description, shown whole) for every binding the current footer offers."""
    footer = app.screen.query_one(Footer)
    keys = list(footer.query(FooterKey))
    palette = [k for k in keys if k.has_class("-command-palette")]
    limit = palette[0].region.x if palette else footer.region.right
    out = []
    for key in keys:
        if key.has_class("-command-palette"):
            continue
        region = key.region
        out.append((key.key_display, key.description, region.width > 0 and region.right <= limit))
    return out


def check_footer(app: PurrchApp, seen: set[tuple[str, str]]) -> None:
    items = footer_items(app)
    cut = [(key, words) for key, words, whole in items if not whole]
    assert not cut, f"cut off in the footer of {type(app.screen).__name__}: {cut}"
    seen.update((key, words) for key, words, _whole in items)


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()  # the footer recomposes after a refresh


async def play_checking_footers(
    app: PurrchApp,
    pilot: Pilot[None],
    *,
    buzz: bool = False,
    races: int | None = None,
    kinds: set[str] | None = None,
) -> set[tuple[str, str]]:
    """Play to the game-over screen with keys (the simple player's choices; with
    ``buzz``, the seat shown buzzes in a race when its own turn is on the bar, then
    goes back with Escape once), checking the footer at every step.  ``races``: stop
    once that many races were buzzed into and backed out of; ``kinds`` gets the kind
    of every decision answered."""
    seen: set[tuple[str, str]] = set()
    backed: set[str] = set()
    for _ in range(MAX_STEPS):
        await settle(pilot)
        screen = app.screen
        check_footer(app, seen)
        if isinstance(screen, GameOverScreen):
            return seen
        if isinstance(screen, CurtainScreen):
            await pilot.press("enter")
            continue
        if not isinstance(screen, GameScreen):
            await pilot.pause(0.02)
            continue
        info = screen.prompt_info
        shown = screen.shown_seat
        banner = screen.query_one(ReactionBanner).info
        claim_keys = [key.lower() for key, _name in banner.claims] if banner else []
        if buzz and shown is not None and info is not None and info.kind != "race":
            mine = CLAIM_KEYS[shown]
            if mine in claim_keys:
                await pilot.press(mine)  # the race on the bar, the turn waiting
                await settle(pilot)
                check_footer(app, seen)
                bar = screen.prompt_info
                if bar is not None and bar.kind == "race" and bar.text not in backed:
                    backed.add(bar.text)
                    await pilot.press("escape")  # back to the turn, once per race
                    if races is not None and len(backed) >= races:
                        await settle(pilot)
                        check_footer(app, seen)
                        return seen
                    continue
                info = bar
        if info is not None and info.options:
            if kinds is not None:
                kinds.add(info.kind)
            ids = [o.option_id for o in info.options]
            choice = choose_among(screen.table.game.id, ids, info.kind)
            key = next(o.key for o in info.options if o.option_id == choice)
            assert key is not None
            await pilot.press(key)
            continue
        if claim_keys:
            await pilot.press(claim_keys[0])
            continue
        await pilot.pause(0.02)
    raise AssertionError("the game did not end")


def app_at(table: Table, *, ascii_only: bool = False) -> PurrchApp:
    return PurrchApp(scene_settings(ascii_only=ascii_only), table)


# ----------------------------------------------------------------------------- footers


async def test_stool_footers_fit_in_80_columns_in_every_phase() -> None:
    """Two humans hot-seat with bots and no countdown (the most keys): peeks, turns,
    swaps, races with their buzzers, Escape back to the turn, the game-over screen."""
    table = make_table(HOTSEAT, 2, game=STOOL)
    app = app_at(table)
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_checking_footers(app, pilot, buzz=True)
        assert {("⏎", "Pick"), ("m", "Memory"), ("esc", "Back"), ("4-7", "Choose")} <= seen
        assert ("1-l", "Choose") in seen  # a race: Pass, and the 16 positions on 4-l
        assert {("a", "Play again"), ("m", "Menu"), ("^t", "Theme")} <= seen
        assert ("n", "Nobody claims") not in seen  # the banner shows it, with the buzzers


async def test_stool_footers_fit_against_bots() -> None:
    table = make_table(FOUR, 2, game=STOOL)
    app = app_at(table)
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_checking_footers(app, pilot, buzz=True)
        assert ("esc", "Back") in seen and ("?", "Keys") in seen


async def test_stool_ascii_footers_fit_through_a_race() -> None:
    """ASCII keys are wider ("enter", "esc"): the densest footer, a race buzzed into on
    your own turn (Pick, Memory, Back, Choose and the app's keys), still fits; the
    game screen leaves "^p palette" out of it then (Ctrl+P still opens it)."""
    table = make_table(HOTSEAT, 2, game=STOOL)
    app = app_at(table, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_checking_footers(app, pilot, buzz=True, races=1)
        assert {("enter", "Pick"), ("m", "Memory"), ("esc", "Back"), ("^t", "Theme")} <= seen
        footer = app.screen.query_one(Footer)
        assert not [k for k in footer.query(FooterKey) if k.has_class("-command-palette")]
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert type(app.screen).__name__ == "CommandPalette"


async def test_pigeons_footers_fit_in_80_columns_in_every_phase() -> None:
    """Two humans hot-seat with bots and no countdown: turns, picks, reaction windows
    (the claim keys are in the banner, "n Nobody reacts" in the footer), game over.
    A short game (20 turns, seed 3) that still asks every kind of decision but the
    rare "choice"."""
    table = make_table(HOTSEAT, 3, {"turn_limit": 20})
    app = app_at(table)
    kinds: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_checking_footers(app, pilot, kinds=kinds)
        assert kinds == {"turn", "pick", "sale", "target", "window", "direction"}
        assert {("⏎", "Use"), ("n", "Nobody reacts")} <= seen
        assert any(words == "Choose" for _key, words in seen)
        assert ("a", "Play again") in seen
        assert not any(words.endswith("reacts") and key != "n" for key, words in seen)


async def test_perch_footers_fit_in_80_columns_in_every_phase() -> None:
    """Unicode keys only (the ASCII footers, a few columns wider, are not played
    through; pigeons' ASCII screen has a snapshot, test_game_screen.py::test_ascii).
    A short game (a 6-square dog track, seed 33: about 50 decisions) that still asks
    every kind of decision the game has."""
    table = make_table((("Ann", "human"), ("Bob", "human")), 33, {"dog_track": 6}, game=PERCH)
    app = app_at(table)
    kinds: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_checking_footers(app, pilot, kinds=kinds)
        assert ("a", "Play again") in seen
        chooses = {key for key, words in seen if words == "Choose"}
        assert "1" in chooses and "1-4" in chooses  # Flip alone; the four tokens
    assert kinds == {"token", "flip", "cat", "move", "branch", "bird", "fall"}


# ----------------------------------------------------------------------------- keys that do nothing


async def test_keys_that_do_nothing_now_are_not_offered() -> None:
    """Waiting for the others, the footer has no Enter and no Choose: Stool Pigeon's board
    offers Pick only with something to pick, Memory only with a seat's own view on
    screen; the pigeons hand offers Use only when the open decision can use a card."""
    table = make_table(DUO, 1, game=STOOL)
    app = app_at(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        board = game.query_one(StoolBoard)
        assert not board.check_action("memory_aid", ())  # behind the curtain: nobody's view
        await pilot.press("enter")
        await settle(pilot)
        keys = {key for key, _words, _whole in footer_items(app)}
        assert "m" in keys and "⏎" not in keys  # the peek: nothing to pick on the board

    table = make_table(FOUR, 171)
    play_until(table, lambda t: any(p.kind == "turn" and p.seat == 0 for p in t.prompts()))
    app = app_at(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert ("⏎", "Use", True) in footer_items(app)
        game = app.screen
        assert isinstance(game, GameScreen) and game.prompt_info is not None
        await pilot.press(next(o.key for o in game.prompt_info.options if o.option_id == "draw"))
        await settle(pilot)
        for _ in range(50):  # the bots play (instantly), then it is Ann's turn again
            items = footer_items(app)
            keys = {key for key, _words, _whole in items}
            info = game.prompt_info
            if info is None or not info.options:
                assert "⏎" not in keys and "Choose" not in {words for _k, words, _w in items}
            await pilot.pause(0.01)


async def test_a_blurred_app_keeps_its_footer_true() -> None:
    """The terminal loses the focus (another window, another tmux pane): the footer
    still follows the game."""
    table = make_table(FOUR, 171)
    app = app_at(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        app.post_message(events.AppBlur())
        await settle(pilot)
        assert app.app_focus
        before = {key for key, _words, _whole in footer_items(app)}
        assert "⏎" in before
        game.query_one("#hand-list").blur()  # the hand no longer has the keys
        await settle(pilot)
        assert "⏎" not in {key for key, _words, _whole in footer_items(app)}


# ----------------------------------------------------------------------------- six players


def six_player_race() -> Table:
    """Ann against five bots in round 2: a race for a 7 is on while her turn waits, and
    she holds five cards (a penalty card at A5)."""
    table = make_table(SIX, SIX_RACE_SEED, game=STOOL)

    def racing(t: Table) -> bool:
        kinds = {p.kind for p in t.prompts_for(0)}
        return "race" in kinds and "draw" in kinds

    assert play_until(table, racing, stool_choice)
    return table


async def test_six_crime_scenes_stay_in_sight_at_80x24() -> None:
    """Every card of the six crime scenes is drawn inside the grid, before and after
    Ann buzzes (the race's 25 positions then fill the prompt bar)."""
    app = app_at(six_player_race())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for press in ((), ("f2",)):
            for key in press:
                await pilot.press(key)
                await settle(pilot)
            game = app.screen
            assert isinstance(game, GameScreen)
            grid = game.query_one(SceneGrid)
            data = grid.data
            assert data is not None
            size = grid.size
            lines, where = grid_layout(
                data, size.width, size.height, grid.glyphs, cursor=None, focused=False
            )
            assert len(lines) <= size.height
            assert set(where) == set(data.positions) and len(data.positions) == 23
            info = game.prompt_info
            assert info is not None
            offered = {o.label for o in info.options}
            assert (info.kind == "race") == bool(press)
            if press:
                assert set(data.positions) <= offered  # a key for each, and each in sight


def test_six_players_race_80x24(snap_compare: SnapCompare) -> None:
    """You should see Stool Pigeon at 80x24 with six players (Ann and five bots) in a
    race for a 7, after Ann pressed her buzzer (F2): the board shows all six crime
    scenes, three side by side in two bands, every position of every scene in sight
    (A1 to A5, B2 to B4, C1 to C4, D1 to D4, E1, E2, E4, F1 to F4; gaps where cards
    were eliminated); the yellow race banner with "F2 Ann: press to claim"; the prompt
    bar lists Pass on 1, A5 on 2 (a position past the 24 the six scenes start with,
    which have the keys 4 to z, follows), then A1 on 4 ... F4 on z, gaps included (B1's
    key 8 unused), then a one-line hint ending "Escape: back to your turn."; the footer
    holds every key, whole: ⏎ Pick, m Memory, esc Back, 1-z Choose, ^q Quit, f1 Rules,
    ? Keys, ^t Theme, and ^p palette."""
    assert snap_compare(app_at(six_player_race()), press=["f2"], terminal_size=SIZE)


# ----------------------------------------------------------------------------- game over


async def test_a_revealed_hand_never_breaks_inside_a_card() -> None:
    """At 80 columns the game-over hands wrap between two groups of cards only."""
    from tui.games.pigeons_scenes import over_scene

    scene = over_scene()
    app = app_at(scene.table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        flows = list(screen.query(ItemFlow))
        assert len(flows) == 4
        for flow in flows:
            items = [item.plain for item in flow.items]
            width = flow.size.width
            lines = [line.plain for line in flow._lines(width)]
            assert all(len(line) <= width for line in lines)
            # Each line is whole items, three spaces apart.
            rebuilt = [part for line in lines for part in line.split("   ")]
            assert rebuilt == items
        assert any(len(flow._lines(flow.size.width)) > 1 for flow in flows)  # one wraps
        keys = {key: words for key, words, _whole in footer_items(app)}
        assert keys["a"] == "Play again" and keys["m"] == "Menu"


# ----------------------------------------------------------------------------- notifications


async def test_notifications_sit_at_the_top_right() -> None:
    """A toast covers neither the prompt bar nor the banner: it is at the top right,
    over the side column."""
    table = make_table(HOTSEAT, 2, game=STOOL)

    def racing(t: Table) -> bool:
        prompts = t.prompts()
        asked = {p.seat for p in prompts if p.kind == "race"}
        return {0, 1} <= asked and any(p.kind == "draw" and p.seat == 1 for p in prompts)

    assert play_until(table, racing, stool_choice)
    app = app_at(table)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        app.notify("Bob is back (seat 2).", title="Connection")
        await pilot.pause(0.2)
        toasts = list(game.query("Toast"))
        assert len(toasts) == 1
        toast = toasts[0].region
        banner = game.query_one(ReactionBanner).region
        prompt = game.query_one("#prompt").region
        board = game.query_one(StoolBoard).region
        log = game.query_one("#log").region
        assert banner.height > 0 and prompt.height > 0
        assert not toast.overlaps(banner) and not toast.overlaps(prompt)
        assert not toast.overlaps(board)
        assert toast.y <= 2 and toast.right == SIZE[0] and log.contains_region(toast)


async def test_stool_words_escape_and_n_its_way_and_both_still_work() -> None:
    """Stool Pigeon's board words Escape "Back" (back to your turn) and leaves the
    "nobody claims" key to the banner; both run the game screen's own actions.

    In hot-seat a turn waits behind a race another human watches: Bob's draw comes
    behind his curtain once nobody claims.  Escape is offered to a racer with a turn
    underneath when no other human is asked (Ann alone against bots).
    """
    from tui.games.stool_scenes import stool_race_scene

    scene = stool_race_scene()
    table = scene.table
    app = PurrchApp(scene.settings, table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.shown_seat is None  # the race is public
        items = {key: words for key, words, _whole in footer_items(app)}
        assert "n" not in items and "esc" not in items
        banner = game.query_one(ReactionBanner).info
        assert banner is not None and banner.nobody_key == "n"
        assert [name for _key, name in banner.claims] == ["Ann", "Bob"]
        await pilot.press("f3")  # Bob buzzes: his curtain, then the race on his bar
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert game.shown_seat == 1
        assert game.prompt_info is not None and game.prompt_info.kind == "race"
        # Ann is still asked: Bob's turn may not come up on the screen she watches.
        assert "esc" not in {key for key, _words, _whole in footer_items(app)}
        await pilot.press("escape")
        await settle(pilot)
        assert game.prompt_info is not None and game.prompt_info.kind == "race"
        await pilot.press(game.prompt_info.options[-1].key or "1")  # Bob lets it go
        await settle(pilot)
        assert game.shown_seat is None  # Ann still watches the race
        await pilot.press("n")  # nobody claims: the race is over for every human
        await settle(pilot)
        assert not any(p.kind == "race" for p in table.prompts())
        assert isinstance(app.screen, CurtainScreen) and app.screen.player == "Bob"
        await pilot.press("enter")
        await settle(pilot)
        assert game.shown_seat == 1
        assert game.prompt_info is not None and game.prompt_info.kind == "draw"


async def test_a_racer_alone_with_bots_may_go_back_to_the_turn() -> None:
    """With no other human asked, a seat's turn stays on screen during a race; its
    claim key puts the race on the bar and Escape goes back to the turn."""
    table = make_table(FOUR, 2, game=STOOL)

    def racing(t: Table) -> bool:
        mine = {p.kind for p in t.prompts_for(0)}
        return {"race", "draw"} <= mine

    play_until(table, racing, stool_choice)
    app = app_at(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.shown_seat == 0
        assert game.prompt_info is not None and game.prompt_info.kind == "draw"
        await pilot.press(CLAIM_KEYS[0])
        await settle(pilot)
        assert game.prompt_info is not None and game.prompt_info.kind == "race"
        assert {key: words for key, words, _whole in footer_items(app)}["esc"] == "Back"
        await pilot.press("escape")
        await settle(pilot)
        assert game.prompt_info is not None and game.prompt_info.kind == "draw"
        assert any(p.kind == "race" and p.seat == 0 for p in table.prompts())
