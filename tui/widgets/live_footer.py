"""A footer whose keys change in the same frame as the prompt above them.

Textual's :class:`~textual.widgets.Footer` hears of a change to a screen's bindings one
message later and builds all its keys again after the next refresh, so the prompt bar
showed "1-8 Choose" a frame or more (over half a second on a busy machine or an SSH
link) before the footer stopped saying "1-4".  Most changes keep the same keys and only
change what they say ("1-4" to "1-8", a key greyed out): those are made in place, at
once.  Any other change (a key comes or goes) rebuilds the keys at once, with the
screen's painting held until they are there.

Every key a screen offers must show whole, in 80 columns too.  When they do not all
fit, app-wide keys give way, in this order: the command palette's (Ctrl+P), the
theme's (Ctrl+T), the rules' (F1; only ASCII keys at 80 columns while an Isle tile is
placed need that).  They still work, the palette lists them, and ``?`` lists every key.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import NamedTuple

from rich.cells import cell_len
from textual._context import active_message_pump
from textual.app import ComposeResult
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


GIVE_WAY = ("cycle_theme", "rules")
"""App-wide keys the footer leaves out, in this order, when the others need the room
(after the command palette's key)."""

PALETTE_WIDTH = len("▏^p palette")
"""Columns the command palette's key takes, at the right of the footer."""


class LiveFooter(Footer):
    """:class:`Footer`, with its keys' words and states kept up without a rebuild."""

    HOLD_AT_MOST = 0.5
    """Seconds a rebuild may hold the screen's painting, whatever happens to it."""

    def __init__(self, *args: object, show_command_palette: bool = True, **kwargs: object) -> None:
        super().__init__(*args, show_command_palette=show_command_palette, **kwargs)  # type: ignore[arg-type]
        self._palette_allowed = show_command_palette
        self._left_out: frozenset[str] = frozenset()

    # ------------------------------------------------------------------ room

    def _fit(self, keys: list[_Key]) -> tuple[bool, frozenset[str]]:
        """(whether the palette's key shows, the actions left out) for ``keys``: what
        gives way (GIVE_WAY) so that every other key shows whole."""
        width = self.size.width or self.app.size.width
        widths = {k.action: cell_len(f"{k.key_display} {k.description} ") for k in keys}
        need = sum(widths.values())
        palette = self._palette_allowed and self.app.ENABLE_COMMAND_PALETTE
        if palette and need + PALETTE_WIDTH <= width:
            return True, frozenset()
        left_out: set[str] = set()
        for action in GIVE_WAY:
            if need <= width:
                break
            if action in widths:
                need -= widths[action]
                left_out.add(action)
        return False, frozenset(left_out)

    def _all_wanted(self) -> list[_Key] | None:
        """The keys :meth:`Footer.compose` would show with nothing left out (None: a
        group of keys, which only a rebuild lays out)."""
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

    def compose(self) -> ComposeResult:
        keys = self._all_wanted() if self._bindings_ready else None
        palette, self._left_out = (
            self._fit(keys) if keys is not None else (self._palette_allowed, frozenset())
        )
        self.set_reactive(Footer.show_command_palette, palette)
        for widget in super().compose():
            if isinstance(widget, FooterKey) and widget.action in self._left_out:
                continue
            yield widget

    def on_resize(self) -> None:
        if self._bindings_ready and self.is_attached and self.app.app_focus:
            self.bindings_changed(self.screen)

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
        self._hold_paint_until(self.recompose)

    def _hold_paint_until(self, work: Callable[[], Awaitable[object]]) -> None:
        """Hold the screen's painting until ``work`` (started on the next turn) is done,
        and at most :attr:`HOLD_AT_MOST` seconds, whatever happens to it."""
        app = self.app
        app._begin_batch()
        held = True

        def release() -> None:
            nonlocal held
            if held:
                held = False
                app._end_batch()

        async def run() -> None:
            try:
                await work()
            finally:
                release()

        self.call_next(run)
        app.set_timer(self.HOLD_AT_MOST, release)  # the footer may go before it runs

    def _wanted(self) -> list[_Key] | None:
        """The keys :meth:`Footer.compose` would show now, without those that give way
        (None: a group of keys, which only a rebuild lays out)."""
        keys = self._all_wanted()
        if keys is None:
            return None
        palette, left_out = self._fit(keys)
        if (palette, left_out) != (bool(self.show_command_palette), self._left_out):
            return None  # the room changed: build the keys again
        return [k for k in keys if k.action not in left_out]

    def _update_in_place(self) -> bool:
        wanted = self._wanted()
        if wanted is None:
            return False
        children = list(self.query_children(FooterKey))
        palette = [k for k in children if k.has_class("-command-palette")]
        keys = [k for k in children if not k.has_class("-command-palette")]
        if bool(palette) != self._palette_wanted() or any(k.has_class("-grouped") for k in keys):
            return False
        same = [(k.key, k.action) for k in keys] == [(w.key, w.action) for w in wanted]
        if not same:
            try:
                return self._change_keys(keys, wanted, palette[0] if palette else None)
            except Exception:  # anything unforeseen: build the keys again instead
                return False
        for widget, want in zip(keys, wanted, strict=True):
            self._set_key(widget, want)
        return True

    def _palette_wanted(self) -> bool:
        """Whether :meth:`Footer.compose` would show the command palette's key now."""
        app = self.app
        return (
            self.show_command_palette
            and app.ENABLE_COMMAND_PALETTE
            and app.COMMAND_PALETTE_BINDING in self.screen.active_bindings
        )

    @staticmethod
    def _set_key(widget: FooterKey, want: _Key) -> None:
        """Make ``widget`` show ``want`` (a key of its own, or another one's)."""
        moved = (widget.key, widget.action) != (want.key, want.action)
        resized = (widget.key_display, widget.description) != (want.key_display, want.description)
        if not moved and not resized and widget._disabled == (not want.enabled):
            return
        widget.key = want.key
        widget.action = want.action
        widget.key_display = want.key_display
        widget.description = want.description
        widget._disabled = not want.enabled
        widget.set_class(not want.enabled, "-disabled")
        widget.tooltip = want.tooltip or None
        widget.refresh(layout=resized)

    def _change_keys(
        self, keys: list[FooterKey], wanted: list[_Key], palette: FooterKey | None
    ) -> bool:
        """Another set of keys (a prompt with a Choose, a curtain's one key): the keys
        there are take the new ones in order, the surplus goes, the missing ones are
        mounted, with the screen's painting held until they are there.  Building the
        whole footer again restyled every key (a third of a hot-seat turn's time)."""
        for widget, want in zip(keys, wanted, strict=False):
            self._set_key(widget, want)
        self.styles.grid_size_columns = len(wanted)
        for widget in keys[len(wanted) :]:
            widget.remove()
        # data_bind binds to the message pump running now: the footer, as in its compose.
        running = active_message_pump.set(self)
        try:
            missing = [
                FooterKey(
                    want.key,
                    want.key_display,
                    want.description,
                    want.action,
                    disabled=not want.enabled,
                    tooltip=want.tooltip,
                ).data_bind(compact=Footer.compact)
                for want in wanted[len(keys) :]
            ]
        finally:
            active_message_pump.reset(running)
        if missing:
            mounting = self.mount(*missing, before=palette) if palette else self.mount(*missing)

            async def mounted() -> None:
                await mounting

            self._hold_paint_until(mounted)
        return True
