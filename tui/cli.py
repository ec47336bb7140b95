"""The ``purrch`` command: the app, rules in the shell, bot-vs-bot simulations.

``purrch`` opens the app's menu, ``purrch play GAME`` starts a game at once and
``purrch resume [FILE]`` continues the autosaved one.  Textual is imported only
inside :func:`run_app`, after every argument has been checked, so bad input is
one ``error: ...`` line and exit 2 with nothing started, and ``purrch rules`` /
``purrch simulate`` never load it.  Rich and typer are the CLI's own business and
never reach the engine.  Game modules are imported only by the commands that
need them, so ``purrch --help`` stays quick and works even if a game fails to import.
"""

from __future__ import annotations

import contextlib
import copy
import json
import shutil
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, cast

import typer

from door import DEFAULT_MAX_PER_ADDRESS, DEFAULT_MAX_SESSIONS, DEFAULT_SSH_PORT
from engine import __version__, invocation

if TYPE_CHECKING:
    from door.ssh import DoorConfig
    from engine.game import Game
    from engine.session import SeatConfig, Table
    from tui.screens.demo import DemoSpec
    from tui.screens.replay import ReplaySpec
    from tui.settings import Settings

"""Bot levels a game offers when it does not say (``game.bot_levels``)."""

app = typer.Typer(
    name="purrch",
    help="Purrch: four cat-and-pigeon tabletop games in the terminal.",
    add_completion=False,
    no_args_is_help=False,
    pretty_exceptions_show_locals=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


# --------------------------------------------------------------------------- helpers


def fail(message: str, code: int = 2) -> NoReturn:
    """Print one ``error: ...`` line on stderr and leave with ``code`` (2: bad usage)."""
    line = " ".join(message.split())
    typer.echo(f"error: {line}", err=True)
    raise typer.Exit(code=code)


def load_game(game_id: str) -> Game[Any]:
    """The registered game ``game_id``, or a one-line error (exit 2)."""
    from engine.games import PLANNED, REGISTRY, get_game

    if game_id not in REGISTRY and game_id in PLANNED:
        playable = ", ".join(sorted(REGISTRY))
        fail(f"{PLANNED[game_id]} ({game_id!r}) is not playable yet (playable: {playable})")
    try:
        return get_game(game_id)
    except ValueError as exc:
        fail(str(exc))


def bot_levels(game: Game[Any]) -> tuple[str, ...]:
    return game.bot_levels


def parse_bots(
    game: Game[Any], spec: str | None, players: int, seats: str = "players"
) -> list[str]:
    """One level per seat from ``--bots`` (one level for all, or exactly one per seat).

    ``seats`` names what ``players`` counts in the error message ("bot seats"...).
    """
    known = bot_levels(game)
    if spec is None:
        spec = game.default_bot
    levels = [part.strip() for part in spec.split(",")]
    for level in levels:
        if level not in known:
            fail(f"unknown bot level {level!r} for {game.title} (known: {', '.join(known)})")
    if len(levels) == 1:
        return levels * players
    if len(levels) != players:
        fail(
            f"--bots lists {len(levels)} levels for {players} {seats}: "
            f"give one level for all of them, or exactly {players}"
        )
    return levels


def terminal_width(limit: int = 100) -> int:
    return max(20, min(shutil.get_terminal_size((80, 24)).columns, limit))


# --------------------------------------------------------------------------- simulation


class SimulationError(RuntimeError):
    """A simulated game went wrong (it did not end, or a bot broke the rules)."""


@dataclass
class SeriesResult:
    game: str
    title: str
    players: int
    games: int
    seed: int
    bots: list[str]
    names: list[str]
    steps: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    winning_scores: list[int] = field(default_factory=list)
    """The best score of each game that has scores."""

    def winning_score(self) -> dict[str, float] | None:
        """Mean, spread (population standard deviation), lowest and highest of the
        winning scores; None for a game without scores."""
        scores = self.winning_scores
        if not scores:
            return None
        return {
            "mean": round(statistics.fmean(scores), 2),
            "stdev": round(statistics.pstdev(scores), 2),
            "min": min(scores),
            "max": max(scores),
        }

    @property
    def avg_steps(self) -> float:
        return self.steps / self.games if self.games else 0.0

    @property
    def answers_per_second(self) -> float:
        return self.steps / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "steps": self.steps,
            "seconds": round(self.seconds, 4),
            "wins": list(self.wins),
            "draws": self.draws,
            "avg_steps": round(self.avg_steps, 2),
            "winning_score": self.winning_score(),
        }


def play_one(game: Game[Any], names: list[str], levels: list[str], seed: int) -> tuple[Any, int]:
    """Play one all-bot game on a :class:`engine.session.Table`.

    Returns ``(outcome, answers applied)``; raises :class:`SimulationError` if
    ``run_bots`` returns with the game still open.
    """
    from engine.session import SeatConfig, Table

    seats = [SeatConfig(name, "bot", level) for name, level in zip(names, levels, strict=True)]
    table = Table(game, seats, seed=seed, window_seconds=None, bot_delay=(0, 0))
    answers = 0

    def count(_events: Any) -> None:
        # The table notifies its subscribers once per applied answer.
        nonlocal answers
        answers += 1

    table.subscribe(count)
    table.run_bots()
    outcome = game.outcome(table.state)
    if outcome is None:
        raise SimulationError(
            f"the game with seed {seed} did not end: run_bots() stopped "
            f"after {answers} answers with the game still open"
        )
    return outcome, answers


def simulate_series(
    game: Game[Any],
    levels: list[str],
    games: int,
    seed: int,
    on_game: Callable[[int], None] | None = None,
) -> SeriesResult:
    """Play ``games`` all-bot games; game ``g`` uses ``seat_seed(seed, g)``."""
    from engine.core import seat_seed

    players = len(levels)
    names = [f"Bot {i + 1}" for i in range(players)]
    result = SeriesResult(
        game=game.id,
        title=game.title,
        players=players,
        games=games,
        seed=seed,
        bots=list(levels),
        names=names,
        wins=[0] * players,
    )
    start = time.perf_counter()
    for g in range(games):
        game_seed = seat_seed(seed, g)
        try:
            outcome, answers = play_one(game, names, levels, game_seed)
        except SimulationError as exc:
            raise SimulationError(f"game {g + 1} of {games}: {exc}") from None
        result.steps += answers
        if outcome.scores:
            result.winning_scores.append(max(outcome.scores))
        if outcome.is_draw:
            result.draws += 1
        for seat in set(outcome.winners):
            result.wins[seat] += 1
        if on_game is not None:
            on_game(g)
    result.seconds = time.perf_counter() - start
    return result


def print_series(result: SeriesResult) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table as RichTable

    console = Console(width=terminal_width())
    console.print(
        f"[bold]{result.title}[/bold]: {result.games} games, "
        f"{result.players} players, seed {result.seed}",
        highlight=False,
    )
    seats = RichTable(box=box.SIMPLE_HEAD)
    seats.add_column("Seat", justify="right")
    seats.add_column("Name")
    seats.add_column("Bot")
    seats.add_column("Wins", justify="right")
    seats.add_column("Win %", justify="right")
    for i, (name, level, wins) in enumerate(
        zip(result.names, result.bots, result.wins, strict=True)
    ):
        seats.add_row(str(i + 1), name, level, str(wins), f"{100 * wins / result.games:.1f}")
    console.print(seats)

    summary = RichTable.grid(padding=(0, 2))
    summary.add_column(style="bold")
    summary.add_column(justify="right")
    summary.add_row("draws", str(result.draws))
    summary.add_row("games", str(result.games))
    summary.add_row("steps", str(result.steps))
    summary.add_row("avg steps", f"{result.avg_steps:.1f}")
    best = result.winning_score()
    if best is not None:
        summary.add_row(
            "winning score",
            f"{best['mean']:.1f} ± {best['stdev']:.1f} ({best['min']:g} to {best['max']:g})",
        )
    summary.add_row("seconds", f"{result.seconds:.2f}")
    summary.add_row("answers/s", f"{result.answers_per_second:,.0f}")
    console.print(summary)


# --------------------------------------------------------------------------- the app

ThemeOption = Annotated[
    str | None,
    typer.Option(
        "--theme",
        "-t",
        help="Colour theme: dark, light or contrast (purrch-dark... also work).",
        show_default=False,
    ),
]
AuthorizedKeysOption = Annotated[
    Path | None,
    typer.Option(
        "--authorized-keys",
        help="SSH door: only these public keys may log in (an OpenSSH authorized_keys file).",
        show_default=False,
    ),
]
OpenOption = Annotated[
    bool,
    typer.Option("--open", help="SSH door: let anyone who reaches the port in, with no login."),
]
MaxSessionsOption = Annotated[
    int, typer.Option("--max-sessions", help="SSH door: most sessions at once.")
]
MaxPerAddressOption = Annotated[
    int,
    typer.Option(
        "--max-per-address", help="SSH door: most sessions at once from one source address."
    ),
]
BotSpeedOption = Annotated[
    str | None,
    typer.Option(
        "--speed",
        help="Bot speed: instant, fast, normal, slow (default: normal).",
        show_default=False,
    ),
]
"""``--speed`` of the commands that seat bots (``play``, ``learn``)."""

AsciiOption = Annotated[
    bool,
    typer.Option("--ascii", help="Plain ASCII symbols (also used when the locale is not UTF-8)."),
]


HUMANS = "your login name, or Player"
"""``play --humans``'s default in its help, until :func:`help_for_here` names it."""


def check_theme(theme: str | None) -> str:
    """The full theme name for ``--theme`` (``light`` is ``purrch-light``); without
    it, the theme last chosen in the app, else the default."""
    from themes import DEFAULT_THEME, THEME_NAMES
    from tui.settings import remembered_theme

    if theme is None:
        kept = remembered_theme()
        return kept if kept in THEME_NAMES else DEFAULT_THEME
    for name in (theme, f"purrch-{theme}"):
        if name in THEME_NAMES:
            return name
    known = ", ".join(name.removeprefix("purrch-") for name in THEME_NAMES)
    fail(f"unknown theme {theme!r} (known: {known})")


_root_options: dict[str, Any] = {}
"""``--theme`` and ``--ascii`` as given before the command (``purrch --ascii
play``): set by :func:`root`, which runs first on every invocation."""


def make_settings(
    theme: str | None,
    ascii_only: bool,
    speed: str | None = None,
    window: float | None = None,
) -> Settings:
    """Checked settings for the app (``fail`` on a bad value).  ``--theme`` and
    ``--ascii`` given before the command (``purrch --ascii join ...``) count as
    well; the command's own ``--theme`` wins."""
    from themes import utf8_terminal
    from tui.settings import BOT_SPEEDS, Settings

    root = _root_options
    if theme is None:
        theme = root.get("theme")
    settings = Settings(
        theme=check_theme(theme),
        ascii=ascii_only or bool(root.get("ascii_only")) or not utf8_terminal(),
        remember_theme=True,
    )
    if speed is not None:
        if speed not in BOT_SPEEDS:
            fail(f"unknown speed {speed!r} (known: {', '.join(BOT_SPEEDS)})")
        settings.bot_speed = speed
    if window is not None:
        if not window >= 0 or window == float("inf"):
            fail(f"--window must be 0 (no countdown) or a number of seconds, not {window}")
        settings.window_seconds = None if window == 0 else window
    return settings


def run_app(
    settings: Settings,
    table: Table | None,
    demo: DemoSpec | None = None,
    *,
    replay: ReplaySpec | None = None,
    replays: bool = False,
    learn: bool = False,
) -> None:
    """Run the Textual app (the menu, or ``table``'s game, or ``demo``, or ``replay``,
    or the list of finished games).  The one place textual loads."""
    from tui.app import PurrchApp
    from tui.settings import autosave_path

    app = PurrchApp(settings, table, demo=demo, replay=replay, replays=replays, learn=learn)
    app.run()
    left = app.table
    path = None if left is None else left.autosave_path
    if left is not None and not left.is_over and path is not None:
        if left.autosave_error:
            typer.echo(f"warning: {left.autosave_error}", err=True)
        elif path == autosave_path():
            typer.echo(f"Saved. `{invocation.command('resume')}` continues the game ({path}).")
        else:
            typer.echo(f"Saved. `{invocation.command('resume', str(path))}` continues the game.")
    if app.exit_note:
        typer.echo(app.exit_note)
    if app.return_code:  # the app failed (Textual printed why): not a clean exit
        raise typer.Exit(code=app.return_code)


@contextlib.contextmanager
def autosave_claimed(
    settings: Settings, *, resuming: bool = False, saved_first: bool = False
) -> Iterator[None]:
    """Hold the lock of ``settings.autosave`` while the app may write it: one app per
    save file.  Another Purrch playing on it: a new game saves to the next free
    ``autosave-N.json`` (``settings.autosave`` changes, and ``settings.notice`` says
    so); resuming it is refused.  ``saved_first`` (the menu): a free file holding a
    game not over is taken first, the last saved first, so that the menu offers it.
    A folder that cannot hold the lock locks nothing (the autosave itself then
    reports what is wrong)."""
    from engine.savefile import SaveInUse
    from tui.seating import OTHER_AUTOSAVES, claim_autosave

    path = settings.autosave
    if path is None:
        yield
        return
    # A link to a save: the save itself (one lock, and the link is not replaced by
    # a copy of the game that then goes its own way).
    path = settings.autosave = path.resolve()
    try:
        lock, claimed, taken = claim_autosave(path, elsewhere=not resuming, saved_first=saved_first)
    except SaveInUse as exc:
        holder = f" ({exc.holder})" if exc.holder else ""
        if resuming:
            fail(
                f"the game saved in {path} is open in another Purrch{holder}: "
                "carry on there, or quit that one first",
                code=1,
            )
        fail(
            f"{1 + OTHER_AUTOSAVES} other Purrch apps are playing games saved in "
            f"{path.parent}: quit one first",
            code=1,
        )
    except OSError:
        yield
        return
    settings.autosave = claimed
    if taken:
        shown = [p.name for p in taken]
        names = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"
        who = "Another Purrch app has" if len(taken) == 1 else "Other Purrch apps have"
        settings.notice = f"{who} {names} open: this one saves its games in {claimed.name}."
    elif claimed != path:
        where = claimed.name
        settings.notice = f"Your last game is saved in {where}: this app goes on saving there."
    try:
        yield
    finally:
        lock.release()


def check_playable(game: Game[Any]) -> None:
    """``fail`` unless the app has a screen for ``game`` (its engine may come first)."""
    from tui.seating import has_screen

    if not has_screen(game.id):
        fail(
            f"{game.title} cannot be played in the app yet "
            f"(try `{invocation.command('simulate', game.id)}` "
            f"or `{invocation.command('rules', game.id)}`)"
        )


def parse_humans(text: str | None) -> list[str]:
    """``Ann,Bob`` into names; the local player's (:func:`default_human`) when not given."""
    from tui.seating import default_human

    if text is None:
        return [default_human()]
    names = [part.strip() for part in text.split(",")]
    if any(not name for name in names):
        fail(f"--humans has an empty name in {text!r}: give names separated by commas")
    return names


def play_seats(
    game: Game[Any], players: int | None, humans: list[str], bots: str | None
) -> list[SeatConfig]:
    """Humans in the first seats, then bots named after cats (``fail`` on bad input)."""
    from engine.game import players_text
    from engine.session import SeatConfig
    from tui.seating import bot_names, check_seat_names, default_level, default_players

    if players is None:
        players = max(default_players(game), len(humans))
    if not game.min_players <= players <= game.max_players:
        fail(f"{game.title} takes {players_text(game)}, not {players}")
    if len(humans) > players:
        fail(f"{len(humans)} humans do not fit at a table of {players} players")
    n_bots = players - len(humans)
    levels = parse_bots(game, bots or default_level(game), n_bots, seats="bot seats")
    seats = [SeatConfig(name, "human") for name in humans]
    for name, level in zip(bot_names(humans, n_bots), levels, strict=True):
        seats.append(SeatConfig(name, "bot", level))
    try:
        check_seat_names([s.name for s in seats])
    except ValueError as exc:
        fail(str(exc))
    return seats


# --------------------------------------------------------------------------- commands


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit."),
    ] = False,
    theme: ThemeOption = None,
    ascii_only: AsciiOption = False,
) -> None:
    """Purrch: four cat-and-pigeon tabletop games in the terminal.

    With no command, opens the menu.  Try `purrch play pigeons`, `purrch rules pigeons`
    or `purrch simulate pigeons --players 4 --games 20`.
    """
    if version:  # a flag, after the words are parsed: "--version true" is refused
        typer.echo(f"purrch {__version__}")
        raise typer.Exit()
    _root_options.clear()
    _root_options.update(theme=theme, ascii_only=ascii_only)
    if ctx.invoked_subcommand is None:
        settings = make_settings(theme, ascii_only)
        with autosave_claimed(settings, saved_first=True):
            run_app(settings, None)


@app.command()
def rules(
    game: Annotated[str, typer.Argument(help="Game id, e.g. pigeons.", show_default=False)],
    plain: Annotated[
        bool, typer.Option("--plain", help="Print the raw Markdown instead of rendering it.")
    ] = False,
) -> None:
    """Show a game's rules (and the readings this app chose) in the terminal."""
    chosen = load_game(game)
    text = chosen.rules_text()
    if plain:
        typer.echo(text.rstrip("\n"))
        return
    from rich.console import Console
    from rich.markdown import Markdown

    Console(width=terminal_width()).print(Markdown(text))


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="Game id, e.g. pigeons.", show_default=False)],
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-p", help="Number of seats (default: 4, or the nearest the game takes)."
        ),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-g", help="How many games to play.")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the series (0 or more).")] = 0,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="Bot level for every seat (random, heuristic), "
            "or one per seat: random,heuristic,... (default: heuristic).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object on stdout and nothing else.")
    ] = False,
) -> None:
    """Play games between bots and show who wins how often."""
    from engine.game import players_text

    chosen = load_game(game)
    if players is None:
        players = max(chosen.min_players, min(4, chosen.max_players))
    if not chosen.min_players <= players <= chosen.max_players:
        fail(f"{chosen.title} takes {players_text(chosen)}, not {players}")
    if games < 1:
        fail(f"--games must be at least 1, not {games}")
    if seed < 0:
        fail(f"--seed must be 0 or more, not {seed}")
    levels = parse_bots(chosen, bots, players)

    try:
        if as_json:
            result = simulate_series(chosen, levels, games, seed)
        else:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            with Progress(
                TextColumn("[progress.description]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=Console(stderr=True),
                transient=True,
            ) as progress:
                task = progress.add_task(f"{chosen.title}", total=games)
                result = simulate_series(
                    chosen, levels, games, seed, on_game=lambda _g: progress.advance(task)
                )
    except SimulationError as exc:
        fail(str(exc), code=1)

    if as_json:
        typer.echo(json.dumps(result.to_json()))
    else:
        print_series(result)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game id, e.g. pigeons.", show_default=False)],
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Number of seats (default: 4, or the nearest the game takes).",
            show_default=False,
        ),
    ] = None,
    humans: Annotated[
        str | None,
        typer.Option(
            "--humans",
            "-H",
            help=f"Names of the humans, who take the first seats: Ann,Bob (default: {HUMANS}).",
            show_default=False,
        ),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="Bot level for every bot seat (pigeons: random, heuristic), "
            "or one per bot: random,heuristic,... (default: the game's usual bot).",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", "-s", help="Seed of the deal (default: a random one).", show_default=False
        ),
    ] = None,
    theme: ThemeOption = None,
    ascii_only: AsciiOption = False,
    speed: BotSpeedOption = None,
    window: Annotated[
        float | None,
        typer.Option(
            "--window",
            help="Seconds a reaction window stays open; 0: until everyone asked answers "
            "(default: 8).",
            show_default=False,
        ),
    ] = None,
    ask_always: Annotated[
        bool,
        typer.Option(
            "--ask-always",
            help="Ask at every reaction window, even when you hold nothing to react with "
            "(alone against bots, Purrch otherwise lets it happen for you at once).",
        ),
    ] = False,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="A rule option, key=value (repeat it); `purrch rules GAME` lists them.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Start a game at once: humans take the first seats, bots named after cats the rest."""
    chosen = load_game(game)
    check_playable(chosen)
    if seed is not None and seed < 0:
        fail(f"--seed must be 0 or more, not {seed}")
    names = parse_humans(humans)
    seats = play_seats(chosen, players, names, bots)
    from tui.seating import build_table, parse_options

    try:
        options = parse_options(chosen, option or [])
    except ValueError as exc:
        fail(str(exc))
    settings = make_settings(theme, ascii_only, speed, window)
    if ask_always:
        settings.auto_pass = False
    run_new_table(
        settings, lambda: build_table(chosen, seats, settings, seed=seed, options=options)
    )


def run_new_table(settings: Settings, build: Callable[[], Table], *, learn: bool = False) -> None:
    """Build a new table under the autosave's lock and play it (``learn``: the guided
    game); an unfinished game in the autosave is kept aside first, and said so."""
    from tui.seating import keep_unfinished_save

    with autosave_claimed(settings):
        try:
            table = build()
        except (ValueError, LookupError) as exc:
            fail(str(exc))
        kept = keep_unfinished_save(settings.autosave)
        line = None
        if kept is not None:
            where, what, command = kept
            then = f": `{command}` continues it" if command else ""
            line = f"Your unfinished game ({what}) is kept in {where}{then}."
            # Said in the app (a line printed now is hidden by its screen until it
            # quits), and again once it has quit, where it stays in the scrollback.
            settings.notice = "\n".join(filter(None, [settings.notice, line]))
        try:
            run_app(settings, table, learn=learn)
        finally:
            if line is not None:
                typer.echo(line, err=True)


@app.command()
def learn(
    game: Annotated[str, typer.Argument(help="Game id, e.g. stool.", show_default=False)],
    name: Annotated[
        str | None,
        typer.Option("--name", "-n", help=f"Your name (default: {HUMANS}).", show_default=False),
    ] = None,
    speed: BotSpeedOption = None,
    theme: ThemeOption = None,
    ascii_only: AsciiOption = False,
) -> None:
    """A guided first game against gentle bots, each decision explained as it comes.

    w says why a move is not offered, and the game-over screen lists the rules met.
    """
    chosen = load_game(game)
    check_playable(chosen)
    from engine.learn import learning_for

    try:
        learning_for(chosen)
    except LookupError:
        fail(f"{chosen.title} has no guided game yet")
    from tui.screens.learn import LearnSpec
    from tui.seating import default_human

    player = default_human() if name is None else name.strip()
    if not player:
        fail("--name is empty")
    settings = make_settings(theme, ascii_only, speed)
    run_new_table(settings, lambda: LearnSpec(chosen.id, player).table(settings), learn=True)


DEMO_SPEEDS = ("slow", "normal", "fast")
"""``purrch demo --speed``: the paces of tui/screens/demo.py (kept here so that a bad one
is refused before Textual loads)."""


@app.command()
def demo(
    game: Annotated[str, typer.Argument(help="Game id, e.g. pigeons.", show_default=False)],
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Number of bots (default: 4, or the nearest the game takes).",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", "-s", help="Seed of the deal (default: a random one).", show_default=False
        ),
    ] = None,
    speed: Annotated[
        str,
        typer.Option("--speed", help="Pace of the bots: slow, normal or fast."),
    ] = "normal",
    theme: ThemeOption = None,
    ascii_only: AsciiOption = False,
) -> None:
    """Watch bots play a whole game, every hand shown, each rule explained once.

    Space pauses, the arrows step back and forth, + and - change the pace.
    """
    from engine.game import players_text

    chosen = load_game(game)
    check_playable(chosen)
    from engine.narration import rules_for

    try:
        rules_for(chosen.id)
    except LookupError:
        fail(f"{chosen.title} has no demo yet")
    if speed not in DEMO_SPEEDS:
        fail(f"unknown speed {speed!r} (known: {', '.join(DEMO_SPEEDS)})")
    if seed is not None and seed < 0:
        fail(f"--seed must be 0 or more, not {seed}")
    from tui.seating import default_players, new_seed

    if players is None:
        players = default_players(chosen)
    if not chosen.min_players <= players <= chosen.max_players:
        fail(f"{chosen.title} takes {players_text(chosen)}, not {players}")
    from tui.screens.demo import DemoSpec

    spec = DemoSpec(chosen.id, players, new_seed() if seed is None else seed, speed)
    settings = make_settings(theme, ascii_only)
    # The menu is under the demo, as under `purrch play`: a game started there saves.
    with autosave_claimed(settings, saved_first=True):
        run_app(settings, None, demo=spec)


@app.command()
def resume(
    file: Annotated[
        Path | None,
        typer.Argument(
            help="A saved game (default: the autosave of the last game).", show_default=False
        ),
    ] = None,
    theme: ThemeOption = None,
    ascii_only: AsciiOption = False,
    from_tmp: Annotated[
        bool,
        typer.Option(
            "--from-tmp",
            help="The save cannot be loaded (cut short by a power cut): carry on from the "
            "intact temporary file beside it (.FILE.tmp, .FILE.XXXXXXXX.tmp), which becomes "
            "the save again.",
        ),
    ] = False,
) -> None:
    """Carry on with the last autosaved game (or the one saved in FILE)."""
    from engine.session import SaveError, Table
    from tui.saves import recover_from_tmp, resume_hint
    from tui.settings import autosave_path

    if file is None and from_tmp:
        path = autosave_path()
    elif file is None:  # the last game not over, also one another app saved beside it
        from tui.seating import autosave_slots, latest_unfinished

        path = next(iter(latest_unfinished(autosave_slots(autosave_path()))), autosave_path())
    else:
        path = file
    settings = make_settings(theme, ascii_only)

    def load(path: Path) -> Table:
        try:
            table = Table.load(path, autosave=path)
        except SaveError as exc:
            fail(f"{exc}{resume_hint(path)}")
        if table.is_over:
            fail(f"the game saved in {path} is over: start a new one with `{invocation.purrch()}`")
        return table

    if not path.is_file() and not from_tmp:
        load(path)  # says why (no saved game there) before a lock is made beside it
    settings.autosave = path
    with autosave_claimed(settings, resuming=True):
        assert settings.autosave is not None
        if from_tmp:  # under the lock too
            try:
                tmp, kept = recover_from_tmp(settings.autosave)
            except SaveError as exc:
                fail(str(exc))
            aside = f"; the damaged file is kept in {kept}" if kept else ""
            typer.echo(
                f"Recovered the game from {tmp.name}: it is {settings.autosave} again{aside}."
            )
        table = load(settings.autosave)  # under the lock: no other app moves it on now
        check_playable(table.game)
        settings.window_seconds = table.window_seconds
        run_app(settings, table)


EXPORTS = ("md",)
"""``purrch replay --export``: what the game can be written as (Markdown)."""


@app.command()
def replay(
    file: Annotated[
        Path | None,
        typer.Argument(
            help="A save (the autosave, a LAN table's save) or a kept finished game "
            "(default: choose among the finished games, in the app).",
            show_default=False,
        ),
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            help="Whose eyes: a seat's number (1 is the first), a player's name, or 'all' "
            "(every hand; only once the game is over). Default: all for a game that is "
            "over, else the first person's seat.",
            show_default=False,
        ),
    ] = None,
    export: Annotated[
        str | None,
        typer.Option(
            "--export",
            help="Write the game instead of showing it: md (Markdown: the moves, the "
            "result and the scores).",
            show_default=False,
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="With --export: the file to write (default: the standard output).",
            show_default=False,
        ),
    ] = None,
    speed: Annotated[
        str,
        typer.Option("--speed", help="Pace once Space plays it: slow, normal or fast."),
    ] = "normal",
    theme: ThemeOption = None,
    ascii_only: AsciiOption = False,
) -> None:
    """Step through a saved or finished game, or export it as Markdown.

    One seat's view, or every hand once the game is over. Space plays, the arrows step.
    """
    if export is not None and export not in EXPORTS:
        fail(f"unknown export format {export!r} (known: {', '.join(EXPORTS)})")
    if out is not None and export is None:
        fail("--out goes with --export (e.g. --export md --out game.md)")
    if speed not in DEMO_SPEEDS:
        fail(f"unknown speed {speed!r} (known: {', '.join(DEMO_SPEEDS)})")
    if file is None:
        if export is not None or seat is not None:
            fail("--export and --seat need a FILE (`purrch replay` alone lists the finished games)")
        settings = make_settings(theme, ascii_only)
        with autosave_claimed(settings, saved_first=True):
            run_app(settings, None, replays=True)
        return
    from engine.replays import ReplayError, export_markdown, load, viewer_from_text

    try:
        loaded = load(file)
    except ReplayError as exc:
        fail(str(exc))
    if export is not None:
        if seat is not None:
            fail("--seat does not go with --export: the export holds what everyone saw")
        text = export_markdown(loaded)
        if out is None:
            typer.echo(text, nl=False)
            return
        from engine.savefile import write_atomically

        if not out.parent.is_dir():
            fail(f"cannot write {out}: there is no folder {out.parent}")
        try:
            write_atomically(out, text)
        except OSError as exc:
            fail(f"cannot write {out}: {exc.strerror or exc}")
        typer.echo(f"Wrote {loaded.game.title} ({len(loaded.stepper)} answers) to {out}.")
        return
    check_playable(loaded.game)
    try:
        viewer = viewer_from_text(loaded, seat)
    except ValueError as exc:
        fail(f"--seat: {exc}")
    from tui.screens.replay import ReplaySpec

    settings = make_settings(theme, ascii_only)
    with autosave_claimed(settings, saved_first=True):
        run_app(settings, None, replay=ReplaySpec(loaded, viewer, speed))


# --------------------------------------------------------------------------- LAN


@app.command()
def host(
    game: Annotated[
        str | None,
        typer.Argument(help="Game id, e.g. pigeons (not with --resume).", show_default=False),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Number of seats, bots included (a game for a fixed number needs none).",
            show_default=False,
        ),
    ] = None,
    bots: Annotated[int, typer.Option("--bots", "-b", help="How many of the seats bots play.")] = 0,
    bot_level: Annotated[
        str | None,
        typer.Option(
            "--bot-level",
            help="Bot level (random, heuristic...); also for bots standing in for away players.",
            show_default=False,
        ),
    ] = None,
    port: Annotated[
        int | None,
        typer.Option(
            "--port",
            help="TCP port (0: any free port; default: 7777, or with --resume the port "
            "the table had).",
            show_default=False,
        ),
    ] = None,
    bind: Annotated[
        str | None,
        typer.Option(
            "--bind",
            help="Address to listen on (default: every interface, for a meetup; with "
            "--resume the address the table had).",
            show_default=False,
        ),
    ] = None,
    password: Annotated[
        str | None,
        typer.Option(
            "--password",
            help="A password players must give. With --resume it replaces the table's; "
            "without, the table keeps its own (the save holds only a salted hash of it).",
            show_default=False,
        ),
    ] = None,
    resume_file: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            help="Continue the LAN game saved in FILE, with the same seats and tokens, "
            "address, port, password and away timeout (--bind, --port, --password and "
            "--away-timeout given with it win).",
            show_default=False,
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            help="Autosave file (default: lan-GAME-PORT.json in the data folder, "
            "or the --resume file).",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", "-s", help="Seed of the deal (default: a random one).", show_default=False
        ),
    ] = None,
    away_timeout: Annotated[
        float | None,
        typer.Option(
            "--away-timeout",
            help="Seconds before a bot plays for a player who dropped (0: never; default: "
            "60, or with --resume what the table had).",
            show_default=False,
        ),
    ] = None,
    window: Annotated[
        float | None,
        typer.Option(
            "--window",
            help="Seconds a reaction window stays open; 0: until everyone asked answers "
            "(default: 8).",
            show_default=False,
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="A rule option, key=value (repeat it); `purrch rules GAME` lists them.",
            show_default=False,
        ),
    ] = None,
    ssh: Annotated[
        int | None,
        typer.Option(
            "--ssh",
            help=f"Also open an SSH door on this port (--ssh alone: {DEFAULT_SSH_PORT}): "
            "`ssh -p PORT host` lands at this table. Off this machine it needs --password, "
            "--authorized-keys or --open.",
            show_default=False,
        ),
    ] = None,
    authorized_keys: AuthorizedKeysOption = None,
    open_door: OpenOption = False,
    max_sessions: MaxSessionsOption = DEFAULT_MAX_SESSIONS,
    max_per_address: MaxPerAddressOption = DEFAULT_MAX_PER_ADDRESS,
    quiet_spectators: Annotated[
        bool,
        typer.Option(
            "--quiet-spectators",
            help="Spectators read the chat but cannot write in it (the players chat).",
        ),
    ] = False,
) -> None:
    """Host a LAN table (headless): players join it with `purrch join` (or over SSH with --ssh)."""
    from engine.game import players_text
    from engine.net.host import HostConfig
    from tui.settings import finished_path

    if port is not None and not 0 <= port <= 65535:
        fail(f"--port must be 0 to 65535, not {port}")
    if bind is not None and not bind.strip():
        fail("--bind needs an address (0.0.0.0: every interface)")
    if away_timeout is not None and (not away_timeout >= 0 or away_timeout == float("inf")):
        fail(f"--away-timeout must be 0 (never) or a number of seconds, not {away_timeout}")
    if window is not None and (not window >= 0 or window == float("inf")):
        fail(f"--window must be 0 (no countdown) or a number of seconds, not {window}")
    if password is not None and not password:
        fail("--password is empty")
    config = HostConfig(
        players=players or 0,
        bots=bots,
        bot_level=bot_level,
        password=password,
        window_seconds=8.0 if window is None else (window or None),
        away_timeout=60.0 if away_timeout is None else (away_timeout or None),
        save_path=save,
        keep_finished_in=finished_path(),
        bind=bind,
        port=port,
        quiet_spectators=quiet_spectators,
    )
    # With --resume, the table's saved settings stand unless given here.
    explicit = [
        name
        for name, value in (
            ("bind", bind),
            ("port", port),
            ("away_timeout", away_timeout),
            ("password", password),
        )
        if value is not None
    ]
    chosen: Game[Any] | None = None
    if resume_file is not None:
        given = [
            flag
            for flag, value in (
                ("GAME", game),
                ("--players", players),
                ("--seed", seed),
                ("--option", option),
                ("--bot-level", bot_level),
                ("--window", window),
            )
            if value
        ]
        if bots:
            given.append("--bots")
        if given:
            fail(f"{', '.join(given)}: a resumed game keeps the settings in its save")
    else:
        if game is None:
            example = invocation.command("host", "pigeons", "--players", "3")
            fail(f"give the game to host (e.g. `{example}`) or --resume FILE")
        chosen = load_game(game)
        check_playable(chosen)  # its players could not see it
        if players is None and chosen.min_players == chosen.max_players:
            players = config.players = chosen.min_players  # Chat perché: always 2
        if players is None:
            fail(f"give --players N ({chosen.min_players} to {chosen.max_players}, bots included)")
        if not chosen.min_players <= players <= chosen.max_players:
            fail(f"{chosen.title} takes {players_text(chosen)}, not {players}")
        if not 0 <= bots < players:
            fail(f"--bots must leave at least one seat to a player: 0 to {players - 1}, not {bots}")
        if bot_level is not None and bot_level not in bot_levels(chosen):
            known = ", ".join(bot_levels(chosen))
            fail(f"unknown bot level {bot_level!r} for {chosen.title} (known: {known})")
        if seed is not None and seed < 0:
            fail(f"--seed must be 0 or more, not {seed}")
        from tui.seating import parse_options

        try:
            config.options = parse_options(chosen, option or [])
        except ValueError as exc:
            fail(str(exc))
        config.seed = seed
    door = None
    if ssh is not None:
        if not 0 <= ssh <= 65535:
            fail(f"--ssh must be a port, 0 to 65535 (0: any free port), not {ssh}")
        # A resumed table's address may come from its save: run_host checks the door then.
        door = door_config(
            bind or "0.0.0.0",
            ssh,
            password,
            authorized_keys,
            open_door,
            max_sessions,
            max_per_address=max_per_address,
            check=resume_file is None,
        )
    elif (
        authorized_keys is not None
        or open_door
        or max_sessions != DEFAULT_MAX_SESSIONS
        or max_per_address != DEFAULT_MAX_PER_ADDRESS
    ):
        fail(
            "--authorized-keys, --open, --max-sessions and --max-per-address are for "
            "the SSH door: add --ssh"
        )
    from engine.net.hosting import LanError
    from tui.lan_commands import run_host

    try:
        run_host(chosen, config, resume=resume_file, overrides=explicit, door=door)
    except LanError as exc:
        fail(str(exc), code=exc.code)


@app.command()
def join(
    address: Annotated[
        str,
        typer.Argument(
            help="The host's HOST or HOST:PORT (default port 7777).", show_default=False
        ),
    ],
    name: Annotated[
        str | None,
        typer.Option("--name", "-n", help="Your name at the table.", show_default=False),
    ] = None,
    spectate: Annotated[
        bool, typer.Option("--spectate", help="Watch the game without a seat.")
    ] = False,
    password: Annotated[
        str | None,
        typer.Option("--password", help="The table's password, if it has one.", show_default=False),
    ] = None,
    theme: ThemeOption = None,
    ascii_only: AsciiOption = False,
) -> None:
    """Join a LAN table: the same game screen as hot-seat.  Run it again to take your seat back."""
    from engine.net.connection import parse_address
    from engine.net.protocol import ProtocolError, clean_name

    try:
        host_name, port = parse_address(address)
    except ValueError as exc:
        fail(f"bad address: {exc}")
    if name is None:
        if not spectate:
            fail("give your name with --name (or --spectate to watch)")
        name = "Spectator"
    try:
        name = clean_name(name)
    except ProtocolError as exc:
        fail(str(exc))
    settings = make_settings(theme, ascii_only)
    from engine.net.hosting import LanError
    from tui.lan_commands import run_join

    try:
        run_join(
            host_name, port, name=name, spectate=spectate, password=password, settings=settings
        )
    except LanError as exc:
        fail(str(exc), code=exc.code)


# --------------------------------------------------------------------------- SSH


def door_config(
    bind: str,
    port: int,
    password: str | None,
    authorized_keys: Path | None,
    open_door: bool,
    max_sessions: int,
    table: tuple[str, int] | None = None,
    table_password: str | None = None,
    *,
    max_per_address: int = DEFAULT_MAX_PER_ADDRESS,
    check: bool = True,
) -> DoorConfig:
    """A checked SSH door configuration (``fail`` if it is unsafe or unusable;
    ``check=False``: not checked yet, the caller does it)."""
    from door.ssh import DoorConfig, DoorError, check_security

    config = DoorConfig(
        bind=bind,
        port=port,
        table=table,
        table_password=table_password,
        password=password,
        authorized_keys=authorized_keys,
        open=open_door,
        max_sessions=max_sessions,
        max_per_address=max_per_address,
    )
    if check:
        try:
            check_security(config)
        except DoorError as exc:
            fail(str(exc))
    return config


@app.command("ssh")
def ssh_door(
    port: Annotated[
        int, typer.Option("--port", help="TCP port of the SSH door (0: any free port).")
    ] = DEFAULT_SSH_PORT,
    bind: Annotated[
        str,
        typer.Option(
            "--bind",
            help="Address to listen on. Any address but loopback needs --password, "
            "--authorized-keys or --open.",
        ),
    ] = "127.0.0.1",
    table: Annotated[
        str | None,
        typer.Option(
            "--table",
            help="A LAN table (HOST:PORT, as `purrch join` takes) every session joins; "
            "without it sessions get the menu.",
            show_default=False,
        ),
    ] = None,
    table_password: Annotated[
        str | None,
        typer.Option(
            "--table-password", help="The --table's password, if it has one.", show_default=False
        ),
    ] = None,
    password: Annotated[
        str | None,
        typer.Option("--password", help="A password SSH players must give.", show_default=False),
    ] = None,
    authorized_keys: AuthorizedKeysOption = None,
    open_door: OpenOption = False,
    max_sessions: MaxSessionsOption = DEFAULT_MAX_SESSIONS,
    max_per_address: MaxPerAddressOption = DEFAULT_MAX_PER_ADDRESS,
) -> None:
    """An SSH door to Purrch: `ssh -p 2222 THIS_HOST` plays with nothing installed.

    Each SSH session runs its own app (the menu, or the --table's name screen).
    """
    if not 0 <= port <= 65535:
        fail(f"--port must be 0 to 65535, not {port}")
    address: tuple[str, int] | None = None
    if table is not None:
        from engine.net.connection import parse_address

        try:
            address = parse_address(table)
        except ValueError as exc:
            fail(f"bad --table address: {exc}")
    elif table_password is not None:
        fail("--table-password goes with --table")
    config = door_config(
        bind,
        port,
        password,
        authorized_keys,
        open_door,
        max_sessions,
        address,
        table_password,
        max_per_address=max_per_address,
    )
    from door.ssh import DoorError, run_door

    try:
        from tui.settings import data_dir

        run_door(config, data_dir())
    except DoorError as exc:
        fail(str(exc), code=1)


def _ssh_flag_value(argv: list[str]) -> list[str]:
    """``purrch host ... --ssh`` with no port gets the default one (typer has no
    optional option values): ``--ssh`` followed by nothing, an option or a
    non-number becomes ``--ssh 2222``."""
    if "host" not in argv:
        return argv
    out: list[str] = []
    for i, arg in enumerate(argv):
        out.append(arg)
        if arg == "--ssh":
            following = argv[i + 1] if i + 1 < len(argv) else None
            if following is None or not following.isdigit():
                out.append(str(DEFAULT_SSH_PORT))
    return out


def main() -> None:
    """Console-script entry point (``purrch``)."""
    import sys

    from engine.net.connection import set_default_data_dir
    from tui.settings import data_dir

    set_default_data_dir(data_dir())
    sys.exit(run_cli(_ssh_flag_value(sys.argv[1:])))


def run_cli(args: list[str]) -> int:
    """Run the CLI on ``args``; the exit code.  A usage mistake (an unknown flag, a
    value of the wrong kind, a missing argument) is one ``error: ...`` line and a
    hint, like every other mistake, not a box around it."""
    try:
        command = typer.main.get_command(app)
        _plain_metavars(command)
        if {"-h", "--help"} & set(args):
            help_for_here(command)
        code = command.main(args=args, prog_name=invocation.purrch(), standalone_mode=False)
    except _CLICK_ERROR as exc:
        message = cast(Any, exc).format_message()  # a ClickException (typer's or click's)
        typer.echo(f"error: {' '.join(message.split())}", err=True)
        ctx = getattr(exc, "ctx", None)
        path = ctx.command_path if ctx is not None else _command_path(args)
        typer.echo(f"Try '{path} -h' for help.", err=True)
        return int(getattr(exc, "exit_code", 2))
    except typer.Abort:  # end of input at a prompt
        typer.echo("", err=True)
        return 1
    return code if isinstance(code, int) else 0


def help_for_here(command: Any) -> None:
    """What the help pages say that depends on this machine, filled in only when a
    help page is asked for: the games (from the engine's registry), the name
    ``play`` seats when no ``--humans`` is given, and every `purrch ...` they
    mention as the command that works from here (``./.venv/bin/purrch ...``)."""
    from tui.seating import FALLBACK_HUMAN, default_human

    command.epilog = games_epilog()
    name = default_human()
    human = FALLBACK_HUMAN if name == FALLBACK_HUMAN else f"{name}, your login name"
    here = invocation.purrch()

    def fill(text: str | None) -> str | None:
        if text is None:
            return None
        text = text.replace(f"(default: {HUMANS})", f"(default: {human})")
        return text if here == "purrch" else text.replace("`purrch ", f"`{here} ")

    def walk(cmd: Any) -> None:
        cmd.help = fill(cmd.help)
        for param in cmd.params:
            if getattr(param, "help", None):
                param.help = fill(param.help)
        for sub in getattr(cmd, "commands", {}).values():
            walk(sub)

    walk(command)


def games_epilog() -> str:
    """The games, for ``purrch --help``: every registered one, then those to come."""
    from engine.games import ORDER, PLANNED, REGISTRY

    ids = [g for g in ORDER if g in REGISTRY] + sorted(set(REGISTRY) - set(ORDER))
    games = ", ".join(f"{g} ({REGISTRY[g].title})" for g in ids)
    coming = ", ".join(f"{g} ({title})" for g, title in PLANNED.items() if g not in REGISTRY)
    return f"Games: {games}." + (f" Coming: {coming}." if coming else "")


def _plain_metavars(command: Any) -> None:
    """Help that reads like a Unix command's: an option shows its value's name in
    capitals (``--players PLAYERS``), an argument its name alone (``GAME``), not the
    type Typer shows by default (``<int>``, ``GAME <str>``), here and in every
    subcommand.  (Flags show none: Typer 0.28 leaves a flag's type out.)"""
    for param in command.params:
        if param.metavar is None and not getattr(param, "is_flag", False):
            param.metavar = param.name.upper()
        if param.param_type_name == "argument" and not getattr(param.type, "purrch", False):
            # The help's type column shows the type's own metavar, ``<str>`` when it
            # has none: this argument's copy of its type has an empty one.
            plain = copy.copy(param.type)
            plain.get_metavar = lambda *args, **kwargs: ""
            plain.purrch = True
            param.type = plain
    for sub in getattr(command, "commands", {}).values():
        _plain_metavars(sub)


def _command_path(args: list[str]) -> str:
    """ "purrch play" when ``args`` name a command (a mistake the parser reports
    without its context: a flag missing its value), else "purrch" (as the user can
    type it here: :func:`engine.invocation.purrch`)."""
    names = {c.name or c.callback.__name__ for c in app.registered_commands if c.callback}
    command = next((a for a in args if not a.startswith("-")), None)
    here = invocation.purrch()
    return f"{here} {command}" if command in names else here


# Click's error class, whether typer uses click or its own copy of it (typer 0.22+):
# the base class of typer.BadParameter that every usage error derives from.
_CLICK_ERROR: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


if __name__ == "__main__":
    main()
