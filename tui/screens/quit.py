"""Yes/no questions in a small box: quit?  Leave the table?  Replace a saved game?

:class:`ConfirmScreen` is the box; a subclass sets the question and the footer's
words for its two keys (``y`` and ``n``/Escape), and the caller the detail line.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from engine.invocation import command
from tui.lifecycle import coming_down

QUESTION = "Quit Purrch?"
SAVED = "The game is saved and `purrch resume` continues it."
"""What :func:`saved_line` says where ``purrch`` is on the PATH."""


SAVED_SSH = (
    "The game is saved: log in again under the same name and choose "
    '"Resume last game" (Ctrl+R) in the menu.'
)
"""What :func:`saved_line` says in an SSH door's session (no shell to type a command in)."""


def saved_line() -> str:
    """How to carry on with the autosaved game, with a command that works from here."""
    return f"The game is saved and `{command('resume')}` continues it."


class ConfirmScreen(ModalScreen[bool]):
    """Dismisses with True (yes) or False (no).  Y / N / Escape, or the buttons.

    "No" has the focus, so Enter alone never does the thing asked about.
    """

    CSS_PATH = "quit.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No", key_display="n"),
        Binding("left", "app.focus_previous", "Previous", show=False),
        Binding("right", "app.focus_next", "Next", show=False),
    ]

    question = ""

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
        yield Footer()  # its own keys, not those of the screen underneath

    def on_mount(self) -> None:
        if coming_down(self):
            return
        # Enter alone must not lose anything: "No" has the focus.
        self.query_one("#quit-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "quit-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class QuitScreen(ConfirmScreen):
    """Quit Purrch?  True: quit; False: stay."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes, quit"),
        Binding("n,escape", "answer(False)", "No, stay", key_display="n"),
    ]

    question = QUESTION


class LeaveScreen(QuitScreen):
    """Leave the LAN table (back to the menu)?  True: leave; False: stay."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes, leave"),
        Binding("n,escape", "answer(False)", "No, stay", key_display="n"),
    ]
    question = "Leave the table?"


class ReplaceSaveScreen(ConfirmScreen):
    """Start a new game over an unfinished saved one?  True: start (the save is
    replaced); False: back to the menu (the save is left as it is)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes, start a new game"),
        Binding("n,escape", "answer(False)", "No, back to the menu", key_display="n"),
    ]
    question = "Start a new game?"
