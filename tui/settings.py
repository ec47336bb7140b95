"""What the player chose for this run of the app (not rules: those are game options)."""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from themes import DEFAULT_THEME

# Bot "thinking" time ranges, in seconds (see engine.session.Table bot_delay).
BOT_SPEEDS: dict[str, tuple[float, float]] = {
    "instant": (0.0, 0.0),
    "fast": (0.2, 0.5),
    "normal": (0.6, 1.4),
    "slow": (1.2, 2.5),
}
WINDOW_CHOICES: tuple[float, ...] = (4.0, 6.0, 8.0, 12.0, 20.0)


def data_dir() -> Path:
    """Where Purrch keeps its files: $PURRCH_HOME, else the user's data folder
    (platformdirs: ``$XDG_DATA_HOME/purrch`` or ``~/.local/share/purrch`` on Linux,
    ``~/Library/Application Support/purrch`` on macOS)."""
    home = os.environ.get("PURRCH_HOME")
    if home:
        return Path(home)
    return Path(platformdirs.user_data_dir("purrch", appauthor=False))


FINISHED_FOLDER = "finished"
"""The data folder's folder of finished games (:mod:`engine.finished`)."""


def finished_path() -> Path:
    """Where the app keeps finished games (``purrch replay`` lists them)."""
    return data_dir() / FINISHED_FOLDER


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def prefs_path() -> Path:
    """The player's remembered choices (the theme) for the next run."""
    return data_dir() / "prefs.json"


def _read_prefs() -> dict[str, object]:
    """What prefs.json holds: a missing, unreadable or corrupt file is no preference,
    never an error."""
    try:
        data = json.loads(prefs_path().read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def remembered_theme() -> str | None:
    """The theme last chosen in the app (Ctrl+T, the palette), if any is on file."""
    theme = _read_prefs().get("theme")
    return theme if isinstance(theme, str) else None


def remember_theme(theme: str) -> None:
    """Keep ``theme`` for the next run (atomically; a failure keeps it this run only:
    a preference is not worth an error)."""
    from engine.savefile import write_atomically

    data = {**_read_prefs(), "theme": theme}
    with contextlib.suppress(OSError):
        write_atomically(prefs_path(), json.dumps(data, indent=1))


@dataclass
class Settings:
    theme: str = DEFAULT_THEME
    ascii: bool = False
    bot_speed: str = "normal"
    # Reaction window length in seconds; None freezes countdowns (tests, screenshots).
    window_seconds: float | None = 8.0
    autosave: Path | None = field(default_factory=autosave_path)
    # Where games that end are kept for `purrch replay` and the menu's replays (the
    # last 20); None: nowhere (pictures).
    finished: Path | None = field(default_factory=finished_path)
    # Tests and screenshots set this to hide anything that moves (clocks, countdowns).
    frozen: bool = False
    # Whether the menu offers LAN games; an SSH session's app does not (its player
    # must not open ports on, or dial out from, the machine that hosts the door).
    lan: bool = True
    # Whether this app is an SSH door's session: its player has no shell, so a message
    # names the menu's way back ("Resume last game", Ctrl+R), never a purrch command.
    ssh: bool = False
    # Whether a theme chosen in the app is kept for the next run (prefs.json): the
    # command line's apps, not tests and screenshots.
    remember_theme: bool = False
    # Whether a lone human's reaction windows with nothing to react with pass at once
    # (engine.session.Table.auto_pass): None: the table's default (on for one human
    # against bots), False: always ask (purrch play --ask-always).
    auto_pass: bool | None = None
    # Shown once when the app starts (where this app saves, when it is not the usual).
    notice: str | None = None

    @property
    def bot_delay(self) -> tuple[float, float]:
        return BOT_SPEEDS[self.bot_speed]
