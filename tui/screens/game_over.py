"""Game over: the winner and the winning flock, every hand revealed, what next."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from themes import PIGEON_LETTERS, Glyphs
from tui.games.pigeons import Card, flock_counts, group_cards, group_content, is_ascii


@dataclass(frozen=True, slots=True)
class RevealedHand:
    name: str
    cards: tuple[Card, ...]
    winner: bool = False


@dataclass(frozen=True, slots=True)
class GameResult:
    """What the game-over screen shows (from the public view of a finished game)."""

    title: str
    reason: str
    hands: tuple[RevealedHand, ...]
    colour: str | None = None  # the winning flock


class GameOverScreen(Screen[str]):
    """Dismissed with "again" (same seats, new seed) or "menu"."""

    CSS_PATH = "game_over.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "again", "Play again"),
        Binding("enter", "again", "Play again", show=False),
        Binding("m", "menu", "Back to menu"),
        Binding("escape", "menu", "Back to menu", show=False),
    ]

    def __init__(self, result: GameResult, glyphs: Glyphs) -> None:
        super().__init__()
        self.result = result
        self.glyphs = glyphs
        self.set_class(is_ascii(glyphs), "-ascii")

    def compose(self) -> ComposeResult:
        result = self.result
        with VerticalScroll(id="over-box"):
            yield Static(Content(result.title), id="over-title")
            yield Static(Content(result.reason), id="over-reason")
            for hand in result.hands:
                yield Static(self._hand(hand), classes="over-hand")
        yield Footer()

    def _hand(self, hand: RevealedHand) -> Content:
        g = self.glyphs
        head: list[str | tuple[str, str]] = [
            (f"{g.turn} " if hand.winner else "  ", "bold"),
            (hand.name, "bold"),
            f"  {len(hand.cards)} cards",
        ]
        counts, rainbows, cats = flock_counts(hand.cards)
        colour = self.result.colour
        if hand.winner and colour:
            if colour == "rainbow":
                head += ["  ", ("seven rainbow pigeons", "bold $card-rainbow")]
            else:
                letter = PIGEON_LETTERS.get(colour, "?")
                n = counts.get(colour, 0) + rainbows
                head += ["  winning flock ", (f"{letter} {colour} {n}/7", f"bold $pigeon-{colour}")]
        elif cats:
            head += ["  ", (f"{g.cat} {cats} cat{'s' if cats > 1 else ''}", "$card-cat")]
        groups = group_cards(hand.cards)
        body = Content("   ").join(group_content(grp, g) for grp in groups)
        if not groups:
            body = Content("(no cards)")
        return Content.assemble(*head, "\n    ", body)

    def action_again(self) -> None:
        self.dismiss("again")

    def action_menu(self) -> None:
        self.dismiss("menu")
