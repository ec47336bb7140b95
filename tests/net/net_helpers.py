"""Helpers for the LAN tests: a fake clock, a socket-free host harness, bot drivers.

Every real socket here is bound to (or dials) 127.0.0.1 on a port the system
picks (port 0): never a fixed port, never another address.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from engine.core import JSON, Event, Option, Outcome, Prompt, Rng, RuleOption
from engine.game import Game
from engine.games import get_game
from engine.net.client import RemoteTable, event_from_json
from engine.net.guard import AttemptBudget
from engine.net.host import Close, HostConfig, Send, TableHost, default_bot_level
from engine.net.protocol import MAX_SERVER_LINE, LineDecoder, Message, encode, parse_server_line
from engine.net.server import TableServer

LOOPBACK = "127.0.0.1"
TIMEOUT = 20.0
"""Generous: the tests must pass on a loaded 2-core machine."""


# ---------------------------------------------------------------------- a tiny race game


class RaceGame(Game[Any]):
    """Every round each seat holds a secret number and may claim the round.

    All seats are asked at once (a race, ``pass_option`` "pass"); the first claim
    to arrive wins the round, later ones find it closed.  Dealing tells each seat
    its own number as a secret; a claim reveals the claimer's number to it only.
    """

    id = "race"
    title = "Race"
    min_players = 2
    max_players = 6
    options = (RuleOption("rounds", "Rounds", 3),)
    bot_levels = ("random",)
    default_bot = "random"

    def setup(self, names: list[str], seed: int, options: dict[str, JSON] | None = None) -> Any:
        rounds = int((options or {}).get("rounds", 3))
        state = {"names": list(names), "rounds": rounds, "round": 0, "rng": seed, "log": 0}
        state["wins"] = [0] * len(names)
        self._deal(state, [])
        return state

    def _deal(self, state: dict[str, Any], events: list[Event]) -> None:
        rng = Rng(state["rng"])
        state["numbers"] = [rng.below(100) for _ in state["names"]]
        state["rng"] = rng.state
        state["waiting"] = list(range(len(state["names"])))
        events.append(
            Event(
                f"Round {state['round'] + 1}: numbers are dealt.",
                tuple(
                    (s, f"Round {state['round'] + 1}: you hold {n}.")
                    for s, n in enumerate(state["numbers"])
                ),
            )
        )

    def prompts(self, state: dict[str, Any]) -> list[Prompt]:
        if state["round"] >= state["rounds"]:
            return []
        options = (Option("pass", "Let it go"), Option("claim", "Claim the round"))
        text = f"Round {state['round'] + 1}: claim it?"
        return [
            Prompt(f"r{state['round']}", seat, "race", text, options, pass_option="pass")
            for seat in state["waiting"]
        ]

    def step(self, state: dict[str, Any], seat: int, prompt: Prompt, option_id: str) -> list[Event]:
        name = state["names"][seat]
        events: list[Event] = []
        if option_id == "claim":
            state["wins"][seat] += 1
            number = state["numbers"][seat]
            events.append(
                Event(
                    f"{name} claims round {state['round'] + 1}.",
                    ((seat, f"{name} claims round {state['round'] + 1} holding {number}."),),
                )
            )
            state["waiting"] = []
        else:
            state["waiting"].remove(seat)
            events.append(Event(f"{name} lets round {state['round'] + 1} go."))
        if not state["waiting"]:
            state["round"] += 1
            if state["round"] < state["rounds"]:
                self._deal(state, events)
        return events

    def build_public(self, state: dict[str, Any]) -> dict[str, JSON]:
        return {"round": state["round"], "wins": list(state["wins"]), "names": state["names"]}

    def build_private(self, state: dict[str, Any], seat: int) -> dict[str, JSON]:
        return {"seat": seat, "number": state["numbers"][seat]}

    def seat_names(self, state: dict[str, Any]) -> list[str]:
        return list(state["names"])

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if state["round"] < state["rounds"]:
            return None
        best = max(state["wins"])
        winners = tuple(i for i, w in enumerate(state["wins"]) if w == best)
        return Outcome(winners, "most rounds claimed", tuple(state["wins"]))

    def state_to_json(self, state: dict[str, Any]) -> dict[str, JSON]:
        return json.loads(json.dumps(state))

    def state_from_json(self, data: dict[str, JSON]) -> Any:
        return json.loads(json.dumps(data))

    def clone(self, state: Any) -> Any:
        return json.loads(json.dumps(state))

    def rules_text(self) -> str:
        return "# Race"


RACE = RaceGame()


class FakeClock:
    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def hello(name: str, **extra: Any) -> Message:
    return {"type": "hello", "protocol": 1, "name": name, **extra}


class HostHarness:
    """Drives a :class:`TableHost` like the server would, and records what it sends."""

    def __init__(self, host: TableHost, clock: FakeClock | None = None) -> None:
        self.host = host
        self.clock = clock
        self.inbox: dict[int, list[Message]] = {}
        self.closed: set[int] = set()
        self._decoders: dict[int, LineDecoder] = {}

    @classmethod
    def new(
        cls, game: str = "pigeons", clock: FakeClock | None = None, **config: Any
    ) -> HostHarness:
        clock = clock or FakeClock()
        # Wrong passwords answered at once (tests/security times the growing delay).
        budget = AttemptBudget(base_delay=0.0, clock=clock)
        settings = {
            "players": 4,
            "bots": 1,
            "seed": 7,
            "bot_delay": (0.0, 0.0),
            "password_budget": budget,
            **config,
        }
        chosen = RACE if game == "race" else get_game(game)
        return cls(TableHost(chosen, HostConfig(**settings), clock=clock), clock)

    def pump(self) -> None:
        for action in self.host.take_actions():
            if isinstance(action, Send):
                assert action.data.endswith(b"\n")
                decoder = self._decoders.setdefault(
                    action.conn, LineDecoder(MAX_SERVER_LINE, parse_server_line)
                )
                for item in decoder.feed(action.data):
                    assert isinstance(item, dict), item
                    self.inbox.setdefault(action.conn, []).append(item)
            elif isinstance(action, Close):
                self.closed.add(action.conn)

    def connect(self) -> int:
        conn = self.host.connect()
        self.inbox.setdefault(conn, [])
        self.pump()
        return conn

    def send(self, conn: int, msg: Message | bytes) -> list[Message]:
        """Send a message (or raw bytes); returns what ``conn`` received meanwhile."""
        before = len(self.inbox.get(conn, []))
        self.host.receive(conn, msg if isinstance(msg, bytes) else encode(msg))
        self.pump()
        return self.inbox.get(conn, [])[before:]

    def drop(self, conn: int) -> None:
        self.host.disconnect(conn)
        self.pump()

    def tick(self) -> None:
        self.host.tick()
        self.pump()

    def join(self, name: str, **extra: Any) -> int:
        conn = self.connect()
        got = self.send(conn, hello(name, **extra))
        assert got and got[0]["type"] == "welcome", got
        return conn

    def welcome(self, conn: int) -> Message:
        return next(m for m in self.inbox[conn] if m["type"] == "welcome")

    def last(self, conn: int, mtype: str) -> Message | None:
        return next((m for m in reversed(self.inbox[conn]) if m["type"] == mtype), None)

    def of_type(self, conn: int, mtype: str) -> list[Message]:
        return [m for m in self.inbox[conn] if m["type"] == mtype]


def play_host_game(harness: HostHarness, players: dict[int, int], limit: int = 20_000) -> None:
    """Answer every prompt each player conn gets with a bot of its seat, to the end.

    ``players`` maps conn -> seat.  Bots see only what the conn received.
    """
    game = harness.host.game
    level = default_bot_level(game)
    bots = {conn: game.bot(level, seat, 99 + seat) for conn, seat in players.items()}
    heard = dict.fromkeys(players, 0)
    for _ in range(limit):
        table = harness.host.table
        assert table is not None
        if table.is_over:
            return
        moved = False
        for conn, seat in players.items():
            update = harness.last(conn, "update")
            if update is None:
                continue
            bot = bots[conn]
            events = [
                event_from_json(e, seat)
                for u in harness.of_type(conn, "update")
                for e in u["events"]
            ]
            bot.observe(events[heard[conn] :])
            heard[conn] = len(events)
            for raw in update["prompts"]:
                prompt = Prompt.from_json(raw)
                if any(p.id == prompt.id for p in table.prompts_for(seat)):
                    if harness.clock is not None:
                        harness.clock.advance(0.05)  # people do not flood
                    harness.send(
                        conn,
                        {
                            "type": "answer",
                            "prompt": prompt.id,
                            "option": bot.choose(update["view"], prompt),
                        },
                    )
                    moved = True
                    break
        if not moved:
            harness.tick()
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------- real sockets


async def start_server(game: str = "pigeons", **config: Any) -> TableServer:
    options = {key: config.pop(key) for key in ("max_send_buffer", "close_grace") if key in config}
    settings = {
        "players": 3,
        "bots": 1,
        "seed": 11,
        "bot_delay": (0.0, 0.0),
        "window_seconds": None,
        # Bots answer far faster than people: lift the flood limit, except where a
        # test checks it (it passes rate=50, burst=100).
        "rate": 100_000.0,
        "burst": 100_000.0,
        **config,
    }
    server = TableServer.new(game, HostConfig(**settings), **options)
    await server.start(LOOPBACK, 0)
    return server


async def join(server: TableServer, name: str, **options: Any) -> RemoteTable:
    options.setdefault("remember", False)
    return await RemoteTable.connect(LOOPBACK, server.port, name=name, **options)


class BotDriver:
    """Plays a :class:`RemoteTable`'s seat with the game's bot, from its own view."""

    def __init__(self, table: RemoteTable, seed: int = 1, level: str | None = None) -> None:
        self.table = table
        assert table.seat is not None
        self.bot = table.game.bot(level or default_bot_level(table.game), table.seat, seed)
        self.answers = 0
        self._unsubscribe = table.subscribe(self._heard)

    def _heard(self, events: list[Event]) -> None:
        self.bot.observe(events)

    async def run(self, stop: Callable[[], bool] = lambda: False) -> None:
        table = self.table
        seat = table.seat
        assert seat is not None
        deadline = asyncio.get_running_loop().time() + TIMEOUT * 3
        while not stop():
            try:  # in slices, so that ``stop`` is seen even when nothing arrives
                await table.wait_for(
                    lambda: bool(table.prompts()) or table.is_over or stop(), timeout=0.05
                )
            except TimeoutError:
                assert asyncio.get_running_loop().time() < deadline, "the game is stuck"
                continue
            if table.is_over or stop():
                break
            prompt = table.prompts()[0]
            table.answer(seat, prompt.id, self.bot.choose(table.view(seat), prompt))
            self.answers += 1
        self._unsubscribe()


async def play_to_the_end(
    tables: list[RemoteTable], stop: Callable[[], bool] | None = None
) -> None:
    drivers = [BotDriver(t, seed=i + 1) for i, t in enumerate(tables)]
    check = stop or (lambda: False)
    await asyncio.wait_for(asyncio.gather(*(d.run(check) for d in drivers)), TIMEOUT * 3)
