"""When a screen's (or a pane's) ``on_mount`` must do nothing.

A screen can be removed while it comes up: the app quits (or pops it) between its
push and its mount.  Textual then mounts none of its (nested) widgets that were not
mounted yet, but still sends ``Mount``; an ``on_mount`` that looks up its children
would crash the app on its way out (``NoMatches``).  Every ``on_mount`` that does
starts with::

    if coming_down(self):
        return
"""

from __future__ import annotations

from textual.widget import Widget


def coming_down(widget: Widget) -> bool:
    """Whether ``widget`` is being removed (or its app is stopping): its children may
    never be mounted.  These are the flags Textual's own ``Widget.mount`` checks
    (Textual is pinned in pyproject.toml)."""
    return widget._pruning or widget._closing or not widget.app.is_running
