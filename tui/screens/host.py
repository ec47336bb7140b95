"""Host a LAN game from the menu: the chosen game and seats, served from this app.

The form asks for this player's name, the port, where to listen and a password
(none: anyone who can reach the table joins); it then starts
a :class:`~engine.net.server.TableServer` in this process and joins it through a
loopback :class:`~engine.net.connection.RemoteTable`.  Dismissed with a
:class:`HostedTable` (the app shows the waiting room with the address to give the
others) or ``None`` (Escape).

The table autosaves after every move like ``purrch host`` does, to
``lan-GAME-PORT.json`` in the data folder (:func:`hosted_save_path`), and this
player's seat token is remembered like ``purrch join`` remembers it: if the app
stops mid-game, ``purrch host --resume PATH`` continues the game and ``purrch join
127.0.0.1:PORT --name NAME`` (with ``--password``) takes the seat back
(:attr:`HostedTable.resume_hint`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from engine.core import JSON
from engine.game import Game
from engine.net import DEFAULT_PORT
from engine.net.connection import RemoteTable, data_dir
from engine.net.host import HostConfig
from engine.net.hosting import address_text
from engine.net.server import TableServer
from engine.net.tcp import os_reason
from engine.session import SeatConfig
from tui.connection import EVERYWHERE, join_command, resume_command
from tui.lifecycle import coming_down
from tui.names import name_skeleton
from tui.screens.join import hold_cursors_still
from tui.seating import MAX_NAME, has_screen
from tui.settings import finished_path

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
    bind: str = EVERYWHERE
    """Where the server listens."""
    password: bool = False
    """Whether joining takes a password (the rejoin command then asks for it)."""

    @property
    def save_path(self) -> Path | None:
        """Where the table autosaves (after every move, once the game started)."""
        return self.server.host.config.save_path

    @property
    def resume_command(self) -> str:
        """The command that continues the table after a crash (same port, same bind)."""
        path = self.save_path
        return resume_command(path, self.server.port, self.bind) if path is not None else ""

    @property
    def rejoin_command(self) -> str:
        """The command that takes this player's seat back at the resumed table."""
        return join_command(LOOPBACK, self.server.port, self.remote.name, password=self.password)

    @property
    def resume_hint(self) -> str:
        """Where the table is saved and how to continue it, for the player."""
        if self.save_path is None:
            return ""
        return (
            f"The game autosaves to {self.save_path}. If this app stops mid-game, "
            f"`{self.resume_command}` continues it and `{self.rejoin_command}` "
            "takes your seat back."
        )


def hosted_save_path(game_id: str, port: int) -> Path:
    """The autosave of a table hosted on ``port``: the file ``purrch host`` uses."""
    return data_dir() / f"lan-{game_id}-{port}.json"


async def start_server(game: Game[Any], config: HostConfig, bind: str, port: int) -> TableServer:
    """Serve a new table of ``game`` on ``bind``:``port`` (0: any free port); OSError if
    it cannot listen.  It autosaves to ``config.save_path``, else to
    :func:`hosted_save_path` of the port it got, and holds that file's lock until
    it closes (:attr:`TableServer.save_lock`): ``LanError`` if another host
    (``purrch host --resume`` of this app's earlier table, say) writes it."""
    server = TableServer.new(game, config)
    await server.start(bind, port)  # which keeps bind and port in the config (the save)
    if config.save_path is None:  # the host's own config: it reads it at every save
        config.save_path = hosted_save_path(game.id, server.port)
    from engine.net.hosting import LanError, lock_save

    try:
        server.save_lock = lock_save(Path(config.save_path), "choose another port")
    except LanError:
        # Nobody has joined, so no game has started and closing saves nothing.
        await server.close("The host stopped the table.")
        raise
    return server


def host_config(seats: list[SeatConfig], options: dict[str, JSON], **extra: Any) -> HostConfig:
    """The server's config for the menu's seats: as many bots, at the first bot's level."""
    bots = [s for s in seats if s.is_bot]
    extra.setdefault("keep_finished_in", finished_path())  # each game, for `purrch replay`
    if len(bots) == len(seats):
        raise ValueError("make at least one seat a person's (Human)")
    return HostConfig(
        players=len(seats),
        bots=len(bots),
        bot_level=bots[0].level if bots else None,
        options=dict(options),
        bot_names=tuple(s.name for s in bots) or HostConfig.bot_names,
        **{"name_skeleton": name_skeleton} | extra,  # look-alike names refused
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
        Binding("ctrl+s", "host", "Host"),  # from any field, as the join form's ^s Join
    ]

    def __init__(
        self,
        game: Game[Any],
        seats: list[SeatConfig],
        options: dict[str, JSON],
        *,
        port: int = DEFAULT_PORT,
        bind: str = EVERYWHERE,
        connect: dict[str, Any] | None = None,
        **config: Any,
    ) -> None:
        super().__init__()
        self.game = game
        self.seats = seats
        self.options = options
        self.port = port
        self.bind = bind
        self.connect_options = dict(connect or {})
        """Extra arguments for :meth:`RemoteTable.connect` (tests: ``token_file``)."""
        self.config = config
        """Extra :class:`HostConfig` fields (tests: ``bot_delay``, ``save_path``)."""

    def compose(self) -> ComposeResult:
        humans = sum(1 for s in self.seats if not s.is_bot)
        name = next((s.name for s in self.seats if not s.is_bot), "")
        with Vertical(id="join-box"):
            yield Static(
                f"{self.game.title}: {len(self.seats)} seats, "
                + (
                    f"{humans} for players (you and {humans - 1} more)"
                    if humans > 1
                    else "1 for you"
                )
                + f", {len(self.seats) - humans} for bots."
                + (
                    " No seat is left for anyone else (they can watch): to play with"
                    " others, make their seats Human in the menu."
                    if humans == 1
                    else ""
                ),
                id="join-help",
                markup=False,
            )
            with Horizontal(classes="join-row"):
                yield Label("Name", classes="join-label")
                yield Input(name, placeholder="Your name", max_length=MAX_NAME, id="host-name")
            with Horizontal(classes="join-row"):
                yield Label("Port", classes="join-label")
                # Plain text: check_port says what is wrong with "ab12" (an integer
                # field dropped the letters without a word and hosted on port 12; QA).
                yield Input(str(self.port), id="host-port")
            with Horizontal(classes="join-row"):
                yield Label("Listen", classes="join-label")
                yield Select(BINDS, value=self.bind, allow_blank=False, id="host-bind")
            with Horizontal(classes="join-row", id="host-password-row"):
                yield Label("Password", classes="join-label")
                yield Input(
                    placeholder="none: anyone who can reach you joins",
                    password=True,
                    id="host-password",
                )
            yield Static("", id="join-status", markup=False)
            yield Button("Host", id="host-go", variant="primary", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        if coming_down(self):
            return
        self.query_one("#join-box").border_title = "Host a LAN game"
        hold_cursors_still(self)

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
            password = self.query_one("#host-password", Input).value or None
            config = host_config(self.seats, self.options, password=password, **self.config)
        except ValueError as exc:
            self.show_status(str(exc), error=True)
            return
        self.show_status("Starting the table...")
        self.query_one("#host-go", Button).disabled = True
        self._start(name, str(bind), port, config)

    @work(exclusive=True, group="host")
    async def _start(self, name: str, bind: str, port: int, config: HostConfig) -> None:
        from engine.net.hosting import LanError, connect_table, local_addresses

        try:
            server = await start_server(self.game, config, bind, port)
        except LanError as exc:
            self._failed(f"{exc}.")
            return
        except OSError as exc:
            self._failed(f"Cannot listen on {address_text(bind, port)}: {os_reason(exc)}")
            return
        try:
            # The seat's token is remembered (as `purrch join` does): after a crash,
            # `purrch join 127.0.0.1:PORT --name NAME` takes the seat back.
            remote = await connect_table(
                LOOPBACK,
                server.port,
                name=name,
                spectate=False,
                password=config.password,
                playable=has_screen,
                **self.connect_options,
            )
        except LanError as exc:
            await server.close("The host stopped the table.")
            self._failed(str(exc))
            return
        shown = bind if bind != EVERYWHERE else (local_addresses() or ["THIS_MACHINE"])[0]
        hosted = HostedTable(
            server, remote, address_text(shown, server.port), bind, config.password is not None
        )
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
