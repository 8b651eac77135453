import hashlib
import logging
import secrets
from datetime import timedelta

from axes.utils import reset as axes_reset
from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from services.core.client import client_ip
from services.core.errors import ApplicationError, ValidationFailed
from services.notifications.selectors import notifications_sent_recently
from services.outbox.services import publish

from . import audit
from .domain_events import PasswordChanged, PasswordResetRequested
from .models import PasswordResetToken
from .tokens import TokenPair, token_logout, token_pair_issue, tokens_revoke_all

logger = logging.getLogger(__name__)
User = get_user_model()


class InvalidCredentials(ApplicationError):
    status = 401
    code = "invalid_credentials"


class LockedOut(ApplicationError):
    status = 429
    code = "locked_out"


class InvalidResetToken(ApplicationError):
    status = 400
    code = "invalid_token"


def is_staff_user(user) -> bool:
    return bool(user and user.is_active and user.is_staff)


def _required(**values: str) -> None:
    missing = {name: _("This field is required.") for name, value in values.items() if not value}
    if missing:
        raise ValidationFailed(_("Please enter both username and password"), fields=missing)


def _locked_out(*, signing_in: bool) -> LockedOut:
    """The answer while django-axes locks the username + address out, on the form at hand."""
    minutes = settings.AXES_COOLOFF_MINUTES
    if signing_in:
        text = ngettext(
            "Too many failed sign-in attempts. Please try again in %(minutes)d minute.",
            "Too many failed sign-in attempts. Please try again in %(minutes)d minutes.",
            minutes,
        )
    else:
        text = ngettext(
            "Too many wrong passwords. Please try again in %(minutes)d minute.",
            "Too many wrong passwords. Please try again in %(minutes)d minutes.",
            minutes,
        )
    return LockedOut(text % {"minutes": minutes})


def staff_login(*, request, username: str, password: str) -> tuple[TokenPair, object]:
    """Sign a staff user in. Wrong username, wrong password and a non-staff account all get the
    same answer (no enumeration); failures are counted per username + client address by
    django-axes, which locks the pair out for AXES_COOLOFF_TIME after AXES_FAILURE_LIMIT."""
    username = username.strip()
    _required(username=username, password=password)
    user = authenticate(request=request, username=username, password=password)
    if getattr(request, "axes_locked_out", False):
        raise _locked_out(signing_in=True)  # recorded as auth.locked_out (axes' signal, audit.py)
    if not is_staff_user(user):
        if user is not None:  # right password, but not staff: counted as a failure all the same
            user_login_failed.send(sender=__name__, credentials={"username": username}, request=request)
        if not getattr(request, "axes_locked_out", False):  # else recorded as auth.locked_out
            audit.sign_in_failed(username=username, user=user)
        raise InvalidCredentials(_("Invalid username or password"))
    # Updates last_login and lets axes clear this username + address's failures.
    user_logged_in.send(sender=user.__class__, request=request, user=user)
    audit.signed_in(request=request, user=user)
    return token_pair_issue(user=user), user


def staff_logout(*, request, refresh: str) -> None:
    """Sign out everywhere; recorded when a session of the token's user did end."""
    with transaction.atomic():
        user = token_logout(refresh=refresh)
        if user is not None:
            audit.signed_out(request=request, user=user)


def _hash(raw_token: str) -> str:
    return hashlib.sha256(raw_token.encode()).hexdigest()


def password_reset_request(*, email: str, language: str = "") -> None:
    """Publish `password_reset.requested` for any well-formed address. The request does the same
    work whatever the address (one outbox row), so neither its answer nor its timing tells which
    addresses belong to staff; the worker looks the user up (accounts.handlers)."""
    email = email.strip()
    if not email:
        raise ValidationFailed(
            _("Please enter your email address"), fields={"email": _("This field is required.")}
        )
    if len(email) > 254:
        raise ValidationFailed(_("Please enter a valid e-mail address."), fields={"email": _("Too long.")})
    with transaction.atomic():
        # `language`: the screen's that asked; "" lets the worker use the staff user's own.
        publish(PasswordResetRequested(email=email, language=language))
        audit.password_reset_requested(email=email)


def password_reset_recipients(*, email: str) -> list:
    """The active staff users of an address that may get a reset link now: none once
    PASSWORD_RESET_PER_EMAIL links went to that address in the last hour."""
    since = timezone.now() - timedelta(hours=1)
    if notifications_sent_recently(template="password_reset", recipient=email, since=since) >= (
        settings.PASSWORD_RESET_PER_EMAIL
    ):
        logger.info("Password reset e-mails for one address exceeded the hourly limit")
        return []
    return list(User.objects.filter(email__iexact=email, is_active=True, is_staff=True))


def password_reset_token_issue(*, user) -> str:
    """A new single-use link token for `user`; every earlier one stops working."""
    raw = secrets.token_urlsafe(32)
    with transaction.atomic():
        PasswordResetToken.objects.filter(user=user, used_at__isnull=True).delete()
        PasswordResetToken.objects.create(
            user=user,
            token_hash=_hash(raw),
            expires_at=timezone.now() + timedelta(minutes=settings.PASSWORD_RESET_TOKEN_MINUTES),
        )
    return raw


def _usable_tokens():
    return PasswordResetToken.objects.filter(
        used_at__isnull=True, expires_at__gt=timezone.now(), user__is_active=True, user__is_staff=True
    )


def password_reset_token_is_valid(*, token: str) -> bool:
    return bool(token) and len(token) <= 200 and _usable_tokens().filter(token_hash=_hash(token)).exists()


def _validate_new_password(password: str, user, field: str) -> None:
    if len(password) > 128:
        raise ValidationFailed(
            _("Password must be at most 128 characters long."),
            fields={field: _("Password must be at most 128 characters long.")},
        )
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise ValidationFailed(exc.messages[0], fields={field: " ".join(exc.messages)}) from exc


def _password_set(user, password: str, *, how: str) -> None:
    user.set_password(password)
    user.save(update_fields=["password"])
    PasswordResetToken.objects.filter(user=user, used_at__isnull=True).update(used_at=timezone.now())
    tokens_revoke_all(user=user)
    publish(PasswordChanged(user_id=user.pk, how=how))
    audit.password_changed(user=user, how=how)


def password_reset_confirm(*, token: str, new_password: str) -> None:
    invalid = InvalidResetToken(_("Invalid or expired password reset link."))
    if not token or len(token) > 200:
        raise invalid
    with transaction.atomic():
        reset = (
            _usable_tokens()
            .select_for_update()
            .select_related("user")
            .filter(token_hash=_hash(token))
            .first()
        )
        if reset is None:
            raise invalid
        if not new_password:
            raise ValidationFailed(
                _("Please enter and confirm your new password."),
                fields={"new_password": _("This field is required.")},
            )
        _validate_new_password(new_password, reset.user, "new_password")
        _password_set(reset.user, new_password, how="reset")


def _current_password_is_right(*, request, user, password: str) -> bool:
    """The current password checked as sign-in checks one: through django-axes, so that wrong
    guesses count towards the same lockout of the username + client address (a stolen access
    token must not let a script guess the password, nor spend the lockout of sign-in apart)."""
    username = user.get_username()
    checked = authenticate(request=request, username=username, password=password)
    if getattr(request, "axes_locked_out", False):
        raise _locked_out(signing_in=False)
    if checked is None or checked.pk != user.pk:
        return False
    if settings.AXES_RESET_ON_SUCCESS:  # as a successful sign-in does
        axes_reset(ip=client_ip(request), username=username)
    return True


def password_change(*, request, user, current_password: str, new_password: str) -> TokenPair:
    """Change the password, end every session of the user at once and hand this session a
    fresh pair. While the username + address is locked out, nothing changes."""
    if not current_password or not new_password:
        missing = {
            name: _("This field is required.")
            for name, value in (("current_password", current_password), ("new_password", new_password))
            if not value
        }
        raise ValidationFailed(_("All password fields are required"), fields=missing)
    if not _current_password_is_right(request=request, user=user, password=current_password):
        raise ValidationFailed(
            _("Your current password is incorrect."),
            fields={"current_password": _("Your current password is incorrect.")},
        )
    if current_password == new_password:
        raise ValidationFailed(
            _("The new password must differ from the current one."),
            fields={"new_password": _("The new password must differ from the current one.")},
        )
    _validate_new_password(new_password, user, "new_password")
    with transaction.atomic():
        _password_set(user, new_password, how="change")
        return token_pair_issue(user=user)


def password_reset_tokens_purge() -> int:
    """Delete links that expired or were used more than a day ago."""
    now = timezone.now()
    deleted, _ = PasswordResetToken.objects.filter(expires_at__lt=now).delete()
    used, _ = PasswordResetToken.objects.filter(used_at__lt=now - timedelta(days=1)).delete()
    return deleted + used
