"""Keys you can predict (issue 21): a thing on the board keeps its key for the whole game.

Each game is played through its game screen with key presses only (the simple player
of its scenes), and every option about a thing on the board (a crime-scene position,
a kind of card, a square of the tree) is noted with its key: a thing never changes
key from one decision to the next.  Keyed in order, a Stool Pigeon position was 1 in
a swap and 2 in a race (after Pass), and a crime-scene card went from 9 to a.  After
every key press and one refresh, the footer says the keys the prompt bar shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from textual.widgets._footer import FooterKey

from engine.games.perch.options import parse as perch_parse
from engine.games.pigeons.options import try_parse as pigeons_parse
from engine.games.stool.options import KNOCK, position_of
from tui.games.perch import TREE_ORDER
from tui.scenes import FOUR, Scene, game_scenes, make_table, scene_settings
from tui.screens.game import GameScreen, choice_keys_display
from tui.screenshots import SceneApp
from tui.widgets import KeyBook, PromptBar

PRESSES = 40

Thing = Callable[[str, Mapping[str, Any]], str | None]
"""The thing on the board an option is about (None: no thing), from the shown seat's
private view."""


def stool_thing(option_id: str, _private: Mapping[str, Any]) -> str | None:
    return position_of(option_id)


def pigeons_thing(option_id: str, private: Mapping[str, Any]) -> str | None:
    """The kind of card a card option uses (pick, play, a reaction, a sale)."""
    parsed = pigeons_parse(option_id)
    if parsed is None or parsed.card_id is None:
        return None
    cards = [*private.get("hand", ()), *private.get("search", ())]
    card = next((c for c in cards if c["id"] == parsed.card_id), None)
    if card is None:
        return None
    return f"{card['kind']}:{card.get('colour') or card.get('action') or ''}"


KEYED_SQUARES = frozenset(TREE_ORDER[1:26])
"""The squares of the tree with keys of their own (the others follow)."""


def perch_thing(option_id: str, _private: Mapping[str, Any]) -> str | None:
    parsed = perch_parse(option_id)
    if parsed.strength is not None:
        return f"strength {parsed.strength}"
    if parsed.from_start:
        return "start"
    if parsed.pos is not None and (parsed.verb == "branch" or parsed.pos in KEYED_SQUARES):
        return parsed.pos
    return None


async def play_and_note_keys(
    game: str, seats: tuple[tuple[str, str], ...], seed: int, thing: Thing
) -> dict[str, dict[str, list[str]]]:
    """Play ``PRESSES`` key presses; return each thing's keys, with the kind of each
    decision it was offered in on that key ({thing: {key: [kinds]}}).  Checks the
    footer after every press."""
    scenes = game_scenes(game)
    app = SceneApp(Scene(make_table(seats, seed, game=game), scene_settings()))
    seen: dict[str, dict[str, list[str]]] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        presses = 0
        for _ in range(4 * PRESSES):
            screen = app.screen
            if not isinstance(screen, GameScreen) or presses == PRESSES:
                break  # the game is over
            info = screen.prompt_info
            if info is None or not info.options or screen.shown_seat is None:
                await pilot.pause(0.05)
                continue
            presses += 1
            private = screen.table.view(screen.shown_seat)["private"]
            for option in info.options:
                what = thing(option.option_id, private)
                if what is not None and option.key is not None:
                    seen.setdefault(what, {}).setdefault(option.key, []).append(info.kind)
            ids = [o.option_id for o in info.options]
            # Never knock (Stool Pigeon): the game goes on, races and all.
            ids = [i for i in ids if i != KNOCK] or ids
            choice = scenes.choose_among(ids, info.kind)
            key = next(o.key for o in info.options if o.option_id == choice)
            assert key is not None
            await pilot.press(key)
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, GameScreen):
                # The footer changed in the same refresh as the prompt bar.
                now = screen.prompt_info
                assert screen.query_one(PromptBar).prompt == now
                footer = {k.description: k for k in screen.query(FooterKey)}
                keys = [o.key for o in now.options if o.key] if now is not None else []
                if keys:
                    assert footer["Choose"].key_display == choice_keys_display(keys)
    return seen


def assert_stable(seen: dict[str, dict[str, list[str]]]) -> None:
    moved = {what: sorted(keys) for what, keys in seen.items() if len(keys) > 1}
    assert not moved, f"things that changed key: {moved}"
    # Not vacuous: things were offered in several decisions.
    assert sum(len(kinds) > 1 for keys in seen.values() for kinds in keys.values()) >= 3, seen


async def test_a_crime_scene_position_keeps_its_key() -> None:
    """A1 is the same key in a swap and a Kingpin's choice (after its gifts, 1-3)."""
    seen = await play_and_note_keys("stool", FOUR, 1, stool_thing)
    assert_stable(seen)
    assert set(seen["A1"]["4"]) == {"swap", "kingpin"}  # after 1-3 (Draw, Pass, a gift)


async def test_a_kind_of_card_keeps_its_key() -> None:
    """A kind of card is the same key on a turn, in a pick and in a reaction."""
    seen = await play_and_note_keys("pigeons", FOUR, 1, pigeons_thing)
    assert_stable(seen)
    assert set(seen["action:trap"]["z"]) == {"pick", "window"}
    assert set(seen["action:miss_turn"]["w"]) == {"pick", "turn"}


async def test_a_square_of_the_tree_keeps_its_key() -> None:
    """A square (a cat there, a destination, a bird's spot), a branch and a strength
    token keep their keys."""
    seen = await play_and_note_keys("perch", (("Ann", "human"), ("Bob", "bot")), 1, perch_thing)
    assert_stable(seen)
    assert {"bird", "move"} <= set(seen["L2a"]["e"])  # a bird's spot, a cat's destination
    assert {"cat", "move"} <= set(seen["T1"]["3"])


def test_a_key_book_keeps_keys_by_thing_and_lets_the_others_follow() -> None:
    book = KeyBook(loose=1, keys="123456")
    first = book.keyed([("pass", "Pass", None), ("b", "B", "b"), ("a", "A", "a")], ["a", "b"])
    assert [(o.key, o.option_id) for o in first] == [("1", "pass"), ("2", "a"), ("3", "b")]
    # "a" gone: "b" keeps 3, 2 stays unused; a new thing takes the next key no one holds.
    second = book.keyed([("b", "B", "b"), ("c", "C", "c")])
    assert [(o.key, o.option_id) for o in second] == [("3", "b"), ("4", "c")]
    # Two options about one thing: the first has its key, the other follows (the loose
    # key first, then a key nobody holds, then one of a thing not offered).
    third = book.keyed(
        [("b2", "B twice", "b"), ("b1", "B and C", "b"), ("x", "X", None), ("y", "Y", None)]
    )
    assert [(o.key, o.option_id) for o in third] == [
        ("1", "x"),
        ("3", "b2"),
        ("5", "b1"),
        ("6", "y"),
    ]
    # More options than keys: the keys of things not offered are lent, then none is left.
    many = book.keyed([(f"o{i}", f"O{i}", None) for i in range(7)])
    assert [(o.key, o.option_id) for o in many] == [
        ("1", "o0"),
        ("2", "o3"),
        ("3", "o4"),
        ("4", "o5"),
        ("5", "o1"),
        ("6", "o2"),
        (None, "o6"),
    ]
    assert book.key_of("a") == "2" and book.key_of("c") == "4"  # lent, still theirs
