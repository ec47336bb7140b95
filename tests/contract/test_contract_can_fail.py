"""The conformance checks can fail: each deliberately broken game below is caught.

``Tiny`` is a small hidden-hand game built on Game, registered only here (it goes
through the very same ``play``, ``check_determinism`` and ``play_bots`` the registry's
games go through).  The sound version passes; each broken variant breaks one promise
of the contract and must make the suite fail with the matching message.  The real
games are broken the same way with monkeypatch (a view that leaks, a private half
that shows another seat's memory) to show the checks bite on them too.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from contract_kit import check_determinism, play, play_bots
from contract_secrets import REDEAL

from engine.bots import RandomBot
from engine.core import JSON, Event, IllegalMove, Option, Prompt, Rng
from engine.game import Game, check_names
from engine.games import REGISTRY

# --------------------------------------------------------------------- a tiny game


class TinyState:
    """Cards 0..7 with hidden values; each seat holds two; a played card is shown."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.values: list[int] = []
        self.hands: list[list[int]] = []
        self.table: list[int] = []
        self.seat = 0
        self.window: list[int] = []  # seats asked whether to clap the last card
        self.nid = 0
        self.result: dict[str, Any] | None = None

    def clone(self) -> TinyState:
        return TinyState.from_json(self.to_json())

    def to_json(self) -> dict[str, JSON]:
        return {
            "names": list(self.names),
            "values": list(self.values),
            "hands": [h[:] for h in self.hands],
            "table": self.table[:],
            "seat": self.seat,
            "window": self.window[:],
            "nid": self.nid,
            "result": None if self.result is None else dict(self.result),
        }

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> TinyState:
        s = cls()
        s.names = list(data["names"])
        s.values = list(data["values"])
        s.hands = [list(h) for h in data["hands"]]
        s.table = list(data["table"])
        s.seat = data["seat"]
        s.window = list(data["window"])
        s.nid = data["nid"]
        s.result = None if data["result"] is None else dict(data["result"])
        return s


class Tiny(Game[TinyState]):
    state_class = TinyState
    rules_file = Path(__file__)
    id = "tiny"
    title = "Tiny"
    min_players = 2
    max_players = 3
    options = ()
    bot_levels = ("random",)
    default_bot = "random"

    def setup(self, names: list[str], seed: int, options: dict[str, JSON] | None = None) -> Any:
        check_names(self, names)
        s = TinyState()
        s.names = list(names)
        rng = Rng(seed)
        s.values = list(range(8))
        rng.shuffle(s.values)
        cards = list(range(8))
        rng.shuffle(cards)
        s.hands = [[cards.pop(), cards.pop()] for _ in names]
        return s

    def prompts(self, state: TinyState) -> list[Prompt]:
        s = state
        if s.result is not None:
            return []
        if s.window:
            clap = (Option("pass", "Stay quiet"), Option("clap", "Clap"))
            return [
                Prompt(f"w{s.nid}.{x}", x, "window", "Clap?", clap, pass_option="pass")
                for x in s.window
            ]
        opts = tuple(self.card_option(s, c) for c in s.hands[s.seat])
        return [Prompt(f"t{s.nid}.{s.seat}", s.seat, "turn", "Play a card.", opts)]

    def card_option(self, s: TinyState, card: int) -> Option:
        return Option(f"play:c{card}", f"Play {s.values[card]}")

    def step(self, s: TinyState, seat: int, prompt: Prompt, option_id: str) -> list[Event]:
        name = s.names[seat]
        if prompt.kind == "window":
            s.window.remove(seat)
            return [Event(f"{name} claps.")] if option_id == "clap" else []
        card = int(option_id[6:])
        s.hands[seat].remove(card)
        s.table.append(card)
        s.nid += 1
        s.window = [x for x in range(len(s.names)) if x != seat]
        events = [self.play_event(s, seat, card)]
        s.seat = (seat + 1) % len(s.names)
        if not any(s.hands):
            totals = [0] * len(s.names)
            for i, c in enumerate(s.table):
                totals[i % len(s.names)] += s.values[c]
            best = max(totals)
            s.window = []
            s.result = {
                "winners": [x for x, t in enumerate(totals) if t == best],
                "reason": "The highest total wins.",
                "scores": totals,
            }
        return events

    def play_event(self, s: TinyState, seat: int, card: int) -> Event:
        return Event(f"{s.names[seat]} plays {s.values[card]}.")

    def card_view(self, s: TinyState, card: int) -> dict[str, JSON]:
        return {"id": f"c{card}", "value": s.values[card]}

    def build_public(self, s: TinyState) -> dict[str, JSON]:
        return {
            "table": [self.card_view(s, c) for c in s.table],
            "cards": [len(h) for h in s.hands],
            "turn": s.seat,
        }

    def build_private(self, s: TinyState, seat: int) -> dict[str, JSON]:
        return {"hand": [self.card_view(s, c) for c in s.hands[seat]]}


def redeal_tiny(s: TinyState, observer: int | None, rng: Rng) -> TinyState | None:
    """The values of every card the observer has not seen, dealt again."""
    if s.result is not None:
        return None
    hidden = [c for c in range(8) if c not in s.table]
    if observer is not None:
        hidden = [c for c in hidden if c not in s.hands[observer]]
    other = s.clone()
    dealt = [s.values[c] for c in hidden]
    rng.shuffle(dealt)
    for c, v in zip(hidden, dealt, strict=True):
        other.values[c] = v
    return other


def run(game: Tiny, n: int = 3) -> None:
    for seed in (1, 2, 3):
        play(game, n, seed, redeal=redeal_tiny)
    check_determinism(game, n, seed=5)
    play_bots(game, ["random"] * n, seed=6)


def test_the_sound_tiny_game_passes_every_check() -> None:
    run(Tiny(), 2)
    run(Tiny(), 3)


class StructuredTiny(Tiny):
    """Tiny whose turn also takes a structured answer ``card:<n>`` (as a tile's
    placement does), checked by the game itself."""

    def prompts(self, state: TinyState) -> list[Prompt]:
        return [
            p._replace(answer="card") if p.kind == "turn" else p for p in super().prompts(state)
        ]

    def answers(self, state: TinyState, prompt: Prompt) -> list[str]:
        return [f"card:{c}" for c in state.hands[prompt.seat]] if prompt.answer else []

    def step(self, s: TinyState, seat: int, prompt: Prompt, option_id: str) -> list[Event]:
        if option_id.startswith("card:"):
            arg = option_id[5:]
            if not (arg.isdigit() and int(arg) in s.hands[seat]):
                raise IllegalMove(f"You hold no card {arg!r}.")
            option_id = f"play:c{arg}"
        return super().step(s, seat, prompt, option_id)


def test_a_sound_game_with_structured_answers_passes_every_check() -> None:
    run(StructuredTiny(), 3)


# --------------------------------------------------------------------- broken games


class DuplicateOptions(Tiny):
    def prompts(self, state: TinyState) -> list[Prompt]:
        out = super().prompts(state)
        if out and out[0].kind == "turn":
            p = out[0]
            return [p._replace(options=(*p.options, p.options[0]))]
        return out


class EmptyPrompt(Tiny):
    def prompts(self, state: TinyState) -> list[Prompt]:
        return [p._replace(options=()) if p.kind == "window" else p for p in super().prompts(state)]


class SeatOutOfRange(Tiny):
    def prompts(self, state: TinyState) -> list[Prompt]:
        return [p._replace(seat=p.seat + 5) for p in super().prompts(state)]


class SamePromptIds(Tiny):
    def prompts(self, state: TinyState) -> list[Prompt]:
        return [p._replace(id="same") for p in super().prompts(state)]


class AcceptsUnknownOptions(Tiny):
    """An unknown option is taken as the first one."""

    def apply(self, state: TinyState, seat: int, prompt_id: str, option_id: str) -> list[Event]:
        prompt = next((p for p in self.prompts(state) if p.id == prompt_id), None)
        if prompt is not None and prompt.seat == seat and prompt.option(option_id) is None:
            option_id = prompt.options[0].id
        return super().apply(state, seat, prompt_id, option_id)


class TakesAnyStructuredAnswer(Tiny):
    """Its turn takes a structured answer (``card:<n>``) as well, and plays the first
    card for one it cannot read instead of refusing it."""

    def prompts(self, state: TinyState) -> list[Prompt]:
        return [
            p._replace(answer="card") if p.kind == "turn" else p for p in super().prompts(state)
        ]

    def answers(self, state: TinyState, prompt: Prompt) -> list[str]:
        return [f"card:{c}" for c in state.hands[prompt.seat]] if prompt.answer else []

    def step(self, s: TinyState, seat: int, prompt: Prompt, option_id: str) -> list[Event]:
        if option_id.startswith("card:"):
            arg = option_id[5:]
            card = int(arg) if arg.isdigit() and int(arg) in s.hands[seat] else s.hands[seat][0]
            option_id = f"play:c{card}"
        return super().step(s, seat, prompt, option_id)


class ChangesStateThenRefuses(Tiny):
    """Refuses an unknown prompt, but only after moving the turn on."""

    def apply(self, state: TinyState, seat: int, prompt_id: str, option_id: str) -> list[Event]:
        if all(p.id != prompt_id for p in self.prompts(state)):
            state.nid += 1
        return super().apply(state, seat, prompt_id, option_id)


class ForgetsTheWindowInSaves(Tiny):
    def state_to_json(self, state: TinyState) -> dict[str, JSON]:
        data = state.to_json()
        data["window"] = []
        return data


class SharedClone(Tiny):
    def clone(self, state: TinyState) -> TinyState:
        return state  # not a copy: answering on it changes the original


class GlobalRandom(Tiny):
    """Deals with the global random generator, not the seed."""

    def setup(self, names: list[str], seed: int, options: dict[str, JSON] | None = None) -> Any:
        return super().setup(names, random.randrange(2**32), options)


class HandInPublic(Tiny):
    """Shows seat 0's hand to everyone."""

    def build_public(self, s: TinyState) -> dict[str, JSON]:
        return {**super().build_public(s), "first_hand": [self.card_view(s, c) for c in s.hands[0]]}


class BestCardInPublic(Tiny):
    """Names no hidden id, but tells everyone the best value in seat 0's hand."""

    def build_public(self, s: TinyState) -> dict[str, JSON]:
        best = max((s.values[c] for c in s.hands[0]), default=None)
        return {**super().build_public(s), "seat0_best": best}


class OtherSeatsHand(Tiny):
    """Shows each seat the next seat's hand in its private half."""

    def build_private(self, s: TinyState, seat: int) -> dict[str, JSON]:
        nxt = (seat + 1) % len(s.names)
        return {
            **super().build_private(s, seat),
            "peek": [self.card_view(s, c) for c in s.hands[nxt]],
        }


class SpectatorSeesAHand(Tiny):
    """A view not split in halves (so no id is anyone's private one) that shows a
    spectator seat 0's hand: only the redeal check can see it."""

    def view(self, state: TinyState, seat: int | None) -> dict[str, JSON]:
        hand = self.build_private(state, 0 if seat is None else seat)["hand"]
        return {**self.build_public(state), "hand": hand}


class NamesTheCardLeft(Tiny):
    """The public log line names the card the player keeps."""

    def play_event(self, s: TinyState, seat: int, card: int) -> Event:
        left = "".join(f" (keeps c{c})" for c in s.hands[seat])
        return Event(f"{s.names[seat]} plays {s.values[card]}{left}.")


class SecretToEveryone(Tiny):
    """A secret line whose public text is someone else's secret."""

    def play_event(self, s: TinyState, seat: int, card: int) -> Event:
        return Event("You play it.", ((seat, "You play it."), (seat, "twice")))


class CheatingBot(RandomBot):
    """Handed the state by whoever made it: it reads the hands through ``self``."""

    peek: Any = None

    def choose(self, view: dict[str, JSON], prompt: Prompt) -> str:
        table = self.peek
        if table is not None:
            _ = table.hands
        return super().choose(view, prompt)


class BotReadsState(Tiny):
    last: Any = None

    def setup(self, names: list[str], seed: int, options: dict[str, JSON] | None = None) -> Any:
        s = self.last = super().setup(names, seed, options)
        return s

    def bot(self, level: str, seat: int, seed: int) -> Any:
        b = CheatingBot(seat, seed)
        b.peek = self.last
        return b


STOLEN: Any = None
"""Where BotReadsAGlobal's game leaves its state, for its bot to read."""


class GlobalCheatingBot(RandomBot):
    """Reads the hands through a module's global."""

    def choose(self, view: dict[str, JSON], prompt: Prompt) -> str:
        if STOLEN is not None:
            _ = STOLEN.hands
        return super().choose(view, prompt)


class BotReadsAGlobal(Tiny):
    def setup(self, names: list[str], seed: int, options: dict[str, JSON] | None = None) -> Any:
        global STOLEN
        s = STOLEN = super().setup(names, seed, options)
        return s

    def bot(self, level: str, seat: int, seed: int) -> Any:
        return GlobalCheatingBot(seat, seed)


class BotForgetsOnReload(Tiny):
    class Bot(RandomBot):
        def load_json(self, data: dict[str, Any]) -> None:
            self.rng = Rng(int(data["rng"]) + 1)

    def bot(self, level: str, seat: int, seed: int) -> Any:
        return self.Bot(seat, seed)


BROKEN = [
    (DuplicateOptions, "repeats option ids"),
    (EmptyPrompt, "has no options"),
    (SeatOutOfRange, "seat"),
    (SamePromptIds, "prompt ids are not unique"),
    (AcceptsUnknownOptions, "was accepted"),
    (TakesAnyStructuredAnswer, "was accepted"),
    (ChangesStateThenRefuses, "changed the state"),
    (ForgetsTheWindowInSaves, "round trip is not exact|asks other things"),
    (SharedClone, "clone"),
    (GlobalRandom, "same seed"),
    (HandInPublic, "depends on what"),
    (BestCardInPublic, "depends on what"),
    (OtherSeatsHand, "view names"),
    (SpectatorSeesAHand, "the spectator's view depends on what the spectator may not"),
    (NamesTheCardLeft, "names seat"),
    (SecretToEveryone, "two secrets for one seat"),
    (BotReadsState, "reached the game state"),
    (BotReadsAGlobal, "reached the game state: .*global STOLEN"),
    (BotForgetsOnReload, "reloaded from its JSON"),
]


@pytest.mark.parametrize(("broken", "message"), BROKEN, ids=[b.__name__ for b, _ in BROKEN])
def test_a_broken_game_fails_the_suite(broken: type[Tiny], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        run(broken(), 3)


# --------------------------------------------------------------- the real games, broken


def test_a_real_public_view_that_shows_a_hand_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ids in the public half are public: the redeal (non-interference) check sees it.
    from engine.games.pigeons import rules

    sound = rules.build_public

    def leaky(s: Any) -> dict[str, JSON]:
        return {**sound(s), "peek": [rules.card_view(s, c) for c in s.hands[0]]}

    monkeypatch.setattr(rules, "build_public", leaky)
    # Past the schema (which refuses the unknown key at once), to the leak checks.
    monkeypatch.setattr(rules.PigeonsGame, "public_schema", None)
    with pytest.raises(AssertionError, match="the spectator's view depends on what"):
        play(REGISTRY["pigeons"], 3, 1, redeal=REDEAL["pigeons"])


def test_a_real_private_view_that_shows_the_next_hand_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine.games.pigeons import rules

    sound = rules.build_private

    def leaky(s: Any, seat: int) -> dict[str, JSON]:
        nxt = (seat + 1) % s.n
        return {**sound(s, seat), "peek": [rules.card_view(s, c) for c in s.hands[nxt]]}

    monkeypatch.setattr(rules, "build_private", leaky)
    # Past the schema (which refuses the unknown key at once), to the leak checks.
    monkeypatch.setattr(rules.PigeonsGame, "private_schema", None)
    with pytest.raises(AssertionError, match=r"view names .* only seat 0's private view"):
        play(REGISTRY["pigeons"], 3, 1)  # the id check alone, without the redeal


def test_a_real_private_view_with_another_seats_memory_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Stool Pigeon names face-down cards by position, never by id: only the redeal
    # (non-interference) check can see this one.
    from engine.games.stool import rules

    sound = rules.build_private

    def leaky(s: Any, seat: int) -> dict[str, JSON]:
        return sound(s, (seat + 1) % s.n)

    monkeypatch.setattr(rules, "build_private", leaky)
    with pytest.raises(AssertionError, match=re.escape("'s view depends on what")):
        play(REGISTRY["stool"], 3, 1, redeal=REDEAL["stool"])


def test_a_real_public_strength_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.games.perch import rules

    sound = rules.build_public

    def leaky(s: Any) -> dict[str, JSON]:
        out = sound(s)
        for b in out["branches"]:
            token = s.tokens.get(b["name"])
            b["strength"] = None if token is None else token[1]
        return out

    monkeypatch.setattr(rules, "build_public", leaky)
    with pytest.raises(AssertionError, match=r"view depends on what .* may not know"):
        play(REGISTRY["perch"], 2, 1, redeal=REDEAL["perch"])


def test_a_why_not_that_tells_another_hand_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Why can't I...?" must read the seat's own side: one that counts the next
    # seat's cats tells it what that hand holds.
    from engine.games.pigeons import rules

    sound = rules.PigeonsGame.why_not

    def leaky(self: Any, s: Any, seat: int) -> list[str]:
        nxt = (seat + 1) % s.n
        cats = sum(1 for c in s.hands[nxt] if s.faces[c] == "cat")
        return [*sound(self, s, seat), f"The next player holds {cats} cats."]

    monkeypatch.setattr(rules.PigeonsGame, "why_not", leaky)
    with pytest.raises(AssertionError, match="why_not depends on what"):
        play(REGISTRY["pigeons"], 3, 1, redeal=REDEAL["pigeons"])
