"""Replays: a saved or finished game stepped through on the demo screen, and the
menu's list of finished games.

``purrch replay FILE`` and the menu's "Replay a finished game" show a
:class:`engine.replays.ReplayTable` on :class:`ReplayScreen`: the demo screen
(:class:`tui.screens.demo.DemoScreen`) with the same keys (Space plays and
pauses, the arrows step, ``+``/``-`` set the pace, ``q`` leaves), in one of two
ways:

* from one seat: that seat's hand all along, its own decisions, the log as it
  read it; another seat's secret decision is only "Bob decided.";
* all-seeing, for a game that is over: the hand of whoever decides next (``h``
  looks at the next seat's), as in a demo.

A replay starts paused at the first move and stops where the save ends; at the end
of a game the result comes up, and ``a`` watches it again from the start.

:class:`ReplayPickerScreen` lists the finished games kept in the data folder
(:mod:`engine.finished`: the last 20), newest first, with date, game, players and
winner; Enter watches one, all-seeing.  Names come from saves (a LAN player's
name): shown as plain text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from engine.finished import FinishedGame, listing
from engine.replays import Replay, ReplayError, ReplayTable, load
from tui.plain import plain
from tui.screens.demo import DemoScreen
from tui.screens.game_over import GameOverScreen
from tui.settings import Settings

REPLAY = "Replay"


class ReplayOverScreen(GameOverScreen):
    """The result at the end of a replay: ``a`` (or Enter) watches it again."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "again", "Watch again"),
        Binding("enter", "again", "Watch again", show=False),
    ]


class ReplayScreen(DemoScreen):
    """A saved game on the demo screen; see the module docstring."""

    GAME_OVER = ReplayOverScreen

    def __init__(
        self, table: ReplayTable, settings: Settings, pace: str = "normal", *, paused: bool = True
    ) -> None:
        super().__init__(table, settings, pace, paused=paused)
        self.replay_table = table

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes this replay shows (None: all-seeing)."""
        return self.replay_table.viewer

    def _log_lines(self, seat: int | None) -> Any:
        """The log as the viewer read it (all-seeing: the public log)."""
        return super(DemoScreen, self)._log_lines(self.viewer)

    def _sync(self) -> None:
        viewer = self.viewer
        if viewer is None:
            super()._sync()
            return
        if not self.is_live:
            return
        self._hand.shown = viewer  # that seat's hand, all along
        self._render_panes()
        if self.table.is_over:
            self._show_game_over()

    def _demo_status(self) -> str:
        table = self.replay_table
        viewer = self.viewer
        eyes = "every hand shown" if viewer is None else f"as {self._names[viewer]} saw it"
        step = f"step {table.step} of {table.total}"
        if table.is_over:
            state = "the end"
        elif table.at_end:
            state = "the save ends here"
        elif self.paused:
            state = "paused: Space plays on, arrows step"
        else:
            state = f"{self.pace} pace"
        return f"{REPLAY}, {eyes} - {step} - {state}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_hand" and self.viewer is not None:
            return False  # one seat's eyes: no other hand to look at
        return super().check_action(action, parameters)

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        return [(name, REPLAY, call) for name, _, call in super().palette_commands()]


@dataclass(frozen=True, slots=True)
class ReplaySpec:
    """A replay to show: the checked save, whose eyes (None: all-seeing), the pace."""

    replay: Replay
    viewer: int | None
    pace: str = "normal"


def watch(app: App[Any], spec: ReplaySpec, settings: Settings, done: Callable[[], None]) -> None:
    """Push the replay screen for ``spec``; "again" after its end shows it from the
    start again, anything else calls ``done``."""
    try:
        table = ReplayTable(spec.replay, spec.viewer)
    except ReplayError as exc:
        app.notify(f"Cannot replay it: {exc}", severity="error", markup=False)
        done()
        return

    def after(result: object) -> None:
        choice = result[0] if isinstance(result, tuple) and result else result
        if choice == "again":
            watch(app, spec, settings, done)
        else:
            done()

    app.push_screen(ReplayScreen(table, settings, spec.pace), callback=after)


def finished_line(game: FinishedGame) -> Content:
    """One kept game as the picker lists it: when, which, who, who won (plain text)."""
    if game.winners:
        won = " and ".join(game.winners)
        result = f"{won} {'win' if len(game.winners) > 1 else 'wins'}"
    else:
        result = "a draw"
    head = plain(f"{game.at}  {game.title}", "bold")
    return Content.assemble(head, "\n  ", plain(f"{', '.join(game.players)} - {result}"))


class ReplayPickerScreen(Screen[None]):
    """The finished games kept in ``folder``, newest first: Enter watches one."""

    CSS_PATH = "replay.tcss"
    AUTO_FOCUS = "#replay-games"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "watch", "Watch", priority=True),
        Binding("escape", "app.pop_screen", "Back to menu"),
    ]

    def __init__(self, folder: Path | None, settings: Settings, pace: str = "normal") -> None:
        super().__init__()
        self.folder = folder
        self.settings = settings
        self.pace = pace
        self.games: list[FinishedGame] = [] if folder is None else listing(folder)

    def compose(self) -> ComposeResult:
        with Vertical(id="replay-box"):
            yield Static("Replay a finished game", id="replay-title")
            if self.games:
                yield Static(
                    "Enter watches a game from its first move, every hand shown "
                    "(Space plays, the arrows step). Newest first: the last 20 "
                    "games played to their end are kept.",
                    id="replay-help",
                )
                options = [Option(finished_line(g), id=str(i)) for i, g in enumerate(self.games)]
                yield OptionList(*options, id="replay-games")
            else:
                where = "" if self.folder is None else f" (in {self.folder})"
                yield Static(
                    "No finished game yet. Every game played to its end here is kept"
                    f"{where}, the last 20, to be watched again.",
                    id="replay-help",
                    markup=False,
                )
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "watch":
            return bool(self.games)
        return True

    @on(OptionList.OptionSelected, "#replay-games")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._watch(int(event.option.id or 0))

    def action_watch(self) -> None:
        games = self.query(OptionList)
        if games and games.first().highlighted is not None:
            self._watch(games.first().highlighted or 0)

    def _watch(self, index: int) -> None:
        game = self.games[index]
        try:
            replay = load(game.path)
        except ReplayError as exc:
            self.notify(f"Cannot replay it: {exc}", severity="error", markup=False)
            return
        # A kept game is over: all-seeing (a seat's eyes: purrch replay FILE --seat).
        spec = ReplaySpec(replay, replay.default_viewer(), self.pace)
        watch(self.app, spec, self.settings, self._back)

    def _back(self) -> None:
        if self.is_attached:
            self.query_one(OptionList).focus()
