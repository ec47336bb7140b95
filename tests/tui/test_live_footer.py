"""tui/widgets/live_footer.py: the footer's keys change in the same step as the screen."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets._footer import FooterKey

from tui.widgets.live_footer import LiveFooter


class _Screen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "choose", "Choose"),
        Binding("escape", "back", "Back"),
        Binding("q", "quit", "Quit"),
    ]
    keys = "1-4"
    can_go_back = False

    def compose(self) -> ComposeResult:
        yield LiveFooter(show_command_palette=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_go_back if action == "back" else True

    def action_choose(self) -> None: ...
    def action_back(self) -> None: ...


class _App(App[None]):
    def on_mount(self) -> None:
        self.push_screen(_Screen())

    def get_key_display(self, binding: Binding) -> str:
        if binding.action == "choose" and isinstance(self.screen, _Screen):
            return self.screen.keys
        return super().get_key_display(binding)


def _keys(screen: Screen[None]) -> dict[str, FooterKey]:
    return {k.action: k for k in screen.query(FooterKey)}


async def test_new_words_for_the_same_keys_show_at_once_on_the_same_widgets() -> None:
    """Textual's footer rebuilt every key after the next refresh (a frame or more after
    the prompt bar changed: QA saw over half a second); the same keys saying other
    things are now updated in place, before the screen next paints."""
    app = _App()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, _Screen)
        before = _keys(screen)
        assert before["choose"].key_display == "1-4"
        screen.keys = "1-8"
        screen.refresh_bindings()
        now = _keys(screen)  # no await: nothing has been processed since
        assert now["choose"] is before["choose"]
        assert now["choose"].key_display == "1-8"


async def test_a_key_that_comes_holds_the_paint_until_the_footer_has_it() -> None:
    """A key that comes (Escape: back) needs a rebuild: the screen does not paint until
    the new keys are mounted, so no frame shows the new prompt over the old footer."""
    app = _App()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, _Screen)
        assert "back" not in _keys(screen)
        screen.can_go_back = True
        screen.refresh_bindings()
        assert app._batch_count > 0  # painting held
        await pilot.pause()
        await pilot.pause()
        assert "back" in _keys(screen)
        assert app._batch_count == 0  # and released
