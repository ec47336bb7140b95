"""The rules of a game (its RULES.md), rendered as Markdown and scrollable."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from tui.lifecycle import coming_down


class RulesScreen(Screen[None]):
    """Full-screen rules; Escape (or F1 again) goes back to where you were."""

    CSS_PATH = "rules.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
    ]

    def __init__(self, title: str, markdown: str) -> None:
        super().__init__()
        self.rules_title = title
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        yield Static(f"Rules: {self.rules_title}", id="rules-title")
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(self.markdown, id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        if coming_down(self):
            return
        self.query_one("#rules-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
