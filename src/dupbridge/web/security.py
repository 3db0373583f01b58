"""The three roles' credentials and the protections of every form.

* Director: a password stored only as its argon2 hash; logins are rate-limited per account
  and per client address (a guesser gets a few tries a minute), the counts kept in the
  database (``web.sessions``), and so are the device joins, apart.
* Table device: a code the Director hands out, bound to one event, one table and one
  generation of codes; rotating the generation (each session) refuses every old code and
  every device that joined with one. The code is an HMAC of those three, so any worker
  process holding the server's secret checks it without shared memory.
* Public: no credential, read-only pages.

Sessions (the Director's, a device's) are cookies signed with the server's secret, and
kept on the server too (``web.sessions``): a logout revokes one, and each expires. Every
form post carries a CSRF token bound to that session (a post without it is refused)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_HASHER = PasswordHasher()
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread at a table


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def check_password(stored_hash: str, password: str) -> bool:
    try:
        return _HASHER.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False


@dataclass(frozen=True, slots=True)
class RateLimit:
    """At most ``attempts`` tries per ``window`` seconds for one key (an account, an
    address); the counts are kept in the database (``web.sessions``), shared by every
    worker and machine."""

    attempts: int = 5
    window: float = 60.0


class Signer:
    """Signed, tamper-evident values (cookies, codes) under the server's secret."""

    def __init__(self, secret: str) -> None:
        self._key = hashlib.sha256(secret.encode()).digest()

    def _mac(self, data: bytes) -> str:
        digest = hmac.new(self._key, data, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def dumps(self, value: dict[str, Any]) -> str:
        data = base64.urlsafe_b64encode(json.dumps(value, sort_keys=True).encode()).decode()
        return f"{data}.{self._mac(data.encode())}"

    def loads(self, token: str | None) -> dict[str, Any] | None:
        if not token or "." not in token:
            return None
        data, mac = token.rsplit(".", 1)
        if not _same(mac, self._mac(data.encode())):
            return None
        try:
            value = json.loads(base64.urlsafe_b64decode(data.encode()))
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def csrf_token(self, session_id: str) -> str:
        return self._mac(f"csrf:{session_id}".encode())

    def csrf_valid(self, session_id: str, token: str | None) -> bool:
        return bool(token) and _same(self.csrf_token(session_id), token or "")

    def device_code(self, event: str, table: int, generation: int) -> str:
        """The code for ``table`` of ``event`` in this ``generation``: eight letters from an
        alphabet with nothing to misread."""
        digest = hmac.new(self._key, f"device:{event}:{table}:{generation}".encode(),
                          hashlib.sha256).digest()
        return "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:8])


def _same(known: str, given: str) -> bool:
    """A constant-time comparison of text a request sent (a cookie, a token) with what
    it should be: as bytes, since ``compare_digest`` refuses a str with a non-ASCII
    character (a forged cookie may hold one)."""
    return hmac.compare_digest(known.encode("utf-8", "surrogatepass"),
                               given.encode("utf-8", "surrogatepass"))


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def new_session_id() -> str:
    return secrets.token_urlsafe(16)
