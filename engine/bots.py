"""The bot contract and the random bot.

A bot sees exactly what a human in its seat would: the seat's view and the
prompt in front of it, plus whatever it chose to remember.  It never reads the
game state.  Bots are deterministic from their seed and save to JSON.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.core import JSON, Event, Prompt, Rng


class Bot(Protocol):
    level: str
    seat: int
    needs_view: bool
    """False for bots that never look at the view (the table then skips building it)."""

    def choose(self, view: dict[str, JSON], prompt: Prompt) -> str:
        """Return the id of one of ``prompt.options``."""
        ...

    def observe(self, events: list[Event]) -> None:
        """Hear the log lines this seat may read (already stripped of others' secrets)."""
        ...

    def to_json(self) -> dict[str, JSON]: ...

    def load_json(self, data: dict[str, Any]) -> None:
        """Take back the memory and RNG that ``to_json`` wrote."""
        ...


class RandomBot:
    """Picks any legal option uniformly; a baseline and a fuzzer."""

    level = "random"
    needs_view = False

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)

    def choose(self, view: dict[str, JSON], prompt: Prompt) -> str:
        return str(self.rng.choice(prompt.choices()).id)

    def observe(self, events: list[Event]) -> None:
        return None

    def to_json(self) -> dict[str, JSON]:
        return {"level": self.level, "seat": self.seat, "rng": self.rng.state}

    def load_json(self, data: dict[str, Any]) -> None:
        self.rng = Rng(int(data["rng"]))
