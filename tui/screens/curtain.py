"""The hot-seat handoff curtain: a full screen that hides everything private.

It names the player who gets the keyboard next and why, in words that never
mention a card, and waits for that player to press Enter.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static


class CurtainScreen(Screen[None]):
    """ "Pass to Bob — press Enter".  Dismissed (with None) by Enter."""

    CSS_PATH = "curtain.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "I am here: show my cards", priority=True),
    ]

    def __init__(
        self, name: str, reason: str = "", *, ascii_only: bool = False, secret: str = "cards"
    ) -> None:
        super().__init__()
        if secret != "cards":  # what the player is about to see, in the game's words
            self._bindings.key_to_bindings["enter"] = [
                Binding("enter", "open", f"I am here: show my {secret}", priority=True)
            ]
        self.player = name
        self.reason = reason
        self.ascii_only = ascii_only
        self.set_class(ascii_only, "-ascii")

    def compose(self) -> ComposeResult:
        dash = "-" if self.ascii_only else "—"
        with Vertical(id="curtain-box"):
            yield Static(f"Pass to {self.player}", id="curtain-title", markup=False)
            if self.reason:
                yield Static(self.reason, id="curtain-reason", markup=False)
            yield Static(
                f"{self.player}: press Enter when only you can see the screen {dash} "
                "everyone else, look away.",
                id="curtain-help",
                markup=False,
            )
        yield Footer()

    def action_open(self) -> None:
        self.dismiss(None)
