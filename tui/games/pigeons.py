"""Cats Among The Pigeons on screen: how a card looks, the hand pane, the discard pane,
and :class:`PigeonsUI`, the game's half of the shared game screen.

Everything here works on *views* (the dicts ``engine.session.Table.view`` returns),
turned into small frozen :class:`Card` values; nothing holds or changes engine state.
Colours are theme variables in style strings (``$pigeon-red``, ``$card-cat``...),
resolved when a line is drawn, so a theme switch recolours everything; every colour
also comes with a letter or a glyph.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.css.scalar import Scalar
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core import Prompt
from engine.games.pigeons.cards import ACTIONS, COLOURS, FLOCK, REACTION_ACTIONS
from engine.games.pigeons.options import CATS, DRAW, try_parse
from engine.games.pigeons.view import Card as CardView
from engine.games.pigeons.view import PigeonsPrivate, PigeonsPublic
from themes import PIGEON_LETTERS, Glyphs
from tui.games.base import GameUI, Shown, winners_title
from tui.lifecycle import coming_down
from tui.plain import plain
from tui.widgets import (
    KeyBook,
    KeyedOption,
    PromptInfo,
    SeatRow,
    TableInfo,
    option_keys,
)
from tui.widgets.pane_messages import PaneChoice
from tui.widgets.pane_stack import PaneStack
from tui.widgets.result import GameResult, ResultSection

if TYPE_CHECKING:
    from textual.screen import Screen


@dataclass(frozen=True, kw_only=True)
class PigeonsGlyphs(Glyphs):
    """The shared glyphs and Cats Among The Pigeons' own: how a card says what it is
    without colour, and the piles."""

    pigeon: str
    rainbow: str
    cat: str
    action: str
    deck: str
    discard: str


def pigeons_glyphs(glyphs: Glyphs) -> PigeonsGlyphs:
    """The game's set for the shared ``glyphs`` (``themes.glyphs_for``'s choice)."""
    if isinstance(glyphs, PigeonsGlyphs):
        return glyphs
    shared = glyphs.shared_fields()
    if glyphs.ascii:
        return PigeonsGlyphs(
            **shared, pigeon="*", rainbow="@", cat="!", action="+", deck="[]", discard="[/]"
        )
    return PigeonsGlyphs(
        **shared, pigeon="◆", rainbow="✱", cat="☠", action="✦", deck="▤", discard="▥"
    )


def public_view(view: Mapping[str, Any]) -> PigeonsPublic:
    """A view's public half, read as the game's schema (:mod:`engine.games.pigeons.view`)."""
    return cast(PigeonsPublic, view)


def private_view(view: Mapping[str, Any]) -> PigeonsPrivate:
    """A view's private half, read as the game's schema; a spectator's is empty, so
    what may be missing is read with ``get``."""
    return cast(PigeonsPrivate, view)


@dataclass(frozen=True, slots=True)
class Card:
    """One card as a view shows it: a stable id and its public face."""

    id: str
    kind: str  # "pigeon", "rainbow", "cat" or "action"
    name: str
    colour: str | None = None
    action: str | None = None

    @property
    def face(self) -> str:
        """What makes two cards alike: 'pigeon:red', 'rainbow', 'cat', or the action id."""
        if self.kind == "pigeon":
            return f"pigeon:{self.colour}"
        if self.kind == "action":
            return str(self.action)
        return self.kind

    @classmethod
    def from_view(cls, data: CardView) -> Card:
        return cls(
            id=str(data["id"]),
            kind=str(data["kind"]),
            name=str(data["name"]),
            colour=data.get("colour"),
            action=data.get("action"),
        )


def cards_from_view(items: Iterable[CardView] | None) -> tuple[Card, ...]:
    return tuple(Card.from_view(item) for item in items or ())


@dataclass(frozen=True, slots=True)
class CardGroup:
    """Alike cards held together (three red pigeons are one row of the hand)."""

    face: str
    cards: tuple[Card, ...]

    @property
    def first(self) -> Card:
        return self.cards[0]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards)

    @property
    def count(self) -> int:
        return len(self.cards)


def face_order(card: Card) -> tuple[int, int]:
    """Where a card goes in a hand: pigeons by colour, rainbows, cats, then actions."""
    if card.kind == "pigeon":
        return (0, COLOURS.index(str(card.colour)))
    if card.kind == "rainbow":
        return (1, 0)
    if card.kind == "cat":
        return (2, 0)
    actions = list(ACTIONS)
    face = card.face
    return (3, actions.index(face) if face in actions else len(actions))


def group_cards(cards: Iterable[Card]) -> list[CardGroup]:
    """Alike cards together: pigeons by colour, rainbows, cats, then actions (card order)."""
    groups: dict[str, list[Card]] = {}
    for card in cards:
        groups.setdefault(card.face, []).append(card)
    return [
        CardGroup(face, tuple(items))
        for face, items in sorted(groups.items(), key=lambda kv: face_order(kv[1][0]))
    ]


def flock_counts(cards: Iterable[Card]) -> tuple[dict[str, int], int, int]:
    """(pigeons per colour, rainbows, cats) in ``cards``."""
    counts: dict[str, int] = {}
    rainbows = cats = 0
    for card in cards:
        if card.kind == "pigeon" and card.colour:
            counts[card.colour] = counts.get(card.colour, 0) + 1
        elif card.kind == "rainbow":
            rainbows += 1
        elif card.kind == "cat":
            cats += 1
    return counts, rainbows, cats


# --------------------------------------------------------------------------- drawing cards


def card_style(card: Card) -> str:
    """The style (theme variables only) a card is drawn in."""
    if card.kind == "pigeon":
        return f"$pigeon-{card.colour}"
    if card.kind == "rainbow":
        return "bold $card-rainbow"
    if card.kind == "cat":
        return "bold $card-cat"
    return "$card-action"


def card_mark(card: Card, glyphs: PigeonsGlyphs) -> str:
    """Two cells that say what a card is without colour: 'R◆', '✱✱', '☠☠', '✦ '."""
    if card.kind == "pigeon":
        return PIGEON_LETTERS.get(str(card.colour), "?") + glyphs.pigeon
    if card.kind == "rainbow":
        return glyphs.rainbow * 2
    if card.kind == "cat":
        return glyphs.cat * 2
    return glyphs.action + " "


def dash(glyphs: PigeonsGlyphs) -> str:
    return "-" if glyphs.ascii else "—"


def times(glyphs: PigeonsGlyphs) -> str:
    """The multiplication sign, or an x in ASCII mode."""
    return "x" if glyphs.ascii else "×"


def card_content(card: Card, glyphs: PigeonsGlyphs, count: int = 1) -> Content:
    """A card inline: its mark and its name ('R◆ Red pigeon ×2'), in its colour."""
    style = card_style(card)
    parts: list[str | tuple[str, str]] = [
        (card_mark(card, glyphs), f"bold {style}"),
        " ",
        (card.name, style),
    ]
    if count > 1:
        parts.append(f" {times(glyphs)}{count}")
    return Content.assemble(*parts)


def key_cell(key: str | None, usable: bool, glyphs: PigeonsGlyphs) -> tuple[str, str]:
    """The first cell of a card row: the key that uses the card, else a bullet, else blank."""
    if key:
        return (f"{key}", "bold reverse")
    return (glyphs.bullet if usable else " ", "bold")


def hand_row(
    group: CardGroup,
    glyphs: PigeonsGlyphs,
    rainbows: int,
    *,
    key: str | None = None,
    usable: bool = False,
    picked: int = 0,
    width: int = 30,
) -> Content:
    """One row of the hand pane for a group of alike cards.

    ``1 R◆ Red pigeon ×2     4/7``: the key that uses the card in the open
    decision (if any), mark, name, count, and progress towards a flock (rainbows
    included); cats say they stop a win, reaction cards that they are reactions.
    """
    card = group.first
    style = card_style(card)
    mark = card_mark(card, glyphs)
    label = card.name + (f" {times(glyphs)}{group.count}" if group.count > 1 else "")
    if card.kind == "pigeon":
        tail = f"{group.count + rainbows}/{FLOCK}"
    elif card.kind == "rainbow":
        tail = "wild"
    elif card.kind == "cat":
        tail = "no win"
    elif card.action in REACTION_ACTIONS:
        tail = "react"
    else:
        tail = ""
    if picked:
        tail = "chosen" if picked == 1 else f"chosen {picked}"
    room = max(1, width - 2 - len(mark) - 1 - len(label) - len(tail))
    strong = card.kind == "cat" or (card.kind == "pigeon" and group.count + rainbows >= FLOCK)
    return Content.assemble(
        key_cell(key, usable, glyphs),
        " ",
        (mark, f"bold {style}"),
        " ",
        (label, f"bold {style}" if strong else style),
        " " * room,
        (tail, "bold" if picked or strong else "dim"),
    )


def cards_count(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def hand_summary(cards: Sequence[Card], glyphs: PigeonsGlyphs) -> Content:
    """The lines under the hand: size, best flock, and the cat warning."""
    counts, rainbows, cats = flock_counts(cards)
    parts: list[str | tuple[str, str]] = [cards_count(len(cards))]
    best_n = max(counts.values(), default=0)
    best = next((c for c in COLOURS if best_n and counts.get(c, 0) == best_n), None)
    if best is not None:
        letter = PIGEON_LETTERS[best]
        parts += [
            ", best ",
            (f"{letter} {best}", f"bold $pigeon-{best}"),
            f" {best_n + rainbows}/{FLOCK}",
        ]
    elif rainbows:
        parts += [f", rainbows {rainbows}/{FLOCK}"]
    if cats:
        warning = f"{glyphs.cat} cats: {cats} {dash(glyphs)} can't win"
        parts += ["\n", (warning, "bold $card-cat")]
    elif rainbows:
        parts += ["\n", (f"{glyphs.rainbow} rainbows count in every flock", "dim")]
    return Content.assemble(*parts)


def group_content(group: CardGroup, glyphs: PigeonsGlyphs) -> Content:
    """A compact group for revealed hands: 'R◆ red×3', '☠ Cat×2', '✦ Gift'.

    The game-over screen keeps each group whole on its line (:class:`ResultSection`
    items), so its spaces are ordinary ones.
    """
    card = group.first
    style = card_style(card)
    count = f"{times(glyphs)}{group.count}" if group.count > 1 else ""
    if card.kind == "pigeon":
        return Content.assemble(
            (card_mark(card, glyphs), f"bold {style}"), (f" {card.colour}{count}", style)
        )
    if card.kind == "cat":
        return Content.assemble((f"{glyphs.cat} Cat{count}", f"bold {style}"))
    if card.kind == "rainbow":
        return Content.assemble((f"{glyphs.rainbow} rainbow{count}", style))
    return Content.assemble((f"{glyphs.action} {card.name}{count}", style))


# --------------------------------------------------------------------------- options


def card_options(
    option_ids: Sequence[str], cards: Sequence[Card], *, pairs: bool = True
) -> list[str]:
    """Every option of the open decision that would use one of ``cards`` (all alike).

    An option names a card by its id, alone (``c12``: a pick) or after a verb
    (``play:c12``, ``wing:c12``, ``sale:c12``...): alike cards are the same choice,
    so only the first such option counts.  With ``pairs``, a pigeon also answers each
    pair it could be discarded in (two of its colour, or it and a rainbow; a rainbow:
    two rainbows, or it and any colour held), and a cat the three cats.
    """
    ids = {c.id for c in cards}
    parsed = [(option, try_parse(option)) for option in option_ids]
    for option, p in parsed:
        if p is not None and p.card_id in ids:
            return [option]
    if not cards or not pairs:
        return []
    card = cards[0]
    if card.kind == "pigeon":  # two of its colour, or it and a rainbow
        return [o for o, p in parsed if p and p.verb == "pair" and p.colour == card.colour]
    if card.kind == "rainbow":  # two rainbows, or it and any colour
        return [
            o for o, p in parsed if p and p.verb == "pair" and (p.rainbow or p.colour == "rainbow")
        ]
    if card.kind == "cat":
        return [o for o in option_ids if o == CATS]
    return []


def option_for_cards(
    option_ids: Sequence[str], cards: Sequence[Card], *, pairs: bool = True
) -> str | None:
    """The option of the open decision that uses one of ``cards``, when there is
    exactly one (see :func:`card_options`); None when there is none, or several
    (a rainbow that pairs with red or with blue: the player says which)."""
    options = card_options(option_ids, cards, pairs=pairs)
    return options[0] if len(options) == 1 else None


def _verb(option_id: str) -> str | None:
    """What an option does (``options.Parsed.verb``); None for an id the game never makes."""
    parsed = try_parse(option_id)
    return None if parsed is None else parsed.verb


def pair_words(option_id: str, card: Card) -> str:
    """What a pair option does, said from ``card``'s side: 'another red', 'a rainbow',
    'red' (a rainbow with a red pigeon), 'another rainbow'."""
    pair = try_parse(option_id)
    colour = None if pair is None else pair.colour
    if colour == "rainbow":
        return "another rainbow"
    if pair is not None and pair.rainbow:
        return "a rainbow" if card.kind == "pigeon" else str(colour)
    return f"another {colour}"


def which_option_text(card: Card, choices: Sequence[tuple[str, str, str | None]]) -> str:
    """Asks the player to choose, when a card answers several options.

    ``choices``: (option id, label, key) of each.  'The rainbow pigeon pairs with red
    (key 3) or blue (key 4): press one.'"""

    def key_words(key: str | None) -> str:
        return f" (key {key})" if key else ""

    if all(_verb(option_id) == "pair" for option_id, _label, _key in choices):
        words = [f"{pair_words(o, card)}{key_words(key)}" for o, _label, key in choices]
        what = f"The {card.name.lower()} pairs with"
    else:
        words = [f"{label}{key_words(key)}" for _o, label, key in choices]
        what = f"The {card.name.lower()} can be used for"
    listed = ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]
    press = "press one" if all(key for _o, _l, key in choices) else "choose one"
    return f"{what} {listed}: {press}."


def options_in_order(prompt: Prompt, view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The prompt's (option id, label) pairs in the order they get keys.

    A pick's options are cards: they go in the order the hand (or the searched
    pile) shows them, so the keys run down the rows.  A turn's draw comes first.
    Other options keep the game's order.  A way back is on Escape, not on a key.
    """
    private = private_view(view)
    pairs = [(o.id, o.label) for o in prompt.choices()]
    if prompt.kind == "turn":
        # Drawing ends every turn: always key 1 and the bar's first line.  Last, it
        # went out of sight below a big hand's pairs (twenty cards, keys to g).
        pairs.sort(key=lambda p: p[0] != DRAW)
    if prompt.kind == "pick":
        shown = private.get("search") or private.get("hand") or ()
        cards = {c.id: c for c in cards_from_view(shown)}
        pairs.sort(key=lambda p: face_order(cards[p[0]]) if p[0] in cards else (9, 0))
    return pairs


FACES: tuple[str, ...] = (
    *(f"pigeon:{colour}" for colour in COLOURS),
    "rainbow",
    "cat",
    *ACTIONS,
)
"""Every kind of card, in the hand's order: each keeps its key for the whole game, after
the :attr:`PigeonsUI.loose_keys` (1-3: Draw, Pass, a target...): red pigeons on 4 ...
white on b, rainbows on c, cats on e, then the actions (Draw 2 on f ... Pigeon Trap on z).
The 24 kinds and the three keys before them are every key there is."""


def option_face(option_id: str, cards: Mapping[str, Card]) -> str | None:
    """The kind of card an option is about (its slot): the card it plays, picks or
    reacts with, a pair's colour (a pair with a rainbow too: it follows when the pair of
    two of that colour is offered as well), the cats; None for the others (Draw, Pass,
    a seat...)."""
    parsed = try_parse(option_id)
    if parsed is None:
        return None
    if parsed.card_id is not None:
        card = cards.get(parsed.card_id)
        return None if card is None else card.face
    if parsed.verb == "pair":
        return "rainbow" if parsed.colour == "rainbow" else f"pigeon:{parsed.colour}"
    if option_id == CATS:
        return "cat"
    return None


def pigeons_keyed(
    book: KeyBook, pairs: Sequence[tuple[str, str]], private: PigeonsPrivate
) -> tuple[KeyedOption, ...]:
    """The open decision's options on their keys: a kind of card keeps its key for the
    whole game (:data:`FACES`), in the hand, in a searched pile, in a two-card pick (a
    kind all chosen leaves its key unused) and in a reaction alike."""
    cards = {
        c.id: c for c in cards_from_view([*private.get("hand", ()), *private.get("search", ())])
    }
    choices = [(option_id, label, option_face(option_id, cards)) for option_id, label in pairs]
    return book.keyed(choices, FACES)


def keyed_for(prompt: Prompt, private: Mapping[str, Any]) -> tuple[KeyedOption, ...]:
    """:func:`pigeons_keyed` with a book of its own: the keys of the game's, which are a
    fixed map (every kind of card is on :data:`FACES` from the start)."""
    return pigeons_keyed(
        KeyBook(PigeonsUI.loose_keys), options_in_order(prompt, private), private_view(private)
    )


# --------------------------------------------------------------------------- widgets


class CardList(OptionList):
    """An option list of card groups; Enter uses the highlighted card.

    ``usable``: whether the open decision can use one of its cards (its pane says so);
    Enter is offered (and shown in the footer) only then."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Use", tooltip="Use the highlighted card")
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._usable = False

    @property
    def usable(self) -> bool:
        return self._usable

    @usable.setter
    def usable(self, usable: bool) -> None:
        if usable != self._usable:
            self._usable = usable
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select":
            return self._usable
        return True


OptionKeys = tuple[tuple[str, str | None], ...]
"""Every option of the open decision with its key: ((option id, key or None), ...)."""


def _key_for(group: CardGroup, options: OptionKeys, *, pairs: bool) -> tuple[bool, str | None]:
    """(whether the open decision can use this group, the key that does it: none when
    the group could answer several options, such as a rainbow that pairs with two
    colours)."""
    keys = dict(options)
    found = card_options(list(keys), group.cards, pairs=pairs)
    return bool(found), (keys.get(found[0]) if len(found) == 1 else None)


@dataclass(frozen=True, slots=True)
class HandData:
    """What the hand pane shows: whose hand, the cards, and the open decision's options."""

    owner: str
    cards: tuple[Card, ...]
    options: OptionKeys = ()
    picked: frozenset[str] = frozenset()


class HandPane(Widget):
    """The hand of the seat shown, grouped: pigeons by colour with a count towards 7.

    ``data`` None means nobody's hand may be shown (a handoff is under way).
    """

    class CardChosen(PaneChoice):
        """The player pressed Enter on a card of the hand (one of ``cards``, all alike)."""

        def __init__(self, cards: tuple[Card, ...]) -> None:
            super().__init__()
            self.cards = cards

    data: reactive[HandData | None] = reactive(None)

    def __init__(self, glyphs: PigeonsGlyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self._groups: list[CardGroup] = []

    def compose(self) -> ComposeResult:
        yield CardList(id="hand-list")
        yield Static(id="hand-summary")

    def on_mount(self) -> None:
        if coming_down(self):
            return
        self._show(self.data)

    def watch_data(self, data: HandData | None) -> None:
        if self.is_mounted:
            self._show(data)

    def on_resize(self) -> None:
        self._show(self.data)

    def _show(self, data: HandData | None) -> None:
        cards_list = self.query_one(CardList)
        summary = self.query_one("#hand-summary", Static)
        previous = cards_list.highlighted_option
        keep = previous.id if previous is not None else None
        cards_list.clear_options()
        if data is None:
            self.border_title = "Hand"
            self._groups = []
            cards_list.add_option(Option("(hidden)", disabled=True))
            cards_list.usable = False
            summary.update("")
            return
        self.border_title = plain(f"Hand {dash(self.glyphs)} {data.owner}")
        self._groups = group_cards(data.cards)
        _counts, rainbows, _cats = flock_counts(data.cards)
        width = max(24, self._rows_width(cards_list, len(self._groups)) or 30)
        options = []
        any_usable = False
        for g in self._groups:
            usable, key = _key_for(g, data.options, pairs=True)
            any_usable = any_usable or usable
            row = hand_row(
                g,
                self.glyphs,
                rainbows,
                key=key,
                usable=usable,
                picked=len(data.picked.intersection(g.ids)),
                width=width,
            )
            options.append(Option(row, id=g.face))
        if options:
            cards_list.add_options(options)
            faces = [g.face for g in self._groups]
            cards_list.highlighted = faces.index(keep) if keep in faces else 0
        else:
            cards_list.add_option(Option("(no cards)", disabled=True))
        cards_list.usable = any_usable
        summary.update(hand_summary(data.cards, self.glyphs))

    @staticmethod
    def _rows_width(cards_list: CardList, rows: int) -> int:
        """The cells a row of the list gets: its width, less the scrollbar's when
        ``rows`` do not fit its height (the counts at the rows' right end were cut
        off once the scrollbar came)."""
        region = cards_list.content_region
        if not region.width:  # not laid out yet
            return 0
        if rows > region.height:
            return region.width - cards_list.styles.scrollbar_size_vertical
        return region.width

    @on(OptionList.OptionSelected, "#hand-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = event.option_index
        if 0 <= index < len(self._groups):
            self.post_message(self.CardChosen(self._groups[index].cards))

    def focus_cards(self) -> None:
        self.query_one(CardList).focus()


@dataclass(frozen=True, slots=True)
class DiscardData:
    """The discard pile as the seat shown sees it: the top card, or all of it during a search."""

    count: int
    top: Card | None
    search: tuple[Card, ...] | None = None
    options: OptionKeys = ()


PILE_ROWS = 14
"""Rows of a searched pile's list at most (``#discard-list`` in the stylesheet)."""

PILE_MIN_ROWS = 3
"""Rows the list keeps however short the column (the column scrolls past that)."""


class DiscardPane(Widget):
    """The top of the discard pile; the whole pile while a rule lets you search it."""

    class CardChosen(PaneChoice):
        """The player pressed Enter on a card of the searched pile."""

        def __init__(self, cards: tuple[Card, ...]) -> None:
            super().__init__()
            self.cards = cards

    data: reactive[DiscardData | None] = reactive(None, layout=True)

    def __init__(self, glyphs: PigeonsGlyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self._groups: list[CardGroup] = []

    def compose(self) -> ComposeResult:
        yield Static(id="discard-top")
        yield CardList(id="discard-list")

    def on_mount(self) -> None:
        if coming_down(self):
            return
        self.border_title = "Discard pile"
        self._show(self.data)
        pile = self.query_one("#discard-list", CardList)
        self.watch(pile, "scroll_y", lambda _y: self._fold_sign(), init=False)

    def _fold_sign(self) -> None:
        """The pane's bottom edge says how many rows of a searched pile are scrolled out
        of sight ("↓ 4 more"): the list's scrollbar alone is easy to miss."""
        if not self.is_mounted or coming_down(self):
            return  # called after a refresh that came once the screen was going
        pile = self.query_one("#discard-list", CardList)
        sign = ""
        if pile.display:
            shown = pile.scrollable_content_region.height
            above = round(pile.scroll_y)
            below = max(0, pile.virtual_size.height - shown - above)
            g = self.glyphs
            parts = [f"{g.above} {above} more"] if above else []
            parts += [f"{g.below} {below} more"] if below else []
            sign = "  ".join(parts)
        if self.border_subtitle != sign:
            self.border_subtitle = sign

    def watch_data(self, data: DiscardData | None) -> None:
        if self.is_mounted:
            self._show(data)

    @property
    def searching(self) -> bool:
        return self.data is not None and self.data.search is not None

    def _show(self, data: DiscardData | None) -> None:
        top = self.query_one("#discard-top", Static)
        pile = self.query_one("#discard-list", CardList)
        previous = pile.highlighted_option
        keep = previous.id if previous is not None else None
        pile.clear_options()
        self._groups = []
        pile.usable = False
        if data is None:
            top.update("")
            pile.display = False
            return
        glyphs = self.glyphs
        if data.top is None:
            line = Content(f"{glyphs.discard} empty")
        else:
            line = Content.assemble(
                f"{glyphs.discard} {data.count} card{'' if data.count == 1 else 's'}, top: ",
                card_content(data.top, glyphs),
            )
        if data.search is not None:
            self.border_title = "Discard pile: searching"
        else:
            self.border_title = "Discard pile"
        top.update(line)
        pile.display = data.search is not None
        if data.search is None:
            self._fold_sign()
            return
        self._groups = group_cards(data.search)
        usable_faces: list[str] = []
        for g in self._groups:
            usable, key = _key_for(g, data.options, pairs=False)
            row = Content.assemble(
                key_cell(key, usable, glyphs), " ", card_content(g.first, glyphs, g.count)
            )
            pile.add_option(Option(row, id=g.face, disabled=not usable))
            if usable:
                usable_faces.append(g.face)
        if usable_faces:
            face = keep if keep in usable_faces else usable_faces[0]
            pile.highlighted = [g.face for g in self._groups].index(face)
        pile.usable = bool(usable_faces)
        self.call_after_refresh(self.fit_to_room)
        self.call_after_refresh(self._fold_sign)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fold_sign)

    def fit_to_room(self) -> None:
        """A long searched pile scrolls inside its list instead of pushing the other
        panes (the table) out of the column: the list takes the rows the column has
        left, :data:`PILE_ROWS` at most (the stylesheet's), :data:`PILE_MIN_ROWS` at least."""
        stack = self.parent
        if not self.is_mounted or not isinstance(stack, PaneStack) or stack.room is None:
            return
        pile = self.query_one("#discard-list", CardList)
        if not pile.display:
            return
        others = sum(c.outer_size.height for c in stack.children if c is not self and c.display)
        chrome = self.outer_size.height - pile.outer_size.height
        rows = max(PILE_MIN_ROWS, min(PILE_ROWS, stack.room - others - chrome))
        if pile.styles.max_height != Scalar.from_number(rows):
            pile.styles.max_height = rows
        self.call_after_refresh(self._fold_sign)

    @on(OptionList.OptionSelected, "#discard-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = event.option_index
        if 0 <= index < len(self._groups):
            self.post_message(self.CardChosen(self._groups[index].cards))

    def focus_pile(self) -> None:
        self.query_one("#discard-list", CardList).focus()


def flock_name(colour: str | None) -> str:
    """How a result names the winning flock ('red', 'rainbow')."""
    return "rainbow" if colour in (None, "rainbow") else str(colour)


def winning_flock(cards: Sequence[Card], flock: Collection[str]) -> tuple[list[Card], list[Card]]:
    """(the cards of ``cards`` that make the winning flock, the rest), where ``flock``
    holds the ids of the flock's seven: the view's ``winning_flock``, as the engine
    counts a win."""
    return [c for c in cards if c.id in flock], [c for c in cards if c.id not in flock]


def revealed_hand(
    name: str,
    cards: Sequence[Card],
    glyphs: PigeonsGlyphs,
    *,
    winner: bool,
    colour: str | None,
    flock: Collection[str] = (),
) -> ResultSection:
    """A hand on the game-over screen: name, size, the winning flock or the cats; then
    the cards, a group of alike cards per item.  The winner's seven (``flock``: their
    ids, the view's ``winning_flock``) come first; the rest of that hand follows them,
    after "other cards:"."""
    head: list[str | tuple[str, str]] = [
        (f"{glyphs.turn} " if winner else "  ", "bold"),
        (name, "bold"),
        f"  {cards_count(len(cards))}",
    ]
    _counts, _rainbows, cats = flock_counts(cards)
    if winner and colour:
        seven, rest = winning_flock(cards, flock)
        if colour == "rainbow":
            head += ["  ", ("seven rainbow pigeons", "bold $card-rainbow")]
        else:
            letter = PIGEON_LETTERS.get(colour, "?")
            head += [
                "  winning flock ",
                (f"{letter} {colour} {len(seven)}/{FLOCK}", f"bold $pigeon-{colour}"),
            ]
        items = [group_content(grp, glyphs) for grp in group_cards(seven)]
        others = [group_content(grp, glyphs) for grp in group_cards(rest)]
        if others:
            others[0] = Content.assemble(("other cards: ", "dim"), others[0])
        items += others
    else:
        items = [group_content(grp, glyphs) for grp in group_cards(cards)]
        if cats:
            head += ["  ", (f"{glyphs.cat} {cats} cat{'s' if cats > 1 else ''}", "$card-cat")]
    return ResultSection(Content.assemble(*head), tuple(items))


# --------------------------------------------------------------------------- the game's UI


class PigeonsUI(GameUI):
    """Cats Among The Pigeons on the shared game screen: the hand on the left, the
    discard pile in the side column; cards answer the open decision."""

    glyphs: PigeonsGlyphs
    loose_keys: ClassVar[int] = 3  # Draw; Pass; a target, a way round, Gift's give...

    def __init__(self, glyphs: Glyphs) -> None:
        super().__init__(pigeons_glyphs(glyphs))

    def compose_main(self) -> ComposeResult:
        yield HandPane(self.glyphs, id="hand")

    def compose_side(self) -> ComposeResult:
        yield DiscardPane(self.glyphs, id="discard")

    def focus(self, screen: Screen[Any]) -> None:
        screen.query_one(HandPane).focus_cards()

    def ordered_options(self, shown: Shown) -> list[tuple[str, str]]:
        assert shown.prompt is not None
        return options_in_order(shown.prompt, shown.private)

    def window_for_others(self, shown: Shown, asked: str) -> str:
        """ "Ann's Pluck on Bob: Bob may react.", "Bob's Wing Block: ...", "Ann discards
        a pair: ..." (the window's own prompt says this to the seats asked)."""
        stage = public_view(shown.public)["stage"]
        names = shown.names
        if stage["kind"] == "action":
            chain = stage["chain"]
            if chain:  # the last block or trap is what may be answered now
                last = chain[-1]
                what = f"{names[int(last['seat'])]}'s {last['card']['name']}"
            else:
                player = int(stage["seat"])
                what = f"{names[player]}'s {stage['action']['name']}"
                target = stage["target"]
                if isinstance(target, int) and target >= 0 and target != player:
                    what += f" on {names[target]}"
                elif stage["direction"]:
                    what += f" to the {stage['direction']}"
            return f"{what}: {asked} may react."
        if stage["kind"] == "sale":
            return f"{names[int(stage['seat'])]} discards a pair: {asked} may react."
        return super().window_for_others(shown, asked)

    def prompt_info(self, shown: Shown) -> PromptInfo:
        prompt = shown.prompt
        assert prompt is not None
        options = pigeons_keyed(self.keys, self.ordered_options(shown), private_view(shown.private))
        text, hint, listed = prompt.text, "", True
        where = "pile" if "search" in shown.private else "hand"
        if prompt.kind in ("window", "sale"):
            text = "Do you react?"  # the banner says to what
            if shown.countdown:
                hint = "Say nothing and the countdown passes for you."
        elif prompt.kind == "pick":
            listed = False
            hint = f"Press the key shown on a card in your {where}, or the arrows and Enter."
        elif prompt.kind == "turn":
            hint = "Or pick a card in your hand with the arrows and press Enter."
        if prompt.back_option is not None:
            hint = "Escape: back to your turn (the card stays in your hand)."
        return PromptInfo(text, options, hint, prompt.kind, listed)

    def fill(self, screen: Screen[Any], shown: Shown, info: PromptInfo) -> None:
        prompt = shown.prompt
        public, private = public_view(shown.public), private_view(shown.private)
        pairs = [(o.id, o.label) for o in prompt.options] if prompt else []
        keys = option_keys(pairs, info.options)
        hand_pane = screen.query_one(HandPane)
        if shown.seat is None:
            hand_pane.data = None
        else:
            hand_pane.data = HandData(
                owner=shown.names[shown.seat],
                cards=cards_from_view(private.get("hand")),
                options=keys,
                picked=frozenset(private.get("picked", ())),
            )
        search = cards_from_view(private["search"]) if "search" in private else None
        top = public["discard_top"]
        discard = screen.query_one(DiscardPane)
        was_searching = discard.searching
        discard.data = DiscardData(
            count=public["discard_count"],
            top=Card.from_view(top) if top else None,
            search=search,
            options=keys if search is not None else (),
        )
        if search is not None and not was_searching:
            discard.focus_pile()
        elif search is None and was_searching:
            hand_pane.focus_cards()

    def table_info(self, shown: Shown) -> TableInfo:
        public = public_view(shown.public)
        waiting = set(public["waiting"])
        turn = public["turn"]
        rows = tuple(
            SeatRow(
                name=s["name"],
                kind=shown.kinds[i],
                cards=s["cards"],
                missed=s["missed_turns"],
                turn=i == turn and not public["over"],
                deciding=i in waiting,
                # "you" where it tells anything: several people at the table
                # (hot-seat, or a LAN table's other players).
                shown=i == shown.seat and (shown.hotseat or "remote" in shown.kinds),
                tags=self.seat_tags(shown, i),
            )
            for i, s in enumerate(public["seats"])
        )
        return TableInfo(
            rows=rows,
            piles=self.piles_text(shown),
            turn_number=public["turn_number"],
        )

    def piles_text(self, shown: Shown) -> str:
        g = self.glyphs
        public = public_view(shown.public)
        draw, discard = public["draw_count"], public["discard_count"]
        return f"{g.deck} draw pile {draw}   {g.discard} discard {discard}"

    def option_for(self, choice: PaneChoice, shown: Shown) -> tuple[str | None, str]:
        cards: tuple[Card, ...] = getattr(choice, "cards", ())
        prompt = shown.prompt
        if prompt is None or not cards:
            return None, "There is nothing to decide right now."
        option_ids = [o.id for o in prompt.options]
        pairs = isinstance(choice, HandPane.CardChosen)
        found = card_options(option_ids, cards, pairs=pairs)
        if not found:
            return None, f"{cards[0].name} cannot be used for this."
        if len(found) > 1:  # not a guess: the player says which (the prompt bar's keys)
            labels = {o.id: o.label for o in prompt.options}
            keyed = self.prompt_info(shown).options
            keys = dict(option_keys(list(labels.items()), keyed))
            choices = [(o, labels[o], keys.get(o)) for o in found]
            return None, which_option_text(cards[0], choices)
        return found[0], ""

    def curtain_reason(self, name: str, prompt: Prompt | None, public: Mapping[str, Any]) -> str:
        if prompt is not None and prompt.kind == "turn":
            return f"It is {name}'s turn."
        stage = public_view(public)["stage"]
        if prompt is not None and stage["kind"] == "multi":
            # Pigeon Mail, Ruffle Feathers, Double Swap: several choose at once.
            return f"Each player asked chooses in turn: now {name}."
        return f"{name} has a choice to make."

    def result(self, view: Mapping[str, Any], names: tuple[str, ...]) -> GameResult:
        public = public_view(view)
        result: Mapping[str, Any] = public.get("result") or {}
        winners = [int(w) for w in result.get("winners", ())]
        colour = result.get("colour")
        if winners:
            title = winners_title(names, winners, f" with seven {flock_name(colour)} pigeons!")
        else:
            title = "A draw."  # the reason says why ("No one won within 300 turns: a draw.")
        flock = frozenset(public.get("winning_flock", ()))
        hands = tuple(
            revealed_hand(
                names[i],
                cards_from_view(h),
                self.glyphs,
                winner=i in winners,
                colour=colour,
                flock=flock if i in winners else (),
            )
            for i, h in enumerate(public.get("hands", ()))
        )
        return GameResult(title, str(result.get("reason", "")), hands)


UI = PigeonsUI
