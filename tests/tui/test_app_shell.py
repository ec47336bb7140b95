"""The app shell: menu, rules, keys, quit question, themes, palette, resume.

The game screen is replaced by a small stand-in (``StandInGame``) so these tests
stay about the shell; one test starts the real game screen.  Every test runs with
``PURRCH_HOME`` in a temporary folder, so the real autosave is never touched.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.command import CommandPalette, SearchIcon
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList, Select, Static

from engine.core import RuleOption
from engine.games import REGISTRY, get_game
from engine.games.pigeons import PigeonsGame
from engine.session import SeatConfig, Table
from themes import THEME_NAMES
from tui.app import THEME_TITLES, PurrchApp
from tui.screens.keys import KeysScreen
from tui.screens.menu import MenuScreen
from tui.screens.quit import SAVED, SAVED_SSH, QuitScreen, ReplaceSaveScreen
from tui.screens.rules import RulesScreen
from tui.settings import Settings

SEED = 1234


class StandInGame(Screen[tuple[str, None]]):
    """Plays nothing: shows the seats; ``a`` / ``m`` dismiss like the real game over."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "finish('again')", "Again"),
        Binding("m", "finish('menu')", "Menu"),
    ]

    def __init__(self, table: Table, settings: Settings) -> None:
        super().__init__()
        self.table = table
        self.settings = settings
        self.pinged = 0

    def compose(self) -> ComposeResult:
        seats = ", ".join(f"{s.name} ({s.kind})" for s in self.table.seats)
        yield Static(f"Stand-in game, seed {self.table.seed}: {seats}", markup=False)

    def action_finish(self, choice: str) -> None:
        self.dismiss((choice, None))

    def palette_commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        return [("Ping the game", "A command of the game screen", self.ping)]

    def ping(self) -> None:
        self.pinged += 1


@pytest.fixture(autouse=True)
def purrch_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path))
    return tmp_path


def make_app(
    theme: str = "purrch-dark",
    table: Table | None = None,
    playable: Callable[[str], bool] | None = None,
    **settings: Any,
) -> PurrchApp:
    """The app with the stand-in game screen; ``playable`` as in the real app by default."""
    values: dict[str, Any] = {"theme": theme, "frozen": True, "bot_speed": "instant"}
    values.update(settings)
    extra = {} if playable is None else {"playable": playable}
    return PurrchApp(Settings(**values), table, seed=SEED, game_screen=StandInGame, **extra)


def a_table(autosave: Path | None = None) -> Table:
    seats = [SeatConfig("Ann", "human"), SeatConfig("Tom", "bot", "random")]
    return Table(
        "pigeons",
        seats,
        seed=7,
        options={"turn_limit": 40},
        autosave=autosave,
        window_seconds=None,
        bot_delay=(0, 0),
    )


def status_text(app: PurrchApp) -> str:
    return str(app.screen.query_one("#menu-status", Static).render())


def unfinished_save(path: Path) -> bytes:
    """Save a game of Ann and Tom that is not over at ``path``; its bytes."""
    table = a_table(autosave=path)
    table.run_bots()
    assert not table.is_over
    table.save(path)
    return path.read_bytes()


def finished_save(path: Path) -> None:
    """Save a game that is over (two bots played it to the end) at ``path``."""
    seats = [SeatConfig("Kit", "bot", "random"), SeatConfig("Tom", "bot", "random")]
    table = Table("pigeons", seats, seed=7, options={"turn_limit": 40}, window_seconds=None)
    table.run_bots()
    assert table.is_over
    table.save(path)


# --------------------------------------------------------------------------- snapshots


def test_menu_80x24(snap_compare: Any) -> None:
    """You should see the menu in the dark theme at 80x24: the game list on the left
    with Cats Among The Pigeons highlighted, Stool Pigeon (2-6 players) playable under
    it and the two other games greyed out as "coming soon", the buttons "Join a LAN
    game" and "Host a LAN game" and a short help text under it;
    on the right "Players 4", the seats
    "Player" (Human), Tom, Luna and Mochi (Bot: heuristic), the two rule options (rainbow
    pairs ticked, turn limit 300), bot speed and reaction window; Start at the bottom
    right; the footer with Games, Start, Quit, Rules, Keys, Theme and the palette."""
    assert snap_compare(make_app(), terminal_size=(80, 24))


def test_menu_120x40(snap_compare: Any) -> None:
    """You should see the same menu at 120x40, both panes together in the middle of the
    screen: the game list 30 columns wide, the seats pane 64 (not 90 for 50 columns of
    content), taller, nothing cut off, room to spare below the Table section."""
    assert snap_compare(make_app(), terminal_size=(120, 40))


def test_menu_six_players_80x24(snap_compare: Any) -> None:
    """You should see the menu at 80x24 with six seats (Player, Tom, Luna, Mochi, Felix,
    Nala), the second seat's name field focused (highlighted, with its help in the
    status line) and the seats pane scrolled so that the focused field is visible."""

    async def six(pilot: Pilot[None]) -> None:
        pilot.app.screen.query_one("#players", Select).value = 6
        await pilot.pause()
        pilot.app.screen.query_one("#seat-name-1", Input).focus()
        await pilot.pause()

    assert snap_compare(make_app(), run_before=six, terminal_size=(80, 24))


@pytest.mark.parametrize("theme", THEME_NAMES)
def test_menu_in_each_theme(snap_compare: Any, theme: str) -> None:
    """You should see the menu at 80x24 in the given theme (dark: amber on charcoal;
    light: dark text on cream; contrast: white and yellow on black), the game list
    focused, every label readable."""
    assert snap_compare(make_app(theme), terminal_size=(80, 24))


RULES_SAMPLE = """# Cats Among The Pigeons

Collect **seven pigeons of one colour** and have **no cat** in your hand.

## The cards

| cards | count | |
|---|---|---|
| Pigeons | 64 | 8 flocks of 8 |
| Cats | 8 | you cannot win with a cat in your hand |

## A turn

- play action cards;
- discard pairs of pigeons to draw;
- draw a card to end your turn.

""" + "\n".join(f"Line {n} of a long page." for n in range(1, 30))


def test_rules_screen(snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """You should see "Rules: Cats Among The Pigeons" on the top line, then a sample
    of rules Markdown rendered (a title, a line with bold words, "The cards" heading
    and a table), a scrollbar on the right because the page is long, and a footer
    with Escape to close.  (The sample stands in for RULES.md, which keeps changing.)"""
    monkeypatch.setattr(PigeonsGame, "rules_text", lambda _self: RULES_SAMPLE)
    assert snap_compare(make_app(), press=["f1"], terminal_size=(80, 24))


def test_keys_screen(snap_compare: Any) -> None:
    """You should see "Keys on this screen" and a table of the menu's keys: the
    menu's own (Tab, Escape: Games, Ctrl+S: Start...), then the ones that work
    everywhere (F1 Rules, ? Keys, Ctrl+T Theme, Ctrl+Q and q Quit, Ctrl+P palette),
    then the game list's arrows, each with what it does and where."""
    assert snap_compare(make_app(), press=["question_mark"], terminal_size=(80, 24))


def test_quit_question(snap_compare: Any) -> None:
    """You should see the dimmed menu behind a small box that asks "Quit Purrch?"
    with the buttons "Yes (y)" and "No (n)", No focused; the footer is the
    question's own: "y Yes, quit  n No, stay"."""
    assert snap_compare(make_app(), press=["q"], terminal_size=(80, 24))


def test_quit_question_during_a_game(snap_compare: Any, purrch_home: Path) -> None:
    """You should see the stand-in game screen dimmed behind the quit box, which
    says "Quit Purrch?" and "The game is saved and `purrch resume` continues it.";
    the footer reads "y Yes, quit  n No, stay", not the game's keys."""
    table = a_table(autosave=purrch_home / "autosave.json")
    assert snap_compare(make_app(table=table), press=["ctrl+q"], terminal_size=(80, 24))


def test_new_game_over_an_unfinished_save(snap_compare: Any, purrch_home: Path) -> None:
    """You should see the dimmed menu behind a small box that asks "Start a new
    game?" and says "Your unfinished game of Cats Among The Pigeons (Ann, Tom) will
    be replaced.", with the buttons "Yes (y)" and "No (n)", No focused; the footer
    reads "y Yes, start a new game  n No, back to the menu"."""
    unfinished_save(purrch_home / "autosave.json")
    assert snap_compare(make_app(), press=["ctrl+s"], terminal_size=(80, 24))


def test_resume_error(snap_compare: Any, purrch_home: Path) -> None:
    """You should see the menu with a "Resume last game" button under the game list
    and, in the status line at the bottom in the error colour, "Cannot resume:" and
    why the autosave is not a Purrch save (invalid JSON); no game started."""
    (purrch_home / "autosave.json").write_text("{oops", encoding="utf-8")
    assert snap_compare(make_app(), press=["ctrl+r"], terminal_size=(80, 24))


# --------------------------------------------------------------------------- pilots


async def test_the_menu_help_stays_whole_at_80x24_with_resume_and_replay(
    purrch_home: Path,
) -> None:
    """A saved game to resume and a finished one to replay: at 80x24 every button
    shows and the help under them is not cut off (the gaps close up); at 80x40 the
    gaps stay."""
    unfinished_save(purrch_home / "autosave.json")
    app = make_app()
    folder = app.settings.finished
    assert folder is not None
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "kept.json").write_text("{}", encoding="utf-8")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        for button in ("#resume", "#replays", "#join-lan", "#host-lan"):
            assert menu.query_one(button).display, button
        left = menu.query_one("#menu-left")
        help_text = menu.query_one("#menu-help", Static)
        assert help_text.size.height == 4  # its two sentences, wrapped to the column
        assert help_text.region.bottom <= left.region.bottom, (help_text.region, left.region)
        assert menu.has_class("-short")
        await pilot.resize_terminal(80, 40)
        await pilot.pause()
        assert not menu.has_class("-short")


async def test_enter_enter_starts_you_against_three_heuristic_bots(purrch_home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        games = app.screen.query_one("#games", OptionList)
        assert app.focused is games
        assert games.highlighted_option is not None
        assert games.highlighted_option.id == "pigeons"
        await pilot.press("enter")
        start = app.focused
        assert isinstance(start, Button) and start.id == "start"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StandInGame)
        table = app.screen.table
        assert app.table is table
        assert table.game.id == "pigeons"
        assert table.seed == SEED
        assert table.seats == [
            SeatConfig("Player", "human"),
            SeatConfig("Tom", "bot", "heuristic"),
            SeatConfig("Luna", "bot", "heuristic"),
            SeatConfig("Mochi", "bot", "heuristic"),
        ]
        assert table.options == {"rainbow_pairs": True, "turn_limit": 300}
        assert table.autosave_path == purrch_home / "autosave.json"
        assert table.window_seconds == 8.0
        assert table.bot_delay == (0.0, 0.0)


async def test_enter_enter_pushes_the_real_game_screen() -> None:
    game_screen = pytest.importorskip("tui.screens.game")
    app = PurrchApp(Settings(frozen=True, bot_speed="instant", window_seconds=None), seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, game_screen.GameScreen)
        assert [s.kind for s in app.screen.table.seats] == ["human", "bot", "bot", "bot"]


async def test_menu_seats_options_and_pace_make_the_table() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.query_one("#players", Select).value = 3
        await pilot.pause()
        assert not screen.query_one("#seat-3").display
        screen.query_one("#seat-name-0", Input).value = "Ann"
        screen.query_one("#seat-name-1", Input).value = ""  # takes the placeholder
        screen.query_one("#seat-kind-1", Select).value = "human"
        screen.query_one("#seat-kind-2", Select).value = "bot:random"
        screen.query_one("#option-turn_limit", Input).value = "90"
        screen.query_one("#bot-speed", Select).value = "fast"
        screen.query_one("#window", Select).value = 4.0
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StandInGame)
        table = app.screen.table
        assert table.seats == [
            SeatConfig("Ann", "human"),
            SeatConfig("Tom", "human"),
            SeatConfig("Luna", "bot", "random"),
        ]
        assert table.options["turn_limit"] == 90
        assert table.window_seconds == 4.0
        assert app.settings.bot_speed == "fast"
        assert table.bot_delay == (0.2, 0.5)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("#seat-name-1", "player", "both called"),
        ("#option-turn_limit", "", "whole number"),
    ],
)
async def test_menu_refuses_bad_input_with_a_message(field: str, value: str, message: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.query_one(field, Input).value = value
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.table is None
        assert message in status_text(app)


async def test_ctrl_t_cycles_the_three_themes() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        seen = [app.theme]
        for _ in THEME_NAMES:
            await pilot.press("ctrl+t")
            seen.append(app.theme)
        assert seen == [*THEME_NAMES, THEME_NAMES[0]]
        assert app.settings.theme == THEME_NAMES[0]


async def test_the_app_says_at_the_start_when_it_saves_in_another_file() -> None:
    """``purrch`` beside another Purrch saves elsewhere (see ``cli.autosave_claimed``)
    and says so when it opens."""
    notice = "Another Purrch app has autosave.json open: this one saves its games in ..."
    for given, expected in ((notice, [notice]), (None, [])):
        app = make_app(notice=given)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert [n.message for n in app._notifications if n.title == "Autosave"] == expected


async def test_a_first_game_says_the_autosave_notice_in_its_log_not_over_the_board() -> None:
    """``purrch play`` with an unfinished game kept aside: the notice is the first line of
    the game's log (a toast covered the board for seconds), control characters gone;
    no Autosave toast."""
    from tui.screens.game import GameScreen
    from tui.widgets.log_pane import LogPane

    settings = Settings(frozen=True, bot_speed="instant", notice="Kept in\x1b[31mx.json.")
    app = PurrchApp(settings, a_table(), seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert not [n for n in app._notifications if n.title == "Autosave"]
        first = app.screen.query_one(LogPane).feed[0]
        assert (
            first.kind == "notice" and first.text.startswith("Kept in") and "\x1b" not in first.text
        )


async def test_a_terminal_below_80x24_is_told_once_each_time_it_gets_too_small() -> None:
    app = make_app()

    def warnings() -> list[str]:
        return [n.message for n in app._notifications if n.title == "Too small"]

    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert warnings() == [
            "The terminal is 70x20: Purrch needs 80x24. "
            "Make the window bigger, or the font smaller."
        ]
        await pilot.resize_terminal(75, 20)  # still too small: not again
        await pilot.pause()
        assert len(warnings()) == 1
        app.clear_notifications()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.resize_terminal(100, 23)
        await pilot.pause()
        assert warnings() == [
            "The terminal is 100x23: Purrch needs 80x24. "
            "Make the window bigger, or the font smaller."
        ]


async def test_quit_asks_first() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")  # "No" has the focus: Enter alone stays
        assert isinstance(app.screen, MenuScreen)
        assert app.is_running
        await pilot.press("q", "y")
        await pilot.pause()
        assert not app.is_running


async def test_ctrl_q_twice_quits() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q", "ctrl+q")
        await pilot.pause()
        assert not app.is_running


async def test_q_in_a_name_field_types_a_q() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        field = app.screen.query_one("#seat-name-0", Input)
        field.focus()
        field.value = ""
        await pilot.press("q", "question_mark")
        assert field.value == "q?"
        assert isinstance(app.screen, MenuScreen)


async def test_quit_question_says_whether_the_game_is_saved(purrch_home: Path) -> None:
    saved = a_table(autosave=purrch_home / "autosave.json")
    app = make_app(table=saved)
    async with app.run_test(size=(80, 24)):
        assert app.quit_detail() == SAVED
    elsewhere = a_table(autosave=purrch_home / "other.json")
    app = make_app(table=elsewhere)
    async with app.run_test(size=(80, 24)):
        assert "purrch resume " in app.quit_detail() and "other.json" in app.quit_detail()
    app = make_app(table=a_table(autosave=None))
    async with app.run_test(size=(80, 24)):
        assert "not being saved" in app.quit_detail()


async def test_quit_question_in_an_ssh_session_names_the_menu_not_a_command(
    purrch_home: Path,
) -> None:
    """QA (issue 22): over the SSH door, quitting a game against bots said "`purrch
    resume` continues it", a command the player, who has only an ssh client, cannot
    run.  An SSH session's question names the way back it has: the same login name,
    then "Resume last game" (Ctrl+R) in the menu."""
    saved = a_table(autosave=purrch_home / "autosave.json")
    app = make_app(table=saved, ssh=True, lan=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.quit_detail() == SAVED_SSH
        assert "purrch" not in app.quit_detail() and "Ctrl+R" in app.quit_detail()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        detail = str(app.screen.query_one("#quit-detail", Static).render())
        assert "Resume last game" in detail and "purrch resume" not in detail


async def test_f1_shows_the_rules_and_escape_goes_back() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.rules_title == "Cats Among The Pigeons"
        assert app.screen.markdown == get_game("pigeons").rules_text()
        await pilot.press("pagedown", "escape")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("f1", "f1")  # F1 again closes too
        assert isinstance(app.screen, MenuScreen)


async def test_f1_during_a_game_shows_that_game() -> None:
    app = make_app(table=a_table())
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, StandInGame)
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, StandInGame)


async def test_keys_lists_the_bindings_of_the_screen_underneath() -> None:
    app = make_app(table=a_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, KeysScreen)
        rows = {(r.key, r.description, r.where) for r in app.screen.rows}
        assert ("a", "Again", "this screen") in rows
        assert ("m", "Menu", "this screen") in rows
        assert ("f1", "Rules", "everywhere") in rows
        assert ("^t", "Theme", "everywhere") in rows
        # Keys that do the same thing share a line: nothing is listed twice.
        assert ("^q, q", "Quit", "everywhere") in rows
        assert ("^p", "Command palette", "everywhere") in rows
        pairs = [(r.description, r.where) for r in app.screen.rows]
        assert len(pairs) == len(set(pairs))
        await pilot.press("question_mark")
        assert isinstance(app.screen, StandInGame)


async def test_every_app_binding_has_a_description_and_shows() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)):
        mine = [b for b in PurrchApp.BINDINGS if isinstance(b, Binding)]
        assert {b.action for b in mine} == {"rules", "keys", "chat", "cycle_theme", "quit"}
        assert all(b.description and b.show for b in mine)


async def test_again_starts_the_same_table_with_the_next_seed(purrch_home: Path) -> None:
    first = a_table(autosave=purrch_home / "autosave.json")
    app = make_app(table=first)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, StandInGame)
        again = app.screen.table
        assert again is not first and app.table is again
        assert again.seed == first.seed + 1
        assert again.seats == first.seats
        assert again.options == first.options
        assert again.autosave_path == first.autosave_path
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.table is None
        assert app.focused is app.screen.query_one("#games", OptionList)


async def test_the_menu_after_a_cli_game_keeps_its_seats() -> None:
    app = make_app(table=a_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.screen.query_one("#players", Select).value == 2
        assert app.screen.query_one("#seat-name-0", Input).value == "Ann"
        assert app.screen.query_one("#option-turn_limit", Input).value == "40"


async def test_resume_a_corrupt_autosave_shows_the_error(purrch_home: Path) -> None:
    path = purrch_home / "autosave.json"
    path.write_text("{oops", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        resume = app.screen.query_one("#resume", Button)
        assert resume.display
        resume.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.table is None
        text = status_text(app)
        assert text.startswith("Cannot resume:")
        assert "not a Purrch save" in text
        assert path.read_text(encoding="utf-8") == "{oops"  # left as it was


async def test_resume_the_autosave(purrch_home: Path) -> None:
    path = purrch_home / "autosave.json"
    saved = a_table(autosave=path)
    saved.run_bots()
    saved.save(path)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, StandInGame)
        assert app.screen.table.to_json()["state"] == saved.to_json()["state"]
        assert app.screen.table.autosave_path == path


async def test_new_game_over_an_unfinished_save_asks_first(purrch_home: Path) -> None:
    path = purrch_home / "autosave.json"
    before = unfinished_save(path)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#resume", Button).display
        await pilot.press("enter", "enter")  # Enter Enter: start
        await pilot.pause()
        assert isinstance(app.screen, ReplaceSaveScreen)
        assert app.table is None
        assert app.screen.question == "Start a new game?"
        assert app.screen.detail == (
            "Your unfinished game of Cats Among The Pigeons (Ann, Tom) will be replaced."
        )
        question = drawn_text(app.screen)
        assert "Start a new game?" in question
        assert "Yes (y)" in question and "No (n)" in question
        await pilot.press("enter")  # "No" has the focus: Enter alone keeps the save
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.table is None
        assert path.read_bytes() == before
        for answer in ("escape", "n", "y"):  # no, no, then yes
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, ReplaceSaveScreen)
            await pilot.press(answer)
            await pilot.pause()
            if answer != "y":
                assert isinstance(app.screen, MenuScreen)
                assert app.table is None
                assert path.read_bytes() == before
                assert app.screen.query_one("#resume", Button).display
        await pilot.pause()
        assert isinstance(app.screen, StandInGame)
        table = app.screen.table
        assert app.table is table
        assert [s.name for s in table.seats] == ["Player", "Tom", "Luna", "Mochi"]
        assert table.autosave_path == path
        # Saved before its first move: quitting now keeps it, and the old game is gone.
        assert Table.load(path).to_json() == table.to_json()


async def test_new_game_over_a_corrupt_save_asks_first(purrch_home: Path) -> None:
    path = purrch_home / "autosave.json"
    path.write_text("{oops", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ReplaceSaveScreen)
        assert app.screen.detail.startswith("The saved game cannot be loaded (")
        assert "not a Purrch save" in app.screen.detail
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert path.read_text(encoding="utf-8") == "{oops"


async def test_new_game_without_a_save_asks_nothing(purrch_home: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StandInGame)
        saved = Table.load(purrch_home / "autosave.json")  # saved from the start
        assert saved.to_json() == app.screen.table.to_json()


async def test_new_game_over_a_finished_save_asks_nothing(purrch_home: Path) -> None:
    finished_save(purrch_home / "autosave.json")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StandInGame)


async def test_a_finished_game_is_not_offered_to_resume(purrch_home: Path) -> None:
    finished_save(purrch_home / "autosave.json")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert not app.screen.query_one("#resume", Button).display
        resume = app.active_bindings.get("ctrl+r")
        assert resume is None or not resume.enabled
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.table is None


async def test_the_menu_reads_the_autosave_again_only_once_it_changed(
    purrch_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = purrch_home / "autosave.json"
    unfinished_save(path)
    loads: list[Path] = []
    real_load = Table.load

    def counting_load(where: Path, **kwargs: Any) -> Table:
        loads.append(Path(where))
        return real_load(where, **kwargs)

    monkeypatch.setattr(Table, "load", counting_load)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, MenuScreen)
        await pilot.press("tab", "tab", "shift+tab")  # the footer asks about Ctrl+R again
        await pilot.pause()
        for _ in range(3):
            saved = screen.saved_game()
            assert saved is not None and not saved.over
        assert loads == [path]
        finished_save(path)
        saved = screen.saved_game()
        assert saved is not None and saved.over
        assert loads == [path, path]
        await pilot.press("question_mark", "escape")  # the menu resumes: reads it once
        await pilot.pause()
        assert app.screen is screen
        assert not screen.query_one("#resume", Button).display
        assert loads == [path, path]


async def test_no_autosave_no_resume_button() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.screen.query_one("#resume", Button).display
        await pilot.press("ctrl+r")
        assert isinstance(app.screen, MenuScreen)


async def test_palette_has_the_app_commands_and_the_screens_own() -> None:
    app = make_app(table=a_table())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, StandInGame)
        titles = [title for title, _help, _run in app.palette_commands(screen)]
        for title in ("New game", "Rules", "Keys", "Switch theme", "Quit", "Ping the game"):
            assert title in titles
        await pilot.press("ctrl+p")
        await pilot.press(*"ping")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.pinged == 1
        await pilot.press("ctrl+p")
        await pilot.press(*"switch theme")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == THEME_NAMES[1]


async def test_new_game_from_the_palette_goes_back_to_the_menu() -> None:
    app = make_app(table=a_table())
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_new_game()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.table is None


async def test_ascii_mode_keeps_keys_and_the_palette_ascii() -> None:
    app = make_app(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, KeysScreen)
        keys = [row.key for row in app.screen.rows]
        assert "up" in keys and "enter" in keys
        assert all(key.isascii() for key in keys)
        await pilot.press("escape", "ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one(SearchIcon).icon == ">"


def drawn_text(screen: Screen[Any]) -> str:
    """Every character a screen draws, borders included."""
    lines: list[str] = []
    for widget in [screen, *screen.query("*")]:
        if widget.region.area:
            lines.extend(strip.text for strip in widget.render_lines(widget.region.reset_offset))
    return "\n".join(lines)


async def test_ascii_mode_draws_the_menu_and_the_quit_question_in_ascii() -> None:
    """Borders, the lists' arrows and the check boxes too: only the game titles may
    hold other letters ("Chat perché")."""
    from textual.widgets import Checkbox

    app = make_app(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = drawn_text(app.screen)
        assert set(c for c in text if not c.isascii()) <= {"é"}, text
        assert "+- Game" in text and "[X]" in text and " v" in text
        box = app.screen.query(Checkbox).first()
        box.value = False
        await pilot.pause()
        assert "[ ]" in drawn_text(app.screen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        text = drawn_text(app.screen)
        assert set(c for c in text if not c.isascii()) <= {"é"} and "+---" in text


async def test_a_check_box_shows_its_state_without_colour() -> None:
    from textual.widgets import Checkbox

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query(Checkbox).first()

        def drawn() -> str:
            return "".join(s.text for s in box.render_lines(box.region.reset_offset))

        assert box.value and "X" in drawn()
        box.value = False
        await pilot.pause()
        assert "X" not in drawn() and drawn().strip(" ▐▌") == ""


class ToyGame(PigeonsGame):
    """Cats Among The Pigeons under another name, for a menu with two games."""

    id = "toy"
    title = "Toy Pigeons"
    max_players = 3
    bot_levels = ("random",)
    default_bot = "random"
    options = (
        *PigeonsGame.options,
        RuleOption("pace", "Pace of the toy", "slow", "How fast it goes.", ("slow", "fast")),
    )


async def test_choosing_another_game_rebuilds_the_seats_and_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(REGISTRY, "toy", ToyGame())
    app = make_app(playable=lambda game_id: game_id in ("pigeons", "toy"))
    async with app.run_test(size=(80, 24)) as pilot:
        games = app.screen.query_one("#games", OptionList)
        while games.highlighted_option is None or games.highlighted_option.id != "toy":
            await pilot.press("down")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MenuScreen)
        assert screen.current_game().id == "toy"
        players = screen.query_one("#players", Select)
        assert players.value == 3
        assert len(screen.query(".seat")) == 3
        kind = screen.query_one("#seat-kind-1", Select)
        assert kind.value == "bot:random"
        screen.query_one("#option-pace", Select).value = "fast"
        await pilot.press("enter")  # the game list: on to Start
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StandInGame)
        table = app.screen.table
        assert table.game.id == "toy"
        assert table.options["pace"] == "fast"
        assert [s.name for s in table.seats] == ["Player", "Tom", "Luna"]
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.rules_title == "Toy Pigeons"


async def highlight(pilot: Pilot[None], game_id: str) -> None:
    """Move the menu's game list to ``game_id`` with the arrows (the order is the menu's)."""
    games = pilot.app.screen.query_one("#games", OptionList)
    ids = [games.get_option_at_index(i).id for i in range(games.option_count)]
    assert game_id in ids, ids
    key = "down" if ids.index(game_id) > (games.highlighted or 0) else "up"
    for _ in range(len(ids)):
        if games.highlighted_option is not None and games.highlighted_option.id == game_id:
            break
        await pilot.press(key)
    await pilot.pause()
    assert games.highlighted_option is not None and games.highlighted_option.id == game_id


async def test_what_was_set_for_a_game_stays_when_another_is_looked_at() -> None:
    """A turn limit typed for pigeons and a seat renamed are still there after a look
    at Chat perché, which shows no reactions' countdown (it has no windows)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, MenuScreen)
        screen.query_one("#option-turn_limit", Input).value = "12"
        screen.query_one("#seat-name-1", Input).value = "Zed"
        assert screen.query_one("#window-row").display
        await highlight(pilot, "perch")
        assert screen.current_game().id == "perch"
        assert not screen.query_one("#window-row").display
        await highlight(pilot, "pigeons")
        assert screen.query_one("#option-turn_limit", Input).value == "12"
        assert screen.query_one("#seat-name-1", Input).value == "Zed"
        assert screen.query_one("#window-row").display


async def test_a_bad_rule_option_is_named_as_the_menu_labels_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await highlight(pilot, "perch")
        app.screen.query_one("#option-dog_track", Input).value = "99"
        await pilot.press("ctrl+s")
        await pilot.pause()
        text = status_text(app)
        assert "Length of the dogs' track" in text and "must be from 3 to 40" in text
        assert "dog_track" not in text


async def test_ctrl_t_says_the_name_of_the_theme_it_switched_to() -> None:
    app = make_app()

    async def says(expected: str) -> bool:
        # A notice is a message to the app: it lands a pass or more later.
        for _ in range(50):
            said = [n.message for n in app._notifications]
            if said and said[-1] == expected:
                return True
            await pilot.pause(0.02)
        return False

    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(2):
            before = app.theme
            await pilot.press("ctrl+t")
            assert app.theme != before
            assert await says(f"Theme: {THEME_TITLES[app.theme]}")


async def test_the_menus_drop_down_lists_are_built_when_first_opened() -> None:
    from textual.widgets._select import SelectOverlay

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert len(app.screen.query(SelectOverlay)) == 0
        kind = app.screen.query_one("#seat-kind-1", Select)
        kind.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert kind.expanded and isinstance(app.focused, SelectOverlay)
        await pilot.press("up", "enter")
        await pilot.pause()
        assert kind.value == "bot:random" and not kind.expanded
