"""The prompt bar: the decision open for the seat shown, each option on a key."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

OPTION_KEYS = "123456789abcefgijkloruvwxyz"
"""Keys for options, in order.  Letters the app or the screen use elsewhere are left out
(d, h, m, n, p, q, s, t)."""


RESERVED_LETTERS = "".join(c for c in "abcdefghijklmnopqrstuvwxyz" if c not in OPTION_KEYS)
"""The letters no choice takes: the screens' own keys."""


KEYS_KEPT = "A card, a position or a square keeps its key for the whole game."
"""How long a thing keeps its key, unless a game says otherwise (``GameUI.keys_kept``)."""


def reserved_note(kept: str = KEYS_KEPT) -> str:
    """Why the choices' keys skip some letters, and (``kept``, the game's words) how long
    a thing keeps its key: the keys screen says it."""
    letters = ", ".join(RESERVED_LETTERS)
    return (
        f"Choices take the keys {key_ranges(list(OPTION_KEYS))}: the letters {letters} are "
        "kept for the screens' own keys (such as q to quit, t to chat, m for the memory "
        f"aid), so that a choice never shares a key with one of them. {kept} Where there "
        "are more choices than keys, the arrows and Enter reach the rest."
    )


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
    on_cards: frozenset[str] = frozenset()
    """Options not listed on the bar: their keys are shown on the cards (the others,
    such as Done, are listed)."""

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
    (three "Red pigeon" picks are the same choice to a player).  A :class:`KeyBook`
    whose options are about no thing on the board does just this."""
    return KeyBook().keyed([(option_id, label, None) for option_id, label in options])


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


Choice = tuple[str, str, str | None]
"""An option as a presenter gives it to a :class:`KeyBook`: (option id, label, the thing
on the board it is about, or None)."""


class KeyBook:
    """Keys that stay with the things on the board for the whole game.

    A presenter keeps one for its game (one per set of things that can share a
    decision) and names, for each option, the thing on the board it is about: its
    *slot* (a crime-scene position "A1", a kind of card, a branch square "L3b"), or
    None (Pass, Draw).  A slot takes a key of its own the first time the book meets it,
    the first key after the ``loose`` ones that no other slot holds, and keeps it for
    the game; a slot that is gone (a card played) keeps its key unused.  ``board``
    (every thing on the board now, in board order) is met first, so that the keys
    follow the board (A1, A2...) rather than the order decisions happen to come in.

    The other options *follow*: in the decision's order, those about no thing take the
    ``loose`` keys first; then they and the options whose slot found no key (more
    things than keys) or whose slot's key went to an option before them (a pair with a
    rainbow after the pair of two reds) take the keys this decision leaves: keys no slot
    holds, then the keys of slots not offered now.  Options with the same label are one
    choice (three "Red pigeon" picks) and share one entry.  The entries come in key
    order, those left without a key (more options than keys) last.
    """

    def __init__(self, loose: int = 0, keys: str = OPTION_KEYS) -> None:
        self._keys = keys
        self._loose = keys[:loose]
        self._free = list(keys[loose:])  # keys no slot holds, for slots to come
        self._held: dict[str, str] = {}  # slot -> its key, for the game

    def key_of(self, slot: str) -> str | None:
        """The key ``slot`` holds (None: none yet, or none was left for it)."""
        return self._held.get(slot)

    def held(self) -> frozenset[str]:
        """The keys slots hold (offered now or not)."""
        return frozenset(self._held.values())

    def meet(self, slots: Iterable[str]) -> None:
        """Give each slot not met before the next key no slot holds (while any is left)."""
        for slot in slots:
            if slot not in self._held and self._free:
                self._held[slot] = self._free.pop(0)

    def keyed(
        self, choices: Sequence[Choice], board: Iterable[str] = ()
    ) -> tuple[KeyedOption, ...]:
        """The decision's ``choices`` on their keys (see the class docstring)."""
        self.meet(board)
        entries: dict[str, tuple[str, str | None]] = {}  # label -> (first option, slot)
        for option_id, label, slot in choices:
            entries.setdefault(label, (option_id, slot))
        self.meet(slot for _option, slot in entries.values() if slot is not None)
        keys: dict[str, str | None] = {}
        used: set[str] = set()
        for label, (_option, slot) in entries.items():
            key = None if slot is None else self._held.get(slot)
            if key is not None and key not in used:
                keys[label] = key
                used.add(key)
        offered = {slot for _option, slot in entries.values() if slot is not None}
        owner = {key: slot for slot, key in self._held.items()}
        loose = iter(k for k in self._loose if k not in used)
        for label, (_option, slot) in entries.items():
            if slot is None and label not in keys:
                key = next(loose, None)
                if key is not None:
                    keys[label] = key
                    used.add(key)
        spare = iter(
            [
                *(k for k in self._keys if k not in used and k not in owner),
                *(
                    k
                    for k in self._keys
                    if k not in used and k in owner and owner[k] not in offered
                ),
            ]
        )
        for label in entries:
            if label not in keys:
                key = next(spare, None)
                keys[label] = key
        order = {k: i for i, k in enumerate(self._keys)}
        out = [
            KeyedOption(keys[label], option_id, label) for label, (option_id, _s) in entries.items()
        ]
        out.sort(key=lambda o: order[o.key] if o.key is not None else len(order))
        return tuple(out)


MAX_LINES = 8
"""Lines the bar shows at most (game.tcss: a border and 8 lines)."""


def more_line(hidden: Sequence[KeyedOption | None]) -> Content:
    """What stands for the options that do not fit on the bar: "+ 6 more: keys l, o,
    r, u-y" (their keys still work), or how to reach those without a key."""
    keys = [o.key for o in hidden if o is not None and o.key]
    text = f"+ {len(hidden)} more"
    if keys:
        text += f": keys {key_ranges(keys)}"
    if len(keys) < len(hidden):
        text += " (the others with the arrows and Enter)"
    return Content.styled(text, "bold")


def key_ranges(keys: Sequence[str]) -> str:
    """ "l, o, r, u-y": keys in :data:`OPTION_KEYS` order, three or more neighbours
    in the alphabet (or digits) as a range, as the keys screen lists them."""
    ordered = sorted(keys, key=OPTION_KEYS.index)
    runs: list[list[str]] = []
    for key in ordered:
        if runs and ord(key) == ord(runs[-1][-1]) + 1:
            runs[-1].append(key)
        else:
            runs.append([key])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) >= 3 else ", ".join(r) for r in runs)


def bar_content(info: PromptInfo | None, width: int) -> Content:
    """The prompt, its options (a line breaks between two options, never inside one
    when it fits), and the hint, for ``width`` cells; at most :data:`MAX_LINES`
    lines: options that do not fit are named by their keys on a last line."""
    if info is None:
        return Content("")
    head = Content.styled(info.text, "bold")
    hint = Content.styled(info.hint, "dim") if info.hint else None
    rows = _option_rows(info, width) if info.options and info.listed else []
    if width > 0:
        room = MAX_LINES - len(head.wrap(width)) - (len(hint.wrap(width)) if hint else 0)
        if len(rows) > room >= 1:
            shown = rows[: room - 1]
            hidden = [o for row in rows[room - 1 :] for o, _item in row]
            rows = [*shown, [(None, more_line(hidden))]]
    lines = [head] + [Content("  ").join(item for _o, item in row) for row in rows]
    if hint is not None:
        lines.append(hint)
    return Content("\n").join(lines)


def _option_rows(info: PromptInfo, width: int) -> list[list[tuple[KeyedOption | None, Content]]]:
    """The options as items, in lines of at most ``width`` cells."""
    rows: list[list[tuple[KeyedOption | None, Content]]] = [[]]
    used = 0
    for option in info.options:
        if option.option_id in info.on_cards:
            continue
        action = f"@click=choose_option({option.option_id!r})"
        if option.key:
            item = Content.assemble(
                (f" {option.key} ", f"bold reverse {action}"),
                (" ", action),
                (option.label, action),
            )
        else:  # past the last key: picked another way (the game's hint says how)
            item = Content.styled(option.label, f"underline {action}")
        if rows[-1]:
            if width > 0 and used + 2 + item.cell_length > width:
                rows.append([])
                used = 0
            else:
                used += 2
        rows[-1].append((option, item))
        used += item.cell_length
    return rows


def bar_rows(info: PromptInfo | None, width: int) -> int:
    """The rows the prompt bar takes on a screen ``width`` columns wide: its rule and
    its lines (game.tcss pads it by a column each side)."""
    inner = max(1, width - 2)
    return 1 + len(bar_content(info, inner).wrap(inner))


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
        return bar_content(self.prompt, self.content_region.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(bar_content(self.prompt, width).wrap(width)) if width > 0 else 1

    def action_choose_option(self, option_id: str) -> None:
        self.post_message(self.OptionChosen(option_id))
