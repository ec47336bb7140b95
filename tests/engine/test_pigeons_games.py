"""Seeded full games of Cats Among The Pigeons, bots only, through the Table."""

from __future__ import annotations

import pytest
from pigeons_helpers import NAMES, check_cards, make_state, pass_all, play, prompt_of, react

from engine.games.pigeons.rules import GAME, flock_of
from engine.session import SeatConfig, Table


def bot_table(levels: list[str], seed: int, **options: object) -> Table:
    seats = [SeatConfig(NAMES[i], kind="bot", level=level) for i, level in enumerate(levels)]
    return Table("pigeons", seats, seed, options, window_seconds=None, bot_delay=(0, 0))


def play_to_the_end(table: Table) -> None:
    table.run_bots()
    assert table.is_over, "the bots stopped before the end"
    out = table.outcome()
    assert out is not None
    s = table.state
    check_cards(s)
    if out.winners:
        (winner,) = out.winners
        assert winner == s.seat  # only on your own turn
        assert flock_of(s, s.hands[winner]) is not None
        assert table.view(None)["public"]["over"] is True
    else:
        limit = table.options.get("turn_limit", 300)
        assert "a draw" in out.reason and s.turn == limit + 1


MIXES = {
    "heuristic": lambda n: ["heuristic"] * n,
    "mixed": lambda n: ["random" if i % 2 else "heuristic" for i in range(n)],
    "random": lambda n: ["random"] * n,
}


@pytest.mark.parametrize("mix", sorted(MIXES))
@pytest.mark.parametrize("n", range(2, 7))
def test_bot_games_end_with_every_card_accounted_for(n: int, mix: str) -> None:
    for seed in (n * 100 + 1, n * 100 + 2):
        table = bot_table(MIXES[mix](n), seed)
        play_to_the_end(table)
        assert table.log and table.log[-1].kind == "game_over"


def test_a_short_turn_limit_ends_bot_games_in_a_draw() -> None:
    table = bot_table(["random"] * 3, 5, turn_limit=4)
    play_to_the_end(table)
    assert table.outcome().is_draw


def test_the_same_seed_plays_the_same_bot_game() -> None:
    levels = ["heuristic", "random", "heuristic", "random"]
    a, b = bot_table(levels, 77), bot_table(levels, 77)
    a.run_bots()
    b.run_bots()
    assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log]
    assert a.to_json()["state"] == b.to_json()["state"]


def test_a_saved_bot_game_carries_on_the_same() -> None:
    levels = ["heuristic", "random", "heuristic"]
    straight = bot_table(levels, 31)
    straight.run_bots()
    halfway = bot_table(levels, 31)
    halfway.run_bots(max_answers=150)
    assert not halfway.is_over
    resumed = Table.from_json(halfway.to_json())
    resumed.run_bots()
    assert resumed.to_json()["state"] == straight.to_json()["state"]


def test_the_log_each_seat_reads_hides_the_others_draws() -> None:
    table = bot_table(["heuristic", "random", "random"], 12)
    table.run_bots()
    draws = [i for i, e in enumerate(table.log) if e.kind == "draw" and e.secrets]
    assert draws
    for seat in (None, 0, 1, 2):
        lines = table.log_for(seat)
        for i in draws:
            (owner, secret) = table.log[i].secrets[0]
            assert (lines[i] == secret) == (seat == owner)


def test_the_heuristic_bot_beats_random_players() -> None:
    wins = games = 0
    for seed in range(40):
        me = seed % 4
        levels = ["heuristic" if x == me else "random" for x in range(4)]
        table = bot_table(levels, 1000 + seed)
        play_to_the_end(table)
        games += 1
        wins += table.outcome().winners == (me,)
    # One in four by chance; the heuristic wins nearly every game.
    assert wins > games // 2, f"the heuristic bot won {wins} of {games}"


@pytest.mark.parametrize(
    ("bob", "answer"), [(["cat", "pigeon:red"], "give"), (["pigeon:red"], "none")]
)
def test_the_heuristic_bot_gives_back_a_trapped_gift_only_to_pass_a_cat_on(
    bob: list[str], answer: str
) -> None:
    s = make_state({0: ["gift", "pigeon:blue"], 1: ["trap", *bob]})
    play(s, 0, "gift", 1)
    react(s, 1, "trap")
    pass_all(s)
    bot = GAME.bot("heuristic", 1, 5)
    assert bot.choose(GAME.view(s, 1), prompt_of(s, 1, "choice")) == answer
