"""The reaction banner: a public announcement that a reaction window is open."""

from __future__ import annotations

from dataclasses import dataclass

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static


@dataclass(frozen=True, slots=True)
class BannerInfo:
    """The window's public text, seconds left (None: no clock), and who may claim how."""

    text: str
    seconds: int | None = None
    claims: tuple[tuple[str, str], ...] = ()  # (key as shown, seat name)
    nobody_key: str | None = None
    verb: str = "react"  # what a claim key does: "react", "claim"


class ReactionBanner(Static):
    """Shown while a reaction window is open; hidden otherwise."""

    info: reactive[BannerInfo | None] = reactive(None, layout=True)

    def watch_info(self, info: BannerInfo | None) -> None:
        self.display = info is not None

    def render(self) -> Content:
        info = self.info
        if info is None:
            return Content("")
        parts: list[str | tuple[str, str]] = [(info.text, "bold")]
        clock: list[str | tuple[str, str]] = []
        if info.seconds is not None:
            clock = ["   ", (f" {info.seconds} s ", "bold reverse")]
        if not (info.claims or info.nobody_key):
            if clock and not self._fits_after(info.text, 3 + len(f" {info.seconds} s ")):
                clock[0] = "\n"  # whole on a line of its own, not cut as "8" and "s"
            return Content.assemble(*parts, *clock)
        # The clock ends the keys' line, which has room for it: after the text it
        # wrapped onto a line of its own at 80 columns, and the panes lost a line.
        parts.append("\n")
        for index, (key, name) in enumerate(info.claims):
            if index:
                parts.append(", ")
            parts += [(f" {key} ", "bold reverse"), f" {name}"]
        if info.claims:
            parts.append(f": press to {info.verb}")
        if info.nobody_key:
            parts += ["   " if info.claims else "", (f" {info.nobody_key} ", "bold reverse")]
            parts.append(f" nobody {info.verb}s")
        return Content.assemble(*parts, *clock)

    def _fits_after(self, text: str, width: int) -> bool:
        """Whether ``width`` cells fit after the last line of ``text`` as wrapped here."""
        room = self.content_size.width
        if room <= 0:
            return True
        lines = Content(text).wrap(room)
        return not lines or lines[-1].cell_length + width <= room
