"""Theme colours as a 16-colour terminal shows them (Rich rounds every colour to the
nearest of the 16 ANSI colours there)."""

from __future__ import annotations

import pytest
from rich._palettes import STANDARD_PALETTE
from rich.color import Color, ColorSystem

from themes import THEMES

GREYS = {7, 8}  # ANSI white and bright black: a colour that lost its hue


def _ansi(colour: str) -> int:
    number = Color.parse(colour).downgrade(ColorSystem.STANDARD).number
    assert number is not None
    return number


def _contrast(a: int, b: int) -> float:
    def luminance(n: int) -> float:
        def channel(x: int) -> float:
            c = x / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = STANDARD_PALETTE[n]
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

    low, high = sorted((luminance(a), luminance(b)))
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("theme", THEMES, ids=lambda t: t.name)
def test_the_footers_keys_stand_out_in_16_colours(theme: object) -> None:
    """A key in the footer keeps a hue of its own and reads clearly on the footer (the
    accent used to round to a grey dimmer than the labels beside it)."""
    colours = theme.to_color_system().generate()  # type: ignore[attr-defined]
    key = _ansi(colours["footer-key-foreground"])
    label = _ansi(colours["footer-description-foreground"])
    panel = _ansi(colours["panel"])  # the footer's background (tui/app.tcss)
    assert key not in GREYS
    assert key != label
    assert _contrast(key, panel) >= 4.5
