"""The contract every game implements, and the small types it speaks in.

A game is an object with ``id``, ``title``, ``min_players``, ``max_players``,
``options`` and the functions ``setup / prompts / apply / view / outcome`` plus
``state_to_json / state_from_json``.  States are plain data owned by the game;
they carry their own seeded RNG so that the same seed and the same answers
always give the same game.

Time is not the engine's business: a reaction window is a set of prompts whose
``pass_option`` says what silence means.  The :class:`engine.session.Table`
decides when a window closes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, NamedTuple, Protocol, Self, TypeVar, runtime_checkable

JSON = Any
"""A value made only of dict, list, str, int, float, bool and None."""


# Option, Prompt and Event are NamedTuples rather than frozen dataclasses: just as
# immutable, and four times cheaper to build (a frozen dataclass sets each field
# through object.__setattr__).  Games build them on every answer: see `make bench`.


class IllegalMove(Exception):
    """An answer the rules do not allow.  The message is meant for a player.

    Raising it always leaves the state untouched.
    """


class Option(NamedTuple):
    """One possible answer to a prompt: a stable id and a label for people."""

    id: str
    label: str


class Prompt(NamedTuple):
    """A decision open for one seat.

    ``pass_option`` is set on reaction prompts (Wing Block, Pigeon Sale, a
    race...): it is the option a silent seat is taken to have chosen when the
    table closes the window.  Prompts without it must be answered.

    ``back_option`` is set on a prompt that follows a choice which did nothing
    yet (the player of a targeted card picks the target): it takes that choice
    back and the decision before comes again.  Screens put it on Escape, and
    bots never choose it (see :meth:`choices`).
    """

    id: str
    seat: int
    kind: str
    text: str
    options: tuple[Option, ...]
    pass_option: str | None = None
    back_option: str | None = None

    # Prompt ids are unique among the prompts open at one moment, and a prompt
    # whose choices change gets a new id, so a stale answer is refused.

    def option(self, option_id: str) -> Option | None:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None

    def choices(self) -> tuple[Option, ...]:
        """The options that move the game on: all but :attr:`back_option` (what a
        bot chooses among)."""
        if self.back_option is None:
            return self.options
        return tuple(o for o in self.options if o.id != self.back_option)

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "id": self.id,
            "seat": self.seat,
            "kind": self.kind,
            "text": self.text,
            "options": [{"id": o.id, "label": o.label} for o in self.options],
        }
        if self.pass_option is not None:
            out["pass_option"] = self.pass_option
        if self.back_option is not None:
            out["back_option"] = self.back_option
        return out

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Prompt:
        return cls(
            id=str(data["id"]),
            seat=int(data["seat"]),
            kind=str(data["kind"]),
            text=str(data["text"]),
            options=tuple(Option(str(o["id"]), str(o["label"])) for o in data["options"]),
            pass_option=data.get("pass_option"),
            back_option=data.get("back_option"),
        )


class Event(NamedTuple):
    """One line for the log.

    ``text`` is public.  ``secrets`` holds ``(seat, text)`` pairs: what a
    particular seat learns on top of the public line (the card it drew...).
    """

    text: str
    secrets: tuple[tuple[int, str], ...] = ()
    kind: str = "info"

    def text_for(self, seat: int | None) -> str:
        """The line as ``seat`` may read it (``None``: a spectator)."""
        if seat is not None:
            for who, secret in self.secrets:
                if who == seat:
                    return secret
        return self.text

    def for_seat(self, seat: int | None) -> Event:
        """This event stripped of every other seat's secrets."""
        mine = tuple(s for s in self.secrets if s[0] == seat)
        return Event(self.text, mine, self.kind)

    def to_json(self) -> dict[str, JSON]:
        return {
            "text": self.text,
            "secrets": [[s, t] for s, t in self.secrets],
            "kind": self.kind,
        }

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Event:
        return cls(
            text=str(data["text"]),
            secrets=tuple((int(s), str(t)) for s, t in data.get("secrets", [])),
            kind=str(data.get("kind", "info")),
        )


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.  No winners means a draw."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] | None = None

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, JSON]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "scores": None if self.scores is None else list(self.scores),
        }

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Outcome:
        scores = data.get("scores")
        return cls(
            winners=tuple(int(w) for w in data["winners"]),
            reason=str(data["reason"]),
            scores=None if scores is None else tuple(int(s) for s in scores),
        )


@dataclass(frozen=True, slots=True)
class RuleOption:
    """A rule variant players can choose, with its default."""

    id: str
    label: str
    default: JSON
    help: str = ""
    choices: tuple[JSON, ...] = ()


class GameState(Protocol):
    """What the shared contract code needs of a game's state."""

    names: list[str]
    result: dict[str, Any] | None
    """None while the game goes on; then {"winners", "reason", optional "scores"}."""

    def clone(self) -> Self: ...

    def to_json(self) -> dict[str, JSON]: ...

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Self: ...


S = TypeVar("S", bound=GameState)


@runtime_checkable
class Game(Protocol):
    """What every game module exposes (see DESIGN.md, "The engine contract")."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[RuleOption, ...]
    bot_levels: tuple[str, ...]
    default_bot: str
    """The level of bot that fills a seat when nobody says which (one of ``bot_levels``)."""

    def setup(self, names: list[str], seed: int, options: dict[str, JSON] | None = None) -> Any: ...

    def prompts(self, state: Any) -> list[Prompt]: ...

    def apply(self, state: Any, seat: int, prompt_id: str, option_id: str) -> list[Event]: ...

    def view(self, state: Any, seat: int | None) -> dict[str, JSON]: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def state_to_json(self, state: Any) -> dict[str, JSON]: ...

    def state_from_json(self, data: dict[str, JSON]) -> Any: ...

    def clone(self, state: Any) -> Any: ...

    def rules_text(self) -> str: ...

    def bot(self, level: str, seat: int, seed: int) -> Any:
        """A new bot of ``level`` (one of ``bot_levels``) for ``seat``."""
        ...


class GameBase(Generic[S]):
    """What every game's contract shares: state cloning, JSON, the rules text, the
    outcome, seat checks for views and making bots.

    A game sets ``state_class`` (whose instances have ``clone()``, ``to_json()`` and
    a ``from_json()`` classmethod), ``rules_file`` (its RULES.md), ``bot_levels``,
    and implements ``build_public``, ``build_private`` and ``make_bot`` (its own bot
    levels).

    A view is two halves: ``public``, the same for every seat (and spectators), and
    ``private``, what only that seat may know (``{}`` for a spectator).  A game built on
    this class also offers them apart, ``public_view(state)`` and ``private_view(state,
    seat)``, so that a host sending every seat its view builds the public half once.
    (They are optional: :class:`engine.session.Table` falls back to ``view`` for a game
    that has only that.)  Likewise ``player_count(state)``, with which a loaded save
    is checked to have a seat for every player of its game state.
    """

    state_class: type[S]
    rules_file: Path
    bot_levels: tuple[str, ...]

    def outcome(self, state: S) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        scores = r.get("scores")
        return Outcome(
            winners=tuple(int(w) for w in r["winners"]),
            reason=str(r["reason"]),
            scores=None if scores is None else tuple(int(x) for x in scores),
        )

    def player_count(self, state: S) -> int:
        """How many players ``state`` was set up for."""
        return len(state.names)

    def view(self, state: S, seat: int | None) -> dict[str, JSON]:
        private = self.private_view(state, seat)  # checks the seat first
        return {"public": self.public_view(state), "private": private}

    def public_view(self, state: S) -> dict[str, JSON]:
        return self.build_public(state)

    def private_view(self, state: S, seat: int | None) -> dict[str, JSON]:
        if seat is None:
            return {}
        if not 0 <= seat < self.player_count(state):
            raise ValueError(f"no seat {seat}")
        return self.build_private(state, seat)

    def build_public(self, state: S) -> dict[str, JSON]:
        """What everyone may know: the same for every seat."""
        raise NotImplementedError

    def build_private(self, state: S, seat: int) -> dict[str, JSON]:
        """What only ``seat`` may know (never anything about another seat's secrets)."""
        raise NotImplementedError

    def bot(self, level: str, seat: int, seed: int) -> Any:
        """A bot of ``level``: ``random`` for every game, the others the game's own."""
        if level == "random":
            from engine.bots import RandomBot

            return RandomBot(seat, seed)
        if level in self.bot_levels:
            return self.make_bot(level, seat, seed)
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(self.bot_levels)})")

    def make_bot(self, level: str, seat: int, seed: int) -> Any:
        raise NotImplementedError

    def clone(self, state: S) -> S:
        return state.clone()

    def state_to_json(self, state: S) -> dict[str, JSON]:
        return state.to_json()

    def state_from_json(self, data: dict[str, JSON]) -> S:
        return self.state_class.from_json(data)

    def rules_text(self) -> str:
        return self.rules_file.read_text(encoding="utf-8")


def resolve_options(game: Game, options: dict[str, JSON] | None) -> dict[str, JSON]:
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


def and_list(names: list[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cy'."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def players_text(game: Game) -> str:
    """How many players ``game`` takes, in words: "2 players", "2 to 6 players"."""
    if game.min_players == game.max_players:
        return f"{game.min_players} players"
    return f"{game.min_players} to {game.max_players} players"


def check_names(game: Game, names: list[str]) -> None:
    n = len(names)
    if not game.min_players <= n <= game.max_players:
        raise ValueError(f"{game.title} takes {players_text(game)}, not {n}")


class Rng:
    """A small seeded PRNG (splitmix64) whose whole state is one int.

    It round-trips through JSON exactly and clones for free, unlike
    ``random.Random``.  Never use the global ``random`` in the engine.
    """

    __slots__ = ("state",)
    _MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = seed & self._MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self._MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in ``range(n)`` (n >= 1)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        # Multiply-shift on 64 bits: bias is below 2**-50 for our small n.
        # (next64 inlined: this is the engine's hottest random call.)
        mask = self._MASK
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & mask
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return ((z ^ (z >> 31)) * n) >> 64

    def choice(self, seq: list[Any] | tuple[Any, ...]) -> Any:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[Any]) -> None:
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        return Rng(self.state)


def seat_seed(seed: int, *parts: int) -> int:
    """Derive a seed for a sub-part (a bot, a game in a series) deterministically."""
    rng = Rng(seed)
    for p in parts:
        rng = Rng(rng.next64() ^ (p * 0x9E3779B97F4A7C15))
    return rng.next64()
