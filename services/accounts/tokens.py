"""JWT pairs through django-ninja-jwt: short-lived access tokens and refresh tokens that rotate
on every use. Every token carries its user's session version ("sv"); ending the user's sessions
(logout, password change or reset, reuse of a rotated refresh token) increments the version, so
every earlier access and refresh token stops working at once. A session lasts at most
REFRESH_TOKEN_LIFETIME from sign-in ("auth_time"), however often it is refreshed."""

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from threading import Lock

from auditlog.context import disable_auditlog
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from ninja_jwt.exceptions import TokenError
from ninja_jwt.token_blacklist.models import BlacklistedToken, OutstandingToken
from ninja_jwt.tokens import AccessToken, RefreshToken, Token

from services.core.errors import ApplicationError

from .models import StaffProfile

SESSION_VERSION = "sv"
AUTH_TIME = "auth_time"


class InvalidToken(ApplicationError):
    status = 401
    code = "token_not_valid"


@dataclass(frozen=True)
class TokenPair:
    access: str
    refresh: str


@dataclass(frozen=True)
class AccessClaims:
    user_id: int
    session_version: int


def session_version(user: AbstractBaseUser) -> int:
    version = StaffProfile.objects.filter(user=user).values_list("session_version", flat=True).first()
    return version or 0


def sessions_end_all(*, user: AbstractBaseUser) -> None:
    """Every token issued to the user so far stops working (the next check reads the version)."""
    # A profile made here only to hold the counter is no edit of the account: not in the audit trail
    # (the sign-out or password change that ends the sessions is recorded as that).
    with disable_auditlog():
        profile, _created = StaffProfile.objects.get_or_create(user=user)
    StaffProfile.objects.filter(pk=profile.pk).update(session_version=F("session_version") + 1)


def token_pair_issue(*, user: AbstractBaseUser, auth_time: int | None = None) -> TokenPair:
    """A new pair for the user's current session version. `auth_time` (seconds since the epoch)
    is when the person signed in: a refreshed pair keeps it and never outlives it by more than
    the refresh lifetime."""
    refresh = RefreshToken.for_user(user)  # also records it as outstanding, for revocation
    refresh[SESSION_VERSION] = session_version(user)
    if auth_time is None:
        auth_time = int(refresh["iat"])
    refresh[AUTH_TIME] = auth_time
    session_end = datetime.fromtimestamp(auth_time, tz=UTC) + settings.NINJA_JWT["REFRESH_TOKEN_LIFETIME"]
    refresh["exp"] = min(int(refresh["exp"]), int(session_end.timestamp()))
    access = refresh.access_token  # copies sv and auth_time
    access["exp"] = min(int(access["exp"]), int(refresh["exp"]))
    return TokenPair(access=str(access), refresh=str(refresh))


def _session_expired() -> InvalidToken:
    return InvalidToken(_("Your session has expired. Please sign in again."))


def _parse_refresh(raw: str) -> RefreshToken:
    try:
        return RefreshToken(raw)  # checks signature, type, expiry and the blacklist
    except TokenError as exc:
        raise _session_expired() from exc


def token_refresh(*, refresh: str, user_is_allowed) -> TokenPair:
    """Rotate: the presented refresh token is blacklisted and a new pair issued. Two concurrent
    uses of one token cannot both succeed (the outstanding row is locked while it is checked).
    A refresh token of the current session that was already rotated is being replayed, by a
    thief or by the person after a thief: every session of the user ends."""
    try:
        token = RefreshToken(refresh, verify=False)
        Token.verify(token)  # signature and expiry; not the blacklist, for reuse is decided below
        token.verify_token_type()
    except TokenError as exc:
        raise _session_expired() from exc
    with transaction.atomic():
        outstanding = (
            OutstandingToken.objects.select_for_update(of=("self",))
            .select_related("user")
            .filter(jti=token["jti"])
            .first()
        )
        user = outstanding.user if outstanding else None
        if user is None or token.get(SESSION_VERSION) != session_version(user) or not user_is_allowed(user):
            raise _session_expired()
        replayed = BlacklistedToken.objects.filter(token=outstanding).exists()
        if replayed:
            sessions_end_all(user=user)  # committed: the refusal below must not undo it
        else:
            BlacklistedToken.objects.create(token=outstanding)
            return token_pair_issue(user=user, auth_time=token.get(AUTH_TIME))
    raise _session_expired()


def token_logout(*, refresh: str) -> AbstractBaseUser | None:
    """Sign out: every session of the token's user ends (logout and password changes end every
    earlier session); answers that user. An invalid, expired or already ended token is fine:
    nothing to end (None)."""
    try:
        token = _parse_refresh(refresh)
    except InvalidToken:
        return None
    outstanding = OutstandingToken.objects.select_related("user").filter(jti=token["jti"]).first()
    user = outstanding.user if outstanding else None
    if user is None or token.get(SESSION_VERSION) != session_version(user):
        return None
    with transaction.atomic():
        sessions_end_all(user=user)
        BlacklistedToken.objects.get_or_create(token=outstanding)
    return user


def tokens_revoke_all(*, user: AbstractBaseUser) -> None:
    """Password changed or reset: end every session and blacklist the refresh tokens still held
    (the version alone would do; the blacklist keeps the token table honest for ops)."""
    sessions_end_all(user=user)
    live = OutstandingToken.objects.filter(user=user).exclude(blacklistedtoken__isnull=False)
    BlacklistedToken.objects.bulk_create(
        [BlacklistedToken(token=token) for token in live], ignore_conflicts=True
    )


# Access tokens already checked by this process, with their expiry: a token's signature and
# claims are the same on every use, so only its expiry is checked again. Decoding (pyjwt) was
# half of the token check that every staff request pays (issue 26, docs/benchmarks.md). Whether
# the session still holds (the session version) is read from the database on every request.
CHECKED_KEPT = 1024
_checked: dict[str, tuple[AccessClaims, float]] = {}
_checked_lock = Lock()


def access_token_claims(raw: str) -> AccessClaims | None:
    kept = _checked.get(raw)
    if kept is not None:
        claims, expires = kept
        if time.time() < expires:
            return claims
        with _checked_lock:
            _checked.pop(raw, None)
        return None
    try:
        token = AccessToken(raw)
        claims = AccessClaims(
            user_id=int(token["user_id"]), session_version=int(token.get(SESSION_VERSION, 0))
        )
        expires = int(token["exp"]) + token.get_token_backend().get_leeway().total_seconds()
    except (TokenError, KeyError, TypeError, ValueError):
        return None
    with _checked_lock:
        if len(_checked) >= CHECKED_KEPT:
            _checked.pop(next(iter(_checked)))  # the oldest
        _checked[raw] = (claims, expires)
    return claims
