"""``python -m tui.screenshots [DIR]``: the README's pictures of the app, as SVG.

It writes ``menu.svg`` (the main menu, as a new user sees it), then every game's
screenshots: the seeded scenes of :mod:`tui.scenes`, which each game lists beside its
presenter (``tui/games/<id>_scenes.py``'s ``SCENES.shots``: for Cats Among The Pigeons
``game.svg``, ``curtain.svg``, ``reaction-window.svg``, ``search.svg``,
``game-over.svg``; ``stool-*.svg`` for Stool Pigeon, ``perch-*.svg`` for Chat perché;
most at 80x24, ``wide-*.svg`` at 120x40).  Default DIR: ``screenshots/``.

:class:`SceneApp` shows a scene as players see it (the snapshot tests use it too).
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from textual import events
from textual.pilot import Pilot

from engine.games import REGISTRY
from tui.app import PurrchApp
from tui.scenes import Scene, Shot, game_scenes
from tui.settings import Settings


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


def all_shots() -> dict[str, Shot]:
    """Every game's screenshots, by file name, in the order of the registry."""
    shots: dict[str, Shot] = {}
    for game_id in REGISTRY:
        try:
            scenes = game_scenes(game_id)
        except LookupError:  # a game without scenes yet
            continue
        for name, shot in scenes.shots.items():
            if name in shots:
                raise ValueError(f"two games name a screenshot {name!r}")
            shots[name] = shot
    return shots


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
        settings = Settings(autosave=Path(home) / "autosave.json", finished=Path(home) / "finished")
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
    for name, (build, size) in all_shots().items():
        path = asyncio.run(_shoot(name, build(), size, folder))
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
