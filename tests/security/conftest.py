"""The attack tests use the LAN tests' helpers (tests/net/net_helpers.py)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "net"))
