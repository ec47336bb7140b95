"""The Table, on a tiny fake game (no real game needed).

"Count" : seats take turns adding 1, 2 or the hidden card they hold to a shared
total; every add opens a reaction window in which every other seat may
"block" it (pass_option "pass").  Playing your card draws a new one: the draw
is a secret for that seat only.  Whoever brings the total to the target wins.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine.core import JSON, Event, IllegalMove, Option, Outcome, Prompt, Rng, RuleOption
from engine.game import Game
from engine.games import REGISTRY
from engine.session import AUTO_PASS_KIND, START_KIND, SaveError, SeatConfig, Table

# ---------------------------------------------------------------------------- the fake game


@dataclass
class CountState:
    names: list[str]
    target: int
    bias: int
    rng: int
    total: int = 0
    turn: int = 0
    move: int = 0
    hands: list[int] = field(default_factory=list)
    pending: dict[str, Any] | None = None  # {"adder", "amount", "waiting": [...], "blocked"}
    winner: int | None = None


class CountGame(Game[Any]):
    id = "count"
    title = "Count"
    min_players = 2
    max_players = 3
    bot_levels = ("heuristic", "broken", "crash", "blind")
    default_bot = "heuristic"
    options = (
        RuleOption("target", "Target", 10),
        RuleOption("bias", "Shifts every dealt card (to change hands, same seed)", 0),
    )

    def _deal(self, state: CountState, rng: Rng) -> int:
        return 1 + (rng.below(3) + state.bias) % 3

    def setup(self, names: list[str], seed: int, options: dict[str, JSON] | None = None) -> Any:
        opts = {"target": 10, "bias": 0, **(options or {})}
        rng = Rng(seed)
        state = CountState(list(names), int(opts["target"]), int(opts["bias"]), 0)
        state.hands = [self._deal(state, rng) for _ in names]
        state.rng = rng.state
        return state

    def prompts(self, state: CountState) -> list[Prompt]:
        if state.winner is not None:
            return []
        if state.pending is not None:
            who = state.names[state.pending["adder"]]
            return [
                Prompt(
                    f"w{state.move}",  # one id shared by every asked seat
                    seat,
                    "react",
                    f"Block {who}'s +{state.pending['amount']}?",
                    (Option("pass", "Let it be"), Option("block", "Block")),
                    pass_option="pass",
                )
                for seat in state.pending["waiting"]
            ]
        return [
            Prompt(
                f"t{state.move}",
                state.turn,
                "turn",
                "Add how much?",
                (Option("1", "+1"), Option("2", "+2"), Option("card", "Play your card")),
            )
        ]

    def step(self, state: CountState, seat: int, prompt: Prompt, option_id: str) -> list[Event]:
        name = state.names[seat]
        if prompt.kind == "turn":
            events = []
            if option_id == "card":
                amount = state.hands[seat]
                rng = Rng(state.rng)
                state.hands[seat] = self._deal(state, rng)
                state.rng = rng.state
                events.append(
                    Event(
                        f"{name} plays a {amount} and draws a card",
                        ((seat, f"{name} plays a {amount} and draws a {state.hands[seat]}"),),
                    )
                )
            else:
                amount = int(option_id)
                events.append(Event(f"{name} adds {amount}"))
            waiting = [s for s in range(len(state.names)) if s != seat]
            state.pending = {"adder": seat, "amount": amount, "waiting": waiting, "blocked": False}
            state.move += 1
            return events
        assert state.pending is not None
        state.pending["waiting"].remove(seat)
        events = []
        if option_id == "block":
            state.pending["blocked"] = True
            events.append(Event(f"{name} blocks"))
        if not state.pending["waiting"]:
            pending, state.pending = state.pending, None
            if pending["blocked"]:
                events.append(Event("Blocked!"))
            else:
                state.total += pending["amount"]
                events.append(Event(f"Total {state.total}"))
                if state.total >= state.target:
                    state.winner = pending["adder"]
            state.turn = (state.turn + 1) % len(state.names)
            state.move += 1
        return events

    def build_public(self, state: CountState) -> dict[str, JSON]:
        return {"total": state.total, "turn": state.turn}

    def build_private(self, state: CountState, seat: int) -> dict[str, JSON]:
        return {"hand": state.hands[seat]}

    def outcome(self, state: CountState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome((state.winner,), "reached the target")

    def state_to_json(self, state: CountState) -> dict[str, JSON]:
        return {
            "names": state.names,
            "target": state.target,
            "bias": state.bias,
            "rng": state.rng,
            "total": state.total,
            "turn": state.turn,
            "move": state.move,
            "hands": state.hands,
            "pending": state.pending,
            "winner": state.winner,
        }

    def state_from_json(self, data: dict[str, JSON]) -> Any:
        state = CountState(**data)
        if not isinstance(state.total, int) or not isinstance(state.hands, list):
            raise TypeError("bad state")
        if len(state.hands) != len(state.names):
            raise ValueError("one hand per player")
        return state

    def clone(self, state: CountState) -> Any:
        return self.state_from_json(json.loads(json.dumps(self.state_to_json(state))))

    def rules_text(self) -> str:
        return "Count to the target."

    def bot(self, level: str, seat: int, seed: int) -> Any:  # no random level here
        if level not in CountBot.LEVELS:
            raise ValueError(f"no bot level {level!r}")
        return CountBot(level, seat, seed)


def hand_of(view: dict[str, JSON]) -> object:
    return (view.get("private") or {}).get("hand")


class CountBot:
    """heuristic: plays its card when it is a 3, blocks holding a 1 (the choice
    depends on the hand).  broken: answers nonsense.  crash: raises.
    blind: needs no view."""

    LEVELS = ("heuristic", "broken", "crash", "blind")

    def __init__(self, level: str, seat: int, seed: int) -> None:
        self.level = level
        self.seat = seat
        self.rng = Rng(seed)
        self.heard: list[Event] = []
        self.views: list[dict[str, JSON]] = []
        self.needs_view = level != "blind"

    def choose(self, view: dict[str, JSON], prompt: Prompt) -> str:
        self.views.append(view)
        if self.level == "broken":
            return "no-such-option"
        if self.level == "crash":
            raise RuntimeError("secret: I hold a 3")
        if prompt.kind == "react":
            return "block" if hand_of(view) == 1 and self.rng.below(2) else "pass"
        if hand_of(view) == 3:
            return "card"
        return str(self.rng.choice(["1", "2"]))

    def observe(self, events: list[Event]) -> None:
        self.heard.extend(events)

    def to_json(self) -> dict[str, JSON]:
        return {"level": self.level, "seat": self.seat, "rng": self.rng.state}

    def load_json(self, data: dict[str, Any]) -> None:
        self.rng = Rng(int(data["rng"]))


GAME = CountGame()
GAMES = {GAME.id: GAME}


class FakeClock:
    def __init__(self, t: float = 100.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def humans(*names: str) -> list[SeatConfig]:
    return [SeatConfig(n) for n in names]


def make(
    seats: list[SeatConfig] | None = None,
    seed: int = 7,
    clock: FakeClock | None = None,
    options: dict[str, Any] | None = None,
    window_seconds: float | None = None,
    **kw: Any,
) -> Table:
    """A table of the fake game; windows never expire unless asked."""
    return Table(
        GAME,  # type: ignore[arg-type]
        seats or humans("Ann", "Bob"),
        seed,
        options,
        clock=clock or FakeClock(),
        window_seconds=window_seconds,
        **kw,
    )


def snapshot(table: Table) -> str:
    return json.dumps(table.to_json(), sort_keys=True)


def moves(table: Table) -> list[Event]:
    """The log after the table's own first line (who starts)."""
    assert table.log[0].kind == START_KIND
    return table.log[1:]


def moves_for(table: Table, seat: int | None) -> list[str]:
    return table.log_for(seat)[1:]


def turn(table: Table) -> Prompt:
    (p,) = [p for p in table.prompts() if p.kind == "turn"]
    return p


# ---------------------------------------------------------------------------- seats & answers


def test_seat_config_round_trip_and_checks() -> None:
    seat = SeatConfig("Ann", "bot", "random")
    assert SeatConfig.from_json(seat.to_json()) == seat
    assert SeatConfig.from_json({"name": "Bob"}) == SeatConfig("Bob")
    with pytest.raises(ValueError):
        SeatConfig("Ann", "robot")
    with pytest.raises(ValueError):
        SeatConfig.from_json({"name": 3})


def test_table_basics() -> None:
    table = make(humans("Ann", "Bob", "Cy"))
    assert (table.n_seats, table.seed, table.game.id) == (3, 7, "count")
    assert [s.name for s in table.seats] == ["Ann", "Bob", "Cy"]
    assert table.view(1)["private"]["hand"] == table.state.hands[1]
    assert table.view(None)["private"] == {}
    assert [p.id for p in table.prompts()] == ["t0"]
    assert table.prompts_for(0) == table.prompts() and table.prompts_for(1) == []
    assert table.humans_waiting() == [0]
    assert table.outcome() is None and not table.is_over
    with pytest.raises(ValueError, match="2 to 3 players"):
        make(humans("Solo"))


def test_answer_applies_logs_and_opens_window() -> None:
    table = make(humans("Ann", "Bob", "Cy"))
    events = table.answer(0, "t0", "2")
    assert [e.text for e in events] == ["Ann adds 2"]
    assert moves(table) == events
    assert [(p.id, p.seat) for p in table.prompts()] == [("w1", 1), ("w1", 2)]
    assert table.humans_waiting() == [1, 2]
    table.answer(2, "w1", "pass")
    table.answer(1, "w1", "pass")
    assert table.state.total == 2
    assert moves_for(table, None) == ["Ann adds 2", "Total 2"]
    assert table.humans_waiting() == [1]


def test_prompts_are_cached_until_the_state_changes() -> None:
    table = make()
    calls = 0
    real = GAME.prompts

    def counting(state: CountState) -> list[Prompt]:
        nonlocal calls
        calls += 1
        return real(state)

    table._game = _Shim(prompts=counting)
    for _ in range(5):
        table.prompts()
        table.humans_waiting()
        table.prompts_for(0)
    assert calls == 0
    table.answer(0, "t0", "1")
    assert calls == 1
    table.prompts()
    assert calls == 1


@pytest.mark.parametrize(
    ("seat", "prompt_id", "option_id", "message"),
    [
        (0, "t9", "1", "not open"),  # no such prompt
        (1, "t0", "1", "Ann's to make"),  # another seat's prompt
        (0, "t0", "3", "not one of the choices"),  # option not offered
        (0, "t0", "pass", "not one of the choices"),
        (5, "t0", "1", "no seat"),
        (-1, "t0", "1", "no seat"),
    ],
)
def test_illegal_answers_change_nothing(
    seat: int, prompt_id: str, option_id: str, message: str
) -> None:
    table = make()
    seen: list[list[Event]] = []
    table.subscribe(seen.append)
    before = snapshot(table)
    with pytest.raises(IllegalMove, match=message):
        table.answer(seat, prompt_id, option_id)
    assert snapshot(table) == before and seen == [] and moves(table) == []


def test_illegal_answers_in_a_window_and_after_the_end() -> None:
    table = make(options={"target": 2})
    table.answer(0, "t0", "2")
    before = snapshot(table)
    for seat, pid, opt in [(0, "w1", "pass"), (1, "t0", "1"), (1, "w1", "1")]:
        with pytest.raises(IllegalMove):
            table.answer(seat, pid, opt)
        assert snapshot(table) == before
    table.answer(1, "w1", "pass")
    assert table.is_over and table.outcome() == Outcome((0,), "reached the target")
    assert table.prompts() == [] and table.humans_waiting() == []
    before = snapshot(table)
    with pytest.raises(IllegalMove, match="over"):
        table.answer(1, "t2", "1")
    assert snapshot(table) == before


def test_illegal_move_from_the_game_changes_nothing() -> None:
    table = make()

    def refuse(*args: Any) -> list[Event]:
        raise IllegalMove("the rules say no")

    table._game = _Shim(apply=refuse)
    with pytest.raises(IllegalMove, match="rules say no"):
        table.answer(0, "t0", "1")
    assert moves(table) == [] and [p.id for p in table.prompts()] == ["t0"]


class _Shim:
    """GAME with some methods replaced."""

    def __init__(self, **overrides: Any) -> None:
        self.__dict__.update(overrides)

    def __getattr__(self, name: str) -> Any:
        return getattr(GAME, name)


# ---------------------------------------------------------------------------- windows


def test_window_expires_into_a_pass() -> None:
    clock = FakeClock(100.0)
    table = make(humans("Ann", "Bob", "Cy"), clock=clock, window_seconds=8.0)
    assert table.window_remaining() is None and table.next_due() is None
    table.answer(0, "t0", "2")
    assert table.deadline("w1") == 108.0 and table.deadline("w1", seat=2) == 108.0
    assert table.deadline("t0") is None
    assert table.next_due() == 108.0
    clock.t = 103.0
    assert table.window_remaining() == 5.0
    assert table.tick() == []  # nothing due yet
    table.answer(1, "w1", "block")
    assert table.deadline("w1", seat=1) is None and table.deadline("w1") == 108.0
    clock.t = 108.0
    events = table.tick()
    assert [e.text for e in events] == ["Blocked!"]  # Cy's silence was a pass
    assert table.state.total == 0 and [p.id for p in table.prompts()] == ["t2"]
    assert table.window_remaining() is None and table.next_due() is None


def test_window_closes_early_when_everyone_answered() -> None:
    clock = FakeClock()
    table = make(humans("Ann", "Bob", "Cy"), clock=clock, window_seconds=8.0)
    table.answer(0, "t0", "1")
    table.answer(1, "w1", "pass")
    table.answer(2, "w1", "pass")
    assert table.state.total == 1
    assert table.deadline("w1") is None and table.next_due() is None
    clock.t += 60
    assert table.tick() == []


def test_a_reopened_window_gets_a_fresh_deadline() -> None:
    clock = FakeClock(0.0)
    table = make(clock=clock, window_seconds=5.0)
    table.answer(0, "t0", "1")
    clock.t = 5.0
    table.tick()
    assert table.state.total == 1
    clock.t = 20.0
    table.answer(1, "t2", "1")
    assert table.deadline("w3") == 25.0


@pytest.mark.parametrize("window", [None, 0])
def test_windows_without_a_time_limit_never_expire(window: float | None) -> None:
    clock = FakeClock()
    table = make(clock=clock, window_seconds=window)
    table.answer(0, "t0", "1")
    assert table.deadline("w1") is None and table.window_remaining() is None
    clock.t += 10_000
    assert table.tick() == [] and table.tick(now=1e12) == []
    assert [p.id for p in table.prompts()] == ["w1"]


def test_freezing_and_restarting_the_countdown() -> None:
    clock = FakeClock(0.0)
    table = make(clock=clock, window_seconds=8.0)
    table.answer(0, "t0", "1")
    table.window_seconds = None  # freeze
    assert table.window_remaining() is None
    clock.t = 50.0
    assert table.tick() == []
    table.window_seconds = 4.0  # restart from now
    assert table.deadline("w1") == 54.0


# ---------------------------------------------------------------------------- bots


def bots(*levels: str) -> list[SeatConfig]:
    return [SeatConfig(f"Bot{i}", "bot", lv) for i, lv in enumerate(levels)]


def test_bots_answer_after_their_delay() -> None:
    clock = FakeClock(0.0)
    table = make([SeatConfig("Ann"), SeatConfig("Bo", "bot")], clock=clock, bot_delay=(1.0, 2.0))
    table.answer(0, "t0", "2")
    due = table.next_due()
    assert due is not None and 1.0 <= due <= 2.0
    clock.t = due - 0.01
    assert table.tick() == []
    clock.t = due
    assert table.tick()  # the bot answered the window...
    assert [p.kind for p in table.prompts()] == ["turn"] and table.prompts()[0].seat == 1
    # ...and its own turn is due after a fresh delay from now.
    second = table.next_due()
    assert second is not None and due + 1.0 <= second <= due + 2.0
    assert table.tick() == []


def test_after_a_pause_windows_and_bots_start_their_time_afresh() -> None:
    """A hand-off curtain (or the rules screen) pauses the table: afterwards the window's
    countdown and a bot's thinking time both start again from now, so the bot cannot
    answer the instant the pause ends (in Stool Pigeon it would end a race a claimer
    has just been handed the screen for)."""
    clock = FakeClock(0.0)
    table = make(
        [SeatConfig("Ann"), SeatConfig("Bo", "bot")],
        clock=clock,
        window_seconds=8.0,
        bot_delay=(2.0, 2.0),
    )
    table.answer(0, "t0", "1")
    assert table.next_due() == 2.0  # the bot answers the window at 2.0
    clock.t = 1.5  # a curtain goes up...
    clock.t = 30.0  # ...and comes down much later
    table.restart_countdowns()
    assert table.deadline("w1") == 38.0 and table.next_due() == 32.0
    clock.t = 31.9
    assert table.tick() == []
    clock.t = 32.0
    assert table.tick()  # the bot answers after its whole delay


def test_tick_runs_everything_due_in_time_order() -> None:
    clock = FakeClock(0.0)
    table = make(bots("heuristic", "heuristic", "heuristic"), clock=clock, window_seconds=8.0)
    table.tick(now=1e9)  # everything falls due: the whole game plays out
    assert table.is_over and table.next_due() is None


def test_bot_prompts_in_a_window_are_answered_not_expired() -> None:
    clock = FakeClock(0.0)
    table = make([SeatConfig("Ann"), SeatConfig("Bo", "bot")], clock=clock, window_seconds=8.0)
    table.answer(0, "t0", "1")
    clock.t = 8.0  # the bot (due within 1.6 s) answers before the window closes
    table.tick()
    assert len(table._bots[1].views) == 1  # the bot was asked, not passed for


def delays_seen(bias: int) -> tuple[list[float], list[int]]:
    """Play a bots-only game one answer at a time; record every delay drawn."""
    clock = FakeClock(0.0)
    table = make(
        bots("heuristic", "heuristic", "heuristic"),
        seed=11,
        clock=clock,
        options={"bias": bias},
    )
    delays: list[float] = []
    for _ in range(200):
        due = table.next_due()
        if due is None:
            break
        delays.append(round(due - clock.t, 12))
        clock.t = due
        table.tick()
    return delays, list(table.state.hands)


def test_bot_delays_do_not_depend_on_what_bots_hold() -> None:
    quiet, hands_a = delays_seen(0)
    other, hands_b = delays_seen(1)
    assert hands_a != hands_b  # different hands...
    n = min(len(quiet), len(other))
    assert n > 5 and quiet[:n] == other[:n]  # ...same delays, draw for draw
    assert all(0 <= d <= 1.6 for d in quiet)


def test_run_bots_plays_instantly_and_stops_at_humans() -> None:
    clock = FakeClock(0.0)
    table = make([*bots("heuristic", "heuristic"), SeatConfig("Cy")], clock=clock)
    events = table.run_bots()
    assert events and table.humans_waiting() == [2]
    # It never passes for a human in a window: the window waits for Cy.
    assert {p.seat for p in table.prompts()} == {2}
    only_bots = make(bots("heuristic", "heuristic"))
    only_bots.run_bots()
    assert only_bots.is_over and only_bots.run_bots() == []


def test_run_bots_respects_max_answers() -> None:
    table = make(bots("heuristic", "heuristic"))
    table.run_bots(max_answers=3)
    assert len(table.log) >= 3 and table.state.move == 3 and not table.is_over


def test_same_seed_same_game() -> None:
    runs = []
    for _ in range(2):
        table = make(bots("heuristic", "heuristic", "heuristic"), seed=99)
        table.run_bots()
        runs.append((snapshot(table), table.log_for(None)))
    assert runs[0] == runs[1]
    other = make(bots("heuristic", "heuristic", "heuristic"), seed=100)
    other.run_bots()
    assert other.log_for(None) != runs[0][1]


@pytest.mark.parametrize("level", ["broken", "crash"])
def test_a_bad_bot_falls_back_to_the_first_option(
    level: str, caplog: pytest.LogCaptureFixture
) -> None:
    table = make([SeatConfig("Bad", "bot", level), SeatConfig("Ann")])
    table.run_bots()
    assert moves(table)[0].text == "Bad adds 1"  # "1" is the first option
    assert "secret" not in caplog.text  # the exception's message is not logged


def test_a_bot_answer_the_game_refuses_falls_back() -> None:
    table = make([SeatConfig("Bo", "bot"), SeatConfig("Ann")])

    def picky(state: Any, seat: int, prompt_id: str, option_id: str) -> list[Event]:
        if option_id != "2":
            raise IllegalMove("only 2 today")
        return GAME.apply(state, seat, prompt_id, option_id)

    table._game = _Shim(apply=picky)
    table.run_bots(max_answers=1)
    assert moves(table)[0].text == "Bo adds 2"


def test_bots_see_their_view_or_nothing() -> None:
    table = make([SeatConfig("A", "bot"), SeatConfig("B", "bot", "blind")])
    table.run_bots(max_answers=4)
    seeing, blind = table._bots[0], table._bots[1]
    assert seeing.views and all(hand_of(v) is not None for v in seeing.views)
    assert blind.views and all(v == {} for v in blind.views)


# ---------------------------------------------------------------- log, secrets, subscribers


def play_cards(table: Table) -> None:
    """Ann and Bob each play their hidden card once (drawing a secret new one)."""
    table.answer(0, "t0", "card")
    table.answer(1, "w1", "pass")
    table.answer(1, "t2", "card")
    table.answer(0, "w3", "pass")


def test_log_for_hides_other_seats_secrets() -> None:
    table = make(options={"target": 99})
    play_cards(table)
    ann, bob, spectator = moves_for(table, 0), moves_for(table, 1), moves_for(table, None)
    assert "draws a card" in spectator[0] and "draws a card" in spectator[2]
    assert "draws a " in ann[0] and "draws a card" not in ann[0]  # her own draw
    assert ann[2] == spectator[2]  # not Bob's
    assert bob[0] == spectator[0] and "draws a card" not in bob[2]


def test_bots_hear_only_their_own_secrets() -> None:
    table = make([SeatConfig("Ann"), SeatConfig("Bo", "bot")], options={"target": 99})
    table.answer(0, "t0", "card")
    bot = table._bots[1]
    assert bot.heard == [table.log[0].for_seat(1), Event(table.log[1].text)]  # Ann's lines stripped


def test_subscribers_hear_every_change_until_they_unsubscribe() -> None:
    table = make()
    heard: list[list[str]] = []
    unsubscribe = table.subscribe(lambda events: heard.append([e.text for e in events]))
    table.answer(0, "t0", "1")
    table.answer(1, "w1", "pass")
    assert heard == [["Ann adds 1"], ["Total 1"]]
    table.replace_seat(1, SeatConfig("Bob", "bot"))
    assert heard[-1] == []
    unsubscribe()
    unsubscribe()  # twice is fine
    assert table.run_bots()  # Bob's bot plays its turn...
    assert len(heard) == 3  # ...unheard


# ---------------------------------------------------------------------------- replacing seats


def test_replace_seat_keeps_the_game() -> None:
    clock = FakeClock(0.0)
    table = make(clock=clock, options={"target": 99})
    play_cards(table)
    state = json.dumps(GAME.state_to_json(table.state))
    table.replace_seat(0, SeatConfig("Ann (bot)", "bot"))
    assert json.dumps(GAME.state_to_json(table.state)) == state
    assert table.seats[0].kind == "bot" and table.humans_waiting() == []
    assert table.next_due() is not None  # the new bot's turn is due
    # The new bot heard the log as Ann may read it (her own secret, not Bob's).
    heard = [e.text_for(0) for e in table._bots[0].heard]
    assert heard == table.log_for(0)
    assert all(s == 0 for e in table._bots[0].heard for s, _ in e.secrets)
    table.replace_seat(0, SeatConfig("Ann", "remote"))
    assert 0 not in table._bots and table.next_due() is None
    assert table.humans_waiting() == []  # a remote seat is not a local human
    with pytest.raises(ValueError):
        table.replace_seat(2, SeatConfig("Zed"))


# ---------------------------------------------------------------------------- saving


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    clock = FakeClock(0.0)
    seats = [SeatConfig("Ann"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot", "blind")]
    table = make(seats, seed=5, clock=clock, window_seconds=6.0, options={"target": 30})
    table.answer(0, "t0", "card")
    table.tick(now=50.0)
    path = tmp_path / "game.json"
    table.save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temp file left
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["format"], data["version"], data["game"]) == ("purrch-table", 1, "count")
    assert set(data["bots"]) == {"1", "2"}

    loaded = Table.load(path, clock=clock, games=GAMES)
    assert snapshot(loaded) == snapshot(table)
    assert loaded.log == table.log and loaded.seats == table.seats
    assert (loaded.window_seconds, loaded.bot_delay, loaded.options) == (
        6.0,
        (0.6, 1.6),
        {"target": 30},
    )

    # Both carry on identically (same bots' memories, same delays).
    for t in (table, loaded):
        while not t.is_over:
            if t.humans_waiting():
                p = t.prompts_for(0)[0]
                t.answer(0, p.id, p.options[0].id)
            t.tick(now=1e9)
    assert snapshot(loaded) == snapshot(table)
    assert loaded.log_for(0) == table.log_for(0)


def test_deadlines_start_afresh_after_a_load() -> None:
    clock = FakeClock(0.0)
    table = make(clock=clock, window_seconds=8.0)
    table.answer(0, "t0", "1")
    clock.t = 7.0
    loaded = Table.from_json(table.to_json(), clock=clock, games=GAMES)
    assert loaded.deadline("w1") == 15.0


def test_autosave(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "auto.json"
    table = make(bots("heuristic", "heuristic"), autosave=path)
    assert not path.exists()
    table.run_bots()
    assert table.is_over and table.autosave_error is None
    assert json.loads(path.read_text())["log"] == [e.to_json() for e in table.log]
    loaded = Table.load(path, games=GAMES)
    assert loaded.is_over


def test_autosave_on_request_before_the_first_move(tmp_path: Path) -> None:
    """A new table writes nothing by itself; ``autosave()`` saves it now (the app does
    when a game starts), and a failure is kept as after a move."""
    path = tmp_path / "auto.json"
    table = make(autosave=path)
    assert not path.exists()
    table.autosave()
    assert Table.load(path, games=GAMES).to_json() == table.to_json()
    assert table.autosave_error is None
    blocked = make(autosave=path / "auto.json")  # a file where a folder should be
    blocked.autosave()
    assert blocked.autosave_error and "could not autosave" in blocked.autosave_error
    unsaved = make(autosave=None)
    unsaved.autosave()  # nothing to save to: nothing is written
    assert unsaved.autosave_error is None
    assert [f.name for f in tmp_path.iterdir()] == ["auto.json"]


def test_autosave_failure_does_not_stop_the_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    table = make(autosave=blocker / "auto.json")  # a folder that cannot exist
    table.answer(0, "t0", "1")
    assert table.autosave_error and "could not autosave" in table.autosave_error
    assert len(moves(table)) == 1


def good_save() -> dict[str, Any]:
    table = make([SeatConfig("Ann"), SeatConfig("Bo", "bot")])
    table.answer(0, "t0", "1")
    return table.to_json()


def _set(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = good_save()
    where: Any = data
    for key in path[:-1]:
        where = where[key]
    if value is _DELETE:
        del where[path[-1]]
    else:
        where[path[-1]] = value
    return data


_DELETE = object()

CORRUPT: list[tuple[str, Any]] = [
    ("not an object", [1, 2]),
    ("null", None),
    ("wrong format", _set(("format",), "chess")),
    ("no format", _set(("format",), _DELETE)),
    ("future version", _set(("version",), 2)),
    ("version true", _set(("version",), True)),
    ("unknown game", _set(("game",), "chess")),
    ("no seed", _set(("seed",), _DELETE)),
    ("seed text", _set(("seed",), "7")),
    ("seats not a list", _set(("seats",), {"0": "Ann"})),
    ("bad seat kind", _set(("seats", 0, "kind"), "ghost")),
    ("too few seats", _set(("seats",), [{"name": "Ann"}])),
    ("bad log line", _set(("log", 0), "Ann adds 1")),
    ("log line without text", _set(("log", 0), {"kind": "info"})),
    ("no bot memory", _set(("bots",), {})),
    ("bad bot memory", _set(("bots", "1"), {"rng": "x"})),
    ("unknown bot level", _set(("seats", 1, "level"), "genius")),
    ("bad window", _set(("window_seconds",), "8")),
    ("negative window", _set(("window_seconds",), -1)),
    ("bad delay", _set(("bot_delay",), [2, 1])),
    ("no delay rng", _set(("delay_rng",), _DELETE)),
    ("no state", _set(("state",), _DELETE)),
    ("state missing a key", _set(("state", "hands"), _DELETE)),
    ("state with an extra key", _set(("state", "cheat"), 1)),
    ("state the game refuses", _set(("state", "hands"), [1])),
    ("state of the wrong type", _set(("state", "total"), "ten")),
    ("state the game cannot carry on", _set(("state", "pending", "waiting"), [9])),
    ("state the game chokes on", _set(("state", "pending"), {"waiting": [1]})),
]


@pytest.mark.parametrize(("what", "data"), CORRUPT, ids=[c[0] for c in CORRUPT])
def test_corrupt_saves_raise_save_error(what: str, data: Any) -> None:
    with pytest.raises(SaveError) as info:
        Table.from_json(data, games=GAMES)
    message = str(info.value)
    assert message and "\n" not in message and len(message) < 200


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_save_with_a_seat_too_many_is_refused(game_id: str) -> None:
    """A seat that the game state has no player for (a hand-edited save) would sit
    at the table with no hand: refused, in words."""
    game = REGISTRY[game_id]
    seats = [SeatConfig(f"P{i}") for i in range(game.min_players)]
    data = Table(game, seats, seed=3, window_seconds=None).to_json()
    data["seats"].append(SeatConfig("X").to_json())
    with pytest.raises(SaveError, match=f"damaged save: {len(seats) + 1} seats"):
        Table.from_json(data)


def test_a_field_of_the_wrong_type_is_named_in_words() -> None:
    data = Table("pigeons", [SeatConfig("Ann"), SeatConfig("Bo")], seed=3).to_json()
    data["state"]["hands"] = None
    with pytest.raises(SaveError) as info:
        Table.from_json(data)
    assert str(info.value).startswith("damaged save: something in it is not as Purrch writes")


def test_corrupt_files_raise_save_error(tmp_path: Path) -> None:
    cases = {
        "missing.json": None,
        "garbage.json": "{not json",
        "empty.json": "",
        "binary.json": b"\xff\xfe\x00",
        "list.json": "[]",
        "old.json": json.dumps({**good_save(), "version": 0}),
    }
    for name, content in cases.items():
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif content is not None:
            path.write_text(content)
        autosave = tmp_path / f"auto-{name}"
        with pytest.raises(SaveError) as info:
            Table.load(path, games=GAMES, autosave=autosave)
        assert "\n" not in str(info.value)
        assert not autosave.exists()  # built nothing, wrote nothing
    with pytest.raises(SaveError, match="no saved game"):
        Table.load(tmp_path / "missing.json", games=GAMES)
    with pytest.raises(SaveError, match="unknown game"):
        Table.from_json(good_save(), games={})


def test_a_good_save_still_loads() -> None:
    """The corrupt cases above are corrupt because of their one change."""
    assert moves_for(Table.from_json(good_save(), games=GAMES), None) == ["Ann adds 1"]


@pytest.mark.parametrize("game_id", ["pigeons", "stool", "perch"])
def test_the_save_text_is_the_table_json_as_the_log_grows(game_id: str, tmp_path: Path) -> None:
    """to_json_text encodes each log event once and splices them in: it must stay
    exactly to_json() (plus the extra keys) at every step, and save/load with it."""
    seats = [SeatConfig(name, "bot", "random") for name in ("Ann", "Bob")]
    table = Table(game_id, seats, seed=11, bot_delay=(0.0, 0.0), window_seconds=None)
    extra: dict[str, JSON] = {"lan": {"humans": [True, False]}}
    checked = 0
    while not table.is_over and checked < 150:
        table.run_bots(max_answers=1)
        assert json.loads(table.to_json_text(extra)) == {**table.to_json(), **extra}
        checked += 1
    assert checked > 10
    table.save(tmp_path / "t.json")
    again = Table.load(tmp_path / "t.json")
    assert again.to_json() == table.to_json()
    assert json.loads(again.to_json_text()) == table.to_json()


@pytest.mark.parametrize("game_id", ["pigeons", "stool", "perch"])
def test_the_view_halves_are_the_view(game_id: str) -> None:
    """A host builds the public half once for every seat, and each private half on its
    own: at every step they are exactly what ``view`` gives, for every seat and a
    spectator, and the public half is the same whoever looks."""
    from engine.games import get_game

    game = get_game(game_id)
    n = 2 if game_id == "perch" else 4
    seats = [SeatConfig(f"P{i}", "bot", "random") for i in range(n)]
    table = Table(game, seats, seed=3, bot_delay=(0.0, 0.0), window_seconds=None)
    steps = 0
    while steps < 3_000:
        public = table.public_view()
        for seat in (None, *range(n)):
            view = table.view(seat)
            assert view == {"public": public, "private": table.private_view(seat)}
        assert table.private_view(None) == {}
        if table.is_over:
            break
        table.run_bots(max_answers=1)
        steps += 1
    assert table.is_over and steps > 20
    with pytest.raises(ValueError):
        table.private_view(n)


# ------------------------------------------------------------------------ rule options


def test_resolve_options_refuses_a_negative_whole_number() -> None:
    """A whole-number rule option counts something: below 0 is refused with words a
    player understands (the CLI and the LAN host show them as they are)."""
    from engine.game import resolve_options

    class Limits:
        title = "Limits"
        options = (RuleOption("turn_limit", "Turn limit", 300), RuleOption("fast", "Fast", False))

    game: Any = Limits()
    assert resolve_options(game, {"turn_limit": 0}) == {"turn_limit": 0, "fast": False}
    with pytest.raises(ValueError, match=r"^rule option 'turn_limit' must be 0 or more, not -1$"):
        resolve_options(game, {"turn_limit": -1})


@pytest.mark.parametrize("game_id", ["pigeons", "stool", "perch"])
def test_every_game_refuses_a_negative_whole_number_option(game_id: str) -> None:
    from engine.game import resolve_options
    from engine.games import get_game

    game = get_game(game_id)
    numbers = [o.id for o in game.options if type(o.default) is int]
    assert numbers
    for key in numbers:
        with pytest.raises(ValueError, match=f"'{key}' must be 0 or more"):
            resolve_options(game, {key: -1})


# ---------------------------------------------------------------- who starts, auto-pass


class EmptyHanded(CountGame):
    """The Count game where seat 0 can never block: its window offers only the pass,
    as a real game's does for a seat holding nothing to react with."""

    def prompts(self, state: CountState) -> list[Prompt]:
        out = []
        for p in super().prompts(state):
            if p.seat == 0 and p.pass_option is not None:
                p = p._replace(options=tuple(o for o in p.options if o.id == p.pass_option))
            out.append(p)
        return out


EMPTY = EmptyHanded()


def test_the_log_starts_with_who_starts() -> None:
    table = make(humans("Ann", "Bob", "Cy"))
    (start,) = table.log
    assert start.kind == START_KIND
    assert table.log_for(1) == table.log_for(None) == ["New game of Count. Ann starts."]
    assert table.log_for(0) == ["New game of Count. You start."]
    # A loaded table does not say it again.
    again = Table.from_json(table.to_json(), games=GAMES)
    assert [e.kind for e in again.log] == [START_KIND]


def solo(game: CountGame = EMPTY, **kw: Any) -> tuple[Table, FakeClock]:
    """Ann (human, seat 0) and a bot that adds first; windows of 8 s."""
    clock = FakeClock()
    seats = [SeatConfig("Ann"), SeatConfig("Bo", "bot")]
    table = Table(
        game,  # type: ignore[arg-type]
        seats,
        seed=7,
        clock=clock,
        window_seconds=8.0,
        bot_delay=(0.0, 0.0),
        **kw,
    )
    # Ann adds, then the bot adds: its +N opens a window for Ann.
    table.answer(0, "t0", "1")
    table.tick()
    return table, clock


def ann_window(table: Table) -> Prompt | None:
    return next((p for p in table.prompts_for(0) if p.pass_option), None)


def test_one_human_against_bots_with_nothing_to_react_with_is_passed_for_at_once() -> None:
    table, _clock = solo()
    assert table.auto_pass  # the default, for one human against bots
    assert ann_window(table) is None  # passed at once, no 8 s wait
    notes = [e for e in table.log if e.kind == AUTO_PASS_KIND]
    assert len(notes) == 1 and "Ann holds nothing to react with" in notes[0].text
    assert "When you hold nothing" in notes[0].text_for(0)
    # Said once: the next window passes without a word.
    before = len(table.log)
    table.answer(0, turn(table).id, "1")
    table.tick()  # the bot lets it be, adds, and Ann's window passes at once again
    assert len(table.log) > before + 2 and ann_window(table) is None
    assert turn(table).seat == 0
    assert len([e for e in table.log if e.kind == AUTO_PASS_KIND]) == 1


def test_a_window_with_something_to_react_with_still_asks() -> None:
    table, clock = solo(CountGame())  # Ann may block: she is asked, for the whole window
    window = ann_window(table)
    assert window is not None
    clock.t += 7.9
    table.tick()
    assert ann_window(table) is window
    assert not [e for e in table.log if e.kind == AUTO_PASS_KIND]


@pytest.mark.parametrize(
    ("seats", "auto"),
    [
        ([SeatConfig("Ann"), SeatConfig("Bob")], False),  # two humans share the screen
        ([SeatConfig("Ann"), SeatConfig("Bob", "remote")], False),  # a LAN player
        ([SeatConfig("Ann"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot")], True),
    ],
)
def test_auto_pass_is_on_by_default_only_for_one_human_against_bots(
    seats: list[SeatConfig], auto: bool
) -> None:
    assert make(seats).auto_pass is auto


def test_asking_always_keeps_the_window_open() -> None:
    table, clock = solo(auto_pass=False)
    assert not table.auto_pass and ann_window(table) is not None
    clock.t += 8.0
    table.tick()  # the countdown passes for her, as before
    assert ann_window(table) is None
    assert not [e for e in table.log if e.kind == AUTO_PASS_KIND]
    with pytest.raises(ValueError, match="auto_pass"):
        table.auto_pass = "yes"  # type: ignore[assignment]
