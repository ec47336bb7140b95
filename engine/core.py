"""The small types games speak in: prompts, options, events, outcomes, rule options,
the seeded RNG.  The contract itself, the base class every game is, is
:class:`engine.game.Game`.  States are plain data owned by the game; they carry
their own seeded RNG so that the same seed and the same answers always give the
same game.

Time is not the engine's business: a reaction window is a set of prompts whose
``pass_option`` says what silence means.  The :class:`engine.session.Table`
decides when a window closes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, Self, TypeVar

JSON = Any
"""A value made only of dict, list, str, int, float, bool and None."""


# Option, Prompt and Event are NamedTuples rather than frozen dataclasses: just as
# immutable, and four times cheaper to build (a frozen dataclass sets each field
# through object.__setattr__).  Games build them on every answer: see `make bench`.


MAX_ANSWER = 64
"""The longest structured answer (see :attr:`Prompt.answer`)."""


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

    ``answer`` names a structured answer the prompt takes besides its listed
    options, when there are too many to list (where a tile goes on a boat: tile,
    square, orientation): an answer ``"<answer>:<arguments>"`` of at most
    :data:`MAX_ANSWER` characters, which the game itself checks (its grammar is in
    the game's ``options.py``; :meth:`engine.game.Game.answers` lists the legal ones
    for tests).  None for most prompts: then only the listed options are taken.
    """

    id: str
    seat: int
    kind: str
    text: str
    options: tuple[Option, ...]
    pass_option: str | None = None
    back_option: str | None = None
    answer: str | None = None

    # Prompt ids are unique among the prompts open at one moment, and a prompt
    # whose choices change gets a new id, so a stale answer is refused.

    def option(self, option_id: str) -> Option | None:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None

    def accepts(self, option_id: object) -> bool:
        """Whether ``option_id`` may be an answer: one of the listed options, or of
        the prompt's structured :attr:`answer` form (which the game then checks)."""
        if not isinstance(option_id, str):
            return False
        if self.answer is not None and option_id.startswith(self.answer + ":"):
            return len(option_id) <= MAX_ANSWER
        return self.option(option_id) is not None

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
        if self.answer is not None:
            out["answer"] = self.answer
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
            answer=data.get("answer"),
        )


class Event(NamedTuple):
    """One line for the log.

    ``text`` is public.  ``secrets`` holds ``(seat, text)`` pairs: what a
    particular seat learns on top of the public line (the card it drew...).
    ``quote`` is words the line quotes as printed (a card's own text): a screen that
    rewrites the line for its reader ("you") leaves them as they are.
    """

    text: str
    secrets: tuple[tuple[int, str], ...] = ()
    kind: str = "info"
    quote: str = ""

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
        return Event(self.text, mine, self.kind, self.quote)

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "text": self.text,
            "secrets": [[s, t] for s, t in self.secrets],
            "kind": self.kind,
        }
        if self.quote:
            out["quote"] = self.quote
        return out

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Event:
        return cls(
            text=str(data["text"]),
            secrets=tuple((int(s), str(t)) for s, t in data.get("secrets", [])),
            kind=str(data.get("kind", "info")),
            quote=str(data.get("quote", "")),
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


def and_list(names: list[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cy'."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


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


def permute_faces(faces: list[str], cards: list[int], rng: Rng) -> list[str]:
    """``faces`` (by card id) with the faces of ``cards`` dealt again among themselves:
    what a game's ``redeal_hidden`` does to cards a seat cannot see."""
    out = list(faces)
    dealt = [faces[c] for c in cards]
    rng.shuffle(dealt)
    for c, face in zip(cards, dealt, strict=True):
        out[c] = face
    return out


def seat_seed(seed: int, *parts: int) -> int:
    """Derive a seed for a sub-part (a bot, a game in a series) deterministically."""
    rng = Rng(seed)
    for p in parts:
        rng = Rng(rng.next64() ^ (p * 0x9E3779B97F4A7C15))
    return rng.next64()
