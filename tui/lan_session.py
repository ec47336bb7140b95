"""The LAN seat this app sits at, and its news as typed messages.

:class:`LanSession` holds one :class:`~engine.net.client.RemoteTable` from the waiting
room to leaving it, with what belongs to that seat rather than to the app's routing:
the table this app hosts (if it does), the chat's draft and pace, whether "another
game" was asked, who was last seen away.  It listens to the table and turns every
server message (and the client's own connection notices) into a typed Textual
message posted to the app, so that the app routes news without reading protocol
dicts:

==========================  =========================================================
message                     when
==========================  =========================================================
:class:`LanSession.Error`   the host refused something (``code``, ``message``)
``Connection``              our connection was ``lost``, is ``back``, or ``closed``
``Chat``                    someone said something (``who``, ``seat``, ``text``)
``Notice``                  the host's word to this connection (chat muted...)
``Welcome``                 joined, or back at the table after a drop
``Lobby``                   who is at the table changed (who went away, who is back)
``Update``                  the game moved (``game_number``, ``over``)
``ChatPaced``               lines the chat held back went out, or could not
==========================  =========================================================

Each message (a :class:`LanSession.News`) carries the ``session`` that posted it: the
app drops news from a table it has left.  What a message says is read from the table
when its news is heard (the table's own state may have moved on by the time the app
handles it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from textual.message import Message
from textual.message_pump import MessagePump

from engine.core import and_list
from engine.net.client import LobbyInfo, RemoteTable
from engine.net.protocol import Message as WireMessage
from tui.connection import join_command
from tui.screens.chat import ChatPacer
from tui.screens.game_over import TableNews

if TYPE_CHECKING:
    from engine.net.server import TableServer
    from tui.screens.host import HostedTable

__all__ = ["ConnectionState", "LanSession", "SeatName", "rejoin_command"]

ConnectionState = Literal["lost", "back", "closed"]
"""Our connection to the host: dropped (dialled again unless ``final``), back, gone for good."""

SeatName = tuple[int, str]
"""(seat, the name of the player sitting there)."""


def rejoin_command(remote: RemoteTable) -> str:
    """What takes ``remote``'s seat back (:func:`~tui.connection.join_command`)."""
    return join_command(remote.host, remote.port, remote.name, password=remote.password_given)


class LanSession:
    """This app's seat at one LAN table (see the module docstring).

    ``LanSession(target, remote, hosted=None)``: ``target`` (the app) receives the
    messages; ``hosted``: the table is this app's own (Host a LAN game).
    :meth:`attach` starts listening, :meth:`detach` stops, :meth:`close` leaves the
    table (and stops it, if this app hosts it).
    """

    @dataclass
    class News(Message):
        """What every message of a session carries: the session it is news of (set as
        it is posted)."""

        session: LanSession | None = field(default=None, kw_only=True, repr=False, compare=False)

    @dataclass
    class Error(News):
        """The host refused something: an answer, a chat line (``code`` is the
        protocol's, :class:`~engine.net.protocol.Code`).  A ``fatal`` one ends the
        connection: its ``Connection`` notice follows."""

        code: str
        message: str
        fatal: bool = False

    @dataclass
    class Connection(News):
        """Our connection's state changed.  A ``final`` "lost" is not dialled again
        ("closed" follows at once)."""

        state: ConnectionState
        message: str
        final: bool = False

    @dataclass
    class Chat(News):
        """A chat line: ``who`` said ``text`` from ``seat`` (None: a spectator)."""

        who: str
        seat: int | None
        text: str

    @dataclass
    class Notice(News):
        """The host's word to this connection (the chat is muted...)."""

        text: str

    @dataclass
    class Welcome(News):
        """The host let us in, at first or back after a drop (``seat`` None: watching)."""

        seat: int | None

    @dataclass
    class Lobby(News):
        """Who is at the table changed.  ``went_away`` and ``came_back``: the players
        who dropped or came back since the last word (once the game has started)."""

        lobby: LobbyInfo
        went_away: tuple[SeatName, ...] = ()
        came_back: tuple[SeatName, ...] = ()

    @dataclass
    class Update(News):
        """The game moved: it is game ``game_number`` of the table, ``over`` or not."""

        game_number: int
        over: bool

    @dataclass
    class ChatPaced(News):
        """Chat lines held back for the host's pace went out (``error`` empty), or
        could not (why)."""

        error: str

    def __init__(
        self,
        target: MessagePump,
        remote: RemoteTable,
        *,
        hosted: HostedTable | None = None,
    ) -> None:
        self.target = target
        self.remote = remote
        self.hosted = hosted
        """The table this app serves (Host a LAN game), if it is this one."""
        self.hosting_notice = ""
        """What the hosted table is (address, autosave), said once its game starts."""
        if hosted is not None:
            self.hosting_notice = (
                f"The table is on {hosted.address} (spectators can join there). "
                f"{hosted.resume_hint}"
            ).strip()
        self.chat_draft = ""
        """What was typed in the chat and not sent, for the next time it opens."""
        self.asked_after: int | None = None
        """The game number after which "again" was asked (None: not asked)."""
        self._away = remote.away_seats
        """Seats whose player is away, as last told (to say what changed)."""
        self._pacer: ChatPacer | None = None
        self._unlisten: Callable[[], None] | None = None

    @property
    def server(self) -> TableServer | None:
        """The server of the table this app hosts (None: someone else's table)."""
        return None if self.hosted is None else self.hosted.server

    # ------------------------------------------------------------------ listening

    def attach(self) -> None:
        """Listen to the table; its news (and its subscribers) run on the target's task."""
        if self._unlisten is not None:
            return
        self.remote.deliver = self.target.call_later
        self._unlisten = self.remote.listen(self.hear)

    def detach(self) -> None:
        """Stop listening (news already on its way is dropped by the app)."""
        if self._pacer is not None:
            self._pacer.close()
        self._pacer = None
        self.chat_draft = ""  # not for the next table
        if self._unlisten is not None:
            self._unlisten()
            self._unlisten = None
            self.remote.deliver = None

    async def close(self) -> None:
        """Leave the table; stop it too if this app hosts it."""
        await self.remote.close()
        server = self.server
        if server is not None:
            await server.close("The host stopped the table.")

    def _post(self, message: LanSession.News) -> None:
        message.session = self
        self.target.post_message(message)

    def hear(self, msg: WireMessage) -> None:
        """One server message (or connection notice), as the typed message it is."""
        remote = self.remote
        mtype = msg.get("type")
        if mtype == "error":
            code, text = str(msg.get("code", "")), str(msg.get("message", ""))
            self._post(self.Error(code, text, fatal=bool(msg.get("fatal"))))
        elif mtype == "connection":
            state = msg.get("state")
            if state in ("lost", "back", "closed"):
                message = str(msg.get("message", ""))
                self._post(self.Connection(state, message, final=bool(msg.get("final"))))
        elif mtype == "chat":
            seat = msg.get("seat")
            who, text = str(msg.get("from", "")), str(msg.get("text"))
            self._post(self.Chat(who, seat if isinstance(seat, int) else None, text))
        elif mtype == "notice":
            self._post(self.Notice(str(msg.get("text", ""))))
        elif mtype == "welcome":
            self._post(self.Welcome(remote.seat))
        elif mtype == "lobby":
            self._post(self._lobby_news())
        elif mtype == "update":
            self._post(self.Update(remote.game_number, remote.is_over))

    def _lobby_news(self) -> LanSession.Lobby:
        remote = self.remote
        away, before = remote.away_seats, self._away
        self._away = away
        if not remote.started:
            return self.Lobby(remote.lobby)
        names = [s.name for s in remote.seats]
        went = tuple((seat, names[seat]) for seat in sorted(away - before))
        back = tuple((seat, names[seat]) for seat in sorted(before - away))
        return self.Lobby(remote.lobby, went, back)

    # ------------------------------------------------------------------ chat

    def chat_pacer(self) -> ChatPacer:
        """Sends this table's chat lines at the host's pace (lines wait across the
        chat's openings); what it does later comes as :class:`ChatPaced`."""
        if self._pacer is None:
            self._pacer = ChatPacer(self.remote, self.target.set_timer, self._paced)
        return self._pacer

    def _paced(self, error: str) -> None:
        self._post(self.ChatPaced(error))

    def keep_chat_draft(self, draft: str) -> None:
        self.chat_draft = draft

    # ------------------------------------------------------------------ the next game

    def ask_for_next_game(self) -> str:
        """Ask the host for another game; it starts when every player here asked.
        Returns why the request could not be sent ("" if it was)."""
        try:
            self.remote.request_new_game()
        except Exception as exc:  # not connected (it may come back): say so, stay
            return str(exc)
        self.asked_after = self.remote.game_number
        return ""

    def next_game_news(self) -> TableNews:
        """What the game-over screen says about the table's next game: who it waits
        for, who is away; whether ``a`` may ask for it.  While the connection is down
        and being dialled again, only that (nothing can be asked).  Leaving asks first,
        except a spectator who does not host the table."""
        remote = self.remote
        news = self._next_game_news()
        if remote.seat is None and self.hosted is None:
            return news
        return replace(news, leave_detail=self.leave_detail("leaving"))

    def _next_game_news(self) -> TableNews:
        remote = self.remote
        if not remote.connected and remote.reconnect_deadline is not None:
            reason = remote.lost_reason or "The connection to the host was lost."
            return TableNews(f"{reason} Reconnecting...")
        lobby = remote.lobby
        me = remote.seat
        names = {s.seat: s.name or f"Seat {s.seat + 1}" for s in lobby.seats}
        players = [s for s in lobby.seats if s.kind == "player" and s.seat != me]
        here = [s.seat for s in players if s.status == "here"]
        away = [names[s.seat] for s in players if s.status in ("away", "bot")]
        asked = set(lobby.again)
        if self.asked_after == remote.game_number and me is not None:
            asked.add(me)  # sent: the host's word on it may still be on its way
        if me is None:
            return TableNews(
                "You are watching: the next game shows here as soon as the players start it."
            )
        waiting = [names[s] for s in here if s not in asked]
        parts: list[str] = []
        if me in asked:
            if waiting:
                parts.append(f"Waiting for {and_list(waiting)} to ask for another game...")
            else:
                parts.append("The next game starts...")
        else:
            wanting = [names[s] for s in here if s in asked]
            if wanting:
                verb = "wants" if len(wanting) == 1 else "want"
                parts.append(f"{and_list(wanting)} {verb} another game.")
            if waiting:
                verb = "asks" if len(waiting) == 1 else "ask"
                who = and_list(waiting)
                parts.append(f"Press a to ask for another game: it starts when {who} {verb} too.")
            else:
                parts.append("Press a and the next game starts at once.")
        if away:
            verb = "is" if len(away) == 1 else "are"
            parts.append(f"{and_list(away)} {verb} away: the next game does not wait for them.")
        return TableNews(" ".join(parts), can_ask=me not in asked)

    # ------------------------------------------------------------------ leaving

    def leave_detail(self, doing: str = "quitting") -> str:
        """What leaving (or quitting) does to the seat: a hosted table stops for
        everyone (and how to continue it); a player's seat is kept."""
        hosted = self.hosted
        if hosted is not None:
            detail = f"This app hosts the table: {doing} stops it for everyone."
            if hosted.resume_command:
                detail += (
                    f" It is saved: `{hosted.resume_command}` continues it, and "
                    f"`{hosted.rejoin_command}` takes your seat back."
                )
            return detail
        if self.remote.seat is None:
            return ""
        return "The host keeps your seat: join again under the same name to take it back."

    def exit_note(self) -> str:
        """How to come back to the table as the app stops (a game in progress): the
        resume command of a table this app hosts, or the join that takes the seat back."""
        remote, hosted = self.remote, self.hosted
        if hosted is not None and hosted.resume_command:
            played = hosted.server.host.table
            if played is not None and not played.is_over:
                return (
                    f"The LAN table is saved: `{hosted.resume_command}` continues it, and "
                    f"`{hosted.rejoin_command}` takes your seat back."
                )
            return ""
        if remote.seat is not None and remote.started and not remote.is_over:
            return f"The host keeps your seat: `{rejoin_command(remote)}` takes it back."
        return ""

    def comeback_hint(self) -> str:
        """Once the host stopped the table: how to take the seat back when it returns
        (`purrch host --resume` keeps the seat), or "" (nothing was saved, watching,
        or this app was the host)."""
        remote = self.remote
        if remote.seat is None or remote.game_number == 0 or self.hosted is not None:
            return ""
        return (
            " The host keeps your seat: once the table is back, join it again as "
            f"{remote.name} (`{rejoin_command(remote)}`, or Join a LAN game)."
        )
