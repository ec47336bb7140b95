"""Join a LAN game: the host's address (HOST[:PORT]), a name, the table's password (if
it has one) and whether to watch only; checked, then dialled.

Dismissed with the connected :class:`~engine.net.connection.RemoteTable` (the app then
shows its waiting room), or ``None`` (Escape).  Problems (a bad address, an empty
name, a host that cannot be reached or refuses us) show in the status line.

Keys: Enter in a text field goes to the next one, and joins from the last one
(the password; the name in a fixed-table form); Tab moves too; Space ticks "Watch
only", and Enter there joins.  Ctrl+S joins from anywhere.

A *fixed-table* form (``table=(host, port)``, the SSH front door) joins one table
only: its title is "Join the table", the address is shown as text, the password is
the caller's (no field), and a table whose seats are all taken is watched instead
(a notification says so).
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Static

from engine.net import DEFAULT_PORT
from engine.net.connection import RemoteTable, parse_address
from engine.net.hosting import LanError, address_text, connect_table
from tui.lifecycle import coming_down
from tui.seating import MAX_NAME, has_screen

SPECTATOR = "Spectator"
"""The name of a spectator who gave none (as ``purrch join --spectate``)."""
FULL_WATCHING = "The table is full: you are watching."


def check_name(name: str, *, spectate: bool) -> str:
    """The name to join under; ValueError with a message for people."""
    name = " ".join(name.split())
    if not name:
        if spectate:
            return SPECTATOR
        raise ValueError("Name: say who you are (the others see it), or tick Watch only")
    if len(name) > MAX_NAME:
        raise ValueError(f"Name: at most {MAX_NAME} characters")
    if not name.isprintable():
        raise ValueError("Name: letters, digits and signs only")
    return name


def check_join(address: str, name: str, *, spectate: bool = False) -> tuple[str, int, str]:
    """(host, port, name) from the fields; ValueError with a message for people."""
    try:
        host, port = parse_address(address, DEFAULT_PORT)
    except ValueError as exc:
        raise ValueError(f"Address: {exc} (HOST or HOST:PORT, e.g. 192.168.1.20:7777)") from None
    return host, port, check_name(name, spectate=spectate)


class JoinFailed(Exception):
    """Joining failed: one line for the status line."""


async def dial_table(
    host: str,
    port: int,
    *,
    name: str,
    spectate: bool,
    password: str | None,
    watch_if_full: bool = False,
    **options: Any,
) -> RemoteTable:
    """Join the table at ``host``:``port`` (the waiting room may follow), as
    :func:`engine.net.hosting.connect_table` does for a game this app can show;
    :class:`JoinFailed` with a message for people."""
    try:
        return await connect_table(
            host,
            port,
            name=name,
            spectate=spectate,
            password=password,
            playable=has_screen,
            watch_if_full=watch_if_full,
            **options,
        )
    except LanError as exc:
        raise JoinFailed(str(exc)) from None


def hold_cursors_still(screen: Screen[Any]) -> None:
    """With frozen settings (tests, screenshots) the text fields' cursors do not blink:
    what a snapshot shows must not depend on when it is taken (the menu's fields do
    the same)."""
    settings = getattr(screen.app, "settings", None)
    if getattr(settings, "frozen", False):
        for field in screen.query(Input):
            field.cursor_blink = False


class WatchBox(Checkbox):
    """The "Watch only" box: Space ticks it, Enter joins (it is the form's last field).

    Ticked or not shows as "X" or a blank, not as a colour alone; with ASCII glyphs the
    half blocks around it are brackets.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_button", "Watch only"),
        Binding("enter", "screen.join", "Join"),
    ]

    def on_mount(self) -> None:
        settings = getattr(self.app, "settings", None)
        if getattr(settings, "ascii", False):
            self.BUTTON_LEFT, self.BUTTON_RIGHT = "[", "]"

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button


class JoinScreen(Screen[RemoteTable | None]):
    """The join form (see the module docstring)."""

    CSS_PATH = "join.tcss"
    AUTO_FOCUS = "#join-address, #join-name"  # a fixed-table form has no address field
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back to menu"),
        Binding("escape", "quit_table", "Quit"),
        Binding("ctrl+s", "join", "Join"),
    ]

    def __init__(
        self,
        name: str = "",
        address: str = "",
        *,
        table: tuple[str, int] | None = None,
        password: str | None = None,
        **connect: Any,
    ) -> None:
        super().__init__()
        self.default_name = name
        self.default_address = address
        self.table = table
        """The one table a fixed-table form joins (None: the address is asked)."""
        self.password = password
        """The table's password, given by the caller of a fixed-table form."""
        self.connect_options = connect
        """Extra arguments for :meth:`RemoteTable.connect` (tests: ``remember=False``)."""
        self.set_class(table is not None, "-fixed")

    @property
    def fixed(self) -> bool:
        """A fixed-table form (the SSH front door)."""
        return self.table is not None

    def compose(self) -> ComposeResult:
        with Vertical(id="join-box"):
            if self.table is None:
                help_text = (
                    "Ask the host for the address its `purrch host` (or Host a LAN game) "
                    "shows. Enter: the next field, then join."
                )
            else:
                help_text = (
                    "Choose the name the others see. Come back under the same name to take "
                    "your seat back."
                )
            yield Static(help_text, id="join-help", markup=False)
            with Horizontal(classes="join-row", id="join-address-row"):
                yield Label("Address" if self.table is None else "Table", classes="join-label")
                if self.table is None:
                    yield Input(
                        self.default_address,
                        placeholder=f"HOST or HOST:PORT (port {DEFAULT_PORT} if left out)",
                        id="join-address",
                    )
                else:
                    yield Static(address_text(*self.table), id="join-table")
            with Horizontal(classes="join-row"):
                yield Label("Name", classes="join-label")
                yield Input(
                    self.default_name,
                    placeholder="Your name (may stay empty to watch only)",
                    max_length=MAX_NAME,
                    id="join-name",
                )
            if self.table is None:
                with Horizontal(classes="join-row"):
                    yield Label("Password", classes="join-label")
                    yield Input(
                        placeholder="Only if the table has one",
                        password=True,
                        id="join-password",
                    )
            with Horizontal(classes="join-row", id="join-watch-row"):
                yield Label("", classes="join-label")
                yield WatchBox("Watch only (no seat)", compact=True, id="join-watch")
            yield Static("", id="join-status", markup=False)
            yield Button("Join", id="join-go", variant="primary", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        if coming_down(self):
            return
        box = self.query_one("#join-box")
        box.border_title = "Join the table" if self.fixed else "Join a LAN game"
        settings = getattr(self.app, "settings", None)
        self.set_class(bool(getattr(settings, "ascii", False)), "-ascii")
        hold_cursors_still(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Escape goes back to the menu, or quits the app from a fixed-table form.
        if action == "cancel":
            return not self.fixed
        if action == "quit_table":
            return self.fixed
        return True

    def show_status(self, text: str, *, error: bool = False) -> None:
        status = self.query_one("#join-status", Static)
        status.update(text)
        status.set_class(error, "-error")

    @on(Input.Submitted)
    def _next(self, event: Input.Submitted) -> None:
        """Enter: the next text field, or join from the last one."""
        event.stop()
        fields = [w for w in self.query(Input) if w.display]
        if event.input is fields[-1]:
            self.action_join()
        else:
            fields[fields.index(event.input) + 1].focus()

    @on(Button.Pressed, "#join-go")
    def _go(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_join()

    def action_join(self) -> None:
        if self.query_one("#join-go", Button).disabled:
            return  # dialling already
        spectate = self.query_one(WatchBox).value
        name = self.query_one("#join-name", Input).value
        try:
            if self.table is None:
                address = self.query_one("#join-address", Input).value
                host, port, name = check_join(address, name, spectate=spectate)
            else:
                (host, port), name = self.table, check_name(name, spectate=spectate)
        except ValueError as exc:
            self.show_status(str(exc), error=True)
            return
        if self.table is None:
            password = self.query_one("#join-password", Input).value or None
        else:
            password = self.password
        self.show_status(f"Joining {address_text(host, port)}...")
        self.query_one("#join-go", Button).disabled = True
        self._dial(host, port, name, spectate, password)

    @work(exclusive=True, group="join")
    async def _dial(
        self, host: str, port: int, name: str, spectate: bool, password: str | None
    ) -> None:
        try:
            remote = await dial_table(
                host,
                port,
                name=name,
                spectate=spectate,
                password=password,
                watch_if_full=self.fixed,
                **self.connect_options,
            )
        except JoinFailed as exc:
            self.query_one("#join-go", Button).disabled = False
            self.show_status(str(exc), error=True)
            return
        if not self.is_attached:  # left meanwhile
            await remote.close()
            return
        if remote.seat is None and not spectate:
            self.app.notify(FULL_WATCHING, title="Watching", timeout=8)
        self.dismiss(remote)

    def action_cancel(self) -> None:
        self.workers.cancel_group(self, "join")
        self.dismiss(None)

    def action_quit_table(self) -> None:
        """A fixed-table form: dismissed with None, the app quits (nothing to lose yet)."""
        self.action_cancel()
