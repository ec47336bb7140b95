"""Seeded scenes of the game screen, and ``python -m tui.screenshots`` to save them as SVG.

Every scene is a :class:`engine.session.Table` built from a fixed seed and moved
to an interesting moment with plain ``table.answer`` calls, so the pictures (and
the snapshot tests that use the same scenes) are the same on every run: bots are
instant, countdowns frozen, no clock on screen.

``python -m tui.screenshots [DIR]`` writes ``menu.svg``, ``game.svg``, ``curtain.svg``,
``reaction-window.svg``, ``search.svg``, ``game-over.svg`` (Cats Among The Pigeons)
and ``stool-start.svg``, ``stool-peek.svg``, ``stool-race.svg``, ``stool-knock.svg``,
``stool-over.svg`` (Stool Pigeon), ``perch-setup.svg``, ``perch-turn.svg``,
``perch-break.svg``, ``perch-over.svg`` (Chat perché), all at 80x24, and ``wide-game.svg``,
``wide-stool.svg``, ``wide-perch.svg`` at 120x40 (default DIR: ``screenshots/``).
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from textual import events
from textual.pilot import Pilot

from engine.core import Prompt
from engine.games.pigeons.options import DRAW, try_parse
from engine.games.stool.options import parse, parse_position
from engine.session import SeatConfig, Table
from themes import DEFAULT_THEME
from tui.app import PurrchApp
from tui.games.pigeons import options_in_order
from tui.settings import Settings

GAME = "pigeons"


def scene_settings(theme: str = DEFAULT_THEME, *, ascii_only: bool = False) -> Settings:
    """Settings for pictures and tests: instant bots, no countdown, no autosave."""
    return Settings(
        theme=theme,
        ascii=ascii_only,
        bot_speed="instant",
        window_seconds=None,
        autosave=None,
        frozen=True,
    )


def make_table(
    seats: Sequence[tuple[str, str]],
    seed: int,
    options: dict[str, object] | None = None,
    *,
    clock: Callable[[], float] = time.monotonic,
    game: str = GAME,
) -> Table:
    """A table of ``(name, kind)`` seats with instant bots and no window countdown."""
    return Table(
        game,
        [SeatConfig(name, kind) for name, kind in seats],
        seed=seed,
        options=dict(options or {}),
        window_seconds=None,
        bot_delay=(0.0, 0.0),
        clock=clock,
    )


# ----------------------------------------------------------------------------- playing


def simple_choice(table: Table, prompt: Prompt) -> str:
    """A plain, deterministic way to play: pass in windows, discard cats, else
    play actions and pairs, then draw; otherwise the first option in the order
    the game screen gives keys.  Pilot tests press the keys of the same choices."""
    if table.game.id == GAME:
        private = table.view(prompt.seat)["private"]
        ordered = [option_id for option_id, _label in options_in_order(prompt, private)]
    else:  # other games give keys in the game's order
        ordered = [o.id for o in prompt.options]
    return choose_among(ordered, prompt.kind)


def choose_among(option_ids: Sequence[str], kind: str) -> str:
    """The simple player's choice among option ids (in key order) of a ``kind`` prompt.

    Stool Pigeon: pass in races, draw (and knock as soon as it may), swap into the
    first position, peek at or swap the first cards offered."""
    if kind in ("window", "sale", "race"):
        return "pass" if "pass" in option_ids else option_ids[0]
    if kind == "draw":
        for option in ("knock", "draw"):
            if option in option_ids:
                return option
        return option_ids[0]
    if kind == "turn":  # Cats Among The Pigeons: three cats, else an action, else draw
        for verb in ("cats", "play"):
            for option in option_ids:
                parsed = try_parse(option)
                if parsed is not None and parsed.verb == verb:
                    return option
        return DRAW
    return option_ids[0]


def play_until(
    table: Table,
    stop: Callable[[Table], bool],
    choose: Callable[[Table, Prompt], str] = simple_choice,
    limit: int = 5_000,
) -> bool:
    """Answer every human prompt with ``choose`` (bots play themselves) until ``stop``."""
    for _ in range(limit):
        table.run_bots()
        if stop(table) or table.is_over:
            return stop(table)
        prompts = [p for p in table.prompts() if table.seats[p.seat].is_human]
        if not prompts:
            return stop(table)
        prompt = prompts[0]
        table.answer(prompt.seat, prompt.id, choose(table, prompt))
    return False


# ----------------------------------------------------------------------------- scenes

FOUR = (("Ann", "human"), ("Bea", "bot"), ("Cal", "bot"), ("Dot", "bot"))
HOTSEAT = (("Ann", "human"), ("Bob", "human"), ("Cal", "bot"), ("Dot", "bot"))
DUO = (("Ann", "human"), ("Bob", "human"))

START_SEED = 171
WINDOW_SEED = 6
SEARCH_SEED = 4
OVER_SEED = 3
SOLO_PASS_SEED = 1


@dataclass
class Scene:
    """A table, the settings to show it with, and keys to press once it is up."""

    table: Table
    settings: Settings
    press: list[str] = field(default_factory=list)


def start_scene(theme: str = DEFAULT_THEME, *, ascii_only: bool = False) -> Scene:
    """Ann against three bots, at her first turn."""
    table = make_table(FOUR, START_SEED)
    return Scene(table, scene_settings(theme, ascii_only=ascii_only))


def curtain_scene() -> Scene:
    """Two humans and two bots: the first handoff, before anyone has seen a card."""
    return Scene(make_table(HOTSEAT, START_SEED), scene_settings())


def _if_ann_draws(table: Table) -> Table | None:
    """A copy of ``table`` after Ann (seat 0) draws to end her turn and the bots play
    on (asking at every window); None when it is not her turn."""
    prompts = table.prompts_for(0)
    if not prompts or prompts[0].kind != "turn":
        return None
    trial = Table.from_json(table.to_json())
    trial.auto_pass = False
    trial.answer(0, prompts[0].id, "draw")
    trial.run_bots()
    return trial


def window_scene(clock: Callable[[], float] = time.monotonic) -> Scene:
    """Two humans and two bots; a bot plays an action and both humans are asked.

    The table stops at Ann's turn just before: pressing Enter (her curtain) then
    her "draw" key ends her turn, and the bot after her plays.
    """
    table = make_table(HOTSEAT, WINDOW_SEED, clock=clock)

    def ann_draws_then_window(t: Table) -> bool:
        trial = _if_ann_draws(t)
        if trial is None:
            return False
        asked = {p.seat for p in trial.prompts() if p.pass_option is not None}
        return {0, 1} <= asked

    play_until(table, ann_draws_then_window)
    return Scene(table, scene_settings(), press=["enter", _key_of(table, 0, "draw")])


def solo_pass_scene() -> Scene:
    """Ann against three bots, at the turn after which a bot plays an action she holds
    nothing to react with: pressing her "draw" key ends her turn, and the table lets
    the action happen for her at once (no "Do you react?" and no countdown)."""
    table = make_table(FOUR, SOLO_PASS_SEED)

    def ann_draws_then_nothing_to_react_with(t: Table) -> bool:
        trial = _if_ann_draws(t)
        if trial is None:
            return False
        asked = [p for p in trial.prompts_for(0) if p.pass_option is not None]
        return bool(asked) and len(asked[0].options) == 1

    play_until(table, ann_draws_then_nothing_to_react_with)
    return Scene(table, scene_settings(), press=[_key_of(table, 0, "draw")])


def search_scene() -> Scene:
    """Ann against three bots, searching the discard pile with Recycle."""
    table = make_table(FOUR, SEARCH_SEED)

    def searching(t: Table) -> bool:
        return "search" in t.view(0)["private"] and int(t.view(0)["public"]["discard_count"]) >= 5

    def choose(t: Table, prompt: Prompt) -> str:
        ids = [o.id for o in prompt.options]
        hand = {c["id"]: c for c in t.view(0)["private"]["hand"]}
        if prompt.kind == "turn":
            recycle = [o for o in ids if _action(hand, o) == "recycle"]
            if recycle and int(t.view(0)["public"]["discard_count"]) >= 5:
                return recycle[0]
            return "draw"
        return simple_choice(t, prompt)

    play_until(table, searching, choose)
    return Scene(table, scene_settings())


def over_scene() -> Scene:
    """A finished game: Ann against three bots."""
    table = make_table(FOUR, OVER_SEED)
    play_until(table, lambda t: t.is_over)
    return Scene(table, scene_settings())


# ----------------------------------------------------------------------------- Stool Pigeon

STOOL = "stool"
STOOL_START_SEED = 1
STOOL_PEEK_SEED = 1
STOOL_RACE_SEED = 1
STOOL_KNOCK_SEED = 1
STOOL_OVER_SEED = 13


def stool_choice(table: Table, prompt: Prompt) -> str:
    """The simple player, without knocking (scenes wait for the bots to knock), and
    peeking at somebody else's card when a Stool Pigeon lets it."""
    ids = [o.id for o in prompt.options]
    if prompt.kind == "draw":
        return "draw" if "draw" in ids else ids[0]
    if prompt.kind == "look":
        return next((o for o in ids if parse_position(parse(o).at)[0] != prompt.seat), ids[0])
    return choose_among(ids, prompt.kind)


def stool_start_scene() -> Scene:
    """Ann against three bots at the start: she peeks at her two bottom cards."""
    return Scene(make_table(FOUR, STOOL_START_SEED, game=STOOL), scene_settings())


def stool_peek_scene() -> Scene:
    """Ann against three bots: she played a Stool Pigeon and peeks at a bot's card."""
    table = make_table(FOUR, STOOL_PEEK_SEED, game=STOOL)

    def peeking(t: Table) -> bool:
        return any(p.kind == "seen" and p.seat == 0 for p in t.prompts())

    play_until(table, peeking, stool_choice)
    return Scene(table, scene_settings())


def stool_race_scene() -> Scene:
    """Ann and Bob (humans) with two bots: Ann played a witness, the race is on, and it
    is Bob's turn.  Both watch the race: Bob's turn waits behind it, nobody's cards on
    screen."""
    table = make_table(HOTSEAT, STOOL_RACE_SEED, game=STOOL)

    def racing(t: Table) -> bool:
        prompts = t.prompts()
        asked = {p.seat for p in prompts if p.kind == "race"}
        return {0, 1} <= asked and any(p.kind == "draw" and p.seat == 1 for p in prompts)

    play_until(table, racing, stool_choice)
    return Scene(table, scene_settings())


def stool_knock_scene() -> Scene:
    """Ann against three bots: a bot knocked, and Ann takes her last turn."""
    table = make_table(FOUR, STOOL_KNOCK_SEED, game=STOOL)

    def last_turn(t: Table) -> bool:
        knock = t.view(0)["public"]["knock"]
        mine = [p.kind for p in t.prompts_for(0)]
        return knock is not None and knock["seat"] != 0 and "draw" in mine

    play_until(table, last_turn, stool_choice)
    return Scene(table, scene_settings())


def stool_over_scene() -> Scene:
    """A finished game of Ann against three bots: every card revealed and counted."""
    table = make_table(FOUR, STOOL_OVER_SEED, game=STOOL)
    play_until(table, lambda t: t.is_over, stool_choice)
    return Scene(table, scene_settings())


# ----------------------------------------------------------------------------- Chat perché

PERCH = "perch"
PERCH_SOLO = (("Ann", "human"), ("Bea", "bot"))
PERCH_SEED = 1


def perch_setup_scene() -> Scene:
    """Ann against a bot, placing her strength tokens: two placed, her 3 goes next."""
    table = make_table(PERCH_SOLO, PERCH_SEED, game=PERCH)

    def placing(t: Table) -> bool:
        private = t.view(0)["private"]
        return len(private["tokens_to_place"]) == 3 and private["placing"] is not None

    play_until(table, placing)
    return Scene(table, scene_settings())


def perch_turn_scene() -> Scene:
    """Ann against a bot, in play: she moves a cat up the tree, its destinations lit."""
    table = make_table(PERCH_SOLO, PERCH_SEED, game=PERCH)

    def moving(t: Table) -> bool:
        prompts = t.prompts_for(0)
        board = t.view(0)["public"]
        in_tree = sum(int(p["in_tree"]) for p in board["players"])
        return bool(prompts) and prompts[0].kind == "move" and in_tree >= 4

    play_until(table, moving)
    return Scene(table, scene_settings())


def perch_break_scene() -> Scene:
    """Ann against a bot, just after a branch broke: its strength shown to both."""
    table = make_table(PERCH_SOLO, PERCH_SEED, game=PERCH)

    def broke(t: Table) -> bool:
        return bool(t.view(0)["public"]["broken"]) and bool(t.prompts_for(0))

    play_until(table, broke)
    return Scene(table, scene_settings())


def perch_over_scene() -> Scene:
    """A finished game of Ann against a bot."""
    table = make_table(PERCH_SOLO, PERCH_SEED, game=PERCH)
    play_until(table, lambda t: t.is_over)
    return Scene(table, scene_settings())


def _action(hand: dict[str, dict[str, object]], option: str) -> object:
    """The action of the card a pigeons ``play:`` option plays (None for other options)."""
    parsed = try_parse(option)
    card = hand.get(str(parsed.card_id)) if parsed is not None and parsed.verb == "play" else None
    return card.get("action") if card else None


def _key_of(table: Table, seat: int, option_id: str) -> str:
    """The key of a pigeons option on ``seat``'s bar (in the screen's order)."""
    from tui.games.pigeons import options_in_order
    from tui.widgets import keyed_options

    prompt = table.prompts_for(seat)[0]
    private = table.view(seat)["private"]
    for keyed in keyed_options(options_in_order(prompt, private)):
        if keyed.option_id == option_id and keyed.key:
            return keyed.key
    raise LookupError(option_id)


# ----------------------------------------------------------------------------- the app


class SceneApp(PurrchApp):
    """The app as players see it, on one game screen: the app's own keys in the
    footer (F1, ?, Ctrl+T, Ctrl+Q), its stylesheet, themes and ASCII key names,
    but no menu and no autosave; what the screen is dismissed with goes to
    :attr:`results`."""

    def __init__(self, scene: Scene) -> None:
        super().__init__(scene.settings)
        self.scene = scene
        self.results: list[object] = []  # what the game screen was dismissed with

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # its own
        event.prevent_default()  # not PurrchApp's: no menu under the scene
        from tui.screens.game import GameScreen

        self.table = self.scene.table
        self.push_screen(
            GameScreen(self.scene.table, self.scene.settings), callback=self.results.append
        )


SHOTS: dict[str, tuple[Callable[[], Scene], tuple[int, int]]] = {
    "game": (start_scene, (80, 24)),
    "curtain": (curtain_scene, (80, 24)),
    "reaction-window": (window_scene, (80, 24)),
    "search": (search_scene, (80, 24)),
    "game-over": (over_scene, (80, 24)),
    "stool-start": (stool_start_scene, (80, 24)),
    "stool-peek": (stool_peek_scene, (80, 24)),
    "stool-race": (stool_race_scene, (80, 24)),
    "stool-knock": (stool_knock_scene, (80, 24)),
    "stool-over": (stool_over_scene, (80, 24)),
    "perch-setup": (perch_setup_scene, (80, 24)),
    "perch-turn": (perch_turn_scene, (80, 24)),
    "perch-break": (perch_break_scene, (80, 24)),
    "perch-over": (perch_over_scene, (80, 24)),
    # The same games in a wide terminal, which they use for larger boards and cards.
    "wide-game": (start_scene, (120, 40)),
    "wide-stool": (stool_start_scene, (120, 40)),
    "wide-perch": (perch_turn_scene, (120, 40)),
}


async def _shoot(name: str, scene: Scene, size: tuple[int, int], folder: Path) -> Path:
    app = SceneApp(scene)
    async with app.run_test(size=size) as pilot:
        await _settle(pilot)
        for key in scene.press:
            await pilot.press(key)
            await _settle(pilot)
        path = folder / f"{name}.svg"
        app.save_screenshot(filename=path.name, path=str(folder))
    return path


async def _settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


async def _shoot_menu(size: tuple[int, int], folder: Path) -> Path:
    """The main menu, as a new user sees it (no saved game to resume)."""
    import tempfile

    with tempfile.TemporaryDirectory() as home:
        settings = Settings(autosave=Path(home) / "autosave.json")
        app = PurrchApp(settings)
        async with app.run_test(size=size) as pilot:
            await _settle(pilot)
            path = folder / "menu.svg"
            app.save_screenshot(filename=path.name, path=str(folder))
    return path


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    folder = Path(args[0] if args else "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    # The menu's first seat is named after the login name: the same shot on every machine.
    os.environ["LOGNAME"] = "root"
    print(asyncio.run(_shoot_menu((80, 24), folder)))
    for name, (build, size) in SHOTS.items():
        path = asyncio.run(_shoot(name, build(), size, folder))
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
