"""Replays of saved games: what ``purrch replay`` shows and exports.

Any save Purrch writes (the hot-seat autosave, a LAN table's save, a finished game
kept by :mod:`engine.finished`) holds the game's seed and every answer given
(``answers``, see :class:`engine.replay.Answer`), so :func:`load` can play it again
from the start with a :class:`~engine.replay.Stepper`; it checks that the answers
lead to the very game the save holds.  A save written before saves kept their
answers can be resumed but not replayed (the error says so).

A :class:`ReplayTable` shows a loaded game on the demo screen, stepped by its
viewer, in one of two ways:

* **from one seat** (``viewer`` is a seat): what that seat saw, as it saw it: its
  own view, the public view of every other seat, its prompts only, the log as it
  read it; the narration of another seat's decision that made no public event is
  only "Bob decided." (what was chosen is that seat's secret);
* **all-seeing** (``viewer`` None): every hand and every decision, allowed only for
  a game that is over (:class:`ReplayError` otherwise).

No bot plays here: the replay ends where the save does.  :func:`export_markdown`
writes the game's public log as Markdown (a list of moves, the result and the
scores), for sharing a game after a meetup.  Stdlib only.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import JSON, IllegalMove, Prompt
from engine.demo import SteppedTable
from engine.finished import FinishedGame, finished_section
from engine.game import Game
from engine.narration import Narration, Narrator, RuleTable, rules_for
from engine.replay import Stepper
from engine.session import SaveError, SeatConfig, Table, read_save_data

__all__ = ["Replay", "ReplayError", "ReplayTable", "export_markdown", "load", "viewer_from_text"]

EVERYONE = ("all", "everyone", "everybody")
"""What ``--seat`` takes for the all-seeing replay."""


class ReplayError(ValueError):
    """A save that cannot be replayed, or a replay that cannot be shown so; one line."""


@dataclass
class Replay:
    """A saved game, checked, ready to be stepped through."""

    path: Path
    game: Game[Any]
    seats: list[SeatConfig]
    stepper: Stepper
    finished: FinishedGame | None
    """The ``finished`` section, for a game kept by :mod:`engine.finished`."""
    is_over: bool
    """The recorded game reached its end."""

    @property
    def names(self) -> list[str]:
        return self.stepper.names

    def default_viewer(self) -> int | None:
        """All-seeing for a game that is over; else the first person's seat."""
        if self.is_over:
            return None
        return next((i for i, s in enumerate(self.seats) if not s.is_bot), 0)


def load(path: Path) -> Replay:
    """Read and check the save at ``path``; :class:`ReplayError` if it cannot be replayed."""
    path = Path(path)
    try:
        data = read_save_data(path)  # its errors name the file
    except SaveError as exc:
        raise ReplayError(str(exc)) from None
    try:
        table = Table.from_json(data)
    except SaveError as exc:
        raise ReplayError(f"{path}: {exc}") from None
    recording = table.recording
    if recording is None:
        raise ReplayError(
            f"{path} was saved by an older Purrch, which did not keep the answers: "
            "it can be resumed, not replayed"
        )
    game = table.game
    try:
        stepper = Stepper(game, recording)
    except (IllegalMove, ValueError) as exc:
        raise ReplayError(f"{path}: its answers do not replay ({exc})") from None
    except Exception as exc:  # a damaged answer met deep in a game
        raise ReplayError(f"{path}: its answers do not replay ({type(exc).__name__})") from None
    if game.state_to_json(stepper.state) != game.state_to_json(table.state):
        raise ReplayError(f"{path}: its answers do not lead to the game it holds")
    over = stepper.is_over
    stepper.seek(0)
    return Replay(path, game, table.seats, stepper, finished_section(path, data), over)


def viewer_from_text(replay: Replay, text: str | None) -> int | None:
    """``--seat``: a seat's number (1 for the first), a player's name, or ``all``;
    None (no ``--seat``) gives :meth:`Replay.default_viewer`.  ValueError if it
    names no seat, or asks to see everything of a game not over."""
    if text is None:
        return replay.default_viewer()
    wanted = text.strip()
    names = replay.names
    if wanted.lower() in EVERYONE:
        if not replay.is_over:
            raise ValueError(
                "every seat's cards are shown only once the game is over: "
                f"give a seat (1 to {len(names)}, or a name: {', '.join(names)})"
            )
        return None
    if wanted.isdigit() and 1 <= int(wanted) <= len(names):
        return int(wanted) - 1
    folded = [n.casefold() for n in names]
    if wanted.casefold() in folded:
        return folded.index(wanted.casefold())
    raise ValueError(
        f"no seat {text!r} in this game: give 1 to {len(names)}, a name "
        f"({', '.join(names)}), or 'all' once it is over"
    )


class ReplayTable(SteppedTable):
    """A saved game on the demo screen, from one seat or all-seeing; see the module
    docstring."""

    def __init__(self, replay: Replay, viewer: int | None) -> None:
        stepper = replay.stepper
        if viewer is None and not replay.is_over:
            raise ReplayError(
                "every seat's cards are shown only once the game is over: pick a seat"
            )
        if viewer is not None and not 0 <= viewer < len(replay.names):
            raise ReplayError(f"there is no seat {viewer + 1} in this game")
        self.replay = replay
        self.viewer = viewer
        stepper.seek(0)  # from the first move (the same replay may be watched again)
        try:
            rules = rules_for(replay.game.id)
        except LookupError:
            rules = RuleTable({}, {})
        super().__init__(stepper, replay.seats, Narrator(rules))

    def _play_new(self) -> bool:
        """The next recorded answer, narrated the first time the viewer steps on to it
        (each rule explained once, as in a demo)."""
        stepper = self._stepper
        if stepper.cursor >= len(stepper):
            return False
        prompt = stepper.next_prompt()
        stepper.forward()
        answer = stepper.last_answer
        assert answer is not None
        hidden = self.viewer is not None and answer.seat != self.viewer
        if hidden and not any(e.text for e in stepper.events_at(stepper.cursor)):
            self._narrations.append(Narration(f"{stepper.names[answer.seat]} decided."))
        else:
            self._narrate(None if hidden else prompt)
        return True

    @property
    def at_end(self) -> bool:
        """The last recorded answer is shown (the save ends here, over or not)."""
        return self._stepper.cursor >= len(self._stepper)

    @property
    def total(self) -> int:
        """How many answers the save holds."""
        return len(self._stepper)

    # ------------------------------------------------------------------ what a seat sees

    def view(self, seat: int | None) -> dict[str, JSON]:
        viewer = self.viewer
        if viewer is not None and seat != viewer:
            seat = None  # another seat: what the viewer saw of it
        return self.game.view(self._stepper.state, seat)

    def prompts(self) -> list[Prompt]:
        prompts = self._stepper.prompts()
        if self.viewer is None:
            return prompts
        return [p for p in prompts if p.seat == self.viewer]

    def prompts_for(self, seat: int) -> list[Prompt]:
        return [p for p in self.prompts() if p.seat == seat]

    def next_prompt(self) -> Prompt | None:
        prompt = self._stepper.next_prompt()
        if prompt is None or self.viewer is None or prompt.seat == self.viewer:
            return prompt
        return None

    def log_for(self, seat: int | None) -> list[str]:
        viewer = self.viewer if self.viewer is not None else seat
        return [e.text_for(viewer) for e in self.log]


def export_markdown(replay: Replay) -> str:
    """The game's public log as Markdown: who played, a numbered list of the moves
    (each answer that made a public line), the result and the scores."""
    stepper = replay.stepper
    here = stepper.cursor
    stepper.seek(len(stepper))
    try:
        return _markdown(replay, stepper)
    finally:
        stepper.seek(here)


def _md(text: str) -> str:
    """Plain text in Markdown: its markup characters escaped, on one line."""
    text = " ".join(text.split())
    for ch in "\\`*_[]<>#|":
        text = text.replace(ch, "\\" + ch)
    return text


def _markdown(replay: Replay, stepper: Stepper) -> str:
    game, names = replay.game, stepper.names
    title = f"# {_md(game.title)}"
    if replay.finished is not None:
        title += f", {_md(replay.finished.at)}"
    lines = [title, ""]
    players = [_md(s.name) + (" (bot)" if s.is_bot else "") for s in replay.seats[: len(names)]]
    lines.append(f"Players: {', '.join(players)}. Seed {stepper.recording.seed}.")
    lines.append("")
    lines.append("## The game")
    lines.append("")
    if stepper.start is not None:
        lines.append(f"- {_md(stepper.start.text)}")
    n = 0
    for step in range(1, len(stepper) + 1):
        said = [e.text for e in stepper.events_at(step) if e.text]
        if not said:
            continue
        n += 1
        lines.append(f"{n}. {_md(' '.join(said))}")
    lines.append("")
    outcome = stepper.outcome()
    lines.append("## Result")
    lines.append("")
    if outcome is None:
        lines.append(f"Not over: the save ends after {len(stepper)} answers.")
    else:
        if outcome.is_draw:
            lines.append(f"A draw. {_md(outcome.reason)}")
        else:
            won = " and ".join(_md(names[w]) for w in outcome.winners)
            lines.append(
                f"{won} {'win' if len(outcome.winners) > 1 else 'wins'}. {_md(outcome.reason)}"
            )
        if outcome.scores is not None:
            lines += ["", "| Player | Score |", "| --- | ---: |"]
            for name, score in zip(names, outcome.scores, strict=False):
                lines.append(f"| {_md(name)} | {score} |")
    return "\n".join(lines) + "\n"
