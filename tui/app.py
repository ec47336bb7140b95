"""The Purrch app: the menu, the game screen, and the keys that work everywhere.

``PurrchApp(settings)`` opens the menu; ``PurrchApp(settings, table)`` goes straight
to that table's game (``purrch play``, ``purrch resume``) with the menu underneath.
When the game screen dismisses with ``("again", None)`` a new table with the same
seats and options and the next seed starts; ``("menu", None)`` goes back to the menu.

LAN tables: ``PurrchApp(settings, remote)`` (``purrch join``), or the menu's "Join a
LAN game" / "Host a LAN game", sit at a :class:`~engine.net.client.RemoteTable`
(:meth:`PurrchApp.sit_at`): its waiting room until every player is there, then the
same game screen.  After a game the player stays at the table: the game-over screen
says who the next game waits for (and who is away), ``a`` asks the host for it, and
its game screen comes by itself once every player here asked (a spectator just
watches it come); ``m`` leaves the table (and stops it if this app hosts it).  The
host's refusals, who drops and comes back, and our own connection's loss and return
show as notifications; a connection closed for good (the host stopped the table)
goes back to the menu, or to the fixed table's form, with a notice.  A table hosted
from the menu autosaves like ``purrch host``: a notification says where, and how to
continue it if the app stops mid-game.  The app keeps the routing: what belongs to
the LAN seat (the hosted table, the chat's draft and pace, "again" asked) lives in its
:class:`~tui.lan_session.LanSession`, whose news comes as typed messages
(``LanSession.Chat``, ``LanSession.Connection``...) to the ``on_lan_session_*`` handlers.

One fixed table (the SSH front door): ``PurrchApp(settings, None,
table_address=(host, port), table_password=None, default_name="ann")`` starts on
the "Join the table" form for that table alone (see :class:`PurrchApp`); there is
no menu, and leaving the table comes back to that form ("Leave the table" on the
game-over screen).

Keys everywhere: F1 the rules of the current game, ``?`` every key of the screen
underneath, Ctrl+T the next theme, Ctrl+Q / q quit (after asking).  The command
palette (Ctrl+P) has the same commands, plus whatever the active screen offers
through a ``palette_commands() -> list[(title, help, callback)]`` method.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.command import (
    CommandInput,
    CommandPalette,
    DiscoveryHit,
    Hit,
    Hits,
    Provider,
    SearchIcon,
)
from textual.driver import Driver
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen

from engine.core import and_list
from engine.game import Game
from engine.invocation import command
from engine.net.connection import RemoteTable
from engine.net.connection import data_dir as client_data_dir
from engine.net.hosting import address_text
from engine.net.protocol import Code, shown_text
from engine.session import Table, TableLike
from themes import DEFAULT_THEME, THEME_NAMES, THEMES, glyphs_for
from tui.ascii_out import ascii_driver
from tui.games.base import SeatPrefs
from tui.lan_session import LanSession
from tui.screens.chat import ChatScreen, chat_notice
from tui.screens.game_over import GameOverScreen
from tui.screens.keys import KeyRow, KeysScreen, key_rows
from tui.screens.menu import MenuPreset, MenuScreen
from tui.screens.quit import SAVED_SSH, LeaveScreen, QuitScreen, saved_line
from tui.seating import has_screen, new_seed, rematch
from tui.settings import Settings, autosave_path
from tui.terminal_watch import terminal_fd, terminal_gone
from tui.widgets.prompt_bar import KEYS_KEPT, reserved_note

if TYPE_CHECKING:  # loaded when needed: the menu's first frame does without them
    from engine.net.server import TableServer
    from tui.screens.demo import DemoSpec
    from tui.screens.game import GameScreen
    from tui.screens.host import HostedTable
    from tui.screens.replay import ReplaySpec

PaletteCommand = tuple[str, str, Callable[[], Any]]
"""(title, help, callback): one command palette entry."""

MIN_SIZE = (80, 24)
"""The smallest terminal every screen fits (columns, rows)."""
FOOTER_PALETTE = len("▏^p palette ")
"""Columns the footer keeps for the command palette's key, on its right."""

ASCII_KEY_NAMES = {"↔↕": "arrows"}
"""The words an ASCII terminal shows for a key display drawn with symbols (one
binding standing for several keys); any other shows its key's name."""

GameScreenFactory = Callable[[TableLike, Settings], Screen[Any]]
"""Builds the screen that plays a table (tests pass a stand-in)."""

THEME_TITLES = {
    "purrch-dark": "Purrch dark",
    "purrch-light": "Purrch light",
    "purrch-contrast": "Purrch high contrast",
}


def _game_screen(table: TableLike, settings: Settings) -> Screen[Any]:
    from tui.screens.game import GameScreen  # imported late: it is the biggest screen

    return GameScreen(table, settings)


class PurrchCommands(Provider):
    """The command palette's commands: the app's, then the active screen's own."""

    def _commands(self) -> list[PaletteCommand]:
        app = self.app
        if not isinstance(app, PurrchApp):
            return []
        return app.palette_commands(self.screen)

    async def discover(self) -> Hits:
        for title, help_text, callback in self._commands():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)


class PurrchApp(App[None]):
    """See the module docstring.

    ``PurrchApp(settings, table=None, *, seed, game_screen, playable, table_address,
    table_password, default_name)``:

    * ``table``: a :class:`~engine.session.Table` to play at once (the menu under it),
      or a connected :class:`~engine.net.client.RemoteTable` (``purrch join``);
    * ``seed``: the menu's first seed; ``game_screen``: builds the screen that plays a
      table (tests); ``playable``: whether a game has a screen here;
    * ``demo``: a :class:`~tui.screens.demo.DemoSpec` to show at once (``purrch demo``),
      the menu under it; ``replay``: a :class:`~tui.screens.replay.ReplaySpec` to show
      at once (``purrch replay FILE``), or ``replays``: the list of finished games
      (``purrch replay``), the menu under them;
    * ``table_address``: ``(host, port)`` of the one LAN table this app joins (the SSH
      front door).  The app starts on the join form in its fixed-table mode: titled
      "Join the table", the address shown as text, the name asked (prefilled with
      ``default_name``), "Watch only" offered.  ``table_password`` is the table's
      password (None: none), never asked.  A table whose seats are all taken is
      watched instead ("The table is full: you are watching.").  The seat's token is
      remembered per host, port and name, so joining again under the same name takes
      the seat back.  Leaving the table (game over, Escape in the waiting room, "New
      game") comes back to the form; Escape on the form quits the app at once.  There
      is no menu (nothing to host or play locally from here).
    """

    TITLE = "Purrch"
    CSS_PATH = "app.tcss"
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {PurrchCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "rules", "Rules", priority=True),
        Binding("question_mark", "keys", "Keys", key_display="?"),
        Binding("t", "chat", "Chat"),
        Binding("ctrl+t", "cycle_theme", "Theme", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        settings: Settings,
        table: Table | RemoteTable | None = None,
        *,
        seed: int | None = None,
        game_screen: GameScreenFactory | None = None,
        playable: Callable[[str], bool] = has_screen,
        table_address: tuple[str, int] | None = None,
        table_password: str | None = None,
        default_name: str = "",
        demo: DemoSpec | None = None,
        replay: ReplaySpec | None = None,
        replays: bool = False,
        learn: bool = False,
    ) -> None:
        if table_address is not None and table is not None:
            raise ValueError("give a table or a table_address, not both")
        self._first_demo = demo
        """A demo to show at once (``purrch demo``), the menu under it."""
        self._first_replay = replay
        self._first_replays = replays
        self._first_learns = learn
        """The first table is a guided game (``purrch learn``)."""
        self.settings = settings
        self.table: TableLike | None = None
        """The table being played now (None on the menu)."""
        self._first_table = table
        self._seed = seed
        self._make_game_screen = game_screen or _game_screen
        self.can_play = playable
        """Whether a registered game has a screen here (its widgets in tui/games/<id>.py)."""
        self.lan: LanSession | None = None
        """This app's seat at a LAN table (from the waiting room to leaving it): its
        news comes as :class:`~tui.lan_session.LanSession` messages."""
        self._game_over: GameOverScreen | None = None
        """The game-over screen of the LAN table's last game, while it is up."""
        self._leaving_tasks: set[asyncio.Task[None]] = set()
        self.table_address = table_address
        """The one LAN table this app joins (the SSH front door), or None (the menu)."""
        self.table_password = table_password
        self._front_door_name = default_name
        """The name the join form of the fixed table shows (the last one used)."""
        self._measuring_footer = False
        """:meth:`_footer_has_room_for_chat` is at work (it asks for the keys, which
        ask it again)."""
        self.exit_note = ""
        """A line for the terminal once the app has stopped (how to resume the LAN table
        it hosted)."""
        self._last_join: tuple[str, str] | None = None
        """(name, address) of the last LAN table this app joined, for the join form."""
        self._last_host: tuple[int, str] | None = None
        """(port, bind) of the last table this app hosted, for the Host form."""
        self._too_small = False
        """The terminal is below :data:`MIN_SIZE` (and the player was told so)."""
        self.seat_prefs = SeatPrefs(client_data_dir() / "seat-prefs.json")
        """LAN seats' display preferences (the memory aid...), kept across rejoins."""
        super().__init__()
        for theme in THEMES:
            self.register_theme(theme)
        if settings.theme not in THEME_NAMES:
            settings.theme = DEFAULT_THEME
        self.theme = settings.theme
        self.set_class(settings.ascii, "-ascii")  # app.tcss: no drawing characters

    @property
    def remote(self) -> RemoteTable | None:
        """The LAN table this app sits at (from the waiting room to leaving it)."""
        return None if self.lan is None else self.lan.remote

    @property
    def hosted(self) -> TableServer | None:
        """The LAN table this app serves (Host a LAN game), if any."""
        return None if self.lan is None else self.lan.server

    def get_driver_class(self) -> type[Driver]:
        """In ASCII mode, a driver that writes only ASCII (:mod:`tui.ascii_out`)."""
        driver = super().get_driver_class()
        if self.settings.ascii:
            return ascii_driver(driver)
        return driver

    def on_app_blur(self, event: events.AppBlur) -> None:
        """The terminal lost the focus (another window, another tmux pane): carry on as
        if it had not (Textual's own handling is skipped).  Textual stops redrawing the
        footer of a blurred app, and a player watching the table from another window
        would see keys that do nothing any more, or miss new ones."""
        event.prevent_default()

    def get_key_display(self, binding: Binding) -> str:
        # A screen may word a key after what it offers now (the game's "1-4 Choose"),
        # also while a modal (the quit question) is over it and its footer.
        for screen in reversed(self.screen_stack):
            own = getattr(screen, "key_display", None)
            mine = own(binding) if callable(own) else None
            if mine is not None:
                return str(mine)
        display = super().get_key_display(binding)
        if self.settings.ascii and not display.isascii():
            return ASCII_KEY_NAMES.get(display, binding.key.replace("ctrl+", "^"))
        return display

    def get_theme_variable_defaults(self) -> dict[str, str]:
        # Our own variables ($pigeon-red, $card-cat...) fall back to the dark
        # theme's, so every stylesheet parses whatever theme is active.
        return dict(THEMES[0].variables)

    def on_resize(self, event: events.Resize) -> None:
        """Below 80x24 panes overlap: say so once, each time the terminal gets too small."""
        width, height = event.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if small and not self._too_small:
            self.notify(
                f"The terminal is {width}x{height}: Purrch needs {MIN_SIZE[0]}x{MIN_SIZE[1]}. "
                "Make the window bigger, or the font smaller.",
                title="Too small",
                severity="warning",
                timeout=8,
            )
        self._too_small = small

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notification of the app as plain text: ``markup`` is ignored.

        Notices carry names, chat lines and a host's messages, which Textual would read
        as markup (``[/x]`` as a name crashed every other player's app): no notice of
        Purrch's needs markup, so none is read as markup, wherever it comes from
        (``Widget.notify`` passes ``markup=True`` on); control characters become spaces.
        """
        del markup
        super().notify(
            shown_text(message),
            title=shown_text(title),
            severity=severity,
            timeout=timeout,
            markup=False,
        )

    def on_mount(self) -> None:
        self._watch_terminal()
        if self.table_address is not None:
            self._autosave_notice()
            self.show_front_door()
            return
        # The menu is always at the bottom of the stack (pushed, not the default
        # screen, so that its stylesheet loads); a first table goes on top.
        table, self._first_table = self._first_table, None
        preset = MenuPreset.from_table(table) if isinstance(table, Table) else None
        menu = MenuScreen(self.settings, seed=self._seed, preset=preset, playable=self.can_play)
        self.push_screen(menu)
        if table is None or isinstance(table, RemoteTable):
            self._autosave_notice()
        if isinstance(table, RemoteTable):
            self.sit_at(table)
        elif table is not None:
            # A first game says the notice in its log (a toast would hide the board).
            self.start_table(table, learn=self._first_learns, notice=self.settings.notice)
            return
        elif self._first_demo is not None:
            demo, self._first_demo = self._first_demo, None
            self.start_demo(demo)
        elif self._first_replay is not None:
            from tui.screens.replay import watch

            replay, self._first_replay = self._first_replay, None
            watch(self, replay, self.settings, self._focus_menu)
        elif self._first_replays:
            self._first_replays = False
            self.show_replays()

    def _watch_terminal(self) -> None:
        """Stop (the game is autosaved) once the terminal is gone: see tui.terminal_watch."""
        if self.is_headless:
            return
        fd = terminal_fd(sys.__stdin__)
        if fd is None:
            return

        def check() -> None:
            if terminal_gone(fd):
                logging.getLogger(__name__).warning("the terminal is gone: stopping")
                self.exit()

        self.set_interval(1.0, check, name="terminal watch")

    async def on_unmount(self) -> None:
        lan = self.lan
        # How to come back to the LAN table this app is leaving as it stops.
        self.exit_note = "" if lan is None else lan.exit_note()
        self._detach_remote()
        if lan is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(lan.close(), 3.0)

    # ------------------------------------------------------------------ games

    def _autosave_notice(self) -> None:
        if self.settings.notice:
            self.notify(self.settings.notice, title="Autosave", timeout=12, markup=False)

    def start_table(
        self, table: TableLike, *, learn: bool = False, notice: str | None = None
    ) -> None:
        """Push the game screen for ``table`` (``learn``: the guided game's, with its
        coach); its dismissal comes back to :meth:`_game_done`.  ``notice``: a line
        for the top of its log (a toast, if the screen has no log)."""
        if not self.can_play(table.game.id):
            self.notify(f"{table.game.title} cannot be played here yet.", severity="error")
            return
        try:
            if learn and isinstance(table, Table):
                from tui.screens.learn import LearnScreen

                screen: Screen[Any] = LearnScreen(table, self.settings)
            else:
                screen = self._make_game_screen(table, self.settings)
        except ImportError as exc:  # a broken install: say so, stay on the menu
            self.notify(f"The game screen is not available: {exc}", severity="error")
            return
        from tui.screens.game import GameScreen  # loaded by then (its factory's)

        if notice and isinstance(screen, GameScreen):
            screen.notice = shown_text(notice)
        elif notice:
            self._autosave_notice()
        self.table = table
        if isinstance(table, Table) and self.settings.auto_pass is not None:
            table.auto_pass = self.settings.auto_pass
        if isinstance(table, Table) and table.keep_finished_in is None:
            table.keep_finished_in = self.settings.finished  # for `purrch replay`
        if isinstance(table, Table) and not table.is_over:
            table.autosave()  # quitting before the first move keeps the game too
        self.push_screen(screen, callback=self._game_done)
        lan = self.lan
        if lan is not None and lan.hosting_notice and lan.hosted is not None:
            self.notify(lan.hosting_notice, title="Hosting", timeout=15, markup=False)
            lan.hosting_notice = ""

    def on_game_screen_next_game_on(self, message: GameScreen.NextGameOn) -> None:
        """The next game of the LAN table has started, and ``message.screen`` (the last
        game's, on top) is done: the next game's screen takes its place in one step, so
        that no frame of the menu under them is drawn in between (QA: it flashed).
        Anything else: the screen is dismissed as usual."""
        screen, result = message.screen, message.result
        remote = self.remote
        if (
            remote is None
            or self.table is not remote
            or remote.is_over
            or self.screen is not screen
        ):
            screen.dismiss(result)
            return
        # On the app's own turn: a screen pushed from the leaving screen's handler
        # would send its result back to that screen, gone by then.
        self.call_next(self._replace_game_screen, screen, result)

    def _replace_game_screen(self, screen: Screen[Any], result: object) -> None:
        # Its result callback goes with it: this is it.  (Were it no longer on top,
        # its own dismiss would pop whatever is: it stays, under the next screen.)
        if self.screen is screen:
            self.pop_screen()
        self._game_done(result)

    def _game_done(self, result: object) -> None:
        choice = result[0] if isinstance(result, tuple) and result else result
        finished, self.table = self.table, None
        remote = self.remote
        if remote is not None and finished is remote:
            self._game_over = None
            if choice != "again":
                self.leave_remote()
                self._go_home()
            elif not remote.is_over:  # the next game has started: its screen
                self._next_game_screen(remote)
            else:  # asked before the screen knew it was at a LAN table: ask, stay
                if remote.seat is not None and remote.seat not in remote.lobby.again:
                    self._ask_for_next_game()
                self.start_table(remote)  # its game-over screen again
            return
        if choice == "again" and isinstance(finished, Table):  # a hot-seat table
            try:
                table = rematch(finished, finished.autosave_path)
            except ValueError as exc:
                self.notify(f"Cannot start another game: {exc}", severity="error")
                return
            self.start_table(table)
        else:
            self._focus_menu()

    # ------------------------------------------------------------------ LAN tables

    def sit_at(self, remote: RemoteTable, *, hosted: HostedTable | None = None) -> None:
        """Play ``remote`` (a connected LAN seat): the waiting room until every player
        is there, then its game screen.  ``hosted``: this app hosts the table (the
        waiting room shows the address the others join).

        The app owns the connection from now on: it closes it on leaving the table
        (back to the menu) or on quitting.
        """
        if self.remote is not None and self.remote is not remote:
            self.leave_remote()
        if self.lan is None:
            self.lan = LanSession(self, remote, hosted=hosted)
            self.lan.attach()  # the table's news reaches the screens on the app's task
        if remote.started:
            self.start_table(remote)
        else:
            from tui.screens.lobby import LobbyScreen

            hosting = None if hosted is None else hosted.address
            lobby = LobbyScreen(remote, glyphs_for(self.settings.ascii), hosting=hosting)
            self.push_screen(lobby, callback=self._lobby_done)

    def _lobby_done(self, started: bool | None) -> None:
        remote = self.remote
        if remote is None:
            return
        if started and remote.started:
            self.start_table(remote)
        else:  # Escape: leave the table
            self.leave_remote()
            self._go_home()

    def leave_remote(self) -> None:
        """Leave the LAN table: close the connection, and the table if this app hosts it
        (in the background)."""
        lan = self.lan
        if lan is not None and lan.hosted is None and lan.remote.name:
            # The join form offers the same table again (a host back after a crash).
            remote = lan.remote
            self._last_join = (remote.name, address_text(remote.host, remote.port))
        self._detach_remote()
        if lan is not None:
            task = asyncio.get_running_loop().create_task(lan.close())
            self._leaving_tasks.add(task)
            task.add_done_callback(self._leaving_tasks.discard)

    def _detach_remote(self) -> None:
        lan, self.lan = self.lan, None
        self._game_over = None
        if lan is not None:
            lan.detach()
            if self.is_running:  # "t Chat" leaves the footer
                self.call_after_refresh(self.refresh_bindings)

    def _ask_for_next_game(self) -> bool:
        """Ask the host for another game; it starts when every player here asked.
        False (and a notification) if the request could not be sent."""
        lan = self.lan
        if lan is None:
            return False
        error = lan.ask_for_next_game()
        if error:  # not connected (it may come back): say so, stay
            self.notify(error, title="Connection", severity="error")
            return False
        return True

    # ------------------------------------------------------------------ after a LAN game

    def on_game_over_screen_opened(self, message: GameOverScreen.Opened) -> None:
        """A game-over screen is up: if it is the LAN table's, it stays at the table."""
        lan, screen = self.lan, message.screen
        if lan is None or self.table is not lan.remote:
            return
        self._game_over = screen
        screen.table = lan.next_game_news()

    def on_game_over_screen_again_asked(self, message: GameOverScreen.AgainAsked) -> None:
        if self.lan is None or message.screen is not self._game_over:
            return
        if self._ask_for_next_game():
            self._show_table_news()

    def _lobby_news(self, connection: str | None = None) -> None:
        """The waiting room, if it is open, shows the table's news."""
        from tui.screens.lobby import LobbyScreen

        for screen in self.screen_stack:
            if isinstance(screen, LobbyScreen):
                screen.table_news(connection)

    def _show_table_news(self) -> None:
        screen, lan = self._game_over, self.lan
        if screen is not None and screen.is_attached and lan is not None:
            screen.table = lan.next_game_news()

    def _next_game_started(self) -> None:
        """The LAN table's next game is on: its screen replaces the game-over screen
        (as soon as that one is on top again; see :meth:`_game_done`)."""
        screen = self._game_over
        if screen is not None and screen.is_attached:
            screen.next_game = True

    def _next_game_screen(self, remote: RemoteTable) -> None:
        if self.lan is not None:
            self.lan.asked_after = None
        away = [s.name for i, s in enumerate(remote.seats) if i in remote.away_seats]
        if away:
            verb = "is" if len(away) == 1 else "are"
            who = and_list(away)
            self.notify(
                f"Game {remote.game_number} starts; {who} {verb} away (the seat is held).",
                severity="warning",
            )
        self.start_table(remote)

    def _table_closed(self, reason: str) -> None:
        """The connection is closed for good (the host stopped the table): leave it, back
        to the menu (or the fixed table's form), and say why."""
        comeback = "" if self.lan is None else self.lan.comeback_hint()
        self.leave_remote()
        self.table = None
        if self.table_address is not None:
            while len(self.screen_stack) > 1:
                self.pop_screen()
        else:
            while len(self.screen_stack) > 2 and not isinstance(self.screen, MenuScreen):
                self.pop_screen()
        if self.table_address is not None:
            where = "Back to the form: join again once the table is back."
        else:
            where = "Back to the menu." + comeback
        self.notify(
            f"{reason} {where}".strip(),
            title="Disconnected",
            severity="error",
            timeout=20 if comeback else 10,
            markup=False,
        )
        self._go_home()

    # ------------------------------------------------------------------ the LAN table's news

    def _heard(self, message: LanSession.News) -> LanSession | None:
        """The session ``message`` is news of, if this app still sits at its table
        (news on its way from a table left is dropped)."""
        lan = self.lan
        if lan is None or message.session is not lan:
            return None
        return lan

    def on_lan_session_error(self, message: LanSession.Error) -> None:
        if self._heard(message) is None:
            return
        if message.code == Code.SLOW_DOWN and isinstance(self.screen, ChatScreen):
            self.screen.refused(message.message)
        elif not message.fatal:  # a fatal one comes back as the connection's notice
            self.notify(message.message, title="Not allowed", severity="error")

    def on_lan_session_connection(self, message: LanSession.Connection) -> None:
        if self._heard(message) is None:
            return
        self._lobby_news(message.message)
        if message.state == "closed":
            self._table_closed(message.message)
            return
        # Lost for good (not dialled again): the "closed" notice that follows at
        # once says it, with where the player is now; one notice, not two.
        if not message.final:
            if message.state == "back":
                self.notify(message.message, title="Connection", severity="information")
            else:
                self.notify(message.message, title="Connection lost", severity="warning")
        self._show_table_news()

    def on_lan_session_chat(self, message: LanSession.Chat) -> None:
        """A chat line from the table: into the chat screen if it is open, else a
        notification."""
        if self._heard(message) is None:
            return
        if isinstance(self.screen, ChatScreen):
            self.screen.show_lines()
            return
        line = chat_notice(message.who, message.seat, message.text)
        self.notify(line, title="Chat", timeout=10, markup=False)

    def on_lan_session_chat_paced(self, message: LanSession.ChatPaced) -> None:
        if self._heard(message) is not None and isinstance(self.screen, ChatScreen):
            self.screen.paced(message.error)

    def on_lan_session_notice(self, message: LanSession.Notice) -> None:
        """The host's word to this connection (chat muted...)."""
        if self._heard(message) is not None:
            self.notify(message.text, title="Host", timeout=10)

    def on_lan_session_welcome(self, message: LanSession.Welcome) -> None:
        if self._heard(message) is None:
            return
        self._lobby_news()
        if isinstance(self.screen, ChatScreen):
            self.screen.show_lines()  # back at the table: what was said meanwhile
            self.screen.reconnected()

    def on_lan_session_lobby(self, message: LanSession.Lobby) -> None:
        """Say who dropped and who is back (every game; the seats pane marks them too)."""
        if self._heard(message) is None:
            return
        glyph = glyphs_for(self.settings.ascii).away
        for seat, name in message.went_away:
            self.notify(f"{glyph} {name} is away (seat {seat + 1}).", severity="warning")
        for seat, name in message.came_back:
            self.notify(f"{name} is back (seat {seat + 1}).")
        self._lobby_news()
        self._show_table_news()

    def on_lan_session_update(self, message: LanSession.Update) -> None:
        lan = self._heard(message)
        if lan is None:
            return
        self._lobby_news()  # the game may have started
        finished = lan.asked_after
        if self._game_over is not None and not message.over:
            self._next_game_started()
        elif self.table is None and finished is not None and message.game_number > finished:
            self._next_game_screen(lan.remote)

    def on_menu_screen_join_lan(self, message: MenuScreen.JoinLan) -> None:
        from tui.screens.join import JoinScreen

        name, address = self._last_join or (message.name, "")
        self.push_screen(JoinScreen(name, address), callback=self._joined)

    def on_menu_screen_host_lan(self, message: MenuScreen.HostLan) -> None:
        from tui.screens.host import HostScreen

        if self._last_host is not None:  # the Host form's defaults: where the last one was
            port, bind = self._last_host
            screen = HostScreen(message.game, message.seats, message.options, port=port, bind=bind)
        else:
            screen = HostScreen(message.game, message.seats, message.options)
        self.push_screen(screen, callback=self._hosting)

    def _hosting(self, hosted: HostedTable | None) -> None:
        if hosted is None:
            self._focus_menu()
            return
        if self.remote is not None:
            self.leave_remote()
        self._last_host = (hosted.server.port, hosted.bind)  # the Host form's next defaults
        # The session says what the table is when the game starts (now, with no seat
        # to wait for): the waiting room shows where to join meanwhile (the notice
        # would cover it), and nothing is saved before the game.
        self.sit_at(hosted.remote, hosted=hosted)

    def _joined(self, remote: RemoteTable | None) -> None:
        if remote is None:
            self._focus_menu()
            return
        self.sit_at(remote)

    def on_menu_screen_start_table(self, message: MenuScreen.StartTable) -> None:
        self.start_table(message.table, learn=message.learn)

    def on_menu_screen_watch_demo(self, message: MenuScreen.WatchDemo) -> None:
        from tui.screens.demo import DemoSpec, pace_for

        seed = self._seed if self._seed is not None else new_seed()
        pace = pace_for(self.settings.bot_speed)
        self.start_demo(DemoSpec(message.game_id, message.players, seed, pace))

    def on_menu_screen_watch_replays(self, message: MenuScreen.WatchReplays) -> None:
        self.show_replays()

    def show_replays(self) -> None:
        """The finished games kept in the data folder, to be watched again."""
        from tui.screens.demo import pace_for
        from tui.screens.replay import ReplayPickerScreen

        pace = pace_for(self.settings.bot_speed)
        self.push_screen(ReplayPickerScreen(self.settings.finished, self.settings, pace))

    def start_demo(self, spec: DemoSpec) -> None:
        """Push the demo screen for ``spec`` (bots play, narrated); "again" after its
        game shows the next deal, anything else comes back to the menu."""
        from tui.screens.demo import DemoScreen

        if not self.can_play(spec.game_id):
            self.notify("That game cannot be shown here yet.", severity="error")
            return
        try:
            screen = DemoScreen(spec.table(), self.settings, spec.pace, paused=spec.paused)
        except (ValueError, LookupError) as exc:
            self.notify(f"Cannot show the demo: {exc}", severity="error", markup=False)
            return

        def done(result: object) -> None:
            choice = result[0] if isinstance(result, tuple) and result else result
            if choice == "again":
                self.start_demo(spec.again())
            else:
                self._focus_menu()

        self.push_screen(screen, callback=done)

    def _focus_menu(self) -> None:
        if isinstance(self.screen, MenuScreen):
            self.screen.action_focus_games()

    def _go_home(self) -> None:
        """After leaving a LAN table: the menu, or the fixed table's join form."""
        if self.table_address is not None:
            self.show_front_door()
        else:
            self._focus_menu()

    # ------------------------------------------------------------------ one fixed table

    def show_front_door(self) -> None:
        """The fixed table's join form ("your name"), unless it is showing already."""
        from tui.screens.join import JoinScreen

        address = self.table_address
        if address is None or isinstance(self.screen, JoinScreen):
            return
        form = JoinScreen(self._front_door_name, table=address, password=self.table_password)
        self.push_screen(form, callback=self._front_door_done)

    def _front_door_done(self, remote: RemoteTable | None) -> None:
        if remote is None:  # Escape on the form: nothing to lose, quit at once
            self.exit()
            return
        from tui.screens.join import SPECTATOR

        if remote.name != SPECTATOR:  # the name a spectator got for giving none
            self._front_door_name = remote.name
        self.sit_at(remote)

    def action_new_game(self) -> None:
        """Back to the menu (or, at a fixed table, to its join form).  A game in progress
        stays autosaved (``purrch resume``)."""
        if self.table_address is not None:
            while len(self.screen_stack) > 1:
                self.pop_screen()
            self.table = None
            self.leave_remote()
            self.show_front_door()
            return
        while len(self.screen_stack) > 2 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        self.table = None
        if self.remote is not None or self.hosted is not None:
            self.leave_remote()  # a LAN table: leave it (and stop it, if this app hosts it)
        self._focus_menu()

    def leave_or_new_game(self) -> None:
        """The palette's "New game" / "Leave the table": at a LAN table whose game is
        on, ask first (the seat is left away, or a hosted table stops for everyone)."""
        lan = self.lan
        table = self.table
        playing = table is not None and not table.is_over
        if playing and lan is not None:
            detail = lan.leave_detail("leaving")
            self.push_screen(LeaveScreen(detail), callback=self._leave_answer)
            return
        self.action_new_game()

    def _leave_answer(self, leave: bool | None) -> None:
        if leave:
            self.action_new_game()

    def current_game(self) -> Game[Any] | None:
        """The game F1 explains: the one being played, else the one chosen on the menu."""
        if self.table is not None:
            return self.table.game
        for screen in reversed(self.screen_stack):
            hook = getattr(screen, "current_game", None)
            if callable(hook):
                game = hook()
                if isinstance(game, Game):
                    return game
        return None

    # ------------------------------------------------------------------ keys everywhere

    def action_rules(self) -> None:
        # Loaded on the first F1 (Textual's Markdown stack is large), and each game's
        # rules built once: later F1s show the same screen again at once.
        from tui.screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            self.screen.dismiss(None)
            return
        if isinstance(self.screen, QuitScreen):
            return
        game = self.current_game()
        if game is None:
            self.notify("Choose a game first.", severity="warning")
            return
        name = f"rules:{game.id}"
        if not self.is_screen_installed(name):
            self.install_screen(RulesScreen(game.title, game.rules_text()), name)
        self.push_screen(name)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "chat":  # at a LAN table, not over a question, and room in the footer
            if self.remote is None or isinstance(self.screen, ModalScreen):
                return False
            return self._footer_has_room_for_chat()
        return True

    def _footer_has_room_for_chat(self) -> bool:
        """Whether the footer shows "t Chat" besides every other key of the moment.
        Every key must show in 80 columns: when a decision brings many (a Stool Pigeon
        pick: Pick, Memory, Choose...), the chat waits for a quieter moment instead of
        pushing the last keys out of sight."""
        if self._measuring_footer:  # asked again while measuring: as if it were there
            return True
        self._measuring_footer = True
        try:
            widths: dict[str, int] = {}
            for active in self.screen.active_bindings.values():
                binding = active.binding
                if binding.show and binding.description and binding.action != "chat":
                    display = self.get_key_display(binding)
                    widths.setdefault(binding.action, cell_len(f"{display} {binding.description} "))
        finally:
            self._measuring_footer = False
        return sum(widths.values()) + len("t Chat ") + FOOTER_PALETTE <= self.size.width

    def action_chat(self) -> None:
        lan = self.lan
        if lan is None or not self.check_action("chat", ()):
            return
        pacer = lan.chat_pacer()
        self.push_screen(ChatScreen(lan.remote, lan.chat_draft, pacer, keep=lan.keep_chat_draft))

    def action_keys(self) -> None:
        if isinstance(self.screen, KeysScreen):
            self.screen.dismiss(None)
            return
        rows = key_rows(self, self.screen)
        palette = self.get_key_display(Binding("ctrl+p", "command_palette"))
        rows += [
            KeyRow(palette, f"{name}: {help_text}", "command palette")
            # At a table, the first command (leaving it) is the one no key does.
            for name, help_text, _run in self.palette_commands(self.screen)[:1]
            if self.table is not None
        ]
        choosing = any(row.description == "Choose" for row in rows)
        from tui.screens.game import GameScreen  # loaded by now: a choice is on screen

        screen = self.screen
        kept = screen.ui.keys_kept if isinstance(screen, GameScreen) else KEYS_KEPT
        note = reserved_note(kept) if choosing else ""
        self.push_screen(KeysScreen(rows, note=note))

    def action_cycle_theme(self) -> None:
        names = THEME_NAMES
        i = names.index(self.theme) if self.theme in names else -1
        self.switch_theme(names[(i + 1) % len(names)])

    def switch_theme(self, name: str) -> None:
        self.theme = name
        self.settings.theme = name
        # Said, so that a player cycling with Ctrl+T knows where they are.
        self.notify(f"Theme: {THEME_TITLES.get(name, name)}", timeout=2, markup=False)
        if self.settings.remember_theme:
            from tui.settings import remember_theme

            remember_theme(name)

    async def action_quit(self) -> None:
        """Ask first; a second Ctrl+Q (or y) on the question quits."""
        if isinstance(self.screen, QuitScreen):
            self.screen.dismiss(True)
            return
        self.push_screen(QuitScreen(self.quit_detail()), callback=self._quit_answer)

    def _quit_answer(self, quit_app: bool | None) -> None:
        if quit_app:
            self.exit()

    def quit_detail(self) -> str:
        """What quitting does to the game in progress, for the quit question."""
        table = self.table
        if table is None or table.is_over:
            return ""
        if self.lan is not None and table is self.lan.remote:
            return self.lan.leave_detail()
        path = table.autosave_path
        if path is None:
            return "This game is not being saved: quitting ends it."
        if table.autosave_error:
            return f"Careful: {table.autosave_error}."
        if self.settings.ssh:  # no shell to type `purrch resume` in (QA, issue 22)
            return SAVED_SSH
        if path != autosave_path():
            return f"The game is saved and `{command('resume', str(path))}` continues it."
        return saved_line()

    # ------------------------------------------------------------------ command palette

    def palette_commands(self, screen: Screen[Any]) -> list[PaletteCommand]:
        """The palette's commands on ``screen``: the app's, then the screen's own."""
        game = self.current_game()
        rules_help = f"The rules of {game.title}" if game else "The rules of the chosen game"
        if self.table_address is not None:
            new_game: PaletteCommand = (
                "Leave the table",
                "Back to the Join the table form",
                self.leave_or_new_game,
            )
        elif self.hosted is not None:
            new_game = (
                "Leave the table",
                "Back to the menu (this stops the table you host)",
                self.leave_or_new_game,
            )
        elif self.remote is not None:
            new_game = (
                "Leave the table",
                "Back to the menu (the host keeps your seat)",
                self.leave_or_new_game,
            )
        else:
            new_game = (
                "New game",
                "Back to the menu (a game in progress stays saved)",
                self.leave_or_new_game,
            )
        commands: list[PaletteCommand] = [
            new_game,
            ("Rules", rules_help, self.action_rules),
            ("Keys", "Every key of this screen", self.action_keys),
            ("Switch theme", "The next of the three themes", self.action_cycle_theme),
        ]
        for name in THEME_NAMES:
            title = THEME_TITLES.get(name, name)
            commands.append((f"Theme: {title}", f"Use the {title} theme", self._theme_setter(name)))
        commands.append(("Quit", "Quit Purrch (asks first)", self._ask_quit))
        hook = getattr(screen, "palette_commands", None)
        if callable(hook):
            commands.extend(_checked_commands(hook()))
        return commands

    def on_command_palette_opened(self, _message: CommandPalette.Opened) -> None:
        if self.settings.ascii:  # the palette's magnifier and ellipsis are not ASCII
            for icon in self.screen.query(SearchIcon):
                icon.icon = ">"
            for box in self.screen.query(CommandInput):
                box.placeholder = "Search for commands..."

    def _theme_setter(self, name: str) -> Callable[[], None]:
        return lambda: self.switch_theme(name)

    async def _ask_quit(self) -> None:
        await self.action_quit()


def _checked_commands(items: Iterable[Any]) -> list[PaletteCommand]:
    out: list[PaletteCommand] = []
    for item in items:
        title, help_text, callback = item
        out.append((str(title), str(help_text), callback))
    return out
