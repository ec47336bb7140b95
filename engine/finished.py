"""Finished games, kept for ``purrch replay``: the last :data:`KEEP` in one folder.

When a game ends at a :class:`engine.session.Table` whose ``keep_finished_in`` is
set (the app sets it to ``<data folder>/finished``, and so does a LAN host), the
table's save is written there as ``YYYYMMDD-HHMMSS-<game>.json``, with a
``finished`` section that lists it without loading the game: when it ended, the
game, the players, the winners and why.  The oldest files beyond :data:`KEEP` are
removed.  :func:`listing` reads that section of each file, newest first, for the
menu's "Replay a finished game".  Stdlib only; the table hands over plain data (this
module imports no table, so the engine keeps no import cycle).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import JSON
from engine.savefile import write_atomically

__all__ = [
    "KEEP",
    "FinishedGame",
    "finished_section",
    "keep",
    "listing",
    "read_finished",
    "summary_json",
]

KEEP = 20
"""How many finished games are kept (the newest)."""
SECTION = "finished"
"""The key of the save's extra section that lists a kept game."""
_MAX_LISTED_BYTES = 64 * 1024 * 1024
"""A file bigger than this in the folder is not read (it is not one of ours)."""


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """One kept game, as the menu lists it."""

    path: Path
    at: str
    """When it ended, local time, ``YYYY-MM-DD HH:MM``."""
    game_id: str
    title: str
    players: tuple[str, ...]
    winners: tuple[str, ...]
    """Empty: a draw."""
    reason: str


def summary_json(
    *,
    at: dt.datetime,
    game_id: str,
    title: str,
    players: list[str],
    winners: list[int],
    reason: str,
) -> dict[str, JSON]:
    """The ``finished`` section of a kept game."""
    return {
        "at": at.strftime("%Y-%m-%d %H:%M"),
        "game": game_id,
        "title": title,
        "players": list(players),
        "winners": [players[w] for w in winners if 0 <= w < len(players)],
        "reason": reason,
    }


def keep(folder: Path, game_id: str, text: str, *, at: dt.datetime, keep: int = KEEP) -> Path:
    """Write ``text`` (a table's save with its ``finished`` section) into ``folder``
    under a new name for ``at``, then remove the oldest files beyond ``keep``.
    Returns the file written; :class:`OSError` if it cannot be."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{at.strftime('%Y%m%d-%H%M%S')}-{game_id}"
    path = folder / f"{stem}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    write_atomically(path, text, durable=True)
    files = sorted(folder.glob("*.json"), key=lambda p: p.name, reverse=True)
    for old in files[keep:]:
        with contextlib.suppress(OSError):
            old.unlink()
    return path


def listing(folder: Path) -> list[FinishedGame]:
    """The kept games in ``folder``, the newest first; files that are not kept games
    (or cannot be read) are left out."""
    try:
        files = sorted(folder.glob("*.json"), key=lambda p: p.name, reverse=True)
    except OSError:
        return []
    out: list[FinishedGame] = []
    for path in files:
        found = read_finished(path)
        if found is not None:
            out.append(found)
    return out


def read_finished(path: Path) -> FinishedGame | None:
    """The ``finished`` section of the save at ``path`` (None: it has none, or it
    cannot be read)."""
    try:
        if path.stat().st_size > _MAX_LISTED_BYTES:
            return None
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    return finished_section(path, data)


def finished_section(path: Path, data: Any) -> FinishedGame | None:
    """The ``finished`` section of ``data``, the save read from ``path`` (None: it has
    none, or not as :func:`summary_json` writes it)."""
    section = data.get(SECTION) if isinstance(data, dict) else None
    if not isinstance(section, dict):
        return None
    texts = [section.get(k) for k in ("at", "game", "title", "reason")]
    players, winners = section.get("players"), section.get("winners")
    if not all(isinstance(v, str) for v in texts):
        return None
    if not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        return None
    if not (isinstance(winners, list) and all(isinstance(w, str) for w in winners)):
        return None
    at, game_id, title, reason = (str(v) for v in texts)
    return FinishedGame(path, at, game_id, title, tuple(players), tuple(winners), reason)
