"""Each game's scenes live beside its presenter and are found through the registry."""

from __future__ import annotations

import pytest

from engine.games import REGISTRY
from tui.games.base import game_ui_class
from tui.scenes import choose_among, game_scenes, make_table, play_until
from tui.screenshots import all_shots


def _shown_games() -> list[str]:
    """The registered games the game screen can show (a presenter in tui/games/)."""
    shown = []
    for game_id in REGISTRY:
        try:
            game_ui_class(game_id)
        except LookupError:
            continue
        shown.append(game_id)
    return shown


SHOWN = _shown_games()


def test_every_game_with_a_presenter_brings_its_scenes() -> None:
    assert {"pigeons", "stool", "perch"} <= set(SHOWN)
    for game_id in SHOWN:
        scenes = game_scenes(game_id)  # its scenes beside its presenter
        assert scenes.shots, game_id


def test_the_screenshots_are_every_games_own() -> None:
    shots = all_shots()
    for game_id in SHOWN:
        assert set(game_scenes(game_id).shots) <= set(shots)
    assert {"game", "stool-start", "perch-turn", "wide-perch"} <= set(shots)
    assert all(size in ((80, 24), (120, 40)) for _build, size in shots.values())


def test_a_game_without_scenes_is_a_lookup_error() -> None:
    with pytest.raises(LookupError):
        game_scenes("no_such_game")


@pytest.mark.parametrize("game", SHOWN)
def test_the_simple_player_of_each_game_plays_it_to_the_end(game: str) -> None:
    seats = REGISTRY[game].min_players
    table = make_table([(f"P{i}", "human") for i in range(seats)], 1, game=game)
    assert play_until(table, lambda t: t.is_over)
    prompt_ids = ["a", "b"]
    assert choose_among(game, prompt_ids, "no such kind") == "a"


def test_a_game_with_the_seats_pane_says_what_its_rows_are() -> None:
    from themes import TEXT_GLYPHS
    from tui.games.base import GameUI, Shown

    shown = Shown(None, {}, {}, None, ("Ann",), ("human",))
    with pytest.raises(NotImplementedError):
        GameUI(TEXT_GLYPHS).table_info(shown)
