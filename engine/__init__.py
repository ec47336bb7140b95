"""Purrch rules engine: pure Python, standard library only.

Never import textual or rich from here (a test checks it in a subprocess).
"""

from __future__ import annotations

__all__ = ["__version__"]
__version__ = "0.1.0"
