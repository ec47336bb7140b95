"""Game over: who won and why, every hand or crime scene revealed, what next.

The game's UI (``tui/games/<id>.py``) words the result: a title, the reason, and
one section per seat (a revealed hand, a crime scene with its total...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from themes import ASCII_GLYPHS, Glyphs


@dataclass(frozen=True, slots=True)
class GameResult:
    """What the game-over screen shows (from the public view of a finished game)."""

    title: str
    reason: str
    sections: tuple[Content, ...]
    """One block per seat, drawn one under the other."""


class GameOverScreen(Screen[str]):
    """Dismissed with "again" (same seats, new seed) or "menu"."""

    CSS_PATH = "game_over.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "again", "Play again"),
        Binding("enter", "again", "Play again", show=False),
        Binding("m", "menu", "Back to menu"),
        Binding("escape", "menu", "Back to menu", show=False),
    ]

    def __init__(self, result: GameResult, glyphs: Glyphs) -> None:
        super().__init__()
        self.result = result
        self.glyphs = glyphs
        self.set_class(glyphs == ASCII_GLYPHS, "-ascii")

    def compose(self) -> ComposeResult:
        result = self.result
        with VerticalScroll(id="over-box"):
            yield Static(Content(result.title), id="over-title")
            yield Static(Content(result.reason), id="over-reason")
            for section in result.sections:
                yield Static(section, classes="over-section")
        yield Footer()

    def action_again(self) -> None:
        self.dismiss("again")

    def action_menu(self) -> None:
        self.dismiss("menu")
