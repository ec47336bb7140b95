"""Chat perché: state, prompts, answers, views.

The tree
    See :mod:`engine.games.perch.board` for the named positions (``T1`` .. ``T5``,
    branches ``L1`` .. ``R5`` with spots ``L1a`` .. ``R5d``, ``black start`` and
    ``ginger start``).  ``board`` maps every occupied square to ``"black"``,
    ``"ginger"`` or ``"bird"``; ``start`` counts the cats waiting at each start and
    ``supply`` the birds beside the board.

The flow
    ``phase`` is "setup" (the strength tokens are placed), then "play", then "over".
    ``step`` is the decision open now, always the current ``seat``'s:

    ``token``   set-up: choose which of your strength tokens to place next (asked even
                when one value is left, so that the flow never shows the values)
    ``branch``  set-up: choose a free branch for it (or go back)
    ``flip``    flip the top card of your deck (a dog card acts at once)
    ``cat``     a cat card: choose a cat to move (or stop, once one has moved)
    ``move``    choose where the chosen cat goes (or go back and choose another)
    ``fall``    a cat-falls card: choose the opposing cat that falls
    ``bird``    a bird card: choose the spot for the bird

Hidden information
    The value of each strength token is known only to the seat that placed it, until
    its branch breaks.  Who placed the token on each branch is public (the tokens are
    in the players' colours).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, TypedDict, get_args

from engine.core import JSON, Event, Option, Prompt, Rng, RuleOption
from engine.game import Game, check_names, resolve_options
from engine.games.perch import hidden
from engine.games.perch.board import (
    BIRD,
    BRANCH_SPOTS,
    BRANCHES,
    COLOURS,
    DESCRIBE,
    JUMP_RULES,
    SPOT_SET,
    SPOTS,
    SQUARES,
    START,
    START_COLOUR,
    TRUNK,
    TRUNK_LIMIT,
    cat_positions,
    destinations,
    load,
)
from engine.games.perch.bots import CautiousBot
from engine.games.perch.cards import (
    DECK,
    DECK_SIZE,
    TOKENS,
    card_id,
    cats_of,
    counted,
    dogs_of,
    face_kind,
    face_name,
)
from engine.games.perch.options import (
    make_back,
    make_branch,
    make_cat,
    make_flip,
    make_spot,
    make_stop,
    make_to,
    make_token,
    parse,
)
from engine.games.perch.view import (
    Card,
    Colour,
    Flipped,
    JumpRule,
    Occupant,
    PerchBranch,
    PerchPlayer,
    PerchPrivate,
    PerchPublic,
    Phase,
    Square,
    Stage,
    Step,
)

STATE_FORMAT = "perch/1"
CATS_PER_COLOUR = 12
BIRDS = 8
DEFAULT_TRACK = 14
TRACK_RANGE = (3, 40)

PHASES: frozenset[str] = frozenset(get_args(Phase))
STEPS: frozenset[str] = frozenset(get_args(Step))


class PerchState:
    """Everything about one game in progress.  Plain data; see ``to_json``."""

    __slots__ = (
        "board",
        "broken",
        "cache",
        "card",
        "cats_left",
        "chosen",
        "decks",
        "discards",
        "dogs",
        "flipped",
        "hands",
        "moved",
        "names",
        "options",
        "pending",
        "phase",
        "pid",
        "result",
        "rng",
        "seat",
        "start",
        "step",
        "steps_left",
        "supply",
        "tokens",
        "turns",
    )

    def __init__(self) -> None:
        self.names: list[str] = []
        self.options: dict[str, JSON] = {}
        self.rng = Rng(0)
        self.decks: list[list[int]] = [[], []]  # card indexes into DECK; the top is the last
        self.discards: list[list[int]] = [[], []]  # the top is the last
        self.board: dict[str, str] = {}  # square -> "black" / "ginger" / "bird"
        self.start = [CATS_PER_COLOUR, CATS_PER_COLOUR]  # cats waiting at each seat's start
        self.supply = BIRDS  # birds beside the board
        self.tokens: dict[str, list[int]] = {}  # branch -> [seat who placed it, value]
        self.hands: list[list[int]] = [[], []]  # tokens each seat has still to place
        self.broken: list[str] = []  # broken branches, in the order they broke
        self.dogs = 0  # squares the dogs have covered
        self.phase = "setup"
        self.step = "token"
        self.seat = 0  # whose decision it is
        self.pending: int | None = None  # set-up: the token value being placed
        self.card: int | None = None  # the card being carried out (in the seat's deck)
        self.flipped: list[int] | None = None  # [seat, card]: the card flipped last
        self.steps_left = 0  # a cat card: squares left to share
        self.cats_left = 0  # a cat card: cats that may still move
        self.chosen: str | None = None  # the cat chosen to move (its position)
        self.moved: list[str] = []  # where the cats moved by this card are now
        self.turns = 0  # turns begun in play
        self.pid = 0  # the id of the open prompt; every change gives a new one
        self.result: dict[str, Any] | None = None
        self.cache: list[Prompt] | None = None  # the open prompts; cleared by every change

    def touch(self) -> None:
        """Forget cached prompts: call after changing the state by hand (tests)."""
        self.cache = None

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def track(self) -> int:
        return int(self.options["dog_track"])

    @property
    def jump(self) -> str:
        return str(self.options["jump_over"])

    def colour(self, seat: int) -> str:
        return COLOURS[seat]

    def clone(self) -> PerchState:
        other = PerchState.__new__(PerchState)
        other.names = self.names
        other.options = self.options
        other.rng = Rng(self.rng.state)
        other.decks = [d[:] for d in self.decks]
        other.discards = [d[:] for d in self.discards]
        other.board = dict(self.board)
        other.start = self.start[:]
        other.supply = self.supply
        other.tokens = {b: t[:] for b, t in self.tokens.items()}
        other.hands = [h[:] for h in self.hands]
        other.broken = self.broken[:]
        other.dogs = self.dogs
        other.phase = self.phase
        other.step = self.step
        other.seat = self.seat
        other.pending = self.pending
        other.card = self.card
        other.flipped = None if self.flipped is None else self.flipped[:]
        other.steps_left = self.steps_left
        other.cats_left = self.cats_left
        other.chosen = self.chosen
        other.moved = self.moved[:]
        other.turns = self.turns
        other.pid = self.pid
        other.result = _copy_result(self.result)
        other.cache = self.cache
        return other

    def to_json(self) -> dict[str, JSON]:
        return {
            "format": STATE_FORMAT,
            "names": list(self.names),
            "options": dict(self.options),
            "rng": self.rng.state,
            "decks": [d[:] for d in self.decks],
            "discards": [d[:] for d in self.discards],
            "board": {sq: self.board[sq] for sq in SQUARES if sq in self.board},
            "start": self.start[:],
            "supply": self.supply,
            "tokens": {b: self.tokens[b][:] for b in BRANCHES if b in self.tokens},
            "hands": [h[:] for h in self.hands],
            "broken": self.broken[:],
            "dogs": self.dogs,
            "phase": self.phase,
            "step": self.step,
            "seat": self.seat,
            "pending": self.pending,
            "card": self.card,
            "flipped": None if self.flipped is None else self.flipped[:],
            "steps_left": self.steps_left,
            "cats_left": self.cats_left,
            "chosen": self.chosen,
            "moved": self.moved[:],
            "turns": self.turns,
            "pid": self.pid,
            "result": _copy_result(self.result),
        }

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> PerchState:
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise ValueError("not a Chat perché game state")
        s = cls()
        s.names = [str(x) for x in data["names"]]
        s.options = dict(data["options"])
        s.rng = Rng(int(data["rng"]))
        s.decks = [[int(c) for c in d] for d in data["decks"]]
        s.discards = [[int(c) for c in d] for d in data["discards"]]
        s.board = {str(sq): str(occ) for sq, occ in data["board"].items()}
        s.start = [int(x) for x in data["start"]]
        s.supply = int(data["supply"])
        s.tokens = {str(b): [int(t[0]), int(t[1])] for b, t in data["tokens"].items()}
        s.hands = [[int(v) for v in h] for h in data["hands"]]
        s.broken = [str(b) for b in data["broken"]]
        s.dogs = int(data["dogs"])
        s.phase = str(data["phase"])
        s.step = str(data["step"])
        s.seat = int(data["seat"])
        s.pending = None if data["pending"] is None else int(data["pending"])
        s.card = None if data["card"] is None else int(data["card"])
        flipped = data["flipped"]
        s.flipped = None if flipped is None else [int(flipped[0]), int(flipped[1])]
        s.steps_left = int(data["steps_left"])
        s.cats_left = int(data["cats_left"])
        s.chosen = None if data["chosen"] is None else str(data["chosen"])
        s.moved = [str(p) for p in data["moved"]]
        s.turns = int(data["turns"])
        s.pid = int(data["pid"])
        s.result = _copy_result(data["result"])
        check_consistent(s)
        return s


def _copy_result(r: Any) -> Any:
    if r is None:
        return None
    return {k: v[:] if isinstance(v, list) else v for k, v in r.items()}


def check_consistent(s: PerchState) -> None:
    """Refuse a state whose cards, cats, birds or tokens do not add up (a load check)."""
    if len(s.names) != 2:
        raise ValueError("Chat perché is for exactly two players")
    for seat in (0, 1):
        if sorted([*s.decks[seat], *s.discards[seat]]) != list(range(DECK_SIZE)):
            raise ValueError(f"the {COLOURS[seat]} deck is not its 32 cards")
    for sq, occ in s.board.items():
        if sq not in SPOT_SET and sq not in TRUNK:
            raise ValueError(f"{sq!r} is not a square of the tree")
        if occ not in (*COLOURS, BIRD):
            raise ValueError(f"{occ!r} is not an animal")
        if occ == BIRD and sq not in SPOT_SET:
            raise ValueError("a bird is on the trunk")
        if sq in SPOT_SET and sq[:2] in s.broken:
            raise ValueError(f"an animal is on the broken branch {sq[:2]}")
    for seat, colour in enumerate(COLOURS):
        on_board = sum(1 for occ in s.board.values() if occ == colour)
        if s.start[seat] < 0 or on_board + s.start[seat] != CATS_PER_COLOUR:
            raise ValueError(f"the {colour} cats do not add up to {CATS_PER_COLOUR}")
        if sum(1 for t in TRUNK if s.board.get(t) == colour) > TRUNK_LIMIT:
            raise ValueError(f"more than {TRUNK_LIMIT} {colour} cats on the trunk")
    birds = sum(1 for occ in s.board.values() if occ == BIRD)
    if s.supply < 0 or birds + s.supply != BIRDS:
        raise ValueError(f"the birds do not add up to {BIRDS}")
    placed: list[list[int]] = [[], []]
    for b, (seat, value) in s.tokens.items():
        if b not in BRANCH_SPOTS or seat not in (0, 1):
            raise ValueError("a strength token is misplaced")
        placed[seat].append(value)
    for seat in (0, 1):
        if sorted([*placed[seat], *s.hands[seat]]) != sorted(TOKENS):
            raise ValueError("the strength tokens do not add up")
    for b in s.broken:
        if b not in s.tokens:
            raise ValueError("a broken branch has no token")
    if s.phase not in PHASES or s.step not in STEPS or s.seat not in (0, 1):
        raise ValueError("the turn is out of range")
    if not 0 <= s.dogs <= s.track:
        raise ValueError("the dogs are off their track")
    if s.phase == "play" and len(s.tokens) != len(BRANCHES):
        raise ValueError("the game is in play before every branch has its token")
    if (s.step == "branch") != (s.pending is not None):
        raise ValueError("a token placement without its token")
    if s.pending is not None and s.pending not in s.hands[s.seat]:
        raise ValueError("the token being placed is not in its player's hand")
    if s.card is not None and s.card not in s.discards[s.seat]:
        raise ValueError("the card being played is not face up")
    if s.flipped is not None and (
        s.flipped[0] not in (0, 1) or s.flipped[1] not in s.discards[s.flipped[0]]
    ):
        raise ValueError("the card flipped last is not face up")
    kind = None if s.card is None else face_kind(DECK[s.card])
    wanted = {"cat": "cats", "move": "cats", "fall": "fall", "bird": "bird"}.get(s.step)
    if wanted is not None and kind != wanted:
        raise ValueError(f"a {s.step!r} decision without its card")
    for pos in [*s.moved, *([s.chosen] if s.chosen is not None else [])]:
        if pos not in DESCRIBE:
            raise ValueError(f"{pos!r} is not a position")


# ---------------------------------------------------------------------- the game


class PerchGame(Game[PerchState]):
    """Chat perché, exactly two players."""

    state_class = PerchState
    rules_file = Path(__file__).parent / "RULES.md"

    id = "perch"
    title = "Chat perché"
    min_players = 2
    max_players = 2
    bot_levels = ("random", "cautious")
    default_bot = "cautious"
    public_schema = PerchPublic
    private_schema = PerchPrivate
    options = (
        RuleOption(
            "dog_track",
            "Length of the dogs' track (squares to the foot of the tree)",
            DEFAULT_TRACK,
            f"The game ends when the dogs have covered this many squares "
            f"({TRACK_RANGE[0]} to {TRACK_RANGE[1]}); shorter means a quicker game.",
        ),
        RuleOption(
            "jump_over",
            "What a moving cat may jump over",
            "cats",
            "cats: any cat (the rules' 'congénère'); own: only cats of its own colour; "
            "animals: cats and birds. Nothing ever lands on an occupied square.",
            JUMP_RULES,
        ),
    )

    # ------------------------------------------------------------------ setup

    def setup(
        self, names: list[str], seed: int, options: dict[str, JSON] | None = None
    ) -> PerchState:
        check_names(self, names)
        opts = resolve_options(self, options)
        lo, hi = TRACK_RANGE
        if not lo <= int(opts["dog_track"]) <= hi:
            raise ValueError(f"rule option 'dog_track' must be from {lo} to {hi}")
        s = PerchState()
        s.names = list(names)
        s.options = opts
        s.rng = Rng(seed)
        for seat in (0, 1):
            deck = list(range(DECK_SIZE))
            s.rng.shuffle(deck)
            s.decks[seat] = deck
        s.hands = [list(TOKENS), list(TOKENS)]
        s.phase = "setup"
        s.seat = 0
        _ask_token(s)
        return s

    # --------------------------------------------------------------- contract

    def why_not(self, state: PerchState, seat: int) -> list[str]:
        """Why a branch or a square is not among the choices: a branch has one token,
        an animal never stops on an occupied square nor on a broken branch, the trunk
        holds two cats of a colour at most."""
        if not 0 <= seat < 2 or state.result is not None or state.seat != seat:
            return []
        out: list[str] = []
        if state.step == "branch":
            taken = [b for b in BRANCHES if b in state.tokens]
            if taken:
                out.append(
                    f"A branch takes one token: {', '.join(taken)} "
                    f"{'has' if len(taken) == 1 else 'have'} one already."
                )
        if state.step in ("move", "bird"):
            out.append("An animal never stops on an occupied square (a cat may pass over one).")
            if state.broken:
                out.append(
                    f"A broken branch holds nothing more: {', '.join(sorted(state.broken))}."
                )
        if state.step == "move":
            out.append(
                "A cat climbs the trunk first, then out along a branch, up to the squares "
                "the card gives; never more than 2 cats of one colour on the trunk."
            )
        return out

    def redeal_hidden(self, state: PerchState, seat: int | None, rng: Rng) -> PerchState | None:
        return hidden.redeal_hidden(state, seat, rng)

    def make_bot(self, level: str, seat: int, seed: int) -> Any:
        return CautiousBot(seat, seed)

    def build_public(self, state: PerchState) -> PerchPublic:
        return build_public(state)

    def build_private(self, state: PerchState, seat: int) -> PerchPrivate:
        return build_private(state, seat)

    def prompts(self, state: PerchState) -> list[Prompt]:
        cache = state.cache
        if cache is None:
            cache = state.cache = _build_prompts(state)
        return cache

    def step(self, state: PerchState, seat: int, prompt: Prompt, option_id: str) -> list[Event]:
        events: list[Event] = []
        state.cache = None
        _ANSWER[prompt.kind](state, seat, option_id, events)
        return events


# ---------------------------------------------------------------------- set-up


def _new_prompt(s: PerchState) -> None:
    s.pid += 1
    s.cache = None


def _ask_token(s: PerchState) -> None:
    """The current seat places its next token: choose it, then its branch.

    The token is asked for even when only one value is left (the last token, or two 2s):
    skipping it would show the other seat (in the public stage, in the prompt ids and
    in how many prompts the set-up takes) that the hand holds a single value."""
    s.pending = None
    s.step = "token"
    _new_prompt(s)


def _answer_token(s: PerchState, seat: int, option: str, events: list[Event]) -> None:
    s.pending = parse(option).strength
    s.step = "branch"
    _new_prompt(s)


def _answer_branch(s: PerchState, seat: int, option: str, events: list[Event]) -> None:
    parsed = parse(option)
    if parsed.verb == "back":
        s.pending = None
        s.step = "token"
        _new_prompt(s)
        return
    branch = parsed.pos
    value = s.pending
    assert branch is not None
    assert value is not None
    s.tokens[branch] = [seat, value]
    s.hands[seat].remove(value)
    s.pending = None
    who = s.names[seat]
    events.append(
        Event(
            f"{who} places a strength token face down on branch {branch}.",
            ((seat, f"You place your {value} on branch {branch}."),),
            kind="token",
        )
    )
    if len(s.tokens) == len(BRANCHES):
        s.phase = "play"
        events.append(
            Event("Every branch has its strength token: the cats set off!", kind="setup_done")
        )
        _begin_turn(s, 0, events)
        return
    s.seat = 1 - seat
    _ask_token(s)


# ---------------------------------------------------------------------- play


def _begin_turn(s: PerchState, seat: int, events: list[Event]) -> None:
    s.seat = seat
    s.turns += 1
    s.step = "flip"
    _clear_card(s)
    _new_prompt(s)
    events.append(Event(f"{s.names[seat]}'s turn.", kind="turn"))


def _clear_card(s: PerchState) -> None:
    s.card = None
    s.steps_left = s.cats_left = 0
    s.chosen = None
    s.moved = []


def _end_turn(s: PerchState, events: list[Event]) -> None:
    _begin_turn(s, 1 - s.seat, events)


def moving_colour(s: PerchState) -> Colour:
    """The colour of the cats the current cat card moves."""
    assert s.card is not None
    opp, _, _ = cats_of(DECK[s.card])
    return COLOURS[1 - s.seat] if opp else COLOURS[s.seat]


def _answer_flip(s: PerchState, seat: int, option: str, events: list[Event]) -> None:
    who = s.names[seat]
    if not s.decks[seat]:
        cards = s.discards[seat]
        s.discards[seat] = []
        s.rng.shuffle(cards)
        s.decks[seat] = cards
        events.append(
            Event(
                f"{who}'s deck is empty: the discard pile is shuffled into a new deck.",
                kind="reshuffle",
            )
        )
    card = s.decks[seat].pop()
    s.discards[seat].append(card)
    s.card = card
    s.flipped = [seat, card]
    face = DECK[card]
    kind = face_kind(face)
    colour = moving_colour(s) if kind == "cats" else COLOURS[seat]
    events.append(Event(f"{who} flips: {face_name(face, colour)}.", kind="flip"))
    if kind == "dogs":
        n = dogs_of(face)
        s.dogs = min(s.track, s.dogs + n)
        left = s.track - s.dogs
        if left <= 0:
            events.append(Event("The dogs reach the foot of the tree!", kind="dogs"))
            _finish(s, events)
            return
        events.append(
            Event(
                f"The dogs advance {n}: {counted(left, 'square')} from the foot of the tree.",
                kind="dogs",
            )
        )
        _end_turn(s, events)
        return
    if kind == "cats":
        _, s.cats_left, s.steps_left = cats_of(face)
        if not _movable(s, colour):
            events.append(
                Event(f"No {colour} cat can move: the card is discarded.", kind="discard")
            )
            _end_turn(s, events)
            return
        s.step = "cat"
        _new_prompt(s)
        return
    if kind == "fall":
        target = COLOURS[1 - seat]
        if not any(occ == target for occ in s.board.values()):
            events.append(
                Event(f"No {target} cat is in the tree: the card is discarded.", kind="discard")
            )
            _end_turn(s, events)
            return
        s.step = "fall"
        _new_prompt(s)
        return
    # a bird
    if s.supply <= 0:
        events.append(
            Event("No bird is left beside the tree: the card is discarded.", kind="discard")
        )
        _end_turn(s, events)
        return
    if not _free_spots(s):
        events.append(Event("No branch has a free spot: the card is discarded.", kind="discard"))
        _end_turn(s, events)
        return
    s.step = "bird"
    _new_prompt(s)


def _free_spots(s: PerchState) -> list[str]:
    broken = s.broken
    return [sp for sp in SPOTS if sp not in s.board and sp[:2] not in broken]


def _cat_choices(s: PerchState, colour: str) -> dict[str, dict[str, int]]:
    """Each cat of ``colour`` that may move now (not one already moved by this card)
    and where it may land."""
    seat = COLOURS.index(colour)
    out: dict[str, dict[str, int]] = {}
    start = START[colour]
    waiting = s.start[seat] - s.moved.count(start)
    for pos in cat_positions(s.board, waiting, colour):
        if pos in s.moved and pos != start:
            continue
        dests = destinations(s.board, s.broken, pos, colour, s.steps_left, s.jump)
        if dests:
            out[pos] = dests
    return out


def _movable(s: PerchState, colour: str) -> bool:
    return bool(_cat_choices(s, colour))


def _answer_cat(s: PerchState, seat: int, option: str, events: list[Event]) -> None:
    parsed = parse(option)
    if parsed.verb == "stop":
        colour = moving_colour(s)
        events.append(
            Event(f"{s.names[seat]} moves no other {colour} cat.", kind="stop"),
        )
        _end_turn(s, events)
        return
    s.chosen = parsed.pos
    s.step = "move"
    _new_prompt(s)


def _answer_move(s: PerchState, seat: int, option: str, events: list[Event]) -> None:
    parsed = parse(option)
    if parsed.verb == "back":
        s.chosen = None
        s.step = "cat"
        _new_prompt(s)
        return
    colour = moving_colour(s)
    origin = s.chosen
    assert origin is not None
    dest = parsed.pos
    assert dest is not None
    dist = destinations(s.board, s.broken, origin, colour, s.steps_left, s.jump)[dest]
    cseat = COLOURS.index(colour)
    if origin in START_COLOUR:
        s.start[cseat] -= 1
    else:
        del s.board[origin]
    s.board[dest] = colour
    s.steps_left -= dist
    s.cats_left -= 1
    s.moved.append(dest)
    s.chosen = None
    events.append(
        Event(
            f"{s.names[seat]} moves a {colour} cat from {DESCRIBE[origin]} to {DESCRIBE[dest]} "
            f"({counted(dist, 'square')}).",
            kind="move",
        )
    )
    if dest in SPOT_SET:
        _check_break(s, dest[:2], events)
    if s.cats_left > 0 and s.steps_left > 0 and _movable(s, colour):
        s.step = "cat"
        _new_prompt(s)
        return
    _end_turn(s, events)


def _answer_fall(s: PerchState, seat: int, option: str, events: list[Event]) -> None:
    pos = parse(option).pos
    assert pos is not None
    colour = s.board.pop(pos)
    s.start[COLOURS.index(colour)] += 1
    events.append(
        Event(
            f"{s.names[seat]} makes the {colour} cat on {pos} fall back to the {START[colour]}.",
            kind="fall",
        )
    )
    _end_turn(s, events)


def _answer_bird(s: PerchState, seat: int, option: str, events: list[Event]) -> None:
    spot = parse(option).pos
    assert spot is not None
    s.board[spot] = BIRD
    s.supply -= 1
    events.append(Event(f"{s.names[seat]} puts a bird on {spot}.", kind="bird"))
    _check_break(s, spot[:2], events)
    _end_turn(s, events)


def _check_break(s: PerchState, branch: str, events: list[Event]) -> None:
    """Break ``branch`` if its animals outnumber its strength."""
    owner, strength = s.tokens[branch]
    animals = load(s.board, branch)
    if animals <= strength:
        return
    fell = {"black": 0, "ginger": 0}
    birds = 0
    for spot in BRANCH_SPOTS[branch]:
        occ = s.board.pop(spot, None)
        if occ is None:
            continue
        if occ == BIRD:
            birds += 1
            s.supply += 1
            continue
        fell[occ] += 1
        seat = COLOURS.index(occ)
        s.start[seat] += 1
        if spot in s.moved:  # a cat moved by this card fell: it is back at its start
            s.moved[s.moved.index(spot)] = START[occ]
    s.broken.append(branch)
    text = (
        f"Branch {branch} breaks under {counted(animals, 'animal')}: its strength was "
        f"{strength} ({s.names[owner]}'s token)."
    )
    colours = [c for c, k in fell.items() if k]
    if colours:
        cats = " and ".join(counted(fell[c], f"{c} cat") for c in colours)
        verb = "comes" if sum(fell.values()) == 1 else "come"
        where = f"the {START[colours[0]]}" if len(colours) == 1 else "their starts"
        text += f" Down {verb} {cats}, back to {where}."
    if birds == 1:
        text += " The bird flies back beside the tree."
    elif birds:
        text += f" The {birds} birds fly back beside the tree."
    events.append(Event(text, kind="break"))


def heights(board: dict[str, str], colour: str) -> list[int]:
    """How high each ``colour`` cat sits, highest first: ``T3``, ``L3b`` and ``R3d`` are
    all at height 3."""
    return sorted((int(sq[1]) for sq, occ in board.items() if occ == colour), reverse=True)


def decide(board: dict[str, str], names: list[str]) -> tuple[list[int], str]:
    """The winner and why: more cats in the tree; then more on the branches; then the
    cats perched higher (the highest of each, then the next...); else a draw."""
    scores = [sum(1 for occ in board.values() if occ == c) for c in COLOURS]
    perched = [sum(1 for sp in SPOTS if board.get(sp) == c) for c in COLOURS]
    a, b = names
    if scores[0] != scores[1]:
        w = 0 if scores[0] > scores[1] else 1
        return [w], (
            f"{names[w]} wins with {counted(scores[w], 'cat')} in the tree against {scores[1 - w]}."
        )
    n = scores[0]
    if n == 0:
        return [], f"Neither {a} nor {b} has a cat in the tree: a draw."
    tied = f"{a} and {b} both have {counted(n, 'cat')} in the tree"
    if perched[0] != perched[1]:
        w = 0 if perched[0] > perched[1] else 1
        if n == 1:
            return [w], (
                f"{tied}; {names[w]}'s is on a branch, {names[1 - w]}'s on the trunk: "
                f"{names[w]} wins."
            )
        return [w], (
            f"{tied}; {names[w]} wins with more of them on the branches "
            f"({perched[w]} against {perched[1 - w]})."
        )
    if n == 1:
        where = "on a branch" if perched[0] else "on the trunk"
    elif perched[0]:
        where = f"{perched[0]} of them on the branches"
    else:
        where = "none of them on the branches"
    ups = [heights(board, c) for c in COLOURS]
    for k, (x, y) in enumerate(zip(*ups, strict=True)):
        if x != y:
            w = 0 if x > y else 1
            if n == 1:
                nth = "cat"
            else:
                nth = "highest cat" if k == 0 else f"cat number {k + 1} from the top"
            return [w], (
                f"{tied}, {where}; {names[w]} wins: "
                f"their {nth} sits higher (height {max(x, y)} against {min(x, y)})."
            )
    return [], f"{tied}, {where}, just as high: a draw."


def _finish(s: PerchState, events: list[Event]) -> None:
    """The dogs are at the foot of the tree: count the cats in the tree."""
    winners, reason = decide(s.board, s.names)
    scores = [sum(1 for occ in s.board.values() if occ == c) for c in COLOURS]
    perched = [sum(1 for sp in SPOTS if s.board.get(sp) == c) for c in COLOURS]
    s.result = {"winners": winners, "reason": reason, "scores": scores, "perched": perched}
    s.phase = "over"
    s.step = "over"
    _clear_card(s)
    _new_prompt(s)
    events.append(Event(reason, kind="game_over"))


_ANSWER = {
    "token": _answer_token,
    "branch": _answer_branch,
    "flip": _answer_flip,
    "cat": _answer_cat,
    "move": _answer_move,
    "fall": _answer_fall,
    "bird": _answer_bird,
}


# ---------------------------------------------------------------------- prompts

_OPTIONS: dict[tuple[str, str], Option] = {}


def _option(option_id: str, label: str) -> Option:
    key = (option_id, label)
    opt = _OPTIONS.get(key)
    if opt is None:
        opt = _OPTIONS[key] = Option(option_id, label)
    return opt


_FLIP = Option(make_flip(), "Flip the top card of your deck")
_BACK_TOKEN = Option(make_back(), "Back: place another token")
_BACK_CAT = Option(make_back(), "Back: choose another cat")
_STOP = Option(make_stop(), "Stop: move no other cat")


def _squares(n: int) -> str:
    return counted(n, "square")


def _build_prompts(s: PerchState) -> list[Prompt]:
    if s.result is not None:
        return []
    seat = s.seat
    pid = f"p{s.pid}"
    step = s.step
    if step == "token":
        values = sorted(set(s.hands[seat]))
        opts = tuple(_option(make_token(v), f"Your strength {v} token") for v in values)
        left = ", ".join(str(v) for v in sorted(s.hands[seat]))
        text = f"Choose a strength token to place (yours left: {left}); only you will see it."
        return [Prompt(pid, seat, "token", text, opts)]
    if step == "branch":
        free = [b for b in BRANCHES if b not in s.tokens]
        opts_b = [_option(make_branch(b), f"Branch {b} (from T{b[1]})") for b in free]
        if len(set(s.hands[seat])) > 1:
            opts_b.append(_BACK_TOKEN)
        text = f"Place your strength {s.pending} token on a free branch."
        return [Prompt(pid, seat, "branch", text, tuple(opts_b))]
    if step == "flip":
        cards = len(s.decks[seat])
        more = (
            f"{counted(cards, 'card')} left" if cards else "empty: your discards will be shuffled"
        )
        return [Prompt(pid, seat, "flip", f"Your turn: flip a card (deck: {more}).", (_FLIP,))]
    if step in ("cat", "move"):
        assert s.card is not None
        colour = moving_colour(s)
        name = face_name(DECK[s.card], colour)
    if step == "cat":
        choices = _cat_choices(s, colour)
        opts_c: list[Option] = []
        for pos in choices:
            if pos in START_COLOUR:
                label = f"A {colour} cat from the {pos} ({s.start[COLOURS.index(colour)]} there)"
            else:
                label = f"The {colour} cat on {pos}"
            opts_c.append(_option(make_cat(pos), label))
        if s.moved:
            opts_c.append(_STOP)
            text = f"{name}: move another {colour} cat ({_squares(s.steps_left)} left), or stop."
        else:
            text = f"{name}: choose a {colour} cat to move."
        return [Prompt(pid, seat, "cat", text, tuple(opts_c))]
    if step == "move":
        origin = s.chosen
        assert origin is not None
        dests = destinations(s.board, s.broken, origin, colour, s.steps_left, s.jump)
        opts_m = [_option(make_to(d), f"{d} ({_squares(k)})") for d, k in dests.items()]
        opts_m.append(_BACK_CAT)
        where = f"from the {origin}" if origin in START_COLOUR else f"on {origin}"
        text = f"{name}: move the {colour} cat {where} where? (up to {_squares(s.steps_left)})"
        return [Prompt(pid, seat, "move", text, tuple(opts_m))]
    if step == "fall":
        target = COLOURS[1 - seat]
        opts_f = tuple(
            _option(make_cat(sq), f"The {target} cat on {sq} falls")
            for sq in SQUARES
            if s.board.get(sq) == target
        )
        text = f"A cat falls: choose the {target} cat that falls back to its start."
        return [Prompt(pid, seat, "fall", text, opts_f)]
    if step == "bird":
        opts_s = tuple(
            _option(
                make_spot(sp),
                f"{sp} (branch {sp[:2]}: {counted(load(s.board, sp[:2]), 'animal')} now)",
            )
            for sp in _free_spots(s)
        )
        return [Prompt(pid, seat, "bird", "A bird: choose a branch spot for it.", opts_s)]
    return []


# ---------------------------------------------------------------------- views


_OCCUPANT: dict[str | None, Occupant | None] = {
    None: None,
    "black": "black",
    "ginger": "ginger",
    "bird": "bird",
}
"""The board holds only these (:func:`check_consistent`): typed for the view."""
_PHASE: dict[str, Phase] = {phase: phase for phase in get_args(Phase)}
_STEP: dict[str, Step] = {step: step for step in get_args(Step)}
_JUMP: dict[str, JumpRule] = {rule: rule for rule in get_args(JumpRule)}


class _CardExtra(TypedDict, total=False):
    """The keys of a :class:`~engine.games.perch.view.Card` that depend on its kind."""

    dogs: int
    colour: Colour
    whose: Literal["own", "opponent"]
    cats: int
    squares: int


def card_view(s: PerchState, seat: int, card: int) -> Card:
    """A face-up card of ``seat``'s deck: its id and what it does."""
    face = DECK[card]
    kind = face_kind(face)
    colour = COLOURS[seat]
    extra: _CardExtra = {}
    if kind == "dogs":
        extra = {"dogs": dogs_of(face)}
    elif kind == "cats":
        opp, count, squares = cats_of(face)
        colour = COLOURS[1 - seat] if opp else COLOURS[seat]
        extra = {
            "colour": colour,
            "whose": "opponent" if opp else "own",
            "cats": count,
            "squares": squares,
        }
    elif kind == "fall":
        extra = {"colour": COLOURS[1 - seat]}
    return {
        "id": card_id(seat, card),
        "deck": COLOURS[seat],
        "face": face,
        "kind": kind,
        **extra,
        "name": face_name(face, colour),
    }


def build_public(s: PerchState) -> PerchPublic:
    board = s.board
    trunk: list[Square] = [{"pos": t, "occupant": _OCCUPANT[board.get(t)]} for t in TRUNK]
    branches: list[PerchBranch] = []
    broken = set(s.broken)
    for b in BRANCHES:
        token = s.tokens.get(b)
        is_broken = b in broken
        branches.append(
            {
                "name": b,
                "side": "left" if b[0] == "L" else "right",
                "from": f"T{b[1]}",
                "spots": [
                    {"pos": sp, "occupant": _OCCUPANT[board.get(sp)]} for sp in BRANCH_SPOTS[b]
                ],
                "load": load(board, b),
                "token_owner": None if token is None else token[0],
                "token_colour": None if token is None else COLOURS[token[0]],
                "strength": token[1] if token is not None and is_broken else None,
                "broken": is_broken,
            }
        )
    players: list[PerchPlayer] = []
    for x, colour in enumerate(COLOURS):
        on_trunk = sum(1 for t in TRUNK if board.get(t) == colour)
        on_branches = sum(1 for sp in SPOTS if board.get(sp) == colour)
        discard = s.discards[x]
        players.append(
            {
                "seat": x,
                "name": s.names[x],
                "colour": colour,
                "start": s.start[x],
                "start_pos": START[colour],
                "on_trunk": on_trunk,
                "on_branches": on_branches,
                "in_tree": on_trunk + on_branches,
                "deck": len(s.decks[x]),
                "discard": len(discard),
                "discard_top": card_view(s, x, discard[-1]) if discard else None,
                "tokens_to_place": len(s.hands[x]),
            }
        )
    stage: Stage = {"kind": _STEP[s.step], "seat": s.seat}
    if s.card is not None:
        stage["card"] = card_view(s, s.seat, s.card)
        if s.step in ("cat", "move"):
            stage["colour"] = moving_colour(s)
            stage["squares_left"] = s.steps_left
            stage["cats_left"] = s.cats_left
            stage["chosen"] = s.chosen
            stage["moved"] = s.moved[:]
    flipped: Flipped | None = None
    if s.flipped is not None:
        fseat, fcard = s.flipped
        flipped = {"seat": fseat, "card": card_view(s, fseat, fcard)}
    if s.cache is None:
        s.cache = _build_prompts(s)
    public: PerchPublic = {
        "game": "perch",
        "phase": _PHASE[s.phase],
        "turn": s.seat,
        "turn_number": s.turns,
        "options": {"dog_track": s.track, "jump_over": _JUMP[s.jump]},
        "players": players,
        "trunk": trunk,
        "trunk_limit": TRUNK_LIMIT,
        "branches": branches,
        "broken": s.broken[:],
        "birds_supply": s.supply,
        "dogs": {"position": s.dogs, "track": s.track, "left": s.track - s.dogs},
        "flipped": flipped,
        "stage": stage,
        "waiting": sorted({p.seat for p in s.cache}),
        "over": s.result is not None,
    }
    if s.result is not None:
        r = s.result
        public["result"] = {
            "winners": list(r["winners"]),
            "reason": r["reason"],
            "scores": list(r["scores"]),
            "perched": list(r["perched"]),
        }
    return public


def build_private(s: PerchState, seat: int) -> PerchPrivate:
    return {
        "seat": seat,
        "colour": COLOURS[seat],
        "strengths": {
            b: s.tokens[b][1] for b in BRANCHES if b in s.tokens and s.tokens[b][0] == seat
        },
        "tokens_to_place": sorted(s.hands[seat]),
        "placing": s.pending if s.seat == seat else None,
    }


GAME = PerchGame()
