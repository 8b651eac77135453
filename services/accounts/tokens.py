"""JWT pairs through django-ninja-jwt: short-lived access tokens, refresh tokens that are
rotated on every use, blacklisted after rotation and on logout, and refused when reused."""

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from ninja_jwt.exceptions import TokenError
from ninja_jwt.token_blacklist.models import BlacklistedToken, OutstandingToken
from ninja_jwt.tokens import AccessToken, RefreshToken

from services.core.errors import ApplicationError


class InvalidToken(ApplicationError):
    status = 401
    code = "token_not_valid"


@dataclass(frozen=True)
class TokenPair:
    access: str
    refresh: str


def token_pair_issue(*, user: AbstractBaseUser) -> TokenPair:
    refresh = RefreshToken.for_user(user)  # also records it as outstanding, for revocation
    return TokenPair(access=str(refresh.access_token), refresh=str(refresh))


def _parse_refresh(raw: str) -> RefreshToken:
    try:
        return RefreshToken(raw)  # checks signature, type, expiry and the blacklist
    except TokenError as exc:
        raise InvalidToken(_("Your session has expired. Please sign in again.")) from exc


def token_refresh(*, refresh: str, user_is_allowed) -> TokenPair:
    """Rotate: the presented refresh token is blacklisted and a new pair issued. Two concurrent
    uses of one token cannot both succeed: the outstanding row is locked while it is checked."""
    token = _parse_refresh(refresh)
    with transaction.atomic():
        outstanding = OutstandingToken.objects.select_for_update().filter(jti=token["jti"]).first()
        if outstanding is None or BlacklistedToken.objects.filter(token=outstanding).exists():
            raise InvalidToken(_("Your session has expired. Please sign in again."))
        user = outstanding.user
        if user is None or not user_is_allowed(user):
            raise InvalidToken(_("Your session has expired. Please sign in again."))
        BlacklistedToken.objects.create(token=outstanding)
        return token_pair_issue(user=user)


def token_revoke(*, refresh: str) -> None:
    """Logout: blacklist the refresh token; an invalid or already revoked one is fine."""
    try:
        RefreshToken(refresh).blacklist()
    except TokenError:
        return


def tokens_revoke_all(*, user: AbstractBaseUser) -> int:
    """Blacklist every refresh token the user still holds (password changed or reset)."""
    live = OutstandingToken.objects.filter(user=user).exclude(blacklistedtoken__isnull=False)
    revoked = [BlacklistedToken(token=token) for token in live]
    BlacklistedToken.objects.bulk_create(revoked, ignore_conflicts=True)
    return len(revoked)


def access_token_user_id(raw: str) -> int | None:
    try:
        return int(AccessToken(raw)["user_id"])
    except (TokenError, KeyError, TypeError, ValueError):
        return None
