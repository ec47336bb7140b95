"""Settings every test shares."""

import os
from pathlib import Path

# The local player's default name comes from the login name (tui.seating.default_human):
# an account name, not a person's, so that every machine's tests see "Player".
os.environ["LOGNAME"] = "root"

import pytest
import textual._wait

# Pilot.pause() waits until the process looks idle, polling every 20 ms: at least 20 ms
# a pause, and the pilot tests pause thousands of times (about half of their time was
# spent asleep).  The real synchronisation is Pilot's wait for every message queue to
# empty, which runs first either way; polling every 2 ms only makes the heuristic after
# it quicker.  textual is pinned to one version (pyproject.toml), whose private module
# this is.
textual._wait.SLEEP_GRANULARITY = 0.002
textual._wait.SLEEP_IDLE = 0.0005

# The tests that drive the Textual app (pilot and snapshots), build a wheel or run an SSH
# door are most of the suite's time: `make test-fast` (-m "not slow") leaves them out.
SLOW_PLACES = (
    "tests/tui/",
    "tests/net/test_net_app.py",
    "tests/net/test_net_screens.py",
    "tests/ssh/",
    "tests/security/test_hostile_text.py",
    "tests/security/test_plain_text_app.py",
    "tests/test_packaging.py",
)


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test has its own empty data folder (PURRCH_HOME): no test reads or writes
    the user's saves, prefs or finished games, nor sees another test's."""
    monkeypatch.setenv("PURRCH_HOME", str(tmp_path / "purrch-home"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: drives the app or a subprocess (not in test-fast)")


# The longest files (whole games through the app's pilot, 10-30 s a test): run first, so
# that pytest-xdist's workers end together instead of one finishing them alone.
LONG_FIRST = (
    "tests/tui/test_perch_pilot.py",
    "tests/tui/test_layout_80x24.py",
    "tests/tui/test_hotseat_pilot.py",
    "tests/tui/test_stool_pilot.py",
    "tests/contract/test_contract_games.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = config.rootpath
    for item in items:
        where = item.path.relative_to(root).as_posix()
        if where.startswith(SLOW_PLACES) or "snap_compare" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
    first = {where: rank for rank, where in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: first.get(item.path.relative_to(root).as_posix(), len(LONG_FIRST)))
