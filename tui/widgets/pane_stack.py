"""The column beside a game's main pane: its side panes over the log."""

from __future__ import annotations

from textual import events
from textual.containers import Vertical

from tui.widgets.key_scroll import KeyScroll


class PaneStack(KeyScroll):
    """Panes one above the other (the seats, the game's side panes), over the log.

    In a :class:`SideColumn` its height is capped so that the log under it keeps
    its minimum height; what no longer fits scrolls.  It takes the focus (to scroll
    with the keys) only while something in it is out of view.
    """

    keys_where = "the panes on the right"
    """Where the keys screen (?) says its keys work (they scroll the stack)."""

    room: int | None = None
    """The rows the column leaves the stack (its max-height), once a
    :class:`SideColumn` has measured them."""

    def allow_focus(self) -> bool:
        return self.max_scroll_y > 0

    def refit(self) -> None:
        """Let each pane that can give rows back (``fit_to_room``: a searched pile's
        list) fit the room, once the layout is done."""
        for child in self.children:
            fit = getattr(child, "fit_to_room", None)
            if callable(fit):
                self.call_after_refresh(fit)

    def on_descendant_focus(self, _event: events.DescendantFocus) -> None:
        self.call_after_refresh(self._show_focused)

    def on_resize(self, _event: events.Resize) -> None:
        self.call_after_refresh(self._show_focused)

    def _show_focused(self) -> None:
        """Keep the pane being used (a searched pile) in view when not everything fits."""
        focused = self.screen.focused if self.is_attached else None
        if focused is not None and focused is not self and self in focused.ancestors:
            self.scroll_to_widget(focused, animate=False)


class SideColumn(Vertical):
    """A :class:`PaneStack` over the log (or any other panes).

    The stack's panes take the height they need, but never the rows the other
    panes' ``min-height`` (in the stylesheet) keeps for them: however short the
    terminal, the log keeps its rows.  (CSS alone cannot say "all the column but
    five rows", so the column sets the stack's ``max-height`` whenever its own
    height changes: a resized terminal, the reaction banner coming or going.)
    """

    def on_resize(self, _event: events.Resize) -> None:
        self.fit_stack()

    def fit_stack(self) -> None:
        height = self.size.height
        if not height:
            return
        kept = 0
        for child in self.children:
            if not isinstance(child, PaneStack) and child.display:
                min_height = child.styles.min_height
                if min_height is not None:
                    kept += int(min_height.resolve(self.size, self.app.size))
        for stack in self.query_children(PaneStack):
            room = max(0, height - kept)
            if room != stack.room:
                stack.room = room
                stack.styles.max_height = room
                stack.refit()
