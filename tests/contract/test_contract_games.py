"""The engine contract, checked for every game of the registry and every player count.

A game gets all of this by being registered in ``engine.games.REGISTRY`` (and saying,
in contract_secrets.py, what a seat may not know).  Per game and player count, a few
seeded random games are played to the end, answering a random open prompt (several
seats may be asked at once; a window's "pass" is one of its options) with a random
legal option; at every step:

- the open prompts are well formed, and open exactly while there is no outcome;
- unknown prompts, unknown options, wrong seats and closed prompts raise IllegalMove
  and leave the state (its JSON) and the prompts exactly as they were;
- the state survives JSON text and clone() exactly, with the same prompts and views,
  and an answer on a clone leaves the original alone and does the same thing;
- every view is JSON, the public half is the same for every seat and a spectator,
  whose private half is empty;
- no leak: no id that only one seat's private view names is in another seat's view,
  the spectator's, or a log line they read; a seat's secret line reaches only it; and
  each seat's (and the spectator's) view and prompts stay the same when what it may
  not know is dealt again (contract_secrets.REDEAL).

The same checked play with every rule option's other values (a yes/no option
flipped, every listed choice).  Then: the same seed and answers make the same game;
every bot level plays whole games given only views (contract_kit.play_bots).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from contract_kit import NAMES, check_determinism, play, play_bots
from contract_secrets import REDEAL

from engine.games import REGISTRY

SEEDS = tuple(int(seed) for seed in os.environ.get("PURRCH_CONTRACT_SEEDS", "1").split(","))
"""Seeds per game and player count for the fully checked runs: one in `make test` (a
long game of many players takes seconds when every step is checked); more for a deeper
run, e.g. ``PURRCH_CONTRACT_SEEDS=1,2,3,4 make test``.  The first, up to 4 players, is in
`make test-fast`."""

CASES = [
    pytest.param(
        gid,
        n,
        seed,
        id=f"{gid}-{n}p-seed{seed}",
        # make test-fast: the first seed, up to 4 players (5 and 6 take seconds each).
        marks=() if seed == SEEDS[0] and n <= 4 else pytest.mark.slow,
    )
    for gid, game in sorted(REGISTRY.items())
    for n in range(game.min_players, game.max_players + 1)
    for seed in SEEDS
]

COUNTS = [
    pytest.param(gid, n, id=f"{gid}-{n}p")
    for gid, game in sorted(REGISTRY.items())
    for n in range(game.min_players, game.max_players + 1)
]


def _variants(game: Any) -> list[tuple[str, Any]]:
    """Every rule option's other values that need no game knowledge: the other side of
    a yes/no option, every other listed choice (whole numbers have game-made bounds)."""
    out: list[tuple[str, Any]] = []
    for o in game.options:
        if isinstance(o.default, bool):
            out.append((o.id, not o.default))
        out.extend((o.id, c) for c in o.choices if c != o.default)
    return out


OPTION_CASES = [
    pytest.param(
        gid,
        n,
        key,
        value,
        id=f"{gid}-{n}p-{key}={value}",
    )
    for gid, game in sorted(REGISTRY.items())
    for key, value in _variants(game)
    # At the most players too in a deeper run (PURRCH_CONTRACT_SEEDS with several seeds).
    for n in sorted({game.min_players, game.max_players if len(SEEDS) > 1 else game.min_players})
]

BOT_CASES = [
    pytest.param(gid, level, n, id=f"{gid}-{level}-{n}p")
    for gid, game in sorted(REGISTRY.items())
    for level in game.bot_levels
    for n in sorted({game.min_players, game.max_players})
]


def test_every_game_declares_the_contract() -> None:
    for gid, game in REGISTRY.items():
        assert game.id == gid and game.title
        assert 1 <= game.min_players <= game.max_players <= len(NAMES)
        assert game.bot_levels and game.default_bot in game.bot_levels
        assert "random" in game.bot_levels
        assert gid in REDEAL, f"{gid}: say what a seat may not know (Game.redeal_hidden)"
        assert game.public_schema is not None and game.private_schema is not None, (
            f"{gid}: declare the view's schema (Game.public_schema, private_schema)"
        )
        assert game.rules_text().strip()


@pytest.mark.parametrize(("gid", "n", "seed"), CASES)
def test_random_play_keeps_the_contract_at_every_step(gid: str, n: int, seed: int) -> None:
    game = REGISTRY[gid]
    run = play(game, n, seed, redeal=REDEAL.get(gid))
    assert run.outcome is not None
    # The redeal really changed something at some step (or the leak check checked nothing).
    assert run.redealt > 0, f"{gid}: the redeal hook never changed a state"


@pytest.mark.parametrize(("gid", "n", "key", "value"), OPTION_CASES)
def test_rule_options_keep_the_contract(gid: str, n: int, key: str, value: Any) -> None:
    run = play(REGISTRY[gid], n, 1, redeal=REDEAL.get(gid), options={key: value})
    assert run.outcome is not None


@pytest.mark.parametrize(("gid", "n"), COUNTS)
def test_the_same_seed_and_answers_make_the_same_game(gid: str, n: int) -> None:
    check_determinism(REGISTRY[gid], n, seed=7 + n)


@pytest.mark.parametrize(("gid", "level", "n"), BOT_CASES)
def test_bots_play_whole_games_from_views_only(gid: str, level: str, n: int) -> None:
    game = REGISTRY[gid]
    for seed in (3, 4):
        # The level under test in every seat, then beside the random bot.
        for levels in ([level] * n, [level, *["random"] * (n - 1)]):
            state, chose = play_bots(game, levels, seed)
            assert game.outcome(state) is not None
            assert any(chose.values())
