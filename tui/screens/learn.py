"""A guided first game: ``purrch learn GAME`` and the menu's "Learn to play".

A real game (:class:`engine.session.Table`): the player against gentle bots, on the
game's guided deal (:func:`engine.learn.learning_for`: a seed where the main rules
come up early), on the normal game screen with a coach line over the prompt bar
(:class:`~tui.screens.demo.NarrationLine`):

* the first time each kind of decision comes to the player, what it asks ("Your
  turn: play action cards and discard pairs..."); the first time each rule comes up
  in the game (a bot's move too), the rule, as a demo explains it;
* ``w`` ("Why not?") says why the player cannot do what they may look for and do
  not find among the choices: not their turn, no pair, a branch with a token
  already (:func:`engine.learn.why_not`, from the game's rules and this seat's view
  only);
* the game-over screen ends with the rules met in this game and those not met yet.

Everything else is the game screen: the keys, the autosave (``purrch resume``
carries a guided game on, as a plain game).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from engine.core import Event
from engine.learn import Coach, Summary, learning_for, why_not
from engine.narration import Narration, Rule, rules_for
from engine.session import SeatConfig, Table
from tui.screens.demo import NarrationInfo, NarrationLine, rules_that_fit, with_narration
from tui.screens.game import GameScreen
from tui.settings import Settings
from tui.widgets.result import GameResult

NARRATION_ROWS = 5
"""The coach line's rows (NarrationLine's max-height in demo.tcss): its status, then
the rules that fit whole; the others wait for the learner's next move, never cut."""


@dataclass(frozen=True, slots=True)
class LearnSpec:
    """A guided game: which game, and the learner's name."""

    game_id: str
    name: str

    def table(self, settings: Settings) -> Table:
        """The guided game's table: the learner in seat 1, the gentle bots after
        (LookupError: the game has no guided game)."""
        from engine.games import get_game
        from tui.seating import bot_names

        game = get_game(self.game_id)
        learning = learning_for(game)
        bots = bot_names([self.name], learning.players - 1)
        seats = [SeatConfig(self.name, "human")]
        seats += [SeatConfig(name, "bot", learning.bots) for name in bots]
        return Table(
            game,
            seats,
            seed=learning.seed,
            autosave=settings.autosave,
            window_seconds=settings.window_seconds,
            bot_delay=settings.bot_delay,
        )


class WhyNotScreen(ModalScreen[None]):
    """The reasons behind the choices the player does not have now."""

    CSS_PATH = "learn.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,w,enter", "app.pop_screen", "Back to the game", key_display="esc"),
    ]

    def __init__(self, reasons: list[str]) -> None:
        super().__init__()
        self.reasons = reasons

    def compose(self) -> ComposeResult:
        with Vertical(id="why-box"):
            yield Static("Why can't I...?", id="why-title")
            if self.reasons:
                for reason in self.reasons:
                    yield Static(Content("- ") + Content(reason), classes="why-line")
            else:
                yield Static(
                    "Nothing is kept from you now: every move the rules allow is among "
                    "the choices on the prompt bar.",
                    classes="why-line",
                )
        yield Footer()


class LearnScreen(GameScreen):
    """A guided game on the game screen; see the module docstring."""

    CSS_PATH: ClassVar[list[str | PurePath]] = [*GameScreen.CSS_PATH, "demo.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "why_not", "Why not?", tooltip="Why a move is not among your choices"),
    ]

    def __init__(self, table: Table, settings: Settings) -> None:
        super().__init__(table, settings)
        self.learner = next(i for i, s in enumerate(table.seats) if not s.is_bot)
        self.coach = Coach(rules_for(table.game.id), self.learner)
        self._every = len(self.coach.table.every_rule())
        start = next((e for e in table.log if e.kind == "start"), None)
        self._unread: list[Rule] = []
        """The rules met and not yet on the coach line at a move of the learner's."""
        self._read: set[str] = set()
        """The names of the rules the learner has had on the line (a decision and the
        event it makes may share a rule's name: it is said once)."""
        self._shown: tuple[Rule, ...] = ()
        """The rules on the coach line now: read once the learner answers."""
        self._meet(self.coach.start(start))

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield from with_narration(super().compose())

    # ------------------------------------------------------------------ following

    def _on_table_change(self, events: list[Event]) -> None:
        self._meet(self.coach.events(events))
        super()._on_table_change(events)

    def _meet(self, rules: tuple[Rule, ...], *, first: bool = False) -> None:
        """Put newly met ``rules`` on the waiting list (``first``: ahead of the rest)."""
        new = [r for r in rules if r.name not in self._read]
        if first:  # a decision's words say more to the learner than its event's
            names = {r.name for r in new}
            self._unread = new + [r for r in self._unread if r.name not in names]
        else:
            waiting = {r.name for r in self._unread}
            self._unread += [r for r in new if r.name not in waiting]

    def _answer(self, seat: int, prompt_id: str, option_id: str) -> bool:
        if seat == self.learner:  # what the coach line said was read: the next move's words
            self._read.update(r.name for r in self._shown)
            self._unread = [r for r in self._unread if r not in self._shown]
            self._shown = ()
        before = len(self.table.log)
        done = super()._answer(seat, prompt_id, option_id)
        if done and seat == self.learner:
            made = self.table.log[before:]
            self._meet(self.coach.answered(option_id, made))
        return done

    def _fill_panes(self) -> None:
        super()._fill_panes()
        if self._hand.shown == self.learner:  # the decision asked now comes first
            self._meet(self.coach.decision(self._prompt), first=True)
        line = self.query_one(NarrationLine)
        width = (line.content_size.width or self.app.size.width - 2) - 1
        for held in (0, len(self._unread)):  # the status grows when rules wait
            rows = NARRATION_ROWS - len(textwrap.wrap(self._coach_status(held), width))
            count = rules_that_fit(self._unread, width, rows)
            if count == len(self._unread):
                break
        self._shown = tuple(self._unread[:count])
        status = self._coach_status(len(self._unread) - count)
        line.info = NarrationInfo(status, Narration("", self._shown))

    def _coach_status(self, waiting: int) -> str:
        met = len(self.coach.met)
        more = f", {waiting} to come" if waiting else ""
        return (
            f"Learning {self.table.game.title}: {met} of {self._every} rules met{more} - "
            "w: why can't I...?"
        )

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "why_not":
            return not self.table.is_over and self._hand.curtain_for is None
        return super().check_action(action, parameters)

    def action_why_not(self) -> None:
        table = self.table
        assert isinstance(table, Table)
        reasons = why_not(table.game, table.state, self.learner)
        self.app.push_screen(WhyNotScreen(reasons))

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        return [
            *super().palette_commands(),
            ("Why can't I...?", "The guided game", self.action_why_not),
        ]

    # ------------------------------------------------------------------ the end

    def _final(self, result: GameResult) -> GameResult:
        return summary_result(result, self.coach.summary())


def summary_result(result: GameResult, summary: Summary) -> GameResult:
    """``result`` with the guided game's summary after it: the rules met, the others."""
    from dataclasses import replace

    lines = [Content.styled(f"Rules you met ({len(summary.met)})", "bold")]
    lines.append(Content(", ".join(summary.met) + "." if summary.met else "None yet."))
    if summary.not_met:
        lines.append(Content.styled(f"Not met yet ({len(summary.not_met)})", "bold"))
        lines.append(Content(", ".join(summary.not_met) + ": F1 explains them."))
    else:
        lines.append(Content.styled("You met every rule of the game.", "bold"))
    return replace(result, sections=(*result.sections, Content("\n").join(lines)))
