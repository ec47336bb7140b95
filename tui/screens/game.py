"""The game screen, hot-seat (and one LAN seat): the game's panes, seats, log, prompt bar.

The screen owns the table (:class:`engine.session.Table`, or anything
:class:`engine.session.TableLike`).  It shows one seat's private view at a time
(the *shown* seat).  Panes get plain data through reactive attributes and post
messages back; only this screen talks to the table.  What differs between games
(the main panes, how a view is drawn, which option a picked card or position
answers, the result) is the game's :class:`tui.games.base.GameUI`, from
``tui/games/<id>.py``; everything below is the same for every game.

Hot-seat rules, in one place (:meth:`GameScreen._sync`):

* With one human seat, that seat is always shown and there is never a curtain.
* With several, a seat's cards are on screen only while it has a decision to
  make and no other human is asked in an open window; otherwise only the public
  panes are (a player waiting for a window or for the bots would have their hand
  in front of everyone).  The shown seat changes only through the curtain: when a
  decision that must be answered (not a reaction window) belongs to another human,
  every private pane is emptied first, then the curtain is pushed, and the new
  seat's cards are drawn only once its player dismissed it.  Simultaneous picks
  go round the humans one at a time, each behind a curtain.
* Reaction windows are public: a banner, a countdown, and a claim key (F2...)
  per human seat still asked; claiming hands the screen over (curtain) and
  shows that seat's options.  While a curtain is up the table waits.  A decision
  that comes up while another human is asked in a window (a Stool Pigeon race
  runs alongside the next turn) waits behind the window, then comes behind a
  curtain.
* A seat asked in a window that also has a decision, with no other human asked,
  sees that decision on the prompt bar; games whose UI says so
  (``buzz_shown_seat``) give it a claim key too, which puts the window on the bar
  instead (Escape goes back).

The screen follows its table from its mount until it leaves: once the game-over
screen is up it draws nothing more (a LAN table may already be playing its next
game, which gets a screen of its own), and when it is dismissed (or popped, or
removed) it unsubscribes at once; a change still on its way (a LAN table calls its
subscribers through the app's message queue) finds it no longer
:attr:`~GameScreen.is_live` and does nothing.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from itertools import pairwise
from pathlib import Path, PurePath
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.types import NoActiveAppError

from engine.core import Event, IllegalMove, Prompt, and_list
from engine.session import TableLike
from themes import Glyphs, glyphs_for
from tui.connection import reconnect_line
from tui.games.base import REACTIONS, GameUI, Shown, load_game_ui
from tui.hotseat import HandOff
from tui.lifecycle import coming_down
from tui.person import second_person
from tui.screens.chat import on_top_past_chat
from tui.screens.curtain import CurtainScreen
from tui.screens.game_over import GameOverScreen
from tui.settings import Settings
from tui.widgets import (
    OPTION_KEYS,
    BannerInfo,
    LogLine,
    LogPane,
    PaneStack,
    PromptBar,
    PromptInfo,
    ReactionBanner,
    SeatsPane,
    SideColumn,
    TableInfo,
    key_ranges,
)
from tui.widgets.live_footer import LiveFooter
from tui.widgets.pane_messages import PaneChoice, PaneSetting, ScreenKey
from tui.widgets.result import GameResult

TICK_SECONDS = 0.1
GAME_CSS = sorted((Path(__file__).resolve().parent.parent / "games").glob("*.tcss"))
"""Each game's own styles, beside its presenter (``tui/games/<id>.tcss``), after the
screen's: a new game brings its file and nothing here changes."""
"""How often the screen lets the table apply what fell due (bot moves, window deadlines)."""
_MAX_TICKS = 500
"""Table ticks applied in one go at most (instant bots chain many answers)."""
MAX_SEATS = 6
CLAIM_KEYS = tuple(f"f{seat + 2}" for seat in range(MAX_SEATS))
"""The claim key of each seat in a reaction window: F2 for the first seat, F3..."""
NOBODY_KEY = "n"
BACK_KEY = "escape"


KEY_GUARD = 0.4
"""Seconds after the shown seat's question changed without its player doing anything
on this screen (another player or a bot moved, the next card ended a race, a window
closed) during which its option keys are ignored, with a bell: a key pressed for the
question before (Pass in a race) must not answer the new one (Draw, also key 1).
Not with frozen settings (tests, screenshots)."""

_FIRST_CHOICE = f"choose({OPTION_KEYS[0]!r})"


def offline_hint(watching: bool) -> str:
    """Under "Reconnecting...": what the wait keeps (a spectator has no seat)."""
    if watching:
        return "You are watching: the game goes on from here once you are connected again."
    return "Your seat is kept: the game goes on from here once you are connected again."


def choice_keys_display(keys: list[str]) -> str:
    """How the footer shows the option keys ``keys`` (in key order): "1", "1-4", "1-x"
    (from the first key to the last: a thing on the board keeps its key for the game,
    so the keys of a decision have gaps, which stay inside the range; the bar and the
    cards show each key); "1-9" when there is no key at all.  Keys that are not in key
    order (a colour's initial: "b/g/r/u/o") are each named: a range would promise the
    letters between them."""
    if not keys:
        return "1-9"
    at = [OPTION_KEYS.index(k) if k in OPTION_KEYS else -1 for k in keys]
    if any(b <= a for a, b in pairwise(at)):
        return "/".join(keys)
    return keys[0] if len(keys) == 1 else f"{keys[0]}-{keys[-1]}"


def _choose_bindings() -> list[Binding]:
    out = [Binding(OPTION_KEYS[0], _FIRST_CHOICE, "Choose", key_display="1-9")]
    out += [
        Binding(k, f"choose({k!r})", "Choose the option shown with this key", show=False)
        for k in OPTION_KEYS[1:]
    ]
    return out


def _claim_bindings() -> list[Binding]:
    """A claim key per seat and the "nobody" key, once per reaction word (only the one of
    the game being played is ever active, so the footer words it the game's way)."""
    out: list[Binding] = []
    for verb, (says, nobody, in_footer) in REACTIONS.items():
        out += [
            Binding(
                key,
                f"claim({seat}, {verb!r})",
                f"Seat {seat + 1} {says}",
                key_display=key.upper(),
                show=in_footer,
            )
            for seat, key in enumerate(CLAIM_KEYS)
        ]
        out.append(Binding(NOBODY_KEY, f"nobody({verb!r})", nobody))
    return out


class GameScreen(Screen[tuple[str, None]]):
    """One game in hot-seat.  Dismissed with ``("again", None)`` or ``("menu", None)``."""

    CSS_PATH: ClassVar[list[str | PurePath]] = ["game.tcss", *GAME_CSS]
    BINDINGS: ClassVar[list[BindingType]] = [
        *_choose_bindings(),
        *_claim_bindings(),
        # "Back" in the footer (80 columns hold it with the chat key, at a LAN table);
        # the keys screen says the rest.
        Binding(BACK_KEY, "back", "Back", tooltip="Back to your turn"),
    ]

    @dataclass
    class NextGameOn(Message):
        """ "Again" after the game while the table's next game is on already (a LAN
        table's, which the players started): the app puts the next game's screen in
        this one's place in one step, or else dismisses ``screen`` with ``result``."""

        screen: GameScreen
        result: tuple[str, None]

    notice: str | None = None
    """A line for the top of the log, before the game's (the app's autosave notice, said
    there rather than in a toast over the board)."""
    ALL_SEEING: ClassVar[bool] = False
    """Every seat's cards may be shown (a demo: see :class:`tui.screens.demo.DemoScreen`)."""
    GAME_OVER: ClassVar[type[GameOverScreen]] = GameOverScreen
    """The screen that shows the result (a replay's offers to watch it again)."""

    def __init__(self, table: TableLike, settings: Settings) -> None:
        glyphs = glyphs_for(settings.ascii)
        try:
            ui = load_game_ui(table.game.id, glyphs)
        except LookupError:
            raise ValueError(f"the game screen cannot show {table.game.title} yet") from None
        super().__init__()
        self.table = table
        self.settings = settings
        self.glyphs: Glyphs = glyphs
        self.ui: GameUI = ui
        self._bind_game_keys(ui.screen_bindings)
        self.set_class(settings.ascii, "-ascii")  # plain ASCII borders too
        seats = table.seats
        self._names = [s.name for s in seats]
        self._kinds = [s.kind for s in seats]
        # Who is shown, the curtain, the claims: the hand-off policy (tui/hotseat.py).
        self._hand = HandOff(
            [i for i, s in enumerate(seats) if s.is_human], buzz_shown_seat=ui.buzz_shown_seat
        )
        self._prompt: Prompt | None = None  # the shown seat's open prompt
        self._prompt_info: PromptInfo | None = None
        self._view: Shown | None = None  # what the panes show now
        self._over_shown = False
        self._suspended = False  # another screen covers this one: the table waits
        self._busy = 0  # inside our own answers/ticks: sync once at the end
        self._changes = 0
        self._unsubscribe: Callable[[], None] | None = None
        self._timer: Timer | None = None
        self._ready = False  # panes composed and mounted, and the screen not left yet
        self._save_error: str | None = None  # the last autosave problem we told about
        self._offline: str | None = None  # the connection line shown (a LAN table, cut off)
        self._question: tuple[object, ...] | None = None  # (seat, prompt, options) on the bar
        self._question_at = -math.inf  # when it changed under the player (see KEY_GUARD)
        self._acted_at = -math.inf  # the player's last own step here (an answer, a claim key)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Horizontal(id="board"):
            yield from self.ui.compose_main()
            with SideColumn(id="side"):
                with PaneStack(id="side-panes"):
                    if self.ui.seats_pane:
                        yield SeatsPane(self.glyphs, id="seats")
                    yield from self.ui.compose_side()
                yield LogPane(id="log")
        yield ReactionBanner(id="banner")
        yield PromptBar(id="prompt")
        # ASCII keys are wider ("enter", not "⏎"): at 80 columns a race's footer in
        # Stool Pigeon has no room left for "^p palette".  Ctrl+P still opens the
        # palette, and ? lists it with every other key.
        yield LiveFooter(show_command_palette=not self.settings.ascii)

    def on_mount(self) -> None:
        if coming_down(self):  # nothing to show, nothing to follow
            return
        self._ready = True
        self._unsubscribe = self.table.subscribe(self._on_table_change)
        self._timer = self.set_interval(TICK_SECONDS, self._on_timer)
        self.ui.focus(self)
        # The bots' first answers and the windows' countdowns were timed when the table
        # was made: count from now, when the player first sees it (QA: the first bot
        # turn was over before the screen appeared).
        self.table.restart_countdowns()
        self._advance()
        self._sync()

    def on_unmount(self) -> None:
        self._leave()

    def _leave(self) -> None:
        """Stop following the table: this screen is done (dismissed, popped, removed)."""
        self._ready = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    @property
    def is_live(self) -> bool:
        """Whether the screen may draw the table now: composed and mounted, still on the
        app's screen stack, and not being torn down.

        A LAN table's changes reach the screen later, through the app's message queue
        (``RemoteTable.deliver`` is ``app.call_later``): one that was queued while the
        screen was still subscribed can arrive after the screen was dismissed and its
        panes removed ("Play again" pressed as the next game starts), and must do nothing.
        """
        if not self._ready or not self.is_running:
            return False
        try:
            return self in self.app.screen_stack
        except NoActiveAppError:
            return False

    # ------------------------------------------------------------------ the table

    @property
    def shown_seat(self) -> int | None:
        """The seat whose private view is on screen (None while nobody's is)."""
        return self._hand.shown

    @property
    def prompt_info(self) -> PromptInfo | None:
        """What the prompt bar shows now (tests drive the game from it)."""
        return self._prompt_info

    def _on_table_change(self, _events: list[Event]) -> None:
        self._changes += 1
        # Once its game is over the screen has shown all it will: a LAN table may
        # already be playing its next game, which gets a screen of its own.
        if not self._busy and not self._over_shown and self.is_live:
            self._sync()

    def _on_timer(self) -> None:
        if self.table.is_over or not self.is_live:
            return
        if self._offline_text() != self._offline:  # cut off, back, a second less to go
            self._render_panes()
        before = self._changes
        self._advance()
        if self._changes != before:
            self._sync()
        else:
            self._update_banner()

    def on_screen_suspend(self) -> None:
        """Another screen is on top (a curtain, the rules, the keys, the quit question):
        the table waits, so that no window closes while nobody can see it."""
        self._suspended = True

    def on_screen_resume(self) -> None:
        if self._suspended:
            self._suspended = False
            # A claimer behind a curtain, or someone back from the rules, gets a
            # whole countdown again.
            self.table.restart_countdowns()
        if self.is_live and self.table.is_over and not self._over_shown:
            self._show_game_over()

    def _advance(self) -> None:
        """Let the table apply what is due (bots, silent windows), unless it waits: for
        the screen (a curtain, the rules) or for a claim in line, whose window must not
        close before its claimer has the screen."""
        if self._suspended or self._hand.curtain_for is not None or self._over_shown:
            return
        if self._queued_claims():
            return
        self._busy += 1
        try:
            for _ in range(_MAX_TICKS):
                before = self._changes
                self.table.tick()
                if self._changes == before:
                    break
        finally:
            self._busy -= 1

    def _answer(self, seat: int, prompt_id: str, option_id: str) -> bool:
        """Answer for ``seat``; an illegal move is a notification and changes nothing."""
        self._acted_at = time.monotonic()
        self._busy += 1
        try:
            self.table.answer(seat, prompt_id, option_id)
        except IllegalMove as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
            return False
        finally:
            self._busy -= 1
        self._advance()
        self._sync()
        return True

    # ------------------------------------------------------------------ who is shown

    def _window_prompt(self, seat: int) -> Prompt | None:
        return self._hand.window_prompt(self.table.prompts(), seat)

    def _others_asked(self, seat: int) -> bool:
        return self._hand.others_asked(self.table.prompts(), seat)

    def _bar_prompt(self, seat: int) -> Prompt | None:
        return self._hand.bar_prompt(self.table.prompts(), seat)

    def _reason(self, seat: int, claim: bool) -> str:
        name = self._names[seat]
        if claim:
            return f"{name} wants to {self.ui.reaction}."
        public = self.table.view(None)["public"]
        return self.ui.curtain_reason(name, self._bar_prompt(seat), public)

    def _raise_curtain(self, seat: int, *, claim: bool = False) -> None:
        self._hand.curtain_raised(seat)
        self._render_panes()  # empty every private pane before anything else
        curtain = CurtainScreen(
            self._names[seat],
            self._reason(seat, claim),
            ascii_only=self.settings.ascii,
            secret=self.ui.secret,
        )
        self.app.push_screen(curtain, lambda _none: self._curtain_lifted(seat, claim))

    def _curtain_lifted(self, seat: int, claim: bool) -> None:
        if not self.is_live:  # the game was left while the curtain was up
            self._hand.curtain_for = None
            return
        self._hand.curtain_lifted(seat, claim)
        self._advance()
        self._sync()
        self.ui.focus(self)
        # The log was rewritten for this seat while the curtain covered it: show its end.
        self.query_one(LogPane).scroll_end(animate=False, immediate=False)

    def _queued_claims(self) -> list[int]:
        """The claims in line whose window is still open for them (the others dropped)."""
        return self._hand.queued_claims(self.table.prompts())

    # ------------------------------------------------------------------ syncing

    def _sync(self) -> None:
        """Bring the screen in line with the table (and hand over the screen if needed)."""
        if not self.is_live:
            return
        self._tell_save_error()
        if self.table.is_over:
            self._render_panes()
            self._show_game_over()
            return
        show = self._hand.now(self.table.prompts(), self.table.humans_waiting())
        if show.curtain and show.seat is not None:
            if show.claim:
                self._acted_at = time.monotonic()
            self._raise_curtain(show.seat, claim=show.claim)
            return
        self._render_panes()

    def _tell_save_error(self) -> None:
        error = self.table.autosave_error
        if error and error != self._save_error:
            self.notify(error, title="Autosave", severity="warning")
        self._save_error = error

    def _render_panes(self) -> None:
        if not self.is_live:
            return
        with self.app.batch_update():
            self._fill_panes()

    def _offline_text(self) -> str | None:
        """While a LAN table's connection is down and being dialled again: what the
        prompt bar says instead of the decision (no answer can reach the host)."""
        return reconnect_line(self.table.presence)

    def _fill_panes(self) -> None:
        seat = self._hand.shown
        view = self.table.view(seat)
        public: dict[str, Any] = view["public"]
        private: dict[str, Any] = view["private"]
        self._offline = self._offline_text()
        # A LAN seat's kind changes during the game: a bot stands in for a player who
        # is away (the table's seats say so), and leaves when they are back.
        self._kinds = [s.kind for s in self.table.seats]
        self._prompt = None if seat is None or self._offline else self._bar_prompt(seat)
        if self._prompt is None or self._prompt.pass_option is None:
            self._hand.window_closed()  # the window closed, or it is not on the bar
        shown = Shown(
            seat=seat,
            public=public,
            private=private,
            prompt=self._prompt,
            names=tuple(self._names),
            kinds=tuple(self._kinds),
            hotseat=len(self._hand.humans) > 1,
            countdown=self.table.window_seconds is not None,
            claiming=self._can_go_back(),
            presence=self.table.presence,
            all_seeing=self.ALL_SEEING,
        )
        self._view = shown
        if self._offline is not None:
            watching = self.table.presence.spectating
            self._prompt_info = PromptInfo(self._offline, hint=offline_hint(watching))
        elif self._prompt is None:
            self._prompt_info = PromptInfo(self._you(self._status(public)))
        else:
            info = self.ui.prompt_info(shown)
            self._prompt_info = replace(info, text=self._you(info.text))
        if self.ui.seats_pane:
            self.query_one(SeatsPane).info = self._with_away(self.ui.table_info(shown))
        self.ui.fill(self, shown, self._prompt_info)
        self.query_one(LogPane).feed = self._log_lines(seat)
        self.query_one(PromptBar).prompt = self._prompt_info
        self._note_question()
        self._update_banner()
        self.refresh_bindings()

    def _note_question(self) -> None:
        """Remember when the shown seat's question changed without the player doing
        anything here (another player, a bot, the end of a race or a window): its
        option keys wait :data:`KEY_GUARD` seconds."""
        info = self._prompt_info
        options = tuple(o.option_id for o in info.options) if info is not None else ()
        prompt_id = None if self._prompt is None else self._prompt.id
        question = (self._hand.shown, prompt_id, options)
        if question == self._question:
            return
        same_seat = self._question is not None and self._question[0] == self._hand.shown
        self._question = question
        now = time.monotonic()
        under_the_player = same_seat and bool(options) and now - self._acted_at > KEY_GUARD
        self._question_at = now if under_the_player else -math.inf

    def _too_soon(self) -> bool:
        """An option key pressed just after the question changed under the player."""
        if self.settings.frozen:
            return False
        return time.monotonic() - self._question_at < KEY_GUARD

    def _log_lines(self, seat: int | None) -> tuple[LogLine, ...]:
        lines = (self.ui.log_line(event, seat) for event in self.table.log)
        notice = [LogLine(self.notice, kind="notice")] if self.notice else []
        return (
            *notice,
            *(replace(line, text=self._you(line.text, keep=line.quote)) for line in lines),
        )

    def _you(self, text: str, seat: int | None = None, keep: str = "") -> str:
        """``text`` with the seat shown (or ``seat``) as "you": the engine's lines name
        every seat in the third person.  Not where two seats share the name, nor in
        ``keep`` (words the line quotes as printed)."""
        seat = self._hand.shown if seat is None else seat
        if seat is None or self._names.count(self._names[seat]) > 1:
            return text
        return second_person(text, self._names[seat], keep=keep)

    def _yours(self, text: str) -> str:
        """``text`` as the one person at this screen reads it (solo, or a LAN seat); a
        hot-seat screen's banners and results speak to the whole room."""
        return text if len(self._hand.humans) > 1 else self._you(text)

    def _status(self, public: dict[str, Any]) -> str:
        if public.get("over"):
            return "The game is over."
        # A LAN spectator (a remote table without a seat) is told so.
        presence = self.table.presence
        watching = "You are watching. " if presence.spectating else ""
        away = presence.away  # LAN seats whose player dropped
        waiting = [
            self._names[i] + (" (away)" if i in away else "") for i in public.get("waiting", ())
        ]
        if not waiting:
            return watching.strip()
        if len(waiting) > 3:
            return f"{watching}Waiting for {len(waiting)} players..."
        return watching + "Waiting for " + ", ".join(waiting) + "..."

    # ------------------------------------------------------------------ the banner

    def _window_seats(self) -> list[int]:
        return self._hand.window_seats(self.table.prompts())

    def _claimable(self) -> list[int]:
        return self._hand.claimable(self.table.prompts())

    def _with_away(self, info: TableInfo) -> TableInfo:
        """Mark the seats whose player is away (a LAN table; nobody at a local one)."""
        away = self.table.presence.away
        if not away:
            return info
        rows = tuple(replace(row, away=i in away) for i, row in enumerate(info.rows))
        return replace(info, rows=rows)

    def _update_banner(self) -> None:
        window = next((p for p in self.table.prompts() if p.pass_option is not None), None)
        banner = self.query_one(ReactionBanner)
        if self.table.is_over or self._offline is not None:
            banner.info = None
            return
        seconds = None
        remaining = self.table.window_remaining()
        if remaining is not None and not self.settings.frozen:
            seconds = int(remaining + 0.999)
        if window is None:
            banner.info = self._others_window(remaining, seconds)
            return
        claims = tuple((CLAIM_KEYS[s].upper(), self._names[s]) for s in self._claimable())
        nobody = NOBODY_KEY if self._nobody_allowed() else None
        text = self._yours(window.text)
        banner.info = BannerInfo(text, seconds, claims, nobody, self.ui.reaction)

    def _others_window(self, remaining: float | None, seconds: int | None) -> BannerInfo | None:
        """A window open for others only, seen from a LAN seat or a spectator: the table
        shows them their own prompts only, but the countdown is public (a local table
        shows every seat's prompts, so its windows never come here)."""
        if remaining is None:
            return None
        shown = self._view
        if shown is None:
            return None
        waiting = shown.public.get("waiting", ())
        asked = [self._names[s] for s in waiting if s != self._hand.shown]
        if not asked:  # only this seat's own answer, on its way to the host
            return None
        text = self._yours(self.ui.window_for_others(shown, and_list(asked)))
        return BannerInfo(text, seconds, (), None, self.ui.reaction)

    def _nobody_allowed(self) -> bool:
        """In hot-seat anyone may say that nobody reacts: with no countdown someone must
        (else the table waits), and with one the table need not sit out the clock while
        nobody's cards are on screen."""
        if len(self._hand.humans) < 2:
            return False
        asked = self._window_seats()
        return any(s in asked for s in self._hand.humans)

    # ------------------------------------------------------------------ game over

    def _show_game_over(self) -> None:
        """The result, on top of this screen.  The chat over it closes for it (what
        was typed is kept); with anything else over it (a LAN game can end while the
        rules or the quit question are open) it comes once this screen is on top again:
        pushed over them, its dismissal would later close one of them instead of this
        screen."""
        if self._over_shown or not on_top_past_chat(self):
            return  # shown already, or on_screen_resume comes back here
        self._over_shown = True
        if self._timer is not None:
            self._timer.stop()
        public = self.table.view(None)["public"]
        result = self.ui.result(public, tuple(self._names))
        result = replace(result, title=self._yours(result.title), reason=self._yours(result.reason))
        self.app.push_screen(
            self.GAME_OVER(self._final(result), self.glyphs), self._after_game_over
        )

    def _final(self, result: GameResult) -> GameResult:
        """The result as the game-over screen shows it (a guided game adds its summary)."""
        return result

    def _after_game_over(self, choice: str | None) -> None:
        if not self.is_live:  # already left (the app went back to the menu meanwhile)
            return
        # Stop following the table before anything else: a LAN table's next game may
        # arrive while this screen is being removed.
        self._leave()
        result = (choice or "menu", None)
        # A LAN table's next game: its screen takes this one's place in one step.
        # (A hot-seat table stays over: its next game is a new table.)
        if choice == "again" and not self.table.is_over:
            self.post_message(self.NextGameOn(self, result))
            return
        self.dismiss(result)

    def _bind_game_keys(self, bindings: tuple[Binding, ...]) -> None:
        """The game's keys that work wherever the focus is (``GameUI.screen_bindings``),
        on this screen's own bindings (a copy of the class's: the lists are new)."""
        keys = self._bindings.key_to_bindings
        for binding in bindings:
            action = f"game_key({binding.action!r})"
            keys[binding.key] = [*keys.get(binding.key, ()), replace(binding, action=action)]

    # ------------------------------------------------------------------ actions

    def action_game_key(self, name: str) -> None:
        """One of the game's screen-wide keys: its UI takes it as a setting."""
        self.post_message(ScreenKey(name))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            info = self._prompt_info
            # Every option key, offered or not: one that is not gets told so.
            return info is not None and bool(info.options)
        if action == "claim":
            verb = parameters[1] if len(parameters) > 1 else self.ui.reaction
            seat = parameters[0] if parameters else None
            return verb == self.ui.reaction and seat in self._claimable()
        if action == "nobody":
            verb = parameters[0] if parameters else self.ui.reaction
            return verb == self.ui.reaction and self._nobody_allowed()
        if action == "back":
            return self._can_go_back() or self._back_option() is not None
        return True

    def key_words(self, binding: Binding) -> str | None:
        """The keys screen's words for a claim key: the seat's name ("F2  Ann claims"),
        not its number; Escape's whole words.  None: the binding's own words."""
        if binding.action in ("back", "screen.back"):
            return binding.tooltip or None
        if not binding.action.startswith("claim(") or binding.key not in CLAIM_KEYS:
            return None
        seat = CLAIM_KEYS.index(binding.key)
        if seat >= len(self._names):
            return None
        says = REACTIONS.get(self.ui.reaction, REACTIONS["react"])[0]
        return f"{self._names[seat]} {says}"

    def key_display(self, binding: Binding) -> str | None:
        """The footer's words for the option keys: the keys the open decision offers
        ("1-4", "1"), or "1-9" beyond nine (the letters are on the bar).  None: the
        app's usual display."""
        if binding.action != _FIRST_CHOICE:
            return None
        info = self._prompt_info
        keys = [o.key for o in info.options if o.key] if info is not None else []
        return choice_keys_display(keys)

    def action_choose(self, key: str) -> None:
        info = self._prompt_info
        option_id = info.option_for_key(key) if info else None
        if option_id is None:
            if info is not None and info.options:
                self.app.bell()
                keys = [o.key for o in info.options if o.key]
                offered = f": press {key_ranges(keys)}" if keys else ""
                self._warn_on_bar(info, f"{key} is not one of the choices{offered}.")
            return
        if self._too_soon():  # meant for the question before, most likely
            self.app.bell()
            return
        self._choose(option_id)

    def _choose(self, option_id: str) -> None:
        if self._hand.shown is None or self._prompt is None:
            return
        if self._view is not None:
            option_id = self.ui.answer_for(self._view, option_id)
        self._answer(self._hand.shown, self._prompt.id, option_id)

    def action_claim(self, seat: int, _verb: str = "") -> None:
        claimer = self._hand.shown
        what = self._hand.claim(self.table.prompts(), seat)
        if what == "ignored":
            return
        if what == "queued" and claimer is not None:
            # One keyboard: whoever claimed first keeps it until they have answered
            # (QA: a second buzzer took the screen and the first claim was lost); the
            # second claim waits in line, and the window with it (QA: it was dropped).
            self.app.bell()
            self.notify(
                f"{self._names[claimer]} claimed first: {self._names[seat]} may "
                f"{self.ui.reaction} once {self._names[claimer]} has chosen "
                "(the claim is kept).",
                severity="warning",
            )
            return
        self._acted_at = time.monotonic()
        if what == "shown":
            # The seat shown answers its window now: it goes on the prompt bar.
            self._sync()
            self.ui.focus(self)
            return
        self._raise_curtain(seat, claim=True)

    def _can_go_back(self) -> bool:
        return self._hand.can_go_back(self.table.prompts())

    def _back_option(self) -> str | None:
        """The shown decision's way back (a target not chosen yet: the turn again)."""
        prompt = self._prompt  # None while the connection is down
        if prompt is None or self._hand.curtain_for is not None:
            return None
        return prompt.back_option

    def action_back(self) -> None:
        back = self._back_option()
        if back is not None:
            self._choose(back)
            return
        if self._hand.go_back(self.table.prompts()):
            self._acted_at = time.monotonic()
            self._sync()
            self.ui.focus(self)

    def action_nobody(self, _verb: str = "") -> None:
        if not self._nobody_allowed():
            return
        self._busy += 1
        try:
            for prompt in self.table.prompts():
                if prompt.pass_option is not None and prompt.seat in self._hand.humans:
                    try:
                        self.table.answer(prompt.seat, prompt.id, prompt.pass_option)
                    except IllegalMove:
                        continue  # the window closed under us: nothing more to pass
        finally:
            self._busy -= 1
        self._advance()
        self._sync()

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        """The command palette's game actions: the open decision's options, the claims."""
        commands: list[tuple[str, str, Callable[[], Any]]] = []
        info = self._prompt_info
        if info is not None and self._prompt is not None:
            for option in info.options:
                key = f" ({option.key})" if option.key else ""
                commands.append(
                    (f"{option.label}{key}", info.text, partial(self._choose, option.option_id))
                )
        says, nobody, _in_footer = REACTIONS.get(self.ui.reaction, REACTIONS["react"])
        for seat in self._claimable():
            name = self._names[seat]
            commands.append(
                (
                    f"{name} {says} ({CLAIM_KEYS[seat].upper()})",
                    "Hand the screen to them to answer the reaction window"
                    if seat != self._hand.shown
                    else "Answer the reaction window now",
                    partial(self.action_claim, seat),
                )
            )
        if self._nobody_allowed():
            commands.append((f"{nobody} (n)", "Every human asked lets it go", self.action_nobody))
        return commands

    @on(PromptBar.OptionChosen)
    def _option_clicked(self, event: PromptBar.OptionChosen) -> None:
        self._choose(event.option_id)

    @on(PaneChoice)
    def _pane_choice(self, event: PaneChoice) -> None:
        """A card, a position... picked in one of the game's panes."""
        event.stop()
        shown = self._view
        if shown is None or self._prompt is None:
            self.notify("There is nothing to decide right now.", severity="warning")
            return
        option_id, warning = self.ui.option_for(event, shown)
        if option_id is None and not warning:
            self.app.bell()  # the bar already says why (the UI gave no words)
            return
        if option_id is None:
            self.notify(warning, severity="warning")
            info = self._prompt_info
            if info is not None and info.options:
                # "The rainbow pigeon pairs with red (key 3) or blue (key 4): press one."
                self._warn_on_bar(info, warning)
            return
        self._choose(option_id)

    def _warn_on_bar(self, info: PromptInfo, warning: str) -> None:
        """``warning`` as the prompt bar's hint: it stays there until the table changes
        (a toast goes in seconds)."""
        self._prompt_info = replace(info, hint=warning)
        self.query_one(PromptBar).prompt = self._prompt_info

    @on(PaneSetting)
    def _pane_setting(self, event: PaneSetting) -> None:
        """A display preference of the game's panes (the memory aid...)."""
        event.stop()
        if self._view is not None:
            self.ui.setting(event, self._view)
        if not self.table.is_over:
            self._render_panes()
