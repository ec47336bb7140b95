"""Stool Pigeon on screen: the crime scenes as grids of face-down cards, the piles, and
:class:`StoolUI`, the game's half of the shared game screen.

Everything here reads *views* (``Table.view``); nothing holds or changes engine
state.  A face-down card shows only its position (A1, A2 / A3, A4, then A5...),
unless this seat may see it now: its two bottom cards while it peeks at them, the
card a Stool Pigeon or a Vendetta let it peek at, every card once the game is
over, and, with the memory aid on, whatever the seat has seen (``private.memory``).

At a LAN table, the heading of a seat whose player dropped shows the away glyph and
the word "away" (in the warning colour, never colour alone), from the table's
``away_seats`` as the seats pane of the other games shows it.

The memory aid is off by default (Stool Pigeon is a memory game) and is chosen per
seat with ``m``; at a LAN seat the choice is kept (:class:`tui.games.base.SeatPrefs`),
so that joining the same seat again finds it as it was.  With it off, the log shows a
seat's private lines (what it drew, what it peeked at) in their public words ("Ann
peeks at C1."), so that the log is no memory aid either; the drawn card and the
peeked card are shown in the board's private line while the decision about them is open.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, cast

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from engine.core import Event, Prompt
from engine.games.stool.options import parse_position, position_of, try_parse
from engine.games.stool.rules import START_CARDS
from engine.games.stool.view import Face as FaceView
from engine.games.stool.view import Seat, StoolPrivate, StoolPublic
from engine.presence import Presence
from themes import ASCII_GLYPHS, Glyphs
from tui.games.base import GameUI, SeatPrefs, Shown, seat_prefs, winners_title
from tui.lifecycle import coming_down
from tui.plain import plain
from tui.widgets import Choice, LogLine, PromptInfo
from tui.widgets.cursor_grid import CursorGrid
from tui.widgets.pane_messages import PaneChoice, PaneSetting
from tui.widgets.result import GameResult, ResultSection, flow
from tui.widgets.seats import fit_name

if TYPE_CHECKING:
    from textual.screen import Screen

PIGEON_LETTERS = {"stool": "S", "bamboozle": "B", "vendetta": "V", "kingpin": "K"}
"""The letter of each pigeon card on a two-cell card face ("7S": a Stool Pigeon, worth 7)."""
POSITION_KINDS = frozenset({"swap", "look", "switch", "race", "giveback"})
"""Decisions whose options are positions: the grid picks them."""
PHRASE_GAP = 2  # spaces between two phrases of the board's status lines
PER_ROW = 2  # cards per row of a crime scene (A1 A2 / A3 A4)
INDENT = 2  # the cards start under the letter of the heading
HEAD = 6  # a heading's cells before the name: turn marker, letter, human or bot
NAME_ROOM = 10  # a heading makes room for names this long...
AWAY = "away"  # the word after the name of a seat whose player dropped (LAN)
AWAY_NAME = 3  # even the densest heading keeps this much of an away player's name
MAX_BLOCK = 21  # ...but never grows a crime scene wider than this (two fit in 80 columns)
CARD_HEIGHT = 4  # a framed card: its top, its position, its face, its bottom
BIG_HEIGHT = 6  # a big card (a wide terminal): its position, a gap, its face, its name
BIG_WIDTH = 14  # ...and room for "Stool Pigeon" inside its frame


@dataclass(frozen=True, kw_only=True)
class StoolGlyphs(Glyphs):
    """The shared glyphs and Stool Pigeon's own: a card's back, a knock, the piles."""

    card_back: str
    knock: str  # a seat that knocked
    deck: str
    discard: str


def stool_glyphs(glyphs: Glyphs) -> StoolGlyphs:
    """The game's set for the shared ``glyphs`` (``themes.glyphs_for``'s choice)."""
    if isinstance(glyphs, StoolGlyphs):
        return glyphs
    shared = glyphs.shared_fields()
    if glyphs.ascii:
        return StoolGlyphs(**shared, card_back="#", knock="!", deck="[]", discard="[/]")
    return StoolGlyphs(**shared, card_back="▒", knock="⚑", deck="▤", discard="▥")


_ASCII = stool_glyphs(ASCII_GLYPHS)


def public_view(view: Mapping[str, Any]) -> StoolPublic:
    """A view's public half, read as the game's schema (:mod:`engine.games.stool.view`)."""
    return cast(StoolPublic, view)


def private_view(view: Mapping[str, Any]) -> StoolPrivate:
    """A view's private half, read as the game's schema; a spectator's is empty, so
    what may be missing is read with ``get``."""
    return cast(StoolPrivate, view)


# --------------------------------------------------------------------------- faces


@dataclass(frozen=True, slots=True)
class Face:
    """A card's face as a view shows it (``card`` dicts: kind, name, value, pigeon)."""

    kind: str  # "witness", "meatball", "pigeon" or "rat"
    name: str
    value: int | None
    pigeon: str | None = None

    @classmethod
    def from_view(cls, data: FaceView) -> Face:
        value = data.get("value")
        return cls(
            kind=str(data["kind"]),
            name=str(data["name"]),
            value=None if value is None else int(value),
            pigeon=data.get("pigeon"),
        )

    @property
    def code(self) -> str:
        """Two cells: ' 7', '0M' (the Meatball), '7S' (a Stool Pigeon), '?R' (the Rat).

        The value comes first: "B5" next to "A4" read as a position of scene B."""
        if self.kind == "witness":
            return f"{self.value:>2}"
        if self.kind == "meatball":
            return "0M"
        if self.kind == "pigeon":
            return f"{self.value}{PIGEON_LETTERS.get(str(self.pigeon), 'P')}"
        return "?R"

    @property
    def words(self) -> str:
        """The card in a sentence: 'a 7', 'an 8', 'the Meatball (0)', 'a Kingpin (1)'."""
        if self.kind == "witness":
            return ("an " if self.value == 8 else "a ") + self.name
        if self.kind == "meatball":
            return "the Meatball (0)"
        if self.kind == "pigeon":
            return f"a {self.name} ({self.value})"
        return "the Rat"

    @property
    def style(self) -> str:
        """Its colours, theme variables only."""
        if self.kind == "pigeon":
            return "bold $secondary"
        if self.kind == "rat":
            return "bold $error"
        if self.kind == "meatball":
            return "bold $success"
        return "bold $foreground"


def card_back(glyphs: StoolGlyphs) -> str:
    return glyphs.card_back * 2


def dash(glyphs: StoolGlyphs) -> str:
    return "-" if glyphs.ascii else "—"


# --------------------------------------------------------------------------- the grid's data


@dataclass(frozen=True, slots=True)
class Slot:
    """One position of a crime scene as the seat shown sees it."""

    pos: str
    empty: bool = False
    face: Face | None = None  # what this seat may see there now, if anything
    seen: str = ""  # why: "peek" (now), "memory" (the aid), "revealed" (game over)
    usable: bool = False  # the open decision can pick it
    picked: bool = False  # picked already (the first card of a swap, the peeked card)


@dataclass(frozen=True, slots=True)
class SceneView:
    """One seat's crime scene."""

    seat: int
    letter: str
    name: str
    slots: tuple[Slot, ...]
    kind: str = "human"  # "human", "bot" or "remote"
    turn: bool = False
    knocked: bool = False
    you: bool = False  # the seat shown
    away: bool = False  # a LAN seat whose player dropped (held, or a bot plays meanwhile)


@dataclass(frozen=True, slots=True)
class GridData:
    scenes: tuple[SceneView, ...]

    @property
    def usable(self) -> tuple[str, ...]:
        return tuple(s.pos for sc in self.scenes for s in sc.slots if s.usable)

    @property
    def positions(self) -> tuple[str, ...]:
        """Every position holding a card, in table order."""
        return tuple(s.pos for sc in self.scenes for s in sc.slots if not s.empty)


@dataclass(frozen=True, slots=True)
class BoardData:
    """Everything the board shows: a title, the piles line, the grid, the private line."""

    title: str
    piles: tuple[tuple[Content, ...], ...]  # lines of phrases
    grid: GridData
    private: Content
    owner: str | None = None  # whose private view it is (None: only public)


# --------------------------------------------------------------------------- drawing a grid


def card_height(layout: Layout) -> int:
    return BIG_HEIGHT if layout.big else CARD_HEIGHT if layout.tall else 1


def card_lines(
    slot: Slot,
    width: int,
    tall: bool,
    glyphs: StoolGlyphs,
    *,
    cursor: bool,
    focused: bool,
    big: bool = False,
) -> list[Content]:
    """A card, ``width`` cells wide: one line ("A1 ▒▒") or, ``tall``, a framed card of four
    (``big``: of six, with a gap under the position and the card's name under its face).

    A usable position is in the accent colour, the others muted; the cursor is
    reversed (underlined while the grid has no focus); a card picked already (the
    first of a swap, the peeked card) is underlined, or framed in the warning colour.
    An empty position is a gap.
    """
    if slot.empty:
        return [Content(" " * width)] * (BIG_HEIGHT if big else CARD_HEIGHT if tall else 1)
    pick = f"@click=pick({slot.pos!r})"
    label_style = f"{'bold $accent' if slot.usable else '$text-muted'} {pick}"
    if slot.face is not None:
        underline = " underline" if slot.seen == "peek" else ""
        face = (slot.face.code, f"{slot.face.style}{underline} {pick}")
    else:
        face = (card_back(glyphs), f"$primary {pick}")
    if not tall:
        lines = [Content.assemble((slot.pos.rjust(width - 3) + " ", label_style), face)]
    else:
        inner = width - 2
        h, v, corners = ("-", "|", "++++") if glyphs.ascii else ("─", "│", "╭╮╰╯")
        colour = "bold $warning" if slot.picked else "$accent" if slot.usable else "$text-muted"
        frame = f"{colour} {pick}"
        if slot.face is None:  # a card back fills the card
            face = (glyphs.card_back * inner, face[1])

        def middle(text: str, style: str) -> Content:
            left = (inner - len(text)) // 2
            right = inner - len(text) - left
            return Content.assemble(
                (v, frame), (" " * left, pick), (text, style), (" " * right, pick), (v, frame)
            )

        body = [middle(slot.pos, label_style), middle(*face)]
        if big:
            if slot.face is None:
                name = (face[0], face[1])  # the back fills the card
            elif slot.face.kind == "witness":
                name = ("", pick)
            else:
                name = (slot.face.name[:inner], face[1])
            body = [body[0], middle("", pick), body[1], middle(*name)]
        lines = [
            Content.styled(f"{corners[0]}{h * inner}{corners[1]}", frame),
            *body,
            Content.styled(f"{corners[2]}{h * inner}{corners[3]}", frame),
        ]
    if slot.picked and not tall:  # a framed card shows it by its frame
        lines = [line.stylize("underline") for line in lines]
    if cursor:
        lines = [line.stylize("reverse" if focused else "underline") for line in lines]
    return lines


def scene_lines(
    scene: SceneView,
    width: int,
    cell: int,
    layout: Layout,
    glyphs: StoolGlyphs,
    *,
    cursor: str | None,
    focused: bool,
    head_width: int = 0,
) -> tuple[list[Content], dict[str, tuple[int, int]]]:
    """A crime scene as lines ``width`` cells wide, and where each card is (x, y).

    Its heading is a line of its own, with the cards two by two under it; or, in an
    ``inline`` layout, ``head_width`` cells left of the cards, which then run on in
    rows as wide as ``width`` allows."""
    where: dict[str, tuple[int, int]] = {}
    slots = scene.slots
    tall, gap = layout.tall, layout.cell_gap
    if layout.inline:
        lead = head_width
        per_row = max(1, (width - lead + gap) // (cell + gap))
        lines: list[Content] = []
        head = scene_head(scene, head_width - 1, glyphs, short=True)
        first = head.pad_right(max(0, head_width - head.cell_length))
    else:
        lead = INDENT
        per_row = PER_ROW
        lines = [scene_head(scene, width, glyphs)]
        first = Content(" " * INDENT)
    indent = Content(" " * lead)
    for row in range(0, max(len(slots), 1), per_row):
        cards: list[list[Content]] = []
        x = lead
        for i, slot in enumerate(slots[row : row + per_row]):
            if i:
                x += gap
            cards.append(
                card_lines(
                    slot,
                    cell,
                    tall,
                    glyphs,
                    cursor=slot.pos == cursor,
                    focused=focused,
                    big=layout.big,
                )
            )
            if not slot.empty:
                where[slot.pos] = (x, len(lines))
            x += cell
        for y in range(card_height(layout)):
            parts = [card[y] for card in cards]
            start = first if row == 0 and y == 0 else indent
            lines.append(start + Content(" " * gap).join(parts))
    return [line.pad_right(max(0, width - line.cell_length)) for line in lines], where


def scene_head(
    scene: SceneView, width: int, glyphs: StoolGlyphs, *, short: bool = False
) -> Content:
    """'▶ A ☺ Ann ⚑ you': whose turn, the letter of its positions, human or bot (or the
    away glyph; the bot glyph if a bot plays for them, but for ``short``), the name,
    whether it knocked, "away" if its player dropped, and whether it is the seat
    shown; the name is cut to fit ``width``.  ``short`` (an inline heading): no
    "away" and no "you" (the away glyph still says it)."""
    if scene.away:
        # The bot glyph while a bot plays for the player who is away; not in a short
        # heading, which has no word "away": there the glyph alone says it.
        bot = scene.kind == "bot" and not short
        kind = (f"{glyphs.bot if bot else glyphs.away} ", "bold $warning")
    else:
        kind = (f"{glyphs.bot if scene.kind == 'bot' else glyphs.human} ", "$text-muted")
    tail: list[tuple[str, str]] = []  # a space alone, then the word (an SVG draws it right)
    if scene.knocked:
        tail += [(" ", ""), (glyphs.knock, "bold $warning")]
    if scene.away and not short:
        tail += [(" ", ""), (AWAY, "bold $warning")]
    if scene.you and not short:
        tail += [(" ", ""), ("you", "$text-muted")]
    room = max(2, width - HEAD - sum(len(t) for t, _ in tail))
    name = fit_name(scene.name, room)
    return Content.assemble(
        (f"{glyphs.turn} " if scene.turn else "  ", "bold $accent"),
        (f"{scene.letter} ", "bold $accent"),
        kind,
        (name, "bold"),
        *tail,
    )


class Layout(NamedTuple):
    """How roomy the crime scenes are drawn."""

    tall: bool  # framed cards of four lines, or one line per row of cards
    cell_gap: int  # spaces between two cards
    block_gap: int  # spaces between two crime scenes side by side
    band_gap: int  # blank lines between two bands of crime scenes
    roomy_names: bool  # a crime scene widens for its heading (else names are cut)
    inline: bool = False  # the heading left of the cards, all in one row (else above them)
    big: bool = False  # big framed cards (tall too), for a wide and tall terminal


LAYOUTS = (
    Layout(tall=True, cell_gap=2, block_gap=4, band_gap=1, roomy_names=True, big=True),
    Layout(tall=True, cell_gap=1, block_gap=3, band_gap=1, roomy_names=True),
    Layout(tall=False, cell_gap=2, block_gap=3, band_gap=1, roomy_names=True),
    Layout(tall=False, cell_gap=1, block_gap=2, band_gap=1, roomy_names=False),
    Layout(tall=False, cell_gap=1, block_gap=2, band_gap=0, roomy_names=False),
    Layout(tall=False, cell_gap=1, block_gap=2, band_gap=0, roomy_names=False, inline=True),
)
"""From the roomiest to the densest: the first that fits the grid is used (else the one
that needs the fewest lines).  The densest draws a crime scene on one line (its heading,
then its cards): six players' four cards each take six lines."""

INLINE_NAME = 4
"""The letters of a name an inline heading keeps ("Ale." for Alexandra)."""


def cell_width(grid: GridData, tall: bool, big: bool = False) -> int:
    longest = max((len(s.pos) for sc in grid.scenes for s in sc.slots), default=2)
    if big:
        return max(BIG_WIDTH, longest + 4)
    return max(6, longest + 4) if tall else longest + 3


def head_width(grid: GridData) -> int:
    """The cells an inline heading takes: the longest heading, names cut short."""
    return 1 + max(
        (HEAD + min(cell_len(sc.name), INLINE_NAME) + 2 * sc.knocked for sc in grid.scenes),
        default=HEAD + 2,
    )


def block_width(grid: GridData, layout: Layout, width: int = 0) -> int:
    """A crime scene's width: its cards, or its heading (names cut after a few letters);
    inline, its heading and as many cards in a row as ``width`` allows."""
    cell = cell_width(grid, layout.tall, layout.big)
    if layout.inline:
        lead = head_width(grid)
        most = max((len(sc.slots) for sc in grid.scenes), default=1)
        fit = max(1, (width - lead + layout.cell_gap) // (cell + layout.cell_gap))
        per_row = max(1, min(most, fit))
        return lead + per_row * cell + (per_row - 1) * layout.cell_gap
    heads = (
        HEAD
        + min(cell_len(sc.name), NAME_ROOM)
        + 2 * sc.knocked
        + 4 * sc.you
        + (1 + len(AWAY)) * sc.away
        for sc in grid.scenes
    )
    cards = INDENT + PER_ROW * cell + (PER_ROW - 1) * layout.cell_gap
    away = [HEAD + AWAY_NAME + 2 * sc.knocked + 1 + len(AWAY) for sc in grid.scenes if sc.away]
    cards = max([cards, *away])  # room for "… Bob away", even when dense
    return max(cards, min(max(heads), MAX_BLOCK)) if layout.roomy_names else cards


def layout_grid(
    grid: GridData,
    width: int,
    layout: Layout,
    glyphs: StoolGlyphs,
    *,
    cursor: str | None,
    focused: bool,
) -> tuple[list[Content], dict[str, tuple[int, int]]]:
    """The crime scenes drawn in ``layout``: side by side as far as ``width`` allows,
    band under band."""
    cell = cell_width(grid, layout.tall, layout.big)
    block = block_width(grid, layout, width)
    lead = head_width(grid)
    gap = layout.block_gap
    scenes = grid.scenes
    most = max(1, (width + gap) // (block + gap))
    bands = -(-len(scenes) // most)
    per_band = -(-len(scenes) // max(1, bands))  # bands as even as they can be: 2+2, 3+3
    lines: list[Content] = []
    where: dict[str, tuple[int, int]] = {}
    for start in range(0, len(scenes), per_band):
        if lines:
            lines.extend([Content("")] * layout.band_gap)
        blocks = []
        for column, scene in enumerate(scenes[start : start + per_band]):
            block_lines, cells = scene_lines(
                scene,
                block,
                cell,
                layout,
                glyphs,
                cursor=cursor,
                focused=focused,
                head_width=lead,
            )
            x0 = column * (block + gap)
            for pos, (x, y) in cells.items():
                where[pos] = (x0 + x, len(lines) + y)
            blocks.append(block_lines)
        rows = max(len(b) for b in blocks)
        for y in range(rows):
            row = [b[y] if y < len(b) else Content(" " * block) for b in blocks]
            lines.append(Content(" " * gap).join(row).rstrip())
    return lines, where


def fewest_lines(grid: GridData, width: int) -> int:
    """The lines the crime scenes need at least in ``width`` cells (the densest layout)."""
    return min(
        len(layout_grid(grid, width, layout, _ASCII, cursor=None, focused=False)[0])
        for layout in LAYOUTS
    )


def grid_layout(
    grid: GridData,
    width: int,
    height: int,
    glyphs: StoolGlyphs,
    *,
    cursor: str | None,
    focused: bool,
) -> tuple[list[Content], dict[str, tuple[int, int]]]:
    """Crime scenes side by side as far as ``width`` allows, band under band, in the
    roomiest layout that fits ``height`` (else the one that needs the fewest lines)."""
    best: tuple[list[Content], dict[str, tuple[int, int]]] | None = None
    for layout in LAYOUTS:
        lines, where = layout_grid(grid, width, layout, glyphs, cursor=cursor, focused=focused)
        if len(lines) <= height:
            return centred(lines, where, width)
        if best is None or len(lines) < len(best[0]):
            best = (lines, where)
    assert best is not None
    return centred(*best, width)


def centred(
    lines: list[Content], where: dict[str, tuple[int, int]], width: int
) -> tuple[list[Content], dict[str, tuple[int, int]]]:
    """The crime scenes in the middle of ``width`` (not left with a gap at the right)."""
    used = max((line.cell_length for line in lines), default=0)
    margin = (width - used) // 2
    if margin <= 0:
        return lines, where
    pad = Content(" " * margin)
    return [pad + line for line in lines], {p: (x + margin, y) for p, (x, y) in where.items()}


# --------------------------------------------------------------------------- widgets


class SceneGrid(CursorGrid[GridData]):
    """Every crime scene; arrows move between cards, Enter (or a click) picks one."""

    MOVE_AMONG_ALL = True  # the cursor may rest on any card, to read its position
    glyphs: StoolGlyphs

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Pick", tooltip="Pick the card under the cursor"),
    ]

    class PositionChosen(CursorGrid.PositionChosen):
        """The player picked the card at ``pos``."""

    def board_lines(
        self, data: GridData, cursor: str | None
    ) -> tuple[list[Content], dict[str, tuple[int, int]]]:
        size = self.size
        return grid_layout(
            data,
            max(1, size.width),
            max(1, size.height),
            self.glyphs,
            cursor=cursor,
            focused=self.has_focus,
        )

    def usable(self, data: GridData) -> tuple[str, ...]:
        return data.usable

    def positions(self, data: GridData) -> tuple[str, ...]:
        return data.positions


class Phrases(Widget):
    """Lines of short phrases, each kept whole: a line too long for the width goes on
    between two phrases, never inside one.  With ``max_lines`` (a short board), the
    lines run into each other and what does not fit is left out, from the end."""

    lines: reactive[tuple[tuple[Content, ...], ...]] = reactive((), layout=True)
    max_lines: reactive[int | None] = reactive(None, layout=True)

    def natural(self, width: int) -> list[Content]:
        """The lines as they are, each flowed in ``width`` cells."""
        return [line for phrases in self.lines for line in flow(phrases, width, PHRASE_GAP)]

    def _flow(self, width: int) -> list[Content]:
        out = self.natural(width)
        limit = self.max_lines
        if limit is not None and _height(out, width) > limit:
            every = [phrase for phrases in self.lines for phrase in phrases]
            out = flow(every, width, PHRASE_GAP)
            while len(out) > 1 and _height(out, width) > limit:
                out.pop()
        return out

    def render(self) -> Content:
        return Content("\n").join(self._flow(max(1, self.size.width)))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return _height(self._flow(max(1, width)), width)


def _height(lines: Sequence[Content], width: int) -> int:
    """The rows ``lines`` take in ``width`` cells (a line wider than that wraps)."""
    return sum(max(1, -(-line.cell_length // max(1, width))) for line in lines)


class StoolBoard(Vertical):
    """The middle of the table: the piles and whose turn, the crime scenes, and what only
    the seat shown may see now (the drawn card, a peek).  ``m`` toggles its memory aid
    (offered only while a seat's own view is shown).

    Two keys of the game screen are worded here the game's way, so that the footer
    holds every key in 80 columns: Escape (back to your turn, after buzzing) is "Back",
    and the "nobody claims" key is, like the buzzers, shown in the race's banner only.
    Both run the screen's own actions, when the screen allows them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "memory_aid", "Memory", tooltip="Turn the memory aid on or off"),
        Binding("escape", "screen.back", "Back", tooltip="Back to your turn"),
        Binding("n", "screen.nobody('claim')", "Nobody claims", show=False),
    ]

    class MemoryAidToggled(PaneSetting):
        """The player asked for the memory aid on (or off)."""

    data: reactive[BoardData | None] = reactive(None)

    def __init__(self, glyphs: StoolGlyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs

    def compose(self) -> ComposeResult:
        yield Phrases(id="stool-piles")
        yield SceneGrid(self.glyphs, id="stool-grid")
        yield Static(id="stool-private")

    def on_mount(self) -> None:
        if coming_down(self):
            return
        self.border_title = "Crime scenes"
        self._show(self.data)

    def _show(self, data: BoardData | None) -> None:
        piles = self.query_one("#stool-piles", Phrases)
        private = self.query_one("#stool-private", Static)
        grid = self.query_one(SceneGrid)
        if data is None:
            piles.lines = ()
            private.update("")
            grid.data = None
            return
        self.border_title = plain(data.title)
        piles.lines = data.piles
        private.update(data.private)
        private.display = bool(data.private.plain)
        grid.data = data.grid
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Every card in sight: if the crime scenes, even in their densest layout, would
        not fit under the piles' lines, those lines get only the rows left (they run
        into each other, and what still does not fit is left out)."""
        data = self.data
        piles = self.query_one("#stool-piles", Phrases)
        size = self.content_size
        if data is None or size.height <= 0 or size.width <= 0:
            piles.max_lines = None
            return
        grid = self.query_one(SceneGrid)
        private = self.query_one("#stool-private", Static)
        piles_width = max(1, size.width - piles.styles.gutter.width)
        natural = _height(piles.natural(piles_width), piles_width)
        private_rows = 0
        if data.private.plain:
            private_width = max(1, size.width - private.styles.gutter.width)
            private_rows = len(data.private.wrap(private_width))
        grid_width = max(1, size.width - grid.styles.gutter.width)
        need = fewest_lines(data.grid, grid_width) + grid.styles.gutter.height
        room = size.height - private_rows - need
        piles.max_lines = None if natural <= room else max(1, room)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "memory_aid":
            return self.data is not None and self.data.owner is not None
        return True

    def watch_data(self, data: BoardData | None) -> None:
        if self.is_mounted:
            self._show(data)
            self.refresh_bindings()

    def action_memory_aid(self) -> None:
        if self.data is not None and self.data.owner is not None:
            self.post_message(self.MemoryAidToggled())

    def focus_grid(self) -> None:
        self.query_one(SceneGrid).focus()


# --------------------------------------------------------------------------- the game's UI


class StoolUI(GameUI):
    """Stool Pigeon on the shared game screen: the board (piles, crime scenes, private
    line) on the left, the log on the right; a race is a window with a buzzer key for
    every human seat.  The board's crime scenes name every seat with its turn, kind and
    knock, so the seats pane is left out (80 columns are not enough for both)."""

    reaction: ClassVar[str] = "claim"
    loose_keys: ClassVar[int] = 3  # Draw, Take and Knock; Pass; a Kingpin's gifts
    buzz_shown_seat: ClassVar[bool] = True
    seats_pane: ClassVar[bool] = False
    glyphs: StoolGlyphs

    def __init__(self, glyphs: Glyphs) -> None:
        super().__init__(stool_glyphs(glyphs))
        self.memory_aid: set[int] = set()
        """The seats that turned the memory aid on."""
        self._prefs: tuple[SeatPrefs, str, int] | None = None
        """At a LAN seat: where its choice is kept (the app's store, the seat's key, the
        seat), so that taking the seat back again finds the memory aid as it was."""
        self._prefs_read = False

    def compose_main(self) -> ComposeResult:
        yield StoolBoard(self.glyphs, id="stool")

    def focus(self, screen: Screen[Any]) -> None:
        screen.query_one(StoolBoard).focus_grid()

    def _read_prefs(self, screen: Screen[Any], presence: Presence) -> None:
        """Once, before anything is drawn: the LAN seat's memory aid as its player left it."""
        if self._prefs_read:
            return
        self._prefs_read = True
        prefs = seat_prefs(screen)
        key = SeatPrefs.key(presence)
        seat = presence.seat
        if prefs is None or key is None or seat is None:
            return
        self._prefs = (prefs, key, seat)
        if prefs.get(key, "memory_aid"):
            self.memory_aid.add(seat)

    def aid_on(self, seat: int | None) -> bool:
        return seat is not None and seat in self.memory_aid

    # ------------------------------------------------------------------ the prompt bar

    def ordered_options(self, shown: Shown) -> list[tuple[str, str]]:
        prompt = shown.prompt
        assert prompt is not None
        out = []
        for option in prompt.options:
            chosen = try_parse(option.id)
            pos = None if chosen is None else chosen.pos
            short = chosen is not None and chosen.verb != "eliminate"
            out.append((option.id, pos if short and pos else option.label))
        return out

    def choices(self, shown: Shown) -> list[Choice]:
        """A position's options are about the card there: it keeps its key for the game
        (A1 is 4 in a swap, a peek and a race alike; keyed in order, a card eliminated
        in a race moved every later key by one, and players claimed the wrong card).
        Pass, Draw, Take, Knock and a Kingpin's gifts follow, on 1-3 first."""
        return [
            (option_id, label, position_of(option_id))
            for option_id, label in self.ordered_options(shown)
        ]

    def board_slots(self, shown: Shown) -> list[str]:
        """Every position of the crime scenes: the four each scene starts with, seat by
        seat (A1..A4, B1..B4...: with six players, the 24 of them have the keys after
        1-3, whenever the game was joined or resumed), then the others (a penalty
        card's A5), which take the keys left while any is (with four players, eight
        are) and else follow."""
        every = [
            str(slot["pos"])
            for seat_view in public_view(shown.public)["seats"]
            for slot in seat_view["slots"]
        ]

        def order(pos: str) -> tuple[bool, int, int]:
            seat, index = parse_position(pos)
            return (index >= START_CARDS, seat, index)

        return sorted(every, key=order)

    def window_for_others(self, shown: Shown, asked: str) -> str:
        race = public_view(shown.public).get("race") or {}
        if race.get("open") and race.get("card"):
            name = Face.from_view(race["card"]).name
            return f"Race for the {name}: {asked} may claim."
        return super().window_for_others(shown, asked)

    def prompt_info(self, shown: Shown) -> PromptInfo:
        prompt = shown.prompt
        assert prompt is not None
        options = self.keyed(shown)
        text, hint = prompt.text, ""
        pick = "Pick a card: arrows and Enter on the crime scenes, or its key."
        if prompt.kind == "peek":
            text = "Look at your two bottom cards (once only!): they are face up on your scene."
            hint = "Remember them." if not self.aid_on(shown.seat) else ""
        elif prompt.kind == "race":
            race = public_view(shown.public).get("race") or {}
            card = race.get("card")
            name = Face.from_view(card).name if card else "card"
            text = f"Race: claim a matching {name} anywhere, or pass. Wrong costs a penalty card."
            hint = "Pick a card (arrows and Enter, or its key)."  # one line, with what follows
            if shown.claiming:
                hint += " Escape: back to your turn."
            elif shown.countdown:
                hint += " Silence passes."
        elif prompt.kind in POSITION_KINDS:
            hint = pick
        elif prompt.kind == "kingpin":
            hint = "To eliminate a card, you can also pick it on your crime scene."
        return PromptInfo(text, options, hint, prompt.kind)

    # ------------------------------------------------------------------ the board

    def fill(self, screen: Screen[Any], shown: Shown, info: PromptInfo) -> None:
        self._read_prefs(screen, shown.presence)
        screen.query_one(StoolBoard).data = self.board_data(shown, shown.presence.away)

    def board_data(self, shown: Shown, away: frozenset[int] = frozenset()) -> BoardData:
        """Everything the board shows for ``shown``; ``away``: the seats whose player
        dropped (a LAN table)."""
        public = public_view(shown.public)
        private = private_view(shown.private if shown.seat is not None else {})
        prompt = shown.prompt
        usable = {position_of(o.id) for o in prompt.options} if prompt is not None else set()
        peeks = {str(p["pos"]): Face.from_view(p["card"]) for p in private.get("peek", ())}
        memory = private.get("memory", {}) if self.aid_on(shown.seat) else {}
        stage = public["stage"]
        picked = {str(p) for p in stage.get("picked") or ()}
        giveback = public.get("giveback")
        if giveback:
            picked.add(str(giveback["pos"]))
        knock = public["knock"]
        playing = public.get("phase") == "play"
        scenes = []
        for seat_view in public["seats"]:
            x = int(seat_view["seat"])
            slots = []
            for slot in seat_view["slots"]:
                pos = str(slot["pos"])
                face: Face | None = None
                seen = ""
                if slot.get("face_up") and slot.get("card"):
                    face, seen = Face.from_view(slot["card"]), "revealed"
                elif pos in peeks:
                    face, seen = peeks[pos], "peek"
                elif pos in memory:
                    face, seen = Face.from_view(memory[pos]), "memory"
                slots.append(
                    Slot(
                        pos=pos,
                        empty=bool(slot["empty"]),
                        face=face,
                        seen=seen,
                        usable=pos in usable,
                        picked=pos in picked,
                    )
                )
            scenes.append(
                SceneView(
                    seat=x,
                    letter=str(seat_view["letter"]),
                    name=str(seat_view["name"]),
                    slots=tuple(slots),
                    kind=shown.kinds[x] if x < len(shown.kinds) else "human",
                    turn=playing and int(public["turn"]) == x,
                    knocked=knock is not None and knock["seat"] == x,
                    you=x == shown.seat and not shown.all_seeing,
                    away=x in away,
                )
            )
        title = "Crime scenes"
        if shown.seat is not None:
            title += f" {dash(self.glyphs)} memory aid {'on' if self.aid_on(shown.seat) else 'off'}"
        return BoardData(
            title=title,
            piles=self.piles_line(shown),
            grid=GridData(tuple(scenes)),
            private=self.private_line(shown, peeks),
            owner=None if shown.seat is None else shown.names[shown.seat],
        )

    def piles_line(self, shown: Shown) -> tuple[tuple[Content, ...], ...]:
        """The DRAW count and the PLAY top; then whose turn, the knock and the race."""
        g = self.glyphs
        public = public_view(shown.public)
        names = shown.names
        piles = [Content.styled(f"{g.deck} DRAW {public['draw_count']}", "bold")]
        top = public.get("play_top")
        if not top:
            piles.append(Content.assemble((f"{g.discard} PLAY", "bold"), " ", ("empty", "dim")))
        else:
            face = Face.from_view(top)
            name = face.name if face.kind == "witness" else f"{face.name} {face.value}"
            piles.append(Content.assemble((f"{g.discard} PLAY ", "bold"), (name, face.style)))
            if top.get("eliminated"):
                piles.append(Content.styled("(eliminated)", "$text-muted"))
            elif not top.get("takeable"):
                piles.append(Content.styled("(can't be taken)", "$text-muted"))
        status: list[Content] = []
        if public.get("phase") == "peek":
            status.append(Content("Everyone peeks at their two bottom cards."))
        elif public.get("over"):
            status.append(Content.styled("Every card is revealed.", "bold"))
        else:
            turn = int(public["turn"])
            status.append(
                Content.styled(f"{names[turn]}'s turn (round {public['round']}).", "bold")
            )
            taken = (public.get("stage") or {}).get("taken")
            if taken:
                status.append(Content(f"Took {Face.from_view(taken).words}."))
        knock = public.get("knock")
        if knock and not public.get("over"):
            left = int(knock["last_turns"])
            turns = "last turn" if left == 1 else "last turns"
            who = names[int(knock["seat"])]
            status.append(
                Content.styled(f"{g.knock} {who} knocked: {left} {turns} left.", "bold $warning")
            )
        race = public.get("race") or {}
        if race.get("open") and race.get("card"):
            name = Face.from_view(race["card"]).name
            status.append(Content.styled(f"Race for the {name}!", "bold $warning"))
        return (tuple(piles), tuple(status))

    def private_line(self, shown: Shown, peeks: Mapping[str, Face]) -> Content:
        """What only the seat shown may see now: the card it drew, what it peeks at."""
        if shown.seat is None:
            return Content("")
        drawn = private_view(shown.private).get("drawn")
        who = shown.names[shown.seat] if shown.all_seeing else "You"  # a demo: by name
        if drawn:
            face = Face.from_view(drawn)
            took = (public_view(shown.public).get("stage") or {}).get("from") == "play"
            return Content.assemble(
                (f"{who} took " if took else f"{who} drew ", "bold"),
                (face.words, face.style),
                ": swap it in.",
            )
        if peeks:
            seen = ", ".join(f"{pos} is {face.words}" for pos, face in peeks.items())
            sees = f"{who} sees" if shown.all_seeing else "You see"
            return Content.assemble((f"{sees}: ", "bold"), (seen + ".", "bold $accent"))
        return Content("")

    # ------------------------------------------------------------------ the log

    def log_line(self, event: Event, seat: int | None) -> LogLine:
        """A seat's private lines (its draws and peeks) in public words, unless its memory
        aid is on: the log must not remember for the player."""
        if self.aid_on(seat):
            return super().log_line(event, seat)
        return LogLine(event.text, kind=event.kind)

    # ------------------------------------------------------------------ choosing

    def option_for(self, choice: PaneChoice, shown: Shown) -> tuple[str | None, str]:
        pos = getattr(choice, "pos", None)
        prompt = shown.prompt
        if prompt is None or pos is None:
            return None, "There is nothing to decide right now."
        for option in prompt.options:
            if position_of(option.id) == pos:
                return option.id, ""
        if prompt.kind in POSITION_KINDS or prompt.kind == "kingpin":
            return None, f"{pos} cannot be picked for this."
        return None, "Choose with the keys of the prompt bar first."

    def setting(self, change: PaneSetting, shown: Shown) -> None:
        if isinstance(change, StoolBoard.MemoryAidToggled) and shown.seat is not None:
            self.memory_aid.symmetric_difference_update({shown.seat})
            if self._prefs is not None and self._prefs[2] == shown.seat:
                prefs, key, seat = self._prefs
                prefs.put(key, "memory_aid", seat in self.memory_aid)

    def curtain_reason(self, name: str, prompt: Prompt | None, public: Mapping[str, Any]) -> str:
        kind = prompt.kind if prompt is not None else ""
        if kind == "peek":
            return f"Each player looks at their two bottom cards in turn: now {name}."
        if kind == "draw":
            return f"It is {name}'s turn."
        if kind == "giveback":
            return f"{name} gives a card back."
        if kind in ("swap", "look", "seen", "switch", "kingpin"):
            return f"Back to {name}'s turn."
        return f"{name} has a choice to make."

    # ------------------------------------------------------------------ the end

    def result(self, view: Mapping[str, Any], names: tuple[str, ...]) -> GameResult:
        public = public_view(view)
        outcome: Mapping[str, Any] = public.get("result") or {}
        winners = [int(w) for w in outcome.get("winners", ())]
        scores = list(outcome.get("scores", ()))
        counts = list(outcome.get("cards", ()))
        # The reason says with what ("... wins with the lowest total, 9."), as Chat
        # perché's does.
        title = winners_title(names, winners, "!") if winners else "No one wins."
        reason = str(outcome.get("reason", ""))
        rat_value = int(outcome.get("rat_value") or 0)
        rat_pos = outcome.get("rat_pos")
        if rat_pos:
            rat_card = outcome.get("rat_card")
            why = (
                f"the top DRAW card is {Face.from_view(rat_card).words}"
                if rat_card
                else "there is no DRAW card"
            )
            reason += f"\nThe Rat (in {rat_pos}) is worth {rat_value}: {why}."
        sections = tuple(
            self.revealed_scene(
                seat,
                names,
                total=scores[i] if i < len(scores) else None,
                count=counts[i] if i < len(counts) else None,
                winner=i in winners,
                rat_value=rat_value,
            )
            for i, seat in enumerate(public["seats"])
        )
        return GameResult(title, reason, sections)

    def revealed_scene(
        self,
        seat: Seat,
        names: Sequence[str],
        *,
        total: int | None,
        count: int | None,
        winner: bool,
        rat_value: int,
    ) -> ResultSection:
        """A crime scene on the game-over screen: name, total, then every card face up at
        its position (an item each: a card never breaks across lines)."""
        g = self.glyphs
        x = int(seat["seat"])
        cards = "card" if count == 1 else "cards"
        head = Content.assemble(
            (f"{g.turn} " if winner else "  ", "bold $accent"),
            (f"{seat['letter']} {names[x]}  ", "bold"),
            "total ",
            (f"{total} ", "bold"),
            f"({count} {cards})",
        )
        items: list[Content] = []
        for slot in seat["slots"]:
            card = slot.get("card")
            if slot.get("empty") or not card:
                continue
            face = Face.from_view(card)
            if face.kind == "rat":
                text = f"Rat={rat_value}"
            elif face.kind == "witness":
                text = face.name
            else:
                text = f"{face.name} {face.value}"
            items.append(
                Content.assemble((str(slot["pos"]), "$text-muted"), " ", (text, face.style))
            )
        return ResultSection(head, tuple(items))


UI = StoolUI
