"""The SSH front door (``purrch ssh``, ``purrch host --ssh``): an asyncssh server that
runs one Purrch app per session on its own pseudo-terminal.  It needs no Textual, and
imports the engine only; the app it runs is :mod:`tui.ssh_session`."""

DEFAULT_SSH_PORT = 2222
DEFAULT_MAX_SESSIONS = 32
"""Sessions the door serves at once (each is an app process of about 40 MB)."""
DEFAULT_MAX_PER_ADDRESS = 4
"""Sessions at once from one source address."""
