"""The game contract: the base class every game is (see DESIGN.md, "The engine contract").

A game is one instance of a subclass of :class:`Game`, registered by id in
``engine.games.REGISTRY``.  What every game must have is abstract here, so a game
that misses a member cannot be made; what games share (checking an answer,
views in two halves, JSON, bots, the rules text) is written once.

The members a game states:

* ``id``, ``title``, ``min_players``, ``max_players``, ``options`` (its
  :class:`~engine.core.RuleOption` s), ``bot_levels`` (``"random"`` first, every
  game has it) and ``default_bot``; ``state_class`` and ``rules_file``;
* its capabilities, declared rather than probed: :attr:`Game.simultaneous`
  (several seats are asked at once: reaction windows, races, a draft),
  :attr:`Game.races` (answers compete: the first claim wins) and
  :attr:`Game.hidden_positions` (the table shows face-down things by their place);
* ``setup``, ``prompts``, ``step`` (its own answer to one checked answer),
  ``build_public`` and ``build_private`` (the two halves of a view), and
  ``make_bot`` for its bot levels other than ``random``.

:meth:`Game.apply` is the one place where an answer is checked: a game that is
over, a prompt that is not open, a seat that is not the prompt's or an option it
does not offer raise :class:`~engine.core.IllegalMove` before the game's ``step``
runs, and the state is untouched.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, Generic, cast

from engine.bots import RandomBot
from engine.core import JSON, Event, IllegalMove, Outcome, Prompt, Rng, RuleOption, S

__all__ = ["Game", "check_names", "players_text", "resolve_options"]


class Game(ABC, Generic[S]):
    """See the module docstring.  ``S`` is the game's state class."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[RuleOption, ...]] = ()
    bot_levels: ClassVar[tuple[str, ...]] = ("random",)
    default_bot: ClassVar[str] = "random"
    """The level of bot that fills a seat when nobody says which (one of ``bot_levels``)."""
    state_class: type[S]
    rules_file: Path | None = None

    simultaneous: ClassVar[bool] = False
    """Several seats may be asked at once (a reaction window, a race, a draft)."""
    races: ClassVar[bool] = False
    """Answers to one prompt compete: the first claim to arrive wins, the others find
    it closed (the host orders them by arrival)."""
    hidden_positions: ClassVar[bool] = False
    """Face-down things on the table are shown by their place, not by what they are."""

    public_schema: ClassVar[Any] = None
    """The type of :meth:`build_public`'s result: a TypedDict in the game's ``view.py``,
    documented field by field (what PROTOCOL.md's ``update.view.public`` holds for
    this game).  The contract suite checks every view against it."""
    private_schema: ClassVar[Any] = None
    """The type of :meth:`build_private`'s result (``update.view.private``)."""

    # ------------------------------------------------------------------ the game's own

    @abstractmethod
    def setup(self, names: list[str], seed: int, options: dict[str, JSON] | None = None) -> S:
        """A new game for ``names`` (2 or more), all randomness from ``seed``."""

    @abstractmethod
    def prompts(self, state: S) -> list[Prompt]:
        """Every decision open now (several seats at once where the rules say so)."""

    @abstractmethod
    def step(self, state: S, seat: int, prompt: Prompt, option_id: str) -> list[Event]:
        """Apply ``seat``'s answer ``option_id`` to ``prompt``, already checked by
        :meth:`apply`: it is open, it is ``seat``'s, and it offers ``option_id`` (or
        ``option_id`` has the prompt's structured :attr:`~engine.core.Prompt.answer`
        form, which only the game can check: it raises IllegalMove before it changes
        anything)."""

    @abstractmethod
    def build_public(self, state: S) -> Mapping[str, Any]:
        """What everyone may know: the same for every seat (a dict of the game's
        :attr:`public_schema`, a TypedDict)."""

    @abstractmethod
    def build_private(self, state: S, seat: int) -> Mapping[str, Any]:
        """What only ``seat`` may know (never anything about another seat's secrets; a
        dict of the game's :attr:`private_schema`)."""

    def redeal_hidden(self, state: S, seat: int | None, rng: Rng) -> S | None:
        """A copy of ``state`` that ``seat`` (None: a spectator) cannot tell apart from
        it: everything it may not know now dealt again with ``rng`` (other hands, the
        order of face-down piles, other seats' secret values), everything it may know
        kept; None when nothing is hidden.  The game says here, in one place, what each
        seat may know; the contract suite checks that the views and prompts agree.
        Every registered game has one (tests/contract/ fails for a game without)."""
        raise NotImplementedError

    def make_bot(self, level: str, seat: int, seed: int) -> Any:
        """A bot of one of the game's own levels (``bot_levels`` other than random)."""
        raise ValueError(f"{self.title} has no bot level {level!r}")

    # ------------------------------------------------------------------ shared

    def apply(self, state: S, seat: int, prompt_id: str, option_id: str) -> list[Event]:
        """Check one answer, then apply it (:meth:`step`); the events it made.

        :class:`~engine.core.IllegalMove`, with a message a player understands and
        the state untouched, when the game is over, the prompt is not open, it is
        another seat's or it does not offer ``option_id``."""
        if self.outcome(state) is not None:
            raise IllegalMove("The game is over.")
        open_now = [p for p in self.prompts(state) if p.id == prompt_id]
        # Several seats may share a prompt id (a reaction window asks them all).
        prompt = next((p for p in open_now if p.seat == seat), None)
        if prompt is None:
            if not open_now:
                raise IllegalMove("That decision is not open (any more).")
            names = self.seat_names(state)
            owner = open_now[0].seat
            who = names[owner] if 0 <= owner < len(names) else "another seat"
            raise IllegalMove(f"That decision is {who}'s to make.")
        if not prompt.accepts(option_id):
            raise IllegalMove(f"{option_id!r} is not one of the choices for this decision.")
        return self.step(state, seat, prompt, option_id)

    def answers(self, state: S, prompt: Prompt) -> list[str]:
        """Every legal structured answer to ``prompt`` (see :attr:`Prompt.answer`): what
        tests sample from (a bot finds its own from its view).  Empty for a prompt
        without one, and for every game that asks none."""
        return []

    def why_not(self, state: S, seat: int) -> list[str]:
        """Why ``seat`` cannot do what a new player may look for now, one sentence
        each, in plain words ("You have no pair: two pigeons of one colour."): what
        ``purrch learn``'s "why can't I...?" says beside the choices the seat has.
        Only the seat's own view goes into it (its hand, the table): never another
        seat's secret.  Empty where the game says nothing more (the default);
        :func:`engine.learn.why_not` adds whose decision it is when it is not the
        seat's.  A game that wants it told overrides this."""
        return []

    def seat_names(self, state: S) -> list[str]:
        """The players' names, by seat."""
        return list(state.names)

    def player_count(self, state: S) -> int:
        """How many players ``state`` was set up for."""
        return len(self.seat_names(state))

    def outcome(self, state: S) -> Outcome | None:
        """Winners, scores and a reason once the game is over (None before)."""
        r = state.result
        if r is None:
            return None
        scores = r.get("scores")
        return Outcome(
            winners=tuple(int(w) for w in r["winners"]),
            reason=str(r["reason"]),
            scores=None if scores is None else tuple(int(x) for x in scores),
        )

    def view(self, state: S, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may know (None: a spectator): ``{"public": ..., "private": ...}``."""
        private = self.private_view(state, seat)  # checks the seat first
        return {"public": self.public_view(state), "private": private}

    def public_view(self, state: S) -> dict[str, JSON]:
        """``view(...)["public"]`` on its own: a host builds it once for every seat."""
        # A TypedDict is a plain dict at run time: handed on as such, not copied.
        return cast(dict[str, JSON], self.build_public(state))

    def private_view(self, state: S, seat: int | None) -> dict[str, JSON]:
        """``view(state, seat)["private"]`` (``{}`` for a spectator)."""
        if seat is None:
            return {}
        if not 0 <= seat < self.player_count(state):
            raise ValueError(f"no seat {seat}")
        return cast(dict[str, JSON], self.build_private(state, seat))

    def bot(self, level: str, seat: int, seed: int) -> Any:
        """A bot of ``level``: ``random`` for every game, the others the game's own."""
        if level == "random":
            return RandomBot(seat, seed)
        if level in self.bot_levels:
            return self.make_bot(level, seat, seed)
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(self.bot_levels)})")

    def clone(self, state: S) -> S:
        return state.clone()

    def state_to_json(self, state: S) -> dict[str, JSON]:
        return state.to_json()

    def state_from_json(self, data: dict[str, JSON]) -> S:
        return self.state_class.from_json(data)

    def rules_text(self) -> str:
        """The game's rules notes (its RULES.md), as Markdown."""
        if self.rules_file is None:
            return f"# {self.title}"
        return self.rules_file.read_text(encoding="utf-8")


def resolve_options(game: Game[Any], options: dict[str, JSON] | None) -> dict[str, JSON]:
    """Fill in defaults and refuse unknown or impossible rule options with a clear message.

    A whole-number option counts something (turns, rounds, squares), so it is never
    negative; a game checks its own upper bounds and any higher minimum.
    """
    known = {o.id: o for o in game.options}
    out = {o.id: o.default for o in game.options}
    for key, value in (options or {}).items():
        spec = known.get(key)
        if spec is None:
            raise ValueError(f"{game.title} has no rule option {key!r}")
        if spec.choices and value not in spec.choices:
            raise ValueError(f"rule option {key!r} must be one of {list(spec.choices)}")
        if isinstance(spec.default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"rule option {key!r} must be true or false")
        elif isinstance(spec.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"rule option {key!r} must be a whole number")
            if value < 0:
                raise ValueError(f"rule option {key!r} must be 0 or more, not {value}")
        out[key] = value
    return out


def players_text(game: Game[Any]) -> str:
    """How many players ``game`` takes, in words: "2 players", "2 to 6 players"."""
    if game.min_players == game.max_players:
        return f"{game.min_players} players"
    return f"{game.min_players} to {game.max_players} players"


def check_names(game: Game[Any], names: list[str]) -> None:
    n = len(names)
    if not game.min_players <= n <= game.max_players:
        raise ValueError(f"{game.title} takes {players_text(game)}, not {n}")
