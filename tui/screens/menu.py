"""The main menu: choose a game, its seats and rules, the table's pace; Start.

Enter on the game list moves to Start, and Enter again starts: from launch,
Enter Enter is Cats Among The Pigeons, the local player (their login name, or
"Player") against three heuristic bots.
The menu builds the :class:`~engine.session.Table` and posts
:class:`MenuScreen.StartTable`; the app pushes the game screen.

"Replay a finished game" shows once a game played to its end is kept (the
replay picker, :mod:`tui.screens.replay`).  "Resume last game" (Ctrl+R) shows while
the autosave holds a game that is not over (or a save that cannot be loaded:
resuming it says why).  Starting a new game over such a save asks first
(:class:`~tui.screens.quit.ReplaceSaveScreen`): the new game autosaves to the same
file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from stat import S_ISREG
from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.validation import Integer
from textual.widgets import Button, Checkbox, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from engine.core import JSON, RuleOption
from engine.game import Game
from engine.games import ORDER, PLANNED, REGISTRY
from engine.session import SaveError, SeatConfig, Table
from tui.games.base import has_windows
from tui.lifecycle import coming_down
from tui.plain import plain
from tui.saves import resume_hint
from tui.screens.quit import ReplaceSaveScreen
from tui.seating import (
    MAX_NAME,
    SavedGame,
    bot_levels,
    bot_names,
    build_table,
    default_human,
    default_level,
    default_players,
    default_seats,
    has_screen,
)
from tui.settings import BOT_SPEEDS, WINDOW_CHOICES, Settings
from tui.widgets.lazy_select import LazySelect

DEFAULT_GAME = "pigeons"
HELP = (
    "Enter on a game jumps to Start; Enter again starts.\n"
    "Tab: the next field. Enter or Space opens a list."
)
SHORT_MENU = 30
"""Below this many rows the menu's left column closes up its gaps (menu.tcss ``-short``)."""
_NO_WINDOW = 0.0
"""The reaction-window Select's value for "no countdown" (settings.window_seconds None)."""


@dataclass
class MenuPreset:
    """What the menu shows first: a game, its seats and rule options."""

    game_id: str = DEFAULT_GAME
    seats: list[SeatConfig] = field(default_factory=list)
    options: dict[str, JSON] = field(default_factory=dict)

    @classmethod
    def from_table(cls, table: Table) -> MenuPreset:
        return cls(table.game.id, table.seats, table.options)


def _kind_value(seat: SeatConfig, game: Game[Any]) -> str:
    """The seat-kind Select's value for ``seat`` (an unknown bot level: the default)."""
    if not seat.is_bot:
        return "human"
    level = seat.level if seat.level in bot_levels(game) else default_level(game)
    return f"bot:{level}"


def _seat_from(name: str, kind: str) -> SeatConfig:
    if kind.startswith("bot:"):
        return SeatConfig(name, "bot", kind.removeprefix("bot:"))
    return SeatConfig(name, "human")


def _window_label(seconds: float) -> str:
    if seconds == _NO_WINDOW:
        return "no countdown"
    return f"{seconds:g} seconds"


class GameSetup(Vertical):
    """Seats and rule options for one game.  Holds widgets' values only, no table."""

    def __init__(self, game: Game[Any], preset: MenuPreset | None, *, frozen: bool = False) -> None:
        super().__init__(id="setup")
        self.game = game
        self.frozen = frozen
        mine = preset is not None and preset.game_id == game.id
        seats = list(preset.seats[: game.max_players]) if preset and mine else []
        self.players = max(len(seats), game.min_players) if seats else default_players(game)
        # One row per possible seat (rows past the player count are hidden): the
        # preset's seats, then bots named after cats.
        if seats:
            extra = bot_names([s.name for s in seats], game.max_players - len(seats))
            seats += [SeatConfig(name, "bot", default_level(game)) for name in extra]
        else:
            seats = default_seats(game, game.max_players)
        self.seats = seats
        self.placeholders = [s.name for s in seats]
        chosen = preset.options if preset and mine else {}
        self.values: dict[str, JSON] = {o.id: chosen.get(o.id, o.default) for o in game.options}

    def compose(self) -> ComposeResult:
        game = self.game
        with Horizontal(classes="field", id="players-row"):
            yield Label("Players", classes="field-label")
            yield LazySelect(
                [(str(n), n) for n in range(game.min_players, game.max_players + 1)],
                value=self.players,
                allow_blank=False,
                compact=True,
                id="players",
                tooltip="How many seats at the table",
            )
        kinds = [("Human", "human")] + [(f"Bot: {lv}", f"bot:{lv}") for lv in bot_levels(game)]
        for i, seat in enumerate(self.seats):
            row = Horizontal(classes="seat", id=f"seat-{i}")
            row.display = i < self.players
            with row:
                yield Label(f"{i + 1}.", classes="seat-number")
                name = Input(
                    seat.name,
                    placeholder=self.placeholders[i],
                    max_length=MAX_NAME,
                    compact=True,
                    id=f"seat-name-{i}",
                    classes="seat-name",
                    tooltip=f"Seat {i + 1}'s name (empty: {self.placeholders[i]})",
                )
                name.cursor_blink = not self.frozen
                yield name
                yield LazySelect(
                    kinds,
                    value=_kind_value(seat, game),
                    allow_blank=False,
                    compact=True,
                    id=f"seat-kind-{i}",
                    classes="seat-kind",
                    tooltip=(
                        f"Who plays seat {i + 1}: a person (here, or over the LAN "
                        "when you host), or a bot"
                    ),
                )
        if game.options:
            yield Label("Rules", classes="section")
        for spec in game.options:
            yield from self._option_widgets(spec)

    def _option_widgets(self, spec: RuleOption) -> ComposeResult:
        value = self.values[spec.id]
        wid = f"option-{spec.id}"
        if isinstance(spec.default, bool) and not spec.choices:
            # The label is a Label beside the box so that a long one wraps.
            with Horizontal(classes="field option-row"):
                yield TickBox(
                    "",
                    bool(value),
                    compact=True,
                    id=wid,
                    classes="option option-check",
                    tooltip=spec.help or spec.label,
                )
                yield Label(spec.label, classes="option-label")
        elif spec.choices:
            with Horizontal(classes="field option-row"):
                yield Label(spec.label, classes="option-label")
                choice = LazySelect(
                    [(str(c), c) for c in spec.choices],
                    value=value,
                    allow_blank=False,
                    compact=True,
                    id=wid,
                    classes="option",
                    tooltip=spec.help or None,
                )
                # As wide as its longest choice and the arrow, so the label keeps
                # the rest of the line.
                choice.styles.width = max(len(str(c)) for c in spec.choices) + 5
                yield choice
        else:
            # The box first, as with a tick box: a long label then wraps under
            # itself, not around the number.
            with Horizontal(classes="field option-row"):
                box = Input(
                    str(value),
                    type="integer" if isinstance(spec.default, int) else "text",
                    validators=[Integer()] if isinstance(spec.default, int) else None,
                    compact=True,
                    id=wid,
                    classes="option option-input",
                    tooltip=spec.help or None,
                )
                box.cursor_blink = not self.frozen
                yield box
                yield Label(spec.label, classes="option-label option-after")

    @on(Select.Changed, "#players")
    def _players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.players = event.value
            for i in range(len(self.seats)):
                self.query_one(f"#seat-{i}").display = i < self.players

    # ------------------------------------------------------------------ reading

    def read_seats(self) -> list[SeatConfig]:
        """The seats as set now (an empty name takes its placeholder)."""
        out: list[SeatConfig] = []
        for i in range(self.players):
            name = self.query_one(f"#seat-name-{i}", Input).value.strip() or self.placeholders[i]
            kind = self.query_one(f"#seat-kind-{i}", Select).value
            out.append(_seat_from(name, str(kind)))
        return out

    def draft(self) -> MenuPreset:
        """The seats and options as set now, even half typed (a number box keeps
        its text), to show again when the player comes back to this game."""
        options: dict[str, JSON] = {}
        for spec in self.game.options:
            widget = self.query_one(f"#option-{spec.id}")
            if isinstance(widget, Checkbox | Select | Input):
                options[spec.id] = widget.value
        return MenuPreset(self.game.id, self.read_seats(), options)

    def read_options(self) -> dict[str, JSON]:
        """The rule options as set now; a ValueError names a bad one."""
        out: dict[str, JSON] = {}
        for spec in self.game.options:
            widget = self.query_one(f"#option-{spec.id}")
            if isinstance(widget, Checkbox | Select):
                out[spec.id] = widget.value
            elif isinstance(widget, Input):
                text = widget.value.strip()
                if isinstance(spec.default, int):
                    try:
                        out[spec.id] = int(text)
                    except ValueError:
                        raise ValueError(f"{spec.label}: a whole number, please") from None
                else:
                    out[spec.id] = text
        return out


class TickBox(Checkbox):
    """A check box whose mark says whether it is ticked without colour: ``X`` or
    nothing (Textual's shows an ``X`` either way, in another colour)."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]
        return "X" if self.value else " "


class MenuScreen(Screen[None]):
    """The main menu.  See the module docstring."""

    CSS_PATH = "menu.tcss"
    AUTO_FOCUS = "#games"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "focus_games", "Games"),
        Binding("ctrl+s", "start", "Start"),
        Binding("ctrl+r", "resume", "Resume"),
        Binding("ctrl+d", "demo", "Demo"),
    ]

    class StartTable(Message):
        """Play at this table (a new game, or a resumed one; ``learn``: the guided game)."""

        def __init__(self, table: Table, *, learn: bool = False) -> None:
            super().__init__()
            self.table = table
            self.learn = learn

    class WatchDemo(Message):
        """Show a demo of this game: bots play it, narrated, all hands shown."""

        def __init__(self, game_id: str, players: int) -> None:
            super().__init__()
            self.game_id = game_id
            self.players = players

    class WatchReplays(Message):
        """Show the finished games kept for replays."""

    class JoinLan(Message):
        """Show the join screen (a LAN table's address and a name)."""

        def __init__(self, name: str) -> None:
            super().__init__()
            self.name = name

    class HostLan(Message):
        """Show the host screen for this game, seats and rule options."""

        def __init__(
            self, game: Game[Any], seats: list[SeatConfig], options: dict[str, JSON]
        ) -> None:
            super().__init__()
            self.game = game
            self.seats = seats
            self.options = options

    def __init__(
        self,
        settings: Settings,
        *,
        seed: int | None = None,
        preset: MenuPreset | None = None,
        playable: Callable[[str], bool] = has_screen,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.seed = seed
        self.preset = preset or MenuPreset()
        self._drafts: dict[str, MenuPreset] = {}  # game id -> what was set for it
        self.playable = playable
        """Whether a registered game can be played here (else: listed as coming soon)."""
        ids = [g for g in REGISTRY if playable(g)] or list(REGISTRY)
        for game_id in (self.preset.game_id, DEFAULT_GAME, ids[0]):
            if game_id in ids:
                break
        self.game: Game[Any] = REGISTRY[game_id]
        self._game_ids: list[str] = []
        self._saved: tuple[tuple[Path, int, int], SavedGame] | None = None
        """The autosave read last, keyed by (path, mtime_ns, size): the menu reads the
        file again only once it changed."""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static("Purrch - cat-and-pigeon games", id="menu-title", markup=False)
        with Horizontal(id="menu-body"):
            with Vertical(id="menu-left"):
                choices = self._game_options()
                games = OptionList(*choices, id="games")
                games.tooltip = "Choose a game" + (
                    "; greyed-out ones are coming soon" if any(o.disabled for o in choices) else ""
                )
                yield games
                yield Button("Resume last game", id="resume", compact=True)
                demo = Button("Watch a demo", id="demo", compact=True)
                demo.tooltip = "Bots play the game chosen here, explaining each rule (Ctrl+D)"
                yield demo
                learn = Button("Learn to play", id="learn", compact=True)
                learn.tooltip = "A guided first game of the game chosen here, against gentle bots"
                yield learn
                replays = Button("Replay a finished game", id="replays", compact=True)
                replays.tooltip = "Watch a game played to its end here again, move by move"
                yield replays
                if self.settings.lan:
                    join = Button("Join a LAN game", id="join-lan", compact=True)
                    join.tooltip = "Play at a table another Purrch hosts on this network"
                    yield join
                    host = Button("Host a LAN game", id="host-lan", compact=True)
                    host.tooltip = "Serve the game chosen here on this network, and play a seat"
                    yield host
                yield Static(HELP, id="menu-help", markup=False)
            with Vertical(id="menu-right"):
                with VerticalScroll(id="setup-scroll"):
                    yield GameSetup(self.game, self.preset, frozen=self.settings.frozen)
                    yield Label("Table", classes="section")
                    with Horizontal(classes="field"):
                        yield Label("Bot speed", classes="field-label")
                        yield LazySelect(
                            [(name, name) for name in BOT_SPEEDS],
                            value=self.settings.bot_speed,
                            allow_blank=False,
                            compact=True,
                            id="bot-speed",
                            tooltip="How long bots think before each move",
                        )
                    with Horizontal(classes="field", id="window-row"):
                        yield Label("Reactions", classes="field-label")
                        yield LazySelect(
                            [(_window_label(s), s) for s in self._window_choices()],
                            value=self._window_value(),
                            allow_blank=False,
                            compact=True,
                            id="window",
                            tooltip="How long a chance to react out of turn stays open",
                        )
                with Horizontal(id="start-row"):
                    yield Static("", id="menu-status", markup=False)
                    yield Button(
                        "Start",
                        id="start",
                        variant="primary",
                        compact=True,
                        tooltip="Start the game (Ctrl+S from any field)",
                    )
        yield Footer(compact=True)

    def _game_options(self) -> list[Option]:
        """Playable games first, then the others; each group in the fixed ORDER."""
        ids = list(dict.fromkeys([*ORDER, *REGISTRY, *PLANNED]))
        ids = [g for g in ids if g in REGISTRY or g in PLANNED]
        ids.sort(key=lambda g: not (g in REGISTRY and self.playable(g)))
        options: list[Option] = []
        self._game_ids = ids
        for game_id in ids:
            game = REGISTRY.get(game_id)
            if game is not None and self.playable(game_id):
                players = (
                    f"{game.min_players} players"
                    if game.min_players == game.max_players
                    else f"{game.min_players}-{game.max_players} players"
                )
                options.append(Option(f"{game.title}\n  {players}", id=game_id))
            else:  # the engine or the screen is not there yet
                title = game.title if game is not None else PLANNED[game_id]
                options.append(Option(f"{title}\n  coming soon", id=game_id, disabled=True))
        return options

    def _window_choices(self) -> list[float]:
        choices = list(WINDOW_CHOICES)
        current = self._window_value()
        if current not in choices:
            choices.append(current)
            choices.sort(key=lambda s: (s == _NO_WINDOW, s))
        return choices

    def _window_value(self) -> float:
        seconds = self.settings.window_seconds
        return _NO_WINDOW if seconds is None else float(seconds)

    def on_mount(self) -> None:
        if coming_down(self):
            return
        games = self.query_one("#games", OptionList)
        games.border_title = "Game"
        games.highlighted = self._game_ids.index(self.game.id)
        scroll = self.query_one("#setup-scroll", VerticalScroll)
        scroll.border_title = "Seats and rules"
        scroll.can_focus = False  # Tab goes straight to the fields inside
        self.set_class(self.settings.ascii, "-ascii")  # menu.tcss: plain ASCII borders
        self._asciify()
        self._show_window_row()
        self._refresh_resume()

    def on_resize(self, _event: events.Resize) -> None:
        self._close_up()

    def _close_up(self) -> None:
        """A short terminal (80x24) with Resume or Replay shown: the buttons' groups
        close up, so that the help under them stays whole (menu.tcss ``-short``)."""
        extra = self._resume_offered() or self._replays_offered()
        self.set_class(self.size.height < SHORT_MENU and extra, "-short")

    def _show_window_row(self) -> None:
        """The reactions' countdown only for a game that has reaction windows."""
        self.query_one("#window-row").display = has_windows(self.game.id)

    def _asciify(self) -> None:
        """In ASCII mode, Textual's own glyphs too: the lists' arrows and the check
        boxes' half blocks."""
        if not self.settings.ascii:
            return
        for arrow in self.query(".down-arrow").results(Static):
            arrow.update("v")
        for arrow in self.query(".up-arrow").results(Static):
            arrow.update("^")
        for box in self.query(Checkbox):
            box.BUTTON_LEFT, box.BUTTON_RIGHT = "[", "]"
            box.refresh()

    def on_screen_resume(self) -> None:
        self._refresh_resume()

    def saved_game(self) -> SavedGame | None:
        """What the autosave holds (None: there is none).  Read once per version of
        the file: loading a long game takes a while."""
        path = self.settings.autosave
        if path is None:
            return None
        try:
            stat = path.stat()
        except OSError:
            return None
        if not S_ISREG(stat.st_mode):
            return None
        key = (path, stat.st_mtime_ns, stat.st_size)
        if self._saved is None or self._saved[0] != key:
            self._saved = (key, SavedGame.read(path))
        return self._saved[1]

    def _resume_offered(self) -> bool:
        """Whether the autosave holds a game to carry on: one that is not over, or one
        that cannot be loaded (resuming it says why, rather than hiding it)."""
        saved = self.saved_game()
        return saved is not None and not saved.over

    def _replays_offered(self) -> bool:
        """Whether a finished game is kept to be watched again (a glance at the folder:
        the picker reads the files)."""
        folder = self.settings.finished
        try:
            return folder is not None and any(folder.glob("*.json"))
        except OSError:
            return False

    def _refresh_resume(self) -> None:
        self.query_one("#replays", Button).display = self._replays_offered()
        button = self.query_one("#resume", Button)
        button.display = self._resume_offered()
        button.tooltip = f"Carry on with the game saved in {self.settings.autosave}"
        self._close_up()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self._resume_offered()
        return True

    def show_status(self, text: str, *, error: bool = False) -> None:
        status = self.query_one("#menu-status", Static)
        status.update(plain(text))
        status.set_class(error, "-error")

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The status line explains the focused field (unless it reports an error)."""
        status = self.query_one("#menu-status", Static)
        if status.has_class("-error"):
            return
        tip = event.widget.tooltip
        status.update(tip if isinstance(tip, str) else "")

    # ------------------------------------------------------------------ choosing a game

    def current_game(self) -> Game[Any]:
        """The game chosen now (F1 shows its rules)."""
        return self.game

    @on(OptionList.OptionHighlighted, "#games")
    async def _game_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        game_id = event.option.id
        if game_id in REGISTRY and self.playable(game_id) and game_id != self.game.id:
            # What was set for the old game stays, for when the player comes back.
            old = self.query_one(GameSetup)
            self._drafts[old.game.id] = old.draft()
            self.game = REGISTRY[game_id]
            self._show_window_row()
            # The old setup goes first: the new one reuses its widget ids.
            await old.remove()
            preset = self._drafts.get(game_id, self.preset)
            new = GameSetup(self.game, preset, frozen=self.settings.frozen)
            await self.query_one("#setup-scroll", VerticalScroll).mount(new, before=0)
            self._asciify()

    @on(OptionList.OptionSelected, "#games")
    def _game_chosen(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#start", Button).focus()

    def action_focus_games(self) -> None:
        self.query_one("#games", OptionList).focus()

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _clear_error(self) -> None:
        status = self.query_one("#menu-status", Static)
        if status.has_class("-error"):
            self.show_status("")

    @on(Input.Submitted)
    def _next_field(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    # ------------------------------------------------------------------ starting

    @on(Button.Pressed, "#start")
    def _start_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_start()

    def _in_words(self, error: str) -> str:
        """An engine error with each rule option named as the menu labels it."""
        for spec in self.game.options:
            error = error.replace(f"rule option '{spec.id}'", f'"{spec.label}"')
        return error

    def action_start(self) -> None:
        setup = self.query_one(GameSetup)
        self._read_pace()
        try:
            seats = setup.read_seats()
            options = setup.read_options()
            table = build_table(self.game, seats, self.settings, seed=self.seed, options=options)
        except ValueError as exc:
            self.show_status(f"Cannot start: {self._in_words(str(exc))}", error=True)
            return
        self._start(self.StartTable(table))

    def _read_pace(self) -> None:
        """The bot speed and the reactions' countdown as set here, for the next table."""
        speed = self.query_one("#bot-speed", Select).value
        window = self.query_one("#window", Select).value
        if isinstance(speed, str):
            self.settings.bot_speed = speed
        if isinstance(window, float | int):
            self.settings.window_seconds = None if window == _NO_WINDOW else float(window)

    def _start(self, start: MenuScreen.StartTable) -> None:
        """Start the new table, asking first if it would autosave over a game not over."""
        self.show_status("")
        path = self.settings.autosave
        saved = self.saved_game()
        if path is None or saved is None or saved.over:
            self.post_message(start)
            return

        def answered(replace: bool | None) -> None:
            if replace:
                self.post_message(start)

        # The new game would autosave over a game not finished: ask first.
        self.app.push_screen(ReplaceSaveScreen(saved.replace_warning()), callback=answered)

    @on(Button.Pressed, "#demo")
    def _demo_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_demo()

    def action_demo(self) -> None:
        """Watch the bots play the game chosen here, with the players set here."""
        players = self.query_one(GameSetup).players
        self.post_message(self.WatchDemo(self.game.id, players))

    @on(Button.Pressed, "#learn")
    def _learn_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_learn()

    def action_learn(self) -> None:
        """The guided game of the game chosen here, played by the first person's seat."""
        from tui.screens.learn import LearnSpec

        self._read_pace()
        seats = self.query_one(GameSetup).read_seats()
        name = next((s.name for s in seats if not s.is_bot), None) or default_human()
        try:
            table = LearnSpec(self.game.id, name).table(self.settings)
        except (ValueError, LookupError) as exc:
            self.show_status(f"Cannot start: {self._in_words(str(exc))}", error=True)
            return
        self._start(self.StartTable(table, learn=True))

    @on(Button.Pressed, "#replays")
    def _replays_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.WatchReplays())

    @on(Button.Pressed, "#join-lan")
    def _join_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_join_lan()

    def action_join_lan(self) -> None:
        """Join a LAN game: the name of the first human seat is the default name."""
        if not self.settings.lan:
            return
        try:
            seats = self.query_one(GameSetup).read_seats()
        except ValueError:
            seats = []
        name = next((s.name for s in seats if not s.is_bot), "")
        self.post_message(self.JoinLan(name))

    @on(Button.Pressed, "#host-lan")
    def _host_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_host_lan()

    def action_host_lan(self) -> None:
        """Host the game chosen here, with its seats and rules, on this network."""
        if not self.settings.lan:
            return
        setup = self.query_one(GameSetup)
        try:
            seats = setup.read_seats()
            options = setup.read_options()
        except ValueError as exc:
            self.show_status(f"Cannot host: {exc}", error=True)
            return
        self.show_status("")
        self.post_message(self.HostLan(self.game, seats, options))

    @on(Button.Pressed, "#resume")
    def _resume_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_resume()

    def action_resume(self) -> None:
        path = self.settings.autosave
        if path is None or not path.is_file():
            self.show_status("There is no saved game to resume.", error=True)
            return
        try:
            table = Table.load(path, autosave=path)
        except SaveError as exc:
            # The file's name is enough here; the Resume button's help has the full path.
            reason = str(exc).replace(str(path), path.name)
            hint = resume_hint(path, quit_first=True)
            self.show_status(f"Cannot resume: {reason}{hint}", error=True)
            return
        if table.is_over:
            self.show_status("Your last game is over: start a new one.", error=True)
            return
        if not self.playable(table.game.id):
            self.show_status(f"{table.game.title} cannot be played here yet.", error=True)
            return
        self.show_status("")
        self.post_message(self.StartTable(table))
