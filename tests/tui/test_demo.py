"""``purrch demo`` through the app: bots play a whole game on the normal game screen,
narrated; Space, Right and Left drive it; the menu's "Watch a demo" starts one."""

from __future__ import annotations

import json
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button

from engine.games import REGISTRY
from tui.app import PurrchApp
from tui.scenes import scene_settings
from tui.screens.demo import ALL_SEEING, DemoScreen, DemoSpec, NarrationLine
from tui.screens.game_over import GameOverScreen
from tui.screens.menu import MenuScreen
from tui.seating import has_screen

SHOWN = sorted(g for g in REGISTRY if has_screen(g))
MAX_PAUSES = 5000


def demo_app(spec: DemoSpec) -> PurrchApp:
    return PurrchApp(scene_settings(), None, demo=spec)


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()


def demo_screen(app: PurrchApp) -> DemoScreen:
    screen = next(s for s in app.screen_stack if isinstance(s, DemoScreen))
    return screen


def narration_text(app: PurrchApp) -> str:
    return str(demo_screen(app).query_one(NarrationLine).render())


def seen(app: PurrchApp) -> str:
    """Everything a viewer could tell apart on the demo screen now: the step, every
    seat's view, the narration, the prompt bar."""
    screen = demo_screen(app)
    table = screen.demo
    views = {str(seat): table.view(seat) for seat in range(table.n_seats)}
    info = screen.prompt_info
    return json.dumps(
        {
            "step": table.step,
            "views": views,
            "shown": screen.shown_seat,
            "narration": narration_text(app),
            "bar": None if info is None else [info.text, info.hint],
            "log": [e.text for e in table.log],
        },
        sort_keys=True,
    )


@pytest.mark.parametrize("game_id", SHOWN)
async def test_a_whole_demo_at_the_zero_pace_reaches_the_end(game_id: str) -> None:
    game = REGISTRY[game_id]
    spec = DemoSpec(game_id, game.min_players, 3, pace="zero")
    app = demo_app(spec)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(MAX_PAUSES):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen), "the demo did not reach its end"
        demo = demo_screen(app).demo
        assert demo.is_over and demo.step > 10
        assert demo.outcome() is not None
        # "m" goes back to the menu.
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_right_left_and_space() -> None:
    spec = DemoSpec("pigeons", 3, 5, pace="normal", paused=True)
    app = demo_app(spec)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = demo_screen(app)
        assert screen.paused and screen.demo.step == 0
        assert ALL_SEEING in narration_text(app)
        assert "paused" in narration_text(app)
        states = [seen(app)]
        for _ in range(6):
            await pilot.press("right")
            await settle(pilot)
            states.append(seen(app))
        assert screen.demo.step == 6
        # The seat shown is whoever decides next: its hand, bot or not.
        assert screen.shown_seat == screen.demo.acting_seat
        for step in range(5, -1, -1):
            await pilot.press("left")
            await settle(pilot)
            assert screen.demo.step == step
            assert seen(app) == states[step]  # exactly the state before
        await pilot.press("left")  # nothing before the start
        await settle(pilot)
        assert seen(app) == states[0]
        # Right again replays the same answers: the same states.
        await pilot.press("right", "right")
        await settle(pilot)
        assert seen(app) == states[2]
        # h looks at the next seat's hand until the demo moves.
        acting = screen.demo.acting_seat
        await pilot.press("h")
        await settle(pilot)
        assert screen.shown_seat == (acting + 1) % 3
        await pilot.press("h", "h")
        await settle(pilot)
        assert screen.shown_seat == acting
        await pilot.press("h")
        await settle(pilot)
        assert screen.prompt_info is not None
        assert screen.prompt_info.text.startswith(screen.demo.seats[screen.shown_seat].name)
        await pilot.press("right", "left")
        await settle(pilot)
        assert screen.shown_seat == acting and seen(app) == states[2]
        # Space plays on.
        await pilot.press("space")
        await settle(pilot)
        assert not screen.paused
        assert "normal pace" in narration_text(app)
        await pilot.press("plus")
        await settle(pilot)
        assert screen.pace == "fast"
        await pilot.press("minus", "minus", "minus")
        await settle(pilot)
        assert screen.pace == "slow"
        await pilot.press("space")
        await settle(pilot)
        assert screen.paused
        # The rules over the demo: it waits for its viewer.
        await pilot.press("space")
        await settle(pilot)
        assert not screen.paused
        await pilot.press("f1")
        await settle(pilot)
        assert screen._step_timer is None
        await pilot.press("f1")
        await settle(pilot)
        assert app.screen is screen and screen._step_timer is not None
        await pilot.press("space")
        await settle(pilot)
        # Nobody answers here: the option keys do nothing.
        before = screen.demo.step
        await pilot.press("1")
        await settle(pilot)
        assert screen.demo.step == before
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_a_rule_is_explained_the_first_time_only() -> None:
    spec = DemoSpec("pigeons", 3, 5, pace="normal", paused=True)
    app = demo_app(spec)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        demo = demo_screen(app).demo
        said: list[str] = []
        while len(said) < 2:
            await pilot.press("right")
            await settle(pilot)
            if any(e.kind == "draw" for e in demo.stepper.events_at(demo.step)):
                said.append(narration_text(app))
        first, second = said
        assert "Rule - Drawing: Drawing a card ends your turn" in first
        assert "Rule - Drawing" not in second
        assert " draws " in second


@pytest.mark.parametrize("lan", [True, False], ids=["local", "ssh-door"])
async def test_the_menu_offers_a_demo_of_the_game_chosen_there(lan: bool) -> None:
    """The SSH door's sessions get the same menu, without its LAN buttons."""
    settings = scene_settings()
    settings.lan = lan
    app = PurrchApp(settings, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert menu.query_one("#demo", Button).label.plain == "Watch a demo"
        await pilot.press("down", "down")  # Chat perché, the list's third game
        await settle(pilot)
        chosen = menu.current_game().id
        await pilot.press("ctrl+d")
        await settle(pilot)
        screen: Any = app.screen
        assert isinstance(screen, DemoScreen)
        assert screen.demo.game.id == chosen
        await pilot.press("q")
        await settle(pilot)
        assert app.screen is menu


# ----------------------------------------------------------------------------- snapshots


def test_snapshot_a_paused_demo_explaining_a_rule(snap_compare: Any) -> None:
    """You should see a paused demo of Cats Among The Pigeons at 80x24 (seed 5, three
    bots): the hand of the bot that decides next on the left, the table and the log on
    the right, then the narration: "All hands shown: a demo - step 2 - paused: Space
    plays on, arrows step", "Mochi chose: Let it happen." and "Rule - Letting it happen:
    Out of turn, a player may react (Wing Block, Pigeon Trap, Pigeon Sale) or let it
    go."; the reaction banner over it says Luna's Pigeon Fancier may be Wing Blocked;
    the prompt bar says "Tom (bot) decides: Does Tom react?" and its choices (no keys:
    nobody answers here); the footer shows Space Play, Step, Back, Faster, Slower,
    Hands, Leave and F1 Rules."""
    app = demo_app(DemoSpec("pigeons", 3, 5, pace="normal", paused=True))

    async def before(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("right", "right")
        await settle(pilot)

    assert snap_compare(app, run_before=before, terminal_size=(80, 24))


def test_snapshot_a_short_narration(snap_compare: Any) -> None:
    """You should see a paused demo of Stool Pigeon at 80x24 (seed 2, two bots) at step
    8: both crime scenes face down (no seat marked "you"), the log, then the narration
    "Luna plays a Bamboozle (5) from B3: ..." with no "Rule - ..." line (playing a card
    was explained at Tom's turn), and the prompt bar: Luna (bot) decides which two
    face-down cards to swap, the positions A1 to B4 as its choices."""
    app = demo_app(DemoSpec("stool", 2, 2, pace="normal", paused=True))

    async def before(pilot: Pilot[None]) -> None:
        await settle(pilot)
        for _ in range(8):
            await pilot.press("right")
        await settle(pilot)

    assert snap_compare(app, run_before=before, terminal_size=(80, 24))


def test_the_choices_take_one_line_at_most() -> None:
    """A long turn's choices (QA: four lines of them at 80x24 pushed the board up) are
    one line, the rest counted."""
    from tui.screens.demo import choices_line

    labels = ["Draw a card and end your turn", "Play Miss a Turn", "Play Gift"]
    labels += ["Discard orange + rainbow, draw 1", "Discard 2 rainbow pigeons, draw 1"]
    line = choices_line(labels, 78)
    assert line == "Choices: Draw a card and end your turn, Play Miss a Turn, Play Gift and 2 more"
    assert choices_line(["A1", "A2"], 78) == "Choices: A1, A2"
    assert choices_line([], 78) == ""
    long = choices_line(["x" * 100, "y"], 78)
    assert len(long) == 78 and long.endswith("... and 1 more")


def test_the_prompts_name_the_seat_deciding() -> None:
    """The games ask their seat ("Your turn"); the demo's viewer is not it."""
    from tui.screens.demo import third_person

    assert third_person("Your turn: flip a card.", "Tom") == "Tom's turn: flip a card."
    assert third_person("Do you react?", "Tom") == "Does Tom react?"
    assert third_person("Swap a 5 into your crime scene.", "Luna") == (
        "Swap a 5 into Luna's crime scene."
    )


async def test_an_isle_demo_names_the_seat_it_shows() -> None:
    """Nobody at a demo's screen is a seat: The Isle of Cats' boat and hand are titled
    with the seat's name, and the turn order has no "you"."""
    from textual.widgets import Static

    from tui.games.isle import IsleBoatPane, IsleHandPane, IsleIslandPane

    app = demo_app(DemoSpec("isle", 3, 5, pace="normal", paused=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(12):  # past the draft: the boat comes back for the rescue cards
            await pilot.press("right")
        await settle(pilot)
        screen = demo_screen(app)
        seat = screen.shown_seat
        assert seat is not None
        name = screen.demo.seats[seat].name
        assert screen.query_one(IsleHandPane).border_title == f"{name}'s hand"
        assert str(screen.query_one(IsleBoatPane).border_title).startswith(f"{name}'s boat")
        island = str(screen.query_one(IsleIslandPane, Static).visual)
        order = next(line for line in island.splitlines() if line.startswith("Order:"))
        assert "you" not in order and name in order
