"""The Isle of Cats (standard multiplayer mode): components, geometry, scoring and rules."""
