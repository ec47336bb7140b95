"""Recorded games, stepped forward and back: what ``purrch demo`` (and later
``purrch replay``) is built on.

A game is deterministic from its seed and its answers (DESIGN.md, "The engine
contract"), so a :class:`Recording` is nothing but the game, the names, the seed,
the rule options and the answers, in order: ``(seat, prompt id, option id)``.
A :class:`Stepper` holds a recording and a cursor: :meth:`Stepper.forward` applies
the next recorded answer (or, past the end, asks the seat's bot and records what it
chose), :meth:`Stepper.back` rebuilds the state one answer earlier by replaying from
the seed (from the nearest kept checkpoint: a clone every :data:`CHECKPOINT_EVERY`
answers), :meth:`Stepper.seek` goes to any step.

Bots only ever play at the frontier (the first answer not recorded yet): they see
every answer once, in order, as at a table, and stepping back and forward again
replays the recorded answers without asking them, so the game it shows is always
the same one.  Stdlib only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import JSON, Event, IllegalMove, Outcome, Prompt, and_list, seat_seed
from engine.game import Game, check_names

__all__ = ["CHECKPOINT_EVERY", "Answer", "Recording", "Stepper", "start_event"]

CHECKPOINT_EVERY = 32
"""Answers between two kept states (stepping back replays at most this many)."""

START_KIND = "start"


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer of a recorded game: ``seat`` chose ``option_id`` on prompt ``prompt_id``."""

    seat: int
    prompt_id: str
    option_id: str

    def to_json(self) -> list[JSON]:
        return [self.seat, self.prompt_id, self.option_id]

    @classmethod
    def from_json(cls, data: Any) -> Answer:
        if not (isinstance(data, list) and len(data) == 3):
            raise ValueError("an answer is [seat, prompt id, option id]")
        seat, prompt_id, option_id = data
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError("an answer's seat must be a whole number")
        if not isinstance(prompt_id, str) or not isinstance(option_id, str):
            raise ValueError("an answer's prompt and option ids must be text")
        return cls(seat, prompt_id, option_id)


@dataclass
class Recording:
    """A game as its seed and its answers: enough to play it again exactly."""

    game_id: str
    names: list[str]
    seed: int
    options: dict[str, JSON] = field(default_factory=dict)
    answers: list[Answer] = field(default_factory=list)

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.game_id,
            "names": list(self.names),
            "seed": self.seed,
            "options": dict(self.options),
            "answers": [a.to_json() for a in self.answers],
        }

    @classmethod
    def from_json(cls, data: Any) -> Recording:
        if not isinstance(data, dict):
            raise ValueError("a recording is a JSON object")
        game_id, names, seed = data.get("game"), data.get("names"), data.get("seed")
        options, answers = data.get("options", {}), data.get("answers", [])
        if not isinstance(game_id, str):
            raise ValueError("a recording needs its game id")
        if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
            raise ValueError("a recording needs its players' names")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("a recording needs its seed, a whole number")
        if not isinstance(options, dict) or not isinstance(answers, list):
            raise ValueError("a recording's options are an object, its answers a list")
        return cls(
            game_id, list(names), seed, dict(options), [Answer.from_json(a) for a in answers]
        )


def start_event(game: Game[Any], names: list[str], prompts: list[Prompt]) -> Event | None:
    """Who starts, as a table says it (:class:`engine.session.Table`'s first line)."""
    asked = sorted({p.seat for p in prompts})
    if not asked:
        return None
    title = f"New game of {game.title}."
    if len(asked) == 1:
        return Event(f"{title} {names[asked[0]]} starts.", kind=START_KIND)
    if len(asked) == len(names):
        return Event(f"{title} Everyone starts at once.", kind=START_KIND)
    return Event(f"{title} {and_list([names[s] for s in asked])} start.", kind=START_KIND)


class Stepper:
    """A recorded game with a cursor; see the module docstring.

    ``levels`` (one bot level per seat, ``""`` for the game's default) lets the
    stepper play on past the recorded answers; without it the recording is all
    there is.  The state at the cursor is :attr:`state` (read it, never change it).
    """

    def __init__(
        self,
        game: Game[Any],
        recording: Recording,
        *,
        levels: list[str] | None = None,
    ) -> None:
        if recording.game_id != game.id:
            raise ValueError(f"a recording of {recording.game_id!r}, not of {game.id!r}")
        check_names(game, recording.names)
        self.game = game
        self.recording = Recording(
            recording.game_id,
            list(recording.names),
            recording.seed,
            dict(recording.options),
            [],
        )
        self._initial = game.setup(list(recording.names), recording.seed, dict(recording.options))
        self._checkpoints: dict[int, Any] = {0: game.clone(self._initial)}
        self.state: Any = game.clone(self._initial)
        self.cursor = 0
        """How many answers the state has had."""
        self._events: list[list[Event]] = []
        """The events each recorded answer made, by step."""
        self.start = start_event(game, list(recording.names), game.prompts(self.state))
        self._bots: dict[int, Any] | None = None
        if levels is not None:
            if len(levels) != len(recording.names):
                raise ValueError("one bot level per seat, please")
            self._bots = {
                seat: game.bot(level or game.default_bot, seat, seat_seed(recording.seed, seat))
                for seat, level in enumerate(levels)
            }
            if self.start is not None:
                for seat, bot in self._bots.items():
                    bot.observe([self.start.for_seat(seat)])
        # Check and index the recorded answers by playing them once, from the start.
        for answer in recording.answers:
            self._apply_new(answer, tell_bots=True)

    # ------------------------------------------------------------------ reading

    @property
    def names(self) -> list[str]:
        return list(self.recording.names)

    @property
    def answers(self) -> list[Answer]:
        return list(self.recording.answers)

    def __len__(self) -> int:
        """How many answers are recorded."""
        return len(self.recording.answers)

    def events_at(self, step: int) -> list[Event]:
        """The events the ``step``-th answer (1 for the first) made."""
        return list(self._events[step - 1])

    def answer_at(self, step: int) -> Answer:
        """The ``step``-th answer (1 for the first)."""
        return self.recording.answers[step - 1]

    @property
    def last_answer(self) -> Answer | None:
        return self.recording.answers[self.cursor - 1] if self.cursor else None

    def log(self) -> list[Event]:
        """Every event up to the cursor, the start line first."""
        out = [] if self.start is None else [self.start]
        for events in self._events[: self.cursor]:
            out.extend(events)
        return out

    def prompts(self) -> list[Prompt]:
        if self.outcome() is not None:
            return []
        return list(self.game.prompts(self.state))

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    @property
    def can_go_forward(self) -> bool:
        """A recorded answer is next, or a bot can play one."""
        if self.cursor < len(self.recording.answers):
            return True
        return self._bots is not None and not self.is_over

    def next_prompt(self) -> Prompt | None:
        """The decision the next answer is for: the recorded one's, else the first
        open prompt (the one the bots answer first, as at a table)."""
        prompts = self.prompts()
        if self.cursor < len(self.recording.answers):
            a = self.recording.answers[self.cursor]
            return next((p for p in prompts if p.id == a.prompt_id and p.seat == a.seat), None)
        return prompts[0] if prompts else None

    # ------------------------------------------------------------------ moving

    def forward(self) -> list[Event] | None:
        """One answer on (a recorded one, or a bot's new one); its events, or None
        when there is nothing more (the game is over, or no bot to play on)."""
        if self.cursor < len(self.recording.answers):
            a = self.recording.answers[self.cursor]
            self.game.apply(self.state, a.seat, a.prompt_id, a.option_id)
            self.cursor += 1
            self._checkpoint()
            return self.events_at(self.cursor)
        if self._bots is None or self.is_over:
            return None
        prompt = self.next_prompt()
        if prompt is None:
            return None
        for option_id in self._bot_choices(prompt):
            try:  # an illegal answer leaves the state untouched (the contract)
                return self._apply_new(Answer(prompt.seat, prompt.id, option_id), tell_bots=True)
            except IllegalMove:
                continue
        raise RuntimeError(f"{self.game.title} accepts none of the options it offers")

    def back(self) -> bool:
        """One answer back (False at the start)."""
        if self.cursor == 0:
            return False
        self.seek(self.cursor - 1)
        return True

    def seek(self, step: int) -> None:
        """Put the cursor after the ``step``-th answer (0: the start), replaying from
        the nearest checkpoint at or before it."""
        if not 0 <= step <= len(self.recording.answers):
            raise ValueError(f"no step {step} (0 to {len(self.recording.answers)})")
        if step >= self.cursor:
            while self.cursor < step:
                self.forward()
            return
        base = max(k for k in self._checkpoints if k <= step)
        self.state = self.game.clone(self._checkpoints[base])
        self.cursor = base
        while self.cursor < step:
            a = self.recording.answers[self.cursor]
            self.game.apply(self.state, a.seat, a.prompt_id, a.option_id)
            self.cursor += 1

    def state_at(self, step: int) -> Any:
        """A copy of the state after the ``step``-th answer (the cursor stays)."""
        here = self.cursor
        self.seek(step)
        out = self.game.clone(self.state)
        self.seek(here)
        return out

    # ------------------------------------------------------------------ inside

    def _apply_new(self, answer: Answer, *, tell_bots: bool) -> list[Event]:
        """Apply a new answer at the frontier (the cursor must be there), record it."""
        assert self.cursor == len(self._events)
        events = list(self.game.apply(self.state, answer.seat, answer.prompt_id, answer.option_id))
        self.recording.answers.append(answer)
        self._events.append(events)
        self.cursor += 1
        self._checkpoint()
        if tell_bots and self._bots is not None:
            for seat, bot in self._bots.items():
                bot.observe([e.for_seat(seat) for e in events])
        return list(events)

    def _checkpoint(self) -> None:
        if self.cursor % CHECKPOINT_EVERY == 0 and self.cursor not in self._checkpoints:
            self._checkpoints[self.cursor] = self.game.clone(self.state)

    def _bot_choices(self, prompt: Prompt) -> list[str]:
        """What the seat's bot answers, then every other option (a table takes the
        first legal one when a bot errs)."""
        assert self._bots is not None
        bot = self._bots[prompt.seat]
        choice: object = None
        try:
            view = (
                self.game.view(self.state, prompt.seat) if getattr(bot, "needs_view", True) else {}
            )
            choice = bot.choose(view, prompt)
        except Exception:  # a broken bot must not break the demo
            choice = None
        first = [choice] if isinstance(choice, str) and prompt.accepts(choice) else []
        return first + [o.id for o in prompt.choices() if o.id != choice]
