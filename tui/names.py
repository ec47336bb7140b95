"""Look-alike names: Unicode's confusables skeleton (UTS #39), for the tables this app hosts.

Two names look alike when their skeletons are equal: Cyrillic "аlice" and Latin
"alice", "AIice" (capital I) and "Alice", "rn" and "m".  The engine stays
standard-library only: the host takes :func:`name_skeleton` as
``HostConfig.name_skeleton`` (its default, ``engine.net.protocol.name_key``, only
folds case and compatibility forms).

The table is Unicode's ``confusables.txt`` as the ``confusable_homoglyphs`` package
ships it.  That package answers "which characters look like this one" and keeps
each line of the file both ways (source to prototype and back), so the skeleton's
direction is recovered here: every line maps one character (the source) to its
prototype, and a prototype is never a source, so the characters that look alike
form stars around their prototype.  Each character maps to the centre of its star
(for a lone pair, to the longer string, else the smaller code point: either one
gives the same equality of skeletons, which is all a table asks).
"""

from __future__ import annotations

import functools
import unicodedata

from engine.net.protocol import name_key

_LRM, _RLM = "\u200e", "\u200f"
"""Direction marks the package's data puts around right-to-left characters."""


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype (loaded on first use: about 0.1 s)."""
    from confusable_homoglyphs.confusables import confusables_data

    def bare(text: str) -> str:
        return text.replace(_LRM, "").replace(_RLM, "")

    near: dict[str, set[str]] = {}
    for char, glyphs in confusables_data.items():
        near.setdefault(bare(char), set()).update(bare(glyph["c"]) for glyph in glyphs)
    out: dict[str, str] = {}
    for node, others in near.items():
        if len(node) != 1 or len(others) != 1:  # a prototype (or a string of several)
            continue
        (other,) = others
        if len(near.get(other, ())) == 1:  # a lone pair: either one, the same for both
            other = max(node, other, key=lambda s: (len(s), -ord(s[0])))
        if other != node:
            out[node] = other
    return out


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: NFD, each character to its prototype, NFD."""
    table = _prototypes()
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def name_skeleton(name: str) -> str:
    """What two names at a table must differ in: their skeletons, with case and
    compatibility forms folded as ``name_key`` does ("AIice", "аlice" and "ALICE"
    all look like "alice"; "Chloé" does not look like "Chloe")."""
    return skeleton(name_key(skeleton(name)))
