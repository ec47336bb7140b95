"""Seeded full games of Stool Pigeon through the Table, and the memory bots."""

from __future__ import annotations

from typing import Any

import pytest
from stool_helpers import NAMES, check_cards

from engine.core import Option, Prompt
from engine.games.stool import GAME
from engine.games.stool.bots import LEVELS, MemoryBot
from engine.session import SeatConfig, Table


def bot_table(levels: list[str], seed: int, **options: object) -> Table:
    seats = [SeatConfig(NAMES[i], kind="bot", level=level) for i, level in enumerate(levels)]
    return Table("stool", seats, seed, options, window_seconds=None, bot_delay=(0, 0))


def play_to_the_end(table: Table) -> None:
    table.run_bots()
    assert table.is_over, "the bots stopped before the end"
    out = table.outcome()
    assert out is not None and out.scores is not None
    s = table.state
    check_cards(s)
    assert table.log[-1].kind == "game_over" and out.reason == table.log[-1].text
    assert len(out.scores) == table.n_seats
    for w in out.winners:
        assert out.scores[w] == min(out.scores)
    public = table.view(None)["public"]
    assert public["over"] and public["result"]["scores"] == list(out.scores)


def mix(name: str, n: int) -> list[str]:
    if name == "mixed":
        return [("random", "easy", "normal", "sharp")[i % 4] for i in range(n)]
    return [name] * n


MIXES = ("mixed", "normal", "random")


@pytest.mark.parametrize("levels", MIXES)
@pytest.mark.parametrize("n", range(2, 7))
def test_bot_games_end_with_every_card_accounted_for(n: int, levels: str) -> None:
    for seed in (n * 100 + 1, n * 100 + 2):
        play_to_the_end(bot_table(mix(levels, n), seed))


def test_memory_bots_never_claim_wrongly() -> None:
    # What they remember is exact; they only forget.
    names = {NAMES[x] for x in range(3)}
    claims = 0
    for seed in range(6):
        table = bot_table(["easy", "normal", "sharp", "random"], 40 + seed)
        play_to_the_end(table)
        wrong = [e.text for e in table.log if e.kind == "wrong"]
        assert not [t for t in wrong if t.split(" ")[0] in names]
        claims += sum(1 for e in table.log if e.kind == "claim" and e.text.split(" ")[0] in names)
    assert claims  # ...and they do race


def test_a_short_round_limit_ends_bot_games() -> None:
    table = bot_table(["normal"] * 3, 5, turn_limit=1, first_knock_round=2)
    play_to_the_end(table)
    assert any(e.kind == "limit" for e in table.log)
    assert table.state.turns == 4  # three turns, then the fourth found the limit


def test_the_same_seed_plays_the_same_bot_game() -> None:
    levels = ["normal", "random", "sharp", "easy"]
    a, b = bot_table(levels, 77), bot_table(levels, 77)
    a.run_bots()
    b.run_bots()
    assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log]
    assert a.to_json()["state"] == b.to_json()["state"]


def test_a_saved_bot_game_carries_on_the_same() -> None:
    levels = ["easy", "random", "normal"]
    straight = bot_table(levels, 31)
    straight.run_bots()
    halfway = bot_table(levels, 31)
    halfway.run_bots(max_answers=30)
    assert not halfway.is_over
    resumed = Table.from_json(halfway.to_json())
    resumed.run_bots()
    assert resumed.to_json()["state"] == straight.to_json()["state"]
    assert resumed.to_json()["bots"] == straight.to_json()["bots"]


def test_each_seat_reads_only_its_own_secrets_in_the_log() -> None:
    table = bot_table(["normal", "random", "sharp"], 12)
    table.run_bots()
    secret = [i for i, e in enumerate(table.log) if e.secrets]
    assert secret and any(table.log[i].kind == "peek" for i in secret)
    for seat in (None, 0, 1, 2):
        lines = table.log_for(seat)
        for i in secret:
            (owner, text) = table.log[i].secrets[0]
            assert (lines[i] == text) == (seat == owner)


@pytest.mark.parametrize(("n", "games", "least"), [(4, 40, 0.75), (2, 40, 0.75)])
def test_the_normal_bot_beats_random_players(n: int, games: int, least: float) -> None:
    wins = 0
    for seed in range(games):
        me = seed % n
        table = bot_table(["normal" if x == me else "random" for x in range(n)], 1000 + seed)
        play_to_the_end(table)
        out = table.outcome()
        assert out is not None
        wins += out.winners == (me,)
    # One in n by chance; the normal bot wins nearly every game.
    assert wins >= least * games, f"the normal bot won {wins} of {games}"


# ---------------------------------------------------------------------- the clock


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_race_is_a_timed_window_that_closes_on_silence() -> None:
    clock = Clock()
    seats = [SeatConfig("Ann"), SeatConfig("Bob", kind="bot", level="normal")]
    table = Table("stool", seats, 3, window_seconds=5, bot_delay=(1, 2), clock=clock)
    (peek,) = table.prompts_for(0)
    table.answer(0, peek.id, "done")
    clock.now = 3
    table.tick()  # Bob peeks too: Ann's turn
    s = table.state
    witness = next(
        i for i, c in enumerate(s.scenes[0]) if c is not None and "witness" in s.faces[c]
    )
    (draw,) = table.prompts_for(0)
    table.answer(0, draw.id, "draw")
    (swap,) = table.prompts_for(0)
    table.answer(0, swap.id, f"slot:A{witness + 1}")
    race = [p for p in table.prompts() if p.kind == "race"]
    assert {p.seat for p in race} == {0, 1} and all(p.pass_option == "pass" for p in race)
    ann_race = next(p for p in race if p.seat == 0)
    assert table.deadline(ann_race.id, 0) == pytest.approx(8)
    clock.now = 20
    table.tick()  # Bob answers his race and plays; Ann's silence is a pass
    assert not [
        p for p in table.prompts() if p.kind == "race" and p.seat == 0 and p.id == ann_race.id
    ]


# ---------------------------------------------------------------------- the bot itself


def view_with(memory: dict[str, dict[str, Any]], turn: int, **public: Any) -> dict[str, Any]:
    seats = [
        {"seat": x, "slots": [{"pos": f"{'AB'[x]}{i}", "empty": False} for i in range(1, 5)]}
        for x in range(2)
    ]
    return {
        "public": {"round": turn, "seats": seats, **public},
        "private": {"memory": memory},
    }


def entry(value: int, seen: int) -> dict[str, Any]:
    return {
        "face": f"witness:{value}",
        "kind": "witness",
        "value": value,
        "witness": True,
        "pigeon": None,
        "seen": seen,
    }


RACE = Prompt(
    "r1.0",
    0,
    "race",
    "race!",
    tuple(Option(i, i) for i in ("pass", "claim:A1", "claim:A2", "claim:B3", "claim:B4")),
    pass_option="pass",
)


def race_view(memory: dict[str, dict[str, Any]], turn: int) -> dict[str, Any]:
    card = {"face": "witness:4", "value": 4}
    return view_with(memory, turn, race={"open": True, "card": card})


def test_the_bot_races_for_what_it_remembers() -> None:
    bot = MemoryBot(0, 1, "sharp")
    assert bot.choose(race_view({"A1": entry(9, 1)}, 1), RACE) == "pass"
    assert bot.choose(race_view({"A1": entry(9, 1), "A2": entry(4, 2)}, 1), RACE) == "claim:A2"
    # With a 9 to give back, an opponent's 4 is worth more than its own.
    memory = {"A1": entry(9, 1), "A2": entry(4, 2), "B3": entry(4, 3)}
    assert bot.choose(race_view(memory, 1), RACE) == "claim:B3"


def rat_entry(seen: int) -> dict[str, Any]:
    return {
        "face": "rat",
        "kind": "rat",
        "value": None,
        "witness": False,
        "pigeon": None,
        "seen": seen,
    }


GIVEBACK = Prompt(
    "g1",
    0,
    "giveback",
    "Give Bob one of your cards for B1.",
    tuple(Option(f"slot:A{i}", f"Give the card in A{i}") for i in range(1, 5)),
)


def test_the_bot_gives_back_a_rat_it_remembers() -> None:
    """A give-back may be the Rat: the bot is glad to be rid of it, but not before a 9."""
    bot = MemoryBot(0, 1, "sharp")
    memory = {"A1": entry(5, 1), "A2": rat_entry(2), "A3": entry(7, 3)}
    assert bot.choose(view_with(memory, 1), GIVEBACK) == "slot:A2"
    memory["A4"] = entry(9, 4)
    assert bot.choose(view_with(memory, 1), GIVEBACK) == "slot:A4"


def test_the_bot_races_to_give_its_rat_away() -> None:
    """With only low cards and the Rat, an opponent's 4 is worth claiming: the Rat can go."""
    bot = MemoryBot(0, 1, "sharp")
    memory = {"A1": rat_entry(1), "A2": entry(4, 2), "A3": entry(1, 5), "A4": entry(2, 6)}
    memory["B3"] = entry(4, 3)
    assert bot.choose(race_view(memory, 1), RACE) == "claim:B3"


def test_the_bot_forgets_and_learns_again() -> None:
    bot = MemoryBot(0, 5, "easy")
    memory = {f"A{i}": entry(4, i) for i in range(1, 5)}
    bot.choose(race_view(memory, 1), RACE)
    assert bot.choose(race_view(memory, 1), RACE) != "pass"
    bot.choose(race_view(memory, 40), RACE)  # 39 rounds later, at 25 % a round
    assert bot.forgotten == {1, 2, 3, 4}
    assert bot.choose(race_view(memory, 40), RACE) == "pass"
    saved = bot.to_json()
    twin = MemoryBot(0, 0, "easy")
    twin.load_json(saved)
    assert twin.to_json() == saved and twin.forgotten == {1, 2, 3, 4}
    # Seen again (a new stamp): remembered again, wherever it is now; what left the
    # table is dropped from what it forgot.
    assert bot.choose(race_view({"B4": entry(4, 9)}, 40), RACE) == "claim:B4"
    assert bot.forgotten == set()


def test_bot_levels_and_the_default() -> None:
    assert GAME.bot_levels == ("random", "easy", "normal", "sharp")
    assert GAME.default_bot == "normal"
    assert set(LEVELS) == {"easy", "normal", "sharp"}
    assert LEVELS["easy"] > LEVELS["normal"] > LEVELS["sharp"]
    assert GAME.bot("normal", 1, 3).level == "normal"
    with pytest.raises(ValueError):
        GAME.bot("heuristic", 1, 3)
