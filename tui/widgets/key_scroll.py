"""Panes that the arrow and page keys scroll by a step per key, however fast they come.

Textual defers a keyboard scroll until the screen's next refresh and counts it from
the target the last one left: keys that arrive together (typed ahead, a held key, a
terminal over SSH sending a burst) all start from the same line, and eight presses of
Down scroll one line.  These panes scroll at once, so each key counts.
"""

from __future__ import annotations

from textual.actions import SkipAction
from textual.containers import VerticalScroll

__all__ = ["KeyScroll"]


class KeyScroll(VerticalScroll):
    """A :class:`VerticalScroll` whose arrow and page keys each move it a step, and
    whose Home and End keys go there at once (no glide to wait for)."""

    def _to(self, y: float) -> None:
        if not self.allow_vertical_scroll:
            raise SkipAction()
        self.scroll_to(y=y, animate=False, immediate=True)

    def _step(self, rows: int) -> None:
        self._to(self.scroll_target_y + rows)

    def action_scroll_down(self) -> None:
        self._step(1)

    def action_scroll_up(self) -> None:
        self._step(-1)

    def action_scroll_home(self) -> None:
        self._to(0)

    def action_scroll_end(self) -> None:
        self._to(self.max_scroll_y)

    def action_page_down(self) -> None:
        self._step(max(1, self.scrollable_content_region.height))

    def action_page_up(self) -> None:
        self._step(-max(1, self.scrollable_content_region.height))
