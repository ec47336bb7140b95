"""The keys screen: every key binding of the screen underneath, with what it does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich import box
from rich.table import Table as RichTable
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from tui.lifecycle import coming_down


@dataclass(frozen=True)
class KeyRow:
    """One line of the keys screen."""

    key: str
    description: str
    where: str


def _where(node: object, app: App[Any], screen: Screen[Any]) -> str:
    if node is app:
        return "everywhere"
    if node is screen:
        return "this screen"
    if isinstance(node, Widget):
        name = node.id or type(node).__name__
        return f"in {name.replace('-', ' ').replace('_', ' ').lower()}"
    return type(node).__name__


def key_rows(app: App[Any], screen: Screen[Any]) -> list[KeyRow]:
    """The bindings active on ``screen`` (focused widget, screen, then app), described.

    A key bound at several levels shows once, as the level that handles it; keys
    that do the same thing in the same place share a line (``^q, q  Quit``).
    Bindings without a description are internal and left out.
    """
    keys: dict[tuple[str, str], list[str]] = {}  # (what, where) -> keys, in binding order
    seen: set[str] = set()
    for key, active in screen.active_bindings.items():
        binding = active.binding
        text = binding.description or binding.tooltip
        if not text or key in seen:
            continue
        seen.add(key)
        text = _PLAIN_WORDS.get(text, text)
        shown = keys.setdefault((text, _where(active.node, app, screen)), [])
        display = app.get_key_display(binding)
        if display not in shown:
            shown.append(display)
    rows = [KeyRow(", ".join(shown), text, where) for (text, where), shown in keys.items()]
    # The screen's own keys first, then the app's, then the focused widget's.
    order = {"this screen": 0, "everywhere": 1}
    rows.sort(key=lambda r: order.get(r.where, 2))
    return rows


_PLAIN_WORDS = {"palette": "Command palette"}
"""Textual's own short words, said in full where there is room."""


class KeysScreen(Screen[None]):
    """A table of keys; Escape (or ? again) goes back."""

    CSS_PATH = "keys.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
    ]

    def __init__(self, rows: list[KeyRow], title: str = "Keys on this screen") -> None:
        super().__init__()
        self.rows = rows
        self.keys_title = title

    def compose(self) -> ComposeResult:
        yield Static(self.keys_title, id="keys-title", markup=False)
        with VerticalScroll(id="keys-scroll"):
            yield Static(self._table(), id="keys-table")
        yield Footer()

    def _table(self) -> RichTable:
        table = RichTable(box=box.SIMPLE_HEAD, expand=True, header_style="bold", pad_edge=False)
        table.add_column("Key", no_wrap=True, style="bold")
        table.add_column("What it does", ratio=1)
        table.add_column("Where", no_wrap=True)
        for row in self.rows:
            table.add_row(row.key, row.description, row.where)
        if not self.rows:
            table.add_row("", "No keys here.", "")
        return table

    def on_mount(self) -> None:
        if coming_down(self):
            return
        self.query_one("#keys-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
