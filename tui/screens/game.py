"""The game screen for Cats Among The Pigeons, hot-seat: hand, table, discard, log, prompt.

The screen owns the :class:`engine.session.Table`.  It shows one seat's private
view at a time (the *shown* seat).  Panes get plain data through reactive
attributes and post messages back; only this screen talks to the table.

Hot-seat rules, in one place (:meth:`GameScreen._sync`):

* With one human seat, that seat is always shown and there is never a curtain.
* With several, the shown seat changes only through the curtain: when a decision
  that must be answered (not a reaction window) belongs to another human, every
  private pane is emptied first, then the curtain is pushed, and the new seat's
  cards are drawn only once its player dismissed it.  Simultaneous picks go
  round the humans one at a time, each behind a curtain.
* Reaction windows are public: a banner, a countdown, and a claim key (F2...)
  per human seat still asked; claiming hands the screen over (curtain) and
  shows that seat's options.  While a curtain is up the table waits.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer

from engine.core import Event, IllegalMove, Prompt
from engine.session import Table
from themes import Glyphs, glyphs_for
from tui.games.pigeons import (
    Card,
    DiscardData,
    DiscardPane,
    HandData,
    HandPane,
    cards_from_view,
    flock_name,
    option_for_cards,
    options_in_order,
)
from tui.screens.curtain import CurtainScreen
from tui.screens.game_over import GameOverScreen, GameResult, RevealedHand
from tui.settings import Settings
from tui.widgets import (
    OPTION_KEYS,
    BannerInfo,
    LogLine,
    LogPane,
    PromptBar,
    PromptInfo,
    ReactionBanner,
    SeatRow,
    SeatsPane,
    TableInfo,
    keyed_options,
    option_keys,
)

TICK_SECONDS = 0.1
"""How often the screen lets the table apply what fell due (bot moves, window deadlines)."""
_MAX_TICKS = 500
"""Table ticks applied in one go at most (instant bots chain many answers)."""
MAX_SEATS = 6
CLAIM_KEYS = tuple(f"f{seat + 2}" for seat in range(MAX_SEATS))
"""The claim key of each seat in a reaction window: F2 for the first seat, F3..."""
NOBODY_KEY = "n"
GAMES = frozenset({"pigeons"})
"""The games this screen can show (their views and prompts)."""


def _choose_bindings() -> list[Binding]:
    out = [Binding(OPTION_KEYS[0], f"choose({OPTION_KEYS[0]!r})", "Choose", key_display="1-9")]
    out += [
        Binding(k, f"choose({k!r})", "Choose the option shown with this key", show=False)
        for k in OPTION_KEYS[1:]
    ]
    return out


def _claim_bindings() -> list[Binding]:
    return [
        Binding(key, f"claim({seat})", f"Seat {seat + 1} reacts", key_display=key.upper())
        for seat, key in enumerate(CLAIM_KEYS)
    ]


class GameScreen(Screen[tuple[str, None]]):
    """One game in hot-seat.  Dismissed with ``("again", None)`` or ``("menu", None)``."""

    CSS_PATH = "game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *_choose_bindings(),
        *_claim_bindings(),
        Binding(NOBODY_KEY, "nobody", "Nobody reacts"),
    ]

    def __init__(self, table: Table, settings: Settings) -> None:
        if table.game.id not in GAMES:
            raise ValueError(f"the game screen cannot show {table.game.title} yet")
        super().__init__()
        self.table = table
        self.settings = settings
        self.glyphs: Glyphs = glyphs_for(settings.ascii)
        self.set_class(settings.ascii, "-ascii")  # plain ASCII borders too
        seats = table.seats
        self._names = [s.name for s in seats]
        self._kinds = [s.kind for s in seats]
        self._humans = [i for i, s in enumerate(seats) if s.is_human]
        # The seat whose private view is on screen (None: nobody's, only public panes).
        self._shown: int | None = self._humans[0] if len(self._humans) == 1 else None
        self._curtain_for: int | None = None  # a curtain is up, for this seat
        self._prompt: Prompt | None = None  # the shown seat's open prompt
        self._prompt_info: PromptInfo | None = None
        self._over_shown = False
        self._suspended = False  # another screen covers this one: the table waits
        self._busy = 0  # inside our own answers/ticks: sync once at the end
        self._changes = 0
        self._unsubscribe: Callable[[], None] | None = None
        self._timer: Timer | None = None
        self._ready = False  # panes composed and mounted
        self._save_error: str | None = None  # the last autosave problem we told about

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        g = self.glyphs
        with Horizontal(id="board"):
            yield HandPane(g, id="hand")
            with Vertical(id="side"):
                yield SeatsPane(g, id="seats")
                yield DiscardPane(g, id="discard")
                yield LogPane(id="log")
        yield ReactionBanner(id="banner")
        yield PromptBar(id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        self._ready = True
        self._unsubscribe = self.table.subscribe(self._on_table_change)
        self._timer = self.set_interval(TICK_SECONDS, self._on_timer)
        self.query_one(HandPane).focus_cards()
        self._advance()
        self._sync()

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    # ------------------------------------------------------------------ the table

    @property
    def shown_seat(self) -> int | None:
        """The seat whose private view is on screen (None while nobody's is)."""
        return self._shown

    @property
    def prompt_info(self) -> PromptInfo | None:
        """What the prompt bar shows now (tests drive the game from it)."""
        return self._prompt_info

    def _on_table_change(self, _events: list[Event]) -> None:
        self._changes += 1
        if not self._busy:
            self._sync()

    def _on_timer(self) -> None:
        if self.table.is_over:
            return
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

    def _advance(self) -> None:
        """Let the table apply what is due (bots, silent windows), unless it waits."""
        if self._suspended or self._curtain_for is not None or self._over_shown:
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

    def _must_answer(self, seat: int) -> bool:
        return any(p.pass_option is None for p in self.table.prompts_for(seat))

    def _window_prompt(self, seat: int) -> Prompt | None:
        return next((p for p in self.table.prompts_for(seat) if p.pass_option), None)

    def _next_seat(self) -> int | None:
        """The human seat that should be shown now, or None to keep what is shown."""
        if len(self._humans) == 1:
            return self._humans[0]
        needed = [s for s in self.table.humans_waiting() if self._must_answer(s)]
        if self._shown in needed:
            return self._shown
        return needed[0] if needed else None

    def _reason(self, seat: int, claim: bool) -> str:
        name = self._names[seat]
        if claim:
            return f"{name} wants to react."
        prompt = next(iter(self.table.prompts_for(seat)), None)
        if prompt is not None and prompt.kind == "turn":
            return f"It is {name}'s turn."
        stage = self.table.view(None)["public"].get("stage") or {}
        if prompt is not None and stage.get("kind") == "multi":
            # Pigeon Mail, Ruffle Feathers, Double Swap: several choose at once.
            return f"Each player asked chooses in turn: now {name}."
        return f"{name} has a choice to make."

    def _raise_curtain(self, seat: int, *, claim: bool = False) -> None:
        self._shown = None
        self._curtain_for = seat
        self._render_panes()  # empty every private pane before anything else
        curtain = CurtainScreen(
            self._names[seat], self._reason(seat, claim), ascii_only=self.settings.ascii
        )
        self.app.push_screen(curtain, lambda _none: self._curtain_lifted(seat, claim))

    def _curtain_lifted(self, seat: int, claim: bool) -> None:
        self._curtain_for = None
        self._shown = seat
        self._advance()
        self._sync()
        self.query_one(HandPane).focus_cards()

    # ------------------------------------------------------------------ syncing

    def _sync(self) -> None:
        """Bring the screen in line with the table (and hand over the screen if needed)."""
        if not self._ready:
            return
        self._tell_save_error()
        if self.table.is_over:
            self._render_panes()
            self._show_game_over()
            return
        if self._curtain_for is None:
            target = self._next_seat()
            if target is not None and target != self._shown:
                self._raise_curtain(target)
                return
        self._render_panes()

    def _tell_save_error(self) -> None:
        error = self.table.autosave_error
        if error and error != self._save_error:
            self.notify(error, title="Autosave", severity="warning")
        self._save_error = error

    def _render_panes(self) -> None:
        with self.app.batch_update():
            self._fill_panes()

    def _fill_panes(self) -> None:
        seat = self._shown
        view = self.table.view(seat)
        public: dict[str, Any] = view["public"]
        private: dict[str, Any] = view["private"]
        self._prompt = None if seat is None else next(iter(self.table.prompts_for(seat)), None)
        self._prompt_info = self._make_prompt_info(public, private)
        pairs = [(o.id, o.label) for o in self._prompt.options] if self._prompt else []
        keys = option_keys(pairs, self._prompt_info.options)

        self.query_one(SeatsPane).info = self._table_info(public)

        hand_pane = self.query_one(HandPane)
        if seat is None:
            hand_pane.data = None
        else:
            cards = cards_from_view(private.get("hand"))
            hand_pane.data = HandData(
                owner=self._names[seat],
                cards=cards,
                options=keys,
                picked=frozenset(private.get("picked", ())),
            )

        search = cards_from_view(private["search"]) if "search" in private else None
        top = public.get("discard_top")
        discard = self.query_one(DiscardPane)
        was_searching = discard.searching
        discard.data = DiscardData(
            count=int(public["discard_count"]),
            top=Card.from_view(top) if top else None,
            search=search,
            options=keys if search is not None else (),
        )
        if search is not None and not was_searching:
            discard.focus_pile()
        elif search is None and was_searching:
            hand_pane.focus_cards()

        self.query_one(LogPane).feed = self._log_lines(seat)
        self.query_one(PromptBar).prompt = self._prompt_info
        self._update_banner()
        self.refresh_bindings()

    def _table_info(self, public: dict[str, Any]) -> TableInfo:
        waiting = set(public.get("waiting", ()))
        turn = int(public["turn"])
        rows = tuple(
            SeatRow(
                name=str(s["name"]),
                kind=self._kinds[i],
                cards=int(s["cards"]),
                missed=int(s["missed_turns"]),
                turn=i == turn and not public["over"],
                deciding=i in waiting,
                shown=i == self._shown and len(self._humans) > 1,
            )
            for i, s in enumerate(public["seats"])
        )
        return TableInfo(
            rows=rows,
            draw_count=int(public["draw_count"]),
            discard_count=int(public["discard_count"]),
            turn_number=int(public.get("turn_number", 0)),
        )

    def _log_lines(self, seat: int | None) -> tuple[LogLine, ...]:
        out = []
        for event in self.table.log:
            text = event.text_for(seat)
            out.append(LogLine(text, private=text != event.text, kind=event.kind))
        return tuple(out)

    def _make_prompt_info(self, public: dict[str, Any], private: dict[str, Any]) -> PromptInfo:
        prompt = self._prompt
        if prompt is None:
            return PromptInfo(self._status(public))
        options = keyed_options(options_in_order(prompt, private))
        text, hint, listed = prompt.text, "", True
        where = "pile" if "search" in private else "hand"
        if prompt.kind in ("window", "sale"):
            text = "Do you react?"  # the banner says to what
            if self.table.window_seconds is not None:
                hint = "Say nothing and the countdown passes for you."
        elif prompt.kind == "pick":
            listed = False
            hint = f"Press the key shown on a card in your {where}, or the arrows and Enter."
        elif prompt.kind == "turn":
            hint = "Or pick a card in your hand with the arrows and press Enter."
        return PromptInfo(text, options, hint, prompt.kind, listed)

    def _status(self, public: dict[str, Any]) -> str:
        if public.get("over"):
            return "The game is over."
        waiting = [self._names[i] for i in public.get("waiting", ())]
        if not waiting:
            return ""
        if len(waiting) > 3:
            return f"Waiting for {len(waiting)} players..."
        return "Waiting for " + ", ".join(waiting) + "..."

    # ------------------------------------------------------------------ the banner

    def _window_seats(self) -> list[int]:
        return [p.seat for p in self.table.prompts() if p.pass_option is not None]

    def _claimable(self) -> list[int]:
        """Human seats asked in the open window that can claim (not the seat shown)."""
        if len(self._humans) < 2:
            return []
        asked = self._window_seats()
        return [s for s in self._humans if s in asked and s != self._shown]

    def _update_banner(self) -> None:
        window = next((p for p in self.table.prompts() if p.pass_option is not None), None)
        banner = self.query_one(ReactionBanner)
        if window is None or self.table.is_over:
            banner.info = None
            return
        seconds = None
        remaining = self.table.window_remaining()
        if remaining is not None and not self.settings.frozen:
            seconds = int(remaining + 0.999)
        claims = tuple((CLAIM_KEYS[s].upper(), self._names[s]) for s in self._claimable())
        nobody = NOBODY_KEY if self._nobody_allowed() else None
        banner.info = BannerInfo(window.text, seconds, claims, nobody)

    def _nobody_allowed(self) -> bool:
        """With no countdown, someone must say that nobody reacts (else the table waits)."""
        if self.table.window_seconds is not None or len(self._humans) < 2:
            return False
        asked = self._window_seats()
        return any(s in asked for s in self._humans)

    # ------------------------------------------------------------------ game over

    def _show_game_over(self) -> None:
        if self._over_shown:
            return
        self._over_shown = True
        if self._timer is not None:
            self._timer.stop()
        public = self.table.view(None)["public"]
        self.app.push_screen(
            GameOverScreen(self._result(public), self.glyphs), self._after_game_over
        )

    def _result(self, public: dict[str, Any]) -> GameResult:
        result: dict[str, Any] = public.get("result") or {}
        winners = [int(w) for w in result.get("winners", ())]
        colour = result.get("colour")
        if winners:
            names = " and ".join(self._names[w] for w in winners)
            title = f"{names} wins with seven {flock_name(colour)} pigeons!"
        else:
            title = "A draw: nobody wins."
        hands = tuple(
            RevealedHand(self._names[i], cards_from_view(h), i in winners)
            for i, h in enumerate(public.get("hands", ()))
        )
        return GameResult(title, str(result.get("reason", "")), hands, colour)

    def _after_game_over(self, choice: str | None) -> None:
        self.dismiss((choice or "menu", None))

    # ------------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            info = self._prompt_info
            if info is None or not info.options:
                return False
            key = str(parameters[0]) if parameters else ""
            return key == OPTION_KEYS[0] or info.option_for_key(key) is not None
        if action == "claim":
            return bool(parameters) and parameters[0] in self._claimable()
        if action == "nobody":
            return self._nobody_allowed()
        return True

    def action_choose(self, key: str) -> None:
        info = self._prompt_info
        option_id = info.option_for_key(key) if info else None
        if option_id is not None:
            self._choose(option_id)

    def _choose(self, option_id: str) -> None:
        if self._shown is None or self._prompt is None:
            return
        self._answer(self._shown, self._prompt.id, option_id)

    def action_claim(self, seat: int) -> None:
        if seat not in self._claimable() or self._curtain_for is not None:
            return
        self._raise_curtain(seat, claim=True)

    def action_nobody(self) -> None:
        if not self._nobody_allowed():
            return
        self._busy += 1
        try:
            for prompt in self.table.prompts():
                if prompt.pass_option is not None and prompt.seat in self._humans:
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
        for seat in self._claimable():
            name = self._names[seat]
            commands.append(
                (
                    f"{name} reacts ({CLAIM_KEYS[seat].upper()})",
                    "Hand the screen to them to answer the reaction window",
                    partial(self.action_claim, seat),
                )
            )
        if self._nobody_allowed():
            commands.append(
                ("Nobody reacts (n)", "Every human asked lets it go", self.action_nobody)
            )
        return commands

    @on(PromptBar.OptionChosen)
    def _option_clicked(self, event: PromptBar.OptionChosen) -> None:
        self._choose(event.option_id)

    @on(HandPane.CardChosen)
    def _hand_card(self, event: HandPane.CardChosen) -> None:
        self._use_cards(event.cards, pairs=True)

    @on(DiscardPane.CardChosen)
    def _pile_card(self, event: DiscardPane.CardChosen) -> None:
        self._use_cards(event.cards, pairs=False)

    def _use_cards(self, cards: tuple[Card, ...], *, pairs: bool) -> None:
        if self._prompt is None or not cards:
            self.notify("There is nothing to decide right now.", severity="warning")
            return
        option_ids = [o.id for o in self._prompt.options]
        option_id = option_for_cards(option_ids, cards, pairs=pairs)
        if option_id is None:
            self.notify(f"{cards[0].name} cannot be used for this.", severity="warning")
            return
        self._choose(option_id)
