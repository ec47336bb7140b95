"""The prompt bar: the decision open for the seat shown, each option on a key."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

OPTION_KEYS = "123456789abcefgijkloruvwxyz"
"""Keys for options, in order.  Letters the app or the screen use elsewhere are left out
(d, h, m, n, p, q, s, t)."""


@dataclass(frozen=True, slots=True)
class KeyedOption:
    """One choice on the bar: its key (None if there are more options than keys)."""

    key: str | None
    option_id: str
    label: str


@dataclass(frozen=True, slots=True)
class PromptInfo:
    """What the prompt bar shows.  With no options it is just a status line."""

    text: str
    options: tuple[KeyedOption, ...] = ()
    hint: str = ""
    kind: str = ""
    listed: bool = True  # False: the keys are shown on the cards instead (picks)

    def option_for_key(self, key: str) -> str | None:
        for option in self.options:
            if option.key == key:
                return option.option_id
        return None


def option_keys(
    options: list[tuple[str, str]], keyed: tuple[KeyedOption, ...]
) -> tuple[tuple[str, str | None], ...]:
    """Every option id with the key of its entry (alike options share a key)."""
    by_label = {k.label: k.key for k in keyed}
    return tuple((option_id, by_label.get(label)) for option_id, label in options)


def keyed_options(options: list[tuple[str, str]]) -> tuple[KeyedOption, ...]:
    """Give options keys, in order; options with the same label share one entry
    (three "Red pigeon" picks are the same choice to a player)."""
    labels: dict[str, str] = {}  # label -> its first option
    for option_id, label in options:
        labels.setdefault(label, option_id)
    return keyed_slots([(option_id, label) for label, option_id in labels.items()])


def keyed_slots(slots: Sequence[tuple[str, str] | None]) -> tuple[KeyedOption, ...]:
    """Give each slot the next key, in order; a slot that is None (a card gone, a
    kind all chosen) keeps its key unused, so the keys after it stay put."""
    keys = iter(OPTION_KEYS)
    out: list[KeyedOption] = []
    for slot in slots:
        key = next(keys, None)
        if slot is not None:
            out.append(KeyedOption(key, *slot))
    return tuple(out)


class PromptBar(Static):
    """Shows ``prompt``; clicking an option posts :class:`PromptBar.OptionChosen`.

    The keys themselves are the screen's bindings (a prompt bar never has focus).
    """

    class OptionChosen(Message):
        def __init__(self, option_id: str) -> None:
            super().__init__()
            self.option_id = option_id

    prompt: reactive[PromptInfo | None] = reactive(None, layout=True)

    def render(self) -> Content:
        return self._content(self.content_region.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._content(width).wrap(width)) if width > 0 else 1

    def _content(self, width: int) -> Content:
        """The prompt, its options (a line breaks between two options, never inside one
        when it fits), and the hint, for ``width`` cells."""
        info = self.prompt
        if info is None:
            return Content("")
        parts: list[Content | str | tuple[str, str]] = [(info.text, "bold")]
        if info.options and info.listed:
            parts.append("\n")
            used = 0
            for index, option in enumerate(info.options):
                action = f"@click=choose_option({option.option_id!r})"
                if option.key:
                    item = Content.assemble(
                        (f" {option.key} ", f"bold reverse {action}"),
                        (" ", action),
                        (option.label, action),
                    )
                else:  # past the last key: picked another way (the game's hint says how)
                    item = Content.styled(option.label, f"underline {action}")
                if index:
                    if width > 0 and used + 2 + item.cell_length > width:
                        parts.append("\n")
                        used = 0
                    else:
                        parts.append("  ")
                        used += 2
                parts.append(item)
                used += item.cell_length
        if info.hint:
            parts += ["\n", (info.hint, "dim")]
        return Content.assemble(*parts)

    def action_choose_option(self, option_id: str) -> None:
        self.post_message(self.OptionChosen(option_id))
