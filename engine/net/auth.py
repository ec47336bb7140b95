"""A table's password as a save keeps it: a salted scrypt hash, read back from a save
with bounded parameters, compared in constant time.  (Who may try a password how
often is :mod:`engine.net.guard`'s.)"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from engine.core import JSON

__all__ = ["SCRYPT_N", "PasswordHash", "password_bytes"]


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
