"""Join a LAN game: the host's address (HOST[:PORT]) and a name, checked, then dialled.

Dismissed with the connected :class:`~engine.net.client.RemoteTable` (the app then
shows its waiting room), or ``None`` (Escape).  Problems (a bad address, an empty
name, a host that cannot be reached or refuses us) show in the status line.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from engine.net import DEFAULT_PORT
from engine.net.client import RemoteTable, parse_address
from tui.seating import MAX_NAME, has_screen


def check_join(address: str, name: str) -> tuple[str, int, str]:
    """(host, port, name) from the fields; ValueError with a message for people."""
    try:
        host, port = parse_address(address, DEFAULT_PORT)
    except ValueError as exc:
        raise ValueError(f"Address: {exc} (HOST or HOST:PORT, e.g. 192.168.1.20:7777)") from None
    name = name.strip()
    if not name:
        raise ValueError("Name: say who you are (the others see it)")
    if len(name) > MAX_NAME:
        raise ValueError(f"Name: at most {MAX_NAME} characters")
    return host, port, name


class JoinScreen(Screen[RemoteTable | None]):
    """The join form (see the module docstring)."""

    CSS_PATH = "join.tcss"
    AUTO_FOCUS = "#join-address"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back to menu"),
    ]

    def __init__(self, name: str = "", address: str = "", **connect: Any) -> None:
        super().__init__()
        self.default_name = name
        self.default_address = address
        self.connect_options = connect
        """Extra arguments for :meth:`RemoteTable.connect` (tests: ``remember=False``)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="join-box"):
            yield Static(
                "Ask the host for the address its `purrch host` (or Host a LAN game) shows.",
                id="join-help",
                markup=False,
            )
            with Horizontal(classes="join-row"):
                yield Label("Address", classes="join-label")
                yield Input(
                    self.default_address,
                    placeholder=f"HOST or HOST:PORT (port {DEFAULT_PORT} if left out)",
                    id="join-address",
                )
            with Horizontal(classes="join-row"):
                yield Label("Name", classes="join-label")
                yield Input(
                    self.default_name, placeholder="Your name", max_length=MAX_NAME, id="join-name"
                )
            yield Static("", id="join-status", markup=False)
            yield Button("Join", id="join-go", variant="primary", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#join-box").border_title = "Join a LAN game"

    def show_status(self, text: str, *, error: bool = False) -> None:
        status = self.query_one("#join-status", Static)
        status.update(text)
        status.set_class(error, "-error")

    @on(Input.Submitted, "#join-address")
    def _address_done(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#join-name", Input).focus()

    @on(Input.Submitted, "#join-name")
    @on(Button.Pressed, "#join-go")
    def _go(self, event: Input.Submitted | Button.Pressed) -> None:
        event.stop()
        self.action_join()

    def action_join(self) -> None:
        address = self.query_one("#join-address", Input).value
        name = self.query_one("#join-name", Input).value
        try:
            host, port, name = check_join(address, name)
        except ValueError as exc:
            self.show_status(str(exc), error=True)
            return
        self.show_status(f"Joining {host}:{port}...")
        self.query_one("#join-go", Button).disabled = True
        self._dial(host, port, name)

    @work(exclusive=True, group="join")
    async def _dial(self, host: str, port: int, name: str) -> None:
        from tui.lan_commands import LanError, connect_table

        try:
            remote = await connect_table(
                host,
                port,
                name=name,
                spectate=False,
                password=None,
                playable=has_screen,
                **self.connect_options,
            )
        except LanError as exc:
            self.query_one("#join-go", Button).disabled = False
            self.show_status(str(exc), error=True)
            return
        if not self.is_attached:  # left meanwhile
            await remote.close()
            return
        self.dismiss(remote)

    def action_cancel(self) -> None:
        self.workers.cancel_group(self, "join")
        self.dismiss(None)
