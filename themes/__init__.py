"""Purrch's Textual themes and glyph sets.

Colours come only from here.  Every theme defines the eight pigeon colours as
theme variables (``$pigeon-red`` ... in TCSS, or ``pigeon_style(app, "red")``
in Python), chosen from the Okabe-Ito palette so that they stay apart for
colour-blind players; a letter or glyph always goes with the colour, so colour
is never the only signal.

Textual is imported when :data:`THEMES` is first read, not with this module: the
command line (``purrch --help``, ``rules``, ``simulate``) needs the theme names
only.
"""

from __future__ import annotations

import locale
import os
import sys
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.theme import Theme

PIGEON_LETTERS = {
    "red": "R",
    "orange": "O",
    "yellow": "Y",
    "green": "G",
    "sky": "S",
    "blue": "B",
    "purple": "P",
    "white": "W",
}

# Okabe-Ito, plus white; tuned a little per background.
_DARK_PIGEONS = {
    "red": "#E5672A",
    "orange": "#E69F00",
    "yellow": "#F0E442",
    "green": "#1FB48A",
    "sky": "#56B4E9",
    "blue": "#3D8FE0",
    "purple": "#CC79A7",
    "white": "#F2F2F2",
}
_LIGHT_PIGEONS = {
    "red": "#C24E00",
    "orange": "#B87800",
    "yellow": "#8F8500",
    "green": "#007A5A",
    "sky": "#2B8CC4",
    "blue": "#0060A0",
    "purple": "#A8508A",
    "white": "#6E6E6E",
}
_CONTRAST_PIGEONS = {
    "red": "#FF6A3D",
    "orange": "#FFB000",
    "yellow": "#FFFF55",
    "green": "#00E0A0",
    "sky": "#7FD4FF",
    "blue": "#5AA0FF",
    "purple": "#FF8FD0",
    "white": "#FFFFFF",
}


def _variables(
    pigeons: dict[str, str], cat: str, rainbow: str, action: str, footer_key: str
) -> dict[str, str]:
    out = {f"pigeon-{name}": value for name, value in pigeons.items()}
    # The footer's keys: a colour that keeps its hue and its contrast when a 16-colour
    # terminal rounds it (the accent became a grey dimmer than the labels there).
    out["footer-key-foreground"] = footer_key
    out["card-cat"] = cat
    out["card-rainbow"] = rainbow
    out["card-action"] = action
    return out


THEME_NAMES = ("purrch-dark", "purrch-light", "purrch-contrast")
"""The themes' names, in the order Ctrl+T goes through them."""
DEFAULT_THEME = "purrch-dark"


def _make_themes() -> tuple[Theme, ...]:
    from textual.theme import Theme

    return (
        Theme(
            name="purrch-dark",
            primary="#E69F00",
            secondary="#56B4E9",
            accent="#CC79A7",
            warning="#F0E442",
            error="#E5672A",
            success="#1FB48A",
            foreground="#E8E6E3",
            background="#15171C",
            surface="#1E2128",
            panel="#2A2E37",
            dark=True,
            variables=_variables(
                _DARK_PIGEONS,
                cat="#FF5F5F",
                rainbow="#E8E6E3",
                action="#9FC5E8",
                footer_key="#FFD75F",
            ),
        ),
        Theme(
            name="purrch-light",
            primary="#B87800",
            secondary="#0060A0",
            accent="#A8508A",
            warning="#8F6A00",
            error="#C24E00",
            success="#007A5A",
            foreground="#1E1E1E",
            background="#FAF7F0",
            surface="#F0ECE2",
            panel="#E3DDD0",
            dark=False,
            variables=_variables(
                _LIGHT_PIGEONS,
                cat="#B00020",
                rainbow="#1E1E1E",
                action="#23507A",
                footer_key="#A0307F",
            ),
        ),
        Theme(
            name="purrch-contrast",
            primary="#FFFF55",
            secondary="#7FD4FF",
            accent="#FF8FD0",
            warning="#FFFF55",
            error="#FF6A3D",
            success="#00E0A0",
            foreground="#FFFFFF",
            background="#000000",
            surface="#000000",
            panel="#202020",
            dark=True,
            variables=_variables(
                _CONTRAST_PIGEONS,
                cat="#FF4040",
                rainbow="#FFFFFF",
                action="#FFFFFF",
                footer_key="#FF8FD0",
            ),
        ),
    )


def __getattr__(name: str) -> tuple[Theme, ...]:
    """``THEMES``, the Textual themes, made (and Textual imported) on first use."""
    if name == "THEMES":
        themes = _make_themes()
        globals()["THEMES"] = themes
        return themes
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True, kw_only=True)
class Glyphs:
    """Symbols every screen shares (the seats, whose turn, lists), with a plain-ASCII set
    for terminals without UTF-8.

    A game's own symbols (its cards, its pieces) live beside its presenter, in
    ``tui/games/``: a subclass of this one that adds them, made from the shared set
    :func:`glyphs_for` chose (see :meth:`shared_fields`), so a new game adds its glyphs
    without a change here."""

    ascii: bool = False
    """Whether this is the plain-ASCII set (then no other Unicode is drawn either)."""
    turn: str
    bot: str
    human: str
    away: str
    missed: str  # a seat that skips turns (the seats pane)
    bullet: str
    above: str = "↑"  # a list has more rows above what it shows
    below: str = "↓"  # ... or below

    def shared_fields(self) -> dict[str, Any]:
        """The shared symbols of this set (a game's set too), as keyword arguments: a
        game's own set is made with them and its own symbols."""
        return {f.name: getattr(self, f.name) for f in fields(Glyphs)}


# Wide emoji render unevenly in some terminals: the sets stick to single-width
# symbols, and emoji are not used.
TEXT_GLYPHS = Glyphs(
    turn="▶",
    bot="⚙",
    human="☺",
    away="…",
    missed="⏸",
    bullet="•",
)
ASCII_GLYPHS = Glyphs(
    ascii=True,
    turn=">",
    bot="%",
    human="o",
    away="~",
    missed="||",
    bullet="-",
    above="^",
    below="v",
)


def utf8_terminal() -> bool:
    """Whether the locale and the terminal's encoding can show Unicode glyphs."""
    for key in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = os.environ.get(key, "")
        if value:  # the first one set decides, as for the C library
            if "utf" not in value.lower().replace("-", ""):
                return False
            break
    encoding = getattr(sys.stdout, "encoding", None) or locale.getpreferredencoding(False)
    return "utf" in encoding.lower()


def glyphs_for(ascii_only: bool) -> Glyphs:
    return ASCII_GLYPHS if ascii_only else TEXT_GLYPHS


def pigeon_colour(theme: Theme, colour: str) -> str:
    """The theme's colour for a flock (a hex string)."""
    return (theme.variables or {})[f"pigeon-{colour}"]
