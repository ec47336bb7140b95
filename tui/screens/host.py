"""Host a LAN game from the menu: the chosen game and seats, served from this app.

The form asks for the port, where to listen and this player's name; it then starts
a :class:`~engine.net.server.TableServer` in this process and joins it through a
loopback :class:`~engine.net.client.RemoteTable`.  Dismissed with a
:class:`HostedTable` (the app shows the waiting room with the address to give the
others) or ``None`` (Escape).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from engine.core import JSON, Game
from engine.net import DEFAULT_PORT
from engine.net.client import RemoteTable
from engine.net.host import HostConfig
from engine.net.server import TableServer
from engine.session import SeatConfig
from tui.seating import MAX_NAME, has_screen

EVERYWHERE = "0.0.0.0"
LOOPBACK = "127.0.0.1"
BINDS = (
    ("Every network interface (a meetup)", EVERYWHERE),
    ("This machine only", LOOPBACK),
)


@dataclass
class HostedTable:
    """A table this app serves, and this app's own seat at it."""

    server: TableServer
    remote: RemoteTable
    address: str
    """``host:port`` the others join (a LAN address of this machine, or the bind)."""


def host_config(seats: list[SeatConfig], options: dict[str, JSON], **extra: Any) -> HostConfig:
    """The server's config for the menu's seats: as many bots, at the first bot's level."""
    bots = [s for s in seats if s.is_bot]
    if len(bots) == len(seats):
        raise ValueError("make at least one seat a person's (Human)")
    return HostConfig(
        players=len(seats),
        bots=len(bots),
        bot_level=bots[0].level if bots else None,
        options=dict(options),
        bot_names=tuple(s.name for s in bots) or HostConfig.bot_names,
        **extra,
    )


def check_port(text: str) -> int:
    text = text.strip() or str(DEFAULT_PORT)
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise ValueError(f"Port: {text!r} is not a port (1 to 65535; 0: any free one)")
    return int(text)


class HostScreen(Screen[HostedTable | None]):
    """The host form (see the module docstring)."""

    CSS_PATH = "join.tcss"
    AUTO_FOCUS = "#host-name"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back to menu"),
    ]

    def __init__(
        self,
        game: Game,
        seats: list[SeatConfig],
        options: dict[str, JSON],
        *,
        port: int = DEFAULT_PORT,
        bind: str = EVERYWHERE,
        **config: Any,
    ) -> None:
        super().__init__()
        self.game = game
        self.seats = seats
        self.options = options
        self.port = port
        self.bind = bind
        self.config = config
        """Extra :class:`HostConfig` fields (tests: ``bot_delay``)."""

    def compose(self) -> ComposeResult:
        humans = sum(1 for s in self.seats if not s.is_bot)
        name = next((s.name for s in self.seats if not s.is_bot), "")
        with Vertical(id="join-box"):
            yield Static(
                f"{self.game.title}: {len(self.seats)} seats, {humans} for players "
                f"(you and {humans - 1} more), {len(self.seats) - humans} for bots.",
                id="join-help",
                markup=False,
            )
            with Horizontal(classes="join-row"):
                yield Label("Name", classes="join-label")
                yield Input(name, placeholder="Your name", max_length=MAX_NAME, id="host-name")
            with Horizontal(classes="join-row"):
                yield Label("Port", classes="join-label")
                yield Input(str(self.port), id="host-port", type="integer")
            with Horizontal(classes="join-row"):
                yield Label("Listen", classes="join-label")
                yield Select(BINDS, value=self.bind, allow_blank=False, id="host-bind")
            yield Static("", id="join-status", markup=False)
            yield Button("Host", id="host-go", variant="primary", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#join-box").border_title = "Host a LAN game"

    def show_status(self, text: str, *, error: bool = False) -> None:
        status = self.query_one("#join-status", Static)
        status.update(text)
        status.set_class(error, "-error")

    @on(Input.Submitted)
    def _next(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    @on(Button.Pressed, "#host-go")
    def _go(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_host()

    def action_host(self) -> None:
        name = self.query_one("#host-name", Input).value.strip()
        bind = self.query_one("#host-bind", Select).value
        try:
            if not name:
                raise ValueError("Name: say who you are (the others see it)")
            port = check_port(self.query_one("#host-port", Input).value)
            config = host_config(self.seats, self.options, **self.config)
        except ValueError as exc:
            self.show_status(str(exc), error=True)
            return
        self.show_status("Starting the table...")
        self.query_one("#host-go", Button).disabled = True
        self._start(name, str(bind), port, config)

    @work(exclusive=True, group="host")
    async def _start(self, name: str, bind: str, port: int, config: HostConfig) -> None:
        from tui.lan_commands import LanError, connect_table, local_addresses

        server = TableServer.new(self.game, config)
        try:
            await server.start(bind, port)
        except OSError as exc:
            self._failed(f"Cannot listen on {bind}:{port}: {exc.strerror or exc}")
            return
        try:
            remote = await connect_table(
                LOOPBACK,
                server.port,
                name=name,
                spectate=False,
                password=None,
                playable=has_screen,
                remember=False,
            )
        except LanError as exc:
            await server.close("The host stopped the table.")
            self._failed(str(exc))
            return
        shown = bind if bind != EVERYWHERE else (local_addresses() or ["THIS_MACHINE"])[0]
        hosted = HostedTable(server, remote, f"{shown}:{server.port}")
        if not self.is_attached:
            await remote.close()
            await server.close("The host stopped the table.")
            return
        self.dismiss(hosted)

    def _failed(self, message: str) -> None:
        self.query_one("#host-go", Button).disabled = False
        self.show_status(message, error=True)

    def action_cancel(self) -> None:
        self.workers.cancel_group(self, "host")
        self.dismiss(None)
