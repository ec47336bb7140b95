"""Purrch's terminal front end: the Textual app and the ``purrch`` command.

Arrows only point down: ``tui`` imports ``engine`` and ``themes``, never the reverse.
"""

from __future__ import annotations

from engine import __version__

__all__ = ["__version__"]
