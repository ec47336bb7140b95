"""Seats and their tokens without a host (engine.net.seats): issue, look up, take back."""

from __future__ import annotations

from engine.net.seats import Seats, hash_token
from engine.session import SeatConfig


def test_a_free_seat_is_the_lowest_human_one_and_its_token_finds_it() -> None:
    seats = Seats(3, 1)
    assert seats.humans == 2 and seats.waiting_for == 2
    seat = seats.free_seat()
    assert seat is not None and seat.index == 0
    token = seats.take_free(seat, "Ann", conn=7)
    assert seat.name == "Ann" and seat.conn == 7
    assert seat.token_hash == hash_token(token) and seat.token_hash != token  # only the hash
    assert seats.by_token(token) is seat
    nxt = seats.free_seat()
    assert nxt is not None and nxt.index == 1  # the bot's seat is never free
    bob_token = seats.take_free(nxt, "Bob", conn=8)
    assert bob_token != token and seats.by_token(bob_token) is nxt
    assert seats.free_seat() is None and seats.waiting_for == 0
    assert seats.statuses() == [("Ann", "here"), ("Bob", "here"), (None, "bot")]


def test_a_wrong_token_finds_no_seat() -> None:
    seats = Seats(2, 0)
    seat = seats.free_seat()
    assert seat is not None
    token = seats.take_free(seat, "Ann", conn=1)
    assert seats.by_token(token + "x") is None
    assert seats.by_token("") is None
    assert seats.by_token(hash_token(token)) is None  # the stored hash is not a token
    # An open seat has no token: nothing matches it.
    assert seats[1].token_hash is None and seats.by_token("anything") is None


def test_a_seat_left_before_the_start_is_free_again_and_its_token_void() -> None:
    seats = Seats(2, 0)
    seat = seats.free_seat()
    assert seat is not None
    token = seats.take_free(seat, "Ann", conn=1)
    seats.free(seat)
    assert seats.by_token(token) is None
    assert seats.free_seat() is seat and seat.status() == "open"


def test_a_seat_held_while_away_is_taken_back_by_token_and_from_the_bot() -> None:
    seats = Seats(2, 0)
    ann = seats.free_seat()
    assert ann is not None
    token = seats.take_free(ann, "Ann", conn=1)
    bob = seats.free_seat()
    assert bob is not None
    seats.take_free(bob, "Bob", conn=2)
    configs = seats.start("heuristic", now=0.0)
    assert [(c.name, c.kind) for c in configs] == [("Ann", "remote"), ("Bob", "remote")]
    seats.leave(ann, now=10.0)
    assert ann.status() == "away" and ann.conn is None
    assert seats.away_wakeups(60.0) == [70.0]
    assert seats.due_for_bot(69.0, 60.0) == []
    assert seats.due_for_bot(70.0, 60.0) == [ann]
    seats.bot_takes_over(ann)
    assert ann.status() == "bot" and seats.due_for_bot(100.0, 60.0) == []
    found = seats.by_token(token)
    assert found is ann
    assert seats.take_back(found, conn=5) is True  # a bot was playing it
    assert ann.conn == 5 and ann.status() == "here" and ann.away_since is None
    assert seats.take_back(ann, conn=6) is False  # no bot any more


def test_bots_get_names_unlike_any_player_s() -> None:
    seats = Seats(3, 2, bot_names=("Tom", "Luna"), name_skeleton=str.casefold)
    ann = seats.free_seat()
    assert ann is not None
    seats.take_free(ann, "TOM", conn=1)
    configs = seats.start("easy", now=0.0)
    assert [(c.name, c.kind) for c in configs] == [
        ("TOM", "remote"),
        ("Luna", "bot"),
        ("Tom 2", "bot"),
    ]
    assert seats.names() == ["TOM", "Luna", "Tom 2"]


def test_restored_seats_are_away_with_their_saved_tokens() -> None:
    seats = Seats(2, 0)
    token = "a-token"
    missing = seats.restore(
        [SeatConfig("Ann", "remote"), SeatConfig("Bob", "bot")], [hash_token(token), "h"], 3.0
    )
    assert missing is None
    assert seats.by_token(token) is seats[0]
    assert seats.statuses() == [("Ann", "away"), ("Bob", "bot")]
    assert seats[0].away_since == 3.0
    again = Seats(2, 0)
    assert (
        again.restore([SeatConfig("A", "remote"), SeatConfig("B", "remote")], ["h", None], 0) == 1
    )


def test_a_name_like_one_at_the_table_is_refused_with_the_reason() -> None:
    seats = Seats(2, 0, name_skeleton=lambda name: name.casefold().replace("0", "o"))
    ann = seats.free_seat()
    assert ann is not None
    seats.take_free(ann, "Bob", conn=1)
    assert seats.name_clash("Ann") is None
    clash = seats.name_clash(" bob ".strip().upper())
    assert clash is not None and clash.startswith("Someone called BOB is already")
    looks = seats.name_clash("B0b")
    assert looks is not None and "looks like a name already at the table: Bob" in looks
    assert seats.name_clash("Eve", others=["eve"]) is not None  # a spectator's name
    assert seats.name_clash("Eve") is None
