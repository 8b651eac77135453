"""The API's default authentication: a valid access token of an active staff user.
Anonymous or invalid → 401; a valid token of a non-staff user → 403."""

from django.contrib.auth import get_user_model
from ninja.errors import AuthorizationError
from ninja.security import HttpBearer

from .models import StaffProfile
from .tokens import access_token_claims


class StaffAuth(HttpBearer):
    def authenticate(self, request, token: str):
        claims = access_token_claims(token)
        if claims is None:
            return None
        user = (
            get_user_model()
            .objects.filter(pk=claims.user_id, is_active=True)
            .select_related("staff_profile")
            .first()
        )
        if user is None or _session_version(user) != claims.session_version:
            return None  # signed out, password changed: the session has ended
        if not user.is_staff:
            raise AuthorizationError()
        request.user = user
        request.auth = user  # also when an operation open to all recognises staff (staff_user_or_none)
        return user


def _session_version(user) -> int:
    try:
        return user.staff_profile.session_version
    except StaffProfile.DoesNotExist:
        return 0


staff_auth = StaffAuth()


def staff_user_or_none(request):
    """The staff user of the request's bearer token, None when there is no valid one; a valid
    token of a non-staff user is refused (403), as everywhere else."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token:
        return None
    return staff_auth.authenticate(request, token)
