"""The reader's own seat as "you": the engine writes every public line in the third
person ("Tom plays Miss a Turn on Ann."); on Ann's own screen it reads "Tom plays Miss
a Turn on you.", and "Ann draws a card." reads "You draw a card.".

The engine's lines follow a few shapes (a name as the subject of a sentence or a
clause, a name's possessive, a name as an object), so a small rewrite covers them all;
``tests/tui/test_person.py`` runs it over every line of seeded games of every game.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Third-person singular forms that do not just lose their "s".
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
# A clause starts at the start of the text or after one of these.
_CLAUSE = r"(?:^|(?<=[.:;!?]\s)|(?<=\(\s)|(?<=\())"
# A second verb after "and" (the engine's lines join two at most, with an object after).
_AND_VERB = re.compile(r"\band ([a-z]{2,}s)(?= (?:a|an|the|them|it|for|[A-Z0-9]))")


def _base_form(verb: str) -> str:
    """``plays`` -> ``play``, ``misses`` -> ``miss``; a word that is no
    third-person verb (``will``, ``may``, ``cannot``) stays as it is."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if not verb.endswith("s") or verb.endswith("ss") or len(verb) < 3:
        return verb
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return verb[:-2]
    return verb[:-1]


@lru_cache(maxsize=64)
def _patterns(name: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    n = re.escape(name)
    edge_before, edge_after = r"(?<![\w'])", r"(?![\w])"
    subject = re.compile(_CLAUSE + n + r"(?P<tail> (?P<verb>[a-z]+)\b)")
    possessive = re.compile(edge_before + n + r"'s\b")
    anywhere = re.compile(edge_before + n + edge_after)
    return subject, possessive, anywhere


def _cap(word: str, at_start: bool) -> str:
    return word[0].upper() + word[1:] if at_start else word


def _sentences(text: str) -> list[str]:
    """``text`` cut after each ``. ``, ``! `` or ``? `` (the pieces keep their ends)."""
    return re.split(r"(?<=[.!?] )", text)


def second_person(text: str, name: str, keep: str = "") -> str:
    """``text`` as the seat called ``name`` reads it: that name becomes "you".  The
    words ``keep`` (a card's text, quoted as printed: "at their cost") stay as they are."""
    if keep and keep in text:
        # The words after the quote read as a text of their own: a quote ends its
        # sentence (a card's text ends with a full stop).
        before, _, after = text.partition(keep)
        rest = after.lstrip()
        gap = after[: len(after) - len(rest)]
        return second_person(before, name) + keep + gap + second_person(rest, name, keep)
    if not name or name not in text or name.lower() in {"you", "your"}:
        return text
    subject, possessive, anywhere = _patterns(name)
    out: list[str] = []
    for sentence in _sentences(text):
        if name not in sentence:
            out.append(sentence)
            continue
        you_act = False

        def as_subject(m: re.Match[str]) -> str:
            nonlocal you_act
            verb = m.group("verb")
            you = _cap("you", _starts_sentence(m.string, m.start()))
            if verb == "and":  # "Ann and Tom each choose": already plural
                return you + m.group("tail")
            you_act = True
            return you + " " + _base_form(verb)

        sentence = subject.sub(as_subject, sentence)
        sentence = possessive.sub(
            lambda m: _cap("your", _starts_sentence(m.string, m.start(), paren=False)), sentence
        )
        sentence = anywhere.sub(
            lambda m: _cap("you", _starts_sentence(m.string, m.start(), paren=False)), sentence
        )
        if you_act:
            # "You play a Kingpin: they eliminate one of their own cards" -> you, your.
            sentence = re.sub(r"\btheir\b", "your", sentence)
            sentence = re.sub(r"\bthemselves\b", "yourself", sentence)
            sentence = re.sub(r"\bthey (\w+)", lambda m: "you " + _base_form(m.group(1)), sentence)
            # "You miss a turn and discards Miss a Turn": the second verb too.
            sentence = _AND_VERB.sub(lambda m: "and " + _base_form(m.group(1)), sentence)
        out.append(sentence)
    return "".join(out)


def _starts_sentence(text: str, at: int, paren: bool = True) -> bool:
    """Whether ``text[at:]`` starts a sentence (a capital letter there); with ``paren``,
    a sentence in brackets counts: "(You may trap it instead.)"."""
    before = text[:at].rstrip(" (" if paren else " ")
    return not before or before[-1] in ".!?"
