"""Narration for demos: what each step of a game did, and the rule behind it, once.

Each game keeps a table of its rules in plain words beside its code,
``engine/games/<id>/narration.py``: ``EVENTS`` keyed by event kind
(:attr:`engine.core.Event.kind`) and ``OPTIONS`` keyed by option verb (an option
id before its ``:``, for answers that make no event), each entry ``(name, rule)``.
A registered game gets narrated by having that module (:func:`rules_for`).

A :class:`Narrator` turns one answer and the events it made into a
:class:`Narration`: the short line (the events' log lines, or who chose what) and
the rules that come up for the first time in this demo, each explained once.
Nothing here is written per seed: it all comes from the engine's events and the
game's table.  Stdlib only.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType

from engine.core import Event, Prompt

__all__ = ["Narration", "Narrator", "Rule", "RuleTable", "option_verb", "rules_for"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule in plain words: its name ("Wing Block") and what it is."""

    name: str
    text: str

    def explained(self) -> str:
        return f"{self.name}: {self.text}"


@dataclass(frozen=True, slots=True)
class RuleTable:
    """A game's rules for narration, by event kind and by option verb; and for
    ``purrch learn``, what each decision (by prompt kind) asks of a player."""

    events: Mapping[str, Rule]
    options: Mapping[str, Rule]
    decisions: Mapping[str, Rule] = field(default_factory=dict)

    def every_rule(self) -> list[Rule]:
        """Every rule of the table once (by name), in the table's order: decisions,
        then events, then options."""
        seen: dict[str, Rule] = {}
        for rules in (self.decisions, self.events, self.options):
            for rule in rules.values():
                seen.setdefault(rule.name, rule)
        return list(seen.values())


def _rules(raw: object, where: str) -> dict[str, Rule]:
    if not isinstance(raw, dict):
        raise LookupError(f"{where} is not a dict")
    out: dict[str, Rule] = {}
    for key, entry in raw.items():
        if not (
            isinstance(entry, tuple) and len(entry) == 2 and all(isinstance(x, str) for x in entry)
        ):
            raise LookupError(f"{where}[{key!r}] is not (name, rule)")
        out[str(key)] = Rule(entry[0], entry[1])
    return out


def rules_for(game_id: str) -> RuleTable:
    """The narration table of ``game_id`` (``engine/games/<id>/narration.py``);
    LookupError if the game has none."""
    name = f"engine.games.{game_id}.narration"
    try:
        module: ModuleType = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in (name, f"engine.games.{game_id}"):
            raise
        raise LookupError(f"{game_id!r} has no narration table ({name})") from None
    return RuleTable(
        _rules(getattr(module, "EVENTS", None), f"{name}.EVENTS"),
        _rules(getattr(module, "OPTIONS", {}), f"{name}.OPTIONS"),
        _rules(getattr(module, "DECISIONS", {}), f"{name}.DECISIONS"),
    )


def option_verb(option_id: str) -> str:
    """The verb of an option id: ``"wing"`` for ``"wing:c12"``."""
    return option_id.split(":", 1)[0]


@dataclass(frozen=True, slots=True)
class Narration:
    """What the demo says about one step: ``line`` (what happened) and ``rules`` (the
    rules met here for the first time, explained)."""

    line: str
    rules: tuple[Rule, ...] = ()

    @property
    def is_short(self) -> bool:
        return not self.rules

    def text(self) -> str:
        """The whole narration as one string: the line, then each new rule."""
        return "  ".join([self.line, *(r.explained() for r in self.rules)])


class Narrator:
    """Narrates a game step by step, each rule once (see the module docstring)."""

    def __init__(self, table: RuleTable) -> None:
        self.table = table
        self.explained: set[str] = set()
        """The keys explained so far: ``"event:<kind>"``, ``"option:<verb>"``."""
        self._said: set[Rule] = set()  # two keys may share one rule: said once too

    def start(self, event: Event | None) -> Narration:
        """The first words: who starts, and the goal (the start event's rule)."""
        if event is None:
            return Narration("")
        return Narration(event.text, self._new([("event", event.kind)]))

    def step(
        self,
        names: list[str],
        seat: int,
        prompt: Prompt | None,
        option_id: str,
        events: list[Event],
    ) -> Narration:
        """``names[seat]`` answered ``option_id`` to ``prompt``, which made ``events``."""
        shown = [e for e in events if e.text]
        if shown:
            line = " ".join(e.text for e in shown)
            keys = [("event", e.kind) for e in shown]
        else:
            option = prompt.option(option_id) if prompt is not None else None
            label = option.label if option is not None else option_id
            who = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
            line = f"{who} chose: {label.rstrip('.')}."
            keys = [("option", option_verb(option_id))]
        return Narration(line, self._new(keys))

    def meet(self, keys: list[tuple[str, str]]) -> tuple[Rule, ...]:
        """The rules behind ``keys`` (``("event", kind)``, ``("option", verb)``,
        ``("decision", kind)``) not explained yet: explained now, each once."""
        return self._new(keys)

    @property
    def said(self) -> frozenset[str]:
        """The names of the rules explained so far."""
        return frozenset(rule.name for rule in self._said)

    def _new(self, keys: list[tuple[str, str]]) -> tuple[Rule, ...]:
        out: list[Rule] = []
        for where, key in keys:
            tag = f"{where}:{key}"
            table = self.table
            rules = {"event": table.events, "decision": table.decisions}.get(where, table.options)
            rule = rules.get(key)
            if rule is None or tag in self.explained:
                continue
            self.explained.add(tag)
            if rule not in self._said:
                self._said.add(rule)
                out.append(rule)
        return tuple(out)
