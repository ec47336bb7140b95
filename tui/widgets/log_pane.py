"""The log pane: every event, newest at the bottom, as the seat shown may read it."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import RichLog


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the log: its text for the seat shown, and whether only that seat sees it."""

    text: str
    private: bool = False
    kind: str = "info"


class LogPane(RichLog):
    """A scrollable log.  Give it every line (``feed``); it writes only what is new.

    When the lines are not a continuation of what it shows (another seat's view
    after a handoff), it starts again from the top, so no line written for one
    seat stays on screen for the next.
    """

    feed: reactive[tuple[LogLine, ...]] = reactive((), always_update=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            id=id, wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=10
        )
        self._written: tuple[LogLine, ...] = ()

    def on_mount(self) -> None:
        self.border_title = "Log"

    def watch_feed(self, lines: tuple[LogLine, ...]) -> None:
        done = len(self._written)
        if lines[:done] != self._written:
            self.clear()
            done = 0
        for line in lines[done:]:
            self.write(self._styled(line))
        self._written = lines

    @staticmethod
    def _styled(line: LogLine) -> Text:
        if line.private:
            return Text(line.text, style="bold")
        if line.kind in ("turn", "game_over"):
            return Text(line.text, style="italic" if line.kind == "turn" else "bold")
        return Text(line.text)
