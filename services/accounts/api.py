from django.utils.translation import get_language
from django.utils.translation import gettext as _
from ninja import Router

from services.core.api import ErrorOut, MessageOut
from services.core.challenge import challenge_required
from services.core.throttling import ActionThrottle
from services.notifications.languages import language_code

from . import schemas, services, tokens
from .selectors import staff_user_profile

router = Router(tags=["accounts"])
ERRORS = {400: ErrorOut, 401: ErrorOut, 429: ErrorOut}


@router.post(
    "login/",
    auth=None,
    response={200: schemas.LoginOut, **ERRORS},
    throttle=[ActionThrottle("login")],
    summary="Sign a staff user in",
)
def login(request, payload: schemas.LoginIn):
    pair, user = services.staff_login(request=request, username=payload.username, password=payload.password)
    return {"access": pair.access, "refresh": pair.refresh, "user": staff_user_profile(user)}


@router.post(
    "token/refresh/",
    auth=None,
    response={200: schemas.TokenPairOut, **ERRORS},
    summary="Rotate a refresh token into a new pair",
)
def token_refresh(request, payload: schemas.RefreshIn):
    pair = tokens.token_refresh(refresh=payload.refresh, user_is_allowed=services.is_staff_user)
    return {"access": pair.access, "refresh": pair.refresh}


@router.post(
    "logout/",
    auth=None,
    response={200: MessageOut, **ERRORS},
    summary="Sign out everywhere",
)
def logout(request, payload: schemas.RefreshIn):
    services.staff_logout(request=request, refresh=payload.refresh)
    return {"message": _("You have been signed out.")}


@router.get("me/", response={200: schemas.UserOut, **ERRORS}, summary="The signed-in staff user")
def me(request):
    return staff_user_profile(request.auth)


@router.post(
    "request-password-reset/",
    auth=None,
    response={200: MessageOut, **ERRORS},
    throttle=[ActionThrottle("password_reset")],
    summary="E-mail a reset link",
)
@challenge_required
def request_password_reset(request, payload: schemas.EmailIn):
    # The e-mail speaks the language of the screen that asked (its Accept-Language, which
    # LocaleMiddleware made the active language); without one, the staff user's own.
    asked_in = language_code(get_language()) if request.headers.get("Accept-Language") else ""
    services.password_reset_request(email=payload.email, language=asked_in)
    return {"message": _("If your email exists in our system, you will receive a password reset link.")}


# The e-mailed link carries its token in the URL fragment, which browsers never send, and the
# page posts it in the body: no access log ever holds a usable token. The path forms below are
# SPEC §7's and stay for clients written to it.
@router.post(
    "validate-reset-token/",
    auth=None,
    response={200: schemas.ValidOut, **ERRORS},
    throttle=[ActionThrottle("reset_link")],
    summary="Whether a reset link still works (token in the body)",
)
def validate_reset_token(request, payload: schemas.ResetTokenIn):
    return {"valid": services.password_reset_token_is_valid(token=payload.token)}


@router.post(
    "reset-password/",
    auth=None,
    response={200: MessageOut, **ERRORS},
    throttle=[ActionThrottle("reset_link")],
    summary="Set a new password by link (token in the body)",
)
def reset_password(request, payload: schemas.ResetPasswordWithTokenIn):
    services.password_reset_confirm(token=payload.token, new_password=payload.new_password)
    return {"message": _("Your password has been reset successfully!")}


@router.get(
    "validate-reset-token/{token}/",
    auth=None,
    response={200: schemas.ValidOut, **ERRORS},
    throttle=[ActionThrottle("reset_link")],
    summary="Whether a reset link still works (SPEC path form)",
)
def validate_reset_token_in_path(request, token: str):
    return {"valid": services.password_reset_token_is_valid(token=token)}


@router.post(
    "reset-password/{token}/",
    auth=None,
    response={200: MessageOut, **ERRORS},
    throttle=[ActionThrottle("reset_link")],
    summary="Set a new password by link (SPEC path form)",
)
def reset_password_in_path(request, token: str, payload: schemas.ResetPasswordIn):
    services.password_reset_confirm(token=token, new_password=payload.new_password)
    return {"message": _("Your password has been reset successfully!")}


@router.post(
    "change-password/",
    response={200: schemas.ChangePasswordOut, **ERRORS},
    throttle=[ActionThrottle("password_change")],
    summary="Change the signed-in user's password",
)
def change_password(request, payload: schemas.ChangePasswordIn):
    pair = services.password_change(
        request=request,
        user=request.auth,
        current_password=payload.current_password,
        new_password=payload.new_password,
    )
    return {"message": _("Password changed successfully!"), "access": pair.access, "refresh": pair.refresh}
