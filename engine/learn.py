"""A guided first game (``purrch learn GAME``): a real game, one person against
gentle bots, on a deal chosen so that the main rules come up early, with a coach.

Each game's narration module (``engine/games/<id>/narration.py``, see
:mod:`engine.narration`) gives it what it needs:

* ``LEARN``: the deal (``seed``), how many players (``players``) and the bots'
  level (``bots``: the gentlest that still plays sensibly);
* ``DECISIONS``: what each decision asks of a player, keyed by prompt kind
  (``"turn"``, ``"race"``...), explained the first time the learner meets it;
* its ``EVENTS`` and ``OPTIONS``, explained the first time they come up, as in a
  demo.

A :class:`Coach` follows the game for the learner's seat: :meth:`Coach.events`
and :meth:`Coach.decision` give the rules met for the first time, and
:meth:`Coach.summary` the rules met and not met yet once the game ends.
:func:`why_not` says why the learner cannot do what they may look for now (the
game's own :meth:`engine.game.Game.why_not`, and whose decision it is when it is
not theirs).  A game gets all of it by having those tables.  Stdlib only.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from engine.core import Event, Prompt
from engine.game import Game
from engine.narration import Narrator, Rule, RuleTable, rules_for

__all__ = ["Coach", "Learning", "Summary", "learning_for", "why_not"]


@dataclass(frozen=True, slots=True)
class Learning:
    """A game's guided deal: its seed, how many players, the bots' level."""

    seed: int
    players: int
    bots: str


def learning_for(game: Game[Any]) -> Learning:
    """The guided deal of ``game`` (its narration module's ``LEARN``); LookupError if it
    has none, or not as described above."""
    rules_for(game.id)  # LookupError: no narration module at all
    module = importlib.import_module(f"engine.games.{game.id}.narration")
    raw = getattr(module, "LEARN", None)
    if not isinstance(raw, dict):
        raise LookupError(f"{game.title} has no guided game (no LEARN in its narration table)")
    seed, players, bots = raw.get("seed"), raw.get("players"), raw.get("bots")
    if not (isinstance(seed, int) and isinstance(players, int) and isinstance(bots, str)):
        raise LookupError(f"{game.id}: LEARN needs a seed, players and bots")
    if not game.min_players <= players <= game.max_players:
        raise LookupError(f"{game.id}: LEARN's {players} players is not a count the game takes")
    if bots not in game.bot_levels:
        raise LookupError(f"{game.id}: LEARN's bots {bots!r} is not one of its bot levels")
    return Learning(seed, players, bots)


@dataclass(frozen=True, slots=True)
class Summary:
    """What the learner met: the rules explained during the game, and the others."""

    met: tuple[str, ...]
    not_met: tuple[str, ...]


class Coach:
    """Follows a game for the learner's ``seat``: each rule and each decision
    explained once, the first time it comes up."""

    def __init__(self, table: RuleTable, seat: int) -> None:
        self.table = table
        self.seat = seat
        self._narrator = Narrator(table)

    def start(self, event: Event | None) -> tuple[Rule, ...]:
        """The first words: the goal (the start event's rule)."""
        return self._narrator.start(event).rules

    def events(self, events: list[Event]) -> tuple[Rule, ...]:
        """The rules behind ``events`` (those with a log line) not explained yet."""
        return self._narrator.meet([("event", e.kind) for e in events if e.text])

    def decision(self, prompt: Prompt | None) -> tuple[Rule, ...]:
        """What the learner's decision ``prompt`` asks, the first time one of its kind
        comes (another seat's decision: nothing)."""
        if prompt is None or prompt.seat != self.seat:
            return ()
        return self._narrator.meet([("decision", prompt.kind)])

    def answered(self, option_id: str, events: list[Event]) -> tuple[Rule, ...]:
        """An answer that made no event: the rule behind its verb (as a demo says)."""
        if any(e.text for e in events):
            return ()
        return self._narrator.meet([("option", option_id.split(":", 1)[0])])

    @property
    def met(self) -> frozenset[str]:
        return self._narrator.said

    def summary(self) -> Summary:
        said = self._narrator.said
        every = [rule.name for rule in self.table.every_rule()]
        return Summary(
            tuple(n for n in every if n in said),
            tuple(n for n in every if n not in said),
        )


def why_not(game: Game[Any], state: Any, seat: int) -> list[str]:
    """Why ``seat`` cannot do what it may look for now: whose decision it is, when no
    decision is the seat's, then what the game itself says (:meth:`Game.why_not`)."""
    reasons: list[str] = []
    if game.outcome(state) is not None:
        return ["The game is over."]
    prompts = game.prompts(state)
    if not any(p.seat == seat for p in prompts):
        names = game.seat_names(state)
        deciding = sorted({p.seat for p in prompts})
        who = " and ".join(names[s] for s in deciding if 0 <= s < len(names)) or "nobody"
        verb = "are" if len(deciding) > 1 else "is"
        reasons.append(f"Nothing is yours to decide now: {who} {verb} deciding.")
    reasons.extend(game.why_not(state, seat))
    return reasons


def rules_met_early(game: Game[Any], learning: Learning, seed: int, answers: int = 60) -> int:
    """How many rules come up in the first ``answers`` answers of the guided deal with
    ``seed``, the learner's seat played by the game's default bot (a stand-in for a
    person who plays sensibly): how :data:`LEARN` seeds are chosen (the best of the
    first hundred) and checked."""
    from engine.replay import Recording, Stepper

    levels = [game.default_bot] + [learning.bots] * (learning.players - 1)
    names = [f"P{i + 1}" for i in range(learning.players)]
    stepper = Stepper(game, Recording(game.id, names, seed, {}), levels=levels)
    coach = Coach(rules_for(game.id), 0)
    coach.start(stepper.start)
    for _ in range(answers):
        prompt = stepper.next_prompt()
        if stepper.forward() is None:
            break
        coach.decision(prompt)
        coach.events(stepper.events_at(stepper.cursor))
    return len(coach.met)
