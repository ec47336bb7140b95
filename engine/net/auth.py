"""A table's password: checking a hello's (:class:`TablePassword`), and keeping it in a
save as a salted scrypt hash (:class:`PasswordHash`), read back from a save with
bounded parameters, compared in constant time.  (Who may try a password how often is
:mod:`engine.net.guard`'s.)"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Protocol

from engine.core import JSON

__all__ = ["SCRYPT_N", "PasswordHash", "PasswordSettings", "TablePassword", "password_bytes"]


SCRYPT_N = 2**10
"""scrypt's cost for new password hashes (about 3 ms and 1 MiB on a laptop).  Low on
purpose: a resumed table checks a password on its event loop, where a flood of wrong
ones must not stall the game; the hash only keeps a table's password (not a
login's) out of the save in plain text."""
_SCRYPT_MAX_MEMORY = 64 * 1024 * 1024


def password_bytes(text: str) -> bytes:
    """A password as the bytes compared and hashed (any text, lone surrogates too)."""
    return text.encode("utf-8", "surrogatepass")


@dataclass(frozen=True, slots=True)
class PasswordHash:
    """A table password as a save keeps it: scrypt of it with a random salt."""

    salt: bytes
    digest: bytes
    n: int = SCRYPT_N
    r: int = 8
    p: int = 1

    @classmethod
    def of(cls, password: str) -> PasswordHash:
        """The hash of ``password`` with a new random salt."""
        salt = secrets.token_bytes(16)
        return cls(salt, cls._derive(password, salt, SCRYPT_N, 8, 1))

    @staticmethod
    def _derive(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
        return hashlib.scrypt(
            password_bytes(password), salt=salt, n=n, r=r, p=p, maxmem=_SCRYPT_MAX_MEMORY, dklen=32
        )

    def matches(self, password: str) -> bool:
        """Whether ``password`` is the one hashed (compared in constant time)."""
        given = self._derive(password, self.salt, self.n, self.r, self.p)
        return hmac.compare_digest(given, self.digest)

    def to_json(self) -> dict[str, JSON]:
        return {
            "kdf": "scrypt",
            "n": self.n,
            "r": self.r,
            "p": self.p,
            "salt": self.salt.hex(),
            "hash": self.digest.hex(),
        }

    @classmethod
    def from_json(cls, data: object) -> PasswordHash:
        """Read :meth:`to_json`'s form back; ValueError if it is not one."""
        if not isinstance(data, dict) or data.get("kdf") != "scrypt":
            raise ValueError("the password is not an scrypt hash")
        n, r, p = data.get("n"), data.get("r"), data.get("p")
        for value in (n, r, p):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError("bad scrypt parameters for the password")
        assert isinstance(n, int) and isinstance(r, int) and isinstance(p, int)
        # Bounded, so that a damaged save cannot make each hello cost seconds.
        if n < 2 or n & (n - 1) or n > 2**20 or r > 32 or p > 4 or 128 * r * (n + p) > 2**25:
            raise ValueError("bad scrypt parameters for the password")
        salt, digest = data.get("salt"), data.get("hash")
        if not isinstance(salt, str) or not isinstance(digest, str):
            raise ValueError("the password's salt and hash must be hex text")
        out = cls(bytes.fromhex(salt), bytes.fromhex(digest), n, r, p)
        if not out.salt or len(out.digest) != 32:
            raise ValueError("the password's salt or hash is missing")
        return out


class PasswordSettings(Protocol):
    """Where a table's password is set (:class:`engine.net.config.HostConfig`)."""

    password: str | None
    """The password a hello must give (None: see ``password_hash``)."""
    password_hash: PasswordHash | None
    """Without ``password``: the hash a hello's password must match.  Both None: no
    password."""


class TablePassword:
    """The password of one table, read from its ``settings`` at every check."""

    def __init__(self, settings: PasswordSettings) -> None:
        self._settings = settings
        self._hashed: tuple[str, PasswordHash] | None = None
        self._verified: str | None = None  # a password that matched settings.password_hash

    @property
    def required(self) -> bool:
        """Whether a hello needs a password (the password or its hash)."""
        return self._settings.password is not None or self._settings.password_hash is not None

    def matches(self, given: str) -> bool:
        """``given`` against the password, or else its hash; in constant time.

        A hash costs a key derivation per check (scrypt, tens of milliseconds),
        so once a password matched the hash it is kept (in memory only, as
        ``settings.password`` is) and later hellos are compared with it.
        """
        known = self._settings.password
        if known is None:
            known = self._verified
        if known is not None:
            return hmac.compare_digest(password_bytes(given), password_bytes(known))
        stored = self._settings.password_hash
        if stored is None:
            return True
        if stored.matches(given):
            self._verified = given
            return True
        return False

    def record(self) -> PasswordHash | None:
        """What the save keeps of the password: its hash (made once per password)."""
        password = self._settings.password
        if password is None:
            return self._settings.password_hash
        if self._hashed is None or self._hashed[0] != password:
            self._hashed = (password, PasswordHash.of(password))
        return self._hashed[1]
