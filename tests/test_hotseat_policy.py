"""The hot-seat hand-off policy (tui/hotseat.py), without Textual: who is shown, when
the curtain falls, who may claim a window and in what order.  The pilot tests play
whole games through it; these pin each rule down."""

from __future__ import annotations

from engine.core import Option, Prompt
from tui.hotseat import HandOff, Show

PLAY = (Option("a", "A"), Option("b", "B"))
REACT = (Option("pass", "Let it be"), Option("block", "Block"))


def turn(seat: int, pid: str = "t") -> Prompt:
    return Prompt(f"{pid}{seat}", seat, "turn", "Your turn", PLAY)


def window(*seats: int) -> list[Prompt]:
    return [Prompt("w", s, "window", "React?", REACT, pass_option="pass") for s in seats]


def waiting(prompts: list[Prompt]) -> list[int]:
    out: list[int] = []
    for p in prompts:
        if p.seat not in out:
            out.append(p.seat)
    return out


def test_one_human_is_always_shown_and_never_behind_a_curtain() -> None:
    hand = HandOff([1])
    assert hand.shown == 1
    for prompts in ([turn(0)], [turn(1)], window(1, 2), []):
        assert hand.now(prompts, [1]) == Show(1)
    assert hand.claimable(window(1, 2)) == []  # nobody to claim against


def test_the_screen_goes_to_whoever_must_decide_through_a_curtain() -> None:
    hand = HandOff([0, 1])
    assert hand.shown is None  # nobody's cards before the first curtain
    prompts = [turn(0)]
    assert hand.now(prompts, waiting(prompts)) == Show(0, curtain=True)
    hand.curtain_raised(0)
    assert hand.shown is None and hand.curtain_for == 0
    assert hand.now(prompts, [0]) == Show(None)  # nothing changes while it is up
    hand.curtain_lifted(0, claim=False)
    assert hand.now(prompts, [0]) == Show(0)
    prompts = [turn(1)]
    assert hand.now(prompts, [1]) == Show(1, curtain=True)


def test_nobody_is_shown_while_another_human_is_asked_in_a_window() -> None:
    hand = HandOff([0, 1])
    hand.curtain_lifted(0, claim=False)
    prompts = [turn(0), *window(1)]  # seat 0 must play, but seat 1 may react first
    assert hand.next_seat(prompts, waiting(prompts)) is None
    assert hand.now(prompts, waiting(prompts)) == Show(None) and hand.shown is None
    # A seat waiting only in a window (nothing it must do) is never shown for it.
    assert hand.next_seat(window(0, 1), [0, 1]) is None


def test_a_claim_takes_the_screen_through_a_curtain_and_a_second_one_waits() -> None:
    hand = HandOff([0, 1, 2])
    prompts = window(0, 1, 2)
    assert hand.claimable(prompts) == [0, 1, 2]
    assert hand.claim(prompts, 1) == "curtain"
    hand.curtain_raised(1)
    assert hand.claim(prompts, 2) == "ignored"  # not while a curtain is up
    hand.curtain_lifted(1, claim=True)
    assert hand.claimable(prompts) == [0, 2]  # the seat shown has no key for it
    assert hand.claim(prompts, 2) == "queued" and hand.claim_queue == [2]
    assert hand.claim(prompts, 2) == "queued" and hand.claim_queue == [2]  # once
    # Seat 1 keeps the screen until it has answered its window.
    assert hand.now(prompts, waiting(prompts)) == Show(1)
    answered = window(0, 2)
    assert hand.now(answered, waiting(answered)) == Show(2, curtain=True, claim=True)
    assert hand.claim_queue == []


def test_a_queued_claim_is_dropped_when_its_window_closes() -> None:
    hand = HandOff([0, 1, 2])
    prompts = window(0, 1, 2)
    hand.claim(prompts, 1)
    hand.curtain_lifted(1, claim=True)
    hand.claim(prompts, 2)
    later = [turn(0)]  # the window closed (the claimer blocked it)
    assert hand.queued_claims(later) == []
    assert hand.now(later, [0]) == Show(0, curtain=True)


def test_the_seat_shown_answers_its_window_first_and_escape_goes_back() -> None:
    hand = HandOff([0, 1], buzz_shown_seat=True)
    hand.curtain_lifted(0, claim=False)
    prompts = [turn(0), *window(0)]
    assert hand.bar_prompt(prompts, 0) == prompts[0]
    assert hand.claim(prompts, 0) == "shown" and hand.claiming
    assert hand.bar_prompt(prompts, 0) == prompts[1]
    assert hand.can_go_back(prompts)
    assert hand.go_back(prompts) and not hand.claiming
    assert not hand.go_back(prompts)
    # Not back while another human is asked in the window too: it waits behind it.
    both = [turn(0), *window(0, 1)]
    hand.claim(both, 0)
    assert not hand.can_go_back(both)


def test_a_curtain_always_hides_the_last_seat_first() -> None:
    hand = HandOff([0, 1])
    hand.curtain_lifted(0, claim=True)
    hand.curtain_raised(1)
    assert hand.shown is None and not hand.claiming
