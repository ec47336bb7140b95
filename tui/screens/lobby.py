"""The waiting room of a LAN table: who has joined, which seats are still free.

Shown from joining (``purrch join``, or the menu's LAN entries) until every player
is there; it then dismisses with ``True`` and the app shows the game screen.
Escape leaves the table (dismissed with ``False``).  It follows the table through
:meth:`engine.net.remote.RemoteState.listen`.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from engine.net.connection import RemoteTable
from engine.net.hosting import address_text
from engine.net.remote import LobbyInfo
from themes import ASCII_GLYPHS, Glyphs
from tui.connection import reconnect_line
from tui.lifecycle import coming_down
from tui.screens.chat import on_top_past_chat


def waiting_text(lobby: LobbyInfo) -> str:
    missing = lobby.waiting_for
    if missing <= 0:
        return "Everyone is here: the game starts..."
    return f"Waiting for {missing} more player{'s' if missing != 1 else ''}..."


def seat_lines(lobby: LobbyInfo, me: int | None, glyphs: Glyphs) -> list[Content]:
    """One line per seat: its number, a glyph and a word for who sits there."""
    lines: list[Content] = []
    for info in lobby.seats:
        number = f"Seat {info.seat + 1}  "
        if info.kind == "bot":
            who: list[str | tuple[str, str]] = [(glyphs.bot, "dim"), " ", info.name or "a bot"]
            what = "bot" if info.name else ""
        elif info.status == "open":
            who = [(glyphs.bullet, "dim"), " ", ("free", "italic $text-muted")]
            what = ""
        elif info.status == "here":
            who = [glyphs.human, " ", (info.name or "?", "bold")]
            what = "here"
        else:  # away, or a bot plays until the player comes back
            who = [(glyphs.away, "bold $warning"), " ", info.name or "?"]
            what = "away"
        if info.seat == me:
            what = f"{what} (you)" if what else "you"
        parts: list[str | tuple[str, str]] = [number, *who]
        if what:
            parts += ["  ", (what, "dim" if what == "bot" else "")]
        lines.append(Content.assemble(*parts))
    return lines


class LobbyScreen(Screen[bool]):
    """The waiting room of ``remote``'s table (see the module docstring)."""

    CSS_PATH = "lobby.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Leave the table"),
    ]

    def __init__(self, remote: RemoteTable, glyphs: Glyphs, *, hosting: str | None = None) -> None:
        super().__init__()
        self.remote = remote
        self.glyphs = glyphs
        self.hosting = hosting
        """This app hosts the table: the address to give the others (None: joined)."""
        self._notice = ""
        """The last word on the connection ("Back at the table...")."""
        self._shown_notice: str | None = None
        """What the connection line shows now (it is redrawn only when this changes)."""
        self._started = False
        """Dismissed for the game already (see :meth:`_start_game`)."""
        self.set_class(glyphs == ASCII_GLYPHS, "-ascii")

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="lobby-box"):
            yield Static(id="lobby-game")
            yield Static(id="lobby-address")
            yield Static(id="lobby-seats")
            yield Static(id="lobby-waiting")
            yield Static(id="lobby-connection")
        yield Footer()

    def on_mount(self) -> None:
        if coming_down(self):
            return
        self.query_one("#lobby-box").border_title = "Waiting room"
        self.refresh_lobby()
        self.set_interval(1.0, self._show_connection)  # the countdown while cut off
        self._start_game()

    def on_screen_resume(self) -> None:
        self._start_game()

    def _start_game(self) -> None:
        """Once the game has started: the app shows it (dismissed with ``True``), once.
        The chat, if it is open over the room, closes for it; anything else over the
        room (the quit question, the rules) is left to the player, and the game shows
        when the room is on top again."""
        if self._started or not self.remote.started or not on_top_past_chat(self):
            return
        self._started = True
        self.dismiss(True)

    def table_news(self, connection: str | None = None) -> None:
        """The table's news reached the app (a :class:`~tui.lan_session.LanSession`
        message): show who is here now; ``connection``: the connection's new state in
        words ("Back at the table...")."""
        if not self.is_attached:
            return
        if connection is not None:
            self._notice = connection
        self.refresh_lobby()
        self._start_game()

    def refresh_lobby(self) -> None:
        remote = self.remote
        lobby = remote.lobby
        if remote.seat is None:
            you = f"watching as {remote.name}" if remote.name else "watching"
        else:
            you = f"you are {remote.name}, seat {remote.seat + 1}"
        self.query_one("#lobby-game", Static).update(
            Content.assemble((remote.title or remote.game_id, "bold"), f"  ({you})")
        )
        where = address_text(remote.host, remote.port)
        if self.hosting:
            address = Content.assemble(
                "Others join ",
                (self.hosting, "bold $text-primary"),
                " (Join a LAN game, or purrch join)",
            )
        else:
            address = Content.assemble("Table at ", (where, "bold $text-primary"))
        self.query_one("#lobby-address", Static).update(address)
        lines = seat_lines(lobby, remote.seat, self.glyphs)
        free = sum(1 for s in lobby.seats if s.kind == "player" and s.status == "open")
        lines.append(Content(""))
        lines.append(Content(f"Seats still free: {free}"))
        if lobby.spectators:
            lines.append(Content(f"Watching: {lobby.spectators}"))
        self.query_one("#lobby-seats", Static).update(Content("\n").join(lines))
        cut_off = reconnect_line(remote.presence)
        waiting = waiting_text(lobby)
        if cut_off is not None:  # the seats above are as last seen
            waiting = "The seats above are as they were when the connection was lost."
        self.query_one("#lobby-waiting", Static).update(Content.assemble((waiting, "bold $accent")))
        self._show_connection()

    def _show_connection(self) -> None:
        """The connection line: "... Reconnecting... 1:54 left." while cut off (each
        second), else the last notice ("Back at the table...")."""
        if not self.is_attached:
            return
        line = reconnect_line(self.remote.presence)
        text = line if line is not None else self._notice
        if text != self._shown_notice:
            self._shown_notice = text
            self.query_one("#lobby-connection", Static).update(Content.assemble((text, "$warning")))

    def action_leave(self) -> None:
        self.dismiss(False)
