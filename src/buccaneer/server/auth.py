"""Who is who: seat tokens, accounts with passwords, guests and their sessions.

A seat token is the only thing that lets a connection act for a seat. Tokens carry 192 random
bits from `secrets` and are stored as SHA-256 hashes: a fast hash is right for a secret that
cannot be guessed, and a leaked database then holds no usable token. Passwords are people's
and may be weak, so they get argon2 (slow on purpose).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

TOKEN_BYTES = 24  # 192 bits, above the 128 the protocol promises
_hasher = PasswordHasher()

NAME_PATTERN = re.compile(r"^[^\x00-\x1f\x7f]{1,40}$")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    """Public (it is in the spectator link) but unguessable, so unlisted tables stay private."""
    return secrets.token_urlsafe(12)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same_hash(a: str, b: str) -> bool:
    return hmac.compare_digest(a, b)


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def password_matches(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def clean_name(name: str) -> str | None:
    """A display name as people will see it, or None when it cannot be one (empty after
    trimming, over 40 characters, or holding control characters)."""
    name = " ".join(name.split())
    return name if NAME_PATTERN.match(name) else None
