"""Game over: who won and why, every hand or crime scene revealed, what next.

The game's UI (``tui/games/<id>.py``) words the result: a title, the reason, and
one section per seat (a revealed hand, a crime scene with its total...).  A
section is a heading and its items (the cards), laid out by :class:`ItemFlow`:
a line only ever breaks between two items, never inside one.

At a local table, ``a`` plays again (same seats, new seed) and ``m`` goes back to
the menu.  At a LAN table the screen stays up after the game: once mounted it
posts :class:`GameOverScreen.Opened`, and the app answers by setting
:attr:`GameOverScreen.table` (:class:`TableNews`: what the table says about the
next game, and whether ``a`` may ask for it).  ``a`` then posts
:class:`GameOverScreen.AgainAsked` instead of leaving; ``m`` leaves the table.
When the next game has started the app sets :attr:`GameOverScreen.next_game`:
the screen dismisses itself with "again" as soon as it is the one on top.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from themes import ASCII_GLYPHS, Glyphs
from tui.lifecycle import coming_down
from tui.screens.chat import on_top_past_chat
from tui.widgets.key_scroll import KeyScroll
from tui.widgets.result import ITEM_GAP, GameResult, ResultSection, flow

__all__ = [
    "ITEM_GAP",
    "GameOverScreen",
    "GameResult",
    "ItemFlow",
    "ResultSection",
    "TableNews",
    "flow",
]


@dataclass(frozen=True, slots=True)
class TableNews:
    """What a LAN table says about the next game, under the result."""

    text: str
    """Who the next game waits for, who is away ("Waiting for Bob to ask...")."""
    can_ask: bool = False
    """``a`` asks for another game (a player who has not asked yet; never a spectator)."""
    leave_detail: str = ""
    """What leaving costs (the seat left away, a hosted table stopped): ``m`` asks
    first, with this under the question.  Empty (a spectator): ``m`` leaves at once."""


class ItemFlow(Widget):
    """Items (cards) in lines that break only between two items (see :func:`flow`)."""

    DEFAULT_CSS = """
    ItemFlow {
        height: auto;
    }
    """

    def __init__(self, items: Sequence[Content], *, classes: str | None = None) -> None:
        super().__init__(classes=classes)
        self.items = tuple(items)

    def _lines(self, width: int) -> list[Content]:
        return flow(self.items, max(1, width))

    def render(self) -> Content:
        return Content("\n").join(self._lines(self.size.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return sum(len(line.wrap(max(1, width))) for line in self._lines(width)) or 1


class ResultBox(KeyScroll):
    """The result: each arrow or Page key scrolls it a step, and while more of it is
    under the fold the footer says so ("PgDn More": a long result, the Isle's boats
    under its score table, at 80x24)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pagedown", "page_down", "More", key_display="PgDn"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "page_down":
            return self.scroll_target_y < self.max_scroll_y
        return True

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.refresh_bindings()

    def on_resize(self) -> None:
        self.refresh_bindings()


class GameOverScreen(Screen[str]):
    """Dismissed with "again" (same seats, new seed; at a LAN table: the next game has
    started) or "menu" (back to the menu; at a LAN table: leave it)."""

    CSS_PATH = "game_over.tcss"
    AUTO_FOCUS = "#over-box"  # the arrows and Page keys scroll what is under the fold
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "again", "Play again"),
        Binding("enter", "again", "Play again", show=False),
        Binding("m", "menu", "Menu"),  # short: "PgDn More" shares the 80 columns
        Binding("m", "leave", "Leave table"),  # short: the footer is full at 80 columns
        Binding("escape", "menu", "Back to menu", show=False),
        Binding("escape", "leave", "Leave table", show=False),
    ]

    table: reactive[TableNews | None] = reactive(None, bindings=True)
    """Set by the app at a LAN table (None: a local table)."""
    next_game: reactive[bool] = reactive(False)
    """Set by the app when the LAN table's next game has started."""

    class Opened(Message):
        """The screen is up: at a LAN table the app answers with :attr:`table`."""

        def __init__(self, screen: GameOverScreen) -> None:
            super().__init__()
            self.screen = screen

    class AgainAsked(Message):
        """At a LAN table, the player pressed ``a``: ask the host for another game."""

        def __init__(self, screen: GameOverScreen) -> None:
            super().__init__()
            self.screen = screen

    def __init__(self, result: GameResult, glyphs: Glyphs) -> None:
        super().__init__()
        self.result = result
        self.glyphs = glyphs
        self._gone = False
        """Dismissed already (see :meth:`_dismiss_once`)."""
        self.set_class(glyphs == ASCII_GLYPHS, "-ascii")

    def compose(self) -> ComposeResult:
        result = self.result
        with ResultBox(id="over-box"):
            yield Static(Content(result.title), id="over-title")
            yield Static(Content(result.reason), id="over-reason")
            for section in result.sections:
                if isinstance(section, ResultSection):
                    yield Static(section.head, classes="over-head")
                    if section.items:
                        yield ItemFlow(section.items, classes="over-items")
                    else:
                        yield Static(Content(section.empty), classes="over-items")
                else:
                    yield Static(section, classes="over-section")
        yield Static(id="over-table")
        yield Footer()

    def on_mount(self) -> None:
        if coming_down(self):
            return
        self._show_table(self.table)
        self.post_message(self.Opened(self))

    def watch_table(self, news: TableNews | None) -> None:
        if self.is_mounted:
            self._show_table(news)

    def _show_table(self, news: TableNews | None) -> None:
        line = self.query_one("#over-table", Static)
        line.display = news is not None
        text = "" if news is None else news.text
        if news is not None and self.next_game:  # under a question or the rules, for now
            text = "The next game has started."
        line.update(Content.styled(text, "bold $accent"))

    def watch_next_game(self, started: bool) -> None:
        if started:
            if self.is_mounted:  # it shows once this screen is on top again
                self._show_table(self.table)
            self._next_game()

    def on_screen_resume(self) -> None:
        """Back on top (after the rules, the keys...): the next game, if it has started."""
        self._next_game()

    def _next_game(self) -> None:
        """The LAN table's next game has started: dismissed with "again", once, when
        this screen is on top (the chat over it closes for it; the rules, the keys or a
        question are left to the player)."""
        if self.next_game and not self._gone and on_top_past_chat(self):
            self._dismiss_once("again")

    def _dismiss_once(self, result: str) -> None:
        """Dismiss, unless done already (the next game and a leave question's answer
        can both come in the same moment)."""
        if not self._gone:
            self._gone = True
            self.dismiss(result)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        news = self.table
        if action == "again":
            return news is None or news.can_ask
        if action == "menu":
            return news is None
        if action == "leave":
            return news is not None
        return True

    def action_again(self) -> None:
        news = self.table
        if news is None:
            self._dismiss_once("again")
        elif news.can_ask:
            self.post_message(self.AgainAsked(self))

    def action_menu(self) -> None:
        self._dismiss_once("menu")

    def action_leave(self) -> None:
        news = self.table
        if news is None or not news.leave_detail:
            self._dismiss_once("menu")
            return
        from tui.screens.quit import LeaveScreen

        self.app.push_screen(LeaveScreen(news.leave_detail), callback=self._leave_answer)

    def _leave_answer(self, leave: bool | None) -> None:
        if leave:
            self._dismiss_once("menu")
