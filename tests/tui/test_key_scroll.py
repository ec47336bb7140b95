"""Keys that arrive together (typed ahead, a held key, a burst over SSH) scroll a step
each: Textual's own deferred scroll counted a burst of eight Down presses as one."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from tui.widgets.key_scroll import KeyScroll


class Lines(App[None]):
    def __init__(self, pane: type[VerticalScroll]) -> None:
        super().__init__()
        self.pane = pane

    def compose(self) -> ComposeResult:
        with self.pane(id="pane"):
            yield Static("\n".join(f"line {i}" for i in range(100)))

    def on_mount(self) -> None:
        self.query_one("#pane").focus()


async def burst(pane: type[VerticalScroll], keys: list[str]) -> float:
    app = Lines(pane)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        for key in keys:  # all queued at once, as a terminal's burst arrives
            app.post_message(events.Key(key, None))
        await pilot.pause(0.1)
        await pilot.wait_for_scheduled_animations()
        return app.query_one("#pane", VerticalScroll).scroll_y


async def test_a_burst_of_arrow_keys_scrolls_a_line_each() -> None:
    assert await burst(KeyScroll, ["down"] * 8) == 8
    assert await burst(KeyScroll, ["down"] * 8 + ["up"] * 3) == 5
    assert await burst(VerticalScroll, ["down"] * 8) < 8  # Textual's own: why KeyScroll is


async def test_a_burst_of_page_keys_scrolls_a_page_each() -> None:
    assert await burst(KeyScroll, ["pagedown"] * 3) == 3 * 10
    assert await burst(KeyScroll, ["pagedown"] * 3 + ["pageup"]) == 2 * 10


async def test_end_and_home_go_there_at_once() -> None:
    """No glide to wait for: the very next frame is at the foot (or the head), however
    busy the machine is (an animated End under load was caught half way down)."""
    app = Lines(KeyScroll)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        pane = app.query_one("#pane", KeyScroll)
        app.post_message(events.Key("end", None))
        await pilot.pause()  # the key handled, no wait for animations
        assert pane.scroll_y == pane.max_scroll_y == 90
        app.post_message(events.Key("home", None))
        await pilot.pause()
        assert pane.scroll_y == 0
