"""The Purrch app: the menu, the game screen, and the keys that work everywhere.

``PurrchApp(settings)`` opens the menu; ``PurrchApp(settings, table)`` goes straight
to that table's game (``purrch play``, ``purrch resume``) with the menu underneath.
When the game screen dismisses with ``("again", None)`` a new table with the same
seats and options and the next seed starts; ``("menu", None)`` goes back to the menu.

Keys everywhere: F1 the rules of the current game, ``?`` every key of the screen
underneath, Ctrl+T the next theme, Ctrl+Q / q quit (after asking).  The command
palette (Ctrl+P) has the same commands, plus whatever the active screen offers
through a ``palette_commands() -> list[(title, help, callback)]`` method.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

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
from textual.screen import Screen

from engine.core import Game
from engine.session import Table
from themes import DEFAULT_THEME, THEME_NAMES, THEMES
from tui.screens.keys import KeysScreen, key_rows
from tui.screens.menu import MenuPreset, MenuScreen
from tui.screens.quit import SAVED, QuitScreen
from tui.screens.rules import RulesScreen
from tui.seating import has_screen, rematch
from tui.settings import Settings, autosave_path

PaletteCommand = tuple[str, str, Callable[[], Any]]
"""(title, help, callback): one command palette entry."""

GameScreenFactory = Callable[[Table, Settings], Screen[Any]]
"""Builds the screen that plays a table (tests pass a stand-in)."""

THEME_TITLES = {
    "purrch-dark": "Purrch dark",
    "purrch-light": "Purrch light",
    "purrch-contrast": "Purrch high contrast",
}


def _game_screen(table: Table, settings: Settings) -> Screen[Any]:
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
    """See the module docstring."""

    TITLE = "Purrch"
    CSS_PATH = "app.tcss"
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {PurrchCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "rules", "Rules", priority=True),
        Binding("question_mark", "keys", "Keys", key_display="?"),
        Binding("ctrl+t", "cycle_theme", "Theme", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        settings: Settings,
        table: Table | None = None,
        *,
        seed: int | None = None,
        game_screen: GameScreenFactory | None = None,
        playable: Callable[[str], bool] = has_screen,
    ) -> None:
        self.settings = settings
        self.table: Table | None = None
        """The table being played now (None on the menu)."""
        self._first_table = table
        self._seed = seed
        self._make_game_screen = game_screen or _game_screen
        self.can_play = playable
        """Whether a registered game has a screen here (its widgets in tui/games/<id>.py)."""
        super().__init__()
        for theme in THEMES:
            self.register_theme(theme)
        if settings.theme not in THEME_NAMES:
            settings.theme = DEFAULT_THEME
        self.theme = settings.theme

    def get_key_display(self, binding: Binding) -> str:
        display = super().get_key_display(binding)
        if self.settings.ascii and not display.isascii():
            return binding.key.replace("ctrl+", "^")
        return display

    def get_theme_variable_defaults(self) -> dict[str, str]:
        # Our own variables ($pigeon-red, $card-cat...) fall back to the dark
        # theme's, so every stylesheet parses whatever theme is active.
        return dict(THEMES[0].variables)

    def on_mount(self) -> None:
        # The menu is always at the bottom of the stack (pushed, not the default
        # screen, so that its stylesheet loads); a first table goes on top.
        table, self._first_table = self._first_table, None
        preset = MenuPreset.from_table(table) if table is not None else None
        menu = MenuScreen(self.settings, seed=self._seed, preset=preset, playable=self.can_play)
        self.push_screen(menu)
        if table is not None:
            self.start_table(table)

    # ------------------------------------------------------------------ games

    def start_table(self, table: Table) -> None:
        """Push the game screen for ``table``; its dismissal comes back to :meth:`_game_done`."""
        if not self.can_play(table.game.id):
            self.notify(f"{table.game.title} cannot be played here yet.", severity="error")
            return
        try:
            screen = self._make_game_screen(table, self.settings)
        except ImportError as exc:  # a broken install: say so, stay on the menu
            self.notify(f"The game screen is not available: {exc}", severity="error")
            return
        self.table = table
        self.push_screen(screen, callback=self._game_done)

    def _game_done(self, result: object) -> None:
        choice = result[0] if isinstance(result, tuple) and result else result
        finished, self.table = self.table, None
        if choice == "again" and finished is not None:
            try:
                table = rematch(finished, finished.autosave_path)
            except ValueError as exc:
                self.notify(f"Cannot start another game: {exc}", severity="error")
                return
            self.start_table(table)
        else:
            self._focus_menu()

    def on_menu_screen_start_table(self, message: MenuScreen.StartTable) -> None:
        self.start_table(message.table)

    def _focus_menu(self) -> None:
        if isinstance(self.screen, MenuScreen):
            self.screen.action_focus_games()

    def action_new_game(self) -> None:
        """Back to the menu.  A game in progress stays autosaved (``purrch resume``)."""
        while len(self.screen_stack) > 2 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        self.table = None
        self._focus_menu()

    def current_game(self) -> Game | None:
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
        if isinstance(self.screen, RulesScreen):
            self.screen.dismiss(None)
            return
        if isinstance(self.screen, QuitScreen):
            return
        game = self.current_game()
        if game is None:
            self.notify("Choose a game first.", severity="warning")
            return
        self.push_screen(RulesScreen(game.title, game.rules_text()))

    def action_keys(self) -> None:
        if isinstance(self.screen, KeysScreen):
            self.screen.dismiss(None)
            return
        self.push_screen(KeysScreen(key_rows(self, self.screen)))

    def action_cycle_theme(self) -> None:
        names = THEME_NAMES
        i = names.index(self.theme) if self.theme in names else -1
        self.switch_theme(names[(i + 1) % len(names)])

    def switch_theme(self, name: str) -> None:
        self.theme = name
        self.settings.theme = name

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
        path = table.autosave_path
        if path is None:
            return "This game is not being saved: quitting ends it."
        if table.autosave_error:
            return f"Careful: {table.autosave_error}."
        if path != autosave_path():
            return f"The game is saved and `purrch resume {path}` continues it."
        return SAVED

    # ------------------------------------------------------------------ command palette

    def palette_commands(self, screen: Screen[Any]) -> list[PaletteCommand]:
        """The palette's commands on ``screen``: the app's, then the screen's own."""
        game = self.current_game()
        rules_help = f"The rules of {game.title}" if game else "The rules of the chosen game"
        commands: list[PaletteCommand] = [
            ("New game", "Back to the menu (a game in progress stays saved)", self.action_new_game),
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
