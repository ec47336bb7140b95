"""The log pane: every event, newest at the bottom, as the seat shown may read it."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.reactive import reactive
from textual.widgets import RichLog


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the log: its text for the seat shown, and whether only that seat sees it."""

    text: str
    private: bool = False
    kind: str = "info"
    quote: str = ""  # words quoted as printed (a card's text): see Event.quote


class LogPane(RichLog):
    """A scrollable log.  Give it every line (``feed``); it writes only what is new.

    When the lines are not a continuation of what it shows (another seat's view
    after a handoff), it starts again from the top, so no line written for one
    seat stays on screen for the next.

    Lines are wrapped to the pane's width (:attr:`wrap_width`), and wrapped again
    whenever that width changes (a resized terminal): a RichLog keeps the rows it
    rendered at the width they were written at.  The pane follows the newest line
    (it is anchored to the end) until its reader scrolls up, and again once they
    scroll back to the end; a resize keeps whichever it was doing, and a reader
    who scrolled up keeps the line they were reading at the top.  While they read
    back, lines that come are counted on the lower border ("3 new lines: End in
    log"), until they are back at the end.
    """

    feed: reactive[tuple[LogLine, ...]] = reactive((), always_update=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            id=id, wrap=True, markup=False, highlight=False, auto_scroll=False, min_width=1
        )
        self._written: tuple[LogLine, ...] = ()
        self._width = 0  # the width the rows were wrapped to (0: not known yet, none written)
        self._starts: list[int] = []  # the first row of each line written
        self._reading_back = False  # the reader scrolled up: the pane does not follow
        self._unseen = 0  # lines come since, below what the reader sees

    def on_mount(self) -> None:
        self.border_title = "Log"
        self.anchor()

    @property
    def wrap_width(self) -> int:
        """The width (in cells) the lines are wrapped to; 0 until the pane has a size."""
        return self._width

    def _text_width(self) -> int:
        """The width for the text: inside the border and the padding, less the
        scrollbar's column (kept even without a scrollbar, so that no line re-wraps
        when the scrollbar comes or goes)."""
        styles = self.styles
        width = self.outer_size.width - styles.gutter.width - styles.scrollbar_size_vertical
        return max(0, width)

    def on_resize(self, _event: events.Resize) -> None:
        # After RichLog's own handler (the first size makes it render at all).
        self.call_next(self._rewrap)

    def _rewrap(self) -> None:
        width = self._text_width()
        if width <= 0 or width == self._width:
            return
        top = bisect_right(self._starts, round(self.scroll_y)) - 1 if self._starts else 0
        self._width = width
        self.clear()
        self._starts = []
        for line in self._written:
            self._put(line)
        # A reader who scrolled up keeps their line at the top; an anchored pane
        # (following the newest line) is put back at the end by the layout anyway.
        # (Set, not scroll_to: a RichLog's scroll_to would release the anchor.)
        row = self._starts[top] if 0 <= top < len(self._starts) else 0
        self.scroll_target_y = self.scroll_y = row

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if self.lines and new_value >= self.max_scroll_y:
            # Back at the newest line: follow the new ones again.  (A Widget does
            # this itself; a RichLog's own watcher does not.)  Not from inside a
            # scrolling animation: once it is over.
            self.call_next(self._follow_if_at_end)

    def release_anchor(self) -> None:
        """The reader scrolls: stop following the newest line, unless they scroll
        further down from it (Down at the end)."""
        super().release_anchor()
        self._reading_back = True
        self.call_next(self._follow_if_at_end)

    def anchor(self, anchor: bool = True) -> None:
        super().anchor(anchor)
        if anchor:
            self._reading_back = False
            self._count_unseen(0)

    @property
    def following(self) -> bool:
        """Whether the pane follows the newest line (the reader has not scrolled up)."""
        return self.is_anchored and not self._reading_back

    def _count_unseen(self, unseen: int) -> None:
        self._unseen = unseen
        s = "" if unseen == 1 else "s"
        self.border_subtitle = f"{unseen} new line{s}: End in log" if unseen else ""

    def _follow_if_at_end(self) -> None:
        end = self.max_scroll_y
        if self.is_mounted and self.lines and self.scroll_y >= end and self.scroll_target_y >= end:
            self.anchor()

    def watch_feed(self, lines: tuple[LogLine, ...]) -> None:
        done = len(self._written)
        if lines[:done] != self._written:
            self.clear()
            self._starts = []
            done = 0
            if self.is_mounted:
                self.anchor()  # a new reader starts at the end
        if not self.following and done:
            self._count_unseen(self._unseen + len(lines) - done)
        self._written = lines
        if not self._width:
            return  # written once the pane has a size
        for line in lines[done:]:
            self._put(line)

    def _put(self, line: LogLine) -> None:
        self._starts.append(len(self.lines))
        self.write(self._styled(line), width=self._width, scroll_end=False)

    @staticmethod
    def _styled(line: LogLine) -> Text:
        if line.private:
            return Text(line.text, style="bold")
        if line.kind == "notice":  # the app's, not the game's
            return Text(line.text, style="italic dim")
        if line.kind in ("turn", "game_over"):
            return Text(line.text, style="italic" if line.kind == "turn" else "bold")
        return Text(line.text)
