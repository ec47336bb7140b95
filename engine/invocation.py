"""How to call ``purrch`` from where the user is, for every message that names a command.

After ``make play`` the command is ``.venv/bin/purrch``, not ``purrch``: a message
saying "`purrch resume` continues it" must say what works.  It lives in the engine
(standard library only) because the engine's own errors name commands too (a LAN
table's save given to ``purrch resume``); the app, the CLI and the README's promise
all go through :func:`command`.
"""

from __future__ import annotations

import functools
import os
import shlex
import shutil
import sys
from pathlib import Path


@functools.cache
def purrch() -> str:
    """``purrch`` when that name on the PATH is the program running, else the path it
    was started by (``.venv/bin/purrch``, relative to the current folder when inside
    it); ``purrch`` when it was not started as ``purrch`` at all (``python -m``, tests)."""
    started = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started is None or started.name != "purrch":
        return "purrch"
    found = shutil.which("purrch")
    try:
        if found is not None and Path(found).resolve() == started.resolve():
            return "purrch"
        shown = started.resolve()
        here = Path.cwd().resolve()
        if shown.is_relative_to(here):
            return shlex.quote(os.path.join(".", shown.relative_to(here)))
        return shlex.quote(str(shown))
    except OSError:
        return "purrch"


def command(*words: str) -> str:
    """``purrch WORD...`` as the user can type it here, each word quoted if need be."""
    return " ".join([purrch(), *(shlex.quote(w) for w in words)])
