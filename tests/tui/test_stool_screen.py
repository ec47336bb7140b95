"""The game screen playing Stool Pigeon: snapshots of every scene, privacy, picking, racing.

Scenes come from ``tui.scenes`` (fixed seeds, instant bots, no countdown on
screen), so the snapshots are the same on every run.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.pilot import Pilot

from engine.core import Event, Prompt
from engine.session import Table
from themes import glyphs_for
from tui.games.stool import BoardData, SceneGrid, StoolBoard, StoolUI
from tui.games.stool_scenes import (
    STOOL,
    stool_choice,
    stool_knock_scene,
    stool_over_scene,
    stool_peek_scene,
    stool_race_scene,
    stool_start_scene,
)
from tui.scenes import DUO, FOUR, HOTSEAT, Scene, make_table, play_until, scene_settings
from tui.screens.curtain import CurtainScreen
from tui.screens.game import GameScreen
from tui.screenshots import SceneApp
from tui.widgets import LogLine, LogPane, ReactionBanner

SnapCompare = Callable[..., bool]


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


def run_before(scene: Scene) -> Callable[[Pilot[None]], Awaitable[None]]:
    async def before(pilot: Pilot[None]) -> None:
        await settle(pilot)
        for key in scene.press:
            await pilot.press(key)
            await settle(pilot)

    return before


def game_screen(app: SceneApp) -> GameScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, GameScreen):
            return screen
    raise AssertionError("no game screen")


def board(game: GameScreen) -> BoardData:
    data = game.query_one(StoolBoard).data
    assert data is not None
    return data


def private_faces(data: BoardData) -> dict[str, str]:
    """Every card the board shows face up that is not public (peeks, the memory aid)."""
    return {
        slot.pos: slot.face.name
        for scene in data.grid.scenes
        for slot in scene.slots
        if slot.face is not None and slot.seen in ("peek", "memory")
    }


def key_for(game: GameScreen, option_id: str) -> str:
    info = game.prompt_info
    assert info is not None
    for option in info.options:
        if option.option_id == option_id and option.key:
            return option.key
    raise AssertionError(f"no key for {option_id} in {info}")


# ----------------------------------------------------------------------------- snapshots


def test_start_80x24(snap_compare: SnapCompare) -> None:
    """You should see the start of a game of Ann against three bots at 80x24: the board
    titled "Crime scenes — memory aid off" with DRAW 38 and an empty PLAY pile, the four
    crime scenes (A Ann you, B Bea, C Cal, D Dot, bots marked with a cog) as two by two
    face-down cards A1 A2 / A3 A4, Ann's bottom cards face up (A3 a Stool Pigeon "7S",
    A4 a 9) and "You see: A3 is a Stool Pigeon (7), A4 is a 9." under them; the log
    of the bots' peeks; the prompt bar asking Ann to look at her two bottom cards, with
    1 to say she has; "m Memory aid" in the footer."""
    scene = stool_start_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


def test_start_120x40(snap_compare: SnapCompare) -> None:
    """You should see the same start at 120x40, using the room: big framed cards (the
    position on top, a gap, the card back or the face below it, and a named card's name:
    A3 "7S" over "Stool Pigeon", A4 "9"), the four crime scenes two by two in the middle
    of the board (no gap at its right), the board and the log taller, nothing cut off."""
    scene = stool_start_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(120, 40))


def test_peek(snap_compare: SnapCompare) -> None:
    """You should see Ann peeking with a Stool Pigeon: the PLAY top is "Stool Pigeon 7
    (can't be taken)", it is Ann's turn in round 3, Bea's B2 is face up and underlined
    (a 7) and only there, "You see: B2 is a 7." at the bottom of the board, the log ends
    with "Ann peeks at B2." (not the card), and the prompt bar says "Stool Pigeon: you
    peek at B2." with 1 OK."""
    scene = stool_peek_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


def test_race(snap_compare: SnapCompare) -> None:
    """You should see a race in hot-seat, on the table's screen: the PLAY top is a 6,
    "Bob's turn (round 1). Race for the 6!" on the board, every card face down and no
    private pane (Bob's turn waits behind the race); the yellow banner "Ann played a 6:
    race! Claim a matching 6 in any crime scene, or pass." with the buzzers "F2 Ann, F3
    Bob: press to claim" and "n nobody claims"; the prompt bar waits for Ann and Bob."""
    scene = stool_race_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


def test_knock(snap_compare: SnapCompare) -> None:
    """You should see Ann's last turn: the board says "Ann's turn (round 4)." and, in
    yellow, "⚑ Bea knocked: 1 last turn left."; Bea's crime scene is marked with the flag;
    some positions are gaps (eliminated cards); the prompt bar says "It is your last
    turn." with 1 Draw from the DRAW pile."""
    scene = stool_knock_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


def test_final_reveal(snap_compare: SnapCompare) -> None:
    """You should see the game-over screen of a finished game: "Cal wins!", the
    tie-break ("Bea and Cal tie on 4; Cal wins with the fewest cards (1).") and the Rat's
    value ("The Rat (in A5) is worth 7: the top DRAW card is a 7."); then every crime
    scene revealed: each seat's letter, name, total and number of cards (Cal marked as
    the winner), and every card face up at its position (A1 Stool Pigeon 7 ... A5 Rat=7,
    Kingpin 1, Vendetta 3); the keys a Play again and m Menu."""
    scene = stool_over_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


# ----------------------------------------------------------------------------- privacy


async def test_curtains_hide_each_players_bottom_cards() -> None:
    table = make_table(DUO, 5, game=STOOL)
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        bottom = {seat: {p["pos"] for p in table.view(seat)["private"]["peek"]} for seat in (0, 1)}
        for seat, name in ((0, "Ann"), (1, "Bob")):
            curtain = app.screen
            assert isinstance(curtain, CurtainScreen) and curtain.player == name
            assert "bottom cards" in curtain.reason
            # Behind the curtain, nobody's cards: no face, no private line, no owner.
            data = board(game)
            assert data.owner is None and not private_faces(data) and not data.private.plain
            assert not any(line.private for line in game.query_one(LogPane).feed)
            await pilot.press("enter")
            await settle(pilot)
            data = board(game)
            assert data.owner == name
            assert set(private_faces(data)) == bottom[seat]  # its own two, only
            await pilot.press(key_for(game, "done"))
            await settle(pilot)
        # Both have looked: Ann's turn, behind her curtain again.
        assert isinstance(app.screen, CurtainScreen) and app.screen.reason == "It is Ann's turn."


def play_turns_first(table: Table, stop: Callable[[Table], bool], limit: int = 400) -> bool:
    """Like ``play_until``, but a seat's turn before anybody's race answer (races stay open)."""
    for _ in range(limit):
        table.run_bots()
        if stop(table) or table.is_over:
            return stop(table)
        prompts = [p for p in table.prompts() if table.seats[p.seat].is_human]
        turn = [p for p in prompts if p.pass_option is None]
        prompt = (turn or prompts)[0]
        table.answer(prompt.seat, prompt.id, stool_choice(table, prompt))
    return False


async def test_a_buzzer_curtain_hides_the_drawn_card() -> None:
    """Bob may buzz while Ann holds the card she drew: her turn waits behind the race
    (nobody's cards on screen), his screen never shows her card, and once the race is
    over her turn comes back behind her curtain."""
    table = make_table(DUO, 1, game=STOOL)

    def holding_with_race(t: Table) -> bool:
        prompts = t.prompts()
        return any(p.kind == "swap" and p.seat == 0 for p in prompts) and any(
            p.kind == "race" and p.seat == 1 for p in prompts
        )

    assert play_turns_first(table, holding_with_race)
    drawn = table.view(0)["private"]["drawn"]["name"]
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        # Bob watches the race: Ann's turn waits behind it, her card nowhere on screen.
        assert app.screen is game and game.shown_seat is None
        data = board(game)
        assert data.owner is None and not data.private.plain and not private_faces(data)
        banner = game.query_one(ReactionBanner).info
        assert banner is not None and ("F3", "Bob") in banner.claims
        await pilot.press("f3")
        await settle(pilot)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.reason == "Bob wants to claim."
        await pilot.press("enter")
        await settle(pilot)
        assert game.shown_seat == 1
        assert "You drew" not in board(game).private.plain
        info = game.prompt_info
        assert info is not None and info.kind == "race"
        await pilot.press(key_for(game, "pass"))
        await settle(pilot)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.reason == "Back to Ann's turn."
        data = board(game)
        assert data.owner is None and not data.private.plain and not private_faces(data)
        await pilot.press("enter")
        await settle(pilot)
        assert game.shown_seat == 0
        text = board(game).private.plain
        assert "You drew" in text and drawn in text


async def test_a_card_taken_from_the_play_pile_is_taken_not_drawn() -> None:
    table = make_table(FOUR, 2, game=STOOL)

    def may_take(t: Table) -> bool:
        return any(p.seat == 0 and any(o.id == "take" for o in p.options) for p in t.prompts())

    assert play_turns_first(table, may_take)
    prompt = next(p for p in table.prompts() if p.seat == 0 and p.pass_option is None)
    table.answer(0, prompt.id, "take")
    taken = table.view(0)["private"]["drawn"]["name"]
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = board(game_screen(app)).private.plain
        assert text.startswith("You took ") and taken in text


async def test_memory_aid_shows_what_you_saw_and_the_private_log() -> None:
    scene = stool_start_scene()
    table = scene.table
    app = SceneApp(scene)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        await pilot.press(key_for(game, "done"))
        await settle(pilot)
        # The peek is over: the aid is off, so the cards are face down again and the log
        # says what Ann did in public words only.
        assert not private_faces(board(game))
        feed = game.query_one(LogPane).feed
        assert any(line.text == "You have peeked at A3 and A4." for line in feed)
        assert not any(line.private for line in feed)
        assert "memory aid off" in board(game).title
        await pilot.press("m")
        await settle(pilot)
        memory = table.view(0)["private"]["memory"]
        assert set(private_faces(board(game))) == set(memory) >= {"A3", "A4"}
        assert "memory aid on" in board(game).title
        assert any(line.private and "You peek at" in line.text for line in feed_of(game))
        await pilot.press("m")
        await settle(pilot)
        assert not private_faces(board(game))
        assert not any(line.private for line in feed_of(game))


def feed_of(game: GameScreen) -> tuple[LogLine, ...]:
    return tuple(game.query_one(LogPane).feed)


# ----------------------------------------------------------------------------- picking


async def test_arrows_and_enter_pick_a_position() -> None:
    scene = stool_start_scene()
    table = scene.table
    app = SceneApp(scene)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        await pilot.press(key_for(game, "done"))
        await settle(pilot)
        await pilot.press(key_for(game, "draw"))
        await settle(pilot)
        info = game.prompt_info
        assert info is not None and info.kind == "swap"
        # The options are Ann's positions, with short labels and keys.
        assert [o.label for o in info.options] == ["A1", "A2", "A3", "A4"]
        grid = game.query_one(SceneGrid)
        assert grid.has_focus and grid.cursor == "A1"
        await pilot.press("right", "down", "left", "up", "down")  # A2, A4, A3, A1, A3
        assert grid.cursor == "A3"
        await pilot.press("enter")
        await settle(pilot)
        assert any(e.text.startswith("Ann plays") and "from A3" in e.text for e in table.log)


async def test_a_position_that_cannot_be_picked_only_warns() -> None:
    scene = stool_start_scene()
    table = scene.table
    app = SceneApp(scene)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        await pilot.press(key_for(game, "done"))
        await pilot.press(key_for(game, "draw"))
        await settle(pilot)
        log = len(table.log)
        game.post_message(SceneGrid.PositionChosen("B1"))  # not Ann's: no swap there
        await settle(pilot)
        assert len(table.log) == log
        assert any("B1 cannot be picked" in n.message for n in app._notifications)


async def test_the_seat_shown_buzzes_to_claim_and_escape_goes_back() -> None:
    """Ann alone against bots: her own buzzer puts the race on her bar (no curtain) and
    Escape takes her back to her turn."""
    table = make_table(FOUR, 2, game=STOOL)

    def racing(t: Table) -> bool:
        return {"race", "draw"} <= {p.kind for p in t.prompts_for(0)}

    assert play_until(table, racing, stool_choice)
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        assert game.shown_seat == 0
        assert game.prompt_info is not None and game.prompt_info.kind == "draw"
        await pilot.press("f2")  # Ann's own buzzer: no curtain, the race on her bar
        await settle(pilot)
        assert app.screen is game
        info = game.prompt_info
        assert info is not None and info.kind == "race" and "Escape" in info.hint
        assert [o.label for o in info.options[:3]] == ["Pass", "A1", "A2"]
        await pilot.press("escape")
        await settle(pilot)
        assert game.prompt_info is not None and game.prompt_info.kind == "draw"


def hotseat_race() -> Table:
    """Ann and Bob (and two bots) in a race, Bob's draw waiting behind it."""
    table = make_table(HOTSEAT, 2, game=STOOL)

    def racing(t: Table) -> bool:
        prompts = t.prompts()
        asked = {p.seat for p in prompts if p.kind == "race"}
        return {0, 1} <= asked and any(p.kind == "draw" and p.seat == 1 for p in prompts)

    assert play_until(table, racing, stool_choice)
    return table


async def test_a_right_claim_on_another_scene_then_the_give_back() -> None:
    """Bob buzzes in the race (his curtain), claims the matching 5 in Dot's crime scene,
    gives Dot one of his cards for the emptied position, and goes on with his turn (the
    race is over: no curtain)."""
    table = hotseat_race()
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        assert game.shown_seat is None  # Ann and Bob watch the race
        await pilot.press("f3")
        await settle(pilot)
        await pilot.press("enter")  # Bob's curtain
        await settle(pilot)
        assert game.shown_seat == 1
        await pilot.press(key_for(game, "claim:D2"))  # the test knows where the 5 is
        await settle(pilot)
        assert any(e.text.startswith("Bob claims D2: it is a 5, eliminated!") for e in table.log)
        info = game.prompt_info
        assert info is not None and info.kind == "giveback"
        assert [o.label for o in info.options] == ["B1", "B2", "B3", "B4"]
        assert "D2" in {
            slot.pos for sc in board(game).grid.scenes for slot in sc.slots if slot.picked
        }
        await pilot.press(key_for(game, "slot:B3"))
        await settle(pilot)
        assert table.log[-1].text == "Bob gives Dot the card from B3: it goes face down into D2."
        info = game.prompt_info
        assert info is not None and info.kind == "draw" and game.shown_seat == 1
        assert app.screen is game  # no curtain: Bob still has the keyboard


async def test_a_second_buzzer_waits_for_the_first_claimer() -> None:
    """QA: Ann buzzed and had her claim on the bar; Bob's buzzer then took the screen
    and Ann's claim was gone, without a word; then Bob's claim was dropped.  Now Bob is
    told that Ann claimed first, Ann keeps the screen and her claim, and once she has
    chosen Bob's claim gets the screen, the race still open for him."""
    table = hotseat_race()
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press("enter")  # Ann's curtain
        await settle(pilot)
        assert game.shown_seat == 0
        info = game.prompt_info
        assert info is not None and info.kind == "race"
        log = len(table.log)
        await pilot.press("f3")  # Bob buzzes while Ann chooses
        await settle(pilot)
        assert app.screen is game and game.shown_seat == 0
        assert game.prompt_info == info
        assert [n.message for n in app._notifications][-1] == (
            "Ann claimed first: Bob may claim once Ann has chosen (the claim is kept)."
        )
        assert len(table.log) == log
        # While Bob's claim waits, the table's clock does not run: no countdown can
        # close the race before Bob has the screen.
        ticks: list[None] = []
        tick = table.tick
        table.tick = lambda: ticks.append(None) or tick()  # type: ignore[method-assign]
        game._advance()
        assert ticks == []
        table.tick = tick  # type: ignore[method-assign]
        await pilot.press(key_for(game, "pass"))  # Ann has chosen: the screen goes to Bob
        await settle(pilot)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.reason == "Bob wants to claim."
        await pilot.press("enter")
        await settle(pilot)
        assert game.shown_seat == 1
        info = game.prompt_info
        assert info is not None and info.kind == "race"


# ----------------------------------------------------------------------------- pure helpers


def test_the_result_says_the_tie_break_and_the_rat() -> None:
    """The game-over words come from the public view: no winner after every tie-break."""
    card = {"kind": "witness", "name": "3", "value": 3, "pigeon": None}
    rat = {"kind": "rat", "name": "Rat", "value": None, "pigeon": None}
    public = {
        "seats": [
            {"seat": 0, "letter": "A", "slots": [{"pos": "A1", "empty": False, "card": card}]},
            {"seat": 1, "letter": "B", "slots": [{"pos": "B1", "empty": False, "card": rat}]},
        ],
        "result": {
            "winners": [],
            "reason": "Ann and Bob tie on 3; ... no one wins.",
            "scores": [3, 3],
            "cards": [1, 1],
            "rat_value": 3,
            "rat_card": card,
            "rat_pos": "B1",
        },
    }
    ui = StoolUI(glyphs_for(False))
    result = ui.result(public, ("Ann", "Bob"))
    assert result.title == "No one wins."
    assert result.reason.splitlines() == [
        "Ann and Bob tie on 3; ... no one wins.",
        "The Rat (in B1) is worth 3: the top DRAW card is a 3.",
    ]
    assert [s.plain.split("\n")[0].strip() for s in result.sections] == [
        "A Ann  total 3 (1 card)",
        "B Bob  total 3 (1 card)",
    ]
    assert "Rat=3" in result.sections[1].plain


def test_private_log_lines_only_with_the_memory_aid() -> None:
    ui = StoolUI(glyphs_for(False))
    event = Event("Ann peeks at C1.", ((0, "You peek at C1: a 4."),), kind="look")
    assert ui.log_line(event, 0).text == "Ann peeks at C1."
    assert ui.log_line(event, None).text == "Ann peeks at C1."
    ui.memory_aid.add(0)
    line = ui.log_line(event, 0)
    assert line.text == "You peek at C1: a 4." and line.private
    assert ui.log_line(event, 1).text == "Ann peeks at C1."  # Bob's aid is his own


async def test_wide_letters_in_names_are_cut_by_columns_not_characters() -> None:
    """Sixteen Chinese letters take 32 columns: the name is cut to its room, and the
    next scene's heading stays on the same line (it wrapped under the first one)."""
    from textual.widget import Widget

    from tui.widgets.seats import fit_name

    assert fit_name("Wilhelmina Smith", 10) == "Wilhelmin."
    assert fit_name("猫" * 16, 10) == "猫" * 4 + "."
    assert fit_name("猫猫", 4) == "猫猫"
    table = make_table(
        [("猫" * 16, "human"), ("W" * 16, "bot"), ("Carl", "bot")], seed=3, game="stool"
    )
    app = SceneApp(Scene(table, scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid: Widget = app.screen.query_one(SceneGrid)
        lines = [s.text for s in grid.render_lines(grid.region.reset_offset)]
        heading = next(line for line in lines if "猫" in line)
        assert "W" in heading, lines


def test_a_position_keeps_its_key_when_a_card_is_eliminated() -> None:
    """Race keys: Pass on 1, and every position of the board on its own key (after the
    three kept for Pass, Draw...), gaps included, so a card eliminated before it does
    not move a position's key (a player pressed the key B4 had a moment ago and
    claimed another card)."""
    from tui.games.base import Shown
    from tui.widgets import OPTION_KEYS

    table = make_table(FOUR, 2, game=STOOL)
    ui = StoolUI(glyphs_for(False))

    def keys_now(t: Table) -> dict[str, str | None]:
        (prompt,) = [p for p in t.prompts_for(0) if p.kind == "race"]
        view = t.view(0)
        shown = Shown(0, view["public"], view["private"], prompt, ("A", "B", "C", "D"), ())
        return {o.option_id: o.key for o in ui.prompt_info(shown).options}

    def race_with_a_gap(t: Table) -> bool:
        slots = [slot for sv in t.view(0)["public"]["seats"] for slot in sv["slots"]]
        racing = any(p.kind == "race" for p in t.prompts_for(0))
        return racing and any(slot["empty"] for slot in slots[:-1])

    assert play_until(table, race_with_a_gap, stool_choice)
    keys = keys_now(table)
    board = [str(s["pos"]) for sv in table.view(0)["public"]["seats"] for s in sv["slots"]]
    assert keys["pass"] == "1"
    for option_id, key in keys.items():
        if option_id.startswith("claim:"):
            assert (
                key
                == OPTION_KEYS[StoolUI.loose_keys + board.index(option_id.removeprefix("claim:"))]
            )
    gaps = [i for i, pos in enumerate(board) if f"claim:{pos}" not in keys]
    assert (
        gaps and OPTION_KEYS[StoolUI.loose_keys + gaps[0]] not in keys.values()
    )  # a gap's key is unused


def test_the_bar_lists_options_in_key_order() -> None:
    """A Kingpin offers "Give ..." (plain options, keys 1-3) and "Eliminate A1..."
    (positions, keyed after them): the bar lists 1, 2, 3 before 4, 5..., not the
    positions first."""
    from tui.games.base import Shown
    from tui.widgets import OPTION_KEYS

    table = make_table(FOUR, 2, game=STOOL)
    ui = StoolUI(glyphs_for(False))

    def kingpin(t: Table) -> bool:
        return any(p.kind == "kingpin" for p in t.prompts_for(0))

    def choose(t: Table, prompt: Prompt) -> str:
        ids = [o.id for o in prompt.options]
        if prompt.kind == "draw" and prompt.seat == 0:
            return "draw" if "draw" in ids else ids[0]
        return stool_choice(t, prompt)

    assert play_until(table, kingpin, choose, limit=20_000)
    (prompt,) = table.prompts_for(0)
    view = table.view(0)
    shown = Shown(0, view["public"], view["private"], prompt, ("A", "B", "C", "D"), ())
    options = ui.prompt_info(shown).options
    keys = [o.key for o in options if o.key is not None]
    assert keys == sorted(keys, key=OPTION_KEYS.index)
    kinds = [o.option_id.split(":")[0] for o in options]
    assert kinds.index("give") < kinds.index("eliminate"), kinds
