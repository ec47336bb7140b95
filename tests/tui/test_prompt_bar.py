"""The prompt bar's text: options past the last key carry no key box."""

from __future__ import annotations

from tui.widgets import PromptBar
from tui.widgets.prompt_bar import OPTION_KEYS, PromptInfo, keyed_options


def test_options_past_the_last_key_have_no_key_box() -> None:
    """More options than keys (a big Chat perché tree): the first ones get keys, the
    rest are listed by name only, never behind a "-" that reads like a key."""
    options = [(f"spot:{i}", f"S{i}") for i in range(len(OPTION_KEYS) + 3)]
    keyed = keyed_options(options)
    assert [o.key for o in keyed[: len(OPTION_KEYS)]] == list(OPTION_KEYS)
    assert all(o.key is None for o in keyed[len(OPTION_KEYS) :])
    bar = PromptBar()
    bar.prompt = PromptInfo("Where?", keyed, hint="Pick on the tree.")
    text = bar._content(80).plain
    last = len(OPTION_KEYS)
    assert f" z  S{last - 1}" in text  # the last key, in its box
    for i in range(last, last + 3):
        assert f"S{i}" in text and f"- S{i}" not in text
    assert " - " not in text
