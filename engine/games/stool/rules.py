"""Stool Pigeon: state, prompts, answers, views.

The table
    Every seat has a *crime scene*: a list of slots, each holding a face-down card
    or nothing.  Slot ``k`` of seat ``s`` is named ``"ABCDEF"[s] + str(k + 1)``:
    A1 A2 on top, A3 A4 below at the start.  New cards (a penalty, the Rat coming
    back, a Kingpin's gift) take new slots (A5, A6...); an eliminated card leaves
    its slot empty and the name stays, so that people can point at positions.

The flow
    ``phase`` is "peek" (everyone looks at their two bottom cards, all at once),
    then "play", then "over".  In play, ``step`` is the current seat's decision:

    ``draw``     draw from DRAW, take the PLAY top, knock (or skip when nothing else)
    ``swap``     put the drawn card into one of your slots; the card there is played
    ``look``     Stool Pigeon / Vendetta: pick a face-down card to peek at
    ``seen``     the peeked card is shown to the player until they say "ok"
    ``switch``   Bamboozle / Vendetta: pick two face-down cards (two prompts)
    ``kingpin``  eliminate one of your cards, or give a DRAW card to another seat
    ``end``      the last turn is over: the game ends once no race is open

    Alongside, a *race* may be open (a witness was just played): every seat is
    asked at once, with the same options whatever it knows; a correct claim by a
    seat on another seat's card makes a *give-back* pending (any of the claimer's
    cards, the Rat too: it is given blind), and while it is only the give-back
    prompt is open.

Knowledge
    ``memory[seat]`` maps each card in a crime scene that ``seat`` has seen to a
    stamp (the seat's own count of things seen).  Every move of a face-down card is
    public, so knowledge simply follows the card; it is dropped when the card leaves
    the crime scenes.  Views show a seat its memory by position, never by id.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, cast

from engine.core import JSON, Event, IllegalMove, Option, Prompt, Rng, RuleOption
from engine.game import Game, check_names, resolve_options
from engine.games.stool import hidden
from engine.games.stool.cards import (
    BOTTOM,
    DECK_SIZE,
    FACE_ARTICLE,
    FACE_JSON,
    FACE_KIND,
    FACE_NAME,
    FACE_VALUE,
    PIGEON_LOG,
    PIGEONS,
    RAT,
    all_faces,
    is_witness,
    matches,
)
from engine.games.stool.options import (
    DONE,
    DRAW,
    KNOCK,
    LETTERS,
    OK,
    PASS,
    SKIP,
    TAKE,
    make_claim,
    make_eliminate,
    make_give,
    make_slot,
    parse,
    parse_position,
    pos_name,
)
from engine.games.stool.view import (
    Card,
    MemoryEntry,
    Peek,
    Phase,
    PigeonKey,
    PlayTop,
    Race,
    Seat,
    Slot,
    Stage,
    StageKind,
    StoolPrivate,
    StoolPublic,
)

STATE_FORMAT = "stool/1"
START_CARDS = 4
MAX_FIRST_KNOCK_ROUND = 20
MAX_TURN_LIMIT = 1000

TURN_STEPS = frozenset({"draw", "swap", "look", "seen", "switch", "kingpin"})
_STEPS = frozenset({*TURN_STEPS, "end", "over", ""})
_PHASES = frozenset({"peek", "play", "over"})


class StoolState:
    """Everything about one game in progress.  Plain data; see ``to_json``."""

    __slots__ = (
        "action",
        "cache",
        "draw",
        "drawn",
        "eliminated",
        "faces",
        "giveback",
        "knocker",
        "last_left",
        "memory",
        "names",
        "nid",
        "options",
        "peeking",
        "phase",
        "picks",
        "play",
        "race",
        "races",
        "result",
        "rng",
        "scenes",
        "seat",
        "source",
        "stamps",
        "step",
        "tid",
        "turns",
    )

    def __init__(self) -> None:
        self.names: list[str] = []
        self.options: dict[str, JSON] = {}
        self.rng = Rng(0)
        self.faces: list[str] = []  # the face of each card id
        self.draw: list[int] = []  # the top card is the last one
        self.play: list[int] = []  # the PLAY pile; the top card is the last one
        self.eliminated: set[int] = set()  # cards on the PLAY pile put there by elimination
        self.scenes: list[list[int | None]] = []  # each seat's slots
        self.memory: list[dict[int, int]] = []  # per seat: card in a scene -> stamp when seen
        self.stamps: list[int] = []  # per seat: how many things it has seen so far
        self.phase = "peek"
        self.peeking: list[int] = []  # seats that still have to look at their bottom cards
        self.seat = 0  # whose turn it is
        self.step = ""
        self.drawn: int | None = None  # the card the current seat holds, before the swap
        self.source = ""  # where it came from: "draw" or "play"
        self.action = ""  # the pigeon being carried out: "stool", "bamboozle"...
        self.picks: list[str] = []  # positions picked so far in a look / switch
        self.tid = 0  # the id of the current seat's turn prompt
        self.race: dict[str, Any] | None = None
        self.giveback: dict[str, Any] | None = None
        self.knocker: int | None = None
        self.last_left = 0  # last turns still to play after a knock
        self.turns = 0  # turns begun so far
        self.races = 0  # races opened so far
        self.nid = 0  # the last prompt id handed out
        self.result: dict[str, JSON] | None = None
        self.cache: list[Prompt] | None = None  # open prompts; cleared by every change

    def touch(self) -> None:
        """Forget cached prompts: call after changing the state by hand (tests)."""
        self.cache = None

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def round(self) -> int:
        """The round of the current turn: a seat's k-th turn is in round k."""
        return max(1, (self.turns - 1) // max(1, self.n) + 1)

    def card_at(self, pos: str) -> int | None:
        seat, index = parse_pos(self, pos)
        return self.scenes[seat][index]

    def clone(self) -> StoolState:
        other = StoolState.__new__(StoolState)
        other.names = self.names
        other.options = self.options
        other.rng = Rng(self.rng.state)
        other.faces = self.faces
        other.draw = self.draw[:]
        other.play = self.play[:]
        other.eliminated = set(self.eliminated)
        other.scenes = [sc[:] for sc in self.scenes]
        other.memory = [dict(m) for m in self.memory]
        other.stamps = self.stamps[:]
        other.phase = self.phase
        other.peeking = self.peeking[:]
        other.seat = self.seat
        other.step = self.step
        other.drawn = self.drawn
        other.source = self.source
        other.action = self.action
        other.picks = self.picks[:]
        other.tid = self.tid
        other.race = _copy_dict(self.race)
        other.giveback = _copy_dict(self.giveback)
        other.knocker = self.knocker
        other.last_left = self.last_left
        other.turns = self.turns
        other.races = self.races
        other.nid = self.nid
        other.result = _copy_dict(self.result)
        other.cache = self.cache
        return other

    def to_json(self) -> dict[str, JSON]:
        return {
            "format": STATE_FORMAT,
            "names": list(self.names),
            "options": dict(self.options),
            "rng": self.rng.state,
            "faces": list(self.faces),
            "draw": self.draw[:],
            "play": self.play[:],
            "eliminated": sorted(self.eliminated),
            "scenes": [sc[:] for sc in self.scenes],
            "memory": [[[c, m[c]] for c in sorted(m)] for m in self.memory],
            "stamps": self.stamps[:],
            "phase": self.phase,
            "peeking": self.peeking[:],
            "seat": self.seat,
            "step": self.step,
            "drawn": self.drawn,
            "source": self.source,
            "action": self.action,
            "picks": self.picks[:],
            "tid": self.tid,
            "race": _copy_dict(self.race),
            "giveback": _copy_dict(self.giveback),
            "knocker": self.knocker,
            "last_left": self.last_left,
            "turns": self.turns,
            "races": self.races,
            "nid": self.nid,
            "result": _copy_dict(self.result),
        }

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> StoolState:
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise ValueError("not a Stool Pigeon game state")
        s = cls()
        s.names = [str(x) for x in data["names"]]
        s.options = dict(data["options"])
        s.rng = Rng(int(data["rng"]))
        s.faces = [str(f) for f in data["faces"]]
        s.draw = [int(c) for c in data["draw"]]
        s.play = [int(c) for c in data["play"]]
        s.eliminated = {int(c) for c in data["eliminated"]}
        s.scenes = [[None if c is None else int(c) for c in sc] for sc in data["scenes"]]
        s.memory = [{int(c): int(k) for c, k in m} for m in data["memory"]]
        s.stamps = [int(k) for k in data["stamps"]]
        s.phase = str(data["phase"])
        s.peeking = [int(x) for x in data["peeking"]]
        s.seat = int(data["seat"])
        s.step = str(data["step"])
        s.drawn = None if data["drawn"] is None else int(data["drawn"])
        s.source = str(data["source"])
        s.action = str(data["action"])
        s.picks = [str(p) for p in data["picks"]]
        s.tid = int(data["tid"])
        s.race = _copy_dict(data["race"])
        s.giveback = _copy_dict(data["giveback"])
        s.knocker = None if data["knocker"] is None else int(data["knocker"])
        s.last_left = int(data["last_left"])
        s.turns = int(data["turns"])
        s.races = int(data["races"])
        s.nid = int(data["nid"])
        s.result = _copy_dict(data["result"])
        _check_consistent(s)
        return s


def _copy_dict(d: Any) -> Any:
    if d is None:
        return None
    return {k: v[:] if isinstance(v, list) else v for k, v in d.items()}


def all_cards(s: StoolState) -> list[int]:
    """Every card id, wherever it is (a test helper and a load check)."""
    out = [*s.draw, *s.play]
    for sc in s.scenes:
        out.extend(c for c in sc if c is not None)
    if s.drawn is not None:
        out.append(s.drawn)
    return out


def _check_consistent(s: StoolState) -> None:
    """Refuse a loaded state whose cards or seats do not add up."""
    if sorted(s.faces) != sorted(all_faces()):
        raise ValueError("the deck is not the 54 cards of Stool Pigeon")
    n = len(s.names)
    if not 2 <= n <= 6 or len(s.scenes) != n or len(s.memory) != n or len(s.stamps) != n:
        raise ValueError("the seats do not match the player names")
    if sorted(all_cards(s)) != list(range(DECK_SIZE)):
        raise ValueError("cards are missing or duplicated")
    if not s.eliminated <= set(s.play):
        raise ValueError("an eliminated card is not on the PLAY pile")
    if not 0 <= s.seat < n or s.phase not in _PHASES or s.step not in _STEPS:
        raise ValueError("the turn is out of range")
    if s.knocker is not None and not 0 <= s.knocker < n:
        raise ValueError("the knocker is out of range")
    for x in s.peeking:
        if not 0 <= x < n:
            raise ValueError("a seat out of range is peeking")
    for pos in s.picks:
        parse_pos(s, pos)
    if s.race is not None:
        for key in ("asked", "out", "passed"):
            if any(not 0 <= int(x) < n for x in s.race[key]):
                raise ValueError("a seat out of range is racing")
    if s.giveback is not None:
        parse_pos(s, str(s.giveback["pos"]))


def parse_pos(s: StoolState, text: str) -> tuple[int, int]:
    """(seat, slot index) of a position like "B2"; IllegalMove if there is none."""
    try:
        seat, index = parse_position(text)
    except ValueError:
        raise IllegalMove(f"{text!r} is not a position") from None
    if seat >= len(s.scenes) or not 0 <= index < len(s.scenes[seat]):
        raise IllegalMove(f"There is no position {text} on the table.")
    return seat, index


class StoolGame(Game[StoolState]):
    """Stool Pigeon, 2 to 6 players."""

    state_class = StoolState
    rules_file = Path(__file__).parent / "RULES.md"

    id = "stool"
    title = "Stool Pigeon"
    min_players = 2
    max_players = 6
    bot_levels = ("random", "easy", "normal", "sharp")
    default_bot = "normal"
    simultaneous = True  # races ask every seat at once
    races = True  # the first claim wins
    hidden_positions = True  # the crime scenes' face-down cards, by position
    public_schema = StoolPublic
    private_schema = StoolPrivate
    options = (
        RuleOption(
            "race_retries",
            "A seat may claim again after a wrong claim in the same race",
            False,
            "Off: one wrong claim puts a seat out of that race. Every wrong claim costs a "
            "penalty card either way.",
        ),
        RuleOption(
            "turn_limit",
            "Round limit (the cards are counted after it)",
            60,
            f"The game ends and is scored after this many rounds; 0 means no limit "
            f"(at most {MAX_TURN_LIMIT}).",
        ),
        RuleOption(
            "first_knock_round",
            "First round in which a player may knock",
            2,
            f"2: from your second turn on (1 to {MAX_FIRST_KNOCK_ROUND}).",
        ),
    )

    # ------------------------------------------------------------------ setup

    def setup(
        self, names: list[str], seed: int, options: dict[str, JSON] | None = None
    ) -> StoolState:
        check_names(self, names)
        opts = resolve_options(self, options)
        if not 1 <= int(opts["first_knock_round"]) <= MAX_FIRST_KNOCK_ROUND:
            raise ValueError(
                f"rule option 'first_knock_round' must be from 1 to {MAX_FIRST_KNOCK_ROUND}"
            )
        if not 0 <= int(opts["turn_limit"]) <= MAX_TURN_LIMIT:
            raise ValueError(f"rule option 'turn_limit' must be from 0 to {MAX_TURN_LIMIT}")
        s = StoolState()
        s.names = list(names)
        s.options = opts
        s.rng = Rng(seed)
        faces = all_faces()
        s.rng.shuffle(faces)  # which id is which card: unknowable from the id
        s.faces = faces
        s.draw = list(range(DECK_SIZE))
        s.rng.shuffle(s.draw)
        n = len(names)
        s.scenes = [[] for _ in range(n)]
        for _ in range(START_CARDS):
            for seat in range(n):
                s.scenes[seat].append(s.draw.pop())
        s.memory = [{} for _ in range(n)]
        s.stamps = [0] * n
        for seat in range(n):
            for index in BOTTOM:
                card = s.scenes[seat][index]
                assert card is not None
                _see(s, seat, card)
        s.phase = "peek"
        s.peeking = list(range(n))
        s.seat = 0
        s.step = ""
        return s

    # --------------------------------------------------------------- contract

    def redeal_hidden(self, state: StoolState, seat: int | None, rng: Rng) -> StoolState | None:
        return hidden.redeal_hidden(state, seat, rng)

    def why_not(self, state: StoolState, seat: int) -> list[str]:
        """Why a new player cannot knock, take the PLAY card, or join a race now."""
        if not 0 <= seat < state.n or state.result is not None:
            return []
        mine = [p for p in self.prompts(state) if p.seat == seat]
        kinds = {p.kind for p in mine}
        ids = {o.id for p in mine for o in p.options}
        out: list[str] = []
        if "draw" in kinds:
            first = int(state.options["first_knock_round"])
            if KNOCK not in ids and state.knocker is not None:
                out.append(f"{state.names[state.knocker]} knocked already: this is your last turn.")
            elif KNOCK not in ids:
                out.append(
                    f"Knocking is allowed from round {first} on (this is round {state.round})."
                )
            if not state.play:
                out.append("The PLAY pile is empty: there is no card to take from it yet.")
            elif TAKE not in ids:
                out.append(
                    "The PLAY card cannot be taken: only a witness (a number) can, never a "
                    "pigeon card, the Rat or an eliminated card."
                )
        if "race" not in kinds and state.race is not None:
            out.append("You have answered this race already: wait for its end.")
        if not mine and state.race is None and state.giveback is None:
            out.append("When anyone plays a number, everyone may race to claim a matching card.")
        return out

    def make_bot(self, level: str, seat: int, seed: int) -> Any:
        from engine.games.stool.bots import MemoryBot

        return MemoryBot(seat, seed, level)

    # The base class speaks of every game's view halves as JSON objects (dict[str, JSON]),
    # and mypy does not let a TypedDict stand for a dict; the halves are built typed by
    # build_public / build_private below (public_schema / private_schema), and the casts
    # only hand them over.
    def build_public(self, state: StoolState) -> StoolPublic:
        return build_public(state)

    def build_private(self, state: StoolState, seat: int) -> StoolPrivate:
        return build_private(state, seat)

    def prompts(self, state: StoolState) -> list[Prompt]:
        cache = state.cache
        if cache is None:
            cache = state.cache = _build_prompts(state)
        return cache

    def step(self, state: StoolState, seat: int, prompt: Prompt, option_id: str) -> list[Event]:
        prompts = self.prompts(state)  # cached: the ones apply checked the answer against
        events: list[Event] = []
        state.cache = None
        _ANSWER[prompt.kind](self, state, seat, option_id, events)
        race = state.race
        if prompt.kind == "race" and option_id == PASS and race is not None and race["asked"]:
            # A seat letting the race go changes nothing for the others.
            state.cache = [p for p in prompts if p != prompt]
            return events
        self._advance(state, events)
        return events

    # ------------------------------------------------------------ turn flow

    def _new_id(self, s: StoolState) -> int:
        s.nid += 1
        return s.nid

    def _advance(self, s: StoolState, events: list[Event]) -> None:
        """Close a race everyone let go; pass a turn a race left with nothing to do; end the
        game once the last turn is over."""
        if s.result is not None:
            return
        race = s.race
        if race is not None and not race["asked"]:
            self._close_race(s, events, "No more claims")
        if s.step == "draw" and s.giveback is None and not _draw_options(s):
            # A race took away what the seat could do (its last card, the last DRAW card).
            events.append(Event(f"{s.names[s.seat]} can do nothing and passes.", kind="pass"))
            self._end_turn(s, events)
        if s.step == "end" and s.race is None and s.giveback is None:
            self._finish(s, events)

    def _begin_turn(self, s: StoolState, seat: int, events: list[Event]) -> None:
        """Hand the turn to ``seat``; a seat that can do nothing passes at once."""
        limit = int(s.options["turn_limit"])
        while True:
            s.turns += 1
            s.seat = seat
            s.drawn = None
            s.source = s.action = ""
            s.picks = []
            s.tid = self._new_id(s)
            if limit and s.round > limit and s.knocker is None:
                # After a knock, the last turns are played out whatever the limit.
                s.step = "end"
                events.append(
                    Event(
                        f"{limit} rounds are over: the cards are revealed and counted.",
                        kind="limit",
                    )
                )
                return
            s.step = "draw"
            who = s.names[seat]
            if _draw_options(s):
                last = " (last turn)" if s.knocker is not None else ""
                events.append(Event(f"{who}'s turn{last}.", kind="turn"))
                return
            events.append(Event(f"{who} can do nothing and passes.", kind="pass"))
            if s.knocker is not None:
                s.last_left -= 1
                if s.last_left <= 0:
                    s.step = "end"
                    return
            seat = (seat + 1) % s.n

    def _end_turn(self, s: StoolState, events: list[Event]) -> None:
        """The current seat's turn is over: the next seat plays (or the game ends)."""
        s.drawn = None
        s.source = s.action = ""
        s.picks = []
        if s.knocker is not None:
            s.last_left -= 1
            if s.last_left <= 0:
                s.step = "end"
                s.tid = self._new_id(s)
                return
        self._begin_turn(s, (s.seat + 1) % s.n, events)

    def _finish(self, s: StoolState, events: list[Event]) -> None:
        """Reveal everything, value the Rat, count, and name the winner."""
        rat = s.faces.index(RAT)
        rat_card: int | None = None
        rat_value = 0
        if any(rat in sc for sc in s.scenes):
            if not s.draw:
                self._reshuffle(s, events)
            if s.draw:
                rat_card = s.draw[-1]
                rat_value = FACE_VALUE[s.faces[rat_card]] or 0
                events.append(
                    Event(
                        f"The top DRAW card is {FACE_ARTICLE[s.faces[rat_card]]}: "
                        f"the Rat is worth {rat_value}.",
                        kind="rat_value",
                    )
                )
            else:
                events.append(Event("There is no DRAW card: the Rat is worth 0.", kind="rat_value"))
        totals: list[int] = []
        counts: list[int] = []
        lows: list[int] = []
        lines: list[str] = []
        for x, sc in enumerate(s.scenes):
            values = [
                rat_value if c == rat else (FACE_VALUE[s.faces[c]] or 0)
                for c in sc
                if c is not None
            ]
            totals.append(sum(values))
            counts.append(len(values))
            lows.append(min(values) if values else 99)
            shown = ", ".join(
                f"{pos_name(x, i)} {FACE_NAME[s.faces[c]]}"
                for i, c in enumerate(sc)
                if c is not None
            )
            lines.append(f"{s.names[x]}: {shown or 'no cards'} = {totals[-1]}")
        events.append(Event("Every card is revealed. " + "; ".join(lines) + ".", kind="reveal"))
        winners, reason = _decide(s.names, totals, counts, lows)
        s.result = {
            "winners": winners,
            "reason": reason,
            "scores": totals,
            "cards": counts,
            "rat_card": rat_card,
            "rat_value": rat_value,
        }
        s.phase = "over"
        s.step = "over"
        s.race = None
        s.giveback = None
        events.append(Event(reason, kind="game_over"))

    # ----------------------------------------------------------- primitives

    def _reshuffle(self, s: StoolState, events: list[Event]) -> bool:
        """Shuffle the PLAY pile but its top card into a new DRAW pile.  False if empty."""
        if s.draw:
            return True
        if len(s.play) <= 1:
            return False
        cards = s.play[:-1]
        s.play = s.play[-1:]
        s.eliminated &= set(s.play)
        s.rng.shuffle(cards)
        s.draw = cards
        events.append(
            Event(
                "The DRAW pile is empty: the PLAY pile (all but its top card) is shuffled "
                "into a new DRAW pile.",
                kind="reshuffle",
            )
        )
        return True

    def _draw_card(self, s: StoolState, events: list[Event]) -> int | None:
        if not self._reshuffle(s, events):
            return None
        return s.draw.pop()

    def _new_slot(self, s: StoolState, seat: int, card: int) -> str:
        s.scenes[seat].append(card)
        return pos_name(seat, len(s.scenes[seat]) - 1)

    def _close_race(self, s: StoolState, events: list[Event], why: str) -> None:
        race = s.race
        if race is None:
            return
        s.race = None
        name = FACE_NAME[s.faces[race["card"]]]
        events.append(Event(f"{why}: the race for the {name} is over.", kind="race_over"))

    def _open_race(self, s: StoolState, seat: int, card: int) -> None:
        s.races += 1
        start = s.races % s.n  # who is asked first turns round (bots answer in this order)
        s.race = {
            "id": self._new_id(s),
            "card": card,
            "seat": seat,
            "asked": [(start + i) % s.n for i in range(s.n)],
            "out": [],
            "passed": [],
        }

    # ------------------------------------------------------------- answers

    def _answer_peek(self, s: StoolState, seat: int, option: str, events: list[Event]) -> None:
        s.peeking.remove(seat)
        sc = s.scenes[seat]
        seen = ", ".join(
            f"{pos_name(seat, i)}: {FACE_NAME[s.faces[c]]}"
            for i in BOTTOM
            if i < len(sc) and (c := sc[i]) is not None
        )
        bottom = " and ".join(pos_name(seat, i) for i in BOTTOM)
        events.append(
            Event(
                f"{s.names[seat]} has peeked at {bottom}.",
                ((seat, f"You peek at {seen}."),),
                kind="peek",
            )
        )
        if not s.peeking:
            s.phase = "play"
            self._begin_turn(s, 0, events)

    def _answer_draw(self, s: StoolState, seat: int, option: str, events: list[Event]) -> None:
        who = s.names[seat]
        if option == DRAW:
            card = self._draw_card(s, events)
            assert card is not None  # only offered when there is one
            s.drawn, s.source = card, "draw"
            s.step = "swap"
            s.tid = self._new_id(s)
            events.append(
                Event(
                    f"{who} draws from the DRAW pile.",
                    ((seat, f"You draw {FACE_ARTICLE[s.faces[card]]}."),),
                    kind="draw",
                )
            )
        elif option == TAKE:
            card = s.play.pop()
            s.drawn, s.source = card, "play"
            s.step = "swap"
            s.tid = self._new_id(s)
            events.append(
                Event(f"{who} takes {FACE_ARTICLE[s.faces[card]]} from the PLAY pile.", kind="take")
            )
            if s.race is not None:
                self._close_race(s, events, f"{who} took it")
        elif option == KNOCK:
            s.knocker = seat
            s.last_left = s.n - 1
            events.append(Event(f"{who} knocks! Everyone else takes one last turn.", kind="knock"))
            self._begin_turn(s, (seat + 1) % s.n, events)
        else:  # SKIP
            if any(c is not None for c in s.scenes[seat]):
                why = "there is nothing to draw"
            else:
                why = f"{who}'s crime scene is empty"
            events.append(Event(f"{who} passes: {why}.", kind="pass"))
            self._end_turn(s, events)

    def _answer_swap(self, s: StoolState, seat: int, option: str, events: list[Event]) -> None:
        who = s.names[seat]
        pos = parse(option).at
        _, index = parse_pos(s, pos)
        drawn = s.drawn
        assert drawn is not None
        scene = s.scenes[seat]
        out = scene[index]
        scene[index] = drawn
        if s.source == "draw":
            _see(s, seat, drawn)
        else:
            _see_all(s, drawn)
        s.drawn = None
        if out is None:  # an empty crime scene (its last card was claimed): nothing to play
            events.append(
                Event(f"{who} puts the card in {pos}; there is nothing to play.", kind="place")
            )
            self._end_turn(s, events)
            return
        _forget(s, out)
        if s.race is not None:
            self._close_race(s, events, "A card covers it")
        s.play.append(out)
        face = s.faces[out]
        kind = FACE_KIND[face]
        art = FACE_ARTICLE[face]
        if is_witness(face):
            events.append(Event(f"{who} plays {art} from {pos}: race!", kind="play"))
            self._open_race(s, seat, out)
            self._end_turn(s, events)
            return
        if kind == "rat":
            s.play.pop()
            back = self._new_slot(s, seat, out)
            _see_all(s, out)
            events.append(
                Event(
                    f"{who} plays the Rat from {pos}! It scurries back into {back}, "
                    f"and {who} keeps the drawn card too. RATS!",
                    kind="rat",
                )
            )
            self._end_turn(s, events)
            return
        key = face[7:]
        s.action = key
        s.picks = []
        s.tid = self._new_id(s)
        events.append(Event(f"{who} plays {art} from {pos}: {PIGEON_LOG[key]}", kind="play"))
        if key in ("stool", "vendetta"):
            s.step = "look"
        elif key == "bamboozle":
            self._start_switch(s, events)
        else:
            s.step = "kingpin"

    def _start_switch(self, s: StoolState, events: list[Event]) -> None:
        s.picks = []
        s.tid = self._new_id(s)
        if len(_occupied(s)) < 2:
            events.append(
                Event("There are not two face-down cards to swap: nothing happens.", kind="switch")
            )
            self._end_turn(s, events)
            return
        s.step = "switch"

    def _answer_look(self, s: StoolState, seat: int, option: str, events: list[Event]) -> None:
        pos = parse(option).at
        card = s.card_at(pos)
        assert card is not None
        _see(s, seat, card)
        s.picks = [pos]
        s.step = "seen"
        s.tid = self._new_id(s)
        events.append(
            Event(
                f"{s.names[seat]} peeks at {pos}.",
                ((seat, f"You peek at {pos}: {FACE_ARTICLE[s.faces[card]]}."),),
                kind="look",
            )
        )

    def _answer_seen(self, s: StoolState, seat: int, option: str, events: list[Event]) -> None:
        if s.action == "vendetta":
            self._start_switch(s, events)
            return
        self._end_turn(s, events)

    def _answer_switch(self, s: StoolState, seat: int, option: str, events: list[Event]) -> None:
        s.picks.append(parse(option).at)
        s.tid = self._new_id(s)
        if len(s.picks) < 2:
            return
        a, b = s.picks
        sa, ia = parse_pos(s, a)
        sb, ib = parse_pos(s, b)
        s.scenes[sa][ia], s.scenes[sb][ib] = s.scenes[sb][ib], s.scenes[sa][ia]
        name = PIGEONS[s.action][0]
        events.append(Event(f"{s.names[seat]} swaps {a} and {b} ({name}).", kind="switch"))
        self._end_turn(s, events)

    def _answer_kingpin(self, s: StoolState, seat: int, option: str, events: list[Event]) -> None:
        who = s.names[seat]
        chosen = parse(option)
        if chosen.verb == "eliminate":
            what = chosen.at
            x, index = parse_pos(s, what)
            card = s.scenes[x][index]
            assert card is not None
            s.scenes[x][index] = None
            _forget(s, card)
            s.play.append(card)
            s.eliminated.add(card)
            events.append(
                Event(
                    f"{who} eliminates {what} with the Kingpin: it was "
                    f"{FACE_ARTICLE[s.faces[card]]}.",
                    kind="kingpin",
                )
            )
        else:
            assert chosen.seat is not None  # give:SEAT
            to = chosen.seat
            card = self._draw_card(s, events)
            assert card is not None  # only offered when there is one
            pos = self._new_slot(s, to, card)
            events.append(
                Event(
                    f"{who}'s Kingpin adds the top DRAW card to {s.names[to]}'s crime scene, "
                    f"face down in {pos}.",
                    kind="kingpin",
                )
            )
        self._end_turn(s, events)

    def _answer_race(self, s: StoolState, seat: int, option: str, events: list[Event]) -> None:
        race = s.race
        assert race is not None
        if option == PASS:
            race["asked"].remove(seat)
            race["passed"].append(seat)
            return
        who = s.names[seat]
        pos = parse(option).at  # claim:POS
        owner, index = parse_pos(s, pos)
        card = s.scenes[owner][index]
        assert card is not None
        played = s.faces[race["card"]]
        before = _turn_signature(s)
        if matches(played, s.faces[card]):
            s.scenes[owner][index] = None
            _forget(s, card)
            s.play.append(card)
            s.eliminated.add(card)
            events.append(
                Event(
                    f"{who} claims {pos}: it is {FACE_ARTICLE[s.faces[card]]}, eliminated!",
                    kind="claim",
                )
            )
            self._close_race(s, events, f"{who} was first")
            if owner != seat:
                if _giveable(s, seat):
                    s.giveback = {"id": self._new_id(s), "seat": seat, "owner": owner, "pos": pos}
                    events.append(
                        Event(
                            f"{who} gives {s.names[owner]} a card for {pos}.", kind="giveback_due"
                        )
                    )
                else:
                    events.append(
                        Event(f"{who} has no card to give {s.names[owner]}.", kind="giveback")
                    )
        else:
            _see_all(s, card)
            art = FACE_ARTICLE[s.faces[card]]
            penalty = self._draw_card(s, events)
            if penalty is None:
                got = "there is no card left for a penalty"
            else:
                got = f"{who} takes a penalty card, face down, into "
                got += self._new_slot(s, seat, penalty)
                race["id"] = self._new_id(s)  # a new slot: everyone's options change
            events.append(
                Event(
                    f"{who} claims {pos}: it is {art}, not the {FACE_NAME[played]}! "
                    f"It goes back; {got}.",
                    kind="wrong",
                )
            )
            if not s.options["race_retries"]:
                race["asked"].remove(seat)
                race["out"].append(seat)
        if _turn_signature(s) != before:
            s.tid = self._new_id(s)

    def _answer_giveback(self, s: StoolState, seat: int, option: str, events: list[Event]) -> None:
        gb = s.giveback
        assert gb is not None
        pos = parse(option).at
        _, index = parse_pos(s, pos)
        owner, target = parse_pos(s, str(gb["pos"]))
        card = s.scenes[seat][index]
        s.scenes[seat][index] = None
        s.scenes[owner][target] = card
        s.giveback = None
        events.append(
            Event(
                f"{s.names[seat]} gives {s.names[owner]} the card from {pos}: "
                f"it goes face down into {gb['pos']}.",
                kind="giveback",
            )
        )


# ------------------------------------------------------------------ helpers


def _see(s: StoolState, seat: int, card: int) -> None:
    s.stamps[seat] += 1
    s.memory[seat][card] = s.stamps[seat]


def _see_all(s: StoolState, card: int) -> None:
    for seat in range(s.n):
        _see(s, seat, card)


def _forget(s: StoolState, card: int) -> None:
    """``card`` left the crime scenes: nobody remembers it at a position any more."""
    for m in s.memory:
        m.pop(card, None)


def _occupied(s: StoolState, seat: int | None = None) -> list[str]:
    """Every position holding a card (of ``seat`` only, if given), in table order."""
    out: list[str] = []
    seats = range(s.n) if seat is None else (seat,)
    for x in seats:
        out.extend(pos_name(x, i) for i, c in enumerate(s.scenes[x]) if c is not None)
    return out


def _top_available(s: StoolState) -> bool:
    """Can the PLAY top be taken?  Not an eliminated card, not a pigeon, not the Rat."""
    if not s.play:
        return False
    top = s.play[-1]
    return top not in s.eliminated and is_witness(s.faces[top])


def _can_draw(s: StoolState) -> bool:
    return bool(s.draw) or len(s.play) > 1


def _decide(
    names: list[str], totals: list[int], counts: list[int], lows: list[int]
) -> tuple[list[int], str]:
    """Lowest total; then fewest cards; then the lowest single card; then nobody."""
    best = min(totals)
    tied = [x for x, t in enumerate(totals) if t == best]
    if len(tied) == 1:
        (w,) = tied
        return [w], f"{names[w]} wins with the lowest total, {best}."
    who = " and ".join(names[x] for x in tied)
    text = f"{who} tie on {best}"
    fewest = min(counts[x] for x in tied)
    tied = [x for x in tied if counts[x] == fewest]
    if len(tied) == 1:
        (w,) = tied
        return [w], f"{text}; {names[w]} wins with the fewest cards ({fewest})."
    low = min(lows[x] for x in tied)
    still = [x for x in tied if lows[x] == low]
    if len(still) == 1:
        (w,) = still
        return [
            w
        ], f"{text} with {fewest} cards each; {names[w]} wins with the lowest card ({low})."
    low_text = f" and a lowest card of {low}" if fewest else ""
    who = " and ".join(names[x] for x in still)
    return [], f"{text}; {who} still tie on {fewest} cards{low_text}: no one wins."


# ------------------------------------------------------------------ prompts


# Each kind of position prompt: how its option ids are made (options.py) and the label
# of a choice.  The ids are stable ("slot:B2" in every slot prompt); the label says what
# this prompt does.
_SLOT_KINDS: dict[str, tuple[Callable[[str], str], str]] = {
    "swap": (make_slot, "Swap it into {}"),
    "place": (make_slot, "Put it in {}"),
    "look": (make_slot, "Peek at {}"),
    "switch": (make_slot, "Swap {}"),
    "giveback": (make_slot, "Give the card in {}"),
    "claim": (make_claim, "Claim {}"),
    "eliminate": (make_eliminate, "Eliminate {}"),
}
_OPTIONS: dict[tuple[str, str], Option] = {}  # (kind, position) -> its option, built once


def _slot_option(kind: str, pos: str) -> Option:
    """The option naming ``pos`` in a prompt of ``kind`` (a key of ``_SLOT_KINDS``)."""
    key = (kind, pos)
    opt = _OPTIONS.get(key)
    if opt is None:
        make, label = _SLOT_KINDS[kind]
        opt = _OPTIONS[key] = Option(make(pos), label.format(pos))
    return opt


_DRAW = Option(DRAW, "Draw from the DRAW pile")
_KNOCK = Option(KNOCK, "Knock: everyone else takes one last turn")
_SKIP = Option(SKIP, "Pass your turn (nothing to draw)")
_SKIP_EMPTY = Option(SKIP, "Pass your turn (no card in your crime scene)")
_OK = Option(OK, "OK, I have seen it")
_DONE = Option(DONE, "I have seen my two bottom cards")
_PASS = Option(PASS, "Pass")


def _draw_options(s: StoolState) -> tuple[Option, ...]:
    seat = s.seat
    has_cards = any(c is not None for c in s.scenes[seat])
    opts: list[Option] = []
    if has_cards and _can_draw(s):
        opts.append(_DRAW)
    if has_cards and _top_available(s):
        top = s.faces[s.play[-1]]
        opts.append(Option(TAKE, f"Take the {FACE_NAME[top]} from the PLAY pile"))
    knock = s.knocker is None and s.round >= int(s.options["first_knock_round"])
    if knock:
        if not opts:
            opts.append(_SKIP if has_cards else _SKIP_EMPTY)
        opts.append(_KNOCK)
    return tuple(opts)


def _giveable(s: StoolState, seat: int) -> list[str]:
    """The positions ``seat`` may give a card from: every card they have, the Rat too.  A
    give-back is blind (nobody looks at the card given), so leaving the Rat out would
    tell the giver, and everyone when it is their only card, where the Rat is."""
    return _occupied(s, seat)


def _turn_options(s: StoolState) -> tuple[Option, ...]:
    step = s.step
    seat = s.seat
    if step == "draw":
        return _draw_options(s)
    if step == "swap":
        mine = _occupied(s, seat)
        if mine:
            return tuple(_slot_option("swap", p) for p in mine)
        empty = [pos_name(seat, i) for i, c in enumerate(s.scenes[seat]) if c is None]
        return tuple(_slot_option("place", p) for p in empty)
    if step == "look":
        return tuple(_slot_option("look", p) for p in _occupied(s))
    if step == "seen":
        return (_OK,)
    if step == "switch":
        return tuple(_slot_option("switch", p) for p in _occupied(s) if p not in s.picks)
    if step == "kingpin":
        opts = [_slot_option("eliminate", p) for p in _occupied(s, seat)]
        if _can_draw(s):
            opts.extend(
                Option(make_give(x), f"Give {s.names[x]} the next DRAW card")
                for x in range(s.n)
                if x != seat
            )
        return tuple(opts)
    return ()


def _turn_signature(s: StoolState) -> tuple[str, ...] | None:
    if s.step not in TURN_STEPS:
        return None
    return tuple(o.id for o in _turn_options(s))


def _either(choices: list[str]) -> str:
    """The choices as a phrase: a; a, or b; a, b, or c."""
    if len(choices) < 2:
        return "".join(choices)
    return ", ".join(choices[:-1]) + ", or " + choices[-1]


_DRAW_CHOICES = {DRAW: "draw a card", TAKE: "take the PLAY top", KNOCK: "knock"}


def _turn_text(s: StoolState) -> str:
    """What the current seat is asked; it names only the choices offered."""
    step = s.step
    if step == "draw":
        last = " It is your last turn." if s.knocker is not None else ""
        ids = [o.id for o in _draw_options(s)]
        if SKIP in ids:
            why = (
                "there is no card you can take"
                if any(c is not None for c in s.scenes[s.seat])
                else "your crime scene is empty"
            )
            return f"Your turn: {why}; pass, or knock.{last}"
        return f"Your turn: {_either([_DRAW_CHOICES[i] for i in ids])}.{last}"
    if step == "swap":
        name = FACE_ARTICLE[s.faces[s.drawn]] if s.drawn is not None else "the card"
        if _occupied(s, s.seat):
            return f"Swap {name} into your crime scene: the card there is played."
        return f"Put {name} into an empty position of your crime scene: nothing is played."
    name = PIGEONS[s.action][0] if s.action else ""
    if step == "look":
        return f"{name}: peek at any face-down card."
    if step == "seen":
        return f"{name}: you peek at {s.picks[0] if s.picks else '?'}."
    if step == "switch":
        if s.picks:
            return f"{name}: swap {s.picks[0]} with which card?"
        return f"{name}: pick the first of two face-down cards to swap."
    verbs = {parse(o.id).verb for o in _turn_options(s)}
    choices = []
    if "eliminate" in verbs:
        choices.append("eliminate one of your cards")
    if "give" in verbs:
        choices.append("give a player the next DRAW card")
    return f"Kingpin: {_either(choices)}."


def _build_prompts(s: StoolState) -> list[Prompt]:
    if s.result is not None:
        return []
    if s.phase == "peek":
        return [
            Prompt(
                f"peek.{x}",
                x,
                "peek",
                "Look at your two bottom cards (once only!), then say when you are done.",
                (_DONE,),
            )
            for x in s.peeking
        ]
    gb = s.giveback
    if gb is not None:
        seat = int(gb["seat"])
        owner = int(gb["owner"])
        # Any of the giver's cards, the Rat too: a give-back is blind.
        opts = tuple(_slot_option("giveback", p) for p in _giveable(s, seat))
        text = f"Give {s.names[owner]} one of your cards for {gb['pos']}."
        return [Prompt(f"g{gb['id']}", seat, "giveback", text, opts)]
    out: list[Prompt] = []
    race = s.race
    if race is not None:
        face = s.faces[race["card"]]
        text = (
            f"{s.names[race['seat']]} played {FACE_ARTICLE[face]}: race! "
            f"Claim a matching {FACE_NAME[face]} in any crime scene, or pass."
        )
        opts = (_PASS, *(_slot_option("claim", p) for p in _occupied(s)))
        rid = race["id"]
        for x in race["asked"]:
            out.append(Prompt(f"r{rid}.{x}", x, "race", text, opts, pass_option=PASS))
    if s.step in TURN_STEPS:
        out.append(Prompt(f"t{s.tid}", s.seat, s.step, _turn_text(s), _turn_options(s)))
    return out


_ANSWER = {
    "peek": StoolGame._answer_peek,
    "draw": StoolGame._answer_draw,
    "swap": StoolGame._answer_swap,
    "look": StoolGame._answer_look,
    "seen": StoolGame._answer_seen,
    "switch": StoolGame._answer_switch,
    "kingpin": StoolGame._answer_kingpin,
    "race": StoolGame._answer_race,
    "giveback": StoolGame._answer_giveback,
}


# -------------------------------------------------------------------- views


def card_view(s: StoolState, card: int) -> Card:
    """A face-up card: its id and its face."""
    return {"id": f"c{card}", **FACE_JSON[s.faces[card]]}


def build_public(s: StoolState) -> StoolPublic:
    over = s.result is not None
    seats: list[Seat] = []
    for x, sc in enumerate(s.scenes):
        slots: list[Slot] = []
        for i, c in enumerate(sc):
            slot: Slot = {"pos": pos_name(x, i), "empty": c is None, "face_up": False}
            if over and c is not None:
                slot["face_up"] = True
                slot["card"] = card_view(s, c)
            slots.append(slot)
        seats.append(
            {
                "seat": x,
                "name": s.names[x],
                "letter": LETTERS[x],
                "cards": sum(1 for c in sc if c is not None),
                "slots": slots,
            }
        )
    top: PlayTop | None = None
    if s.play:
        card = s.play[-1]
        top = {
            **card_view(s, card),
            "eliminated": card in s.eliminated,
            "takeable": _top_available(s),
        }
    # The state keeps its phase and step as plain strings, checked against _PHASES and
    # _STEPS when a game is loaded: they are the schema's literals.
    stage: Stage = {"kind": cast(StageKind, s.phase if s.phase != "play" else s.step)}
    if s.phase == "play":
        stage["seat"] = s.seat
        stage["action"] = cast(PigeonKey, s.action) if s.action else None
        stage["picked"] = s.picks[:]
        stage["from"] = cast(Literal["draw", "play"], s.source) if s.source else None
        if s.step == "swap" and s.source == "play" and s.drawn is not None:
            stage["taken"] = card_view(s, s.drawn)
    race_view: Race = {"open": s.race is not None}
    if s.race is not None:
        race_view.update(
            {
                "card": card_view(s, s.race["card"]),
                "seat": s.race["seat"],
                "asked": s.race["asked"][:],
                "out": s.race["out"][:],
                "passed": s.race["passed"][:],
            }
        )
    if s.cache is None:
        s.cache = _build_prompts(s)
    waiting: list[int] = []
    for p in s.cache:
        if p.seat not in waiting:
            waiting.append(p.seat)
    public: StoolPublic = {
        "game": "stool",
        "phase": cast(Phase, s.phase),  # checked against _PHASES, as above
        "turn": s.seat,
        "round": s.round,
        "turn_number": s.turns,
        "turn_limit": s.options["turn_limit"],
        "first_knock_round": s.options["first_knock_round"],
        "seats": seats,
        "draw_count": len(s.draw),
        "play_count": len(s.play),
        "play_top": top,
        "stage": stage,
        "race": race_view,
        "giveback": None
        if s.giveback is None
        else {"seat": s.giveback["seat"], "owner": s.giveback["owner"], "pos": s.giveback["pos"]},
        "knock": None
        if s.knocker is None
        else {"seat": s.knocker, "last_turns": max(0, s.last_left)},
        "peeking": s.peeking[:],
        "waiting": waiting,
        "over": over,
    }
    if s.result is not None:
        r = s.result
        public["result"] = {
            "winners": list(r["winners"]),
            "reason": r["reason"],
            "scores": list(r["scores"]),
            "cards": list(r["cards"]),
            "rat_value": r["rat_value"],
            "rat_card": None if r["rat_card"] is None else card_view(s, int(r["rat_card"])),
            "rat_pos": _rat_pos(s),
        }
    return public


def _rat_pos(s: StoolState) -> str | None:
    """The position of the Rat, if it is in a crime scene."""
    for x, sc in enumerate(s.scenes):
        for i, c in enumerate(sc):
            if c is not None and s.faces[c] == RAT:
                return pos_name(x, i)
    return None


def build_private(s: StoolState, seat: int) -> StoolPrivate:
    drawn: Card | None = None
    if s.step == "swap" and s.seat == seat and s.drawn is not None:
        drawn = card_view(s, s.drawn)
    peek: list[Peek] = []
    if s.phase == "peek" and seat in s.peeking:
        sc = s.scenes[seat]
        for i in BOTTOM:
            c = sc[i] if i < len(sc) else None
            if c is not None:
                peek.append({"pos": pos_name(seat, i), "card": FACE_JSON[s.faces[c]].copy()})
    elif s.step == "seen" and s.seat == seat and s.picks and s.phase == "play":
        c = s.card_at(s.picks[0])
        if c is not None:
            peek.append({"pos": s.picks[0], "card": FACE_JSON[s.faces[c]].copy()})
    mem = s.memory[seat]
    memory: dict[str, MemoryEntry] = {}
    for x, sc in enumerate(s.scenes):
        for i, c in enumerate(sc):
            if c is not None and c in mem:
                memory[pos_name(x, i)] = {**FACE_JSON[s.faces[c]], "seen": mem[c]}
    if drawn is None:
        return {"seat": seat, "peek": peek, "memory": memory}
    return {"seat": seat, "drawn": drawn, "peek": peek, "memory": memory}


GAME = StoolGame()
