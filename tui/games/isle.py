"""The Isle of Cats on screen: your boat large, your hand, the island, the cards played,
and :class:`IsleUI`, the game's half of the shared game screen.

Everything here reads *views* (:mod:`engine.games.isle.view`); nothing holds or
changes engine state.  The one thing the presenter keeps is where the tile being
placed stands on the boat (a cursor: square and orientation), which the boat's keys
move (:class:`tui.widgets.boat.BoatView`): arrows move it, ``r`` turns it, ``f`` flips
it, Enter places it with a structured ``place:<tile>:<x>:<y>:<o>`` answer
(:mod:`engine.games.isle.options`).  Whether it may stand there is worked out here
with :mod:`engine.games.isle.shapes` from the view, and the prompt bar says why not
(outside, overlap, not touching) before Enter is pressed.

Every other decision (draft, buying, rescue cards, rescue, finds, colours, treasures)
goes on the prompt bar with short labels (the verb and the card's name); the hand
pane shows the same key beside each card with its kind, cost and text.

Letters go with every colour: cats B G R P O (blue green red purple orange), rare
treasures ``*``, common ones ``+``; card kinds R (rescue), L (private lesson), P
(public lesson), A (anytime), T (treasure), X (Oshax).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from engine.core import Prompt
from engine.games.isle.bots import Boat
from engine.games.isle.components import COLOUR_LETTER, OSHAX_SHAPES, ROOM_LETTERS, ROOM_NAMES
from engine.games.isle.options import AUTO, END, PASS, PLACE, card_number, make, make_place, parse
from engine.games.isle.scoring import (
    Board,
    Placed,
    family_points,
    largest_family,
    score,
    total,
)
from engine.games.isle.shapes import (
    BOATS,
    HULL,
    ROOMS,
    H,
    W,
    cells_of,
    groups,
    is_legal,
    legal_placements,
    oriented,
    placement,
    sq,
    xy,
)
from engine.games.isle.state import tile_shape
from themes import ASCII_GLYPHS, Glyphs
from tui.games.base import GameUI, Shown, winners_title
from tui.widgets import KeyBook, KeyedOption, PromptInfo, keyed_options, keyed_slots
from tui.widgets.boat import BoatData, BoatView, Preview, boat_lines
from tui.widgets.key_scroll import KeyScroll
from tui.widgets.pane_messages import PaneChoice, PaneSetting, ScreenKey
from tui.widgets.prompt_bar import OPTION_KEYS, bar_rows
from tui.widgets.result import ITEM_GAP, GameResult, ResultSection, flow

if TYPE_CHECKING:
    from textual.screen import Screen

__all__ = ["UI", "IsleUI"]

KIND_LETTER = {
    "rescue": "R",
    "private": "L",
    "public": "P",
    "anytime": "A",
    "treasure": "T",
    "oshax": "X",
}
KIND_WORD = {
    "rescue": "Rescue cards",
    "private": "Private lessons",
    "public": "Public lessons",
    "anytime": "Anytime cards",
    "treasure": "Treasure cards",
    "oshax": "Oshax cards",
}
KIND_ORDER = ("rescue", "private", "public", "anytime", "treasure", "oshax")
KIND_STYLE = {
    "rescue": "bold $primary",
    "private": "bold $secondary",
    "public": "bold $secondary",
    "anytime": "bold $accent",
    "treasure": "bold $warning",
    "oshax": "bold $success",
}
PHASE_WORD = {
    "draft": "draft",
    "buy": "buying cards",
    "commit": "choosing rescue cards",
    "rescue": "rescue",
    "finds": "rare finds",
    "last": "last cards",
    "over": "over",
}
FIELD_WORD = ("Left field", "Right field")
CARD_PHASES = ("draft", "buy", "commit")
COLOUR_KEY = {"blue": "b", "green": "g", "red": "r", "orange": "o", "purple": "u"}
"""A colour's key where one is chosen (p is the command palette's)."""
PICK_VERBS = frozenset({"common", "rare", "oshax"})
"""The options that choose a treasure or an Oshax: drawn with their keys on the island."""
RESCUE_CARD_KEYS = 2
"""Keys of a rescue turn kept for the seat's anytime cards (2 and 3: Pass or End is on
1, the cats from 4 on)."""
TALL = 34
"""Rows from which the boat stays on screen while cards are chosen."""
WIDE_COLUMNS = 110
"""Columns from which the cards played may go under the hand (see IsleUI.fill)."""
MAIN_COLUMNS = 48
"""The width of the left column (boat and hand), as isle.tcss sets it."""
PLAYED_ROWS = 12
"""The most rows of the cards played under the hand (its pane scrolls past them)."""
LOG_ROWS = 5
"""The log's least height (game.tcss)."""
FIELD_WIDTH = 30
"""Columns the cats of a field are drawn in (the side column at 80 columns)."""
NBSP = "\u00a0"  # a space that textwrap does not break at
FIELD_GAP = 2
"""Columns between the two fields where they stand side by side."""
OTHER_WIDTH = 22
"""Columns of another player's block on the island (their name, fish and boat): the
hull's width, so that three stand side by side in the island at 120 columns."""
TREASURE_WIDTH = 18
"""The least columns of the treasures' block beside the other players."""
VERB_WORD = {
    "keep": "Keep",
    "buy": "Buy",
    "unbuy": "Put back",
    "commit": "Commit",
    "uncommit": "Take back",
    "play": "Play",
    "drop": "Drop",
}

HAND_WIDTH = 44
"""The hand's text width before the pane is laid out (its width at 80 columns)."""

CARD_INDENT = 5
"""A card's text is indented under its name (past the key and the kind letter)."""


def is_ascii(glyphs: Glyphs) -> bool:
    return glyphs == ASCII_GLYPHS


def colour_style(colour: str | None) -> str:
    """A cat's colour as a foreground style (the theme's flock colours)."""
    return f"bold $pigeon-{colour}" if colour else "bold"


def tile_char(kind: str, colour: str | None) -> str:
    if kind == "rare":
        return "*"
    if kind == "common":
        return "+"
    return COLOUR_LETTER.get(colour or "", "X")


def tile_style(kind: str, colour: str | None) -> str:
    """A tile on a boat: its letter on its colour."""
    if kind == "rare":
        return "bold $background on $warning"
    if kind == "common":
        return "bold $background on $foreground 70%"
    if colour is None:
        return "bold reverse"
    return f"bold $background on $pigeon-{colour}"


def _room_rows() -> tuple[str, ...]:
    rows = []
    for y in range(H):
        row = []
        for x in range(W):
            bit = 1 << sq(x, y)
            letter = " "
            if HULL & bit:
                letter = next((r for r in ROOM_LETTERS if ROOMS[r] & bit), "c")
            row.append(letter)
        rows.append("".join(row))
    return tuple(rows)


ROOM_ROWS = _room_rows()


def occupied_of(cover: Sequence[str]) -> int:
    """The mask of the covered squares of a view's ``cover`` rows."""
    mask = 0
    for y, row in enumerate(cover):
        for x, ch in enumerate(row):
            if ch not in " .":
                mask |= 1 << sq(x, y)
    return mask


def why_not(shape: str, x: int, y: int, o: int, occupied: int, anywhere: bool) -> str | None:
    """Why the tile may not stand there (None: it may), in a player's words, to follow
    "Not here: "."""
    mask = placement(shape, x, y, o)
    if mask is None:
        return "part of it would be outside your boat."
    if mask & occupied:
        return "it would overlap a tile already on your boat."
    if not is_legal(mask, occupied, anywhere):
        return "it must touch a tile already on your boat along an edge."
    return None


def tiles_of(player: Mapping[str, Any]) -> tuple[Placed, ...]:
    """The tiles on a player's boat as the scoring sees them, from its view."""
    from engine.games.isle.bots import tile_masks

    masks = tile_masks(player["cover"])
    return tuple(
        Placed(str(t["kind"]), t.get("colour"), masks[k])
        for k, t in enumerate(player["tiles"])
        if k in masks
    )


def board_of(player: Mapping[str, Any], private: Sequence[int] = ()) -> Board:
    """A player's boat as the scoring sees it, from a view (public: any player's)."""
    return Board(
        str(player["boat"]),
        tiles_of(player),
        private=tuple(private),
        baskets=int(player["baskets"]),
        fish=int(player["fish"]),
    )


def score_lines(shown: Shown, me: Mapping[str, Any]) -> list[Content]:
    """The score overlay: the seat's score if the game ended now, line by line (rats,
    rooms, families, rare treasures, its private and the public lessons) and the total."""
    public = shown.public
    lessons = [card_number(str(c["id"])) for c in shown.private.get("private_lessons") or []]
    board = replace(
        board_of(me, lessons), first=bool(public["order"]) and public["order"][0] == me["seat"]
    )
    others = [largest_family(board_of(p)) for p in public["players"] if p["seat"] != me["seat"]]
    in_play = [
        (card_number(str(lesson["card"]["id"])), lesson.get("colour"))
        for lesson in public.get("public_lessons") or []
    ]
    lines = score(board, in_play, others)
    out = [Content.styled("Your score if the game ended now (s hides it):", "bold $accent")]
    for line in lines:
        out.append(
            Content.assemble(
                (
                    f"{line.points:+4d} ",
                    "bold $success"
                    if line.points > 0
                    else "bold $error"
                    if line.points < 0
                    else "bold",
                ),
                line.label,
            )
        )
    out.append(Content.styled(f"{total(lines):+4d} in all", "bold"))
    return out


def placement_effects(me: Mapping[str, Any], tile: Mapping[str, Any], mask: int) -> list[str]:
    """What placing ``tile`` on ``mask`` changes on the player's boat, in words: the
    family it joins (its size and the points of the player's families of that colour,
    before and after) and the rooms it fills (no more -5)."""
    placed = tiles_of(me)
    words: list[str] = []
    colour = tile.get("colour")
    if colour and tile.get("kind") in ("cat", "oshax"):
        before = [p.mask for p in placed if p.colour == colour and p.kind in ("cat", "oshax")]
        after = [*before, mask]
        size = next(len(g) for g in groups(after) if len(after) - 1 in g)
        points = sum(family_points(len(g)) for g in groups(after)) - sum(
            family_points(len(g)) for g in groups(before)
        )
        a = "an" if colour[:1] in "aeiou" else "a"  # an orange family
        if size > 1:
            words.append(
                f"{a.capitalize()} {colour} family of {size}"
                + (f": {points:+d} to your score." if points else " (3 make a family that scores).")
            )
        else:
            words.append(f"It starts {a} {colour} family (3 cats or more score).")
    cover = 0
    for p in placed:
        cover |= p.mask
    filled = [
        ROOM_NAMES[letter]
        for letter, room in ROOMS.items()
        if room & ~cover and not room & ~(cover | mask)
    ]
    if filled:
        them = "it" if len(filled) == 1 else "them"
        words.append(f"It fills the {', the '.join(filled)}: no -5 for {them}.")
    return words


def careful(left: int, fish: int) -> str:
    """The buying reminder, once half the fish or more is in the cart."""
    return (
        f"Careful: {left} of your {fish} fish left for the cats (3 or 5 each): "
        "each card you buy now leaves fewer."
    )


"""Said once more than half of the fish is in the cart (in the hand and on the bar)."""
LONE_HALF = "a lone half basket (another half makes a basket)"
"""The hand's basket line when a revealed rescue card's half basket has no pair yet."""

ROOM_SHORT: dict[str, str] = {
    "P": "parrot",
    "Q": "parrot",
    "M": "moon",
    "N": "moon",
    "A": "apple",
    "K": "corn",
    "c": "corridor",
}
"""A room as its icon names it (the cards speak of the parrot rooms, the moon rooms, the
apple room), short enough for the boat's lower border."""


def rooms_under(cells: Sequence[tuple[int, int]]) -> str:
    """The rooms a tile at ``cells`` lies in, by their icons ("room: apple", "rooms:
    parrot, moon, corridor"), for the boat's lower border while it is placed: the
    drawing outlines the rooms, this names them (which parrot or moon room is in
    sight).  Empty when the tile is wholly off the hull."""
    letters = {ROOM_ROWS[y][x] for x, y in cells if 0 <= x < W and 0 <= y < H} - {" "}
    names = list(dict.fromkeys(n for letter, n in ROOM_SHORT.items() if letter in letters))
    if not names:
        return ""
    return f"{'room' if len(names) == 1 else 'rooms'}: {', '.join(names)}"


def box(shape: str, o: int) -> tuple[int, int]:
    cells = oriented(shape, o)
    return max(cx for cx, _ in cells) + 1, max(cy for _, cy in cells) + 1


def mini_boat(player: Mapping[str, Any], ascii_only: bool) -> list[Content]:
    """A boat in miniature: one character per square."""
    return boat_lines(boat_data(player, wide=False, ascii_only=ascii_only))


def boat_data(
    player: Mapping[str, Any],
    *,
    wide: bool,
    ascii_only: bool,
    preview: Preview | None = None,
    legal: frozenset[tuple[int, int]] = frozenset(),
) -> BoatData:
    from engine.games.isle.view import COVER_KEYS

    tiles: dict[str, tuple[str, str]] = {}
    for k, t in enumerate(player["tiles"]):
        kind, colour = str(t["kind"]), t.get("colour")
        tiles[COVER_KEYS[k]] = (tile_char(kind, colour), tile_style(kind, colour))
    boat = BOATS[str(player["boat"])]
    rats = frozenset(xy(i) for i in range((W + 1) * H) if boat.rats >> i & 1)
    maps = {
        xy(index): (COLOUR_LETTER[colour].lower(), colour_style(colour))
        for colour, index in boat.maps.items()
    }
    return BoatData(
        cover=tuple(player["cover"]),
        tiles=tiles,
        rooms=ROOM_ROWS,
        rats=rats,
        maps=maps,
        preview=preview,
        legal=legal,
        wide=wide,
        ascii=ascii_only,
    )


def shape_rows(shape: str, char: str, style: str) -> list[list[tuple[str, str]]]:
    """A tile drawn small (one character per square), lying flat: in its orientation 0,
    or a quarter turn from it where that is lower (a row of tiles takes 3 lines, not 5)."""
    o = 1 if box(shape, 1)[1] < box(shape, 0)[1] else 0
    cells = set(oriented(shape, o))
    w, h = box(shape, o)
    return [[(char, style) if (x, y) in cells else (" ", "") for x in range(w)] for y in range(h)]


def rows_of(text: Content, width: int) -> int:
    """The rows ``text`` takes in a pane ``width`` columns wide (long lines wrap)."""
    return sum(max(1, -(-line.cell_length // width)) for line in text.split("\n"))


Drawn = tuple[str | Content, list[list[tuple[str, str]]]]
"""A tile for :func:`flow_tiles`: its label (an id, or a Content with a key on it) and
its drawing, rows of (character, style) cells."""


def tile_width(tile: Drawn) -> int:
    """The columns a tile takes in :func:`flow_tiles`: its drawing or its id under it,
    whichever is wider, and a space."""
    label, drawn = tile
    text = Content(label) if isinstance(label, str) else label
    return max(len(drawn[0]), text.cell_length) + 1


def by_number(cards: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Cards in card-number order: the draft's pack lists (and keys) its cards so."""
    return sorted(cards, key=lambda c: int(c["number"]))


def pack_as_passed(private: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The draft's pack as it was passed to the seat: the cards in it and the ones kept
    from it this round (the view's ``kept``), by card number.  A pure function of the
    view: every key stays where it was through the round, on any client, after a LAN
    rejoin too (a kept card leaves a gap)."""
    return by_number([*(private.get("pack") or []), *(private.get("kept") or [])])


def flow_tiles(tiles: Sequence[Drawn], width: int) -> list[Content]:
    """Tiles side by side (each with its label under it), wrapped at ``width`` columns."""
    out: list[Content] = []
    row: list[Drawn] = []
    used = 0

    def flush() -> None:
        if not row:
            return
        height = max(len(drawn) for _label, drawn in row)
        for y in range(height + 1):
            parts: list[str | Content | tuple[str, str]] = []
            for label, drawn in row:
                w = tile_width((label, drawn)) - 1
                if y < len(drawn):
                    cells = drawn[y] + [(" ", "")] * (w - len(drawn[y]))
                    parts.extend(cells)
                elif y == height:
                    if isinstance(label, str):
                        parts.append((label.ljust(w), "$text-muted"))
                    else:
                        parts.append(label.pad_right(w - label.cell_length))
                else:
                    parts.append((" " * w, ""))
                parts.append((" ", ""))
            out.append(Content.assemble(*parts))
        row.clear()

    for label, drawn in tiles:
        w = tile_width((label, drawn))
        if used + w > width and row:
            flush()
            used = 0
        row.append((label, drawn))
        used += w
    flush()
    return out


def _option_card(option_id: str) -> str | None:
    """The card an option names (``keep:k12`` -> ``k12``), or None."""
    verb, _sep, arg = option_id.partition(":")
    return arg if verb in VERB_WORD and arg.startswith("k") else None


# --------------------------------------------------------------------------- widgets


class IsleBoatPane(Vertical):
    """Your boat, large, and a line about it."""

    def compose(self) -> ComposeResult:
        yield BoatView(id="isle-boat")
        yield Static(id="isle-boat-note")

    def on_mount(self) -> None:
        self.border_title = "Your boat"


def _stats(p: Mapping[str, Any]) -> tuple[str, str]:
    """Another player's baskets ("baskets 1/1+2": ready of permanent, plus card
    baskets) and private lessons ("1 lesson")."""
    ready = int(p["baskets"]) - int(p["baskets_used"])
    baskets = f"baskets {ready}/{p['baskets']}" + (
        f"+{p['card_baskets']}" if p["card_baskets"] else ""
    )
    lessons = int(p["private_lessons"])
    return baskets, f"{lessons} lesson" + ("" if lessons == 1 else "s")


class IsleMain(Vertical):
    """Your boat over your hand (``s``, anywhere on the screen, shows or hides your
    score as it stands: see :attr:`IsleUI.screen_bindings`)."""

    keys_where = "your boat and hand"
    """Where the keys screen (?) says its keys work."""


class WidthDrawn(Static):
    """Text drawn for the widget's width, and again when the width changes."""

    draw: Callable[[int], Content] | None = None
    """The presenter's drawing of the current view for a width."""
    FIRST_WIDTH: ClassVar[int] = HAND_WIDTH
    """The width drawn for before the widget is laid out."""

    def show(self, draw: Callable[[int], Content]) -> None:
        self.draw = draw
        self.redraw()

    def redraw(self) -> None:
        if self.draw is None:
            return
        content = self.draw(self.content_size.width or self.FIRST_WIDTH)
        if self.visual != content:
            self.update(content)

    def on_resize(self) -> None:
        self.redraw()


class IsleHandPane(KeyScroll):
    """Your fish, baskets and cards (the draft's pack, the cart)."""

    keys_where = "your hand"
    """Where the keys screen (?) says its keys work."""

    def compose(self) -> ComposeResult:
        yield WidthDrawn(id="isle-hand-text")

    def on_mount(self) -> None:
        self.border_title = "Your hand"


class IsleIslandPane(WidthDrawn):
    """The day, the fields, the treasures, the turn order and the other players, drawn
    for the pane's width (again when it changes).  On a rescue turn it takes the focus:
    the arrows move a cursor over the cats that can be rescued, Enter rescues that one."""

    FIRST_WIDTH = FIELD_WIDTH
    keys_where = "the island"
    """Where the keys screen (?) says its keys work."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "rescue", "Rescue", tooltip="Rescue the cat under the cursor"),
        Binding("right", "step(1)", "Cat", key_display="←→", tooltip="The next cat"),
        Binding("left", "step(-1)", "Previous cat", show=False),
        Binding("down", "step(1)", "Next cat", show=False),
        Binding("up", "step(-1)", "Previous cat", show=False),
    ]

    class CatChosen(PaneChoice):
        """The player wants the cat under the cursor."""

        def __init__(self, tile: str) -> None:
            super().__init__()
            self.tile = tile

    cats: tuple[str, ...] = ()
    """The cats that can be rescued now, in the fields' order (empty: no rescue turn)."""
    cat: str | None = None
    """The cat under the cursor."""

    def on_mount(self) -> None:
        self.border_title = "The island"

    def aim(self, cats: Sequence[str]) -> None:
        """The cats the cursor can be on now; it stays on its cat while that one is
        still there, else goes to the first.  With no cats to aim at (a tile being
        placed), the cat it was on is remembered: Escape from placing it finds the
        cursor there again."""
        self.cats = tuple(cats)
        self.can_focus = bool(self.cats)
        if not self.cats:
            return  # self.cat kept for when the cats come back
        if self.cat not in self.cats:
            self.cat = self.cats[0]

    @property
    def aimed(self) -> str | None:
        """The cat under the cursor while there are cats to aim at (else None)."""
        return self.cat if self.cats else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("rescue", "step"):
            return bool(self.cats)
        return True

    def action_step(self, step: int) -> None:
        if self.cats and self.cat is not None:
            self.cat = self.cats[(self.cats.index(self.cat) + step) % len(self.cats)]
            self.redraw()

    def action_rescue(self) -> None:
        if self.cat is not None:
            self.post_message(self.CatChosen(self.cat))


class IslePlayedPane(Static):
    """The cards played face up and the public lessons."""

    def on_mount(self) -> None:
        self.border_title = "Played"


# --------------------------------------------------------------------------- the game's UI


class IsleUI(GameUI):
    """The Isle of Cats on the shared game screen (see the module docstring)."""

    seats_pane: ClassVar[bool] = False  # the island pane names every player
    windows: ClassVar[bool] = False
    secret: ClassVar[str] = "cards"
    keys_kept: ClassVar[str] = (
        "A card keeps its key through a step (a round of the draft, buying, choosing "
        "rescue cards); a cat, and a card on your rescue and finds turns, keeps its key "
        "for the day."
    )
    screen_bindings: ClassVar[tuple[Binding, ...]] = (
        Binding(
            "s",
            "score",
            "Score",
            tooltip="Show or hide your score as it stands now (and your boat)",
        ),
    )

    def __init__(self, glyphs: Glyphs) -> None:
        super().__init__(glyphs)
        self._cursor: tuple[str, int, int, int] | None = None  # tile, x, y, o
        self._legal_key: tuple[str, int, bool] | None = None
        self._suggest_key: tuple[str, int, bool, object] | None = None
        self._suggestion: tuple[int, int, int] | None = None
        self._legal: list[tuple[int, int, int, int]] = []
        self._score_shown = False
        """The score overlay (``s``) is on."""
        self._top: tuple[int | None, str | None, tuple[str, ...]] | None = None
        """(seat, prompt kind, pack) when the hand was last scrolled to its head."""
        self._card_books: dict[tuple[int, str], tuple[int, KeyBook]] = {}
        """Each seat's cards' keys for the day on its rescue and its finds turns
        ((seat, "rescue" or "find") -> the day, its book)."""
        self._cat_book: tuple[int, KeyBook] | None = None
        """The cats' keys for the day (the day, its book): the same for every seat."""

    # ------------------------------------------------------------------ layout

    def compose_main(self) -> ComposeResult:
        with IsleMain(id="isle-main"):
            yield IsleBoatPane(id="isle-boat-pane")
            yield IsleHandPane(id="isle-hand")
            yield IslePlayedPane(id="isle-played-wide")  # under the hand where it fits

    def compose_side(self) -> ComposeResult:
        yield IsleIslandPane(id="isle-island")
        yield IslePlayedPane(id="isle-played")

    def focus(self, screen: Screen[Any]) -> None:
        # The boat takes the arrows while a tile is placed on it; on a rescue turn the
        # island does (they pick a cat); else the hand (the arrows and Page keys scroll
        # it: a long pack or a buy reads to its end).
        island = screen.query_one(IsleIslandPane)
        boat = screen.query_one(BoatView)
        placing = boat.data is None or boat.data.preview is not None  # None: not drawn yet
        if island.cats and island.display:  # a rescue turn: the arrows pick a cat
            island.focus()
        elif placing and screen.query_one(IsleBoatPane).display:
            boat.focus()
        else:
            screen.query_one(IsleHandPane).focus()

    # ------------------------------------------------------------------ placing

    @staticmethod
    def _whose(shown: Shown) -> str:
        """ "Your", or in a demo (nobody at the screen is a seat) the seat's name's."""
        if shown.all_seeing and shown.seat is not None:
            return f"{shown.names[shown.seat]}'s"
        return "Your"

    def _me(self, shown: Shown) -> Mapping[str, Any] | None:
        if shown.seat is None:
            return None
        players = shown.public.get("players") or []
        return players[shown.seat] if shown.seat < len(players) else None

    def _placing(self, shown: Shown) -> tuple[Mapping[str, Any], Mapping[str, Any]] | None:
        """(the seat's player view, the tile it places) while its prompt is a placement."""
        prompt = shown.prompt
        me = self._me(shown)
        if prompt is None or prompt.answer != PLACE or me is None or not me.get("placing"):
            return None
        return me, me["placing"]

    def _legal_for(
        self, shape: str, occupied: int, anywhere: bool
    ) -> list[tuple[int, int, int, int]]:
        key = (shape, occupied, anywhere)
        if key != self._legal_key:
            self._legal_key = key
            self._legal = legal_placements(shape, occupied, anywhere)
        return self._legal

    def _cursor_for(self, shown: Shown) -> tuple[str, str, int, int, int, int, bool] | None:
        """(tile, shape, x, y, o, occupied, anywhere) of the tile being placed, the
        cursor started where it scores best (:meth:`_suggested`) when a new tile comes."""
        placing = self._placing(shown)
        if placing is None:
            return None
        me, tile = placing
        tile_id, shape = str(tile["id"]), str(tile["shape"])
        occupied = occupied_of(me["cover"])
        anywhere = bool(me.get("anywhere"))
        if self._cursor is None or self._cursor[0] != tile_id:
            x, y, o = self._suggested(shown) or (0, 0, 0)
            self._cursor = (tile_id, x, y, o)
        _tile, x, y, o = self._cursor
        return tile_id, shape, x, y, o, occupied, anywhere

    def _suggested(self, shown: Shown) -> tuple[int, int, int] | None:
        """Where the tile being placed scores best now, by the planner bot's
        reckoning (families, its map, rats, rooms, no lone squares): the cursor
        starts there, and "Place it for me" puts it there. None if it fits nowhere."""
        placing = self._placing(shown)
        if placing is None:
            return None
        me, tile = placing
        shape, colour = str(tile["shape"]), tile.get("colour")
        key = (str(tile["id"]), occupied_of(me["cover"]), bool(me.get("anywhere")), colour)
        if key != self._suggest_key:
            _score, best = Boat(me).best(shape, None if colour is None else str(colour))
            self._suggest_key = key
            self._suggestion = None if best is None else (best[0], best[1], best[2])
        return self._suggestion

    def setting(self, change: PaneSetting, shown: Shown) -> None:
        if isinstance(change, ScreenKey) and change.name == "score":
            self._score_shown = not self._score_shown
            return
        if not isinstance(change, BoatView.Nudge):
            return
        at = self._cursor_for(shown)
        if at is None:
            return
        tile_id, shape, x, y, o, _occupied, _anywhere = at
        if change.turn == 1:
            o = (o // 4) * 4 + (o % 4 + 1) % 4
        elif change.turn == 4:
            o = (o + 4) % 8
        w, h = box(shape, o)
        x = max(0, min(W - w, x + change.dx))
        y = max(0, min(H - h, y + change.dy))
        self._cursor = (tile_id, x, y, o)

    def _place_hint(self, shown: Shown) -> str:
        at = self._cursor_for(shown)
        if at is None:
            return ""
        _tile, shape, x, y, o, occupied, anywhere = at
        reason = why_not(shape, x, y, o, occupied, anywhere)
        keys = "Arrows move, r rotates, f flips, Enter places."
        if reason is not None:
            return f"Not here: {reason} {keys}"
        words = ["It fits here."]
        placing = self._placing(shown)
        assert placing is not None
        me, tile = placing
        mask = placement(shape, x, y, o) or 0
        boat = BOATS[str(me["boat"])]
        colour = tile.get("colour")
        spot = boat.maps.get(str(colour)) if colour else None
        if spot is not None and tile.get("kind") in ("cat", "oshax") and mask >> spot & 1:
            words.append(f"It covers the {colour} map: you take a common treasure.")
        rats = (mask & boat.rats).bit_count()
        if rats:
            words.append(f"It covers {rats} rat{'s' if rats != 1 else ''}.")
        words += placement_effects(me, tile, mask)
        return " ".join([*words, keys])

    # ------------------------------------------------------------------ the prompt bar

    def _card_names(self, shown: Shown) -> dict[str, str]:
        names: dict[str, str] = {}
        private = shown.private
        for pile in ("hand", "pack", "drafted", "cart", "private_lessons", "drawn", "committed"):
            for card in private.get(pile) or ():
                names[str(card["id"])] = str(card["name"])
        return names

    def ordered_options(self, shown: Shown) -> list[tuple[str, str]]:
        prompt = shown.prompt
        if prompt is None:
            return []
        names = self._card_names(shown)
        out = []
        cats: list[tuple[str, str]] = []
        for option in prompt.choices():
            card = _option_card(option.id)
            verb = option.id.partition(":")[0]
            if card is not None and card in names:
                out.append((option.id, f"{VERB_WORD[verb]} {names[card]}"))
            elif verb == "rescue":
                cats.append((option.id, self._rescue_label(shown, option.id, option.label)))
            elif option.id == AUTO and self._suggested(shown) is not None:
                out.append((AUTO, "Place it for me (where it scores best: the cursor's start)"))
            else:
                out.append((option.id, option.label))
        # Passing (final) and the cards come first: in a short terminal the cats run
        # past the bar's lines, and their keys follow the fields' order.
        return out + cats

    def _colour_options(self, shown: Shown) -> tuple[KeyedOption, ...]:
        """A colour to choose, on its letter (b g r o, u for purple: p is the
        palette's): a colour asked in the middle of buying takes none of the cards'
        number keys, so a card's key pressed a moment late changes nothing."""
        out: list[KeyedOption] = []
        rest: list[tuple[str, str]] = []
        for option_id, label in self.ordered_options(shown):
            parsed = parse(option_id)
            if parsed.verb == "colour" and parsed.arg in COLOUR_KEY:
                out.append(KeyedOption(COLOUR_KEY[parsed.arg], option_id, label))
            else:
                rest.append((option_id, label))
        used = {o.key for o in out}
        spare = iter(k for k in OPTION_KEYS if k not in used)
        out += [KeyedOption(next(spare, None), option_id, label) for option_id, label in rest]
        return tuple(out)

    def _rescue_options(self, shown: Shown) -> tuple[KeyedOption, ...]:
        """A rescue turn's choices on keys that stay put for the day: Pass (or End) on
        1, the seat's anytime cards on 2 and 3 (each card on its own), and each cat of
        the day's fields on a key of its own from 4 on, the same for every seat (a cat
        rescued, or a card played, leaves the other keys where they were)."""
        assert shown.seat is not None
        day = int(shown.public["day"])
        if self._cat_book is None or self._cat_book[0] != day:
            self._cat_book = (day, KeyBook(0, OPTION_KEYS[1 + RESCUE_CARD_KEYS :]))
        board = [str(t["id"]) for field in shown.public["fields"] for t in field]
        return self._day_keys(
            shown, ("rescue", 1, RESCUE_CARD_KEYS), self._cat_book[1], board, ("anytime",)
        )

    def _finds_options(self, shown: Shown) -> tuple[KeyedOption, ...]:
        """A rare-finds turn's choices: each card the seat could play in the finds on a
        key of its own for the day from 1 (one played leaves the others'), then Pass
        (not on 1: after "1 Place it for me", a 1 pressed twice must not pass)."""
        kinds = ("oshax", "treasure", "anytime")
        return self._day_keys(shown, ("find", 0, len(OPTION_KEYS)), None, [], kinds)

    def _day_keys(
        self,
        shown: Shown,
        step: tuple[str, int, int],
        cats: KeyBook | None,
        board: Sequence[str],
        kinds: Sequence[str],
    ) -> tuple[KeyedOption, ...]:
        """A turn's choices on keys kept for the day. ``step``: (the turn, the first
        key of the seat's cards, how many): the seat's cards of ``kinds`` on those keys,
        each card on its own (the seat's book for that turn of the day); Pass (or End)
        on 1 if the cards' keys start after it; the cats on ``cats``' keys; anything
        else, or more than the books hold, on the keys left."""
        assert shown.seat is not None
        day = int(shown.public["day"])
        name, first, room = step
        held = self._card_books.get((shown.seat, name))
        if held is None or held[0] != day:
            held = (day, KeyBook(0, OPTION_KEYS[first : first + room]))
            self._card_books[(shown.seat, name)] = held
        hand = by_number(shown.private.get("hand") or [])
        mine = [str(c["id"]) for c in hand if c["kind"] in kinds]  # in card-number order
        out: list[KeyedOption] = []
        plays: list[tuple[str, str, str | None]] = []
        rescues: list[tuple[str, str, str | None]] = []
        rest: list[tuple[str, str]] = []
        for option_id, label in self.ordered_options(shown):
            parsed = parse(option_id)
            if option_id in (PASS, END) and first:
                out.append(KeyedOption(OPTION_KEYS[0], option_id, label))
            elif parsed.verb == "play" and parsed.arg in mine:
                plays.append((option_id, label, parsed.arg))
            elif parsed.verb == "rescue" and cats is not None:
                rescues.append((option_id, label, parsed.arg))
            else:
                rest.append((option_id, label))
        out += held[1].keyed(plays, board=mine)
        if cats is not None:
            out += cats.keyed(rescues, board=board)
        # The keys left: none that a card or a cat holds for the day, offered now or not.
        used = {o.key for o in out if o.key} | held[1].held()
        used |= cats.held() if cats is not None else set()
        spare = iter(k for k in OPTION_KEYS if k not in used)
        keyed = [o if o.key else KeyedOption(next(spare, None), o.option_id, o.label) for o in out]
        keyed += [KeyedOption(next(spare, None), option_id, label) for option_id, label in rest]
        return tuple(keyed)

    @staticmethod
    def _rescuable(shown: Shown) -> list[str]:
        """The cats this seat may rescue now (its rescue turn's options), in order; none
        in a demo, where nobody at the screen is the seat."""
        prompt = shown.prompt
        if prompt is None or prompt.kind != "rescue" or shown.all_seeing:
            return []
        parsed = [parse(o.id) for o in prompt.options]
        return [p.arg for p in parsed if p.verb == "rescue" and p.arg is not None]

    @staticmethod
    def _cat_keys(options: Sequence[KeyedOption]) -> dict[str, str]:
        """Each cat's key by its tile id, shown under the cat (a rescue turn's options;
        none in any other step's)."""
        out: dict[str, str] = {}
        for option in options:
            parsed = parse(option.option_id)
            if parsed.verb == "rescue" and parsed.arg is not None and option.key:
                out[parsed.arg] = option.key
        return out

    @staticmethod
    def _still_choosing(shown: Shown) -> Content:
        """Who is still to choose in a step everyone takes at once (the draft, buying,
        committing): at a LAN table each player sees the others finish."""
        waiting = [int(seat) for seat in shown.public.get("waiting") or ()]
        me = shown.seat if not shown.all_seeing else None
        who = ["you" if seat == me else shown.names[seat] for seat in waiting]
        if not who:
            return Content.styled("Everyone has chosen.", "$text-muted")
        done = " (you are done)" if me is not None and me not in waiting else ""
        return Content.assemble(
            ("Still choosing: ", "$text-muted"), (", ".join(who), "bold"), (done, "$text-muted")
        )

    def _rescue_label(self, shown: Shown, option_id: str, label: str) -> str:
        """A cat to rescue as the island pane names it (its tile id: ``B15``), its field,
        its price and the fish left after it."""
        tile = parse(option_id).arg
        me = self._me(shown)
        for f, field in enumerate(shown.public["fields"]):
            for t in field:
                if t["id"] == tile and me is not None:
                    price = int(shown.public["prices"][f])
                    left = int(me["fish"]) - price
                    return (
                        f"{tile} {t['colour']} cat, {t['size']} squares, "
                        f"{FIELD_WORD[f].lower()}: {price} fish ({left} left)"
                    )
        return label.removeprefix("Rescue ")

    def _oshax_options(self, shown: Shown) -> tuple[KeyedOption, ...]:
        """The Oshax to choose from, each on a key of its own for the game (the n-th of
        the six on key n): one taken, or one that does not fit, leaves the others' keys
        where they were from one rare-finds turn to the next."""
        labelled = dict(self.ordered_options(shown))
        slots: list[tuple[str, str] | None] = []
        for shape in OSHAX_SHAPES:
            option = make("oshax", shape)
            slots.append((option, labelled.pop(option)) if option in labelled else None)
        return keyed_slots([*slots, *labelled.items()])

    def _draft_options(self, shown: Shown) -> tuple[KeyedOption, ...]:
        """The draft's choices, a key per kind of card in the pack as it was passed:
        keeping one leaves the keys of the others where they were."""
        prompt = shown.prompt
        assert prompt is not None and shown.seat is not None
        labelled = dict(self.ordered_options(shown))
        names = self._card_names(shown)
        here = [str(c["id"]) for c in shown.private.get("pack") or []]
        order = [str(c["id"]) for c in pack_as_passed(shown.private)]
        slots: list[tuple[str, str] | None] = []
        seen: set[str] = set()
        for card in order:
            name = names.get(card, card)
            if name in seen:
                continue
            seen.add(name)
            option = next(
                (
                    make("keep", c)
                    for c in order
                    if names.get(c, c) == name and c in here and make("keep", c) in labelled
                ),
                None,
            )
            slots.append((option, labelled[option]) if option is not None else None)
        return keyed_slots(slots)

    def _card_options(self, shown: Shown, order: Sequence[str]) -> tuple[KeyedOption, ...]:
        """Buying and committing: a key per card of ``order`` (the drafted cards, the
        rescue cards in hand) for the whole step, whether it is bought or put back,
        affordable or not; so a key pressed twice undoes, and no key moves under a
        player's finger. The other choices (anytime cards, Done) come after."""
        slots: dict[str, tuple[str, str] | None] = dict.fromkeys(order)
        rest: list[tuple[str, str] | None] = []
        for option_id, label in self.ordered_options(shown):
            card = _option_card(option_id)
            if card in slots and slots[card] is None:
                slots[card] = (option_id, label)
            else:
                rest.append((option_id, label))
        return keyed_slots([*slots.values(), *rest])

    def prompt_info(self, shown: Shown) -> PromptInfo:
        prompt = shown.prompt
        assert prompt is not None
        if prompt.kind == "draft":
            options = self._draft_options(shown)
        elif prompt.kind == "buy":
            drafted = shown.private.get("drafted") or []
            options = self._card_options(shown, [str(c["id"]) for c in drafted])
        elif prompt.kind == "rescue" and shown.seat is not None:
            options = self._rescue_options(shown)
        elif prompt.kind == "find" and shown.seat is not None:
            options = self._finds_options(shown)
        elif prompt.kind == "colour":
            options = self._colour_options(shown)
        elif prompt.kind == "oshax":
            options = self._oshax_options(shown)
        elif prompt.kind == "commit":
            hand = shown.private.get("hand") or []
            rescue = [str(c["id"]) for c in hand if c["kind"] == "rescue"]
            options = self._card_options(shown, rescue)
        else:
            options = keyed_options(self.ordered_options(shown))
        hint = ""
        if prompt.answer == PLACE:
            hint = self._place_hint(shown)
            if prompt.back_option is not None:
                hint += " Escape: back."
        elif prompt.kind == "draft":
            # Every option is a card of the pack: the hand pane shows each with its key.
            keys = [o.key for o in options if o.key]
            hint = (
                f"Keys {keys[0]}-{keys[-1]} keep a card (in your hand pane, arrows scroll; "
                "s: boat and score)."
            )
            return PromptInfo(prompt.text, options, hint, prompt.kind, listed=False)
        elif prompt.kind == "rescue" and (cats := self._cat_keys(options)):
            # Each cat's key is under it on the island, which is in sight on a rescue
            # turn; the bar lists Pass and the anytime cards.
            # No key range in the hint: the cats' keys skip the screen's own (d, h...).
            hint = "Each cat's key is under it on the island (or the arrows, then Enter)."
            board = {str(t["id"]) for field in shown.public["fields"] for t in field}
            if board - set(cats):  # why some cats have no key
                hint += " A cat with no key is out of reach (its price, or no room for it)."
            listed = frozenset(make("rescue", tile) for tile in cats)
            return PromptInfo(prompt.text, options, hint, prompt.kind, on_cards=listed)
        elif prompt.kind != "rescue" and (
            cards := frozenset(o.option_id for o in options if _option_card(o.option_id))
        ):
            # Each card's key is on it in the hand pane; the bar lists the other choices
            # (Done, Pass). Not on a rescue turn: in a short terminal the island takes
            # the hand's room then, and the bar lists the anytime cards.
            keys = [o.key for o in options if o.option_id in cards and o.key]
            span = f" ({keys[0]}-{keys[-1]})" if len(keys) > 1 else f" ({keys[0]})" if keys else ""
            hint = f"The cards are in your hand pane, with their keys{span}."
            if prompt.kind == "buy" and (spent := self._most_spent(shown)):
                hint = careful(*spent)  # on the bar, in sight: the hand may scroll past it
            return PromptInfo(prompt.text, options, hint, prompt.kind, on_cards=cards)
        return PromptInfo(prompt.text, options, hint, prompt.kind)

    # ------------------------------------------------------------------ the panes

    def fill(self, screen: Screen[Any], shown: Shown, info: PromptInfo) -> None:
        ascii_only = is_ascii(self.glyphs)
        me = self._me(shown)
        boat = screen.query_one(BoatView)
        note = screen.query_one("#isle-boat-note", Static)
        pane = screen.query_one(IsleBoatPane)
        hand = screen.query_one(IsleHandPane)
        if me is None:
            boat.data = None
            self._set(note, Content(""))
        else:
            preview = None
            legal: frozenset[tuple[int, int]] = frozenset()
            at = self._cursor_for(shown)
            if at is not None:
                _tile, shape, x, y, o, occupied, anywhere = at
                placing = self._placing(shown)
                assert placing is not None
                tile = placing[1]
                cells = tuple((x + cx, y + cy) for cx, cy in oriented(shape, o))
                ok = why_not(shape, x, y, o, occupied, anywhere) is None
                char = tile_char(str(tile["kind"]), tile.get("colour"))
                preview = Preview(cells, char, ok)
                squares: set[tuple[int, int]] = set()
                # The places of the tile as it lies now: a symmetric tile's turned or
                # flipped twins are listed once, under another orientation number.
                lying = frozenset(oriented(shape, o))
                same = {lo for lo in range(8) if frozenset(oriented(shape, lo)) == lying}
                for _x, _y, lo, mask in self._legal_for(shape, occupied, anywhere):
                    if lo in same:
                        squares.update(cells_of(mask))
                legal = frozenset(squares)
            else:
                self._cursor = None
            if preview is not None and not boat.has_focus:
                boat.focus()  # a tile to place: the arrows, r and f move it
            elif preview is None and boat.has_focus:
                hand.focus()  # nothing to place: the arrows scroll the hand
            boat.data = boat_data(
                me, wide=True, ascii_only=ascii_only, preview=preview, legal=legal
            )
            pane.border_title = f"{self._whose(shown)} boat ({me['boat']})"
            hand.border_title = f"{self._whose(shown)} hand"
            # The key to the drawing sits on the boat's lower border, a row given to the
            # hand; while a tile is placed that border names its rooms, the key under
            # the boat.
            if preview is not None:
                pane.border_subtitle = rooms_under(preview.cells)
                self._set(note, self._boat_note())
            else:
                pane.border_subtitle = self._boat_note(on_border=True)
            note.display = preview is not None
        # A short terminal: while cards are chosen (no tile to place) the hand takes the
        # boat's rows, unless the score overlay (s) is on; the boat comes back for the
        # rescue.
        cards_only = self._placing(shown) is None and (
            str(shown.public["phase"]) in CARD_PHASES
            or (shown.prompt is not None and shown.prompt.kind == "buy")  # a Peek's cards
        )
        hide_boat = cards_only and screen.size.height < TALL and not self._score_shown
        pane.display = me is not None and not hide_boat
        # A short terminal, a rescue turn: the island takes the whole width (both fields
        # side by side, the cursor's cat in sight), unless the score overlay (s) is on.
        rescuing = bool(self._rescuable(shown)) and screen.size.height < TALL
        screen.query_one(IsleMain).display = not (rescuing and not self._score_shown)
        if not pane.display and (screen.focused is None or screen.focused is boat):
            hand.focus()  # the hidden boat cannot keep the keys
        pack = tuple(str(c["id"]) for c in shown.private.get("pack") or ())
        top = (shown.seat, shown.prompt.kind if shown.prompt else None, pack)
        if top != self._top:
            self._top = top
            hand.scroll_home(animate=False)  # a new pack or step reads from its head
        screen.query_one("#isle-hand-text", WidthDrawn).show(
            lambda width: self.hand_text(shown, info, width)
        )
        island = screen.query_one(IsleIslandPane)
        was_rescuing = bool(island.cats)
        island.aim(self._rescuable(shown))
        options = info.options
        island.show(lambda width: self.island_text(shown, width, island.aimed, options))
        if bool(island.cats) != was_rescuing:  # a rescue turn begins or ends: the arrows
            self.focus(screen)
        played = self.played_text(shown)
        where, room = self._played_place(
            screen, shown, info, played, island.aimed, boat_shown=pane.display
        )
        if where == "hand":  # under the hand, in the rows it may take there
            played = self.played_text(shown, room, HAND_WIDTH)
        for pane_id, here in (("#isle-played-wide", "hand"), ("#isle-played", "side")):
            played_pane = screen.query_one(pane_id, IslePlayedPane)
            played_pane.display = where == here
            if where == here:
                self._set(played_pane, played)

    def _played_place(
        self,
        screen: Screen[Any],
        shown: Shown,
        info: PromptInfo,
        played: Content,
        cat: str | None,
        *,
        boat_shown: bool,
    ) -> tuple[str, int]:
        """Where the cards played go: ``"hand"`` (under the hand, in a wide terminal),
        ``"side"`` (over the log), or ``""`` (nowhere: nothing is played yet and the
        pane would push something out of sight); and the rows their text may take
        under the hand.  Where they fit whole: under the hand first, then over the log;
        else under the hand in a wide terminal, in the rows the hand leaves (the
        island's column would push them out of sight), the hand scrolling if need be."""
        rows = screen.size.height - bar_rows(info, screen.size.width) - 1  # and the footer
        main = screen.query_one(IsleMain).display
        wide = main and screen.size.width >= WIDE_COLUMNS
        left = 0
        if wide:
            hand = rows_of(self.hand_text(shown, info, HAND_WIDTH), HAND_WIDTH) + 2
            left = rows - (H + 3 if boat_shown else 0) - hand - 2  # under the hand, inside
            fitted = self.played_text(shown, PLAYED_ROWS, HAND_WIDTH)
            if rows_of(fitted, HAND_WIDTH) <= left:
                return "hand", PLAYED_ROWS
        # The island's text, inside its pane (a border each side, a column's padding).
        width = screen.size.width - (MAIN_COLUMNS if main else 0) - 3
        island = rows_of(self.island_text(shown, width, cat, info.options), width) + 2
        if island + rows_of(played, width) + 2 + LOG_ROWS <= rows:
            return "side", 0
        if not self._anything_played(shown.public):
            return "", 0
        return ("hand", max(1, min(left, PLAYED_ROWS))) if wide else ("side", 0)

    @staticmethod
    def _anything_played(public: Mapping[str, Any]) -> bool:
        """Whether the Played pane has more to say than "No card played yet."."""
        return bool(
            public.get("public_lessons")
            or public.get("played")
            or any(p.get("committed") for p in public["players"])
        )

    @staticmethod
    def _set(widget: Static, content: Content) -> None:
        if widget.visual != content:  # a new text lays the screen out again
            widget.update(content)

    def _boat_note(self, *, on_border: bool = False) -> Content:
        """The key to the boat's drawing; ``on_border``: for its lower border, where
        the theme's variables are not looked up (the words dim, the glyphs bold)."""
        words = "dim" if on_border else "$text-muted"
        return Content.assemble(
            ("x", "bold $error"),
            (" rat  ", words),
            ("b g r p o", "bold"),
            (" maps  ", words),
            ("*", "bold $warning"),
            (" rare  ", words),
            ("+", "bold"),
            (" common", words),
        )

    def _most_spent(self, shown: Shown) -> tuple[int, int] | None:
        """Buying, with half the seat's fish or more in its cart: (fish left, fish)."""
        me = self._me(shown)
        if me is None:
            return None
        fish = int(me["fish"])
        left = int(shown.private.get("fish_left", fish))
        return (left, fish) if left < fish and 2 * left <= fish else None

    @staticmethod
    def _card_baskets(me: Mapping[str, Any]) -> list[tuple[str, str]]:
        """The baskets on the rescue cards revealed today ("+1 on cards", a lone half
        said), for the hand's first line; nothing while no card carries one."""
        full, halves = int(me["card_baskets"]), int(me["half_baskets"])
        if not (full or halves):
            return []
        lone = halves % 2 == 1
        if not full:
            return [("  " + LONE_HALF, "$text-muted")] if lone else []
        return [
            (f"  +{full}", "bold"),
            (" on cards", "$text-muted"),
            (" and " + LONE_HALF if lone else "", "$text-muted"),
        ]

    def _card_line(
        self,
        card: Mapping[str, Any],
        key: str | None,
        width: int,
        count: int = 1,
        note: str = "",
        priced: bool = True,
    ) -> Content:
        """A card: its key (if it is a choice now), kind letter, name, cost (unless it
        is paid for: ``priced`` False); ``count`` identical cards on one line ("x2"); a
        rescue card's name says its speed and basket, any other card's text follows,
        indented under the name for ``width``."""
        kind = str(card["kind"])
        title = str(card["name"])
        text = str(card.get("text", ""))
        if kind == "rescue":  # "Rescue 2 fish: speed 1, full basket" (the price apart)
            title, _colon, text = title.partition(": ")
        name: list[tuple[str, str] | str] = [
            (f" {key} " if key else "   ", "bold reverse" if key else ""),
            " ",
            (KIND_LETTER.get(kind, "?"), KIND_STYLE.get(kind, "bold")),
            " ",
            (title, "bold"),
        ]
        rest: list[tuple[str, str] | str] = (
            [(f" {card['cost']} fish", "$text-muted")] if priced else []
        )
        if count > 1:
            rest.append((f" x{count}", "bold"))
        if note:
            rest.append((f" {self.glyphs.bullet} {note}", "bold $success"))
        head = Content.assemble(*name, *rest)
        lines = [head]
        if head.cell_length > width:  # the cost and the rest under the name
            lines = [Content.assemble(*name), Content.assemble(" " * (CARD_INDENT - 1), *rest)]
        if text:
            # The text goes on after the name (a row saved a card: the draft's seven
            # cards fit the hand at 40 rows), then indented under it.
            indent = " " * CARD_INDENT
            room = width - lines[-1].cell_length - len(": ")
            # A rescue card's speed and basket stay together (not "speed / 3").
            words = [text] if kind == "rescue" else text.split()
            first: list[str] = []
            while words and len(" ".join([*first, words[0]])) <= room:
                first.append(words.pop(0))
            if first:  # a word or more fits after the name
                lines[-1] = Content.assemble(lines[-1], ": ", (" ".join(first), "$text-muted"))
            else:  # the text starts on the next line: the colon still says it follows
                lines[-1] = Content.assemble(lines[-1], ":")
            for line in textwrap.wrap(" ".join(words), max(width - CARD_INDENT, 20)):
                lines.append(Content.styled(indent + line, "$text-muted"))
        return Content("\n").join(lines)

    def _card_lines(
        self,
        cards: Sequence[Mapping[str, Any]],
        keys: Mapping[str, str],
        width: int,
        notes: Mapping[str, str] | None = None,
        *,
        priced: bool = True,
    ) -> list[Content]:
        """Cards with one line per kind of card: identical cards (same name, same note)
        that are one choice on the prompt bar (the draft) share a line, its key and a
        count; identical cards with keys of their own (buying) get a line per key."""

        def kind(card: Mapping[str, Any]) -> tuple[str, str]:
            return str(card["name"]), (notes or {}).get(str(card["id"]), "")

        keys_of: dict[tuple[str, str], set[str]] = {}
        for card in cards:
            keys_of.setdefault(kind(card), set()).add(keys.get(str(card["id"]), ""))
        groups: dict[tuple[str, str, str], list[Mapping[str, Any]]] = {}
        for card in cards:
            own = keys.get(str(card["id"]), "")
            shared = len(keys_of[kind(card)] - {""}) <= 1  # one choice for them all
            groups.setdefault((*kind(card), "" if shared else own), []).append(card)
        out = []
        for (_name, note, _own), same in groups.items():
            key = next((keys[str(c["id"])] for c in same if str(c["id"]) in keys), None)
            out.append(self._card_line(same[0], key, width, len(same), note, priced))
        return out

    def hand_text(self, shown: Shown, info: PromptInfo, width: int = HAND_WIDTH) -> Content:
        me = self._me(shown)
        if me is None:
            return Content.styled("Nobody's hand is shown.", "dim")
        cards = self._cards_text(shown, info, me, width)
        if self._score_shown:
            return Content("\n").join([*score_lines(shown, me), cards])
        return cards

    def _cards_text(
        self, shown: Shown, info: PromptInfo, me: Mapping[str, Any], width: int
    ) -> Content:
        private = shown.private
        public = shown.public
        keys: dict[str, str] = {}
        for option in info.options:
            card = _option_card(option.option_id)
            if card is not None and option.key:
                keys.setdefault(card, option.key)
        ready = int(me["baskets"]) - int(me["baskets_used"])
        lines: list[Content] = [
            Content.assemble(
                ("Fish ", "$text-muted"),
                (str(me["fish"]), "bold"),
                ("  Baskets ", "$text-muted"),
                (f"{ready}/{me['baskets']}", "bold"),
                (" ready", "$text-muted"),
                *self._card_baskets(me),
            )
        ]
        phase = str(public["phase"])
        pack = private.get("pack") or []
        drafting = phase == "draft" and bool(pack)
        if drafting:
            picks = int(private.get("picks", 0))
            seats = len(public["players"])
            step = 1 if public["direction"] == "left" else -1
            to = (
                shown.names[(me_seat + step) % seats] if (me_seat := shown.seat) is not None else ""
            )
            rest = max(0, len(pack) - picks)
            others = "the other one goes" if rest == 1 else f"the other {rest} go"
            goes = f"{others} {public['direction']}, to {to}" if rest else "none go on"
            head = f"Draft: keep {picks} of these; {goes}:"
            if not picks:  # kept already: the pack waits for the others to be done
                way = f"{public['direction']}, to {to}"
                head = f"Draft: these go {way}, once everyone has kept theirs:"
            lines.append(Content.styled(head, "bold"))
            lines += self._card_lines(by_number(pack), keys, width)
        drafted = private.get("drafted") or []
        cart = {str(c["id"]) for c in private.get("cart") or []}
        if drafted:
            title = "Drafted today" if phase == "draft" else "Drafted: buy any"
            lines.append(Content.styled(f"{title}:", "bold"))
            lines += self._card_lines(drafted, keys, width, dict.fromkeys(cart, "in your cart"))
            if phase == "buy":
                left = int(private.get("fish_left", me["fish"]))
                lines.append(
                    Content.styled(f"{left} fish left for the cats (3 or 5 each).", "bold")
                )
                if spent := self._most_spent(shown):  # said in words (and on the bar)
                    lines.append(Content.styled(careful(*spent), "bold $warning"))
        drawn = private.get("drawn") or []
        if drawn:
            lines.append(Content.styled("Drawn, to buy or not:", "bold"))
            lines += self._card_lines(drawn, keys, width)
        hand = list(private.get("hand") or [])
        committed = {str(c["id"]) for c in private.get("committed") or []}
        for kind in KIND_ORDER:
            cards = [c for c in hand if c["kind"] == kind]
            if not cards:
                continue
            lines.append(
                Content.assemble(
                    (KIND_LETTER[kind], KIND_STYLE[kind]),
                    (f" {KIND_WORD[kind]} ({len(cards)})", "bold"),
                )
            )
            lines += self._card_lines(  # paid for: no cost
                cards, keys, width, dict.fromkeys(committed, "committed"), priced=False
            )
        if not hand and not (drafting or drafted or drawn):
            lines.append(Content.styled("No cards in hand.", "dim"))
        lessons = private.get("private_lessons") or []
        if lessons:
            lines.append(
                Content.styled(f"{self._whose(shown)} private lessons ({len(lessons)}):", "bold")
            )
            lines += self._card_lines(lessons, {}, width, priced=False)
        return Content("\n").join(lines)

    def island_text(
        self,
        shown: Shown,
        width: int = FIELD_WIDTH,
        cat: str | None = None,
        options: Sequence[KeyedOption] = (),
    ) -> Content:
        """The island, drawn for a pane ``width`` columns wide (the fields' cats flow
        across it; the other players' boats stand side by side where they fit); ``cat``:
        the rescue cursor's cat, marked, and its choice said under the turn order;
        ``options``: the bar's choices, whose keys the island shows: each cat's under it
        on a rescue turn, each treasure's or Oshax' under its shape when one is chosen."""
        keys = self._cat_keys(options)
        public = shown.public
        g = self.glyphs
        names = shown.names
        players = public["players"]
        phase = str(public["phase"])
        lines: list[Content] = [
            Content.assemble(
                (f"Day {public['day']} of {public['days']}", "bold"),
                (f"  {PHASE_WORD.get(phase, phase)}", "bold $accent"),
                (f"  cards pass {public['direction']}" if phase == "draft" else "", "$text-muted"),
            )
        ]
        order = []
        turn = public.get("turn")
        for n, seat in enumerate(public["order"]):
            p = players[seat]
            speed = f" speed {p['speed']}" if p.get("speed") is not None else ""
            mark = g.turn if seat == turn else ""
            done = " passed" if p.get("passed") else ""
            who = "you" if seat == shown.seat and not shown.all_seeing else names[seat]
            order.append(f"{mark}{n + 1} {who}{speed}{done}")
        # Broken between players, never inside one ("2 Tom speed" / "3"): a player's
        # spaces are no-break spaces while it wraps.
        joined = "Order: " + ", ".join(entry.replace(" ", NBSP) for entry in order)
        for row in textwrap.wrap(joined, width, subsequent_indent=" ", break_long_words=False):
            lines.append(Content(row.replace(NBSP, " ")))
        if phase in CARD_PHASES and len(players) > 1:
            lines.append(self._still_choosing(shown))
        chosen = make("rescue", cat) if cat is not None else None
        for option in shown.prompt.options if shown.prompt and chosen else ():
            if option.id == chosen:  # the cursor's cat, high up: seen in a short pane too
                label = self._rescue_label(shown, option.id, option.label)
                lines.append(Content.styled(f"{g.turn}{label}", "bold $accent"))
        lines += self._picks(width, self._pick_keys(options))
        # Wide enough for both fields: they stand side by side, else one over the other.
        two_up = width >= 2 * FIELD_WIDTH + FIELD_GAP
        heads: list[Content] = []
        cats: list[list[Drawn]] = []
        for f, field in enumerate(public["fields"]):
            price = public["prices"][f]
            heads.append(
                Content.assemble(
                    (f"{FIELD_WORD[f]}", "bold"),
                    (f": {price} fish a cat, {len(field)} cat{'' if len(field) == 1 else 's'}", ""),
                )
            )
            cats.append(
                [
                    (
                        self._cat_label(str(t["id"]), cat, keys),
                        shape_rows(
                            str(t["shape"]),
                            tile_char(str(t["kind"]), t.get("colour")),
                            colour_style(t.get("colour")),
                        ),
                    )
                    for t in field
                ]
            )
        widths = [width, width]
        field_gap = FIELD_GAP
        if two_up:
            # Side by side: each field as wide as its cats in one row where both fit so
            # (a field of 8 cats beside one of 5), else half the width each.
            one_row = [
                max(head.cell_length, sum(tile_width(tile) for tile in drawn))
                for head, drawn in zip(heads, cats, strict=True)
            ]
            half = (width - FIELD_GAP) // 2
            widths = one_row if sum(one_row) + 1 <= width else [half, half]
            field_gap = max(1, min(FIELD_GAP, width - sum(widths)))
        fields: list[list[Content]] = []
        for head, drawn, field_width in zip(heads, cats, widths, strict=True):
            block = [head]
            block += (
                [line.rstrip() for line in flow_tiles(drawn, field_width)]
                if drawn
                else [Content.styled("(empty)", "dim")]
            )
            fields.append(block)
        if two_up:
            lines += flow([Content("\n").join(block) for block in fields], width, field_gap)
        else:
            lines += [line for block in fields for line in block]
        # The treasures and every other player, blocks side by side where they fit: in a
        # wide pane the players first (the treasures fill the last row's end), in a
        # narrow one the treasures first (the boats are further down).
        # The others in turn order (the order of the day), else in seat order.
        rank = {int(seat): n for n, seat in enumerate(public["order"])}
        by_turn = sorted(players, key=lambda p: rank.get(int(p["seat"]), len(rank)))
        others = [p for p in by_turn if int(p["seat"]) != shown.seat]
        # Where one player's baskets and lessons take two lines, everyone's do: the
        # boats side by side start on the same row.
        split = any(len(", ".join(_stats(p))) > OTHER_WIDTH for p in others)
        blocks = [self._other(shown, p, split) for p in others]
        gap = ITEM_GAP
        if two_up:
            # As many players a row as fit (three at 120 columns, a space apart), and the
            # treasures beside the last row's players where there is room, else under.
            across = max(1, min(len(blocks), (width + ITEM_GAP) // (OTHER_WIDTH + ITEM_GAP)))
            if len(blocks) > across and width >= 3 * OTHER_WIDTH + 2:
                across, gap = 3, max(1, min(ITEM_GAP, (width - 3 * OTHER_WIDTH) // 2))
            last = len(blocks) - (len(blocks) - 1) // across * across if blocks else 0
            room = width - last * (OTHER_WIDTH + gap)
            blocks.append(self._treasures(public, room if room >= TREASURE_WIDTH else width))
        else:
            blocks.insert(0, self._treasures(public, width))
        lines += flow([Content("\n").join(block) for block in blocks], width, gap)
        return Content("\n").join(lines)

    @staticmethod
    def _pick_keys(options: Sequence[KeyedOption]) -> dict[str, str]:
        """The keys of the treasures and Oshax offered now (``common:T3``, ``rare:RI1``,
        ``oshax:X2``), by option id: each is drawn with its key on the island."""
        out: dict[str, str] = {}
        for option in options:
            parsed = parse(option.option_id)
            if option.key and parsed.verb in PICK_VERBS and parsed.arg:
                out[option.option_id] = option.key
        return out

    def _picks(self, width: int, keys: Mapping[str, str]) -> list[Content]:
        """The treasures or Oshax to choose from, drawn with their keys under them (so
        that two shapes of 3 squares differ at a glance), high on the island."""
        drawn: list[Drawn] = []
        for option_id, key in keys.items():
            parsed = parse(option_id)
            verb, arg = parsed.verb, parsed.arg
            assert arg is not None  # as _pick_keys keeps them
            shape = tile_shape(arg) if verb == "rare" else arg
            char = tile_char(verb, None)  # the verb names the tile's kind
            style = {"rare": "bold $warning", "oshax": "bold $success"}.get(verb, "bold")
            label = Content.assemble((key, "bold reverse"), " ", (shape, ""))
            drawn.append((label, shape_rows(shape, char, style)))
        if not drawn:
            return []
        return [
            Content.styled("Keys under the shapes:", "bold"),
            *(line.rstrip() for line in flow_tiles(drawn, width)),
        ]

    def _cat_label(
        self, tile: str, cat: str | None, keys: Mapping[str, str] | None
    ) -> str | Content:
        """A cat's id under it, marked where the rescue cursor is, after its key on a
        rescue turn (``3 B15``: the key as the prompt bar shows keys)."""
        mark = self.glyphs.turn if tile == cat else ""
        key = (keys or {}).get(tile)
        if key is None:
            return f"{mark}{tile}"
        # The cursor's mark takes the space between key and id: a cat's label keeps its
        # width as the cursor moves, so no field shifts under it.
        style = "bold $accent" if tile == cat else ""
        return Content.assemble((key, "bold reverse"), (mark or " ", style), (tile, style))

    def _treasures(self, public: Mapping[str, Any], width: int) -> list[Content]:
        """The rare treasures beside the island (drawn in ``width`` columns), the common
        supply, the Oshax, the bag and the deck: side by side where they fit."""
        rare: list[Content] = []
        beside = public.get("beside") or []
        if beside:
            head = "Rare treasures beside the island:"
            rare.append(Content.styled(head if len(head) <= width else "Rare treasures:", "bold"))
            drawn = [
                (str(t["shape"]), shape_rows(str(t["shape"]), "*", "bold $warning")) for t in beside
            ]
            rare += [line.rstrip() for line in flow_tiles(drawn, width)]
        common = public.get("common") or {}
        commons = " ".join(f"{shape}x{n}" for shape, n in sorted(common.items()))
        oshax = len(public.get("oshax") or [])
        stock = f"Oshax {oshax}, bag {public['bag']}, deck {public['deck']}"
        head = "Common treasures (+):"
        beside_width = width - max((line.cell_length for line in rare), default=0) - ITEM_GAP
        if rare and beside_width >= max(len(head), len(commons), len(stock)):
            supply = [Content(head), Content(commons), Content.styled(stock, "$text-muted")]
            return flow([Content("\n").join(rare), Content("\n").join(supply)], width)
        lines = rare
        if len(head) + 1 + len(commons) <= width:
            lines.append(Content(f"{head} {commons}"))
        else:  # a narrow block: the supply under its name
            lines += [Content(head if len(head) <= width else "Common (+):")]
            lines += [Content(line) for line in textwrap.wrap(commons, width)]
        lines += [Content.styled(line, "$text-muted") for line in textwrap.wrap(stock, width)]
        return lines

    def _other(self, shown: Shown, p: Mapping[str, Any], split: bool) -> list[Content]:
        """Another player at a glance: name, fish, cards, baskets, lessons (on two
        lines with ``split``), boat."""
        g = self.glyphs
        seat = int(p["seat"])
        kind = shown.kinds[seat] if seat < len(shown.kinds) else "human"
        who = g.bot if kind == "bot" else g.human
        away = " (away)" if seat in shown.presence.away else ""
        stats = _stats(p)
        tail = list(stats) if split else [", ".join(stats)]
        block = [
            Content.assemble(
                (f"{g.turn} " if seat == shown.public.get("turn") else "", "bold $accent"),
                (f"{who} ", "$text-muted"),
                (shown.names[seat][:10], "bold"),
                (away, "bold $warning"),
                ("" if away else f" {p['boat']}", "$text-muted"),
            ),
            Content(f"{p['fish']} fish, {p['hand']} card" + ("" if p["hand"] == 1 else "s")),
            *map(Content, tail),
        ]
        block += mini_boat(p, is_ascii(g))
        return [line.truncate(OTHER_WIDTH) for line in block]

    def played_text(
        self, shown: Shown, rows: int | None = None, width: int = HAND_WIDTH
    ) -> Content:
        """The cards played face up: the public lessons in play, today's rescue cards
        (a line a player), the last cards played. With ``rows``, it is fitted to that
        many rows ``width`` wide: the lessons' texts go first, then the older cards
        played (the count stays)."""
        for texts, last in ((True, 6), (False, 6), (False, 3), (False, 0)):
            content = self._played(shown, texts, last)
            if rows is None or rows_of(content, width) <= rows:
                break
        return content

    def _played(self, shown: Shown, texts: bool, last: int) -> Content:
        public = shown.public
        # "you" for the seat shown, as the order line and the log say it.
        me = None if shown.all_seeing else shown.seat
        names = ["you" if seat == me else name for seat, name in enumerate(shown.names)]
        lines: list[Content] = []
        lessons = public.get("public_lessons") or []
        if lessons:
            lines.append(Content.styled("Public lessons (everyone scores them):", "bold"))
            for lesson in lessons:
                card = lesson["card"]
                colour = lesson.get("colour")
                tag: tuple[str, str] = (
                    (f" [{COLOUR_LETTER[colour]} {colour}]", colour_style(colour))
                    if colour
                    else ("", "")
                )
                lines.append(
                    Content.assemble(
                        ("P ", KIND_STYLE["public"]),
                        (str(card["name"]), "bold"),
                        tag,
                        (f" ({names[int(lesson['owner'])]})", "$text-muted"),
                    )
                )
                if texts:
                    lines.append(Content.styled(f"  {card['text']}", "$text-muted"))
        revealed = [p for p in public["players"] if p.get("committed")]
        if revealed:
            lines.append(Content.styled("Rescue cards today:", "bold"))
            for p in revealed:
                cards = "; ".join(
                    f"speed {c['speed']}, "
                    + ("no basket" if c["basket"] == "none" else f"{c['basket']} basket")
                    for c in p["committed"]
                )
                seat = int(p["seat"])
                lines.append(
                    Content.assemble(
                        (KIND_LETTER["rescue"], KIND_STYLE["rescue"]),
                        (f" {'You' if seat == me else names[seat]}", "bold"),  # a line's head
                        f": {cards}",
                    )
                )
        played = public.get("played") or []
        if played:
            count = int(public["played_count"])
            shown_here = played[-last:] if last else []
            head = f"Played face up: {count} card{'s' if count != 1 else ''}"
            if shown_here:
                head += ", the last:" if len(shown_here) < count else ":"
            lines.append(Content.styled(head, "bold"))
            for c in shown_here:
                kind = str(c["kind"])
                by = c.get("seat")
                lines.append(
                    Content.assemble(
                        (KIND_LETTER.get(kind, "?"), KIND_STYLE.get(kind, "bold")),
                        f" {c['name']}",
                        (f" ({names[int(by)]})" if by is not None else "", "$text-muted"),
                    )
                )
        if not lines:
            lines.append(Content.styled("No card played yet.", "dim"))
        return Content("\n").join(lines)

    # ------------------------------------------------------------------ choosing

    def option_for(self, choice: PaneChoice, shown: Shown) -> tuple[str | None, str]:
        if isinstance(choice, IsleIslandPane.CatChosen):
            if choice.tile in self._rescuable(shown):
                return make("rescue", choice.tile), ""
            return None, "That cat cannot be rescued now."
        if not isinstance(choice, BoatView.PlaceChosen):
            return None, "Choose with the keys of the prompt bar."
        at = self._cursor_for(shown)
        if at is None:
            return None, "There is no tile to place right now."
        tile_id, shape, x, y, o, occupied, anywhere = at
        if why_not(shape, x, y, o, occupied, anywhere) is not None:
            return None, ""  # the bar says why already ("Not here: ..."): a bell
        return make_place(tile_id, x, y, o), ""

    def answer_for(self, shown: Shown, option_id: str) -> str:
        """ "Place it for me" puts the tile where the cursor started (the suggested
        place), not at the engine's first place from the stern."""
        spot = self._suggested(shown) if option_id == AUTO else None
        placing = self._placing(shown)
        if spot is None or placing is None:
            return option_id
        return make_place(str(placing[1]["id"]), *spot)

    def curtain_reason(self, name: str, prompt: Prompt | None, public: Mapping[str, Any]) -> str:
        kind = prompt.kind if prompt is not None else ""
        if kind == "draft":
            return f"{name} keeps cards from the draft, in secret."
        if kind in ("buy", "commit"):
            return f"{name} chooses cards in secret."
        if kind in ("rescue", "find", "place"):
            return f"It is {name}'s turn."
        return f"{name} has a choice to make."

    # ------------------------------------------------------------------ the end

    def _boats(
        self, players: Sequence[Mapping[str, Any]], names: Sequence[str]
    ) -> tuple[Content, ...]:
        """Every boat large (two columns a square, as on the player's own screen) under
        its owner's name: the game-over screen puts as many side by side as fit."""
        ascii_only = is_ascii(self.glyphs)
        out = []
        for seat, player in enumerate(players):
            lines = boat_lines(boat_data(player, wide=True, ascii_only=ascii_only))
            name = Content.styled(f"{names[seat]} ({player['boat']})", "bold")
            out.append(Content("\n").join([name, *lines]))
        return tuple(out)

    def result(self, public: Mapping[str, Any], names: tuple[str, ...]) -> GameResult:
        totals = [int(t) for t in public.get("totals") or []]
        scores = public.get("scores") or []
        players = public["players"]
        if not totals:
            return GameResult("The game is over.", "", ())
        best = max(totals)
        top = [i for i, t in enumerate(totals) if t == best]
        fish = max(int(players[i]["fish"]) for i in top)
        winners = [i for i in top if int(players[i]["fish"]) == fish]
        reason = "Highest score."
        if len(top) > 1:
            reason = (
                "Tied on points: the most fish left decides."
                if len(winners) == 1
                else ("Tied on points and fish: a shared win.")
            )
        sections: list[Content | ResultSection] = [
            score_table(scores, totals, players, names, winners)
        ]
        sections.append(
            ResultSection(Content.styled("The boats", "bold"), self._boats(players, names))
        )
        return GameResult(winners_title(names, winners, "!"), reason, tuple(sections))


SCORE_ROWS = ("Cat families", "Rare treasures", "Rats", "Rooms not filled")
LABEL_WIDTH = 22
CELL_WIDTH = 11


def score_row(label: str) -> str:
    """The score table's row of one of the engine's score lines (``"Red family of 13"``
    is a family; a lesson is its own row)."""
    if " family of " in label:
        return "Cat families"
    for row in ("Rare treasures", "Rats", "Rooms not filled"):
        if label.startswith(row):
            return row
    return label


def score_table(
    scores: Sequence[Sequence[Mapping[str, Any]]],
    totals: Sequence[int],
    players: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    winners: Sequence[int],
) -> Content:
    """Every player's score line by line, a column each: families (with their sizes,
    ``R13`` a red family of 13), rare treasures, each lesson, rats, rooms, the total and
    the fish left (the tie-break)."""
    rows: dict[str, list[int | None]] = {}
    order = ["Cat families", "Rare treasures"]
    families: list[list[str]] = [[] for _ in scores]
    for seat, lines in enumerate(scores):
        for line in lines:
            label = str(line["label"])
            row = score_row(label)
            if row not in order and row not in SCORE_ROWS:
                order.append(row)
            cells = rows.setdefault(row, [None] * len(scores))
            cells[seat] = (cells[seat] or 0) + int(line["points"])
            if row == "Cat families":
                colour, _, size = label.partition(" family of ")
                letter = COLOUR_LETTER.get(colour.lower(), colour[:1])
                families[seat].append(f"{letter}{size}")
    order += ["Rats", "Rooms not filled"]

    def cell(text: str, style: str = "") -> tuple[str, str]:
        return (text[: CELL_WIDTH - 1].rjust(CELL_WIDTH), style)

    head = [("".ljust(LABEL_WIDTH), "")]
    for seat, name in enumerate(names[: len(scores)]):
        mark = "* " if seat in winners else ""
        head.append(cell(f"{mark}{name}", "bold $accent" if seat in winners else "bold"))
    table = [Content.assemble(*head)]
    for row in order:
        cells = rows.get(row, [None] * len(scores))
        parts = [(row[: LABEL_WIDTH - 1].ljust(LABEL_WIDTH), "")]
        parts += [cell("-" if v is None else f"{v:+d}") for v in cells]
        table.append(Content.assemble(*parts))
        if row == "Cat families" and any(families):
            sizes = [(" sizes".ljust(LABEL_WIDTH), "$text-muted")]
            sizes += [cell(" ".join(f) or "-", "$text-muted") for f in families]
            table.append(Content.assemble(*sizes))
    total_row = [("Total".ljust(LABEL_WIDTH), "bold")]
    total_row += [
        cell(str(t), "bold $accent" if i in winners else "bold") for i, t in enumerate(totals)
    ]
    fish = [("Fish left (tie-break)".ljust(LABEL_WIDTH), "$text-muted")]
    fish += [cell(str(p["fish"]), "$text-muted") for p in players]
    table += [Content.assemble(*total_row), Content.assemble(*fish)]
    return Content("\n").join(table)


UI = IsleUI
