"""A seat at a LAN table, without any I/O: what the seat knows, and what it says.

:class:`RemoteState` is the client's state machine (sans-I/O).  Feed it the
server's parsed messages (:meth:`RemoteState.handle`: ``welcome``, ``lobby``,
``update``, ``error``, ``chat``...) and it keeps what this seat knows: its seat
and token, the lobby, the view, the open prompts, the log, the outcome, the
chat, the answers it sent that wait for their update.  What it wants to send
(an ``answer``, a ``chat`` line, ``again``) goes to the ``send`` hook it was
given, or else waits in :meth:`RemoteState.take_outgoing`.  It offers the
surface a UI uses on an :class:`engine.session.Table`
(:class:`engine.session.TableLike`):

* ``view(seat)``, ``prompts()``, ``prompts_for(seat)``, ``log``, ``outcome()``...
  read the last ``update`` the server sent (only this seat's, see PROTOCOL.md);
* ``answer(...)`` checks what it can locally (an ``IllegalMove`` at once), sends,
  hides the answered prompt and returns ``[]``: the result arrives as an
  ``update`` (subscribers are called), a refusal as an ``error`` (the prompt
  comes back, subscribers are called, listeners get the error);
* ``tick()`` and ``next_due()`` do nothing: the server keeps time.

The connection (dialling, reading lines, dialling again) is
:mod:`engine.net.connection`'s :class:`~engine.net.connection.RemoteTable`, which
is a :class:`RemoteState` on a socket: it sets the connection's facts here
(``connected``, ``reconnect_deadline``, ``lost_reason``) and hands over every line.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from engine.core import JSON, Event, IllegalMove, Outcome, Prompt
from engine.game import Game
from engine.net.protocol import Message
from engine.presence import Presence
from engine.session import SeatConfig, Subscriber, TableLike

__all__ = [
    "ChatLine",
    "Listener",
    "LobbyInfo",
    "RemoteState",
    "SeatInfo",
    "chat_line",
    "event_from_json",
]

_log = logging.getLogger(__name__)

Listener = Callable[[Message], None]
"""Called with every server message, and with local ``{"type": "connection",
"state": "lost" | "back" | "closed", "message": str}`` notices (never on the wire); a
"lost" that will not be dialled again has ``"final": true`` ("closed" follows at once)."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the lobby shows it."""

    seat: int
    name: str | None
    kind: str
    """``player`` (a person's seat) or ``bot`` (the server's bot, all game long)."""
    status: str
    """``open`` (nobody yet), ``here``, ``away`` (seat held), ``bot`` (a bot plays it)."""


@dataclass(frozen=True, slots=True)
class LobbyInfo:
    """Who is at the table: the ``lobby`` part of ``welcome`` and ``lobby`` messages."""

    started: bool = False
    over: bool = False
    game_number: int = 0
    seats: tuple[SeatInfo, ...] = ()
    spectators: int = 0
    waiting_for: int = 0
    again: tuple[int, ...] = ()

    @classmethod
    def from_message(cls, msg: Message) -> LobbyInfo:
        seats = tuple(
            SeatInfo(
                seat=int(s["seat"]),
                name=None if s.get("name") is None else str(s["name"]),
                kind=str(s["kind"]),
                status=str(s["status"]),
            )
            for s in msg["seats"]
        )
        return cls(
            started=bool(msg["started"]),
            over=bool(msg["over"]),
            game_number=int(msg["game_number"]),
            seats=seats,
            spectators=int(msg["spectators"]),
            waiting_for=int(msg["waiting_for"]),
            again=tuple(int(x) for x in msg["again"]),
        )


def event_from_json(data: Any, seat: int | None) -> Event:
    """A log line from an update: its secret (if any) belongs to ``seat``."""
    text = str(data["text"])
    kind = str(data.get("kind", "info"))
    quote = str(data.get("quote", ""))
    secret = data.get("secret")
    if secret is None or seat is None:
        return Event(text, (), kind, quote)
    return Event(text, ((seat, str(secret)),), kind, quote)


class RemoteState:
    """What one seat at a LAN table knows (sans-I/O).  See the module docstring.

    ``send`` takes every message the seat sends (None: they wait in
    :meth:`take_outgoing`); ``games`` maps game ids to games (default: the
    registry); ``clock`` is the clock the reaction window's deadline is read on.
    """

    def __init__(
        self,
        *,
        send: Callable[[Message], None] | None = None,
        games: Mapping[str, Game[Any]] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._send_hook = send
        self._games = games
        self._clock = clock
        self._outbox: list[Message] = []
        self._games = games
        self.connected = False
        self.host = ""
        self.port = 0
        self.name = ""
        self.spectating = False
        self._password: str | None = None
        self.reconnect_deadline: float | None = None
        """While the connection is down and being dialled again: when that stops
        (``time.monotonic()``).  None otherwise."""
        self.lost_reason = ""
        """Why the connection went down last ("The host stopped the table.")."""
        # From the welcome.
        self._seat: int | None = None
        self.token: str | None = None
        self.game_id = ""
        self.title = ""
        self._options: dict[str, JSON] = {}
        self.players = 0
        self._window_seconds: float | None = None
        self.server_version = ""
        self.lobby = LobbyInfo()
        # From updates.
        self.game_number = 0
        self._view: dict[str, JSON] | None = None
        self._prompts: list[Prompt] = []
        self._log: list[Event] = []
        self._outcome: Outcome | None = None
        self._deadline: float | None = None
        self._pending: dict[int, str] = {}  # answer id -> prompt id, until ack or error
        self._next_id = 1
        self.last_answer_id = 0
        """The ``id`` of the last answer sent (its update carries it as ``ack``)."""
        self.last_ack: int | None = None
        """The ``ack`` of the last update (None if it acknowledged no answer of ours)."""
        # Others.
        self.chat: deque[ChatLine] = deque(maxlen=200)
        """Recent chat lines: (from, seat or None, text)."""
        self.last_error: str | None = None
        self._subscribers: list[Subscriber] = []
        self._listeners: list[Listener] = []
        self.deliver: Callable[[Callable[[], None]], Any] | None = None
        """How subscribers and listeners are called: None, at once (from the task
        that reads the socket); a UI that must run them on its own task sets it
        (Textual: ``app.call_later``)."""

    def _game_for(self, game_id: str) -> Game[Any] | None:
        if self._games is not None:
            return self._games.get(game_id)
        from engine.games import REGISTRY

        return REGISTRY.get(game_id)

    # ------------------------------------------------------------------ messages in

    def handle(self, msg: Message) -> None:
        """Take in one server message (sans-I/O: tests call this directly)."""
        try:
            self._handle(msg)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            _log.warning("ignored a malformed %r message from the server: %s", msg.get("type"), exc)
            return
        self._wake()
        self._call_listeners(msg)

    def _call_listeners(self, msg: Message) -> None:
        for listener in list(self._listeners):
            self._run(partial(listener, msg))

    def _run(self, callback: Callable[[], None]) -> None:
        if self.deliver is not None:
            self.deliver(callback)
            return
        try:
            callback()
        except Exception:  # a broken subscriber must not stop the connection
            _log.exception("a RemoteTable subscriber failed")

    def _handle(self, msg: Message) -> None:
        mtype = msg["type"]
        if mtype == "update":
            self._on_update(msg)
        elif mtype == "lobby":
            self.lobby = LobbyInfo.from_message(msg)
            if self._view is not None:
                self._notify([])
        elif mtype == "welcome":
            lobby = LobbyInfo.from_message(msg)
            seat = msg["seat"]
            self._seat = None if seat is None else int(seat)
            self.token = msg["token"]
            self.game_id = str(msg["game"])
            self.title = str(msg["title"])
            self._options = dict(msg["options"])
            self.players = int(msg["players"])
            window = msg["window_seconds"]
            self._window_seconds = None if window is None else float(window)
            self.server_version = str(msg.get("server", ""))
            self.lobby = lobby
            self._pending.clear()
            self._catch_up_chat(msg.get("chat") or [])
        elif mtype == "error":
            self.last_error = str(msg["message"])
            ref = msg.get("re")
            if isinstance(ref, int) and self._pending.pop(ref, None) is not None:
                self._notify([])  # the refused answer's prompt is open again
        elif mtype == "chat":
            self.chat.append(chat_line(msg))

    def _catch_up_chat(self, said: list[Any]) -> None:
        """Add the lines of a welcome's chat (the host's last ones) that this table
        does not have yet: all of them on joining; on coming back, those after the
        last line heard here (the longest run of the host's lines that ends this
        table's chat is what it has already)."""
        lines: list[ChatLine] = []
        for m in said:
            try:
                lines.append(chat_line(m))
            except (KeyError, TypeError, ValueError):
                continue  # a malformed line costs that line, not the welcome
        have = list(self.chat)
        start = 0
        for end in range(len(lines), 0, -1):
            run = min(end, len(have))
            if run and lines[end - run : end] == have[len(have) - run :]:
                start = end
                break
        self.chat.extend(lines[start:])

    def _on_update(self, msg: Message) -> None:
        number = int(msg["game_number"])
        seat = self._seat
        prompts = [Prompt.from_json(p) for p in msg["prompts"]]
        events = [event_from_json(e, seat) for e in msg["events"]]
        view = msg["view"]
        if not isinstance(view, dict):
            raise TypeError("the view is not an object")
        outcome = msg.get("outcome")
        window = msg.get("window")
        first = int(msg["first"])
        if number != self.game_number:
            self.game_number = number
            self._log = []
            self._pending.clear()
        self._log = self._log[:first] + events
        self._view = view
        self._prompts = prompts
        self._outcome = None if outcome is None else Outcome.from_json(outcome)
        self._deadline = None if window is None else self._clock() + float(window)
        ack = msg.get("ack")
        self.last_ack = ack if isinstance(ack, int) else None
        if self.last_ack is not None:
            self._pending.pop(self.last_ack, None)
        self._notify(events)

    def _notify(self, events: list[Event]) -> None:
        for callback in list(self._subscribers):
            self._run(partial(callback, list(events)))

    def _wake(self) -> None:
        """Something changed (a message came in): a connection wakes its waiters."""

    # ------------------------------------------------------------------ messages out

    def _send(self, msg: Message) -> None:
        if self._send_hook is not None:
            self._send_hook(msg)
            return
        self._transmit(msg)

    def _transmit(self, msg: Message) -> None:
        """Send ``msg`` where no ``send`` hook was given: it waits in the outbox (a
        connection sends it on its socket instead)."""
        self._outbox.append(msg)

    def take_outgoing(self) -> list[Message]:
        """The messages waiting to be sent, in order; the outbox is emptied."""
        out, self._outbox = self._outbox, []
        return out

    def send_chat(self, text: str) -> None:
        """Say something to everyone at the table (and the spectators)."""
        self._send({"type": "chat", "text": text})

    def request_new_game(self) -> None:
        """Ask for another game with the same seats, once this one is over.

        It starts when every player still connected asked (watch ``game_number``).
        """
        self._send({"type": "again"})

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(message)`` for every server message; returns an unsubscribe."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._listeners.remove(listener)

        return unsubscribe

    @property
    def password_given(self) -> bool:
        """Whether this table was joined with a password (joining it again takes it too)."""
        return self._password is not None

    # ------------------------------------------------------------------ the Table surface

    @property
    def seat(self) -> int | None:
        """This client's seat (None: a spectator)."""
        return self._seat

    @property
    def started(self) -> bool:
        """True once the first update of a game arrived."""
        return self._view is not None

    @property
    def game(self) -> Game[Any]:
        game = self._game_for(self.game_id)
        if game is None:
            raise ValueError(f"unknown game {self.game_id!r}")
        return game

    @property
    def options(self) -> dict[str, JSON]:
        return dict(self._options)

    @property
    def n_seats(self) -> int:
        return self.players

    @property
    def seats(self) -> list[SeatConfig]:
        """Every seat: ``human`` for this client's, ``bot`` where a bot plays, else ``remote``."""
        out: list[SeatConfig] = []
        for info in self.lobby.seats:
            name = info.name or f"Seat {info.seat + 1}"
            if info.seat == self._seat:
                out.append(SeatConfig(name, "human"))
            elif info.status == "bot":
                out.append(SeatConfig(name, "bot"))
            else:
                out.append(SeatConfig(name, "remote"))
        return out

    @property
    def presence(self) -> Presence:
        """This client's seat (or watching), who is away, the connection's state."""
        key = None
        if self.token is not None and self._seat is not None:
            key = f"{self.host}:{self.port}/{self.token}"
        return Presence(
            seat=self._seat,
            spectating=self.spectating,
            away=self.away_seats,
            connected=self.connected,
            reconnect_deadline=self.reconnect_deadline,
            lost_reason=self.lost_reason,
            seat_key=key,
        )

    @property
    def away_seats(self) -> frozenset[int]:
        """Seats whose player dropped (held for them, or played by a bot meanwhile)."""
        return frozenset(
            s.seat for s in self.lobby.seats if s.kind == "player" and s.status in ("away", "bot")
        )

    @property
    def window_seconds(self) -> float | None:
        return self._window_seconds

    @window_seconds.setter
    def window_seconds(self, seconds: float | None) -> None:
        """The server keeps the windows' time: setting it here changes nothing."""

    def restart_countdowns(self) -> None:
        """The server keeps the windows' time: a pause here changes nothing there."""

    @property
    def autosave_path(self) -> Path | None:
        """The host saves the game, not the client."""
        return None

    @property
    def autosave_error(self) -> str | None:
        return None

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def view(self, seat: int | None) -> dict[str, JSON]:
        """This seat's view as last sent; any other seat (or None) gets no private part."""
        view = self._view
        if view is None:
            raise RuntimeError("the game has not started yet (see wait_started)")
        if seat is not None and seat == self._seat:
            return view
        if "private" in view:
            return {**view, "private": {}}
        return view

    def prompts(self) -> list[Prompt]:
        """This seat's open prompts (an answered one is hidden until the server replies)."""
        pending = set(self._pending.values())
        return [p for p in self._prompts if p.id not in pending]

    def prompts_for(self, seat: int) -> list[Prompt]:
        return self.prompts() if seat == self._seat and seat is not None else []

    def humans_waiting(self) -> list[int]:
        return [self._seat] if self._seat is not None and self.prompts() else []

    @property
    def log(self) -> list[Event]:
        """The log as this seat may read it (its own secrets only)."""
        return list(self._log)

    def log_for(self, seat: int | None) -> list[str]:
        return [e.text_for(seat) for e in self._log]

    def answer(self, seat: int, prompt_id: str, option_id: str) -> list[Event]:
        """Send an answer; ``[]`` at once (the result comes as an update).

        Raises :class:`IllegalMove` for what can be checked here: not this
        client's seat, a prompt that is not open, an option not offered, no
        connection.
        """
        if self._seat is None:
            raise IllegalMove("Spectators watch: they cannot answer.")
        if seat != self._seat:
            raise IllegalMove("You can only answer for your own seat.")
        prompt = next((p for p in self.prompts() if p.id == prompt_id), None)
        if prompt is None:
            raise IllegalMove("That decision is not open (any more).")
        if not prompt.accepts(option_id):
            raise IllegalMove(f"{option_id!r} is not one of the choices for this decision.")
        answer_id = self.last_answer_id = self._next_id
        self._next_id += 1
        self._send({"type": "answer", "prompt": prompt_id, "option": option_id, "id": answer_id})
        self._pending[answer_id] = prompt_id
        return []

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(new_events)`` after every update; returns an unsubscribe."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            with contextlib.suppress(ValueError):
                self._subscribers.remove(callback)

        return unsubscribe

    def tick(self, now: float | None = None) -> list[Event]:
        """Nothing to do: the server applies bot moves and window deadlines."""
        return []

    def next_due(self) -> float | None:
        return None

    def window_remaining(self, now: float | None = None) -> float | None:
        """Seconds left of the open reaction window, as the server last said."""
        if self._deadline is None:
            return None
        now = self._clock() if now is None else now
        return max(0.0, self._deadline - now)

    def deadline(self, prompt_id: str, seat: int | None = None) -> float | None:
        """When this seat's window prompt ``prompt_id`` closes (local monotonic clock)."""
        if any(p.id == prompt_id and p.pass_option is not None for p in self._prompts):
            return self._deadline
        return None


ChatLine = tuple[str, int | None, str]
"""A chat line as a table keeps it: (from, seat or None, text)."""


def chat_line(msg: Mapping[str, Any]) -> ChatLine:
    """The line of a ``chat`` message (or of a welcome's ``chat``); KeyError,
    TypeError or ValueError if it is malformed."""
    seat = msg["seat"]
    return (str(msg["from"]), None if seat is None else int(seat), str(msg["text"]))


def _is_table_like(table: RemoteState) -> TableLike:
    """(mypy checks here that a RemoteState offers everything a UI needs.)"""
    return table
