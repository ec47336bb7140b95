"""What one SSH session runs (``python -m tui.ssh_session``, started by :mod:`door.ssh`).

The process's stdin, stdout and stderr are the slave side of a fresh pty and it
leads a new session (``start_new_session``); it first takes that pty as its
controlling terminal, so the kernel sends it SIGWINCH when the SSH client
resizes and SIGHUP when the client goes.  Then it runs the app:

- with ``PURRCH_SSH_TABLE`` (``HOST:PORT``): the "your name" screen for that LAN
  table (the name prefilled with the SSH login name, ``PURRCH_SSH_USER``); the
  table's password, if any, comes in ``PURRCH_SSH_TABLE_PASSWORD``;
- without: the normal menu (hot-seat and bots).

``PURRCH_HOME`` is the login's own data folder, so its autosave, settings and
LAN seat tokens are its own.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sys
import termios


def take_terminal() -> None:
    """Make stdin's pty this session's controlling terminal (best effort)."""
    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def main() -> int:
    take_terminal()
    from engine.net.connection import parse_address, set_default_data_dir
    from themes import utf8_terminal
    from tui.settings import Settings, data_dir

    set_default_data_dir(data_dir())
    # No LAN games from the menu: an SSH player must not open ports on, or dial
    # out from, the machine that hosts the door.
    settings = Settings(ascii=not utf8_terminal(), lan=False, ssh=True)
    table = os.environ.get("PURRCH_SSH_TABLE")
    user = os.environ.get("PURRCH_SSH_USER", "")
    from tui.app import PurrchApp

    if table:
        try:
            address = parse_address(table)
        except ValueError as exc:
            print(f"Purrch: bad table address {table!r}: {exc}", file=sys.stderr)
            return 2
        settings.autosave = None  # the table's host saves the game
        app = PurrchApp(
            settings,
            None,
            table_address=address,
            table_password=os.environ.get("PURRCH_SSH_TABLE_PASSWORD") or None,
            default_name=user[:16],
        )
    else:
        app = PurrchApp(settings, None)
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
