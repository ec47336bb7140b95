"""Settings every test shares."""

import os

# The local player's default name comes from the login name (tui.seating.default_human):
# an account name, not a person's, so that every machine's tests see "Player".
os.environ["LOGNAME"] = "root"
