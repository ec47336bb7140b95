"""The client's state without a socket (engine.net.remote.RemoteState): parsed server
messages in, the messages it wants to send out."""

from __future__ import annotations

import pytest
from net_helpers import RACE

from engine.core import IllegalMove
from engine.net.protocol import Message
from engine.net.remote import RemoteState


def welcome(seat: int | None = 0, **extra: object) -> Message:
    msg: Message = {
        "type": "welcome",
        "protocol": 1,
        "server": "purrch test",
        "seat": seat,
        "token": None if seat is None else "tok",
        "game": "race",
        "title": "Race",
        "options": {"rounds": 3},
        "players": 2,
        "window_seconds": 6,
        "chat": [],
        "started": True,
        "over": False,
        "game_number": 1,
        "seats": [
            {"seat": 0, "name": "Ann", "kind": "player", "status": "here"},
            {"seat": 1, "name": "Bob", "kind": "player", "status": "away"},
        ],
        "spectators": 0,
        "waiting_for": 0,
        "again": [],
    }
    msg.update(extra)
    return msg


def update(**extra: object) -> Message:
    msg: Message = {
        "type": "update",
        "game_number": 1,
        "view": {"public": {"round": 0}, "private": {"number": 4}},
        "prompts": [
            {
                "id": "r0",
                "seat": 0,
                "kind": "race",
                "text": "Claim the round?",
                "options": [{"id": "claim", "label": "Claim"}, {"id": "pass", "label": "Pass"}],
                "pass_option": "pass",
            }
        ],
        "events": [{"text": "Ann starts.", "kind": "start"}, {"text": "x", "secret": "4"}],
        "first": 0,
        "window": 5.0,
    }
    msg.update(extra)
    return msg


def seated() -> RemoteState:
    state = RemoteState(games={"race": RACE}, clock=lambda: 100.0)
    state.handle(welcome())
    state.handle(update())
    return state


def test_a_welcome_then_an_update_gives_the_seat_its_prompts_and_view() -> None:
    state = RemoteState(games={"race": RACE}, clock=lambda: 100.0)
    state.handle(welcome())
    assert state.seat == 0 and state.token == "tok" and state.game is RACE
    assert not state.started and state.prompts() == []
    assert state.away_seats == frozenset({1})
    assert [(s.name, s.kind) for s in state.seats] == [("Ann", "human"), ("Bob", "remote")]
    state.handle(update())
    assert state.started
    assert [p.id for p in state.prompts()] == ["r0"] and state.prompts_for(1) == []
    assert state.view(0) == {"public": {"round": 0}, "private": {"number": 4}}
    assert state.view(1) == {"public": {"round": 0}, "private": {}}  # never another's secret
    assert state.log_for(0) == ["Ann starts.", "4"] and state.log_for(None) == ["Ann starts.", "x"]
    assert state.window_remaining(now=102.0) == 3.0  # on the state's own clock
    assert state.deadline("r0") == 105.0
    assert state.take_outgoing() == []


def test_an_answer_waits_in_the_outbox_and_hides_its_prompt_until_the_update() -> None:
    state = seated()
    assert state.answer(0, "r0", "claim") == []
    sent = state.take_outgoing()
    assert sent == [{"type": "answer", "prompt": "r0", "option": "claim", "id": 1}]
    assert state.take_outgoing() == []  # taken once
    assert state.prompts() == [] and state.last_answer_id == 1
    # Its update acknowledges it: the prompt the server still offers shows again.
    state.handle(update(ack=1, first=2, events=[]))
    assert state.last_ack == 1 and [p.id for p in state.prompts()] == ["r0"]
    assert state.log_for(None) == ["Ann starts.", "x"]  # the log lines it had are kept


def test_an_error_for_a_pending_answer_opens_its_prompt_again() -> None:
    state = seated()
    changes: list[object] = []
    state.subscribe(changes.append)
    state.answer(0, "r0", "claim")
    assert state.prompts() == []
    state.handle({"type": "error", "code": "illegal", "message": "Too late.", "re": 1})
    assert state.last_error == "Too late."
    assert [p.id for p in state.prompts()] == ["r0"] and changes == [[]]
    # An error about no answer of ours (or one already settled) changes no prompt.
    state.answer(0, "r0", "pass")
    state.handle({"type": "error", "code": "illegal", "message": "Other.", "re": 99})
    assert state.prompts() == [] and changes == [[]]


def test_what_cannot_be_answered_is_refused_locally_and_nothing_is_sent() -> None:
    state = seated()
    with pytest.raises(IllegalMove):
        state.answer(1, "r0", "claim")  # not this seat
    with pytest.raises(IllegalMove):
        state.answer(0, "r9", "claim")  # no such prompt
    with pytest.raises(IllegalMove):
        state.answer(0, "r0", "fly")  # no such option
    assert state.take_outgoing() == []


def test_a_chat_line_is_kept_and_heard_and_one_said_goes_out() -> None:
    state = seated()
    heard: list[Message] = []
    state.listen(heard.append)
    line: Message = {"type": "chat", "from": "Bob", "seat": 1, "text": "hi"}
    state.handle(line)
    assert list(state.chat) == [("Bob", 1, "hi")] and heard == [line]
    state.handle({"type": "chat", "from": "Eve", "seat": None, "text": "watching"})
    assert list(state.chat)[-1] == ("Eve", None, "watching")
    state.send_chat("hello")
    state.request_new_game()
    assert state.take_outgoing() == [{"type": "chat", "text": "hello"}, {"type": "again"}]
    # A welcome on coming back adds only the lines this seat has not heard.
    said = [
        {"from": "Bob", "seat": 1, "text": "hi"},
        {"from": "Eve", "seat": None, "text": "watching"},
    ]
    state.handle(welcome(chat=[*said, {"from": "Bob", "seat": 1, "text": "new"}]))
    assert [text for _who, _seat, text in state.chat] == ["hi", "watching", "new"]


def test_a_send_hook_takes_the_messages_instead_of_the_outbox() -> None:
    sent: list[Message] = []
    state = RemoteState(send=sent.append, games={"race": RACE})
    state.handle(welcome())
    state.handle(update())
    state.send_chat("hey")
    assert sent == [{"type": "chat", "text": "hey"}] and state.take_outgoing() == []


def test_a_spectator_sees_no_prompts_and_cannot_answer() -> None:
    state = RemoteState(games={"race": RACE})
    state.handle(welcome(seat=None))
    state.handle(update(prompts=[], view={"public": {"round": 0}, "private": {}}))
    assert state.seat is None and state.prompts() == [] and state.humans_waiting() == []
    with pytest.raises(IllegalMove, match="Spectators"):
        state.answer(0, "r0", "claim")


def test_a_log_lines_quoted_words_cross_the_wire() -> None:
    """An event's ``quote`` (a card's printed words) goes out with the line and comes
    back the same; a line without one sends no ``quote`` key."""
    from engine.core import Event
    from engine.net.remote import event_from_json
    from engine.net.updates import event_json

    quoted = Event(
        "Ann plays “Peek”: buy them at their cost.",
        ((0, "x"),),
        "anytime",
        "buy them at their cost.",
    )
    assert event_from_json(event_json(quoted, 0), 0) == quoted
    assert event_from_json(event_json(quoted, 1), 1) == quoted._replace(secrets=())
    assert "quote" not in event_json(Event("Ann passes."), 0)
