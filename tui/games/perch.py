"""Chat perché on screen: the tree, the dogs' track, the piles, and :class:`PerchUI`,
the game's half of the shared game screen.

Everything here reads *views*; nothing holds or changes engine state.  The tree is
drawn with box-drawing characters (plain ASCII with ``settings.ascii``)::

    Dogs  ══D·············▶ tree
    L5 g?  ·──·──·──·──┤ ├──·──·──·──·  b3 R5
    ...
    L1 b2  ·──·──B──·──┤G├──·──·──·──·  g?  R1
         B 11 start ───┴─── start 12 G

Cats are ``B`` (black) and ``G`` (ginger) in their theme colours, birds the pigeon
glyph.  Beside each branch is its strength token: the owner's colour letter and the
value, which only its owner sees (``?`` for the other player) until the branch
breaks.  A broken branch is drawn as ``x`` marks with its revealed strength.

The positions a decision can pick (a cat, a destination, a spot, a branch) are
highlighted; the arrows move the cursor among them and Enter (or a click) picks.

At a LAN table, the Cards pane marks a player who dropped with the away glyph and the
word "away" (in the warning colour, never colour alone), from the table's
``away_seats`` as the seats pane of the other games shows it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from engine.core import Prompt
from engine.games.perch.board import BRANCH_SPOTS, BRANCHES, TRUNK
from engine.games.perch.cards import counted
from engine.games.perch.options import parse
from engine.games.perch.view import PerchPrivate, PerchPublic
from themes import Glyphs
from tui.games.base import GameUI, Shown, winners_title
from tui.games.stool import AWAY
from tui.lifecycle import coming_down
from tui.widgets import Choice, KeyBook, PromptInfo
from tui.widgets.cursor_grid import CursorGrid
from tui.widgets.pane_messages import PaneChoice
from tui.widgets.result import GameResult

if TYPE_CHECKING:
    from textual.screen import Screen

COLOURS = ("black", "ginger")
LETTER = {"black": "B", "ginger": "G"}
CAT_STYLE = {"black": "bold $foreground", "ginger": "bold $primary"}
BIRD_STYLE = "bold $secondary"
TRUNK_ROWS = 5
SPOTS = "abcd"
LABEL = 2  # "L3"
TOKEN = 2  # "b3"
LINK = 2  # the branch between two spots: "──"
MAX_BETWEEN = 3  # rows of trunk between two levels of branches, in a tall terminal
WIDE_LINKS = (5, 4, 3)  # longer branches where the terminal is wide, the longest first
BOARD_CHROME = 6  # the tree pane's border, padding and a spare column around the tree
BOARD_SHARE = 0.55  # the most of the screen's width a wide tree pane takes


@dataclass(frozen=True, kw_only=True)
class PerchGlyphs(Glyphs):
    """The shared glyphs and Chat perché's own: a bird, the piles."""

    bird: str
    deck: str
    discard: str


def perch_glyphs(glyphs: Glyphs) -> PerchGlyphs:
    """The game's set for the shared ``glyphs`` (``themes.glyphs_for``'s choice)."""
    if isinstance(glyphs, PerchGlyphs):
        return glyphs
    shared = glyphs.shared_fields()
    if glyphs.ascii:
        return PerchGlyphs(**shared, bird="*", deck="[]", discard="[/]")
    return PerchGlyphs(**shared, bird="◆", deck="▤", discard="▥")


def public_view(view: Mapping[str, Any]) -> PerchPublic:
    """A view's public half, read as the game's schema (:mod:`engine.games.perch.view`)."""
    return cast(PerchPublic, view)


def private_view(view: Mapping[str, Any]) -> PerchPrivate:
    """A view's private half, read as the game's schema; a spectator's is empty, so
    what may be missing is read with ``get``."""
    return cast(PerchPrivate, view)


def tree_width(link: int = LINK) -> int:
    """The tree's cells across, with branches of ``link`` cells between two spots."""
    half = LABEL + 1 + TOKEN + 1 + 4 * (1 + link)  # one side of the tree, up to the trunk
    return 2 * half + 3


WIDTH = tree_width()


def board_width(screen_width: int) -> tuple[int, int]:
    """(the tree pane's width, its branches' link) for a screen this wide: 45 and 2 up
    to about 100 columns; past that, longer branches while the pane takes at most
    :data:`BOARD_SHARE` of the screen (the log and the cards keep the rest)."""
    for link in WIDE_LINKS:
        width = tree_width(link) + BOARD_CHROME
        if width <= screen_width * BOARD_SHARE:
            return width, link
    return WIDTH + BOARD_CHROME, LINK


@dataclass(frozen=True, slots=True)
class Lines:
    """The box-drawing pieces of the tree (or their ASCII fallbacks)."""

    branch: str
    trunk: str
    left_joint: str
    right_joint: str
    foot: str
    empty: str
    broken: str
    track: str
    walked: str
    arrow: str

    @classmethod
    def for_glyphs(cls, glyphs: PerchGlyphs) -> Lines:
        if glyphs.ascii:
            return cls("-", "|", "|", "|", "+", ".", "x", ".", "=", ">")
        return cls("─", "│", "┤", "├", "┴", "·", "╳", "·", "═", "▶")


@dataclass(frozen=True, slots=True)
class Branch:
    name: str
    spots: tuple[str | None, ...]  # occupant of a, b, c, d
    owner: str | None  # the colour of its token's owner
    strength: int | None  # known to the seat shown (its own token, or revealed)
    broken: bool = False


@dataclass(frozen=True, slots=True)
class TreeData:
    """What the tree pane shows."""

    trunk: tuple[str | None, ...]
    branches: Mapping[str, Branch]
    start: Mapping[str, int]  # cats waiting at each colour's start
    dogs: int
    track: int
    usable: tuple[str, ...] = ()  # positions the open decision can pick, in key order
    chosen: str | None = None  # the cat being moved
    moved: tuple[str, ...] = ()  # where the cats moved by this card are now
    owner: str | None = None  # whose private view it is (None: only public)
    colour: str | None = None  # that seat's colour: its tokens are the ones it can read
    secret: Mapping[str, int] = field(default_factory=dict)  # the owner's hidden strengths
    status: Content = field(default_factory=Content)
    private: Content = field(default_factory=Content)


def assemble(*parts: str | tuple[str, str]) -> Content:
    """``Content.assemble``, with the spaces at either end of a styled part made parts of
    their own (an SVG snapshot then draws them where they are)."""
    out: list[str | tuple[str, str]] = []
    for part in parts:
        if isinstance(part, str) or not part[1]:
            out.append(part)
            continue
        text, style = part
        core = text.strip(" ")
        if not core:  # styled spaces (a highlighted free place) stay as they are
            out.append(part)
            continue
        lead = len(text) - len(text.lstrip(" "))
        trail = len(text) - len(text.rstrip(" "))
        if lead:
            out.append((" " * lead, ""))
        out.append((core, style))
        if trail:
            out.append((" " * trail, ""))
    return Content.assemble(*out)


# --------------------------------------------------------------------------- drawing


def occupant_cell(occupant: str | None, glyphs: PerchGlyphs, lines: Lines) -> tuple[str, str]:
    if occupant in LETTER:
        return LETTER[occupant], CAT_STYLE[occupant]
    if occupant == "bird":
        return glyphs.bird, BIRD_STYLE
    return lines.empty, "$text-muted"


def tree_lines(
    data: TreeData,
    glyphs: PerchGlyphs,
    *,
    cursor: str | None,
    focused: bool,
    between: int,
    link_cells: int = LINK,
) -> tuple[list[Content], dict[str, tuple[int, int]]]:
    """The tree as lines, and where each pickable position is (x, y); ``between``: rows
    of trunk between two levels of branches, ``link_cells``: the branch's cells between
    two spots."""
    ln = Lines.for_glyphs(glyphs)
    trunk_x = (tree_width(link_cells) - 3) // 2 + 1  # the trunk square's cell
    usable = set(data.usable)
    where: dict[str, tuple[int, int]] = {}
    out: list[Content] = []

    def cell(pos: str, text: str, style: str) -> tuple[str, str]:
        pick = f"@click=pick({pos!r})"
        if pos in usable:
            style = f"{style} bold on $accent 35%"
            if text == ln.empty:
                text = "o" if glyphs.ascii else "◇"
                style = f"bold $text-accent on $accent 35% {pick}"
        if pos == data.chosen or pos in data.moved:
            style = f"{style} underline"
        if pos == cursor:
            style = f"{style} {'reverse' if focused else 'underline'}"
        return text, f"{style} {pick}"

    # The dogs' track, to the foot of the tree.
    room = tree_width(link_cells) - 12
    if data.track <= room:
        track = [("Dogs", "bold"), (" ", ""), ("D" if data.dogs == 0 else " ", "bold $error")]
        for k in range(data.track):
            if k == data.dogs - 1:
                track.append(("D", "bold $error"))
            elif k < data.dogs:
                track.append((ln.walked, "$error"))
            else:
                track.append((ln.track, "$text-muted"))
        track.append((f" {ln.arrow} tree", "$text-muted"))
        out.append(assemble(*track))
    else:
        out.append(Content.styled(f"Dogs {data.dogs}/{data.track} {ln.arrow} tree", "bold"))
    out.append(
        Content.styled(
            f"{counted(data.track - data.dogs, 'square')} left before the dogs arrive", "dim"
        )
    )
    for i in range(TRUNK_ROWS, 0, -1):
        y = len(out)
        parts: list[tuple[str, str]] = []
        x = 0
        for side in "LR":
            branch = data.branches[f"{side}{i}"]
            token = token_cell(branch, data, glyphs)
            bpick = f"@click=pick({branch.name!r})"
            if branch.name in usable:
                token = (token[0], f"{token[1]} bold on $accent 35%")
                if branch.name == cursor:
                    token = (token[0], f"{token[1]} {'reverse' if focused else 'underline'}")
            label = (branch.name, f"$text-muted {bpick}")
            spot_cells: list[tuple[str, str]] = []
            for k, letter in enumerate(SPOTS):
                pos = f"{branch.name}{letter}"
                if branch.broken:
                    spot_cells.append((ln.broken, "$error dim"))
                else:
                    spot_cells.append(cell(pos, *occupant_cell(branch.spots[k], glyphs, ln)))
            link = (" " * link_cells if branch.broken else ln.branch * link_cells, "$text-muted")
            if side == "L":
                parts += [label, (" ", ""), token, (" ", "")]
                x = LABEL + 1 + TOKEN + 1
                for k in range(3, -1, -1):
                    where[f"{branch.name}{SPOTS[k]}"] = (x, y)
                    parts += [spot_cells[k], link]
                    x += 1 + link_cells
                where.setdefault(branch.name, (LABEL + 1, y))
                trunk = f"T{i}"
                text, style = occupant_cell(data.trunk[i - 1], glyphs, ln)
                parts += [
                    (ln.left_joint, "$text-muted"),
                    cell(trunk, text, style),
                    (ln.right_joint, "$text-muted"),
                ]
                where[trunk] = (trunk_x, y)
                x = trunk_x + 2
            else:
                for k in range(4):
                    parts += [link, spot_cells[k]]
                    where[f"{branch.name}{SPOTS[k]}"] = (x + link_cells, y)
                    x += link_cells + 1
                parts += [(" ", ""), token, (" ", ""), label]
                where.setdefault(branch.name, (x + 1, y))
        out.append(assemble(*parts))
        if i > 1:
            trunk_row = assemble(
                (" " * (trunk_x - 1), ""), (f"{ln.trunk} {ln.trunk}", "$text-muted")
            )
            out.extend([trunk_row] * between)
    # The foot: the two starts.
    black, ginger = data.start.get("black", 0), data.start.get("ginger", 0)
    b_text, b_style = cell("black start", "B", CAT_STYLE["black"])
    g_text, g_style = cell("ginger start", "G", CAT_STYLE["ginger"])
    left = f" {black:>2} start "
    right = f" start {ginger:<2} "
    lead = trunk_x - 2 - len(left)
    foot = assemble(
        (" " * lead, ""),
        (b_text, b_style),
        (left, "$text-muted"),
        (ln.branch + ln.foot + ln.branch, "$text-muted"),
        (right, "$text-muted"),
        (g_text, g_style),
    )
    foot_y = len(out)
    where["black start"] = (lead, foot_y)
    where["ginger start"] = (trunk_x + 2 + len(right), foot_y)
    out.append(foot)
    out.append(
        assemble(
            ("B", CAT_STYLE["black"]),
            (" black ", "dim"),
            ("G", CAT_STYLE["ginger"]),
            (" ginger ", "dim"),
            (glyphs.bird, BIRD_STYLE),
            (" bird ", "dim"),
            (legend_tokens(data.colour), "dim"),  # the notation, not a token (QA)
            (" strengths", "dim"),
        )
    )
    return out, where


def legend_tokens(colour: str | None) -> str:
    """How the legend writes the strength tokens for whoever looks: their own colour
    with its digits (``g1-4`` for the ginger player), the other's as ``?``; ``b? g?``
    when nobody's are shown (a spectator, the hot-seat curtain).  A fixed ``b1-4 g?``
    told the ginger player that their own tokens were the hidden ones (QA, issue 22)."""
    if colour not in LETTER:
        return "b? g?"
    mine = LETTER[colour].lower()
    other = next(LETTER[c].lower() for c in COLOURS if c != colour)
    return f"{mine}1-4 {other}?"


def token_cell(branch: Branch, data: TreeData, glyphs: PerchGlyphs) -> tuple[str, str]:
    """Two cells: the owner's letter (lower case) and the strength, ``?`` when hidden."""
    if branch.owner is None:
        return "  ", ""
    letter = LETTER[branch.owner].lower()
    if branch.broken:
        return f"{letter}{branch.strength if branch.strength is not None else '?'}", "bold $error"
    value = data.secret.get(branch.name)
    if value is not None:
        return f"{letter}{value}", f"bold {CAT_STYLE[branch.owner].split()[-1]} underline"
    return f"{letter}?", CAT_STYLE[branch.owner].split()[-1]


# --------------------------------------------------------------------------- widgets


class PerchTree(CursorGrid[TreeData]):
    """The tree; arrows move between the positions that can be picked, Enter picks."""

    glyphs: PerchGlyphs

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Pick", tooltip="Pick the position under the cursor"),
    ]

    class PositionChosen(CursorGrid.PositionChosen):
        """The player picked the position ``pos`` (a square, a start, a branch)."""

    def watch_data(self, data: TreeData | None) -> None:
        if data is None:
            self.cursor = None
            return
        if data.usable and self.cursor not in data.usable:
            self.cursor = data.usable[0]  # kept where it was while nothing can be picked
        self.refresh_bindings()

    def board_lines(
        self, data: TreeData, cursor: str | None
    ) -> tuple[list[Content], dict[str, tuple[int, int]]]:
        # The dogs' track (2 lines), the branches, the foot and the key (2): the rows
        # left go between the branches, 3 at most.
        spare = self.size.height - (2 + TRUNK_ROWS + 2)
        between = max(0, min(MAX_BETWEEN, spare // (TRUNK_ROWS - 1)))
        link = next((n for n in WIDE_LINKS if tree_width(n) <= self.size.width), LINK)
        return tree_lines(
            data,
            self.glyphs,
            cursor=cursor,
            focused=self.has_focus,
            between=between,
            link_cells=link,
        )

    def usable(self, data: TreeData) -> tuple[str, ...]:
        return data.usable

    def action_pick(self, pos: str) -> None:
        """A click on ``pos``: picked, even where the decision cannot take it (the game
        then says why)."""
        if self.data is None:
            return
        if pos in self.data.usable:
            self.cursor = pos
        self.focus()
        self.post_message(self.PositionChosen(pos))


class PerchBoard(Vertical):
    """The tree pane: the dogs' track, the tree and its starts, then what only the seat
    shown may see (its colour, the tokens it has still to place)."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    GameScreen PerchBoard {
        width: 45;
        height: 1fr;
        border: round $primary;
        border-title-color: $text-primary;
        border-title-style: bold;
    }
    GameScreen PerchBoard:focus-within { border: round $accent; }
    GameScreen.-ascii PerchBoard { border: ascii $primary; }
    GameScreen.-ascii PerchBoard:focus-within { border: ascii $accent; }
    GameScreen #perch-tree {
        height: 1fr;
        padding: 0 1;
        background: $background;
        link-style: none;
        link-style-hover: bold;
        link-background-hover: $accent 30%;
    }
    GameScreen #perch-private {
        height: auto;
        padding: 0 1;
        background: $surface;
    }
    GameScreen PerchTable {
        height: auto;
        border: round $secondary;
        border-title-color: $text-secondary;
        padding: 0 1;
    }
    GameScreen.-ascii PerchTable { border: ascii $secondary; }
    """

    data: reactive[TreeData | None] = reactive(None)

    def __init__(self, glyphs: PerchGlyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs

    def compose(self) -> ComposeResult:
        yield PerchTree(self.glyphs, id="perch-tree")
        yield Static(id="perch-private")

    def on_mount(self) -> None:
        if coming_down(self):
            return
        self.border_title = "The tree"
        self._fit(self.screen.size.width)
        self._show(self.data)
        screen = self.screen
        screen.screen_layout_refresh_signal.subscribe(self, lambda s: self._fit(s.size.width))

    def _fit(self, screen_width: int) -> None:
        """Longer branches in a wide terminal (the tree pane was 45 columns beside
        large empty panes at 120x40)."""
        width, _link = board_width(screen_width)
        if self.styles.width is None or self.styles.width.value != width:
            self.styles.width = width

    def watch_data(self, data: TreeData | None) -> None:
        if self.is_mounted:
            self._show(data)

    def _show(self, data: TreeData | None) -> None:
        tree = self.query_one(PerchTree)
        private = self.query_one("#perch-private", Static)
        tree.data = data
        if data is None:
            private.update("")
            private.display = False
            return
        if private.visual != data.private:  # a new text lays the screen out again
            private.update(data.private)
        private.display = bool(data.private.plain)

    def focus_tree(self) -> None:
        self.query_one(PerchTree).focus()


class PerchTable(Static):
    """Both players (their colour, deck, discards, cats), the card just flipped, the birds."""

    def on_mount(self) -> None:
        self.border_title = "Cards"


# --------------------------------------------------------------------------- the game's UI


START_SLOT = "start"
"""The slot of a cat from its start (each player sees only their own colour's): a key of
its own, so that the start's key pressed again in the move that follows is no Back."""

TREE_ORDER: tuple[str, ...] = (
    START_SLOT,
    *(
        square
        for level in range(1, len(TRUNK) + 1)
        for square in (f"T{level}", *BRANCH_SPOTS[f"L{level}"], *BRANCH_SPOTS[f"R{level}"])
    ),
)
"""The start, then the squares of the tree from the foot up, a level at a time (its
trunk square, then the left branch's spots, then the right's): the 26 keys after 1
(Flip, Stop, Back) go to the start (2) and the first 25 squares, T1 (3) to R3b (z); the
squares above follow (they take the keys of squares not offered in that decision).
There are 45 squares and 27 keys: the foot of the tree, where every cat starts and most
moves end, keeps its keys."""


def _position(option_id: str) -> str | None:
    """The position of the tree an option picks ("cat:T2", "to:L3b", "spot:R1d",
    "branch:L4"); None for the others ("flip", "back", "token:3"...)."""
    return parse(option_id).pos


class PerchUI(GameUI):
    """Chat perché on the shared game screen: the tree on the left; the players, the
    flipped card and the log on the right.  The Cards pane names both players, their
    turn and their piles, so the shared seats pane is left out."""

    seats_pane: ClassVar[bool] = False
    windows: ClassVar[bool] = False  # every decision is one player's, in turn
    secret: ClassVar[str] = "tokens"  # the strength tokens in hand (no cards to hide)
    glyphs: PerchGlyphs

    loose_keys: ClassVar[int] = 1  # Flip; Stop

    def __init__(self, glyphs: Glyphs) -> None:
        super().__init__(perch_glyphs(glyphs))
        self._tokens = KeyBook()
        self._branches = KeyBook()

    def compose_main(self) -> ComposeResult:
        yield PerchBoard(self.glyphs, id="perch")

    def compose_side(self) -> ComposeResult:
        yield PerchTable(id="perch-table")

    def focus(self, screen: Screen[Any]) -> None:
        screen.query_one(PerchBoard).focus_tree()

    # ------------------------------------------------------------------ the prompt bar

    def ordered_options(self, shown: Shown) -> list[tuple[str, str]]:
        prompt = shown.prompt
        assert prompt is not None
        out = []
        for option in prompt.options:
            parsed = parse(option.id)
            if parsed.from_start:
                label = "start"
            elif parsed.pos is not None:  # a fall's cat, a branch, a spot: its position
                label = option.label if parsed.verb == "to" else parsed.pos
            elif parsed.strength is not None:
                label = f"strength {parsed.strength}"
            else:
                label = option.label
            out.append((option.id, label))
        return out

    def choices(self, shown: Shown) -> list[Choice]:
        """A strength token, a branch or a square of the tree (a cat there, a
        destination, a bird's spot) keeps its key for the game; Flip and Stop follow."""
        out: list[Choice] = []
        for option_id, label in self.ordered_options(shown):
            parsed = parse(option_id)
            slot = START_SLOT if parsed.from_start else parsed.pos
            if parsed.strength is not None:
                slot = f"strength {parsed.strength}"
            out.append((option_id, label, slot))
        return out

    def key_book(self, shown: Shown) -> KeyBook:
        """Three books: the tokens (strength n on n), the branches (L1-L5 on 1-5, R1-R5
        on 6-a), asked only while the tokens are placed, and the squares of the tree."""
        kind = shown.prompt.kind if shown.prompt is not None else ""
        return {"token": self._tokens, "branch": self._branches}.get(kind, self.keys)

    def board_slots(self, shown: Shown) -> list[str]:
        kind = shown.prompt.kind if shown.prompt is not None else ""
        if kind == "token":
            return [f"strength {n}" for n in range(1, 10)]
        if kind == "branch":
            return list(BRANCHES)
        return list(TREE_ORDER)

    def prompt_info(self, shown: Shown) -> PromptInfo:
        prompt = shown.prompt
        assert prompt is not None
        options = self.keyed(shown)
        hint = ""
        if any(_position(o.id) for o in prompt.options):
            hint = "Pick on the tree: arrows and Enter, or a key."
            if any(o.key is None for o in options):
                hint = "Pick on the tree: arrows and Enter (for every spot), or a key."
        return PromptInfo(prompt.text, options, hint, prompt.kind)

    # ------------------------------------------------------------------ the panes

    def fill(self, screen: Screen[Any], shown: Shown, info: PromptInfo) -> None:
        screen.query_one(PerchBoard).data = self.tree_data(shown)
        table = screen.query_one(PerchTable)
        text = self.table_text(shown, shown.presence.away)
        if table.visual != text:  # a new text lays the screen out again
            table.update(text)

    def tree_data(self, shown: Shown) -> TreeData:
        public = public_view(shown.public)
        private = private_view(shown.private if shown.seat is not None else {})
        prompt = shown.prompt
        usable: list[str] = []
        if prompt is not None:
            for option in prompt.options:
                pos = _position(option.id)
                if pos is not None and pos not in usable:
                    usable.append(pos)
        branches = {}
        for b in public["branches"]:
            owner = b.get("token_colour")
            branches[str(b["name"])] = Branch(
                name=str(b["name"]),
                spots=tuple(s.get("occupant") for s in b["spots"]),
                owner=None if owner is None else str(owner),
                strength=b["strength"],
                broken=bool(b.get("broken")),
            )
        stage = public["stage"]
        secret = {str(k): int(v) for k, v in (private.get("strengths") or {}).items()}
        players = public["players"]
        return TreeData(
            trunk=tuple(t.get("occupant") for t in public["trunk"]),
            branches=branches,
            start={str(p["colour"]): int(p["start"]) for p in players},
            dogs=int(public["dogs"]["position"]),
            track=int(public["dogs"]["track"]),
            usable=tuple(usable),
            chosen=stage.get("chosen") if prompt is not None else None,
            moved=tuple(stage.get("moved") or ()),
            owner=None if shown.seat is None else shown.names[shown.seat],
            colour=None if shown.seat is None else str(private.get("colour", COLOURS[shown.seat])),
            secret=secret,
            private=self.private_line(shown, secret),
        )

    def private_line(self, shown: Shown, secret: Mapping[str, int]) -> Content:
        if shown.seat is None:
            return Content("")
        private = private_view(shown.private)
        colour = str(private.get("colour", COLOURS[shown.seat]))
        # A demo shows each seat in turn, and nobody at the screen is one: the name.
        who = shown.names[shown.seat] if shown.all_seeing else "You"
        whose = f"{who}'s" if shown.all_seeing else "Your"
        parts: list[Content] = [
            assemble(f"{who}: ", (f"{LETTER[colour]} {colour}", CAT_STYLE[colour]), ".")
        ]
        left = private.get("tokens_to_place") or []
        if left:
            parts.append(Content(f"To place: {' '.join(str(v) for v in left)}."))
        if private.get("placing"):
            parts.append(Content.styled(f"Placing {private['placing']}.", "bold"))
        if secret and not left:
            parts.append(Content.styled(f"{whose} strengths are underlined.", "dim"))
        return Content(" ").join(parts)

    def table_text(self, shown: Shown, away: frozenset[int] = frozenset()) -> Content:
        """The Cards pane: each player (turn, kind or away, colour, name), their piles;
        the card just flipped; the birds.  ``away``: seats whose player dropped (LAN)."""
        g = self.glyphs
        public = public_view(shown.public)
        playing = not public.get("over")
        turn = int(public["turn"])
        lines: list[Content] = []
        for p in public["players"]:
            x = int(p["seat"])
            colour = str(p["colour"])
            kind = shown.kinds[x] if x < len(shown.kinds) else "human"
            mark = g.turn if playing and x == turn else " "
            you = " (you)" if x == shown.seat and not shown.all_seeing else ""
            if x in away:  # the bot glyph while a bot plays for the player who is away
                kind_cell = (f"{g.bot if kind == 'bot' else g.away} ", "bold $warning")
                gone: tuple[str, str] = (f" {AWAY}", "bold $warning")
            else:
                kind_cell = (f"{g.bot if kind == 'bot' else g.human} ", "$text-muted")
                gone = ("", "")
            lines.append(
                assemble(
                    (f"{mark} ", "bold $accent"),
                    kind_cell,
                    (LETTER[colour], CAT_STYLE[colour]),
                    " ",
                    (str(p["name"])[:14], "bold"),
                    gone,
                    (you, "$text-muted"),
                )
            )
            lines.append(
                Content(
                    f"  {g.deck}{p['deck']:>2} {g.discard}{p['discard']:>2}"
                    f" tree{p['in_tree']:>3} start{p['start']:>3}"
                )
            )
        flipped = public.get("flipped")
        if flipped:
            card = flipped["card"]
            who = shown.names[int(flipped["seat"])]
            lines.append(
                assemble(
                    ("Flipped", "bold"),
                    (" ", ""),
                    (f"by {who}:", "$text-muted"),
                    (" ", ""),
                    (str(card["name"]), "bold $accent"),
                )
            )
        else:
            lines.append(Content.styled("No card flipped yet.", "dim"))
        birds = counted(public["birds_supply"], "bird")
        bird = assemble((g.bird, BIRD_STYLE), f" {birds} beside the tree")
        lines.append(bird)
        return Content("\n").join(lines)

    # ------------------------------------------------------------------ choosing

    def option_for(self, choice: PaneChoice, shown: Shown) -> tuple[str | None, str]:
        pos = getattr(choice, "pos", None)
        prompt = shown.prompt
        if prompt is None or pos is None:
            return None, "There is nothing to decide right now."
        for option in prompt.options:
            if _position(option.id) == pos:
                return option.id, ""
        if prompt.kind == "branch" and len(pos) == 3:  # a spot of a branch: the branch
            for option in prompt.options:
                if _position(option.id) == pos[:2]:
                    return option.id, ""
        if any(_position(o.id) for o in prompt.options):
            return None, f"{pos} cannot be picked for this."
        return None, "Choose with the keys of the prompt bar."

    def curtain_reason(self, name: str, prompt: Prompt | None, public: Mapping[str, Any]) -> str:
        kind = prompt.kind if prompt is not None else ""
        if kind in ("token", "branch"):
            return f"{name} places a strength token: only {name} may see it."
        if kind == "flip":
            return f"It is {name}'s turn."
        return f"{name} has a choice to make."

    # ------------------------------------------------------------------ the end

    def result(self, view: Mapping[str, Any], names: tuple[str, ...]) -> GameResult:
        public = public_view(view)
        outcome: Mapping[str, Any] = public.get("result") or {}
        winners = [int(w) for w in outcome.get("winners", ())]
        scores = list(outcome.get("scores", ()))
        perched = list(outcome.get("perched", ()))
        title = winners_title(names, winners, "!") if winners else "A draw."
        sections = []
        for p in public["players"]:
            x = int(p["seat"])
            colour = str(p["colour"])
            score = scores[x] if x < len(scores) else p["in_tree"]
            high = perched[x] if x < len(perched) else p["on_branches"]
            sections.append(
                assemble(
                    (f"{self.glyphs.turn} " if x in winners else "  ", "bold $accent"),
                    (LETTER[colour], CAT_STYLE[colour]),
                    (f" {names[x]} ({colour})", "bold"),
                    f": {counted(score, 'cat')} in the tree ({high} on branches), "
                    f"{p['start']} at the start.",
                )
            )
        broken = [b for b in public["branches"] if b.get("broken")]
        if broken:
            text = ", ".join(f"{b['name']} ({b['strength']})" for b in broken)
            sections.append(Content(f"  Broken branches: {text}."))
        return GameResult(title, str(outcome.get("reason", "")), tuple(sections))


UI = PerchUI
