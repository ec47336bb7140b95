"""Cats Among The Pigeons: state, prompts, answers, views.

The game is a stack of *frames* (plain dicts, so the state is JSON as it is).
The top frame is the decision open now:

``turn``     the current seat plays actions, discards, or draws to end the turn
``target``   the player of a targeted card picks a seat (or Pigeon Mail a direction),
             or takes the card back (it is not played yet)
``action``   an action card on the table: a Wing Block / Pigeon Trap window for the
             other seats; once everyone passed, the card resolves
``sale``     a pair was just discarded: a Pigeon Sale window for the other seats
``pick``     one seat picks cards (what to give, what to take from the pile...)
``multi``    several seats pick at once, hidden (Pigeon Mail, Ruffle, Double Swap)
``draw``     no decision: someone draws (after a pair discard and its Sale window)

Frames underneath wait for the ones above to finish.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from engine.core import JSON, Event, IllegalMove, Option, Prompt, Rng, RuleOption
from engine.game import Game, check_names, resolve_options
from engine.games.pigeons import hidden
from engine.games.pigeons.cards import (
    ACTIONS,
    COLOURS,
    DECK_SIZE,
    FACE_JSON,
    FACE_NAME,
    FLOCK,
    REACTION_ACTIONS,
    TARGETED_ACTIONS,
    TRAPPABLE_ACTIONS,
    all_faces,
    flock_members,
)
from engine.games.pigeons.options import (
    BACK,
    CATS,
    DRAW,
    GIVE,
    LEFT,
    NONE,
    PASS,
    RIGHT,
    Parsed,
    card_id,
    make_pair,
    make_pick,
    make_play,
    make_sale,
    make_seat,
    make_trap,
    make_wing,
    parse,
    try_parse,
)
from engine.games.pigeons.view import (
    ActionStage,
    Card,
    ChainLink,
    MultiStage,
    PickStage,
    PigeonsPrivate,
    PigeonsPublic,
    Result,
    SaleStage,
    Stage,
    TargetStage,
)

HAND_SIZE = 7
STATE_FORMAT = "pigeons/1"

Frame = dict[str, Any]


class PigeonsState:
    """Everything about one game in progress.  Plain data; see ``to_json``."""

    __slots__ = (
        "cache",
        "discard",
        "draw",
        "faces",
        "frames",
        "hands",
        "markers",
        "names",
        "nid",
        "options",
        "result",
        "rng",
        "seat",
        "turn",
    )

    def __init__(self) -> None:
        self.names: list[str] = []
        self.options: dict[str, JSON] = {}
        self.rng = Rng(0)
        self.faces: list[str] = []  # face of each card id
        self.hands: list[list[int]] = []
        self.draw: list[int] = []  # the top card is the last one
        self.discard: list[int] = []  # the top card is the last one
        self.markers: list[list[int]] = []  # Miss a Turn cards lying in front of a seat
        self.seat = 0  # whose turn it is
        self.turn = 0  # turns begun so far
        self.frames: list[Frame] = []
        self.nid = 0  # the next frame id
        self.result: dict[str, JSON] | None = None  # {"winners": [...], "reason": str}
        self.cache: list[Prompt] | None = None  # open prompts; cleared by every change

    def touch(self) -> None:
        """Forget cached prompts: call after changing the state by hand (tests)."""
        self.cache = None

    @property
    def n(self) -> int:
        return len(self.names)

    def clone(self) -> PigeonsState:
        other = PigeonsState.__new__(PigeonsState)
        other.names = self.names
        other.options = self.options
        other.rng = Rng(self.rng.state)
        other.faces = self.faces
        other.hands = [h[:] for h in self.hands]
        other.draw = self.draw[:]
        other.discard = self.discard[:]
        other.markers = [m[:] for m in self.markers]
        other.seat = self.seat
        other.turn = self.turn
        other.frames = [_copy_frame(f) for f in self.frames]
        other.nid = self.nid
        other.result = None if self.result is None else dict(self.result)
        other.cache = self.cache
        return other

    def to_json(self) -> dict[str, JSON]:
        return {
            "format": STATE_FORMAT,
            "names": list(self.names),
            "options": dict(self.options),
            "rng": self.rng.state,
            "faces": list(self.faces),
            "hands": [h[:] for h in self.hands],
            "draw": self.draw[:],
            "discard": self.discard[:],
            "markers": [m[:] for m in self.markers],
            "seat": self.seat,
            "turn": self.turn,
            "frames": [_copy_frame(f) for f in self.frames],
            "nid": self.nid,
            "result": None if self.result is None else dict(self.result),
        }

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> PigeonsState:
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise ValueError("not a Cats Among The Pigeons game state")
        s = cls()
        s.names = [str(x) for x in data["names"]]
        s.options = dict(data["options"])
        s.rng = Rng(int(data["rng"]))
        s.faces = [str(f) for f in data["faces"]]
        s.hands = [[int(c) for c in h] for h in data["hands"]]
        s.draw = [int(c) for c in data["draw"]]
        s.discard = [int(c) for c in data["discard"]]
        s.markers = [[int(c) for c in m] for m in data["markers"]]
        s.seat = int(data["seat"])
        s.turn = int(data["turn"])
        s.frames = [_copy_frame(f) for f in data["frames"]]
        s.nid = int(data["nid"])
        s.result = None if data["result"] is None else dict(data["result"])
        _check_consistent(s)
        return s


def _copy_frame(frame: Frame) -> Frame:
    out: Frame = {}
    for key, value in frame.items():
        if isinstance(value, list):
            out[key] = [v[:] if isinstance(v, list) else v for v in value]
        else:
            out[key] = value
    return out


def _check_consistent(s: PigeonsState) -> None:
    """Refuse a loaded state whose cards do not add up."""
    if sorted(s.faces) != sorted(all_faces()):
        raise ValueError("the deck is not the 108 cards of Cats Among The Pigeons")
    n = len(s.names)
    if not 2 <= n <= 6 or len(s.hands) != n or len(s.markers) != n:
        raise ValueError("the seats do not match the player names")
    seen: list[int] = [*s.draw, *s.discard]
    for h in s.hands:
        seen.extend(h)
    for m in s.markers:
        seen.extend(m)
    if sorted(seen) != list(range(DECK_SIZE)):
        raise ValueError("cards are missing or duplicated")
    if not 0 <= s.seat < n:
        raise ValueError("the current seat is out of range")
    for f in s.frames:
        if not isinstance(f, dict) or f.get("k") not in _FRAME_KINDS:
            raise ValueError("unknown decision in the saved game")


_FRAME_KINDS = frozenset({"turn", "target", "action", "sale", "pick", "multi", "draw"})


class PigeonsGame(Game[PigeonsState]):
    """Cats Among The Pigeons, 2 to 6 players."""

    state_class = PigeonsState
    rules_file = Path(__file__).parent / "RULES.md"

    id = "pigeons"
    title = "Cats Among The Pigeons"
    min_players = 2
    max_players = 6
    bot_levels = ("random", "heuristic")
    default_bot = "heuristic"
    simultaneous = True  # reaction windows and Pigeon Mail ask several seats at once
    races = True  # a Pigeon Sale: the first claim wins
    options = (
        RuleOption(
            "rainbow_pairs",
            "A rainbow pigeon may make a pair with any colour",
            True,
            "When you discard 2 pigeons of one colour to draw, a rainbow counts as that colour.",
        ),
        RuleOption(
            "turn_limit",
            "Turn limit (the game is a draw after it)",
            300,
            "Counts every player's turn; 0 means no limit.",
        ),
    )

    # ------------------------------------------------------------------ setup

    def setup(
        self, names: list[str], seed: int, options: dict[str, JSON] | None = None
    ) -> PigeonsState:
        check_names(self, names)
        s = PigeonsState()
        s.names = list(names)
        s.options = resolve_options(self, options)
        s.rng = Rng(seed)
        faces = all_faces()
        s.rng.shuffle(faces)  # which id is which card: unknowable from the id
        s.faces = faces
        s.draw = list(range(DECK_SIZE))
        s.rng.shuffle(s.draw)
        n = len(names)
        s.hands = [[] for _ in range(n)]
        s.markers = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):
            for seat in range(n):
                s.hands[seat].append(s.draw.pop())
        # Seat 0 deals, so the player on its left, seat 1, begins (seat 0 with 2
        # players is still the dealer: seat 1 starts there too).
        s.seat = 1 % n
        s.turn = 0
        self._begin_turn(s, s.seat, [])
        return s

    # --------------------------------------------------------------- contract

    def why_not(self, state: PigeonsState, seat: int) -> list[str]:
        """What a new player may look for and not find among their choices: a reaction
        card on their own turn, a pair, three cats, a Pigeon Trap that does not apply."""
        if not 0 <= seat < state.n:
            return []
        faces = [state.faces[c] for c in state.hands[seat]]
        mine = [p for p in self.prompts(state) if p.seat == seat]
        kinds = {p.kind for p in mine}
        read = (try_parse(o.id) for p in mine for o in p.options)
        verbs = {r.verb for r in read if r is not None}
        pigeons = sum(1 for f in faces if f.startswith("pigeon:") or f == "rainbow")
        cats = faces.count("cat")
        out: list[str] = []
        if "turn" in kinds:
            for face, why in _OUT_OF_TURN.items():
                if face in faces:
                    out.append(why)
            if "pair" not in verbs and pigeons:
                out.append(
                    "You have no pair to discard: that takes two pigeons of one colour "
                    "(or one and a rainbow)."
                )
            if 0 < cats < 3:
                out.append(f"Cats are discarded three together: you hold {cats}.")
            if "fancier" in faces and pigeons < 2:
                out.append("Pigeon Fancier needs two pigeons in your hand to discard.")
        if "window" in kinds:
            if "wing_block" not in faces:
                out.append("You hold no Wing Block: the card cannot be cancelled by you.")
            if "trap" in faces and "trap" not in verbs:
                out.append(
                    "Pigeon Trap turns back only a Pluck, Miss a Turn, Gift or Fresh Start "
                    "aimed at you, before anyone Wing Blocks it."
                )
        if cats and state.result is None:
            out.append("Nobody wins with a cat in hand: discard three together first.")
        return out

    def redeal_hidden(self, state: PigeonsState, seat: int | None, rng: Rng) -> PigeonsState | None:
        return hidden.redeal_hidden(state, seat, rng)

    def make_bot(self, level: str, seat: int, seed: int) -> Any:
        from engine.games.pigeons.bots import HeuristicBot

        return HeuristicBot(seat, seed)

    public_schema = PigeonsPublic
    private_schema = PigeonsPrivate

    # The base class types a view's half as a plain JSON object; ours are the typed
    # PigeonsPublic / PigeonsPrivate (view.py), which mypy does not take for a dict.
    # The casts only hand the same object over: the schemas above say what it is.
    def build_public(self, state: PigeonsState) -> PigeonsPublic:
        return build_public(state)

    def build_private(self, state: PigeonsState, seat: int) -> PigeonsPrivate:
        return build_private(state, seat)

    def prompts(self, state: PigeonsState) -> list[Prompt]:
        cache = state.cache
        if cache is None:
            if state.result is not None or not state.frames:
                cache = []
            else:
                frame = state.frames[-1]
                cache = _PROMPTS[frame["k"]](state, frame)
            state.cache = cache
        return cache

    def step(self, state: PigeonsState, seat: int, prompt: Prompt, option_id: str) -> list[Event]:
        events: list[Event] = []
        frame = state.frames[-1]
        before = state.cache
        state.cache = None
        _ANSWER[frame["k"]](self, state, frame, seat, option_id, events)
        if (
            option_id == PASS
            and before is not None
            and frame.get("waiting")
            and state.frames[-1] is frame
        ):
            # A silent seat in a window changes nothing for the others.
            state.cache = [p for p in before if p.seat != seat]
            return events
        self._advance(state, events)
        return events

    # ------------------------------------------------------------ turn flow

    def _new_id(self, s: PigeonsState) -> int:
        s.nid += 1
        return s.nid

    def _begin_turn(self, s: PigeonsState, seat: int, events: list[Event]) -> None:
        """Hand the turn to ``seat`` (missed turns are spent here)."""
        limit = int(s.options.get("turn_limit", 0) or 0)
        for _ in range(10 * s.n + 10):
            s.turn += 1
            s.seat = seat
            if limit and s.turn > limit:
                s.frames = []
                s.result = {"winners": [], "reason": f"No one won within {limit} turns: a draw."}
                events.append(Event(s.result["reason"], kind="game_over"))
                return
            if self._check_victory(s, seat, events):
                return
            if s.markers[seat]:
                card = s.markers[seat].pop()
                s.discard.append(card)
                events.append(
                    Event(f"{s.names[seat]} misses a turn and discards Miss a Turn.", kind="miss")
                )
                seat = (seat + 1) % s.n
                continue
            s.frames = [{"k": "turn", "id": self._new_id(s), "seat": seat}]
            events.append(Event(f"{s.names[seat]}'s turn.", kind="turn"))
            return
        raise AssertionError("every seat keeps missing turns")  # pragma: no cover

    def _check_victory(self, s: PigeonsState, seat: int, events: list[Event]) -> bool:
        colour = flock_of(s, s.hands[seat])
        if colour is None:
            return False
        s.frames = []
        mix = _flock_mix(s, s.hands[seat], colour)
        reason = f"{s.names[seat]} shows seven {colour} pigeons{mix} and no cat."
        s.result = {"winners": [seat], "reason": reason, "colour": colour}
        events.append(Event(reason, kind="game_over"))
        return True

    def _advance(self, s: PigeonsState, events: list[Event]) -> None:
        """Run every frame that needs no decision, until one does."""
        while s.result is None and s.frames:
            top = s.frames[-1]
            k = top["k"]
            if k == "turn":
                if top["seat"] == s.seat and self._check_victory(s, s.seat, events):
                    return
                return
            if k == "draw":
                s.frames.pop()
                self._draw(s, top["seat"], top["n"], events, top.get("why", ""))
                continue
            if k == "action" and not top["waiting"]:
                s.frames.pop()
                self._resolve(s, top, events)
                continue
            if k == "sale" and not top["waiting"]:
                s.frames.pop()
                events.append(Event("No one claims the pair.", kind="sale_closed"))
                continue
            if k == "pick" and not _pick_candidates(s, top):
                s.frames.pop()
                self._pick_empty(s, top, events)
                continue
            if k == "multi" and all(
                len(p) >= need for p, need in zip(top["picked"], top["need"], strict=True)
            ):
                s.frames.pop()
                self._multi_done(s, top, events)
                continue
            return

    # ----------------------------------------------------------- primitives

    def _refill(self, s: PigeonsState, events: list[Event]) -> bool:
        """Turn the discard pile into a new draw pile if the draw pile is empty.

        Called right after every draw, and again before each card drawn: the draw
        pile can only be empty with cards on the discard pile when both piles were
        empty and cards were discarded since.  False if both piles are empty.
        """
        if s.draw:
            return True
        if not s.discard:
            return False
        s.draw = s.discard
        s.discard = []
        s.rng.shuffle(s.draw)
        events.append(
            Event(
                "The draw pile is empty: the discard pile is shuffled into a new one.",
                kind="reshuffle",
            )
        )
        return True

    def _draw(self, s: PigeonsState, seat: int, n: int, events: list[Event], why: str = "") -> None:
        got: list[int] = []
        for _ in range(n):
            if not self._refill(s, events):
                break
            card = s.draw.pop()
            s.hands[seat].append(card)
            got.append(card)
        who = s.names[seat]
        # What the draw is for ends the sentence: "Luna draws a card. (Tidy the Nest)"
        # read as if the card drawn were a Tidy the Nest.
        suffix = f" {why}" if why else ""
        if not got:
            events.append(Event(f"{who} cannot draw{suffix}: both piles are empty.", kind="draw"))
            return
        count = "a card" if len(got) == 1 else f"{len(got)} cards"
        names = ", ".join(FACE_NAME[s.faces[c]] for c in got)
        events.append(
            Event(
                f"{who} draws {count}{suffix}.",
                ((seat, f"You draw {names}{suffix}."),),
                kind="draw",
            )
        )
        # "When the draw pile is empty, shuffle the discard pile": at once, so that
        # no Recycle or Pigeon Fancier searches cards already face down.
        self._refill(s, events)

    def _discard_from_hand(self, s: PigeonsState, seat: int, cards: list[int]) -> None:
        hand = s.hands[seat]
        for c in cards:
            hand.remove(c)
            s.discard.append(c)

    def _others(self, s: PigeonsState, seat: int) -> list[int]:
        return [(seat + i) % s.n for i in range(1, s.n)]

    # ------------------------------------------------------------- answers

    def _answer_turn(
        self, s: PigeonsState, f: Frame, seat: int, option: str, events: list[Event]
    ) -> None:
        who = s.names[seat]
        hand = s.hands[seat]
        answer = parse(option)
        if answer.verb == "draw":
            self._draw(s, seat, 1, events, "")
            if self._check_victory(s, seat, events):
                return
            self._begin_turn(s, (seat + 1) % s.n, events)
            return
        f["id"] = self._new_id(s)  # whatever happens, the turn prompt will be a new one
        if answer.verb == "cats":
            cats = [c for c in hand if s.faces[c] == "cat"][:3]
            self._discard_from_hand(s, seat, cats)
            events.append(Event(f"{who} discards three cats.", kind="cats"))
            return
        if answer.verb == "pair":
            pair = _pair_cards(s, hand, answer)
            self._discard_from_hand(s, seat, pair)
            names = _pair_text(s, pair)
            events.append(Event(f"{who} discards {names} to draw a card.", kind="pair"))
            s.frames.append({"k": "draw", "seat": seat, "n": 1, "why": "for the pair"})
            self._open_sale(s, seat, pair)
            return
        if answer.verb == "play" and answer.card is not None:
            card = answer.card
            face = s.faces[card]
            if face in TARGETED_ACTIONS or face == "mail":
                s.frames.append({"k": "target", "id": self._new_id(s), "seat": seat, "card": card})
                return
            self._play_action(s, seat, card, -1, 0, events)
            return
        raise IllegalMove(f"{option!r} is not one of the choices")  # pragma: no cover

    def _answer_target(
        self, s: PigeonsState, f: Frame, seat: int, option: str, events: list[Event]
    ) -> None:
        s.frames.pop()
        card = f["card"]
        answer = parse(option)
        if answer.verb == "back":  # the card stays in hand: the turn's choice comes again
            return
        if answer.verb in ("left", "right"):
            self._play_action(s, seat, card, -1, 1 if answer.verb == "left" else -1, events)
        elif answer.seat is not None:
            self._play_action(s, seat, card, answer.seat, 0, events)
        else:  # pragma: no cover - apply offers only the prompt's options
            raise IllegalMove(f"{option!r} is not one of the choices")

    def _play_action(
        self,
        s: PigeonsState,
        seat: int,
        card: int,
        target: int,
        direction: int,
        events: list[Event],
    ) -> None:
        """Put an action card face up on the pile and open the Wing Block window."""
        face = s.faces[card]
        s.hands[seat].remove(card)
        s.discard.append(card)
        text = f"{s.names[seat]} plays {FACE_NAME[face]}"
        if target >= 0:
            text += " on " + ("themself" if target == seat else s.names[target])
        if direction:
            # Seats sit clockwise in seat order, so "left" is the next seat up.
            text += " to the " + ("left" if direction == 1 else "right")
        events.append(Event(text + ".", kind="play"))
        s.frames.append(
            {
                "k": "action",
                "id": self._new_id(s),
                "seat": seat,
                "card": card,
                "act": face,
                "target": target,
                "dir": direction,
                "chain": [],
                "waiting": self._others(s, seat),
                "pair": [],
            }
        )

    def _open_sale(self, s: PigeonsState, seat: int, pair: list[int]) -> None:
        s.frames.append(
            {
                "k": "sale",
                "id": self._new_id(s),
                "seat": seat,
                "pair": pair[:],
                "waiting": self._others(s, seat),
            }
        )

    def _answer_action(
        self, s: PigeonsState, f: Frame, seat: int, option: str, events: list[Event]
    ) -> None:
        f["waiting"].remove(seat)
        answer = parse(option)
        if answer.verb == "pass":
            return
        kind, card = answer.verb, answer.card
        if kind not in ("wing", "trap") or card is None:  # pragma: no cover - see apply
            raise IllegalMove(f"{option!r} is not one of the choices")
        s.hands[seat].remove(card)
        s.discard.append(card)
        f["chain"].append([card, seat, kind])
        f["waiting"] = self._others(s, seat)
        f["id"] = self._new_id(s)
        if kind == "wing":
            below = f["chain"][-2] if len(f["chain"]) > 1 else None
            what = (
                FACE_NAME[f["act"]]
                if below is None
                else ("Pigeon Trap" if below[2] == "trap" else "Wing Block")
            )
            events.append(Event(f"{s.names[seat]} plays Wing Block against {what}!", kind="block"))
        else:
            events.append(
                Event(
                    f"{s.names[seat]} springs a Pigeon Trap: the {FACE_NAME[f['act']]} turns back "
                    f"on {s.names[f['seat']]}!",
                    kind="trap",
                )
            )

    def _answer_sale(
        self, s: PigeonsState, f: Frame, seat: int, option: str, events: list[Event]
    ) -> None:
        answer = parse(option)
        if answer.verb == "pass":
            f["waiting"].remove(seat)
            return
        card = answer.card
        if answer.verb != "sale" or card is None:  # pragma: no cover - see apply
            raise IllegalMove(f"{option!r} is not one of the choices")
        s.frames.pop()  # the first claim closes the window
        s.hands[seat].remove(card)
        s.discard.append(card)
        events.append(Event(f"{s.names[seat]} plays Pigeon Sale to claim the pair!", kind="play"))
        s.frames.append(
            {
                "k": "action",
                "id": self._new_id(s),
                "seat": seat,
                "card": card,
                "act": "sale",
                "target": f["seat"],
                "dir": 0,
                "chain": [],
                "waiting": self._others(s, seat),
                "pair": f["pair"][:],
            }
        )

    def _answer_pick(
        self, s: PigeonsState, f: Frame, seat: int, option: str, events: list[Event]
    ) -> None:
        if f.get("ask"):  # a trapped Gift: give a card, or nothing
            f["ask"] = False
            f["id"] = self._new_id(s)
            if option == NONE:
                s.frames.pop()
                to = s.names[f["to"]]
                events.append(Event(f"{s.names[seat]} gives {to} nothing.", kind="gift"))
            return
        f["picked"].append(_picked_card(option))
        f["id"] = self._new_id(s)
        if len(f["picked"]) < f["n"]:
            return
        s.frames.pop()
        self._pick_done(s, f, events)

    def _answer_multi(
        self, s: PigeonsState, f: Frame, seat: int, option: str, events: list[Event]
    ) -> None:
        f["picked"][f["seats"].index(seat)].append(_picked_card(option))

    # ------------------------------------------------------------- effects

    def _resolve(self, s: PigeonsState, f: Frame, events: list[Event]) -> None:
        """Every asked seat passed: the action card takes effect, or not."""
        chain = f["chain"]
        # Every Wing Block or Trap cancels what lies right under it, unless it is
        # itself cancelled: with an odd number of them the card is cancelled, and
        # if the first one is a live Trap the card turns back on its player.
        cancelled = len(chain) % 2 == 1
        act, player, target = f["act"], f["seat"], f["target"]
        name = FACE_NAME[act]
        if cancelled and chain[0][2] == "trap":
            events.append(
                Event(
                    f"The Pigeon Trap holds: {name} turns back on {s.names[player]}.",
                    kind="resolve",
                )
            )
            self._effect(s, act, target, player, f, events, trapped=True)
            return
        if cancelled:
            events.append(Event(f"{name} is cancelled.", kind="resolve"))
            return
        if chain:
            events.append(Event(f"{name} goes ahead.", kind="resolve"))
        self._effect(s, act, player, target, f, events, trapped=False)

    def _effect(
        self,
        s: PigeonsState,
        act: str,
        player: int,
        target: int,
        f: Frame,
        events: list[Event],
        trapped: bool,
    ) -> None:
        """Carry out ``act`` by ``player`` on ``target`` (swapped by a Trap)."""
        who = s.names[player]
        if act == "draw2":
            self._draw(s, player, 2, events, "for Draw 2")
        elif act == "tidy":
            s.draw.extend(s.discard)
            s.discard = []
            s.rng.shuffle(s.draw)
            events.append(Event("The discard pile is shuffled into the deck.", kind="reshuffle"))
            self._draw(s, player, 1, events, "for Tidy the Nest")
        elif act == "recycle":
            self._push_pick(s, player, 1, "recycle", exclude=[f["card"]])
        elif act == "fancier":
            self._push_pick(s, player, 1, "fancier_search")
            self._push_pick(s, player, 2, "fancier_discard")
        elif act == "pluck":
            self._pluck(s, player, target, events)
        elif act == "gift":
            # Trapped, the target "can give a card": it may also give nothing.
            self._push_pick(s, player, 1, "gift", to=target, ask=trapped)
        elif act == "miss_turn":
            card = f["card"]
            s.discard.remove(card)
            s.markers[target].append(card)
            events.append(Event(f"{s.names[target]} will miss their next turn.", kind="marker"))
        elif act == "fresh_start":
            gone = s.hands[target]
            s.hands[target] = []
            s.discard.extend(gone)
            events.append(
                Event(
                    f"{s.names[target]} discards their whole hand ({len(gone)} cards).",
                    kind="fresh",
                )
            )
            self._draw(s, target, HAND_SIZE, events, "for Fresh Start")
        elif act == "sale":
            got = [c for c in f["pair"] if c in s.discard]
            for c in got:
                s.discard.remove(c)
                s.hands[player].append(c)
            names = _pair_text(s, got) or "nothing"
            events.append(Event(f"{who} takes {names}.", kind="sale"))
        elif act == "double_swap":
            # A swap is even: as many cards as both can give, at most 2.
            seats = [player, target]
            k = min(2, *(len(s.hands[x]) for x in seats))
            if not k:
                empty = " and ".join(s.names[x] for x in seats if not s.hands[x])
                have = "have" if " and " in empty else "has"
                events.append(Event(f"Nothing to swap: {empty} {have} no cards.", kind="swap"))
                return
            self._push_multi(s, "swap", seats, [k, k], 0, player)
            count = "a card" if k == 1 else f"{k} cards"
            events.append(
                Event(f"{who} and {s.names[target]} each choose {count} to swap.", kind="choose")
            )
        elif act == "mail":
            seats = [x for x in range(s.n) if s.hands[x]]
            self._push_multi(s, "mail", seats, [1] * len(seats), f["dir"], player)
            events.append(Event("Everyone chooses a card to pass.", kind="choose"))
        elif act == "ruffle":
            order = [(player + i) % s.n for i in range(s.n)]
            seats = [x for x in order if s.hands[x]]
            self._push_multi(s, "ruffle", seats, [1] * len(seats), 0, player)
            events.append(Event("Everyone chooses a card for the Ruffle.", kind="choose"))
        else:  # pragma: no cover - every playable action is handled above
            raise AssertionError(act)

    def _pluck(self, s: PigeonsState, thief: int, victim: int, events: list[Event]) -> None:
        hand = s.hands[victim]
        if not hand:
            events.append(Event(f"{s.names[victim]} has no card to pluck.", kind="pluck"))
            return
        card = hand.pop(s.rng.below(len(hand)))
        s.hands[thief].append(card)
        name = FACE_NAME[s.faces[card]]
        events.append(
            Event(
                f"{s.names[thief]} plucks a card from {s.names[victim]}.",
                (
                    (thief, f"You pluck {name} from {s.names[victim]}."),
                    (victim, f"{s.names[thief]} plucks your {name}."),
                ),
                kind="pluck",
            )
        )

    def _push_pick(
        self,
        s: PigeonsState,
        seat: int,
        n: int,
        purpose: str,
        to: int = -1,
        exclude: list[int] | None = None,
        ask: bool = False,
    ) -> None:
        """A pick for ``seat``; with ``ask``, it is first asked whether to pick at all."""
        s.frames.append(
            {
                "k": "pick",
                "id": self._new_id(s),
                "seat": seat,
                "n": n,
                "purpose": purpose,
                "to": to,
                "picked": [],
                "exclude": exclude or [],
                "ask": ask,
            }
        )

    def _push_multi(
        self,
        s: PigeonsState,
        purpose: str,
        seats: list[int],
        need: list[int],
        direction: int,
        player: int,
    ) -> None:
        s.frames.append(
            {
                "k": "multi",
                "id": self._new_id(s),
                "purpose": purpose,
                "seat": player,
                "seats": seats,
                "need": need,
                "picked": [[] for _ in seats],
                "dir": direction,
            }
        )

    def _pick_empty(self, s: PigeonsState, f: Frame, events: list[Event]) -> None:
        """A pick frame with nothing to pick from: say so and move on."""
        who = s.names[f["seat"]]
        if f["picked"]:  # ran out part-way (cannot happen with legal play, but be safe)
            self._pick_done(s, f, events)
            return
        purpose = f["purpose"]
        if purpose == "gift":
            events.append(Event(f"{who} has no card to give.", kind="gift"))
        elif purpose == "fancier_discard":
            events.append(Event(f"{who} has no pigeons to discard.", kind="fancier"))
        else:
            what = "pigeon" if purpose == "fancier_search" else "card"
            events.append(
                Event(f"There is no {what} in the discard pile for {who} to take.", kind="search")
            )

    def _pick_done(self, s: PigeonsState, f: Frame, events: list[Event]) -> None:
        seat, purpose, picked = f["seat"], f["purpose"], f["picked"]
        who = s.names[seat]
        names = _pair_text(s, picked)
        if purpose == "gift":
            to = f["to"]
            for c in picked:
                s.hands[seat].remove(c)
                s.hands[to].append(c)
            events.append(
                Event(
                    f"{who} gives {s.names[to]} a card.",
                    (
                        (seat, f"You give {names} to {s.names[to]}."),
                        (to, f"{who} gives you {names}."),
                    ),
                    kind="gift",
                )
            )
        elif purpose == "fancier_discard":
            self._discard_from_hand(s, seat, picked)
            events.append(Event(f"{who} discards {names} (Pigeon Fancier).", kind="fancier"))
            if len(picked) == 2:
                self._open_sale(s, seat, picked)
        else:  # recycle, fancier_search: from the discard pile into the hand
            for c in picked:
                s.discard.remove(c)
                s.hands[seat].append(c)
            events.append(
                Event(
                    f"{who} takes a card from the discard pile.",
                    ((seat, f"You take {names} from the discard pile."),),
                    kind="search",
                )
            )

    def _multi_done(self, s: PigeonsState, f: Frame, events: list[Event]) -> None:
        seats: list[int] = f["seats"]
        picked: list[list[int]] = f["picked"]
        name = s.names
        if f["purpose"] == "swap":
            a, b = seats
            pa, pb = picked
            for c in pa:
                s.hands[a].remove(c)
                s.hands[b].append(c)
            for c in pb:
                s.hands[b].remove(c)
                s.hands[a].append(c)
            ga = " and ".join(FACE_NAME[s.faces[c]] for c in pa) or "nothing"
            gb = " and ".join(FACE_NAME[s.faces[c]] for c in pb) or "nothing"
            events.append(
                Event(
                    f"{name[a]} and {name[b]} swap cards ({len(pa)} for {len(pb)}).",
                    (
                        (a, f"You give {ga} to {name[b]} and get {gb}."),
                        (b, f"You give {gb} to {name[a]} and get {ga}."),
                    ),
                    kind="swap",
                )
            )
            return
        if f["purpose"] == "mail":
            direction = f["dir"]
            moves = []
            for seat, cards in zip(seats, picked, strict=True):
                to = (seat + direction) % s.n
                s.hands[seat].remove(cards[0])
                moves.append((seat, to, cards[0]))
            for _seat, to, card in moves:
                s.hands[to].append(card)
            secrets: list[tuple[int, str]] = []
            for x in range(s.n):
                sent = [m for m in moves if m[0] == x]
                got = [m for m in moves if m[1] == x]
                parts = []
                if sent:
                    parts.append(f"pass {FACE_NAME[s.faces[sent[0][2]]]} to {name[sent[0][1]]}")
                if got:
                    parts.append(f"get {FACE_NAME[s.faces[got[0][2]]]} from {name[got[0][0]]}")
                if parts:
                    secrets.append((x, "Pigeon Mail: you " + " and ".join(parts) + "."))
            where = "left" if direction == 1 else "right"
            events.append(
                Event(f"Everyone passes a card to the {where}.", tuple(secrets), kind="mail")
            )
            return
        # ruffle: shuffle the pile and deal one back to each who put one in
        pile = [cards[0] for cards in picked]
        for seat, cards in zip(seats, picked, strict=True):
            s.hands[seat].remove(cards[0])
        put_in = dict(zip(seats, pile, strict=True))
        s.rng.shuffle(pile)
        secrets = []
        for seat, card in zip(seats, pile, strict=True):
            s.hands[seat].append(card)
            secrets.append(
                (
                    seat,
                    f"Ruffle Feathers: you put in {FACE_NAME[s.faces[put_in[seat]]]} "
                    f"and get {FACE_NAME[s.faces[card]]}.",
                )
            )
        events.append(
            Event(
                f"{name[f['seat']]} shuffles the {len(pile)} cards and deals them back.",
                tuple(secrets),
                kind="ruffle",
            )
        )


# ------------------------------------------------------------------ helpers


def flock_of(s: PigeonsState, hand: list[int]) -> str | None:
    """The colour of a winning flock in ``hand`` (7 of one colour, rainbows wild, no cat)."""
    if len(hand) < FLOCK:
        return None
    counts = [0] * 9  # the eight flocks, then rainbows
    faces = s.faces
    code = _CODE
    for c in hand:
        k = code[faces[c]]
        if k <= _RAINBOW:
            counts[k] += 1
        elif k == _CAT:
            return None
    rainbows = counts.pop()
    best = max(counts)
    if best + rainbows < FLOCK:
        return None
    return COLOURS[counts.index(best)] if best else "rainbow"


def _flock_mix(s: PigeonsState, hand: list[int], colour: str) -> str:
    """How the seven of a winning flock are made (:func:`flock_members`), when
    rainbows stand in: ' (4 red and 3 rainbow)'; '' when seven of one face make it."""
    faces = [s.faces[c] for c in hand]
    members = flock_members(faces, colour)
    own = sum(1 for i in members if faces[i] != "rainbow")
    if colour == "rainbow" or own == FLOCK:
        return ""
    return f" ({own} {colour} and {FLOCK - own} rainbow)"


def _pair_cards(s: PigeonsState, hand: list[int], pair: Parsed) -> list[int]:
    """The cards of ``hand`` that a ``pair`` option discards."""
    colour = pair.colour
    if colour == "rainbow":
        return [c for c in hand if s.faces[c] == "rainbow"][:2]
    if pair.rainbow:
        one = next(c for c in hand if s.faces[c] == f"pigeon:{colour}")
        return [one, next(c for c in hand if s.faces[c] == "rainbow")]
    return [c for c in hand if s.faces[c] == f"pigeon:{colour}"][:2]


def _picked_card(option: str) -> int:
    """The card a pick's option names."""
    card = parse(option).card
    if card is None:  # pragma: no cover - apply offers only the prompt's options
        raise IllegalMove(f"{option!r} is not a card")
    return card


def _is_pigeon(face: str) -> bool:
    return face == "rainbow" or face.startswith("pigeon:")


def _pick_candidates(s: PigeonsState, f: Frame) -> list[int]:
    purpose = f["purpose"]
    picked = f["picked"]
    if purpose in ("recycle", "fancier_search"):
        pool = [c for c in s.discard if c not in f["exclude"] and c not in picked]
    else:
        pool = [c for c in s.hands[f["seat"]] if c not in picked]
    if purpose in ("fancier_search", "fancier_discard"):
        pool = [c for c in pool if _is_pigeon(s.faces[c])]
    return pool


# ------------------------------------------------------------------ prompts


_PLAY_OPTION_LABEL = {face: f"Play {name}" for face, (name, _help) in ACTIONS.items()}
_PAIR_LABELS = {
    colour: (
        f"Discard 2 {colour} pigeons, draw 1",
        f"Discard {colour} + rainbow, draw 1",  # short: two fit on a line at 80 columns
    )
    for colour in COLOURS
}


# Options are immutable, so the prompts share them: building them is the hot path.
_CARD_OPTIONS: dict[tuple[int, str], Option] = {}
_PLAY_OPTIONS: dict[tuple[int, str], Option] = {}
_PAIR_OPTIONS = [
    (
        Option(make_pair(colour), _PAIR_LABELS[colour][0]),
        Option(make_pair(colour, rainbow=True), _PAIR_LABELS[colour][1]),
    )
    for colour in COLOURS
]
_RAINBOW_PAIR = Option(make_pair("rainbow"), "Discard 2 rainbow pigeons, draw 1")
_CATS = Option(CATS, "Discard 3 cats")
_DRAW = Option(DRAW, "Draw a card and end your turn")
# A small code per face for the turn prompt: 0-7 a flock, then these.
_RAINBOW, _CAT, _FANCIER, _REACTION, _ACTION = 8, 9, 10, 11, 12
_CODE: dict[str, int] = {f"pigeon:{c}": i for i, c in enumerate(COLOURS)}
_CODE.update({"rainbow": _RAINBOW, "cat": _CAT})
for _face in ACTIONS:
    _CODE[_face] = (
        _FANCIER if _face == "fancier" else _REACTION if _face in REACTION_ACTIONS else _ACTION
    )


def _card_option(card: int, face: str) -> Option:
    """The option that names one card by id, labelled with its face."""
    key = (card, face)
    opt = _CARD_OPTIONS.get(key)
    if opt is None:
        opt = _CARD_OPTIONS[key] = Option(make_pick(card), FACE_NAME[face])
    return opt


def _play_option(card: int, face: str) -> Option:
    key = (card, face)
    opt = _PLAY_OPTIONS.get(key)
    if opt is None:
        opt = _PLAY_OPTIONS[key] = Option(make_play(card), _PLAY_OPTION_LABEL[face])
    return opt


def _prompt_turn(s: PigeonsState, f: Frame) -> list[Prompt]:
    seat = f["seat"]
    faces = s.faces
    code = _CODE
    opts: list[Option] = []
    counts = [0] * 9  # the eight flocks, then rainbows
    cats = 0
    fanciers: list[int] = []
    for c in s.hands[seat]:
        face = faces[c]
        k = code[face]
        if k <= _RAINBOW:
            counts[k] += 1
        elif k == _CAT:
            cats += 1
        elif k == _ACTION:
            if face == "recycle" and not s.discard:
                opts.append(Option(make_play(c), _EMPTY_RECYCLE))  # rare: not cached
            else:
                opts.append(_play_option(c, face))
        elif k == _FANCIER:
            fanciers.append(c)
    rainbows = counts[_RAINBOW]
    if sum(counts) >= 2:
        for c in fanciers:
            opts.append(_play_option(c, "fancier"))
        mix = rainbows and s.options.get("rainbow_pairs", True)
        for i in range(8):
            n = counts[i]
            if n >= 2:
                opts.append(_PAIR_OPTIONS[i][0])
            if mix and n:
                opts.append(_PAIR_OPTIONS[i][1])
        if rainbows >= 2:
            opts.append(_RAINBOW_PAIR)
    if cats >= 3:
        opts.append(_CATS)
    opts.append(_DRAW)
    return [Prompt(f"{f['id']}.{seat}", seat, "turn", _TURN_TEXT, tuple(opts))]


_TURN_TEXT = "Your turn: play, discard, or draw to end it."
_OUT_OF_TURN = {
    "wing_block": "Wing Block is played out of turn: it cancels an action card another "
    "player just played.",
    "trap": "Pigeon Trap is played out of turn, when a Pluck, Miss a Turn, Gift or Fresh "
    "Start is aimed at you.",
    "sale": "Pigeon Sale is played out of turn, right after another player discards a pair.",
}
"""Why a reaction card in the hand is not among the turn's choices (``why_not``)."""
_EMPTY_RECYCLE = "Play Recycle (the discard pile is empty: nothing to take)"


BACK_OPTION = Option(BACK, "Back (another move)")
"""A target's or a direction's way back to the turn: the card is not played yet."""


def _prompt_target(s: PigeonsState, f: Frame) -> list[Prompt]:
    seat = f["seat"]
    face = s.faces[f["card"]]
    name = FACE_NAME[face]
    if face == "mail":
        opts = (
            Option(LEFT, f"Left (each passes to the next seat: {s.names[(seat + 1) % s.n]})"),
            Option(RIGHT, f"Right (each passes to the previous seat: {s.names[(seat - 1) % s.n]})"),
            BACK_OPTION,
        )
        text = f"{name}: which way?"
        return [Prompt(f"{f['id']}.{seat}", seat, "direction", text, opts, back_option=BACK)]
    seats = range(s.n) if face == "fresh_start" else [x for x in range(s.n) if x != seat]
    options = tuple(
        Option(make_seat(x), "Yourself" if x == seat else f"{s.names[x]} ({len(s.hands[x])} cards)")
        for x in seats
    )
    options += (BACK_OPTION,)
    text = f"{name}: choose a player."
    return [Prompt(f"{f['id']}.{seat}", seat, "target", text, options, back_option=BACK)]


def _on_whom(s: PigeonsState, f: Frame) -> str:
    """Whom a card was played on: ' on Bob', ' on themself', ' to the left' or ''."""
    player, target, direction = f["seat"], f["target"], f["dir"]
    if target >= 0:
        return " on " + ("themself" if target == player else s.names[target])
    if direction:
        return " to the " + ("left" if direction == 1 else "right")
    return ""


def _window_text(s: PigeonsState, f: Frame) -> str:
    """What is on the table and what a Wing Block would cancel.

    The same words for every seat asked, whatever it holds: the table may show
    one seat's window text to everyone (a hot-seat banner), so it must not depend
    on a hidden card.  What a seat can do is in its options.
    """
    act, player, target = f["act"], f["seat"], f["target"]
    name = s.names
    act_name = FACE_NAME[act]
    chain = f["chain"]
    if not chain:
        if act == "sale":
            return (
                f"{name[player]} plays Pigeon Sale to claim {name[target]}'s pair. Wing Block it?"
            )
        text = f"{name[player]} plays {act_name}{_on_whom(s, f)}. Wing Block it?"
        if act in TRAPPABLE_ACTIONS and target != player:
            text += f" ({name[target]} may trap it instead.)"
        return text
    if act == "sale":
        card = f"{name[player]}'s Pigeon Sale of {name[target]}'s pair"
    else:
        card = f"{name[player]}'s {act_name}{_on_whom(s, f)}"
    _top, top_seat, top_kind = chain[-1]
    if top_kind == "trap":  # a Trap only ever lies right on the card
        return (
            f"{name[top_seat]}'s Pigeon Trap would turn {name[player]}'s {act_name} "
            f"back on {name[player]}. Wing Block it?"
        )
    if len(chain) == 1:
        return f"{name[top_seat]}'s Wing Block would cancel {card}. Block it back?"
    _below, below_seat, below_kind = chain[-2]
    what = "Pigeon Trap" if below_kind == "trap" else "Wing Block"
    # What happens if nobody blocks back (as _resolve counts): an even chain lets the
    # card happen; an odd one cancels it, or turns it back if a Trap lies at the bottom.
    if len(chain) % 2 == 0:
        then = f"{card} goes ahead"
    elif chain[0][2] == "trap":
        then = f"{name[player]}'s {act_name} turns back on {name[player]}"
    else:
        then = f"{card} is cancelled"
    return (
        f"{name[top_seat]}'s Wing Block would cancel {name[below_seat]}'s {what}, "
        f"so {then}. Block it back?"
    )


def _prompt_action(s: PigeonsState, f: Frame) -> list[Prompt]:
    act, player, target = f["act"], f["seat"], f["target"]
    chain = f["chain"]
    text = _window_text(s, f)
    trap_open = not chain and act in TRAPPABLE_ACTIONS and target != player
    out = []
    faces = s.faces
    for seat in f["waiting"]:
        opts = [Option(PASS, "Let it happen")]
        wing = trap = -1
        for c in s.hands[seat]:
            face = faces[c]
            if face == "wing_block" and wing < 0:
                wing = c
            elif face == "trap" and trap < 0:
                trap = c
        if wing >= 0:
            opts.append(Option(make_wing(wing), "Play Wing Block"))
        if trap >= 0 and trap_open and seat == target:
            opts.append(Option(make_trap(trap), "Play Pigeon Trap (turn it back on them)"))
        out.append(Prompt(f"{f['id']}.{seat}", seat, "window", text, tuple(opts), pass_option=PASS))
    return out


def _prompt_sale(s: PigeonsState, f: Frame) -> list[Prompt]:
    pair = _pair_text(s, f["pair"])
    text = f"{s.names[f['seat']]} discarded {pair}. Claim them with Pigeon Sale?"
    out = []
    for seat in f["waiting"]:
        opts = [Option(PASS, "Let them go")]
        for c in s.hands[seat]:
            if s.faces[c] == "sale":
                opts.append(Option(make_sale(c), "Play Pigeon Sale"))
                break
        out.append(Prompt(f"{f['id']}.{seat}", seat, "sale", text, tuple(opts), pass_option=PASS))
    return out


_PICK_TEXT = {
    "gift": "Choose a card to give to {to}.",
    "fancier_discard": "Pigeon Fancier: choose a pigeon to discard ({k} of 2).",
    "fancier_search": "Pigeon Fancier: take a pigeon from the discard pile.",
    "recycle": "Recycle: take a card from the discard pile.",
}


def _pair_text(s: PigeonsState, cards: list[int]) -> str:
    """Cards in a sentence: "two Blue pigeons", "a Red pigeon and a Rainbow pigeon",
    "an Orange pigeon", "a Cat"."""
    names = [FACE_NAME[s.faces[c]] for c in cards]
    if len(names) == 2 and names[0] == names[1] and names[0].endswith("pigeon"):
        return f"two {names[0]}s"
    return " and ".join(f"{'an' if n[:1] in 'AEIOU' else 'a'} {n}" for n in names)


def _prompt_pick(s: PigeonsState, f: Frame) -> list[Prompt]:
    seat = f["seat"]
    to = s.names[f["to"]] if f["to"] >= 0 else ""
    if f.get("ask"):  # a trapped Gift: the trapper may give a card, or nothing
        ask = f"Your Pigeon Trap turned {to}'s Gift back: give {to} a card?"
        choices = (Option(GIVE, f"Give {to} a card"), Option(NONE, "Give nothing"))
        return [Prompt(f"{f['id']}.{seat}.ask", seat, "choice", ask, choices)]
    text = _PICK_TEXT[f["purpose"]].format(to=to, k=len(f["picked"]) + 1)
    faces = s.faces
    opts = tuple(_card_option(c, faces[c]) for c in _pick_candidates(s, f))
    return [Prompt(f"{f['id']}.{seat}.{len(f['picked'])}", seat, "pick", text, opts)]


def _prompt_multi(s: PigeonsState, f: Frame) -> list[Prompt]:
    out = []
    purpose = f["purpose"]
    for seat, need, picked in zip(f["seats"], f["need"], f["picked"], strict=True):
        if len(picked) >= need:
            continue
        if purpose == "swap":
            other = f["seats"][1] if seat == f["seats"][0] else f["seats"][0]
            text = (
                f"Double Swap: choose a card to give {s.names[other]} "
                f"({len(picked) + 1} of {need})."
            )
        elif purpose == "mail":
            to = (seat + f["dir"]) % s.n
            text = f"Pigeon Mail: choose a card to pass to {s.names[to]}."
        else:
            text = "Ruffle Feathers: choose a card to put in."
        faces = s.faces
        opts = tuple(_card_option(c, faces[c]) for c in s.hands[seat] if c not in picked)
        out.append(Prompt(f"{f['id']}.{seat}.{len(picked)}", seat, "pick", text, opts))
    return out


def _prompt_none(s: PigeonsState, f: Frame) -> list[Prompt]:
    return []


_PROMPTS = {
    "turn": _prompt_turn,
    "target": _prompt_target,
    "action": _prompt_action,
    "sale": _prompt_sale,
    "pick": _prompt_pick,
    "multi": _prompt_multi,
    "draw": _prompt_none,
}

_ANSWER = {
    "turn": PigeonsGame._answer_turn,
    "target": PigeonsGame._answer_target,
    "action": PigeonsGame._answer_action,
    "sale": PigeonsGame._answer_sale,
    "pick": PigeonsGame._answer_pick,
    "multi": PigeonsGame._answer_multi,
}


# -------------------------------------------------------------------- views


def card_view(s: PigeonsState, card: int) -> Card:
    return {"id": card_id(card), **FACE_JSON[s.faces[card]]}


_DIRECTION: dict[int, Literal["left", "right"]] = {1: "left", -1: "right"}


def _stage(s: PigeonsState, top: Frame) -> tuple[Stage, list[int]]:
    """The view of the decision open now (``top``), and the seats it asks."""
    k = top["k"]
    seat: int = top.get("seat", s.seat)
    if k == "action":
        chain: list[ChainLink] = [
            {"card": card_view(s, c), "seat": who, "kind": kind} for c, who, kind in top["chain"]
        ]
        action: ActionStage = {
            "kind": "action",
            "seat": seat,
            "action": card_view(s, top["card"]),
            "target": top["target"],
            "direction": _DIRECTION.get(top["dir"]),
            "chain": chain,
        }
        return action, list(top["waiting"])
    if k == "sale":
        sale: SaleStage = {
            "kind": "sale",
            "seat": seat,
            "pair": [card_view(s, c) for c in top["pair"]],
        }
        return sale, list(top["waiting"])
    if k == "target":
        # Announced, still in hand: its face is public, its id not yet.
        target: TargetStage = {
            "kind": "target",
            "seat": seat,
            "card": FACE_JSON[s.faces[top["card"]]].copy(),
        }
        return target, [top["seat"]]
    if k == "pick":
        pick: PickStage = {
            "kind": "pick",
            "seat": seat,
            "purpose": top["purpose"],
            "to": top["to"],
            "picked": len(top["picked"]),
        }
        return pick, [top["seat"]]
    if k == "multi":
        done = [len(p) >= n for p, n in zip(top["picked"], top["need"], strict=True)]
        multi: MultiStage = {
            "kind": "multi",
            "seat": seat,
            "purpose": top["purpose"],
            "seats": list(top["seats"]),
            "done": done,
        }
        return multi, [x for x, d in zip(top["seats"], done, strict=True) if not d]
    if k == "turn":
        return {"kind": "turn", "seat": seat}, [top["seat"]]
    return {"kind": "draw", "seat": seat}, []


def _result_view(r: dict[str, JSON]) -> Result:
    """The state's result (plain JSON: it is saved as it is), typed for the view."""
    result: Result = {"winners": [int(w) for w in r["winners"]], "reason": str(r["reason"])}
    if "colour" in r:
        result["colour"] = r["colour"]
    return result


def build_public(s: PigeonsState) -> PigeonsPublic:
    top = s.frames[-1] if s.frames else None
    stage: Stage
    waiting: list[int] = []
    if top is not None:
        stage, waiting = _stage(s, top)
    else:
        stage = {"kind": "over" if s.result else "none"}
    public: PigeonsPublic = {
        "game": "pigeons",
        "turn": s.seat,
        "turn_number": s.turn,
        "turn_limit": s.options.get("turn_limit", 0),
        "draw_count": len(s.draw),
        "discard_count": len(s.discard),
        "discard_top": card_view(s, s.discard[-1]) if s.discard else None,
        "seats": [
            {
                "seat": x,
                "name": s.names[x],
                "cards": len(s.hands[x]),
                "missed_turns": len(s.markers[x]),
            }
            for x in range(s.n)
        ],
        "stage": stage,
        "waiting": waiting,
        "over": s.result is not None,
    }
    if s.result is not None:
        result = public["result"] = _result_view(s.result)
        public["hands"] = [[card_view(s, c) for c in h] for h in s.hands]
        colour = result.get("colour")
        if result["winners"] and colour is not None:
            hand = s.hands[result["winners"][0]]
            members = flock_members([s.faces[c] for c in hand], colour)
            public["winning_flock"] = [card_id(hand[i]) for i in members]
    return public


def build_private(s: PigeonsState, seat: int) -> PigeonsPrivate:
    top = s.frames[-1] if s.frames else None
    private: PigeonsPrivate = {"seat": seat, "hand": [card_view(s, c) for c in s.hands[seat]]}
    if top is not None and top["k"] == "pick" and top["seat"] == seat:
        private["picked"] = [card_id(c) for c in top["picked"]]
        if top["purpose"] in ("recycle", "fancier_search"):
            private["search"] = [card_view(s, c) for c in s.discard]
    if top is not None and top["k"] == "multi" and seat in top["seats"]:
        private["picked"] = [card_id(c) for c in top["picked"][top["seats"].index(seat)]]
    return private


GAME = PigeonsGame()
