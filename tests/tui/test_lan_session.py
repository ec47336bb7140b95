"""The LAN seat's news as typed messages (:mod:`tui.lan_session`).

A bare :class:`~engine.net.client.RemoteTable` (sans-I/O: fed with ``handle``) stands
for the table; a tiny app records every :class:`LanSession` message it is posted.  The
LAN app tests (tests/net/test_net_app.py) check what the app does with them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from textual.app import App

from engine.net.client import RemoteTable
from engine.net.protocol import PROTOCOL_VERSION, Code
from tui.lan_session import LanSession


class Recorder(App[None]):
    """Keeps every message of a LAN session it is posted, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.news: list[LanSession.News] = []

    def on_lan_session_error(self, message: LanSession.Error) -> None:
        self.news.append(message)

    def on_lan_session_connection(self, message: LanSession.Connection) -> None:
        self.news.append(message)

    def on_lan_session_chat(self, message: LanSession.Chat) -> None:
        self.news.append(message)

    def on_lan_session_notice(self, message: LanSession.Notice) -> None:
        self.news.append(message)

    def on_lan_session_welcome(self, message: LanSession.Welcome) -> None:
        self.news.append(message)

    def on_lan_session_lobby(self, message: LanSession.Lobby) -> None:
        self.news.append(message)

    def on_lan_session_update(self, message: LanSession.Update) -> None:
        self.news.append(message)

    def on_lan_session_chat_paced(self, message: LanSession.ChatPaced) -> None:
        self.news.append(message)


def seats(bob: str = "here") -> list[dict[str, Any]]:
    return [
        {"seat": 0, "name": "Ann", "kind": "player", "status": "here"},
        {"seat": 1, "name": "Bob", "kind": "player", "status": bob},
        {"seat": 2, "name": "Tom", "kind": "bot", "status": "here"},
    ]


def lobby(bob: str = "here", **extra: Any) -> dict[str, Any]:
    fields = {
        "started": False,
        "over": False,
        "game_number": 0,
        "seats": seats(bob),
        "spectators": 0,
        "waiting_for": 0,
        "again": [],
    }
    return {**fields, **extra}


def welcome(seat: int | None = 0) -> dict[str, Any]:
    return {
        "type": "welcome",
        "protocol": PROTOCOL_VERSION,
        "seat": seat,
        "token": "t" * 20,
        "game": "pigeons",
        "title": "Cats Among The Pigeons",
        "options": {},
        "players": 3,
        "window_seconds": None,
        "chat": [],
        **lobby(),
    }


def update(game_number: int = 1, *, over: bool = False) -> dict[str, Any]:
    outcome = {"winners": [0], "reason": "Ann has the most points.", "scores": None}
    return {
        "type": "update",
        "game_number": game_number,
        "first": 0,
        "events": [],
        "prompts": [],
        "view": {"public": {}, "private": {}},
        "outcome": outcome if over else None,
        "window": None,
    }


@asynccontextmanager
async def session_at(
    sent: list[dict[str, Any]] | None = None,
) -> AsyncIterator[tuple[Recorder, RemoteTable, LanSession, Any]]:
    """(the app, Ann's table, her session listening to it, the pilot), welcomed."""
    out = sent if sent is not None else []
    remote = RemoteTable(send=out.append)
    remote.handle(welcome())
    app = Recorder()
    async with app.run_test() as pilot:
        session = LanSession(app, remote)
        session.attach()
        yield app, remote, session, pilot
        session.detach()


async def heard(app: Recorder, pilot: Any, count: int = 1) -> list[LanSession.News]:
    """The messages posted since the last look (waits for ``count`` of them)."""
    for _ in range(40):
        await pilot.pause(0.05)
        if len(app.news) >= count:
            break
    news, app.news[:] = list(app.news), []
    return news


async def test_a_chat_line_is_a_chat_message() -> None:
    async with session_at() as (app, remote, session, pilot):
        remote.handle({"type": "chat", "from": "Bob", "seat": 1, "text": "hello"})
        remote.handle({"type": "chat", "from": "Cy", "seat": None, "text": "hi all"})
        news = await heard(app, pilot, 2)
    assert news == [LanSession.Chat("Bob", 1, "hello"), LanSession.Chat("Cy", None, "hi all")]
    assert all(n.session is session for n in news)


async def test_a_refusal_is_an_error_message() -> None:
    async with session_at() as (app, remote, _session, pilot):
        remote.handle({"type": "error", "code": Code.SLOW_DOWN, "message": "Slow down."})
        remote.handle(
            {"type": "error", "code": Code.CLOSED, "message": "The host left.", "fatal": True}
        )
        news = await heard(app, pilot, 2)
    assert news == [
        LanSession.Error(Code.SLOW_DOWN, "Slow down."),
        LanSession.Error(Code.CLOSED, "The host left.", fatal=True),
    ]


async def test_the_connection_s_notices_are_connection_messages() -> None:
    """The client's own notices (lost, back, closed; "final" when not dialled again);
    a state the app does not know is dropped, not passed on as a string."""
    async with session_at() as (app, _remote, session, pilot):
        session.hear({"type": "connection", "state": "lost", "message": "Lost."})
        session.hear({"type": "connection", "state": "back", "message": "Back."})
        session.hear({"type": "connection", "state": "sideways", "message": "?"})
        session.hear({"type": "connection", "state": "lost", "message": "Gone.", "final": True})
        session.hear({"type": "connection", "state": "closed", "message": "Gone."})
        news = await heard(app, pilot, 4)
    assert news == [
        LanSession.Connection("lost", "Lost."),
        LanSession.Connection("back", "Back."),
        LanSession.Connection("lost", "Gone.", final=True),
        LanSession.Connection("closed", "Gone."),
    ]


async def test_the_host_s_notice_and_its_welcome() -> None:
    async with session_at() as (app, remote, _session, pilot):
        remote.handle({"type": "notice", "text": "Your chat is muted."})
        remote.handle(welcome(seat=0))  # back at the table after a drop
        news = await heard(app, pilot, 2)
    assert news == [LanSession.Notice("Your chat is muted."), LanSession.Welcome(0)]


async def test_a_lobby_says_who_went_away_and_who_came_back_once_the_game_is_on() -> None:
    """Before the game nobody "goes away" (the waiting room shows who is there); once
    it is on, each lobby says who dropped and who came back since the last one."""
    async with session_at() as (app, remote, _session, pilot):

        async def lobby_news(**fields: Any) -> LanSession.Lobby:
            remote.handle({"type": "lobby", **lobby(**fields)})
            (news,) = await heard(app, pilot)
            assert isinstance(news, LanSession.Lobby)
            return news

        before = await lobby_news(bob="away")
        assert before.went_away == () and before.came_back == ()
        assert before.lobby.seats[1].status == "away"
        back = await lobby_news(bob="here")
        assert back.came_back == ()  # not started yet
        remote.handle(update())
        assert await heard(app, pilot) == [LanSession.Update(1, over=False)]
        gone = await lobby_news(bob="away", started=True, game_number=1)
        assert gone.went_away == ((1, "Bob"),) and gone.came_back == ()
        still = await lobby_news(bob="away", started=True, game_number=1)
        assert still.went_away == () and still.came_back == ()  # said once
        returned = await lobby_news(bob="here", started=True, game_number=1)
        assert returned.went_away == () and returned.came_back == ((1, "Bob"),)


async def test_an_update_says_which_game_and_whether_it_is_over() -> None:
    async with session_at() as (app, remote, _session, pilot):
        news = []
        for msg in (update(1), update(1, over=True), update(2)):
            remote.handle(msg)
            news += await heard(app, pilot)
    assert news == [
        LanSession.Update(1, over=False),
        LanSession.Update(1, over=True),
        LanSession.Update(2, over=False),
    ]


async def test_news_reaches_the_app_on_its_own_task_until_the_session_detaches() -> None:
    """Attached, the table calls its listeners and subscribers through the app;
    detached, it calls them at once again and the session posts nothing more."""
    async with session_at() as (app, remote, session, pilot):
        assert remote.deliver == app.call_later
        session.detach()
        assert remote.deliver is None
        remote.handle({"type": "chat", "from": "Bob", "seat": 1, "text": "late"})
        assert await heard(app, pilot) == []


async def test_asking_for_the_next_game_is_remembered_per_game() -> None:
    sent: list[dict[str, Any]] = []
    async with session_at(sent) as (_app, remote, session, _pilot):
        remote.handle(update(1, over=True))
        assert session.ask_for_next_game() == ""
        assert sent[-1] == {"type": "again"} and session.asked_after == 1
        # The request is counted as asked before the host's lobby says so.
        assert session.next_game_news().can_ask is False


async def test_a_request_that_cannot_be_sent_says_why() -> None:
    remote = RemoteTable()  # no connection: sending fails
    remote.handle(welcome())
    app = Recorder()
    async with app.run_test():
        session = LanSession(app, remote)
        assert session.ask_for_next_game() == "Not connected to the table: reconnecting..."
        assert session.asked_after is None


async def test_chat_lines_held_back_come_as_chat_paced() -> None:
    """The session's chat pacer says through the app when held lines went out."""
    sent: list[dict[str, Any]] = []
    async with session_at(sent) as (app, _remote, session, pilot):
        pacer = session.chat_pacer()
        assert session.chat_pacer() is pacer  # one per table: lines wait across openings
        results = [pacer.say(str(n)) for n in range(7)]
        assert "waits" in results
        news = await heard(app, pilot)
        assert news and all(isinstance(n, LanSession.ChatPaced) for n in news)
        assert news[0] == LanSession.ChatPaced("")


async def test_the_app_takes_news_only_from_the_table_it_sits_at() -> None:
    """News still on its way from a table the app left (another session) is dropped;
    its own table's reaches the player."""
    from tui.app import PurrchApp
    from tui.scenes import scene_settings
    from tui.screens.lobby import LobbyScreen

    remote = RemoteTable(send=lambda _msg: None)
    remote.handle(welcome())
    app = PurrchApp(scene_settings(), remote)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen) and app.lan is not None
        left = LanSession(app, RemoteTable())
        app.post_message(LanSession.Notice("from the old table", session=left))
        app.post_message(LanSession.Notice("Your chat is muted.", session=app.lan))
        await pilot.pause()
        said = [(n.title, n.message) for n in app._notifications]
    assert said == [("Host", "Your chat is muted.")]
