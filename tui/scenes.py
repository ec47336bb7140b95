"""Seeded scenes of the game screen: the shared machinery.

A scene is a :class:`engine.session.Table` built from a fixed seed and moved to an
interesting moment with plain ``table.answer`` calls, so the pictures of
``python -m tui.screenshots`` and the snapshot tests that use the same scenes are the
same on every run: bots are instant, countdowns frozen, no clock on screen.

Each game's scenes, its simple scripted player and its README screenshots live beside
its presenter, in ``tui/games/<id>_scenes.py``, as a :class:`GameScenes` named
``SCENES``; :func:`game_scenes` finds them by the game's id, the way
:func:`tui.games.base.game_ui_class` finds the presenter (``tui/games/<id>.py``), so a
new game needs no change here nor in ``tui/screenshots.py``.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.core import Prompt
from engine.session import SeatConfig, Table
from themes import DEFAULT_THEME
from tui.settings import Settings

GAME = "pigeons"
"""The game of :func:`make_table` when none is named (the first one Purrch had)."""

FOUR = (("Ann", "human"), ("Bea", "bot"), ("Cal", "bot"), ("Dot", "bot"))
HOTSEAT = (("Ann", "human"), ("Bob", "human"), ("Cal", "bot"), ("Dot", "bot"))
DUO = (("Ann", "human"), ("Bob", "human"))


def scene_settings(theme: str = DEFAULT_THEME, *, ascii_only: bool = False) -> Settings:
    """Settings for pictures and tests: instant bots, no countdown, no autosave."""
    return Settings(
        theme=theme,
        ascii=ascii_only,
        bot_speed="instant",
        window_seconds=None,
        autosave=None,
        finished=None,
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


@dataclass
class Scene:
    """A table, the settings to show it with, and keys to press once it is up."""

    table: Table
    settings: Settings
    press: list[str] = field(default_factory=list)


Shot = tuple[Callable[[], Scene], tuple[int, int]]
"""A README screenshot: how to build its scene, and the terminal's size (columns, rows)."""


@dataclass(frozen=True)
class GameScenes:
    """What a game brings to the scenes: its simple player and its screenshots."""

    choose_among: Callable[[Sequence[str], str], str]
    """The simple player's choice among option ids (in the order the game screen gives
    keys) of a prompt of a kind: pilot tests press the key of the same choice."""
    choose: Callable[[Table, Prompt], str]
    """The same player at a table (:func:`play_until`'s default)."""
    shots: Mapping[str, Shot] = field(default_factory=dict)
    """The screenshots ``python -m tui.screenshots`` saves, by file name (no ``.svg``)."""


def game_scenes(game_id: str) -> GameScenes:
    """``tui/games/<id>_scenes.py``'s ``SCENES``; LookupError if there is none."""
    name = f"tui.games.{game_id}_scenes"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        raise LookupError(game_id) from None
    scenes = getattr(module, "SCENES", None)
    if not isinstance(scenes, GameScenes):
        raise LookupError(game_id)
    return scenes


def choose_among(game_id: str, option_ids: Sequence[str], kind: str) -> str:
    """``game_id``'s simple player's choice among ``option_ids`` (in key order) of a
    ``kind`` prompt."""
    return game_scenes(game_id).choose_among(option_ids, kind)


def simple_choice(table: Table, prompt: Prompt) -> str:
    """A plain, deterministic way to play ``table``'s game (its :class:`GameScenes`)."""
    return game_scenes(table.game.id).choose(table, prompt)


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
