"""The demo screen: bots play a whole game on the normal game screen, narrated.

``purrch demo GAME`` and the menu's "Watch a demo" show a
:class:`engine.demo.DemoTable` on :class:`DemoScreen`, which is the game screen
(:class:`tui.screens.game.GameScreen`, with the game's own presenter) with three
differences:

* it is all-seeing: the seat shown is always the one whose decision comes next,
  bot or not, with its hand and its choices, and the narration line says so
  ("All hands shown: a demo");
* a narration line (:class:`NarrationLine`, over the prompt bar) says what the last
  answer did and, the first time each rule comes up, what the rule is (from the
  game's table, ``engine/games/<id>/narration.py``);
* the viewer sets the pace: Space pauses and resumes, Right steps one answer on
  while paused, Left steps one back (the table replays from the seed), ``+``/``-``
  change the pace, ``q`` leaves.  Nobody answers here: the option keys, claims and
  Escape are off.

Dismissed with ``("again", None)`` (a new demo, after the game-over screen) or
``("menu", None)``.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import PurePath
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from engine.demo import DemoTable, SteppedTable
from engine.narration import Narration, Rule
from tui.games.base import Shown
from tui.screens.game import GameScreen
from tui.settings import Settings
from tui.widgets import PromptBar, PromptInfo

PACES: dict[str, float] = {"slow": 2.5, "normal": 1.2, "fast": 0.4}
"""Seconds between two answers at each pace, slowest first (``+`` goes right)."""
PACE_NAMES = tuple(PACES)
ZERO_PACE = "zero"
"""A pace for tests: every answer at once (the next on the next turn of the loop)."""
PASS_SHARE = 0.3
"""A silent pass (an answer that made no event: "let it happen") goes by this much
faster: in a six-player game five of them follow every card played."""
ALL_SEEING = "All hands shown: a demo"


def pace_for(bot_speed: str) -> str:
    """The demo pace for the menu's bot speed (instant is too fast to follow)."""
    return bot_speed if bot_speed in PACES else "fast"


@dataclass(frozen=True, slots=True)
class DemoSpec:
    """Which demo to show: a game, how many bots, the seed, the pace."""

    game_id: str
    players: int
    seed: int
    pace: str = "normal"
    paused: bool = False
    """Start paused (Right steps, Space plays on)."""

    def table(self) -> DemoTable:
        """A new demo table for this spec (ValueError, LookupError: it cannot be)."""
        from engine.games import get_game
        from tui.seating import bot_names

        game = get_game(self.game_id)
        return DemoTable(game, bot_names([], self.players), self.seed)

    def again(self) -> DemoSpec:
        """The next demo after this one: the same game, another deal."""
        return replace(self, seed=(self.seed + 1) % (1 << 32))


@dataclass(frozen=True, slots=True)
class NarrationInfo:
    """What the narration line shows: the state of the demo and the last step's words."""

    status: str
    narration: Narration


class NarrationLine(Static):
    """The narration over the prompt bar: a status line (all-seeing, the step, the
    pace), what the last answer did, and any rule met for the first time."""

    info: reactive[NarrationInfo | None] = reactive(None, layout=True)

    def render(self) -> Content:
        info = self.info
        if info is None:
            return Content("")
        lines = [Content.styled(info.status, "dim")]
        if info.narration.line:
            lines.append(Content.styled(info.narration.line, "bold"))
        for rule in info.narration.rules:
            lines.append(
                Content.assemble(
                    (rule_head(rule), "bold $accent"),
                    (rule.text, "italic"),
                )
            )
        return Content("\n").join(lines)


def rule_head(rule: Rule) -> str:
    """How the narration line starts a rule: "Rule - name: "."""
    return f"Rule - {rule.name}: "


def rule_line(rule: Rule) -> str:
    """A rule as the narration line shows it: "Rule - name: text"."""
    return rule_head(rule) + rule.text


def rules_that_fit(rules: Sequence[Rule], width: int, rows: int) -> int:
    """How many of ``rules`` (from the first) fit whole in ``rows`` rows of ``width``
    cells, wrapped at words; at least one, so a long rule is never held back."""
    used = 0
    for count, rule in enumerate(rules):
        used += len(textwrap.wrap(rule_line(rule), max(width, 20))) or 1
        if used > rows:
            return max(count, 1)
    return len(rules)


def third_person(text: str, name: str) -> str:
    """A prompt as the demo's viewer reads it: the games ask their seat ("Your turn:
    ...", "Do you react?"); nobody at this screen is that seat, so it is named."""
    text = text.replace("Do you react?", f"Does {name} react?")
    return re.sub(r"\b[Yy]our\b", f"{name}'s", text)


def choices_line(labels: list[str], width: int) -> str:
    """ "Choices: a, b, c" in one line of ``width`` cells at most: the ones that do not
    fit are counted ("and 3 more"), so that the board keeps its rows at 80x24."""
    if not labels:
        return ""
    shown: list[str] = []
    for i, label in enumerate(labels):
        rest = len(labels) - i - 1
        more = f" and {rest} more" if rest else ""
        line = "Choices: " + ", ".join([*shown, label]) + more
        if len(line) > width and shown:
            return "Choices: " + ", ".join(shown) + f" and {len(labels) - i} more"
        if len(line) > width:  # one long label: cut, and the others counted
            cut = "Choices: " + label
            room = max(width - len(more) - 3, 0)
            return cut[:room] + "..." + more
        shown.append(label)
    line = "Choices: " + ", ".join(shown)
    return line if len(line) <= width else line[: max(width - 3, 0)] + "..."


def with_narration(widgets: Iterable[Widget]) -> Iterator[Widget]:
    """The game screen's widgets with a :class:`NarrationLine` over the prompt bar."""
    for widget in widgets:
        if isinstance(widget, PromptBar):
            yield NarrationLine(id="narration")
        yield widget


def _no_focus(_screen: Any) -> None:
    """Where a demo puts the focus: nowhere (the panes' keys pick things)."""


class DemoScreen(GameScreen):
    """A demo on the game screen; see the module docstring."""

    ALL_SEEING = True
    AUTO_FOCUS = ""  # nothing to pick: no pane's keys (Enter to use a card) in the footer

    CSS_PATH: ClassVar[list[str | PurePath]] = [*GameScreen.CSS_PATH, "demo.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "pause", "Pause", priority=True),
        Binding("space", "play", "Play", priority=True),
        Binding("right", "step_forward", "Step", key_display="→", priority=True),
        Binding("left", "step_back", "Back", key_display="←", priority=True),
        Binding("plus", "faster", "Faster", key_display="+", priority=True),
        Binding("equals_sign", "faster", "Faster", show=False, priority=True),
        Binding("minus", "slower", "Slower", key_display="-", priority=True),
        Binding("h", "next_hand", "Hands", tooltip="Look at the next seat's hand", priority=True),
        Binding("q", "leave", "Leave", priority=True),
        # Ctrl+Q still quits; the footer's 80 columns keep the demo's keys and F1 instead.
        Binding("ctrl+q", "app.quit", "Quit", show=False, priority=True),
    ]

    def __init__(
        self, table: SteppedTable, settings: Settings, pace: str = "normal", *, paused: bool = False
    ) -> None:
        if pace not in PACES and pace != ZERO_PACE:
            raise ValueError(f"unknown pace {pace!r} (known: {', '.join(PACES)})")
        super().__init__(table, settings)
        self.ui.focus = _no_focus  # type: ignore[method-assign,assignment]  # nothing to pick here
        chosen_by_keys = self.ui.prompt_info

        def without_keys(shown: Shown) -> PromptInfo:
            # No option keys on the cards or the bar: nobody answers here.
            info = chosen_by_keys(shown)
            return replace(info, options=tuple(replace(o, key=None) for o in info.options))

        self.ui.prompt_info = without_keys  # type: ignore[method-assign]
        self.demo = table
        self.pace = pace
        self.paused = paused
        self._step_timer: Timer | None = None
        self._zero_pending = False
        self._looking_at: int | None = None
        """A seat the viewer chose to look at (h), until the next step."""
        self._looked_at_step = 0

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield from with_narration(super().compose())

    def on_mount(self) -> None:
        super().on_mount()
        self._schedule()

    # ------------------------------------------------------------------ pacing

    def _delay(self) -> float:
        if self.pace == ZERO_PACE:
            return 0.0
        seconds = PACES[self.pace]
        step = self.demo.step
        if step and not self.demo.stepper.events_at(step):
            return seconds * PASS_SHARE
        return seconds

    def _schedule(self) -> None:
        """Play the next answer after the pace's delay (not while paused or over)."""
        self._cancel()
        if self.paused or self.demo.at_end or not self.is_live:
            return
        delay = self._delay()
        if delay <= 0:  # the zero pace: the next answer once this one is drawn
            if not self._zero_pending:  # one chain of steps, however often Space is hit
                self._zero_pending = True
                self.call_after_refresh(self._auto_step)
            return
        self._step_timer = self.set_timer(delay, self._auto_step)

    def _cancel(self) -> None:
        if self._step_timer is not None:
            self._step_timer.stop()
            self._step_timer = None

    def _auto_step(self) -> None:
        self._step_timer = None
        self._zero_pending = False
        if self.paused or self._suspended or not self.is_live:
            return
        self.demo.forward()
        self._schedule()

    def _leave(self) -> None:
        self._cancel()
        super()._leave()

    def on_screen_suspend(self) -> None:
        """Another screen is on top (the rules, the keys): the demo waits for its viewer."""
        super().on_screen_suspend()
        self._cancel()

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        if self.is_live and not self._over_shown:
            self._schedule()

    # ------------------------------------------------------------------ showing

    def _you(self, text: str, seat: int | None = None, keep: str = "") -> str:
        """Nobody at this screen is a player: every seat in the third person."""
        return text

    def _log_lines(self, seat: int | None) -> Any:
        """The public log: its private lines speak to their seat ("you put in..."),
        and nobody here is a seat (the hands on screen show what they hide)."""
        return super()._log_lines(None)

    def _sync(self) -> None:
        if not self.is_live:
            return
        # All-seeing: whoever decides next is shown, with no curtain (or the seat the
        # viewer looks at with h, until the demo moves).
        if self._looking_at is not None and self.demo.step != self._looked_at_step:
            self._looking_at = None
        shown = self._looking_at
        self._hand.shown = self.demo.acting_seat if shown is None else shown
        if self.table.is_over:
            self._render_panes()
            self._show_game_over()
            return
        self._render_panes()

    def _fill_panes(self) -> None:
        super()._fill_panes()
        seat = self._hand.shown
        info = self._prompt_info
        text = info.text if info is not None else ""
        if self._prompt is not None and seat is not None and info is not None:
            name = self._names[seat]
            hint = choices_line([o.label for o in info.options], self.size.width - 2)
            said = third_person(text, name)
            bar = PromptInfo(f"{self._decider(seat)} decides: {said}", hint=hint, kind=info.kind)
        elif seat is not None and not self.demo.is_over:
            bar = PromptInfo(f"{self._names[seat]}'s hand. {text}".strip())
        else:
            bar = PromptInfo(text)
        self._prompt_info = bar
        self.query_one(PromptBar).prompt = self._prompt_info
        self.query_one(NarrationLine).info = NarrationInfo(self._demo_status(), self.demo.narration)
        self.refresh_bindings()

    def _decider(self, seat: int) -> str:
        """Who decides, as the prompt bar names them ("Ann (bot)")."""
        return self._names[seat] + (" (bot)" if self.table.seats[seat].is_bot else "")

    def _demo_status(self) -> str:
        if self.demo.is_over:
            state = "the end"
        elif self.paused:
            state = "paused: Space plays on, arrows step"
        else:
            state = f"{self.pace} pace"
        return f"{ALL_SEEING} - step {self.demo.step} - {state}"

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("choose", "claim", "nobody", "back"):
            return False  # the bots play every seat
        if action == "step_forward":
            return self.paused and not self.demo.at_end
        if action == "step_back":
            return self.demo.step > 0 and not self._over_shown
        if action == "faster":
            return self.pace != ZERO_PACE and self.pace != PACE_NAMES[-1]
        if action == "slower":
            return self.pace != ZERO_PACE and self.pace != PACE_NAMES[0]
        if action == "pause":
            return not self.paused and not self.demo.at_end
        if action == "play":
            return self.paused and not self.demo.at_end
        return super().check_action(action, parameters)

    def action_pause(self) -> None:
        self.paused = True
        self._schedule()
        self._render_panes()

    def action_play(self) -> None:
        self.paused = False
        self._schedule()
        self._render_panes()

    def action_step_forward(self) -> None:
        if not self.paused:
            self.paused = True
            self._cancel()
        self.demo.forward()

    def action_step_back(self) -> None:
        self.paused = True
        self._cancel()
        self.demo.back()

    def _move_pace(self, by: int) -> None:
        names = list(PACE_NAMES)
        if self.pace not in names:
            return
        index = max(0, min(len(names) - 1, names.index(self.pace) + by))
        self.pace = names[index]
        if not self.paused:
            self._schedule()
        self._render_panes()

    def action_faster(self) -> None:
        self._move_pace(+1)

    def action_slower(self) -> None:
        self._move_pace(-1)

    def action_next_hand(self) -> None:
        """Show the next seat's hand (and its decision, if it has one) until the demo moves."""
        current = self._hand.shown
        start = self.demo.acting_seat if current is None else current
        self._looking_at = ((start or 0) + 1) % self.demo.n_seats
        self._looked_at_step = self.demo.step
        self._sync()

    def action_leave(self) -> None:
        self._cancel()
        self.dismiss(("menu", None))

    def current_game(self) -> Any:
        """The game F1 explains."""
        return self.table.game

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        return [
            ("Pause / play on", "The demo", self.action_play if self.paused else self.action_pause),
            ("Step back one answer", "The demo", self.action_step_back),
        ]
