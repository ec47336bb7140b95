"""The game screen playing Chat perché: snapshots of the set-up, a turn, a break and the
game over at 80x24, and picking on the tree with the arrows.

Scenes come from ``tui.scenes`` (fixed seeds, instant bots, no countdown on
screen), so the snapshots are the same on every run.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.pilot import Pilot

from tui.games.perch import PerchBoard, PerchTree, TreeData, board_width, tree_width
from tui.games.perch_scenes import (
    perch_break_scene,
    perch_over_scene,
    perch_setup_scene,
    perch_turn_scene,
)
from tui.scenes import Scene
from tui.screens.game import GameScreen
from tui.screenshots import SceneApp

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


def tree(game: GameScreen) -> TreeData:
    data = game.query_one(PerchBoard).data
    assert data is not None
    return data


# ----------------------------------------------------------------------------- snapshots


def test_setup_80x24(snap_compare: SnapCompare) -> None:
    """You should see Ann (black, B) against the bot Bea (ginger, G) placing strength
    tokens: on the left "The tree" with the dogs' track (D at its start, 14 squares),
    the trunk T5..T1 with branches L5..L1 and R5..R1 of four empty spots each, Ann's
    tokens b1 on L1 and b2 on L2 underlined (only she sees the values), Bea's tokens
    g? on R5 and R1, the free branches' token places highlighted (L3 under the cursor),
    "B 12 start" and "start 12 G" at the foot, a legend, and "You: B black. To place:
    2 3 4. Placing 2."; the Cards pane with both players (32 cards each, no card
    flipped, 8 birds); the log of the placements; the prompt bar asking for a free
    branch for the strength 2 token, with each branch on its key for the game (L3 on 3,
    L4 4, L5 5, R2 7, R3 8, R4 9) and Back on b."""
    scene = perch_setup_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


def test_turn_80x24(snap_compare: SnapCompare) -> None:
    """You should see Ann in play moving a ginger cat (a card "1 ginger cat, 2 squares"
    of her deck moves Bea's colour): the cat on L1a underlined, its two destinations
    L1b and L1c highlighted as diamonds (L1b under the cursor), black cats B and ginger
    cats G on the tree, the strengths as in set-up, the Cards pane showing the flipped
    card, the prompt bar offering Back on 1 and L1b (1 square) and L1c (2 squares) on their
    squares' keys, 5 and 6."""
    scene = perch_turn_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


def test_break_80x24(snap_compare: SnapCompare) -> None:
    """You should see the game just after a branch broke: that branch drawn as red x
    marks with its strength revealed beside it (to both players), its cats back at
    their starts, the log telling the break, and Ann's next decision on the prompt bar."""
    scene = perch_break_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


def test_game_over_80x24(snap_compare: SnapCompare) -> None:
    """You should see the game-over screen of Ann against Bea: who wins and why (cats in
    the tree), a line per player with its cats in the tree, on branches and at the
    start, and the broken branches with their strengths."""
    scene = perch_over_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(80, 24))


def test_turn_120x40(snap_compare: SnapCompare) -> None:
    """You should see the turn of ``test_turn_80x24`` in a wide, tall terminal: the tree
    pane 61 columns wide with branches four cells long between two spots, three rows of
    trunk between two levels of branches, the same cats, strengths and highlighted
    destinations, and the Cards and Log panes taking the rest of the width."""
    scene = perch_turn_scene()
    assert snap_compare(SceneApp(scene), run_before=run_before(scene), terminal_size=(120, 40))


def test_the_tree_widens_with_the_terminal() -> None:
    """45 columns (branches of 2) up to about 100 columns, then longer branches while the
    tree pane takes at most 55% of the screen."""
    assert board_width(80) == (45, 2)
    assert board_width(100) == (53, 3)
    assert board_width(120) == (61, 4)
    assert board_width(200) == (69, 5)
    for width in range(60, 260):
        pane, link = board_width(width)
        assert pane == tree_width(link) + 6
        assert pane <= max(45, width * 0.55)


async def test_arrows_walk_a_wide_tree() -> None:
    """At 120x40 the tree's positions are where they are drawn: the arrows still go from
    one destination to the next."""
    scene = perch_turn_scene()
    app = SceneApp(scene)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        widget = game.query_one(PerchTree)
        dests = list(tree(game).usable)
        assert widget.cursor == dests[0]
        await pilot.press("left")
        await settle(pilot)
        assert widget.cursor == dests[1]


# ----------------------------------------------------------------------------- picking


async def test_arrows_pick_a_destination() -> None:
    scene = perch_turn_scene()
    table = scene.table
    app = SceneApp(scene)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = game_screen(app)
        data = tree(game)
        prompt = table.prompts_for(0)[0]
        assert prompt.kind == "move"
        dests = [o.id[3:] for o in prompt.options if o.id.startswith("to:")]
        assert list(data.usable) == dests and len(dests) >= 2
        widget = game.query_one(PerchTree)
        assert widget.has_focus and widget.cursor == dests[0]
        await pilot.press("left")  # the left branch goes left, towards its tip
        await settle(pilot)
        assert widget.cursor == dests[1]
        await pilot.press("enter")
        await settle(pilot)
        assert any(e.kind == "move" and dests[1] in e.text for e in table.log)


async def test_the_other_players_strengths_are_never_shown() -> None:
    scene = perch_turn_scene()
    app = SceneApp(scene)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        data = tree(game_screen(app))
        own = scene.table.view(0)["private"]["strengths"]
        assert dict(data.secret) == own
        assert all(data.branches[b].owner == "black" for b in data.secret)
        hidden = [b for b in data.branches.values() if b.owner == "ginger" and not b.broken]
        assert hidden and all(b.strength is None for b in hidden)


def test_a_strength_token_is_on_its_own_digit() -> None:
    """Strength 3 is on key 3 whichever tokens are left: once strength 1 is placed,
    "1 strength 2  2 strength 3" read as the strengths themselves (QA)."""
    from engine.session import Table
    from themes import glyphs_for
    from tui.games.base import Shown
    from tui.games.perch import PerchUI
    from tui.games.perch_scenes import PERCH, PERCH_SEED, PERCH_SOLO
    from tui.scenes import make_table

    table = make_table(PERCH_SOLO, PERCH_SEED, game=PERCH)
    ui = PerchUI(glyphs_for(False))

    def keys_now(t: Table) -> dict[str, str | None]:
        (prompt,) = t.prompts_for(0)
        view = t.view(0)
        shown = Shown(0, view["public"], view["private"], prompt, ("Ann", "Bea"), ())
        return {o.label: o.key for o in ui.prompt_info(shown).options}

    assert keys_now(table) == {f"strength {n}": str(n) for n in (1, 2, 3, 4)}
    table.answer(0, table.prompts_for(0)[0].id, "token:1")
    (place,) = table.prompts_for(0)  # then a branch for it
    table.answer(0, place.id, "branch:L1")
    table.run_bots()
    assert keys_now(table) == {f"strength {n}": str(n) for n in (2, 3, 4)}
