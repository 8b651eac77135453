from django.conf import settings
from django.utils.translation import gettext as _
from ninja import Router

from services.core.api import ErrorOut, MessageOut
from services.core.throttling import VisitorRateThrottle

from . import schemas, services, tokens
from .selectors import staff_user_profile

router = Router(tags=["accounts"])
ERRORS = {400: ErrorOut, 401: ErrorOut, 422: ErrorOut, 429: ErrorOut}


@router.post(
    "login/",
    auth=None,
    response={200: schemas.LoginOut, **ERRORS},
    throttle=[VisitorRateThrottle(settings.LOGIN_RATE)],
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


@router.post("logout/", auth=None, response={200: MessageOut, **ERRORS}, summary="Revoke a refresh token")
def logout(request, payload: schemas.RefreshIn):
    tokens.token_revoke(refresh=payload.refresh)
    return {"message": _("You have been signed out.")}


@router.get("me/", response={200: schemas.UserOut, **ERRORS}, summary="The signed-in staff user")
def me(request):
    return staff_user_profile(request.auth)


@router.post(
    "request-password-reset/",
    auth=None,
    response={200: MessageOut, **ERRORS},
    throttle=[VisitorRateThrottle(settings.PASSWORD_RESET_RATE)],
    summary="E-mail a reset link",
)
def request_password_reset(request, payload: schemas.EmailIn):
    services.password_reset_request(email=payload.email)
    return {"message": _("If your email exists in our system, you will receive a password reset link.")}


@router.get(
    "validate-reset-token/{token}/",
    auth=None,
    response={200: schemas.ValidOut, **ERRORS},
    summary="Whether a reset link still works",
)
def validate_reset_token(request, token: str):
    return {"valid": services.password_reset_token_is_valid(token=token)}


@router.post(
    "reset-password/{token}/",
    auth=None,
    response={200: MessageOut, **ERRORS},
    throttle=[VisitorRateThrottle(settings.PASSWORD_RESET_RATE)],
    summary="Set a new password by link",
)
def reset_password(request, token: str, payload: schemas.ResetPasswordIn):
    services.password_reset_confirm(token=token, new_password=payload.new_password)
    return {"message": _("Your password has been reset successfully!")}


@router.post(
    "change-password/",
    response={200: schemas.ChangePasswordOut, **ERRORS},
    summary="Change the signed-in user's password",
)
def change_password(request, payload: schemas.ChangePasswordIn):
    pair = services.password_change(
        user=request.auth, current_password=payload.current_password, new_password=payload.new_password
    )
    return {"message": _("Password changed successfully!"), "access": pair.access, "refresh": pair.refresh}
