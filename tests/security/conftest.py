"""The attack tests use the LAN and SSH tests' helpers (tests/net/net_helpers.py,
tests/ssh/ssh_helpers.py)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "net"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "ssh"))
