"""What the audit trail (services/audit) keeps of staff accounts: who signed in or out, failed or was
locked out, changed or reset a password, asked for a reset link; and every edit of a staff user or
their profile (Django's admin included), as object_type "staff_account" named by the user's id.

Never a password, a token, a reset link or a hash: an entry names the account and, for a failure,
the username typed (personal: people type their password there by mistake, so the activity list
masks it) or, for a reset request, the address typed. A token refresh is no action: not recorded."""

from django.contrib.auth import get_user_model

from services.audit.recording import audit_record
from services.audit.registry import audit_follow, audit_personal_fields

OBJECT_TYPE = "staff_account"
# What names or reaches a person: masked in the activity list, erased with the person's data.
PERSONAL_USER = ["username", "first_name", "last_name", "email"]
PERSONAL_PROFILE = [
    "phone",
    "date_of_birth",
    "occupation",
    "organization",
    "experience_years",
    "skills",
    "areas_of_interest",
    "certifications",
]


def follow_staff_accounts() -> None:
    """From AccountsConfig.ready: every save of a user or a staff profile is recorded."""
    from .models import StaffProfile

    audit_follow(
        get_user_model(),
        object_type=OBJECT_TYPE,
        personal=PERSONAL_USER,
        # The password (a hash) is a secret the registry never records; sign-in time and the date
        # joined are kept by Django itself, not changed by anyone.
        exclude=["password", "last_login", "date_joined"],
        label=lambda user: user.get_username(),
    )
    audit_follow(
        StaffProfile,
        object_type=OBJECT_TYPE,
        personal=PERSONAL_PROFILE,
        # The session counter changes on every sign-out (tokens.sessions_end_all): recorded as that.
        exclude=["session_version"],
        label=lambda profile: profile.user.get_username(),
        object_id=lambda profile: profile.user_id,
    )
    # Entries no save writes: a failed sign-in's username, a reset request's address.
    audit_personal_fields(OBJECT_TYPE, ["username", "email"])


def _record(verb: str, user, **extra) -> None:
    audit_record(
        verb,
        object_type=OBJECT_TYPE,
        object_id=user.pk,
        label=user.get_username(),
        model=get_user_model(),
        **extra,
    )


def signed_in(*, request, user) -> None:
    # The sign-in is open to all: the user has just proved who they are.
    _record("auth.signed_in", user, by=user)


def signed_out(*, request, user) -> None:
    _record("auth.signed_out", user, by=user)


def password_changed(*, user, how: str) -> None:
    """By the signed-in user ("change") or by whoever holds an e-mailed link ("reset", a visitor)."""
    _record("auth.password_changed" if how == "change" else "auth.password_reset", user)


def _attempt(verb: str, *, username: str, user=None) -> None:
    """A refused sign-in: the account, if the username names one, and the username typed."""
    if user is None:
        user = get_user_model().objects.filter(**{get_user_model().USERNAME_FIELD: username}).first()
    audit_record(
        verb,
        object_type=OBJECT_TYPE,
        object_id=user.pk if user is not None else None,
        # Never the typed username as the label (labels are not masked): the account's own name.
        label=user.get_username() if user is not None else "",
        changes={"username": username},
        model=get_user_model(),
    )


def sign_in_failed(*, username: str, user=None) -> None:
    _attempt("auth.sign_in_failed", username=username, user=user)


def locked_out(sender, *, request=None, username=None, **kwargs) -> None:
    """django-axes' user_locked_out: sent when a failure reaches the limit and for every attempt
    refused while the username + address is locked (sign-in, a password change, /admin/)."""
    _attempt("auth.locked_out", username=username or "")


def password_reset_requested(*, email: str) -> None:
    """No account named: the request does the same work for any address (which staff user it
    reaches is the worker's to find), so neither the answer nor its timing tells."""
    audit_record(
        "auth.password_reset_requested",
        object_type=OBJECT_TYPE,
        changes={"email": email},
        model=get_user_model(),
    )
