"""Codes that stand for something on their own (a ticket, a membership card): random, URL-safe,
found again by their hash, and kept sealed so that the product can show or print them again
(docs/decisions.md, Ticket codes). Nobody reading the database can use one."""

import base64
import functools
import hashlib
import hmac
import secrets

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.utils.crypto import salted_hmac

# 18 random bytes: 144 bits, 24 URL-safe characters (a small QR code).
CODE_BYTES = 18
# What a presented code may be at most; anything longer is no code of ours.
CODE_MAX = 64


def new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def code_hash(code: str) -> str:
    return hashlib.sha256(code.encode("utf-8", "surrogatepass")).hexdigest()


def hashes_match(stored: str, presented: str) -> bool:
    """The last check of a look-up by hash, in constant time."""
    return hmac.compare_digest(stored, presented)


def short_hash(value: str) -> str:
    """The first 16 hex digits of SHA-256: what the check-in list carries of a code or a phone."""
    return hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()[:16]


@functools.lru_cache(maxsize=8)
def _sealer(purpose: str, keys: tuple[str, ...]) -> MultiFernet:
    # One key per SECRET_KEY (the current one first, then SECRET_KEY_FALLBACKS), so that a
    # rotated secret still opens the codes sealed before it; one key per purpose, so that a
    # sealed code of one kind never opens as another's.
    fernets = []
    for key in keys:
        digest = salted_hmac(purpose, "seal", secret=key, algorithm="sha256").digest()
        fernets.append(Fernet(base64.urlsafe_b64encode(digest)))
    return MultiFernet(fernets)


def _keys() -> tuple[str, ...]:
    return (settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", ()))


def seal(code: str, *, purpose: str) -> str:
    return _sealer(purpose, _keys()).encrypt(code.encode()).decode()


def unseal(sealed: str, *, purpose: str) -> str | None:
    try:
        return _sealer(purpose, _keys()).decrypt(sealed.encode()).decode()
    except InvalidToken:  # sealed under a secret no longer configured
        return None
