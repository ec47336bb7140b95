"""Whole games of Stool Pigeon played through the game screen with key presses only.

The player at the keyboard reads the prompt bar and presses the key of the simple
player's choice (``tui.games.stool_scenes.choose_among``: draw, swap into the first
position, knock when allowed), except in races: a human who remembers a matching
witness claims it.  A human asked in a race who is not at the keyboard buzzes with
their key (F2...) when they remember a match, and then gets the curtain.  The seat
at the keyboard buzzes too when its own turn is on the bar.  A handoff curtain is
dismissed with Enter.  The seeds give short games with a claim through a curtain.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.pilot import Pilot

from engine.session import Table
from tui.games.stool import BoardData, StoolBoard
from tui.games.stool_scenes import STOOL
from tui.scenes import DUO, FOUR, Scene, choose_among, make_table
from tui.scenes import scene_settings as settings
from tui.screens.curtain import CurtainScreen
from tui.screens.game import CLAIM_KEYS, GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screenshots import SceneApp
from tui.widgets import ReactionBanner

DUO_SEED = 3
FOUR_SEED = 2
MAX_PRESSES = 600


def remembered_match(table: Table, seat: int) -> str | None:
    """A position where ``seat`` remembers the witness the open race is for (the test
    plays the part of a player with a good memory)."""
    public: Mapping[str, Any] = table.view(None)["public"]
    race = public["race"]
    if not race["open"] or seat not in race["asked"]:
        return None
    wanted = race["card"]["face"]
    memory: Mapping[str, Any] = table.view(seat)["private"]["memory"]
    return next((pos for pos, card in sorted(memory.items()) if card["face"] == wanted), None)


def private_faces(data: BoardData) -> set[str]:
    return {
        slot.pos
        for scene in data.grid.scenes
        for slot in scene.slots
        if slot.face is not None and slot.seen in ("peek", "memory")
    }


async def play_to_the_end(app: SceneApp, pilot: Pilot[None]) -> list[tuple[str, str]]:
    """Press keys until the game-over screen; return each curtain's (player, reason)."""
    table = app.scene.table
    names = [s.name for s in table.seats]
    humans = [i for i, s in enumerate(table.seats) if s.is_human]
    curtains: list[tuple[str, str]] = []
    released: str | None = None  # the player the last curtain handed the screen to
    for _ in range(MAX_PRESSES):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return curtains
        if isinstance(screen, CurtainScreen):
            game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            data = game.query_one(StoolBoard).data
            # Behind the curtain nothing private is drawn, for anyone.
            assert data is not None and data.owner is None and not private_faces(data)
            assert not data.private.plain
            curtains.append((screen.player, screen.reason))
            released = screen.player
            await pilot.press("enter")
            continue
        assert isinstance(screen, GameScreen)
        data = screen.query_one(StoolBoard).data
        assert data is not None
        if len(humans) > 1:
            # Private cards are only ever the ones of the player the last curtain let in.
            assert data.owner in (None, released)
            assert data.owner is not None or not private_faces(data)
        else:
            assert data.owner == names[humans[0]]
        shown = screen.shown_seat
        info = screen.prompt_info
        banner = screen.query_one(ReactionBanner).info
        # Somebody away from the keyboard remembers a match: they buzz.
        if banner is not None:
            for key, name in banner.claims:
                seat = names.index(name)
                if seat != shown and remembered_match(table, seat):
                    await pilot.press(key.lower())
                    break
            else:
                key = None
            if key is not None:
                continue
        if info is not None and info.options:
            ids = [o.option_id for o in info.options]
            choice = choose_among(screen.table.game.id, ids, info.kind)
            if shown is not None and (pos := remembered_match(table, shown)):
                if info.kind != "race":  # its turn is on the bar: its own buzzer first
                    await pilot.press(CLAIM_KEYS[shown])
                    continue
                choice = f"claim:{pos}"
            key = next(o.key for o in info.options if o.option_id == choice)
            assert key is not None
            await pilot.press(key)
            continue
        if banner is not None and banner.claims:
            await pilot.press(banner.claims[0][0].lower())  # let it go through the bar
            continue
        await pilot.pause(0.05)  # bots (instant) play on the next tick
    raise AssertionError("the game did not end")


async def test_two_humans_hot_seat_to_the_end() -> None:
    table = make_table(DUO, DUO_SEED, game=STOOL)
    app = SceneApp(Scene(table, settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        curtains = await play_to_the_end(app, pilot)
        assert table.is_over
        assert isinstance(app.screen, GameOverScreen)
        players = [player for player, _reason in curtains]
        assert players.count("Ann") > 1 and players.count("Bob") > 1
        reasons = " ".join(reason for _player, reason in curtains)
        assert "looks at their two bottom cards" in reasons
        assert "It is Ann's turn." in reasons and "It is Bob's turn." in reasons
        assert "wants to claim" in reasons  # a buzzer, then that player's curtain
        assert any(e.kind == "claim" for e in table.log)
        assert any(e.kind == "knock" for e in table.log)
        outcome = table.outcome()
        assert outcome is not None
        assert app.screen.result.reason.split("\n")[0] == outcome.reason
        await pilot.press("m")
        await pilot.pause()
        assert app.results == [("menu", None)]


async def test_one_human_against_three_bots_to_the_end() -> None:
    table = make_table(FOUR, FOUR_SEED, game=STOOL)
    app = SceneApp(Scene(table, settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        curtains = await play_to_the_end(app, pilot)
        assert curtains == []  # one human: never a curtain
        assert table.is_over
        assert isinstance(app.screen, GameOverScreen)
        assert any(e.text.startswith("Bea") for e in table.log)
        await pilot.press("a")
        await pilot.pause()
        assert app.results == [("again", None)]
