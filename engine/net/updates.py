"""The ``update`` line each connection of a LAN table is sent: its seat's view, prompts
and the log lines it lacks, written out around JSON parts so that what every update of
one broadcast has in common is built and encoded once (:class:`Broadcast`).

Its one job is the bytes of an update; who gets one, and when, is
:class:`~engine.net.host.TableHost`'s.  A player's update carries its own seat's
view, prompts and event lines (:func:`event_json`); a spectator's carries
``view(None)``, no prompts and public lines.
"""

from __future__ import annotations

from typing import Protocol

from engine.core import JSON, Event
from engine.net.protocol import encode_json
from engine.session import Table

__all__ = ["Broadcast", "SeenView", "event_json", "update_line"]


class SeenView(Protocol):
    """What a connection was last sent of its seat's private view (a cache)."""

    private: JSON
    private_json: str


class Broadcast:
    """What every update of one broadcast has in common, built and encoded once: the
    public half of the view, the outcome, the reaction window's countdown."""

    __slots__ = ("_public_json", "outcome", "table", "window")

    def __init__(self, table: Table) -> None:
        self.table = table
        outcome = table.outcome()
        self.outcome = None if outcome is None else encode_json(outcome.to_json())
        self.window = encode_json(table.window_remaining())
        self._public_json: str | None = None

    def view_json(self, seen: SeenView, seat: int | None) -> str:
        """``seat``'s view (``None``: a spectator's) as JSON, for a connection that was
        last sent ``seen``."""
        public = self._public_json
        if public is None:
            public = self._public_json = encode_json(self.table.public_view())
        # A seat's private half changes far less often than the table: compare
        # (cheap) before encoding it again.
        private = self.table.private_view(seat)
        if seen.private != private:
            seen.private = private
            seen.private_json = encode_json(private)
        return f'{{"public":{public},"private":{seen.private_json}}}'


def event_json(event: Event, seat: int | None) -> dict[str, JSON]:
    """One log line as ``seat`` may read it: the public text, plus its own secret."""
    out: dict[str, JSON] = {"text": event.text, "kind": event.kind}
    if event.quote:
        out["quote"] = event.quote
    if seat is not None:
        for who, secret in event.secrets:
            if who == seat:
                out["secret"] = secret
                break
    return out


def update_line(
    shared: Broadcast,
    seen: SeenView,
    seat: int | None,
    *,
    game_number: int,
    log: list[Event],
    first: int,
    ack: JSON,
) -> bytes:
    """The ``update`` for ``seat`` (None: a spectator), with the log from ``first`` on
    and ``ack`` (None: it acknowledges no answer)."""
    prompts = [] if seat is None else [p.to_json() for p in shared.table.prompts_for(seat)]
    parts = [
        '{"type":"update","game_number":',
        str(game_number),
        ',"view":',
        shared.view_json(seen, seat),
        ',"prompts":',
        encode_json(prompts) if prompts else "[]",
        ',"events":',
        encode_json([event_json(e, seat) for e in log[first:]]),
        ',"first":',
        str(first),
        ',"window":',
        shared.window,
    ]
    if shared.outcome is not None:
        parts += [',"outcome":', shared.outcome]
    if ack is not None:
        parts += [',"ack":', encode_json(ack)]
    parts.append("}\n")
    return "".join(parts).encode("utf-8", "replace")
