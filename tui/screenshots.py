"""Seeded scenes of the game screen, and ``python -m tui.screenshots`` to save them as SVG.

Every scene is a :class:`engine.session.Table` built from a fixed seed and moved
to an interesting moment with plain ``table.answer`` calls, so the pictures (and
the snapshot tests that use the same scenes) are the same on every run: bots are
instant, countdowns frozen, no clock on screen.

``python -m tui.screenshots [DIR]`` writes ``game.svg``, ``curtain.svg``,
``reaction-window.svg``, ``search.svg`` and ``game-over.svg`` (default DIR:
``screenshots/``).
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from textual.app import App
from textual.pilot import Pilot

from engine.core import Prompt
from engine.session import SeatConfig, Table
from themes import DEFAULT_THEME, THEMES
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
) -> Table:
    """A table of ``(name, kind)`` seats with instant bots and no window countdown."""
    return Table(
        GAME,
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
    private = table.view(prompt.seat)["private"]
    ordered = [option_id for option_id, _label in options_in_order(prompt, private)]
    return choose_among(ordered, prompt.kind)


def choose_among(option_ids: Sequence[str], kind: str) -> str:
    """The simple player's choice among option ids (in key order) of a ``kind`` prompt."""
    if kind in ("window", "sale"):
        return "pass" if "pass" in option_ids else option_ids[0]
    if kind == "turn":
        for prefix in ("cats", "play:"):
            for option in option_ids:
                if option.startswith(prefix):
                    return option
        return "draw"
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
SEARCH_SEED = 3
OVER_SEED = 3


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


def window_scene(clock: Callable[[], float] = time.monotonic) -> Scene:
    """Two humans and two bots; a bot plays an action and both humans are asked.

    The table stops at Ann's turn just before: pressing Enter (her curtain) then
    her "draw" key ends her turn, and the bot after her plays.
    """
    table = make_table(HOTSEAT, WINDOW_SEED, clock=clock)

    def ann_draws_then_window(t: Table) -> bool:
        prompts = t.prompts_for(0)
        if not prompts or prompts[0].kind != "turn":
            return False
        trial = Table.from_json(t.to_json())
        trial.answer(0, prompts[0].id, "draw")
        trial.run_bots()
        asked = {p.seat for p in trial.prompts() if p.pass_option is not None}
        return {0, 1} <= asked

    play_until(table, ann_draws_then_window)
    return Scene(table, scene_settings(), press=["enter", _key_of(table, 0, "draw")])


def search_scene() -> Scene:
    """Ann against three bots, searching the discard pile with Recycle."""
    table = make_table(FOUR, SEARCH_SEED)

    def searching(t: Table) -> bool:
        return "search" in t.view(0)["private"] and int(t.view(0)["public"]["discard_count"]) >= 6

    def choose(t: Table, prompt: Prompt) -> str:
        ids = [o.id for o in prompt.options]
        hand = {c["id"]: c for c in t.view(0)["private"]["hand"]}
        if prompt.kind == "turn":
            recycle = [o for o in ids if o.startswith("play:") and _action(hand, o) == "recycle"]
            if recycle and int(t.view(0)["public"]["discard_count"]) >= 6:
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


def _action(hand: dict[str, dict[str, object]], option: str) -> object:
    card = hand.get(option.rsplit(":", 1)[-1])
    return card.get("action") if card else None


def _key_of(table: Table, seat: int, option_id: str) -> str:
    from tui.widgets import keyed_options

    prompt = table.prompts_for(seat)[0]
    for keyed in keyed_options([(o.id, o.label) for o in prompt.options]):
        if keyed.option_id == option_id and keyed.key:
            return keyed.key
    raise LookupError(option_id)


# ----------------------------------------------------------------------------- the app


class SceneApp(App[None]):
    """The smallest app that shows a game screen: themes registered, one screen pushed."""

    TITLE = "Purrch"

    def __init__(self, scene: Scene) -> None:
        super().__init__()
        self.scene = scene
        self.results: list[object] = []  # what the game screen was dismissed with
        for theme in THEMES:
            self.register_theme(theme)
        self.theme = scene.settings.theme

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEMES[0].variables or {})

    def on_mount(self) -> None:
        from tui.screens.game import GameScreen

        self.push_screen(
            GameScreen(self.scene.table, self.scene.settings), callback=self.results.append
        )


SHOTS: dict[str, tuple[Callable[[], Scene], tuple[int, int]]] = {
    "game": (start_scene, (100, 30)),
    "curtain": (curtain_scene, (100, 30)),
    "reaction-window": (window_scene, (100, 30)),
    "search": (search_scene, (100, 30)),
    "game-over": (over_scene, (100, 30)),
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

    from tui.app import PurrchApp

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
    print(asyncio.run(_shoot_menu((100, 30), folder)))
    for name, (build, size) in SHOTS.items():
        path = asyncio.run(_shoot(name, build(), size, folder))
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
