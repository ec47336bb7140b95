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
        # As the player knows the pane: its own words (``keys_where``), else its id.
        label = getattr(node, "keys_where", None)
        if label:
            return f"in {label}"
        name = node.id or type(node).__name__
        return f"in {name.replace('-', ' ').replace('_', ' ').lower()}"
    return type(node).__name__


def key_rows(app: App[Any], screen: Screen[Any]) -> list[KeyRow]:
    """The bindings active on ``screen`` (focused widget, screen, then app), described.

    A key bound at several levels shows once, as the level that handles it; keys
    that do the same thing in the same place share a line (``^q, q  Quit``), and so
    do the hidden keys of an action the footer shows once (``1-7  Choose``: the
    option keys the open decision offers).  Bindings without a description are
    internal and left out.
    """
    active = []
    seen: set[str] = set()
    # Moving the focus means nothing on a screen with nothing to focus (the curtain).
    idle = {"app.focus_next", "app.focus_previous"} if not screen.focus_chain else set()
    for key, item in screen.active_bindings.items():
        binding = item.binding
        if not (binding.description or binding.tooltip) or key in seen or binding.action in idle:
            continue
        if binding.description in _TEXTUAL_INTERNALS:
            continue
        seen.add(key)
        active.append((key, binding, _where(item.node, app, screen)))
    # What the footer calls an action, where it shows one of its keys.
    footer_words = {
        (_action_name(b.action), where): b.description
        for _key, b, where in active
        if b.show and b.description
    }
    keys: dict[tuple[str, str], list[tuple[str, str]]] = {}  # (what, where) -> keys
    shown: dict[tuple[str, str], str] = {}  # (what, where) -> the footer's own keys text
    own = getattr(screen, "key_words", None)  # a screen may word a key its own way now
    own_keys = getattr(screen, "key_display", None)  # ... and show its keys its own way
    for key, binding, where in active:
        text = (own(binding) if callable(own) else None) or binding.description or binding.tooltip
        if not binding.show:
            text = footer_words.get((_action_name(binding.action), where), text)
        text = _PLAIN_WORDS.get(text, text)
        keys.setdefault((text, where), []).append((key, app.get_key_display(binding)))
        display = own_keys(binding) if binding.show and callable(own_keys) else None
        if display:
            # As in the footer ("1-4  Choose": the keys the open decision offers,
            # though the others are bound too, to say they are no choice).
            shown[(text, where)] = display
    rows = [
        KeyRow(shown.get((text, where)) or _keys_text(pairs), text, where)
        for (text, where), pairs in keys.items()
    ]
    # The screen's own keys first, then the app's, then the focused widget's.
    order = {"this screen": 0, "everywhere": 1}
    rows.sort(key=lambda r: order.get(r.where, 2))
    return rows


def _action_name(action: str) -> str:
    return action.split("(", 1)[0]


def _keys_text(pairs: list[tuple[str, str]]) -> str:
    """(key, display) pairs as one cell: runs of three or more letters or digits in a
    row as a range ("1-7"), anything else as displayed ("^q, q")."""
    parts: list[str] = []
    run: list[str] = []

    def flush() -> None:
        parts.extend([f"{run[0]}-{run[-1]}"] if len(run) >= 3 else run)
        run.clear()

    for key, display in pairs:
        if len(key) == 1 and key.isalnum():
            if run and ord(key) != ord(run[-1]) + 1:
                flush()
            run.append(key)
        else:
            flush()
            parts.append(display)
    flush()
    return ", ".join(dict.fromkeys(parts))


_TEXTUAL_INTERNALS = frozenset(
    {"Copy selected text", "Scroll Left", "Scroll Right", "Page Left", "Page Right"}
)
"""Textual's own bindings that mean nothing in Purrch's lists and panes (nothing there
scrolls sideways or is selected as text): the keys screen leaves them out."""

_PLAIN_WORDS = {"palette": "Command palette"}
"""Textual's own short words, said in full where there is room."""


class KeysScreen(Screen[None]):
    """A table of keys; Escape (or ? again) goes back."""

    CSS_PATH = "keys.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
    ]

    def __init__(
        self, rows: list[KeyRow], title: str = "Keys on this screen", *, note: str = ""
    ) -> None:
        super().__init__()
        self.rows = rows
        self.keys_title = title
        self.note = note

    def compose(self) -> ComposeResult:
        yield Static(self.keys_title, id="keys-title", markup=False)
        with VerticalScroll(id="keys-scroll"):
            if self.note:
                yield Static(self.note, id="keys-note", markup=False)
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
