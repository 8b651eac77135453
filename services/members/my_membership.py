"""A member's own page without a password (docs/members.md, A member's own page): an e-mailed
single-use link opens a member session, whose bearer token reaches /api/my-membership/* and
nothing else (the staff authentication never accepts it: it is no JWT)."""

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from ninja.security import HttpBearer

from services.audit.recording import audit_action, audit_record
from services.core.errors import ApplicationError, Conflict, ValidationFailed
from services.core.text import email_address_problem, has_forbidden_characters
from services.outbox.services import publish

from .cleaning import clean_member_fields
from .cpd import my_cpd
from .domain_events import MemberEmailChanged, MemberEmailChangeRequested, MemberSignInRequested
from .export_parts import export_parts
from .models import Member, MemberEmailChange, MemberSession, MembershipPeriod, MemberSignInLink
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
    changes, _ = MemberEmailChange.objects.filter(expires_at__lt=now - timedelta(days=1)).delete()
    return links + sessions + changes


# --- The member's own data ---------------------------------------------------------------------


def my_card_url(member: Member) -> str | None:
    """What the member's card's QR code opens; None without a card (never approved, or no longer)."""
    code = card_code(member) if member.approval_status == Member.Approval.APPROVED else None
    return card_verify_url(code) if code else None


def my_membership(*, member: Member) -> dict[str, Any]:
    periods = list(member.periods.order_by("start").values("start", "end"))
    pending = email_change_pending(member=member)
    return {
        "standing": member_standing(member.approval_status, member.membership_end, timezone.localdate()),
        "membership_end": member.membership_end,
        "membership_number": member.membership_number,
        "membership_type": member.membership_type,
        "periods": periods,
        "full_name": member.full_name,
        "email": member.email,
        "pending_email": pending.new_email if pending else None,
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


# --- A new e-mail address, confirmed by a link to it -------------------------------------------


def email_change_pending(*, member: Member) -> MemberEmailChange | None:
    """The member's latest change asked for and not confirmed yet, while its link works."""
    return (
        MemberEmailChange.objects.filter(member=member, used_at__isnull=True, expires_at__gt=timezone.now())
        .order_by("-created_at", "-pk")
        .first()
    )


def email_change_request(*, member: Member, email: Any) -> MemberEmailChange:
    """Ask to move the membership to a new address: nothing changes yet. The worker e-mails a
    single-use link to the new address (members.handlers); the member's earlier unconfirmed
    change stops working. Whether another member has the address is told only to whoever opens
    the link (its owner): the answer here is the same, so that the form tells nobody who is a
    member."""
    email = email.strip() if isinstance(email, str) else ""
    if not email:
        raise ValidationFailed(
            _("Please enter your new e-mail address."), fields={"email": _("This field is required.")}
        )
    if len(email) > 254 or email_address_problem(email):
        message = _("Please enter a valid e-mail address.")
        raise ValidationFailed(message, fields={"email": message})
    if email.casefold() == member.email.casefold():
        message = _("This is already the e-mail address of your membership.")
        raise ValidationFailed(message, fields={"email": message})
    with transaction.atomic():
        member = Member.objects.select_for_update().get(pk=member.pk)
        MemberEmailChange.objects.filter(member=member, used_at__isnull=True).delete()
        change = MemberEmailChange.objects.create(
            member=member,
            new_email=email,
            expires_at=timezone.now() + timedelta(hours=settings.MEMBER_EMAIL_CHANGE_HOURS),
        )
        publish(MemberEmailChangeRequested(member_id=member.pk, change_id=change.pk))
    return change


def _change_locked(*, member_id: int | None, **wanted) -> tuple[Member, MemberEmailChange] | None:
    """The approved member and their change matching `wanted`, locked in the order every writer
    takes them (the member first, as a new request does), so that two never wait on each other."""
    member = (
        Member.objects.select_for_update()
        .filter(pk=member_id, approval_status=Member.Approval.APPROVED)
        .first()
    )
    if member is None:
        return None
    change = (
        MemberEmailChange.objects.select_for_update()
        .filter(member=member, used_at__isnull=True, expires_at__gt=timezone.now(), **wanted)
        .first()
    )
    return (member, change) if change is not None else None


def email_change_link_issue(*, change_id: int) -> tuple[MemberEmailChange, str] | None:
    """The link's token (256 random bits) of a change still waiting for its e-mail, locked with its
    member until the handler's transaction ends; None when there is nothing to send (already
    sent, replaced by a later change, or the member is no longer approved)."""
    member_id = MemberEmailChange.objects.filter(pk=change_id).values_list("member_id", flat=True).first()
    locked = _change_locked(member_id=member_id, pk=change_id, token_hash__isnull=True)
    if locked is None:
        return None
    member, change = locked
    raw = secrets.token_urlsafe(32)
    change.token_hash = _hash(raw)
    change.save(update_fields=["token_hash"])
    change.member = member
    return change, raw


def email_change_url(token: str) -> str:
    # In the fragment, which browsers never send to a server (nor to its logs).
    return f"{settings.FRONTEND_URL}/my-membership/email#token={token}"


class EmailTaken(Conflict):
    code = "email_taken"


def email_change_confirm(*, token: str) -> Member:
    """Use a link once: the member's address becomes the new one, unless another member has it
    (any capitals) by now. Recorded in the audit trail; the old address is told."""
    invalid = InvalidSignInLink(
        _("This confirmation link is invalid, already used or expired. Please ask for a new one.")
    )
    if not token or not isinstance(token, str) or len(token) > TOKEN_MAX_CHARS:
        raise invalid
    now = timezone.now()
    token_hash = _hash(token)
    with transaction.atomic():
        changes = MemberEmailChange.objects.filter(token_hash=token_hash)
        member_id = changes.values_list("member_id", flat=True).first()
        locked = _change_locked(member_id=member_id, token_hash=token_hash)
        if locked is None:
            raise invalid
        member, change = locked
        old_email = member.email
        changed = not Member.objects.filter(email__iexact=change.new_email).exclude(pk=member.pk).exists()
        if changed:
            try:
                with transaction.atomic(), audit_action("member.email_changed"):
                    member.email = change.new_email
                    member.save(update_fields=["email", "updated_at"])
            except IntegrityError:  # the same address taken by a parallel request
                member.email, changed = old_email, False
        # The link works once, whatever its outcome (a refusal is final: ask again).
        change.used_at = now
        change.save(update_fields=["used_at"])
        if changed:
            publish(MemberEmailChanged(member_id=member.pk, old_email=old_email))
    if not changed:
        message = _(
            "This address already belongs to a membership, so the address was not changed. "
            "Please write to %(contact)s if you need help."
        ) % {"contact": settings.ASSOCIATION["email"]}
        raise EmailTaken(message, fields={"email": message})
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


def my_data_export(*, member: Member, verb: str = "member.exported_own_data") -> dict[str, Any]:
    """Everything the membership holds about the member, as JSON (two queries whatever the rows):
    the member's own download, or staff's for them (`verb` "member.exported", a request for a
    copy of one's data made by letter or at the desk)."""
    record = {
        field.attname: getattr(member, field.attname)
        for field in Member._meta.concrete_fields
        if field.name not in NOT_EXPORTED and field.attname not in ("decided_by_id",)
    }
    periods = list(MembershipPeriod.objects.filter(member=member).order_by("start").values(*PERIOD_FIELDS))
    audit_record(verb, object_type="member", object_id=member.pk, label=member.trail_label, model=Member)
    return {"member": record, "periods": periods, "cpd": my_cpd(member=member), **export_parts(member)}


def closure_request(*, member: Member) -> Member:
    """Record the member's request to close the membership and erase their data; staff erase it
    (the membership's erasure rules), from the members list where the request shows."""
    with transaction.atomic():
        member = Member.objects.select_for_update().get(pk=member.pk)
        if member.closure_requested_at is None:
            member.closure_requested_at = timezone.now()
            member.save(update_fields=["closure_requested_at", "updated_at"])
    return member
