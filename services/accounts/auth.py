"""The API's default authentication: a valid access token of an active staff user.
Anonymous or invalid → 401; a valid token of a non-staff user → 403."""

from django.contrib.auth import get_user_model
from ninja.errors import AuthorizationError
from ninja.security import HttpBearer

from .tokens import access_token_user_id


class StaffAuth(HttpBearer):
    def authenticate(self, request, token: str):
        user_id = access_token_user_id(token)
        if user_id is None:
            return None
        user = (
            get_user_model()
            .objects.filter(pk=user_id, is_active=True)
            .select_related("staff_profile")
            .first()
        )
        if user is None:
            return None
        if not user.is_staff:
            raise AuthorizationError()
        request.user = user
        return user


staff_auth = StaffAuth()
