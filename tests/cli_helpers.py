"""What the CLI tests share."""

from __future__ import annotations

from typing import Any


def one_error(result: Any) -> str:
    """The one ``error: ...`` line a refused command prints (exit 2, nothing on stdout)."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return str(lines[0])
