"""The end of a game: the score, its ties, the final view, seeded full games."""

from __future__ import annotations

import pytest
from isle_helpers import TOTAL_CARDS, answer, at_last, cards_everywhere, k, new, random_answer

from engine.core import Rng
from engine.games.isle.rules import GAME


def _finish(fish: list[int]):  # type: ignore[no-untyped-def]
    """Empty boats (the same score for all), seat 0 holds one card to finish the round."""
    s = at_last(
        new(len(fish), boats=["blue", "green", "red", "purple"][: len(fish)]),
        [[84]] + [[] for _ in fish[1:]],
    )
    s.fish = list(fish)
    answer(s, 0, "done")
    return s


def test_a_tie_goes_to_the_most_fish() -> None:
    s = _finish([3, 7, 5])
    out = GAME.outcome(s)
    assert out is not None and out.winners == (1,)
    assert len(set(out.scores or ())) == 1


def test_a_tie_on_fish_too_is_shared() -> None:
    s = _finish([7, 7, 5])
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0, 1)


def test_the_final_view_has_the_score_line_by_line() -> None:
    s = _finish([1, 2])
    pub = GAME.view(s, 0)["public"]
    assert pub["phase"] == "over"  # type: ignore[index]
    scores, totals = pub["scores"], pub["totals"]  # type: ignore[index]
    assert len(scores) == 2 and len(totals) == 2
    for lines, total in zip(scores, totals, strict=True):
        assert lines and all(set(line) == {"label", "points"} for line in lines)
        assert sum(line["points"] for line in lines) == total
    out = GAME.outcome(s)
    assert out is not None and list(out.scores or ()) == totals


def test_the_last_round_plays_a_card_then_scores() -> None:
    s = at_last(new(2), [[84], []])
    answer(s, 0, f"play:{k(84)}")
    assert s.baskets[0] == 2 and s.phase == "over"


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_seeded_full_games_end_with_an_outcome(seed: int) -> None:
    n = 2 + seed % 3
    s = new(n, seed)
    rng = Rng(seed * 13 + 5)
    for _ in range(20000):
        if s.result is not None:
            break
        seat, pid, opt = random_answer(s, rng)
        GAME.apply(s, seat, pid, opt)
        cards = cards_everywhere(s)
        assert len(cards) == TOTAL_CARDS == len(set(cards))
    out = GAME.outcome(s)
    assert out is not None and out.winners and out.scores is not None and len(out.scores) == n
