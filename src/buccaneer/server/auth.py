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
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from confusable_homoglyphs import confusables

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


def needs_rehash(stored: str) -> bool:
    """Whether a stored hash was made with other argon2 parameters than today's (it is made
    anew from the password at the next right login)."""
    try:
        return _hasher.check_needs_rehash(stored)
    except (InvalidHashError, ValueError):
        return False


def password_matches(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


# Characters no name may hold: controls, invisible format characters (zero-width spaces and
# joiners, direction marks), private-use, surrogates, line and paragraph separators, and
# unassigned code points.
HIDDEN = frozenset({"Cc", "Cf", "Co", "Cs", "Zl", "Zp", "Cn"})


def clean_name(name: str) -> str | None:
    """A display name as people will see it, or None when it cannot be one: empty after
    trimming, over 40 characters, holding a hidden character, or mixing scripts with letters
    that pass for another script's ("Вot", a Cyrillic В before Latin letters). Names are NFKC
    normalised first, so a full-width "ＡＬＩＣＥ" is "ALICE" (and taken when "alice" is)."""
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    if not NAME_PATTERN.match(name):
        return None
    if any(unicodedata.category(c) in HIDDEN for c in name):
        return None
    if confusables.is_dangerous(name):
        return None
    return name


def looks_like_a_bot(name: str) -> bool:
    """Whether a person's name would read as one of the server's bots ("Bot: strongest"):
    those are accounts of the server's own, and a person named so could pass for one."""
    return name.casefold().replace(" ", "").startswith("bot:")


DELETED = "Deleted player"


def deleted_name(account_id: int) -> str:
    """The name a deleted account's games and ratings are kept under (no person may take
    one: `person_name`)."""
    return f"{DELETED} {account_id}"


def looks_deleted(name: str) -> bool:
    return name.casefold().replace(" ", "").startswith(DELETED.casefold().replace(" ", ""))


def person_name(name: str) -> str | None:
    """`clean_name` for a person (an account, a guest, a human seat): never a bot's name,
    nor a deleted account's."""
    cleaned = clean_name(name)
    if cleaned is None or looks_like_a_bot(cleaned) or looks_deleted(cleaned):
        return None
    return cleaned
