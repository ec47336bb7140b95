"""tui/widgets/live_footer.py: the footer's keys change in the same step as the screen."""

from __future__ import annotations

from typing import ClassVar

import pytest
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


async def test_no_frame_of_a_game_shows_the_footer_of_another_prompt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 21: the footer lagged behind the prompt bar after a choice.  Every frame the
    game screen paints while two humans and two bots play Stool Pigeon by keys (peeks,
    curtains, draws, swaps, races) shows the footer's keys as the bindings are then (what
    Textual's Footer would build) and the prompt bar's current decision.  Textual's own
    Footer fails this: it hears of a change a message later and rebuilds after a
    refresh, so frames showed the old keys under the new prompt."""

    from tui.scenes import HOTSEAT, Scene, choose_among, make_table, scene_settings
    from tui.screens.curtain import CurtainScreen
    from tui.screens.game import GameScreen
    from tui.screenshots import SceneApp
    from tui.widgets import PromptBar, ReactionBanner

    stale: list[object] = []
    paint = App._display

    def checked(app: App[object], screen: Screen[object], renderable: object) -> None:
        if renderable is not None and not app._batch_count and isinstance(screen, GameScreen):
            footer = screen.query_one(LiveFooter)
            wanted = footer._wanted() if footer._bindings_ready else None
            if wanted is not None:
                want = [(w.key, w.key_display, w.description, w.enabled) for w in wanted]
                shown = [
                    (k.key, k.key_display, k.description, not k._disabled)
                    for k in footer.query_children(FooterKey)
                    if not k.has_class("-command-palette")
                ]
                if shown != want:
                    stale.append((shown, want))
            if screen.query_one(PromptBar).prompt != screen.prompt_info:
                stale.append("the prompt bar")
        paint(app, screen, renderable)  # type: ignore[arg-type]

    monkeypatch.setattr(App, "_display", checked)
    app = SceneApp(Scene(make_table(HOTSEAT, 1, game="stool"), scene_settings()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        presses = 0
        for _ in range(120):
            screen = app.screen
            if not isinstance(screen, (CurtainScreen, GameScreen)):
                break  # the game is over (a short one: the simple player knocks at once)
            if isinstance(screen, CurtainScreen):
                await pilot.press("enter")
            elif (
                isinstance(screen, GameScreen) and screen.prompt_info and screen.prompt_info.options
            ):
                info = screen.prompt_info
                choice = choose_among("stool", [o.option_id for o in info.options], info.kind)
                await pilot.press(next(o.key or "" for o in info.options if o.option_id == choice))
                presses += 1
            elif isinstance(screen, GameScreen) and (
                banner := screen.query_one(ReactionBanner).info
            ):
                await pilot.press(banner.claims[0][0].lower())  # another human's race
            else:
                await pilot.pause(0.05)
            await pilot.pause()
            if presses >= 20:
                break
        assert presses >= 15
    assert not stale, stale[:2]
