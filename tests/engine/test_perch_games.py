"""Seeded full games of Chat perché through the Table, and the cautious bot."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from perch_helpers import NAMES, answer, check_animals, flip, make_state, prompt

from engine.core import Prompt
from engine.games.perch import GAME
from engine.games.perch.board import COLOURS
from engine.games.perch.bots import CautiousBot
from engine.session import SeatConfig, Table


def bot_table(levels: list[str], seed: int, **options: object) -> Table:
    seats = [SeatConfig(NAMES[i], kind="bot", level=level) for i, level in enumerate(levels)]
    return Table("perch", seats, seed, options, window_seconds=None, bot_delay=(0, 0))


def play_to_the_end(table: Table) -> None:
    table.run_bots()
    assert table.is_over, "the bots stopped before the end"
    out = table.outcome()
    assert out is not None and out.scores is not None
    s = table.state
    check_animals(s)
    assert s.dogs == s.track
    assert table.log[-1].kind == "game_over" and out.reason == table.log[-1].text
    in_tree = tuple(sum(1 for o in s.board.values() if o == c) for c in COLOURS)
    assert out.scores == in_tree
    if in_tree[0] != in_tree[1]:
        assert out.winners == (0 if in_tree[0] > in_tree[1] else 1,)
    public = table.view(None)["public"]
    assert public["over"] and public["result"]["scores"] == list(out.scores)


MIXES = (
    ["random", "random"],
    ["cautious", "random"],
    ["random", "cautious"],
    ["cautious", "cautious"],
)


@pytest.mark.parametrize("levels", MIXES, ids="-".join)
def test_bot_games_end_with_every_animal_accounted_for(
    levels: list[str], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="engine.session"):
        for seed in (1, 2, 3):
            play_to_the_end(bot_table(levels, seed))
    assert not caplog.records  # no bot ever failed or chose an option not offered


def test_the_default_game_ends_within_one_pass_of_the_decks() -> None:
    table = bot_table(["cautious", "random"], 8)
    play_to_the_end(table)
    assert 1 <= table.state.turns <= 64
    assert not any(e.kind == "reshuffle" for e in table.log)


def test_a_long_track_reshuffles_the_decks() -> None:
    table = bot_table(["random", "cautious"], 4, dog_track=30)
    play_to_the_end(table)
    assert table.state.turns > 64
    reshuffles = [e.text for e in table.log if e.kind == "reshuffle"]
    assert any(t.startswith("Ann's deck is empty") for t in reshuffles)
    assert any(t.startswith("Bob's deck is empty") for t in reshuffles)


def test_a_short_track_and_other_jump_rules() -> None:
    for seed, jump in enumerate(("own", "animals")):
        play_to_the_end(bot_table(["cautious", "cautious"], 20 + seed, dog_track=3, jump_over=jump))


def test_the_same_seed_plays_the_same_bot_game() -> None:
    a, b = bot_table(["cautious", "random"], 77), bot_table(["cautious", "random"], 77)
    a.run_bots()
    b.run_bots()
    assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log]
    assert a.to_json()["state"] == b.to_json()["state"]


def test_a_saved_bot_game_carries_on_the_same() -> None:
    levels = ["cautious", "cautious"]
    straight = bot_table(levels, 31)
    straight.run_bots()
    halfway = bot_table(levels, 31)
    halfway.run_bots(max_answers=60)
    assert not halfway.is_over
    resumed = Table.from_json(halfway.to_json())
    resumed.run_bots()
    assert resumed.to_json()["state"] == straight.to_json()["state"]
    assert resumed.to_json()["bots"] == straight.to_json()["bots"]


def test_each_seat_reads_only_its_own_tokens_in_the_log() -> None:
    table = bot_table(["cautious", "random"], 12)
    table.run_bots()
    tokens = [i for i, e in enumerate(table.log) if e.kind == "token"]
    assert len(tokens) == 10
    for i in tokens:
        ((owner, text),) = table.log[i].secrets
        assert text.startswith("You place your ")
        for seat in (None, 0, 1):
            line = table.log_for(seat)[i]
            assert (line == text) == (seat == owner)
            if seat != owner:
                assert re.fullmatch(
                    r"(Ann|Bob) places a strength token face down on branch [LR][1-5]\.", line
                )


@pytest.mark.parametrize("me", [0, 1])
def test_the_cautious_bot_beats_random_play(me: int) -> None:
    games = 20
    wins = 0
    for seed in range(games):
        levels = ["cautious" if x == me else "random" for x in (0, 1)]
        table = bot_table(levels, 500 + seed)
        play_to_the_end(table)
        out = table.outcome()
        assert out is not None
        wins += out.winners == (me,)
    # About 98 % over 400 games (RULES.md); one bad run of luck is allowed here.
    assert wins >= 0.85 * games, f"the cautious bot won {wins} of {games}"


# ---------------------------------------------------------------------- the bot itself


def bot_answer(bot: CautiousBot, s: Any) -> str:
    p: Prompt = prompt(s)
    return bot.choose(GAME.view(s, p.seat), p)


def test_the_bot_sends_birds_to_break_branches_holding_the_opponents_cats() -> None:
    # L5 is Ann's 1 and holds a ginger cat: one bird breaks it.
    s = make_state(
        {"L5a": "ginger", "L1a": "black", "T2": "ginger"},
        tokens={"L5": (0, 1)},
        next_cards={0: ["bird"]},
    )
    flip(s)
    choice = bot_answer(CautiousBot(0, 1), s)
    assert choice.startswith("spot:L5")
    answer(s, choice, "bird")
    assert s.broken == ["L5"] and s.start[1] == 11


def test_the_bot_moves_the_opponents_cats_onto_a_branch_it_knows_will_break() -> None:
    # Ann must move a ginger cat: from T4 onto L4 (Ann's 1, already holding a ginger cat).
    s = make_state(
        {"T4": "ginger", "L4a": "ginger", "T1": "black"},
        tokens={"L4": (0, 1)},
        next_cards={0: ["cats:opp:1:2"]},
    )
    flip(s)
    bot = CautiousBot(0, 1)
    assert bot_answer(bot, s) == "cat:T4"
    answer(s, "cat:T4", "cat")
    assert bot_answer(bot, s) == "to:L4b"
    answer(s, "to:L4b", "move")
    assert s.broken == ["L4"] and s.start[1] == 12


def test_the_bot_trusts_its_own_strong_branch() -> None:
    # The trunk holds two black cats: the third goes onto L1 (Ann's 4), not R1 (Bob's, unknown).
    s = make_state({"T1": "black", "T3": "black"}, next_cards={0: ["cats:own:1:2"]})
    flip(s)
    bot = CautiousBot(0, 1)
    assert bot_answer(bot, s) == "cat:black start"
    answer(s, "cat:black start", "cat")
    assert [o.id for o in prompt(s).options] == ["to:L1a", "to:R1a", "back"]
    assert bot_answer(bot, s) == "to:L1a"


def test_the_bot_keeps_off_branches_it_suspects() -> None:
    # Bob's 4, 3 and a 2 are revealed: R1 (Bob's) is a 1 or a 2 and already holds a bird.
    # Ann's own L1 is a 1 holding a bird: it would break.  The cat stays on the trunk.
    s = make_state(
        {"R1b": "bird", "L1b": "bird", "T1": "black"},
        tokens={"L1": (0, 1), "R1": (1, 1), "R2": (1, 4), "R3": (1, 3), "R4": (1, 2)},
        broken=["R2", "R3", "R4"],
        next_cards={0: ["cats:own:1:2"]},
    )
    flip(s)
    bot = CautiousBot(0, 1)
    answer(s, "cat:T1", "cat")
    assert bot_answer(bot, s) not in ("to:L1a", "to:R1a")


def test_the_bot_knocks_down_the_best_placed_cat() -> None:
    # The ginger cat on L5a is on Ann's 1 at its limit: one bird will do. T3 is safe.
    s = make_state(
        {"T3": "ginger", "L5a": "ginger"}, tokens={"L5": (0, 1)}, next_cards={0: ["fall"]}
    )
    flip(s)
    assert bot_answer(CautiousBot(0, 1), s) == "cat:T3"


def test_the_bot_remembers_what_the_opponents_branches_held() -> None:
    s = make_state({"R2a": "ginger", "R2b": "ginger", "R2c": "bird"}, next_cards={0: ["fall"]})
    flip(s)
    bot = CautiousBot(0, 9)
    bot.choose(GAME.view(s, 0), prompt(s))
    assert bot.held["R2"] == 3
    saved = bot.to_json()
    twin = CautiousBot(0, 0)
    twin.load_json(saved)
    assert twin.to_json() == saved and twin.held["R2"] == 3


def test_the_bot_places_strong_tokens_low() -> None:
    s = GAME.setup(NAMES, 3)
    bot = CautiousBot(0, 4)
    answer(s, "token:4", "token")
    assert bot_answer(bot, s) in ("branch:L1", "branch:R1")


def test_bot_levels_and_the_default() -> None:
    assert GAME.bot_levels == ("random", "cautious")
    assert GAME.default_bot == "cautious"
    assert GAME.bot("cautious", 1, 3).level == "cautious"
    assert GAME.bot("random", 1, 3).level == "random"
    with pytest.raises(ValueError, match="unknown bot level"):
        GAME.bot("heuristic", 1, 3)
    table = Table("perch", [SeatConfig("Ann", "bot"), SeatConfig("Bob", "bot")], 5)
    assert table.to_json()["bots"]["0"]["level"] == "cautious"
