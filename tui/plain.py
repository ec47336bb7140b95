"""Text from a person or the network, ready for a widget: never read as markup.

Names, chat lines, paths and a host's messages may hold ``[`` (``[/x]`` as a name once
crashed every other player's app) or control characters.  A ``str`` given to
``Static.update``, a border title or a notification is read as Textual markup; a
:class:`Content` is not.  Notifications go through ``PurrchApp.notify``, which makes
every one plain; the rest goes through :func:`plain`.
"""

from __future__ import annotations

from textual.content import Content

from engine.net.protocol import shown_text


def plain(text: str, style: str = "") -> Content:
    """``text`` as plain content (control characters made spaces), in ``style``."""
    return Content.styled(shown_text(text), style) if style else Content(shown_text(text))
