"""The :class:`Table`: one game in progress, with its seats, clock and log.

A table hosts one game for the UIs: which seats are humans, bots or remote
players, the state, the open prompts, the deadlines of reaction windows, when
each bot answers, the event log and the autosave.  The hot-seat TUI and the
LAN server only ever talk to a table; they never call the game directly.

Time
    The engine knows nothing of time.  The table gives every reaction-window
    prompt (a prompt with ``pass_option``) a deadline when it first sees it open,
    and every bot prompt a due time drawn from its own seeded generator.  The UI
    calls :meth:`Table.tick` from a timer (:meth:`Table.next_due` says when);
    tests pass a fake ``clock`` or use :meth:`Table.run_bots`.

No leaks
    A bot's delay is drawn when its prompt first opens, from a generator that
    sees nothing but the order in which bot prompts open: never the prompt's
    content, the view or the bot's hand.  Bots only ever receive their seat's
    view and the log stripped to their seat.

The table is single-threaded: call it from one thread (or one event loop).
"""

from __future__ import annotations

import contextlib
import datetime
import json
import logging
import math
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from engine import finished
from engine.core import JSON, Event, IllegalMove, Outcome, Prompt, Rng, and_list, seat_seed
from engine.game import Game, players_text
from engine.invocation import command
from engine.presence import LOCAL, Presence
from engine.replay import Answer, Recording
from engine.savefile import write_atomically

__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SEAT_KINDS",
    "SaveError",
    "SeatConfig",
    "Table",
    "TableLike",
    "read_save_data",
]

SAVE_FORMAT = "purrch-table"
SAVE_VERSION = 1
SEAT_KINDS = ("human", "bot", "remote")

# The stream of seat_seed() the table's own delay generator comes from
# (bots use the seat numbers 0, 1, 2...).
_DELAY_STREAM = 0x7AB1E
# Guard against a game that never stops asking (a bug): tick() gives up after this.
_TICK_LIMIT = 100_000

_log = logging.getLogger(__name__)

START_KIND = "start"
"""The kind of the table's first log line: who starts."""
AUTO_PASS_KIND = "auto_pass"
"""The kind of the line that says, once, that the table passes for a lone human."""


_SAVE_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
"""One encoder for every save (``json.dumps`` with options makes a new one per
call); saves hold plain trees of JSON values, so no cycle check."""


def _dumps(data: JSON) -> str:
    """Compact JSON, as saves are written."""
    return _SAVE_ENCODER.encode(data)


_Key = tuple[int, str]
"""An open prompt: (seat, prompt id).  Several seats may share a prompt id."""

Subscriber = Callable[[list[Event]], None]


class SaveError(ValueError):
    """A saved table that cannot be loaded.  The message is one line for people."""


@dataclass
class SeatConfig:
    """Who sits in a seat: a local ``human``, a ``bot`` (of a ``level``) or a ``remote`` player."""

    name: str
    kind: str = "human"
    level: str = ""
    """The bot's level; empty means the game's ``default_bot``."""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ValueError("a seat's name must be text")
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"a seat is one of {', '.join(SEAT_KINDS)}, not {self.kind!r}")
        if not isinstance(self.level, str):
            raise ValueError("a bot level must be text")

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_json(self) -> dict[str, JSON]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: Any) -> SeatConfig:
        """Read a seat; a ValueError says what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("a seat must be an object")
        name = data.get("name")
        kind = data.get("kind", "human")
        level = data.get("level", "")
        if not isinstance(name, str) or not isinstance(kind, str) or not isinstance(level, str):
            raise ValueError("a seat needs a text name, kind and level")
        return cls(name=name, kind=kind, level=level)


class TableLike(Protocol):
    """What a UI needs from a table: :class:`Table` (hot-seat) offers it, and so
    does ``engine.net.client.RemoteTable`` (a seat at a LAN table), so one game
    screen plays both.  A remote table answers asynchronously: ``answer``
    returns ``[]`` and the result arrives through ``subscribe``.
    """

    @property
    def game(self) -> Game[Any]: ...

    @property
    def seats(self) -> list[SeatConfig]: ...

    @property
    def n_seats(self) -> int: ...

    @property
    def options(self) -> dict[str, JSON]: ...

    @property
    def window_seconds(self) -> float | None: ...

    @window_seconds.setter
    def window_seconds(self, seconds: float | None) -> None: ...

    def restart_countdowns(self) -> None: ...

    @property
    def autosave_path(self) -> Path | None: ...

    @property
    def presence(self) -> Presence:
        """Who is where: this screen's seat at a LAN table, who is away, whether the
        connection holds (:data:`engine.presence.LOCAL` at a hot-seat table)."""
        ...

    @property
    def autosave_error(self) -> str | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def log(self) -> list[Event]: ...

    def view(self, seat: int | None) -> dict[str, JSON]: ...

    def prompts(self) -> list[Prompt]: ...

    def prompts_for(self, seat: int) -> list[Prompt]: ...

    def humans_waiting(self) -> list[int]: ...

    def outcome(self) -> Outcome | None: ...

    def log_for(self, seat: int | None) -> list[str]: ...

    def answer(self, seat: int, prompt_id: str, option_id: str) -> list[Event]: ...

    def subscribe(self, callback: Subscriber) -> Callable[[], None]: ...

    def tick(self, now: float | None = None) -> list[Event]: ...

    def next_due(self) -> float | None: ...

    def window_remaining(self, now: float | None = None) -> float | None: ...

    def deadline(self, prompt_id: str, seat: int | None = None) -> float | None: ...


class Table:
    """One game hosted for its seats.  See the module docstring."""

    # ------------------------------------------------------------------ building

    def __init__(
        self,
        game: Game[Any] | str,
        seats: list[SeatConfig],
        seed: int,
        options: dict[str, JSON] | None = None,
        *,
        autosave: str | Path | None = None,
        window_seconds: float | None = 8.0,
        bot_delay: tuple[float, float] = (0.6, 1.6),
        clock: Callable[[], float] = time.monotonic,
        auto_pass: bool | None = None,
    ) -> None:
        if isinstance(game, str):
            from engine.games import get_game  # lazily: the games import a lot

            game = get_game(game)
        seats = [_checked_seat(s) for s in seats]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("the seed must be a whole number")
        n = len(seats)
        if not game.min_players <= n <= game.max_players:
            raise ValueError(f"{game.title} takes {players_text(game)}, not {n}")
        opts = dict(options or {})
        state = game.setup([s.name for s in seats], seed, opts)
        self._build(
            game=game,
            seats=seats,
            seed=seed,
            options=opts,
            state=state,
            log=[],
            window_seconds=_checked_window(window_seconds),
            bot_delay=_checked_delay(bot_delay),
            delay_rng=Rng(seat_seed(seed, _DELAY_STREAM)),
            clock=clock,
            autosave=autosave,
            bot_memories=None,
            answers=[],
        )
        self.auto_pass = auto_pass
        start = self._start_event()
        if start is not None:
            self._note(start, save=False)

    def _build(
        self,
        *,
        game: Game[Any],
        seats: list[SeatConfig],
        seed: int,
        options: dict[str, JSON],
        state: Any,
        log: list[Event],
        window_seconds: float | None,
        bot_delay: tuple[float, float],
        delay_rng: Rng,
        clock: Callable[[], float],
        autosave: str | Path | None,
        bot_memories: dict[int, dict[str, JSON]] | None,
        answers: list[Answer] | None,
    ) -> None:
        """Set every field (shared by ``__init__`` and ``from_json``); writes nothing."""
        self.keep_finished_in: Path | None = None
        """Where the game is kept once it ends, for ``purrch replay`` (None: not
        kept); see :mod:`engine.finished`."""
        self.kept_as: Path | None = None
        """The file the ended game was kept in."""
        self._answers = answers
        """Every answer applied, in order (what ``purrch replay`` steps through); None
        for a table loaded from a save made before saves kept them."""
        self._answers_text: list[str] = []
        """The answers, JSON-encoded, as far as :meth:`to_json_text` got."""
        self._game = game
        self._seats = seats
        self._seed = seed
        self._options = options
        self._state = state
        self._log = log
        self._log_text: list[str] = []
        """The log's events, JSON-encoded, as far as :meth:`to_json_text` got."""
        self._window_seconds = window_seconds
        self._bot_delay = bot_delay
        self._delay_rng = delay_rng
        self._clock = clock
        self._autosave = None if autosave is None else Path(autosave)
        self.autosave_error: str | None = None
        """The last autosave failure (None when the last autosave worked), for the UI."""
        self._subscribers: list[Subscriber] = []
        self._deadlines: dict[_Key, float] = {}
        self._bot_due: dict[_Key, float] = {}
        self._drawn_from: dict[_Key, int] = {}
        """The delay generator's state before each pending bot delay was drawn: a save
        keeps the first of them, so a loaded table draws those delays again and ends
        where this one is (the round trip is exact)."""
        self._prompts: list[Prompt] = []
        self._outcome: Outcome | None = None
        self._batch = 0
        self._dirty = False
        self._auto_pass: bool | None = None
        self._auto_keys: set[_Key] = set()
        """Open window prompts the table passes for at once (see :attr:`auto_pass`)."""
        self._auto_told = any(e.kind == AUTO_PASS_KIND for e in log)
        self._bots: dict[int, Any] = {}
        for seat, config in enumerate(seats):
            if config.is_bot:
                bot = self._make_bot(config.level, seat)
                if bot_memories is not None:
                    load = getattr(bot, "load_json", None)
                    if load is not None:
                        load(bot_memories[seat])
                self._bots[seat] = bot
        self._refresh()

    def _make_bot(self, level: str, seat: int) -> Any:
        level = level or self._game.default_bot
        return self._game.bot(level, seat, seed=seat_seed(self._seed, seat))

    # ------------------------------------------------------------------ reading

    @property
    def game(self) -> Game[Any]:
        return self._game

    @property
    def state(self) -> Any:
        """The live game state.  Read it, never change it (use :meth:`answer`)."""
        return self._state

    @property
    def seats(self) -> list[SeatConfig]:
        """A copy of the seats' configuration, in seat order."""
        return [replace(s) for s in self._seats]

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def recording(self) -> Recording | None:
        """The game so far as its seed and answers (:class:`engine.replay.Recording`),
        or None for a table loaded from a save that did not keep its answers."""
        if self._answers is None:
            return None
        names = list(self._game.seat_names(self._state))
        return Recording(self._game.id, names, self._seed, dict(self._options), list(self._answers))

    @property
    def options(self) -> dict[str, JSON]:
        """The rule options as given to ``setup`` (a copy)."""
        return dict(self._options)

    @property
    def n_seats(self) -> int:
        return len(self._seats)

    @property
    def log(self) -> list[Event]:
        """Every event so far, in order, with every seat's secrets: do not show it as is."""
        return list(self._log)

    @property
    def window_seconds(self) -> float | None:
        """How long a reaction window stays open; None: until every asked seat answers."""
        return self._window_seconds

    @window_seconds.setter
    def window_seconds(self, seconds: float | None) -> None:
        """Change the window length; open windows restart their countdown from now."""
        self._window_seconds = _checked_window(seconds)
        self._deadlines.clear()
        self._track()

    @property
    def auto_pass(self) -> bool:
        """Whether a human's reaction window in which the only choice is to let it
        happen is passed for them at once, instead of waiting out the countdown.

        Asking every seat the rules let react, whatever it holds, is what keeps a
        hand secret from the other players at the screen or the table (DESIGN.md,
        "No leaks").  With one human and only bots there is nobody to keep it from,
        so by default (None) it is on exactly then: one ``human`` seat, every other
        a bot.  A LAN player (``remote``) is never passed for: spectators could
        tell a quick pass from a slow one.  True or False overrides the default.
        """
        if self._auto_pass is not None:
            return self._auto_pass
        kinds = [s.kind for s in self._seats]
        return kinds.count("human") == 1 and kinds.count("bot") == len(kinds) - 1

    @auto_pass.setter
    def auto_pass(self, on: bool | None) -> None:
        if on is not None and not isinstance(on, bool):
            raise ValueError(f"auto_pass must be True, False or None, not {on!r}")
        self._auto_pass = on
        self._deadlines.clear()
        self._auto_keys.clear()
        self._track()

    def restart_countdowns(self) -> None:
        """Open windows start their countdown afresh from now, and the bots waiting to
        answer think afresh (after a pause: a hand-off curtain, the rules screen...):
        a pause never eats anyone's time, so a bot cannot end a Stool Pigeon race the
        moment a claimer's curtain lifts."""
        self._deadlines.clear()
        self._bot_due.clear()
        self._track()

    @property
    def bot_delay(self) -> tuple[float, float]:
        return self._bot_delay

    @property
    def presence(self) -> Presence:
        """Everyone sits at this screen: :data:`~engine.presence.LOCAL`."""
        return LOCAL

    @property
    def autosave_path(self) -> Path | None:
        return self._autosave

    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may see (``None``: a spectator)."""
        if seat is not None:
            self._check_seat(seat)
        return self._game.view(self._state, seat)

    def public_view(self) -> dict[str, JSON]:
        """``view(seat)["public"]``: the same for every seat, built on its own."""
        return self._game.public_view(self._state)

    def private_view(self, seat: int | None) -> dict[str, JSON]:
        """``view(seat)["private"]`` (``{}`` for a spectator)."""
        if seat is not None:
            self._check_seat(seat)
        return self._game.private_view(self._state, seat)

    def prompts(self) -> list[Prompt]:
        """Every open prompt, in the game's order (none once the game is over)."""
        return list(self._prompts)

    def prompts_for(self, seat: int) -> list[Prompt]:
        return [p for p in self._prompts if p.seat == seat]

    def humans_waiting(self) -> list[int]:
        """Local human seats with an open prompt, in prompt order, each once."""
        out: list[int] = []
        for p in self._prompts:
            if p.seat not in out and self._seats[p.seat].is_human:
                out.append(p.seat)
        return out

    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    def log_for(self, seat: int | None) -> list[str]:
        """The log as ``seat`` may read it (``None``: a spectator)."""
        return [e.text_for(seat) for e in self._log]

    # ------------------------------------------------------------------ answering

    def answer(self, seat: int, prompt_id: str, option_id: str) -> list[Event]:
        """Answer an open prompt for ``seat``.

        Raises :class:`IllegalMove` (and changes nothing) when the game is over,
        the prompt is not open, it is another seat's, or the option is not offered.
        """
        prompt = self._open_prompt(seat, prompt_id)
        if not prompt.accepts(option_id):
            raise IllegalMove(f"{option_id!r} is not one of the choices for this decision.")
        events = list(self._game.apply(self._state, seat, prompt_id, option_id))
        self._record(seat, prompt_id, option_id)
        return self._commit(events)

    def _record(self, seat: int, prompt_id: str, option_id: str) -> None:
        if self._answers is not None:
            self._answers.append(Answer(seat, prompt_id, option_id))

    def _open_prompt(self, seat: int, prompt_id: str) -> Prompt:
        if self.is_over:
            raise IllegalMove("The game is over.")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n_seats:
            raise IllegalMove(f"There is no seat {seat!r} at this table.")
        others: list[int] = []
        for p in self._prompts:
            if p.id == prompt_id:
                if p.seat == seat:
                    return p
                others.append(p.seat)
        if others:
            owner = self._seats[others[0]].name
            raise IllegalMove(
                f"That decision is {owner}'s to make, not {self._seats[seat].name}'s."
            )
        raise IllegalMove("That decision is not open (any more).")

    def _commit(self, events: list[Event]) -> list[Event]:
        """After a successful ``apply``: log, refresh, tell the bots, save, notify."""
        self._log.extend(events)
        was_over = self._outcome is not None
        self._refresh()
        if not was_over and self._outcome is not None:
            self._keep_finished()
        self._tell_bots(events)
        self._changed()
        self._notify(events)
        return events

    def _keep_finished(self) -> None:
        """The game has just ended: keep it in :attr:`keep_finished_in`, if set
        (a failure is logged: it must not stop the game's end)."""
        folder, outcome = self.keep_finished_in, self._outcome
        if folder is None or outcome is None or self._answers is None:
            return
        at = datetime.datetime.now()
        section = finished.summary_json(
            at=at,
            game_id=self._game.id,
            title=self._game.title,
            players=[s.name for s in self._seats],
            winners=list(outcome.winners),
            reason=outcome.reason,
        )
        try:
            text = self.to_json_text({finished.SECTION: section})
            self.kept_as = finished.keep(folder, self._game.id, text, at=at)
        except OSError as exc:
            _log.warning("could not keep the finished game in %s: %s", folder, exc)

    def _tell_bots(self, events: list[Event]) -> None:
        """Each bot hears ``events`` stripped to its own seat's secrets."""
        for seat, bot in sorted(self._bots.items()):
            mine = [e.for_seat(seat) for e in events]
            try:
                bot.observe(mine)
            except Exception as exc:  # a broken bot must not break the table
                _log.warning("bot at seat %d failed to observe (%s)", seat, type(exc).__name__)

    def _note(self, event: Event, *, save: bool = True) -> Event:
        """Log a line of the table's own (not the game's): the bots read it, the
        subscribers hear of it."""
        self._log.append(event)
        if event.kind == AUTO_PASS_KIND:
            self._auto_told = True
        self._tell_bots([event])
        if save:
            self._changed()
        self._notify([event])
        return event

    def _start_event(self) -> Event | None:
        """Who starts: the seat(s) the new game asks first (None: nobody is asked)."""
        asked = sorted({p.seat for p in self._prompts})
        names = [self._seats[s].name for s in asked]
        if not asked:
            return None
        title = f"New game of {self._game.title}."
        if len(asked) == 1:
            seat = asked[0]
            return Event(
                f"{title} {names[0]} starts.",
                secrets=((seat, f"{title} You start."),),
                kind=START_KIND,
            )
        if len(asked) == self.n_seats:
            text = "Everyone starts at once."
        else:
            text = f"{and_list(names)} start."
        return Event(f"{title} {text}", kind=START_KIND)

    def _auto_pass_event(self, seat: int) -> Event:
        name = self._seats[seat].name
        why = "(one player against bots: nobody to hide it from)"
        return Event(
            f"When {name} holds nothing to react with, Purrch lets it happen at once {why}.",
            secrets=(
                (
                    seat,
                    f"When you hold nothing to react with, Purrch lets it happen "
                    f"for you at once {why}.",
                ),
            ),
            kind=AUTO_PASS_KIND,
        )

    def _changed(self) -> None:
        if self._batch:
            self._dirty = True
        else:
            self._autosave_now()

    def _notify(self, events: list[Event]) -> None:
        for callback in list(self._subscribers):
            callback(list(events))

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(new_events)`` after every change; returns an unsubscribe."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._subscribers.remove(callback)

        return unsubscribe

    # ------------------------------------------------------------------ prompts & time

    def _refresh(self) -> None:
        """The state changed: recompute the open prompts, then track their times."""
        self._outcome = self._game.outcome(self._state)
        self._prompts = [] if self._outcome is not None else list(self._game.prompts(self._state))
        self._track()

    def _track(self) -> None:
        """Forget closed prompts; give newly seen ones their deadline / bot due time."""
        open_keys: dict[_Key, Prompt] = {}
        for p in self._prompts:
            open_keys.setdefault((p.seat, p.id), p)
        for times in (self._deadlines, self._bot_due):
            for key in [k for k in times if k not in open_keys]:
                del times[key]
        self._auto_keys &= open_keys.keys()
        auto = self.auto_pass
        now: float | None = None
        for key, p in open_keys.items():
            passes = auto and key not in self._deadlines and self._nothing_to_react_with(p)
            window = p.pass_option is not None and self._window_seconds is not None
            new_window = passes or (window and key not in self._deadlines)
            new_bot = p.seat in self._bots and key not in self._bot_due
            if not (new_window or new_bot):
                continue
            if now is None:
                now = self._clock()
            if passes:
                self._deadlines[key] = now  # due at once: the next tick passes
                self._auto_keys.add(key)
            elif new_window and self._window_seconds is not None:
                self._deadlines[key] = now + self._window_seconds
            if new_bot:
                self._drawn_from[key] = self._delay_rng.state
                self._bot_due[key] = now + self._draw_delay()
        for key in [k for k in self._drawn_from if k not in self._bot_due]:
            del self._drawn_from[key]

    def _nothing_to_react_with(self, prompt: Prompt) -> bool:
        """A human's window prompt whose only choice is to let it happen."""
        return (
            prompt.pass_option is not None
            and self._seats[prompt.seat].is_human
            and all(o.id == prompt.pass_option for o in prompt.options)
        )

    def _saved_delay_state(self) -> int:
        for key, state in self._drawn_from.items():
            if key in self._bot_due:
                return state
        return self._delay_rng.state

    def _draw_delay(self) -> float:
        """A delay uniform in ``bot_delay``; depends on nothing but the draw count."""
        lo, hi = self._bot_delay
        return lo + (hi - lo) * ((self._delay_rng.next64() >> 11) / float(1 << 53))

    def deadline(self, prompt_id: str, seat: int | None = None) -> float | None:
        """When the window prompt ``prompt_id`` (of ``seat``, or of any seat) closes."""
        found = [
            when
            for (who, pid), when in self._deadlines.items()
            if pid == prompt_id and (seat is None or who == seat)
        ]
        return min(found) if found else None

    def window_remaining(self, now: float | None = None) -> float | None:
        """Seconds left of the earliest open window (never below 0), for a countdown."""
        if not self._deadlines:
            return None
        now = self._clock() if now is None else now
        return max(0.0, min(self._deadlines.values()) - now)

    def next_due(self) -> float | None:
        """The clock time at which :meth:`tick` next has something to do."""
        if self.is_over:
            return None
        times = [*self._deadlines.values(), *self._bot_due.values()]
        return min(times) if times else None

    def tick(self, now: float | None = None) -> list[Event]:
        """Apply every bot answer and every window pass due by ``now``; return the events.

        Things that fall due in the meantime (a bot with no delay answering the
        prompt another answer opened) are applied too, until nothing is due.
        """
        live = now is None  # on the real clock, time moves on while we answer
        when = self._clock() if now is None else now
        out: list[Event] = []
        with self._batched():
            for _ in range(_TICK_LIMIT):
                if live:
                    when = max(when, self._clock())
                item = self._first_due(when)
                if item is None:
                    break
                prompt, is_bot = item
                if is_bot:
                    out.extend(self._bot_answer(prompt))
                else:
                    assert prompt.pass_option is not None
                    if (prompt.seat, prompt.id) in self._auto_keys and not self._auto_told:
                        out.append(self._note(self._auto_pass_event(prompt.seat)))
                    out.extend(self.answer(prompt.seat, prompt.id, prompt.pass_option))
        return out

    def _first_due(self, now: float) -> tuple[Prompt, bool] | None:
        """The earliest due (prompt, is_bot_answer); a bot beats its own deadline on ties."""
        if self.is_over:
            return None
        best: tuple[float, int, int] | None = None
        chosen: tuple[Prompt, bool] | None = None
        for index, p in enumerate(self._prompts):
            key = (p.seat, p.id)
            for order, times in ((0, self._bot_due), (1, self._deadlines)):
                when = times.get(key)
                if when is not None and when <= now:
                    rank = (when, order, index)
                    if best is None or rank < best:
                        best, chosen = rank, (p, order == 0)
        return chosen

    def run_bots(self, max_answers: int = 100_000) -> list[Event]:
        """Answer every bot prompt at once, ignoring delays, until only humans'
        (or remote players') prompts remain, the game is over, or ``max_answers``.

        Human window prompts are left open: nobody passes for them here.
        """
        out: list[Event] = []
        with self._batched():
            for _ in range(max_answers):
                prompt = next((p for p in self._prompts if p.seat in self._bots), None)
                if prompt is None or self.is_over:
                    break
                out.extend(self._bot_answer(prompt))
        return out

    def _bot_answer(self, prompt: Prompt) -> list[Event]:
        """Ask the seat's bot; on a bad answer or a crash take the first option."""
        seat = prompt.seat
        bot = self._bots[seat]
        if not prompt.options:
            raise RuntimeError(
                f"{self._game.title} asked seat {seat} a {prompt.kind!r} prompt with no options"
            )
        choice: object = None
        try:
            view = self._game.view(self._state, seat) if getattr(bot, "needs_view", True) else {}
            choice = bot.choose(view, prompt)
        except Exception as exc:  # a broken bot must not break the table
            _log.warning(
                "bot at seat %d failed on a %r prompt (%s); taking the first option",
                seat,
                prompt.kind,
                type(exc).__name__,
            )
        if not isinstance(choice, str) or not prompt.accepts(choice):
            if choice is not None:
                _log.warning(
                    "bot at seat %d chose an option not offered on a %r prompt; "
                    "taking the first option",
                    seat,
                    prompt.kind,
                )
            choice = prompt.options[0].id
        candidates = [choice] + [o.id for o in prompt.options if o.id != choice]
        for option_id in candidates:
            try:
                events = list(self._game.apply(self._state, seat, prompt.id, option_id))
            except IllegalMove:
                _log.warning(
                    "bot at seat %d made an illegal move on a %r prompt; trying the next option",
                    seat,
                    prompt.kind,
                )
                continue
            self._record(seat, prompt.id, option_id)
            return self._commit(events)
        raise RuntimeError(
            f"{self._game.title} accepts none of the options it offers "
            f"seat {seat} on a {prompt.kind!r} prompt"
        )

    @contextlib.contextmanager
    def _batched(self) -> Iterator[None]:
        """Autosave once at the end of a burst of answers instead of after each."""
        self._batch += 1
        try:
            yield
        finally:
            self._batch -= 1
            if not self._batch and self._dirty:
                self._autosave_now()

    # ------------------------------------------------------------------ seats

    def replace_seat(self, seat: int, config: SeatConfig) -> None:
        """Seat someone else (a bot for a dropped LAN player, a human back...).

        The game state is kept; the game still calls the seat by its original
        name.  A new bot first reads the log as that seat may read it.
        """
        self._check_seat(seat)
        config = _checked_seat(config)
        old = self._seats[seat]
        self._seats[seat] = config
        if config.is_bot:
            if not (old.is_bot and old.level == config.level and seat in self._bots):
                bot = self._make_bot(config.level, seat)
                try:
                    bot.observe([e.for_seat(seat) for e in self._log])
                except Exception as exc:
                    _log.warning("bot at seat %d failed to observe (%s)", seat, type(exc).__name__)
                self._bots[seat] = bot
                for key in [k for k in self._bot_due if k[0] == seat]:
                    del self._bot_due[key]
        else:
            self._bots.pop(seat, None)
            for key in [k for k in self._bot_due if k[0] == seat]:
                del self._bot_due[key]
        self._track()
        self._changed()
        self._notify([])

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n_seats:
            raise ValueError(f"there is no seat {seat!r} at this table")

    # ------------------------------------------------------------------ saving

    def to_json(self, *, with_log: bool = True) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self._game.id,
            "seed": self._seed,
            "options": dict(self._options),
            "seats": [s.to_json() for s in self._seats],
            "state": self._game.state_to_json(self._state),
            "bots": {str(seat): bot.to_json() for seat, bot in sorted(self._bots.items())},
            "window_seconds": self._window_seconds,
            "bot_delay": list(self._bot_delay),
            "delay_rng": self._saved_delay_state(),
        }
        if with_log:
            if self._answers is not None:
                data["answers"] = [a.to_json() for a in self._answers]
            data["log"] = [e.to_json() for e in self._log]
        return data

    def to_json_text(self, extra: Mapping[str, JSON] | None = None) -> str:
        """``json.dumps(to_json() | extra)`` (compact), in time that does not grow
        with the log: each log event is encoded once, when first saved, and the
        encoded events are spliced in (the log only ever grows at a table), and so
        are the answers.
        ``json.loads`` of it equals ``to_json() | extra``."""
        cache = self._log_text
        if len(cache) > len(self._log):  # never happens; be safe anyway
            cache.clear()
        for event in self._log[len(cache) :]:
            cache.append(_dumps(event.to_json()))
        answers = ""
        if self._answers is not None:
            done = self._answers_text
            if len(done) > len(self._answers):  # never happens either
                done.clear()
            for answer in self._answers[len(done) :]:
                done.append(_dumps(answer.to_json()))
            answers = f'"answers":[{",".join(done)}],'
        data = self.to_json(with_log=False)
        if extra:
            data.update(extra)
        head = _dumps(data)
        return f'{head[:-1]},{answers}"log":[{",".join(cache)}]}}'

    def save(self, path: str | Path) -> None:
        """Write the table to ``path`` atomically and durably (a temporary file,
        fsync, renamed over ``path``, fsync of the folder)."""
        write_atomically(Path(path), self.to_json_text(), durable=True)

    def autosave(self) -> None:
        """Save to the autosave file now, if there is one (a new game is saved before
        its first move, so that quitting at once keeps it, and what it replaces is
        gone).  A failure is kept in :attr:`autosave_error`, as after a move."""
        self._autosave_now()

    def _autosave_now(self) -> None:
        self._dirty = False
        if self._autosave is None:
            return
        try:
            self.save(self._autosave)
        except OSError as exc:  # a full disk must not stop the game
            self.autosave_error = f"could not autosave to {self._autosave}: {exc.strerror or exc}"
            _log.warning("%s", self.autosave_error)
        else:
            self.autosave_error = None

    @classmethod
    def from_json(
        cls,
        data: Any,
        *,
        autosave: str | Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        games: Mapping[str, Game[Any]] | None = None,
    ) -> Table:
        """Rebuild a saved table; :class:`SaveError` (building nothing) if it is unusable.

        ``games`` maps ids to games (default: ``engine.games``).  Deadlines and
        bot due times start afresh.
        """
        try:
            return cls._from_json(data, autosave=autosave, clock=clock, games=games)
        except SaveError:
            raise
        except (ValueError, KeyError) as exc:  # the game's own words, or a missing field
            raise SaveError(f"damaged save: {_one_line(exc)}") from exc
        except Exception as exc:  # a field of the wrong type, met deep in a game
            raise SaveError(
                f"damaged save: something in it is not as Purrch writes it ({_one_line(exc)})"
            ) from exc

    @classmethod
    def _from_json(
        cls,
        data: Any,
        *,
        autosave: str | Path | None,
        clock: Callable[[], float],
        games: Mapping[str, Game[Any]] | None,
    ) -> Table:
        if not isinstance(data, dict):
            raise SaveError("not a Purrch save (expected a JSON object)")
        if data.get("format") != SAVE_FORMAT:
            raise SaveError("not a Purrch table save (wrong or missing format)")
        version = data.get("version")
        if isinstance(version, bool) or version != SAVE_VERSION:
            raise SaveError(
                f"unsupported save version {version!r} (this Purrch reads {SAVE_VERSION})"
            )
        game_id = data.get("game")
        if not isinstance(game_id, str):
            raise SaveError("damaged save: no game id")
        if games is None:
            from engine.games import REGISTRY

            games = REGISTRY
        game = games.get(game_id)
        if game is None:
            raise SaveError(f"unknown game {game_id!r} in save")

        seed = _field(data, "seed", int)
        options = _field(data, "options", dict)
        seats = [SeatConfig.from_json(s) for s in _field(data, "seats", list)]
        n = len(seats)
        if not game.min_players <= n <= game.max_players:
            raise SaveError(f"damaged save: {n} seats, but {game.title} takes {players_text(game)}")
        log = [Event.from_json(_dict(e)) for e in _field(data, "log", list)]
        raw_answers = data.get("answers")
        answers: list[Answer] | None = None
        if raw_answers is not None:  # saves made before they were kept have none
            if not isinstance(raw_answers, list):
                raise SaveError("damaged save: 'answers' is not a list")
            answers = [Answer.from_json(a) for a in raw_answers]
        raw_window = data.get("window_seconds")
        if raw_window is not None and (
            isinstance(raw_window, bool) or not isinstance(raw_window, int | float)
        ):
            raise SaveError("damaged save: bad 'window_seconds'")
        window = _checked_window(raw_window)
        raw_delay = _field(data, "bot_delay", list)
        if len(raw_delay) != 2 or any(
            isinstance(x, bool) or not isinstance(x, int | float) for x in raw_delay
        ):
            raise SaveError("damaged save: bad 'bot_delay'")
        delay = _checked_delay((float(raw_delay[0]), float(raw_delay[1])))
        delay_rng = Rng(_field(data, "delay_rng", int))
        raw_bots = _field(data, "bots", dict)
        memories: dict[int, dict[str, JSON]] = {}
        for seat, config in enumerate(seats):
            if config.is_bot:
                memory = raw_bots.get(str(seat))
                if not isinstance(memory, dict):
                    raise SaveError(f"damaged save: no memory for the bot at seat {seat}")
                memories[seat] = memory

        state = game.state_from_json(_field(data, "state", dict))
        players = game.player_count(state)
        if players != n:
            raise SaveError(f"damaged save: {n} seats for a game of {players} players")
        # Make sure the game can carry on from this state before building anything.
        game.outcome(state)
        for p in game.prompts(state):
            if not 0 <= p.seat < n:
                raise SaveError(f"damaged save: a prompt for seat {p.seat} of {n}")

        table = cls.__new__(cls)
        table._build(
            game=game,
            seats=seats,
            seed=seed,
            options=options,
            state=state,
            log=log,
            window_seconds=window,
            bot_delay=delay,
            delay_rng=delay_rng,
            clock=clock,
            autosave=autosave,
            bot_memories=memories,
            answers=answers,
        )
        return table

    @classmethod
    def load(
        cls,
        path: str | Path,
        *,
        autosave: str | Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        games: Mapping[str, Game[Any]] | None = None,
    ) -> Table:
        """Read a table saved with :meth:`save`; :class:`SaveError` if it cannot, or if
        it is a LAN table's save and ``autosave`` is given (to play it here would save
        it back without its seats)."""
        path = Path(path)
        data = read_save_data(path)
        if autosave is not None and isinstance(data, dict) and "lan" in data:
            # Played here, it would be saved back as a hot-seat game: its seats gone.
            raise SaveError(
                f"{path} is the save of a LAN table: "
                f"`{command('host', '--resume', str(path))}` continues it, with its seats"
            )
        try:
            return cls.from_json(data, autosave=autosave, clock=clock, games=games)
        except SaveError as exc:  # which file, as the errors above say
            raise SaveError(f"{path}: {exc}") from None


# ---------------------------------------------------------------------- helpers


def read_save_data(path: Path) -> Any:
    """The JSON in the save file at ``path``; :class:`SaveError` (one line, naming the
    file) if it cannot be read or is not JSON."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"no saved game at {path}") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not a Purrch save (not UTF-8 text)") from None
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"{path} is not a Purrch save (invalid JSON: {exc.msg}, line {exc.lineno})"
        ) from None
    except RecursionError:
        raise SaveError(f"{path} is not a Purrch save (nested too deeply)") from None
    return data


def _checked_seat(seat: Any) -> SeatConfig:
    if not isinstance(seat, SeatConfig):
        raise TypeError("seats must be SeatConfig objects")
    seat.__post_init__()  # catch a kind changed after creation
    return replace(seat)


def _checked_window(seconds: Any) -> float | None:
    if seconds is None or seconds == 0:
        return None
    value = float(seconds)
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"window_seconds must be a positive number or None, not {seconds!r}")
    return value


def _checked_delay(delay: tuple[float, float]) -> tuple[float, float]:
    lo, hi = (float(x) for x in delay)
    if not (math.isfinite(lo) and math.isfinite(hi) and 0 <= lo <= hi):
        raise ValueError(f"bot_delay must be (low, high) with 0 <= low <= high, not {delay!r}")
    return lo, hi


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise SaveError(f"damaged save: missing or bad {key!r}")
    return value


def _dict(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise SaveError("damaged save: a log line is not an object")
    return value


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    if isinstance(exc, KeyError):
        text = f"missing {text}"
    return text if len(text) <= 160 else text[:157] + "..."


def _is_table_like(table: Table) -> TableLike:
    """(mypy checks here that a Table offers everything :class:`TableLike` lists.)"""
    return table
