"""A footer whose keys change in the same frame as the prompt above them.

Textual's :class:`~textual.widgets.Footer` hears of a change to a screen's bindings one
message later and builds all its keys again after the next refresh, so the prompt bar
showed "1-8 Choose" a frame or more (over half a second on a busy machine or an SSH
link) before the footer stopped saying "1-4".  Most changes keep the same keys and only
change what they say ("1-4" to "1-8", a key greyed out): those are made in place, at
once.  Any other change (a key comes or goes) rebuilds the keys at once, with the
screen's painting held until they are there.
"""

from __future__ import annotations

from typing import NamedTuple

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class _Key(NamedTuple):
    key: str
    action: str
    key_display: str
    description: str
    enabled: bool
    tooltip: str


class LiveFooter(Footer):
    """:class:`Footer`, with its keys' words and states kept up without a rebuild."""

    HOLD_AT_MOST = 0.5
    """Seconds a rebuild may hold the screen's painting, whatever happens to it."""

    def on_mount(self) -> None:
        # Footer.on_mount (called after this one) subscribes to the screen's bindings
        # through call_next, one message later: this footer answers at once instead.
        self.call_next(self._subscribe_at_once)

    def _subscribe_at_once(self) -> None:
        signal = self.screen.bindings_updated_signal
        signal.unsubscribe(self)
        signal.subscribe(self, self.bindings_changed, immediate=True)

    def bindings_changed(self, screen: Screen[object]) -> None:
        ready, self._bindings_ready = self._bindings_ready, True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if ready and self._update_in_place():
            return
        self._rebuild_in_one_frame()

    def _rebuild_in_one_frame(self) -> None:
        """Rebuild the keys with the screen's painting held until they are mounted, so
        that no frame shows the new prompt over the old keys (or no keys at all)."""
        app = self.app
        app._begin_batch()
        held = True

        def release() -> None:
            nonlocal held
            if held:
                held = False
                app._end_batch()

        async def rebuild() -> None:
            try:
                await self.recompose()
            finally:
                release()

        self.call_next(rebuild)
        app.set_timer(self.HOLD_AT_MOST, release)  # the footer may go before it runs

    def _wanted(self) -> list[_Key] | None:
        """The keys :meth:`Footer.compose` would show now (None: a group of keys,
        which only a rebuild lays out)."""
        first: dict[str, _Key] = {}
        for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if not binding.show:
                continue
            if binding.group is not None:
                return None
            if binding.action not in first:
                first[binding.action] = _Key(
                    binding.key,
                    binding.action,
                    self.app.get_key_display(binding),
                    binding.description,
                    enabled,
                    tooltip,
                )
        return list(first.values())

    def _update_in_place(self) -> bool:
        wanted = self._wanted()
        if wanted is None:
            return False
        keys = [k for k in self.query_children(FooterKey) if not k.has_class("-command-palette")]
        if [(k.key, k.action) for k in keys] != [(w.key, w.action) for w in wanted]:
            return False
        for widget, want in zip(keys, wanted, strict=True):
            resized = (widget.key_display, widget.description) != (
                want.key_display,
                want.description,
            )
            if not resized and widget._disabled == (not want.enabled):
                continue
            widget.key_display = want.key_display
            widget.description = want.description
            widget._disabled = not want.enabled
            widget.set_class(not want.enabled, "-disabled")
            widget.tooltip = want.tooltip or None
            widget.refresh(layout=resized)
        return True
