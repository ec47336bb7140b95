"""Widgets any game screen can use: the log, the prompt bar, the reaction banner, the seats."""

from __future__ import annotations

from tui.widgets.banner import BannerInfo, ReactionBanner
from tui.widgets.log_pane import LogLine, LogPane
from tui.widgets.pane_stack import PaneStack, SideColumn
from tui.widgets.prompt_bar import (
    OPTION_KEYS,
    Choice,
    KeyBook,
    KeyedOption,
    PromptBar,
    PromptInfo,
    key_ranges,
    keyed_options,
    keyed_slots,
    option_keys,
)
from tui.widgets.seats import SeatRow, SeatsPane, TableInfo

__all__ = [
    "OPTION_KEYS",
    "BannerInfo",
    "Choice",
    "KeyBook",
    "KeyedOption",
    "LogLine",
    "LogPane",
    "PaneStack",
    "PromptBar",
    "PromptInfo",
    "ReactionBanner",
    "SeatRow",
    "SeatsPane",
    "SideColumn",
    "TableInfo",
    "key_ranges",
    "keyed_options",
    "keyed_slots",
    "option_keys",
]
