"""A member's own page without a password (docs/members.md, A member's own page): an e-mailed
single-use link opens a member session, whose bearer token reaches /api/my-membership/* and
nothing else (the staff authentication never accepts it: it is no JWT)."""

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from ninja.security import HttpBearer

from services.audit.recording import audit_record
from services.core.errors import ApplicationError, ValidationFailed
from services.core.text import email_address_problem, has_forbidden_characters
from services.outbox.services import publish

from .cleaning import clean_member_fields
from .cpd import my_cpd
from .domain_events import MemberSignInRequested
from .models import Member, MemberSession, MembershipPeriod, MemberSignInLink
from .standing import member_standing
from .verification import card_code, card_verify_url

TOKEN_MAX_CHARS = 200  # a real one is 43
# What the member may change on their own page.
EDITABLE = ("phone", "address", "language", "preferred_communication_language")


class InvalidSignInLink(ApplicationError):
    status = 400
    code = "invalid_token"


def _hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


# --- The link ----------------------------------------------------------------------------------


def sign_in_request(*, email: str) -> None:
    """Publish `member_sign_in.requested` for any well-formed address: the request does the same
    work whatever the address (one outbox row), so neither its answer nor its timing tells who is
    a member; the worker looks the member up (members.handlers)."""
    email = (email or "").strip()
    if not email:
        raise ValidationFailed(
            _("Please enter your email address"), fields={"email": _("This field is required.")}
        )
    if len(email) > 254 or email_address_problem(email):
        message = _("Please enter a valid e-mail address.")
        raise ValidationFailed(message, fields={"email": message})
    publish(MemberSignInRequested(email=email))


def sign_in_recipient(*, email: str) -> Member | None:
    """The approved member of the address (any standing: a lapsed member signs in to renew),
    locked until the handler's transaction ends, as the other member e-mails do (handlers.py):
    an erasure either waits for this e-mail and deletes it, or this finds nobody."""
    return (
        Member.objects.select_for_update()
        .filter(email__iexact=email, approval_status=Member.Approval.APPROVED)
        .first()
    )


def sign_in_link_issue(*, member: Member) -> str:
    """A new single-use link token (256 random bits); the member's earlier unused ones stop working."""
    raw = secrets.token_urlsafe(32)
    with transaction.atomic():
        MemberSignInLink.objects.filter(member=member, used_at__isnull=True).delete()
        MemberSignInLink.objects.create(
            member=member,
            token_hash=_hash(raw),
            expires_at=timezone.now() + timedelta(minutes=settings.MEMBER_SIGN_IN_MINUTES),
        )
    return raw


def sign_in_url(token: str) -> str:
    # In the fragment, which browsers never send to a server (nor to its logs).
    return f"{settings.FRONTEND_URL}/my-membership#token={token}"


# --- The session -------------------------------------------------------------------------------


def session_open(*, token: str) -> tuple[str, Any]:
    """Use a link once: answers the session's bearer token and when it ends."""
    invalid = InvalidSignInLink(_("This sign-in link is invalid or has expired. Please ask for a new one."))
    if not token or len(token) > TOKEN_MAX_CHARS:
        raise invalid
    now = timezone.now()
    with transaction.atomic():
        link = (
            MemberSignInLink.objects.select_for_update()
            .select_related("member")
            .filter(
                token_hash=_hash(token),
                used_at__isnull=True,
                expires_at__gt=now,
                member__approval_status=Member.Approval.APPROVED,
            )
            .first()
        )
        if link is None:
            raise invalid
        link.used_at = now
        link.save(update_fields=["used_at"])
        raw = secrets.token_urlsafe(32)
        expires_at = now + timedelta(hours=settings.MEMBER_SESSION_HOURS)
        MemberSession.objects.create(member=link.member, token_hash=_hash(raw), expires_at=expires_at)
    return raw, expires_at


def session_member(*, token: str) -> Member | None:
    """The approved member whose session the token is, while it lasts."""
    if not token or len(token) > TOKEN_MAX_CHARS:
        return None
    session = (
        MemberSession.objects.select_related("member")
        .filter(
            token_hash=_hash(token),
            expires_at__gt=timezone.now(),
            member__approval_status=Member.Approval.APPROVED,
        )
        .first()
    )
    return session.member if session else None


def sessions_end(*, member: Member) -> None:
    """Sign out: every session of the member ends (as a staff sign-out ends every earlier one)."""
    MemberSession.objects.filter(member=member).delete()


class MemberAuth(HttpBearer):
    """The authentication of /api/my-membership/*: a member session's token (401 otherwise). A
    staff token is no member session, and a member token no staff one (StaffAuth reads JWTs)."""

    def authenticate(self, request, token: str):
        member = session_member(token=token)
        if member is None:
            return None
        request.member = member
        return member


member_auth = MemberAuth()


def sign_in_links_purge() -> int:
    """Delete links and sessions that ended (expired, or links used more than a day ago)."""
    now = timezone.now()
    links, _ = MemberSignInLink.objects.filter(expires_at__lt=now - timedelta(days=1)).delete()
    sessions, _ = MemberSession.objects.filter(expires_at__lt=now).delete()
    return links + sessions


# --- The member's own data ---------------------------------------------------------------------


def my_card_url(member: Member) -> str | None:
    """What the member's card's QR code opens; None without a card (never approved, or no longer)."""
    code = card_code(member) if member.approval_status == Member.Approval.APPROVED else None
    return card_verify_url(code) if code else None


def my_membership(*, member: Member) -> dict[str, Any]:
    periods = list(member.periods.order_by("start").values("start", "end"))
    return {
        "standing": member_standing(member.approval_status, member.membership_end, timezone.localdate()),
        "membership_end": member.membership_end,
        "membership_number": member.membership_number,
        "membership_type": member.membership_type,
        "periods": periods,
        "full_name": member.full_name,
        "email": member.email,
        "phone": member.phone,
        "address": member.address,
        "language": member.language,
        "preferred_communication_language": member.preferred_communication_language,
        "consents": {"terms": member.agree_to_terms, "terms_accepted_at": member.terms_accepted_at},
        "closure_requested_at": member.closure_requested_at,
        "card_verify_url": my_card_url(member),
        "cpd": my_cpd(member=member),
    }


def my_membership_update(*, member: Member, data: dict[str, Any]) -> Member:
    """The member's own edit of their contact details and e-mail language, checked by the
    membership form's own rules (services/members/cleaning.py)."""
    data = {name: value for name, value in data.items() if name in EDITABLE and value is not None}
    errors: dict[str, str] = {}
    for name, value in data.items():
        if not isinstance(value, str):
            errors[name] = _("Please enter text.")
        elif has_forbidden_characters(value):
            errors[name] = _(
                "This text contains characters that are not allowed (control or direction characters)."
            )
    language = data.pop("language", None)
    codes = [code for code, _name in settings.LANGUAGES]
    if language is not None and "language" not in errors and language not in codes:
        errors["language"] = _("Choose one of the languages offered.")
    if errors:
        raise ValidationFailed(next(iter(errors.values())), fields=errors)
    fields = clean_member_fields(data, partial=True, current=member)
    if language is not None:
        fields["language"] = language
    with transaction.atomic():
        member = Member.objects.select_for_update().get(pk=member.pk)
        for name, value in fields.items():
            setattr(member, name, value)
        member.save(update_fields=[*fields, "updated_at"])
    return member


PERIOD_FIELDS = (
    "start",
    "end",
    "fee",
    "payment_reference",
    "transaction_id",
    "payment_method",
    "confirmed_at",
    "created_at",
)
# The member's own record but what only concerns staff (who decided; the erasure bookkeeping).
NOT_EXPORTED = ("id", "decided_by")


def my_data_export(*, member: Member) -> dict[str, Any]:
    """Everything the membership holds about the member, as JSON (two queries whatever the rows)."""
    record = {
        field.attname: getattr(member, field.attname)
        for field in Member._meta.concrete_fields
        if field.name not in NOT_EXPORTED and field.attname not in ("decided_by_id",)
    }
    periods = list(MembershipPeriod.objects.filter(member=member).order_by("start").values(*PERIOD_FIELDS))
    audit_record(
        "member.exported_own_data", object_type="member", object_id=member.pk, label=member.trail_label
    )
    return {"member": record, "periods": periods, "cpd": my_cpd(member=member)}


def closure_request(*, member: Member) -> Member:
    """Record the member's request to close the membership and erase their data; staff erase it
    (the membership's erasure rules), from the members list where the request shows."""
    with transaction.atomic():
        member = Member.objects.select_for_update().get(pk=member.pk)
        if member.closure_requested_at is None:
            member.closure_requested_at = timezone.now()
            member.save(update_fields=["closure_requested_at", "updated_at"])
    return member
