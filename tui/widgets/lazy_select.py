"""A Select that builds its drop-down list when first opened.

Textual's :class:`~textual.widgets.Select` composes its overlay (an OptionList with
every choice) at once; a form of nine of them (the menu) spends most of its first
frame building lists nobody opened yet.  :class:`LazySelect` shows its current value
alone and mounts the overlay on the first Enter, Space or click; from then on it is
Textual's Select (the same keys, messages, values and look).
"""

from __future__ import annotations

from typing import Any

from textual.css.query import NoMatches
from textual.widgets import Select
from textual.widgets._select import SelectCurrent, SelectOverlay


class LazySelect(Select[Any]):
    """A :class:`~textual.widgets.Select` whose overlay is mounted on demand."""

    def compose(self) -> Any:
        yield SelectCurrent(self.prompt)

    def _overlay(self) -> SelectOverlay | None:
        try:
            return self.query_one(SelectOverlay)
        except NoMatches:
            return None

    async def _ensure_overlay(self) -> None:
        if self._overlay() is not None or not self.is_mounted:
            return
        overlay = SelectOverlay(type_to_search=self._type_to_search)
        overlay.compact = self.compact  # (Select binds it in compose, past here)
        await self.mount(overlay)
        super()._setup_options_renderables()
        value = self.value
        for index, (_prompt, option_value) in enumerate(self._options):
            if option_value == value:
                overlay.highlighted = index
                break

    def _setup_options_renderables(self) -> None:
        if self._overlay() is not None:
            super()._setup_options_renderables()

    def _watch_value(self, value: Any) -> None:
        # Select's own watcher, but the overlay may not be there yet.
        self._value = value
        try:
            current = self.query_one(SelectCurrent)
        except NoMatches:
            return
        if value == self.NULL:
            current.update(self.NULL)
        else:
            for index, (prompt, option_value) in enumerate(self._options):
                if option_value == value:
                    overlay = self._overlay()
                    if overlay is not None:
                        overlay.highlighted = index
                    current.update(prompt)
                    break
        self.post_message(self.Changed(self, value))

    async def _watch_expanded(self, expanded: bool) -> None:  # type: ignore[override]
        if expanded:
            await self._ensure_overlay()
        super()._watch_expanded(expanded)

    async def action_show_overlay(self) -> None:  # type: ignore[override]
        await self._ensure_overlay()
        super().action_show_overlay()

    def _watch_prompt(self, prompt: str) -> None:
        if self._overlay() is not None:
            super()._watch_prompt(prompt)
