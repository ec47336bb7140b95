"""A demo table: bots play a whole game one answer at a time, forward and back, narrated.

:class:`DemoTable` offers what the game screen needs of a table
(:class:`engine.session.TableLike`), over a :class:`~engine.replay.Stepper` and a
:class:`~engine.narration.Narrator`.  Nothing happens by itself: whoever shows it
(``tui/screens/demo.py``) calls :meth:`DemoTable.forward` at the pace it likes and
:meth:`DemoTable.back` to step back.  Every seat is a bot, nobody answers here
(:meth:`DemoTable.answer` refuses), and there are no countdowns: time is the
screen's business.  Each step's narration is made once, when the step is first
played, so stepping back and forward again says the same thing (each rule was
explained the first time its step came).  Stdlib only.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core import JSON, Event, IllegalMove, Outcome, Prompt
from engine.game import Game, check_names
from engine.narration import Narration, Narrator, rules_for
from engine.presence import LOCAL, Presence
from engine.replay import Recording, Stepper
from engine.session import SeatConfig, Subscriber

__all__ = ["DemoTable", "SteppedTable"]


class SteppedTable:
    """A recorded game shown one answer at a time, forward and back, narrated: what
    the demo screen shows.  :class:`DemoTable` plays on with bots past the recorded
    answers; :class:`engine.replays.ReplayTable` shows a saved game's answers only."""

    def __init__(
        self,
        stepper: Stepper,
        seats: list[SeatConfig],
        narrator: Narrator,
    ) -> None:
        self._stepper = stepper
        self._seats = [SeatConfig(s.name, s.kind, s.level) for s in seats]
        self._options = dict(stepper.recording.options)
        self._narrator = narrator
        self._narrations: list[Narration] = [narrator.start(stepper.start)]
        self._subscribers: list[Subscriber] = []

    # ------------------------------------------------------------------ stepping

    @property
    def stepper(self) -> Stepper:
        return self._stepper

    @property
    def seed(self) -> int:
        return self._stepper.recording.seed

    @property
    def step(self) -> int:
        """How many answers have been played so far."""
        return self._stepper.cursor

    @property
    def narration(self) -> Narration:
        """What the last step did (at the start: who starts, and the goal)."""
        return self._narrations[self._stepper.cursor]

    def narration_at(self, step: int) -> Narration:
        return self._narrations[step]

    @property
    def acting_seat(self) -> int | None:
        """Whose decision comes next (once over: whoever answered last)."""
        prompt = self._stepper.next_prompt()
        if prompt is not None:
            return prompt.seat
        last = self._stepper.last_answer
        return None if last is None else last.seat

    def next_prompt(self) -> Prompt | None:
        return self._stepper.next_prompt()

    def forward(self) -> bool:
        """One answer on (past the recorded ones: see :meth:`_play_new`); False at the end."""
        stepper = self._stepper
        if stepper.cursor < len(self._narrations) - 1:
            stepper.forward()
        elif not self._play_new():
            return False
        self._notify(stepper.events_at(stepper.cursor))
        return True

    def _play_new(self) -> bool:
        """Play and narrate an answer nobody recorded yet (False: there is none)."""
        return False

    @property
    def at_end(self) -> bool:
        """Nothing comes after this step: the game is over (a replay: or the save ends)."""
        return self.is_over

    def _narrate(self, prompt: Prompt | None) -> None:
        """Narrate the answer just played (the last recorded), asked by ``prompt``."""
        stepper = self._stepper
        answer = stepper.last_answer
        assert answer is not None
        self._narrations.append(
            self._narrator.step(
                stepper.names,
                answer.seat,
                prompt,
                answer.option_id,
                stepper.events_at(stepper.cursor),
            )
        )

    def back(self) -> bool:
        """One answer back (False at the start)."""
        if not self._stepper.back():
            return False
        self._notify([])
        return True

    # ------------------------------------------------------------------ TableLike

    @property
    def game(self) -> Game[Any]:
        return self._stepper.game

    @property
    def seats(self) -> list[SeatConfig]:
        return [SeatConfig(s.name, s.kind, s.level) for s in self._seats]

    @property
    def n_seats(self) -> int:
        return len(self._seats)

    @property
    def options(self) -> dict[str, JSON]:
        return dict(self._options)

    @property
    def window_seconds(self) -> float | None:
        return None

    @window_seconds.setter
    def window_seconds(self, seconds: float | None) -> None:
        return None  # no countdowns in a demo: the viewer sets the pace

    def restart_countdowns(self) -> None:
        return None

    @property
    def autosave_path(self) -> Path | None:
        return None

    @property
    def presence(self) -> Presence:
        return LOCAL

    @property
    def autosave_error(self) -> str | None:
        return None

    @property
    def is_over(self) -> bool:
        return self._stepper.is_over

    @property
    def log(self) -> list[Event]:
        return self._stepper.log()

    def view(self, seat: int | None) -> dict[str, JSON]:
        return self.game.view(self._stepper.state, seat)

    def prompts(self) -> list[Prompt]:
        return self._stepper.prompts()

    def prompts_for(self, seat: int) -> list[Prompt]:
        return [p for p in self.prompts() if p.seat == seat]

    def humans_waiting(self) -> list[int]:
        return []

    def outcome(self) -> Outcome | None:
        return self._stepper.outcome()

    def log_for(self, seat: int | None) -> list[str]:
        return [e.text_for(seat) for e in self.log]

    def answer(self, seat: int, prompt_id: str, option_id: str) -> list[Event]:
        raise IllegalMove("This is a demo: the bots play every seat.")

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

        return unsubscribe

    def tick(self, now: float | None = None) -> list[Event]:
        return []

    def next_due(self) -> float | None:
        return None

    def window_remaining(self, now: float | None = None) -> float | None:
        return None

    def deadline(self, prompt_id: str, seat: int | None = None) -> float | None:
        return None

    def _notify(self, events: list[Event]) -> None:
        for callback in list(self._subscribers):
            callback(list(events))


class DemoTable(SteppedTable):
    """A game the bots play, stepped by its viewer.  See the module docstring."""

    def __init__(
        self,
        game: Game[Any],
        names: list[str],
        seed: int,
        options: dict[str, JSON] | None = None,
        *,
        levels: list[str] | None = None,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("the seed must be a whole number")
        check_names(game, names)
        narrator = Narrator(rules_for(game.id))  # LookupError: no table for it
        levels = list(levels) if levels is not None else [""] * len(names)
        stepper = Stepper(
            game, Recording(game.id, list(names), seed, dict(options or {})), levels=levels
        )
        seats = [SeatConfig(name, "bot", level) for name, level in zip(names, levels, strict=True)]
        super().__init__(stepper, seats, narrator)

    def _play_new(self) -> bool:
        stepper = self._stepper
        prompt = stepper.next_prompt()
        if stepper.forward() is None:
            return False
        self._narrate(prompt)
        return True


def _is_table_like(table: SteppedTable) -> Any:
    """(mypy checks here that a DemoTable offers everything TableLike lists.)"""
    from engine.session import TableLike

    checked: TableLike = table
    return checked
