"""Chat at a LAN table: the last lines said, and a line to say something.

Everyone at the table reads a line, spectators too (the host relays it, and its
console prints it).  The app opens this with ``t`` at a LAN table; a line that
arrives while it is closed shows as a notification.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Protocol

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Static

from engine.net.protocol import CHAT_RATE, MAX_CHAT, RateLimiter
from tui.lifecycle import coming_down

NOTICE_CHARS = 120
"""A line longer than this shows cut short in a notification (whole in the chat)."""

EMPTY = (
    "Nothing said at this table yet. Everyone at the table reads what you type here, "
    "spectators too."
)


FULL = f"A line holds {MAX_CHAT} characters: what goes past that is left out."
"""Shown while the line is as long as the host takes (the field takes no more)."""


class ChatTable(Protocol):
    """What the screen needs of a :class:`engine.net.connection.RemoteTable`."""

    @property
    def chat(self) -> Iterable[tuple[str, int | None, str]]: ...

    def send_chat(self, text: str) -> None: ...


def chat_notice(name: str, seat: int | None, text: str) -> str:
    """A chat line as a notification says it: cut short past :data:`NOTICE_CHARS`."""
    line = chat_line(name, seat, text).plain
    if len(line) > NOTICE_CHARS:
        line = line[: NOTICE_CHARS - 1].rstrip() + "…"
    return f"{line}  (t: chat)"


def chat_line(name: str, seat: int | None, text: str) -> Content:
    """ "Ann: hello", the name in bold; a spectator's "Cy (watching): hello"."""
    who = name if seat is not None else f"{name} (watching)"
    return Content.assemble((f"{who}:", "bold"), " ", text)


MAX_WAITING = 5
"""Lines the chat holds back at most, past the host's pace; then "Slow down"."""

WAITING = "Sent in a moment: the table takes one line a second."
"""Shown while lines wait for the host's pace."""

TOO_MANY = (
    f"Slow down: {MAX_WAITING} lines wait already (the table takes one line a second). "
    "Press Enter again in a moment."
)

BACK = " Your lines wait until you are back."

ROOM = "There is room again: Enter sends the line."
"""Shown once a line kept in the field (:data:`TOO_MANY`) may go."""

KEPT = " The line is kept: Enter sends it once you are back."
"""Ends the message of a line typed while the connection is down."""

RECONNECTED = "Back at the table: Enter sends the line."
"""Replaces a :data:`KEPT` message once the connection is back."""


PACE_TICK = 0.25
"""Seconds between two looks at the pace while lines wait."""


class ChatPacer:
    """Sends a table's chat lines at the host's pace (:data:`CHAT_RATE`: a few at
    once, then one a second), so that it never refuses them: at once while the pace
    allows, else in turn as it allows.  (Quick lines used to be held in the field,
    where the next one typed ran into them: "fast 2fast 3".)

    ``schedule(delay, callback)`` runs a callback later (the app's ``set_timer``);
    ``changed(error)`` hears when waiting lines went out, or could not (``error``).
    The app keeps one per table, so lines wait across the chat's openings.
    """

    def __init__(
        self,
        table: ChatTable,
        schedule: Callable[[float, Callable[[], None]], Any],
        changed: Callable[[str], None] = lambda _error: None,
        limiter: RateLimiter | None = None,
    ) -> None:
        self.table = table
        self.schedule = schedule
        self.changed = changed
        self.limiter = limiter or RateLimiter(*CHAT_RATE)
        self.waiting: deque[str] = deque()
        self._timer: Any = None
        self.closed = False

    def say(self, text: str) -> str:
        """ "sent" (now), "waits" (after the lines before it, as the pace allows) or
        "full" (too many wait: nothing done).  A line sent now that fails raises what
        ``send_chat`` raised (not connected), and is not kept here."""
        if self.waiting or not self.limiter.allow(time.monotonic()):
            if len(self.waiting) >= MAX_WAITING:
                return "full"
            self.waiting.append(text)
            self._arm(PACE_TICK)
            return "waits"
        self.table.send_chat(text)
        return "sent"

    def flush(self) -> None:
        """Send what waits, as far as the pace allows; the rest waits on."""
        self._timer = None
        if self.closed:
            return
        error = ""
        while self.waiting and self.limiter.allow(time.monotonic()):
            try:
                self.table.send_chat(self.waiting[0])
            except Exception as exc:  # not connected: it waits until the table is back
                error = str(exc)
                break
            self.waiting.popleft()
        if self.waiting:
            self._arm(1.0 if error else PACE_TICK)
        self.changed(error)

    def close(self) -> None:
        """The table is left: nothing more goes out."""
        self.closed = True
        self.waiting.clear()
        timer, self._timer = self._timer, None
        if timer is not None:
            timer.stop()

    def _arm(self, delay: float) -> None:
        if self._timer is None and not self.closed:
            self._timer = self.schedule(delay, self.flush)


class ChatInput(Input):
    """The line to type; Enter sends it (shown in the footer as "Send")."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "submit", "Send")]

    def _on_key(self, event: events.Key) -> None:  # type: ignore[override]  # sync, in turn
        """Enter takes the line out of the field here, in turn with the keys around it,
        and submits it.  (Its binding would act only once the key had gone up to the
        app, after the keys typed next were in the field: keys that arrive together,
        typed fast or batched by an SSH link, ran into one line.)"""
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self.action_submit()

    def action_submit(self) -> None:  # type: ignore[override]  # sync: it must not wait
        """Submit the line and empty the field (the footer's Send comes here too)."""
        line, self.value = self.value, ""
        self.post_message(self.Submitted(self, line))

    def _on_paste(self, event: events.Paste) -> None:
        """A paste is one line (its lines joined by spaces), cut to the room left.
        (An Input drops a paste that does not fit whole, and keeps its first line only.)"""
        event.prevent_default()  # not the Input's own paste as well
        event.stop()
        text = " ".join(event.text.split())
        start, end = self.selection
        room = (self.max_length or MAX_CHAT) - len(self.value) + abs(end - start)
        text = text[: max(0, room)]
        if not text:
            return
        if start == end:
            self.insert_text_at_cursor(text)
        else:
            self.replace(text, start, end)


class ChatScreen(ModalScreen[str]):
    """The table's chat over the game.  Enter sends the line, Escape closes.

    Dismissed with what was typed and not sent (the app offers it again next time)."""

    CSS_PATH = "chat.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close")]

    def __init__(
        self,
        table: ChatTable,
        draft: str = "",
        pacer: ChatPacer | None = None,
        keep: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.draft = draft
        self.keep = keep
        """Told what is in the field at every change, so what was typed and not sent is
        kept the moment it is typed (not only once the dismissal's callback has run)."""
        self.pacer = pacer or ChatPacer(table, self.set_timer, self.paced)
        """Sends the lines at the host's pace (the app keeps one per table)."""
        self._last_sent = ""
        self._error = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box"):
            yield Static("Chat with the table", id="chat-title")
            with VerticalScroll(id="chat-scroll"):
                yield Static(id="chat-lines")
            yield Static(id="chat-error")
            yield ChatInput(
                self.draft,
                placeholder="Say something, then Enter",
                select_on_focus=False,  # a draft from last time goes on, not replaced
                max_length=MAX_CHAT,
                id="chat-input",
            )
        yield Footer()

    def on_mount(self) -> None:
        if coming_down(self):
            return
        self.show_lines()
        self._show_error("")
        self.query_one("#chat-input", ChatInput).focus()

    def show_lines(self) -> None:
        """Show the table's chat as it is now (the app calls this when a line comes)."""
        lines = [chat_line(*line) for line in self.table.chat]
        text = Content("\n").join(lines) if lines else Content.styled(EMPTY, "italic")
        self.query_one("#chat-lines", Static).update(text)
        self.query_one("#chat-scroll", VerticalScroll).scroll_end(animate=False)

    def _show_error(self, message: str) -> None:
        self._error = message
        error = self.query_one("#chat-error", Static)
        if error.display != bool(message):
            # The lines get a row less (or more): the last one must stay in sight.
            scroll = self.query_one("#chat-scroll", VerticalScroll)
            self.call_after_refresh(scroll.scroll_end, animate=False)
        error.display = bool(message)
        error.update(Content(message))

    def on_input_changed(self, event: Input.Changed) -> None:
        """Say why the field stops taking characters (a paste is cut there too)."""
        event.stop()
        if self.keep is not None:
            self.keep(event.value)
        if len(event.value) >= MAX_CHAT:
            self._show_error(FULL)
        elif self._error == FULL:
            self._show_error("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.send(event.value)

    def send(self, line: str) -> None:
        """Say ``line``, taken out of the field by its Enter; a line not sent goes back
        into the field, before what was typed after it."""
        text = " ".join(line.split())
        if not text:
            self._show_error("Type something first.")
            return
        try:
            done = self.pacer.say(text)
        except Exception as exc:  # not connected (it comes back by itself): say so, keep it
            self._give_back(line)
            self._show_error(f"{exc}{KEPT}")
            return
        if done == "full":
            self._give_back(line)
            self._show_error(TOO_MANY)
            return
        self._last_sent = text
        self._show_error(WAITING if done == "waits" else "")

    def _give_back(self, line: str) -> None:
        field = self.query_one("#chat-input", ChatInput)
        field.value = line + field.value
        field.cursor_position = len(field.value)

    def paced(self, error: str) -> None:
        """Lines that waited went out (or could not: ``error``): say so."""
        if error:
            self._show_error(f"{error}{BACK}")
        elif self._error == TOO_MANY:
            if len(self.pacer.waiting) < MAX_WAITING:  # the line in the field may go now
                self._show_error(ROOM)
        elif self._error == ROOM:
            pass  # until the line in the field is sent
        elif self.pacer.waiting:
            self._show_error(WAITING)
        elif self._error == WAITING or self._error.endswith(BACK):
            self._show_error("")

    def reconnected(self) -> None:
        """The connection is back: a line kept meanwhile may be sent now."""
        if self._error.endswith(KEPT):
            self._show_error(RECONNECTED)

    def refused(self, message: str) -> None:
        """The host did not relay the last line (the table's chat is busy): say so,
        and give the line back if nothing else was typed since."""
        self._show_error(message)
        if not self.query_one("#chat-input", ChatInput).value and self._last_sent:
            self._give_back(self._last_sent)

    def action_close(self) -> None:
        self.dismiss(self.query_one("#chat-input", ChatInput).value)


def on_top_past_chat(screen: Screen[Any]) -> bool:
    """Whether ``screen``, which has something to show now (the game has started, it
    is over...), is the one on top, after closing the chat if that is open right over
    it (what was typed is kept for next time).  Nothing else over it is closed: a
    screen under a question or the rules waits until it is on top again (``dismiss``
    pops the top screen, whichever it is)."""
    stack = screen.app.screen_stack
    if len(stack) >= 2 and stack[-2] is screen and isinstance(stack[-1], ChatScreen):
        stack[-1].action_close()
    return screen.app.screen is screen
