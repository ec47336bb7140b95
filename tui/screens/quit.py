"""Quit? A small yes/no question; the app only quits on yes."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.lifecycle import coming_down

QUESTION = "Quit Purrch?"
SAVED = "The game is saved and `purrch resume` continues it."


class QuitScreen(ModalScreen[bool]):
    """Dismisses with True (quit) or False (stay).  Y / N / Escape, or the buttons."""

    CSS_PATH = "quit.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes, quit"),
        Binding("n,escape", "answer(False)", "No, stay", key_display="n"),
        Binding("left", "app.focus_previous", "Previous", show=False),
        Binding("right", "app.focus_next", "Next", show=False),
    ]

    question = QUESTION

    def __init__(self, detail: str = "") -> None:
        super().__init__()
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-dialog"):
            yield Static(self.question, id="quit-question", markup=False)
            if self.detail:
                yield Static(self.detail, id="quit-detail", markup=False)
            with Horizontal(id="quit-buttons"):
                yield Button("Yes (y)", id="quit-yes", variant="error", compact=True)
                yield Button("No (n)", id="quit-no", variant="primary", compact=True)

    def on_mount(self) -> None:
        if coming_down(self):
            return
        # Enter alone must not lose anything: "No" has the focus.
        self.query_one("#quit-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "quit-yes")

    def action_answer(self, quit_app: bool) -> None:
        self.dismiss(quit_app)


class LeaveScreen(QuitScreen):
    """Leave the LAN table (back to the menu)?  True: leave; False: stay."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes, leave"),
        Binding("n,escape", "answer(False)", "No, stay", key_display="n"),
    ]
    question = "Leave the table?"
