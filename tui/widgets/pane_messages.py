"""What a game's pane tells the game screen: the player picked something on it, or
changed how it is shown.  Beside the widgets that post them (the game screen and the
game UIs in tui/games/ hear them)."""

from __future__ import annotations

from textual.message import Message

__all__ = ["PaneChoice", "PaneSetting", "ScreenKey"]


class PaneChoice(Message):
    """A game pane's player picked something (a card, a position) with Enter or a click.

    The screen asks the game UI (:meth:`GameUI.option_for`) which option of the open
    decision it answers.
    """


class PaneSetting(Message):
    """A game pane changed a display preference (the memory aid...): the screen asks
    the game UI to take it (:meth:`GameUI.setting`) and draws everything again."""


class ScreenKey(PaneSetting):
    """One of the game's keys that work wherever the focus is on the game screen (see
    ``GameUI.screen_bindings``) was pressed: ``name`` is its binding's action."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
