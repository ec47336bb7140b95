"""The hot-seat hand-off policy: who is shown now, when the curtain falls, who may
claim, what waits in line.  Pure: no Textual, no table, only the open prompts.

Several humans share one screen.  What one of them holds must never be on screen in
front of the others, so:

* a human seat is *shown* (its cards, its prompt bar) only while it has a decision it
  must make and no other human is asked in an open reaction window (the table watches
  the banner then); otherwise nobody is shown and the panes are public;
* handing the screen to another seat always goes through a curtain: :attr:`HandOff.shown`
  is None from the moment it falls until its player lifts it;
* a reaction window is claimed at the table, the way people shout: a human asked in it
  claims it with their key (:meth:`HandOff.claim`), and the curtain hands them the
  screen to answer it; one keyboard means one claimer at a time, so a second claim
  waits in line (:attr:`HandOff.claim_queue`) until the first claimer has answered, and
  the screen's table waits meanwhile (the window must not close under it);
* the seat shown may answer its own window first (``claiming``), its other decision
  waiting underneath (Escape goes back to it, unless another human is asked too).

The game screen owns one :class:`HandOff`, asks it what to do after every change, and
does it (raises the curtain, renders the panes).  With one human, that human is always
shown and nothing here ever hides anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core import Prompt

__all__ = ["HandOff", "Show"]


@dataclass(frozen=True, slots=True)
class Show:
    """What the screen should do now: show ``seat`` (None: nobody's cards), through a
    curtain first when ``curtain`` (``claim``: the curtain is for a claim)."""

    seat: int | None
    curtain: bool = False
    claim: bool = False


@dataclass
class HandOff:
    """The hand-off state of one hot-seat (or LAN) screen; see the module docstring."""

    humans: list[int]
    """The human seats at this screen, in seat order."""
    buzz_shown_seat: bool = False
    """The game gives the seat shown a key to claim a window too (a Stool Pigeon race)."""
    shown: int | None = None
    """The seat whose private view is on screen (None: the public panes only)."""
    curtain_for: int | None = None
    """A curtain is up, handing the screen to this seat."""
    claiming: bool = False
    """The seat shown answers its window before its other decision."""
    claim_queue: list[int] = field(default_factory=list)
    """Claims made while another claimer had the screen, first come first."""

    def __post_init__(self) -> None:
        if self.shown is None and len(self.humans) == 1:
            self.shown = self.humans[0]

    @property
    def several(self) -> bool:
        """More than one human shares the screen."""
        return len(self.humans) > 1

    # ------------------------------------------------------------------ reading prompts

    @staticmethod
    def window_seats(prompts: Sequence[Prompt]) -> list[int]:
        """The seats asked in an open reaction window (a prompt with a pass option)."""
        return [p.seat for p in prompts if p.pass_option is not None]

    @staticmethod
    def window_prompt(prompts: Sequence[Prompt], seat: int) -> Prompt | None:
        return next((p for p in prompts if p.seat == seat and p.pass_option), None)

    @staticmethod
    def must_answer(prompts: Sequence[Prompt], seat: int) -> bool:
        """``seat`` has a decision that silence does not answer."""
        return any(p.seat == seat and p.pass_option is None for p in prompts)

    def others_asked(self, prompts: Sequence[Prompt], seat: int) -> bool:
        """Whether a human other than ``seat`` is asked in the open window: the table is
        watching the banner, so ``seat``'s cards must not be on screen."""
        return any(s != seat and s in self.humans for s in self.window_seats(prompts))

    def bar_prompt(self, prompts: Sequence[Prompt], seat: int) -> Prompt | None:
        """The decision the prompt bar shows for ``seat``: the one it must answer, unless
        it chose to answer its window first; else its window."""
        mine = [p for p in prompts if p.seat == seat]
        window = next((p for p in mine if p.pass_option is not None), None)
        if self.claiming and window is not None:
            return window
        must = next((p for p in mine if p.pass_option is None), None)
        return must or window

    def claimable(self, prompts: Sequence[Prompt]) -> list[int]:
        """Human seats asked in the open window that can claim it now: the others, and
        the seat shown too if the game gives it a key."""
        asked = self.window_seats(prompts)
        if self.buzz_shown_seat:
            return [s for s in self.humans if s in asked]
        if not self.several:
            return []
        return [s for s in self.humans if s in asked and s != self.shown]

    def can_go_back(self, prompts: Sequence[Prompt]) -> bool:
        """In a window by choice, with another decision waiting underneath that may be
        shown (not while another human is asked in the window: it waits behind it)."""
        seat = self.shown
        if not self.claiming or seat is None or self.others_asked(prompts, seat):
            return False
        return self.must_answer(prompts, seat)

    # ------------------------------------------------------------------ deciding

    def next_seat(self, prompts: Sequence[Prompt], waiting: Sequence[int]) -> int | None:
        """The human seat that should be shown now, or None for nobody's (public panes).

        ``waiting``: the human seats with an open prompt, in prompt order.  With several
        humans a seat is shown only while it has a decision to make and no other human
        is asked in an open window: the cards of a player who is waiting (for a window,
        for the bots) would be in front of everyone."""
        if not self.several:
            return self.humans[0] if self.humans else None
        if self.claiming and self.shown is not None and self.window_prompt(prompts, self.shown):
            return self.shown  # a claimer keeps the screen until it has answered its window
        needed = [
            s for s in waiting if self.must_answer(prompts, s) and not self.others_asked(prompts, s)
        ]
        if self.shown in needed:
            return self.shown
        return needed[0] if needed else None

    def queued_claims(self, prompts: Sequence[Prompt]) -> list[int]:
        """The claims in line whose window is still open for them (the others dropped)."""
        open_to = self.claimable(prompts)
        self.claim_queue = [
            s for s in self.claim_queue if s in open_to and self.window_prompt(prompts, s)
        ]
        return self.claim_queue

    def now(self, prompts: Sequence[Prompt], waiting: Sequence[int]) -> Show:
        """What to do after a change, while no curtain is up: serve the next claim in
        line once the claimer shown has answered; else show the seat that must decide
        (through a curtain if it is not the one shown), or nobody."""
        if self.curtain_for is not None:
            return Show(self.shown)
        if self.queued_claims(prompts):
            shown = self.shown
            still_choosing = (
                self.claiming and shown is not None and self.window_prompt(prompts, shown)
            )
            if not still_choosing:
                return Show(self.claim_queue.pop(0), curtain=True, claim=True)
        target = self.next_seat(prompts, waiting)
        if target is None:
            self.shown = None  # nobody's cards while nobody has a decision to make
            return Show(None)
        if target != self.shown:
            return Show(target, curtain=True)
        return Show(target)

    def claim(self, prompts: Sequence[Prompt], seat: int) -> str:
        """``seat`` pressed its claim key.  What happens: ``"ignored"`` (it cannot claim
        now), ``"queued"`` (another claimer has the screen: it waits in line),
        ``"shown"`` (the seat shown answers its window now, on the prompt bar) or
        ``"curtain"`` (the curtain hands it the screen)."""
        if seat not in self.claimable(prompts) or self.curtain_for is not None:
            return "ignored"
        claimer = self.shown
        if (
            self.claiming
            and claimer is not None
            and claimer != seat
            and self.window_prompt(prompts, claimer) is not None
        ):
            # One keyboard: whoever claimed first keeps it until they have answered;
            # the second claim waits in line, and the window with it.
            if seat not in self.claim_queue:
                self.claim_queue.append(seat)
            return "queued"
        if seat == self.shown:
            self.claiming = True
            return "shown"
        return "curtain"

    def go_back(self, prompts: Sequence[Prompt]) -> bool:
        """Escape from a window answered by choice, back to the decision under it."""
        if not self.can_go_back(prompts):
            return False
        self.claiming = False
        return True

    # ------------------------------------------------------------------ the curtain

    def curtain_raised(self, seat: int) -> None:
        """A curtain hands the screen to ``seat``: nothing private is shown until it
        is lifted."""
        self.shown = None
        self.claiming = False
        self.curtain_for = seat

    def curtain_lifted(self, seat: int, claim: bool) -> None:
        """``seat``'s player lifted the curtain: their view is shown (``claim``: to
        answer the window they claimed)."""
        self.curtain_for = None
        self.shown = seat
        self.claiming = claim

    def window_closed(self) -> None:
        """The shown seat's window is not on the bar any more."""
        self.claiming = False
