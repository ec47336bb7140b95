"""Strangers' hellos cannot lock a player out of their own seat (issue 20, point 4):
the table's budget of joins a second is spent by anyone who connects, but a seat's token
comes back whatever that budget holds."""

from __future__ import annotations

from net_helpers import FakeClock, HostHarness, hello

from engine.net.protocol import Code


def test_a_seat_token_redials_while_strangers_spend_the_join_budget() -> None:
    clock = FakeClock()
    h = HostHarness.new(clock=clock, join_rate=(1.0, 3.0), players=3, bots=1, away_timeout=None)
    ann = h.join("Ann")
    h.join("Bob")
    token = h.welcome(ann)["token"]
    h.drop(ann)
    refused = 0
    for i in range(20):  # a stranger floods hellos: the budget is gone
        conn = h.connect()
        replies = h.send(conn, hello(f"Eve{i}", spectate=True))
        refused += any(m.get("code") == Code.BUSY for m in replies if m["type"] == "error")
    assert refused >= 15
    back = h.connect()
    replies = h.send(back, hello("Ann", token=token))
    kinds = [m for m in replies if m["type"] in ("welcome", "error")]
    assert [m["type"] for m in kinds] == ["welcome"] and kinds[0]["seat"] == 0
    # A made-up token is a stranger's hello: refused while the budget is spent.
    fake = h.connect()
    replies = h.send(fake, hello("Mallory", token="not-a-token"))
    assert any(m.get("code") == Code.BUSY for m in replies if m["type"] == "error")
