"""Seats, seeds, rule options and tables, shared by the menu and the command line.

Nothing here imports textual, so ``purrch play`` can check its arguments (and
refuse bad ones) before the app is loaded.
"""

from __future__ import annotations

import getpass
import importlib.util
import os
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core import JSON, RuleOption
from engine.game import resolve_options
from engine.invocation import command
from engine.net.protocol import MAX_MARKS, cap_marks
from engine.savefile import SaveInUse, SaveLock
from engine.session import SaveError, SeatConfig, Table
from tui.names import name_skeleton
from tui.saves import intact_tmp, recover_command

if TYPE_CHECKING:
    from engine.game import Game
    from tui.settings import Settings

CAT_NAMES: tuple[str, ...] = (
    "Tom",
    "Luna",
    "Mochi",
    "Felix",
    "Nala",
    "Simba",
    "Misty",
    "Oscar",
    "Pixel",
    "Tigger",
)
"""Names bots get, in seat order (skipping any a human already took)."""

MAX_NAME = 16
"""The longest seat name the menu accepts (names show in narrow panes)."""

FALLBACK_HUMAN = "Player"
"""The local player's name when the login name does not read as one."""

_NOT_NAMES = frozenset(
    {"root", "admin", "administrator", "user", "guest", "nobody", "player", "ubuntu"}
    | {"debian", "pi", "vagrant", "runner", "ci", "build", "docker", "test", "you"}
)
"""Login names that are accounts, not people."""


def default_human() -> str:
    """The name the local player starts with (the menu's first seat, ``purrch play``
    without ``--humans``): the login name when it reads as a name ("ann" is "Ann"),
    else "Player".  The log names every seat in the third person, so "You" read
    "It is You's turn"."""
    try:
        login = getpass.getuser()
    except (KeyError, OSError, ImportError):  # no name in the environment or passwd
        login = ""
    if (
        login.isascii()
        and login.isalpha()
        and 2 <= len(login) <= MAX_NAME
        and login.casefold() not in _NOT_NAMES
    ):
        return login[:1].upper() + login[1:]
    return FALLBACK_HUMAN


_TRUE = frozenset({"true", "yes", "on", "1", "y"})
_FALSE = frozenset({"false", "no", "off", "0", "n"})


def new_seed() -> int:
    """A fresh seed for a new game (the table keeps it, so a game can be replayed)."""
    return secrets.randbits(32)


def bot_levels(game: Game[Any]) -> tuple[str, ...]:
    return game.bot_levels


def default_level(game: Game[Any]) -> str:
    """The bot level the menu and ``purrch play`` pick when nobody says: the game's own."""
    return game.default_bot


def has_screen(game_id: str) -> bool:
    """Whether the app can show this game: its table widgets exist (``tui/games/<id>.py``).

    A game's engine can land before its screen: it is then simulated but not played.
    """
    try:
        return importlib.util.find_spec(f"tui.games.{game_id}") is not None
    except (ImportError, ValueError):
        return False


def default_players(game: Game[Any]) -> int:
    return max(game.min_players, min(4, game.max_players))


def bot_names(taken: Iterable[str], count: int) -> list[str]:
    """``count`` cat names for bots, none equal (ignoring case) to a name in ``taken``
    or looking like one (``T0m`` keeps the bots from being called Tom)."""
    used = {key for name in taken for key in _name_keys(name)}
    out: list[str] = []
    pool = [n for n in CAT_NAMES if used.isdisjoint(_name_keys(n))]
    i = 0
    while len(out) < count:
        if i < len(pool):
            name = pool[i]
        else:  # more bots than cat names: number them
            name = f"{CAT_NAMES[i % len(CAT_NAMES)]} {i // len(CAT_NAMES) + 1}"
        i += 1
        keys = _name_keys(name)
        if used.isdisjoint(keys):
            used.update(keys)
            out.append(name)
    return out


def _name_keys(name: str) -> tuple[str, str]:
    return name.strip().casefold(), name_skeleton(name.strip())


def default_seats(game: Game[Any], players: int | None = None) -> list[SeatConfig]:
    """The menu's starting point: the local player against bots named after cats."""
    n = default_players(game) if players is None else players
    level = default_level(game)
    human = default_human()
    seats = [SeatConfig(human, "human")]
    seats += [SeatConfig(name, "bot", level) for name in bot_names([human], n - 1)]
    return seats


def check_seat_names(names: Sequence[str]) -> None:
    """Refuse empty, over-long, repeated or look-alike seat names, and names piling
    up accents (a ValueError for people)."""
    seen: dict[str, int] = {}
    looks: dict[str, int] = {}
    for i, name in enumerate(names):
        if not name.strip():
            raise ValueError(f"seat {i + 1} has no name")
        if cap_marks(name) != name:
            raise ValueError(
                f"the name of seat {i + 1} carries more than {MAX_MARKS} accents or marks "
                "on one letter"
            )
        if len(name) > MAX_NAME:
            raise ValueError(f"the name {name!r} is longer than {MAX_NAME} characters")
        key, look = _name_keys(name)
        if key in seen:
            raise ValueError(f"seats {seen[key] + 1} and {i + 1} are both called {name.strip()!r}")
        if look in looks:
            j = looks[look]
            raise ValueError(
                f"the names of seats {j + 1} and {i + 1} look alike: "
                f"{names[j].strip()!r} and {name.strip()!r}"
            )
        seen[key] = looks[look] = i


def parse_option_value(spec: RuleOption, text: str) -> JSON:
    """Read ``text`` as a value for the rule option ``spec`` (its default's type)."""
    raw = text.strip()
    if isinstance(spec.default, bool):
        low = raw.lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise ValueError(f"rule option {spec.id!r} must be true or false, not {raw!r}")
    if isinstance(spec.default, int):
        try:
            return int(raw)
        except ValueError:
            raise ValueError(
                f"rule option {spec.id!r} must be a whole number, not {raw!r}"
            ) from None
    if isinstance(spec.default, float):
        try:
            return float(raw)
        except ValueError:
            raise ValueError(f"rule option {spec.id!r} must be a number, not {raw!r}") from None
    for choice in spec.choices:  # a choice given by its text
        if str(choice) == raw:
            return choice
    return raw


def parse_options(game: Game[Any], pairs: Iterable[str]) -> dict[str, JSON]:
    """``key=value`` strings into checked rule options (a ValueError names the bad one)."""
    specs = {o.id: o for o in game.options}
    out: dict[str, JSON] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"--option takes key=value, not {pair!r}")
        spec = specs.get(key)
        if spec is None:
            known = ", ".join(sorted(specs)) or "none"
            raise ValueError(f"{game.title} has no rule option {key!r} (known: {known})")
        out[key] = parse_option_value(spec, value)
    resolve_options(game, out)  # the engine's own checks (choices, types)
    return out


def build_table(
    game: Game[Any],
    seats: list[SeatConfig],
    settings: Settings,
    *,
    seed: int | None = None,
    options: dict[str, JSON] | None = None,
) -> Table:
    """A new table as the app hosts it (autosave and timings from ``settings``)."""
    check_seat_names([s.name for s in seats])
    return Table(
        game,
        seats,
        seed=new_seed() if seed is None else seed,
        options=options,
        autosave=settings.autosave,
        window_seconds=settings.window_seconds,
        bot_delay=settings.bot_delay,
    )


def rematch(table: Table, autosave: Path | None) -> Table:
    """The same seats, options and timings at a fresh table with the next seed."""
    return Table(
        table.game,
        table.seats,
        seed=table.seed + 1,
        options=table.options,
        autosave=autosave,
        window_seconds=table.window_seconds,
        bot_delay=table.bot_delay,
    )


@dataclass(frozen=True)
class SavedGame:
    """What a save holds, as far as starting a new game over it cares (the menu's
    question, ``purrch play`` keeping it aside)."""

    title: str = ""
    names: tuple[str, ...] = ()
    over: bool = False
    error: str = ""
    """Why the file cannot be loaded ("" when it loads)."""
    recover: str | None = None
    """When it cannot: the command that carries on from the intact temporary file
    beside it, if there is one (``purrch resume FILE --from-tmp``)."""

    @classmethod
    def read(cls, path: Path) -> SavedGame:
        try:
            table = Table.load(path)
        except SaveError as exc:
            # The file's name is enough here; the Resume button's help has the full path.
            error = str(exc).replace(str(path), path.name)
            return cls(error=error, recover=recover_command(path))
        return cls(table.game.title, tuple(s.name for s in table.seats), table.is_over)

    @property
    def what(self) -> str:
        """'Cats Among The Pigeons (Ann, Tom)'."""
        return f"{self.title} ({', '.join(self.names)})"

    def replace_warning(self) -> str:
        """What starting a new game does to this save, for the question."""
        if self.error and self.recover:
            return (
                f"The saved game cannot be loaded ({self.error}), but an intact copy of it "
                f"is beside it: it will be replaced. To carry on with it instead, answer no, "
                f"quit and run `{self.recover}`."
            )
        if self.error:
            return f"The saved game cannot be loaded ({self.error}): it will be replaced."
        return f"Your unfinished game of {self.what} will be replaced."


OTHER_AUTOSAVES = 8
"""How many other Purrch apps may play at once beside the one on ``autosave.json``
(each on its own ``autosave-N.json``, N from 2)."""


def autosave_slots(path: Path) -> list[Path]:
    """``path`` and the files other apps save to beside it: ``<name>-2.json``..."""
    others = range(2, 2 + OTHER_AUTOSAVES)
    return [path, *(path.with_name(f"{path.stem}-{n}{path.suffix}") for n in others)]


def latest_unfinished(paths: Iterable[Path]) -> list[Path]:
    """Those of ``paths`` that hold a game not over, the last saved first."""
    found = []
    for path in paths:
        try:
            when = path.stat().st_mtime
        except OSError:
            continue
        saved = SavedGame.read(path)
        if not saved.error and not saved.over:
            found.append((when, path))
    return [path for _when, path in sorted(found, key=lambda item: item[0], reverse=True)]


def claim_autosave(
    path: Path, *, elsewhere: bool = True, saved_first: bool = False
) -> tuple[SaveLock, Path, list[Path]]:
    """Lock the save at ``path`` for this app, which alone writes it from now on.

    Another Purrch that has the file open holds its lock: with ``elsewhere`` the
    first free ``<name>-2.json``, ``<name>-3.json``... beside it is locked instead
    (two apps on one file would each overwrite the other's game); without, or when
    every one is taken, :class:`SaveInUse` for ``path``.  Returns the lock, the
    path locked, and the ones passed over (in use).  :class:`OSError` if the folder
    cannot hold the lock file.  ``saved_first``: the files holding a game not over
    are tried first, the last saved first (the menu then offers to resume it).
    """
    candidates = autosave_slots(path) if elsewhere else [path]
    if saved_first:
        saved = latest_unfinished(candidates)
        candidates = saved + [c for c in candidates if c not in saved]
    refused: SaveInUse | None = None
    for i, candidate in enumerate(candidates):
        lock = SaveLock(candidate)
        try:
            lock.acquire()
        except SaveInUse as exc:
            refused = refused or exc
            continue
        return lock, candidate, candidates[:i]
    assert refused is not None
    raise refused


def keep_unfinished_save(path: Path | None) -> tuple[Path, str, str | None] | None:
    """Before a new game autosaves over ``path`` (``purrch play``): move a game there
    that is not over aside, to ``<name>-previous.json`` next to it, so nothing is lost.

    Returns where it went, what it holds ("Cats Among The Pigeons (Ann, Tom)") and
    the command that continues it (None: none does), or None when there was nothing
    to keep (no file, or a finished game).  A file that cannot be loaded is kept too:
    it may be a newer Purrch's save; an intact temporary file beside it (the game
    it should hold) goes with it, so that ``--from-tmp`` recovers it there.
    """
    if path is None or not path.is_file():
        return None
    saved = SavedGame.read(path)
    if saved.over:
        return None
    target = path.with_name(f"{path.stem}-previous{path.suffix}")
    tmp = intact_tmp(path) if saved.error else None
    os.replace(path, target)
    if not saved.error:
        return target, saved.what, command("resume", str(target))
    if tmp is None:
        return target, "a save this Purrch cannot load", None
    os.replace(tmp, target.with_name(f".{target.name}.tmp"))
    return target, "a save this Purrch cannot load", recover_command(target)
