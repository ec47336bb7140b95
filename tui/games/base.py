"""What a game brings to the shared game screen: its panes and how to read its views.

:class:`tui.screens.game.GameScreen` runs everything that is the same for every
game: who is shown, hand-off curtains, reaction windows with their banner and
claim keys, the prompt bar, the log, the seats pane, the clock and game over.
Everything that depends on the game is a :class:`GameUI`, found by
:func:`load_game_ui` in ``tui/games/<id>.py`` (its ``UI`` class):

* the widgets of the main area (:meth:`GameUI.compose_main`, left of the side
  column) and of the side column (:meth:`GameUI.compose_side`, between the seats
  pane and the log);
* how to draw them from a view (:meth:`GameUI.fill`), what the prompt bar says
  (:meth:`GameUI.prompt_info`), the seats pane's details (:meth:`GameUI.table_info`);
* which option a thing picked in a pane answers (:meth:`GameUI.option_for`: a
  card, a position), from a :class:`PaneChoice` message;
* the curtain's reason, the log as a seat reads it, and the result of a finished game.

A game UI is a presenter: it holds the glyphs and display preferences (never
engine state), reads views and sets its widgets' reactive attributes.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import json
import os
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding

from engine.core import Event, Prompt, and_list
from engine.presence import LOCAL, Presence
from themes import Glyphs
from tui.widgets import Choice, KeyBook, KeyedOption, LogLine, PromptInfo, TableInfo
from tui.widgets.pane_messages import PaneChoice, PaneSetting
from tui.widgets.prompt_bar import KEYS_KEPT

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui.widgets.result import GameResult


REACTIONS: dict[str, tuple[str, str, bool]] = {
    "react": ("reacts", "Nobody reacts", False),
    "claim": ("claims", "Nobody claims", False),
}
"""What a seat does in a window, by the word a game uses: (third person, the "nobody"
key's words, whether the footer lists the claim keys; else only the banner does, with
the seats' names: a key for every seat is more than 80 columns of footer hold)."""


@dataclass(frozen=True, slots=True)
class Shown:
    """What the game screen shows now: one seat's view (``seat`` None: the public one only)."""

    seat: int | None
    public: Mapping[str, Any]
    """The view's public half; a presenter reads it as its game's schema
    (``engine/games/<id>/view.py``), through its ``public_view``."""
    private: Mapping[str, Any]
    """The view's private half (``{}`` for a spectator), read through ``private_view``."""
    prompt: Prompt | None
    """The decision on the prompt bar (the shown seat's), if any."""
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    hotseat: bool = False
    """Several humans share the screen."""
    countdown: bool = False
    """Reaction windows close by themselves (silence passes)."""
    claiming: bool = False
    """The shown seat chose to answer its window first; another decision waits (Escape)."""
    presence: Presence = LOCAL
    """Who is where at the table (this screen's LAN seat, who is away...)."""
    all_seeing: bool = False
    """A demo or a replay: the bots play every seat (or a saved game is stepped through)
    and the cards are shown seat by seat; nobody at the screen is a seat, so no seat
    is "you"."""


class GameUI:
    """The game-specific half of the game screen.  Subclasses live in ``tui/games/<id>.py``
    as ``UI``; see the module docstring."""

    reaction: ClassVar[str] = "react"
    """What a seat does in a window ("react", "claim"): banner, footer and curtain words."""
    secret: ClassVar[str] = "cards"
    """What a seat keeps hidden, in the curtain's words ("I am here: show my cards")."""
    keys_kept: ClassVar[str] = KEYS_KEPT
    """How long a thing keeps its key, as the keys screen (?) says it."""
    windows: ClassVar[bool] = True
    """Whether the game has windows at all (the menu offers their countdown only then)."""
    seats_pane: ClassVar[bool] = True
    """Whether the side column starts with the shared seats pane (a game whose main pane
    already shows every seat, its turn and its cards can leave it out)."""
    buzz_shown_seat: ClassVar[bool] = False
    """Whether the seat shown gets a claim key too (it then answers its window on demand,
    the prompt bar keeping its other decision); else only other humans get one."""

    screen_bindings: ClassVar[tuple[Binding, ...]] = ()
    """Keys that work wherever the focus is on the game screen (the Isle's ``s``, for
    the score), shown in the footer all along.  A binding's action is a plain name:
    the screen hands it to :meth:`setting` as a ``ScreenKey`` and draws again."""

    loose_keys: ClassVar[int] = 0
    """Keys (from 1) kept for options about no thing on the board (Draw, Pass): the
    things' own keys come after them (see :class:`tui.widgets.KeyBook`)."""

    def __init__(self, glyphs: Glyphs) -> None:
        self.glyphs = glyphs
        self.keys = KeyBook(self.loose_keys)
        """The keys of the things on the board, kept for the game (a game UI lives as
        long as its game screen: one game)."""

    # ------------------------------------------------------------------ layout

    def compose_main(self) -> ComposeResult:
        """The main area, left of the side column."""
        return iter(())

    def compose_side(self) -> ComposeResult:
        """Panes of the side column, between the seats pane and the log."""
        return iter(())

    def focus(self, screen: Screen[Any]) -> None:
        """Put the focus where the player picks things (after a handoff, at the start)."""

    # ------------------------------------------------------------------ drawing

    def ordered_options(self, shown: Shown) -> list[tuple[str, str]]:
        """The open decision's (option id, label) pairs in the order they get keys (a
        way back is on Escape instead: see ``Prompt.back_option``)."""
        prompt = shown.prompt
        return [(o.id, o.label) for o in prompt.choices()] if prompt else []

    def choices(self, shown: Shown) -> list[Choice]:
        """The open decision's options with the thing on the board each is about (its
        slot, which keeps its key for the game; None: the option follows, see
        :class:`tui.widgets.KeyBook`), in the order they get keys."""
        return [(option_id, label, None) for option_id, label in self.ordered_options(shown)]

    def answer_for(self, shown: Shown, option_id: str) -> str:
        """The answer sent for a chosen option: the option itself, or a game's own
        answer for one of its shortcuts (the Isle's "Place it for me" goes where its
        cursor started)."""
        return option_id

    def board_slots(self, shown: Shown) -> list[str]:
        """Every thing on the board now, in board order: the slots get their keys in this
        order (before the decision's own), so that the keys follow the board."""
        return []

    def key_book(self, shown: Shown) -> KeyBook:
        """The book the open decision's keys come from (a game whose things outnumber
        the keys may keep one per kind of decision)."""
        return self.keys

    def keyed(self, shown: Shown) -> tuple[KeyedOption, ...]:
        """The open decision's options on their keys: a thing on the board keeps its key
        for the whole game, the other options follow (:class:`tui.widgets.KeyBook`)."""
        return self.key_book(shown).keyed(self.choices(shown), self.board_slots(shown))

    def window_for_others(self, shown: Shown, asked: str) -> str:
        """The banner of a window seen by a LAN seat that has no part in it, or by a
        spectator (their table shows them their own prompts only): ``asked`` are the
        names of the seats still asked ("Ann and Bob").  Games say what the window is
        about from the public view."""
        return f"{asked} may {self.reaction}."

    def prompt_info(self, shown: Shown) -> PromptInfo:
        """What the prompt bar says for the open decision (``shown.prompt`` is set)."""
        prompt = shown.prompt
        assert prompt is not None
        return PromptInfo(prompt.text, self.keyed(shown), "", prompt.kind)

    def fill(self, screen: Screen[Any], shown: Shown, info: PromptInfo) -> None:
        """Draw the game's panes for ``shown`` (the prompt bar shows ``info``)."""

    def table_info(self, shown: Shown) -> TableInfo:
        """The seats pane: a row per seat, and the piles (a game that keeps the shared
        seats pane, :attr:`seats_pane`, says what its rows are from its own view)."""
        raise NotImplementedError(f"{type(self).__name__} shows the seats pane: its rows?")

    def seat_tags(self, shown: Shown, seat: int) -> tuple[str, ...]:
        """Extra words after a seat in the seats pane ("knocked")."""
        return ()

    def piles_text(self, shown: Shown) -> str:
        """The last line of the seats pane: the piles and their sizes."""
        return ""

    def log_line(self, event: Event, seat: int | None) -> LogLine:
        """One event as the seat shown reads it."""
        text = event.text_for(seat)
        return LogLine(text, private=text != event.text, kind=event.kind, quote=event.quote)

    # ------------------------------------------------------------------ choosing

    def option_for(self, choice: PaneChoice, shown: Shown) -> tuple[str | None, str]:
        """(the option ``choice`` answers, or None and a warning for the player: an
        empty warning when the prompt bar already says why, only a bell)."""
        return None, "There is nothing to decide right now."

    def setting(self, change: PaneSetting, shown: Shown) -> None:
        """Take a display preference a pane asked for."""

    def curtain_reason(self, name: str, prompt: Prompt | None, public: Mapping[str, Any]) -> str:
        """Why the screen goes to ``name`` (never a word about a card)."""
        if prompt is not None and prompt.kind == "turn":
            return f"It is {name}'s turn."
        return f"{name} has a choice to make."

    # ------------------------------------------------------------------ the end

    def result(self, public: Mapping[str, Any], names: tuple[str, ...]) -> GameResult:
        """What the game-over screen shows, from the public view of a finished game."""
        from tui.widgets.result import GameResult

        outcome: Mapping[str, Any] = public.get("result") or {}
        winners = [int(w) for w in outcome.get("winners", ())]
        title = winners_title(names, winners, "!") if winners else "No winner."
        return GameResult(title, str(outcome.get("reason", "")), ())


def winners_title(names: tuple[str, ...], winners: list[int], rest: str) -> str:
    """ "Ann wins!", "Ann and Bob win!" (``rest`` follows the verb)."""
    verb = "wins" if len(winners) == 1 else "win"
    return f"{and_list([names[w] for w in winners])} {verb}{rest}"


def game_ui_class(game_id: str) -> type[GameUI]:
    """``tui/games/<id>.py``'s ``UI`` class; LookupError if there is none."""
    try:
        module = importlib.import_module(f"tui.games.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"tui.games.{game_id}":
            raise
        raise LookupError(game_id) from None
    ui = getattr(module, "UI", None)
    if not (isinstance(ui, type) and issubclass(ui, GameUI)):
        raise LookupError(game_id)
    return ui


def has_windows(game_id: str) -> bool:
    """Whether ``game_id``'s screen has reaction windows (or races): see ``GameUI.windows``."""
    try:
        return game_ui_class(game_id).windows
    except LookupError:
        return True


def load_game_ui(game_id: str, glyphs: Glyphs) -> GameUI:
    """The game UI of ``game_id`` (``tui/games/<id>.py``'s ``UI``); LookupError if none."""
    return game_ui_class(game_id)(glyphs)


# --------------------------------------------------------------------------- seat preferences


class SeatPrefs:
    """Display preferences of a player at a LAN seat (Stool Pigeon's memory aid...),
    kept across rejoins: taking the seat back (the same token) finds them again.

    They are kept by the seat (its host, port and token, hashed: no token is written
    here) in memory and, with a ``path``, in a small JSON file beside the seat tokens
    (the most recent :attr:`LIMIT` seats).  The app holds one (``app.seat_prefs``).
    """

    LIMIT = 100

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._data: dict[str, dict[str, Any]] | None = None

    @staticmethod
    def key(presence: Presence) -> str | None:
        """The key of the seat a table's ``presence`` names, or None (a local table, a
        spectator)."""
        if presence.seat_key is None:
            return None
        return hashlib.sha256(presence.seat_key.encode()).hexdigest()[:32]

    def _load(self) -> dict[str, dict[str, Any]]:
        if self._data is None:
            data: Any = {}
            if self.path is not None:
                try:
                    data = json.loads(self.path.read_text(encoding="utf-8"))
                except (OSError, ValueError, RecursionError):
                    data = {}
            self._data = (
                {k: v for k, v in data.items() if isinstance(v, dict)}
                if isinstance(data, dict)
                else {}
            )
        return self._data

    def get(self, key: str, name: str) -> Any:
        return self._load().get(key, {}).get(name)

    def put(self, key: str, name: str, value: Any) -> None:
        data = self._load()
        entry = data.pop(key, {})  # re-inserted last: the most recent
        entry[name] = value
        entry["saved"] = int(time.time())
        data[key] = entry
        while len(data) > self.LIMIT:
            data.pop(next(iter(data)))
        self._write(data)

    def _write(self, data: dict[str, dict[str, Any]]) -> None:
        path = self.path
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        except OSError:
            return  # a preference is not worth an error: it lasts this run only
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, indent=1)
            os.replace(tmp, path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def seat_prefs(screen: Screen[Any]) -> SeatPrefs | None:
    """The app's :class:`SeatPrefs` (None in an app without any, e.g. a test's)."""
    try:
        prefs = getattr(screen.app, "seat_prefs", None)
    except Exception:  # no app (a screen built outside one)
        return None
    return prefs if isinstance(prefs, SeatPrefs) else None
