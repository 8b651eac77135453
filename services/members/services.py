import logging
from collections import Counter
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from services.audit.erasure import audit_erase
from services.audit.recording import audit_action, audit_record
from services.core.errors import Conflict, NotFound, ValidationFailed
from services.core.status_words import status_word
from services.notifications.languages import language_code
from services.notifications.services import About, notifications_erase
from services.outbox.services import publish

from .cleaning import clean_member_fields
from .domain_events import MemberApplied, MemberApproved, MemberErased, MemberRejected
from .models import (
    ErasedMember,
    ErasedMembershipPeriod,
    Member,
    MemberEmailChange,
    MembershipNumberCounter,
    MembershipPeriod,
)
from .periods import approval_period
from .selectors import member_detail
from .verification import card_code_issue

logger = logging.getLogger(__name__)
# The e-mails to the member (the notice to the inbox is found through its outbox message, or by
# the address in its context).
MEMBER_TEMPLATES = (
    "member_applied",
    "member_approved",
    "member_rejected",
    "renewal_notice",
    "member_sign_in",
    "cpd_certificate",
    "member_email_change",
    "member_email_changed",
    "renewal_requested",
    "renewal_confirmed",
)


def _refuse_duplicate_email(email: str, *, exclude: int | None = None) -> None:
    taken = Member.objects.filter(email__iexact=email)
    if exclude is not None:
        taken = taken.exclude(pk=exclude)
    if taken.exists():
        message = _("A membership application with this email already exists.")
        raise Conflict(message, code="duplicate_member", fields={"email": message})


# What only staff record: a visitor could otherwise send an application that looks paid.
STAFF_ONLY_FIELDS = ("transaction_id",)


def member_apply(*, data: dict[str, Any], by=None) -> Member:
    """A new application, Pending, with the consent's time: from the public form (`by` None),
    which records no payment details, or entered by the staff user `by`."""
    if by is None:
        data = {name: value for name, value in data.items() if name not in STAFF_ONLY_FIELDS}
    fields = clean_member_fields(data)
    with transaction.atomic(), audit_action("member.created"):
        _refuse_duplicate_email(fields["email"])
        try:
            with transaction.atomic():
                member = Member.objects.create(
                    **fields,
                    agree_to_terms=True,
                    terms_accepted_at=timezone.now(),
                    language=language_code(get_language()),
                )
        except IntegrityError:  # the same e-mail in a parallel request
            _refuse_duplicate_email(fields["email"])
            raise
        publish(MemberApplied(member_id=member.pk))
    return member


def member_view(*, member_id: int) -> Member:
    """One member opened by staff: a read of personal data, recorded (who, when, which member)."""
    member = member_detail(member_id=member_id)
    audit_record(
        "member.viewed",
        object_type="member",
        object_id=member.pk,
        label=member.trail_label,
        model=Member,
    )
    return member


def next_membership_number(year: int) -> str:
    """The next number of `year`, drawn under the counter row's lock (call inside a transaction)."""
    try:
        with transaction.atomic():
            MembershipNumberCounter.objects.get_or_create(year=year)
    except IntegrityError:  # created by a parallel approval meanwhile
        pass
    counter = MembershipNumberCounter.objects.select_for_update().get(year=year)
    counter.last += 1
    counter.save(update_fields=["last"])
    return f"{year}-{counter.last:04d}"


def _in_good_standing(member: Member) -> bool:
    return member.approval_status == Member.Approval.APPROVED and member.is_active_member


def _set_approval(member: Member, status: str, *, by, now) -> None:
    """Approved: active, with a number (kept if it had one), and the day they joined if it is
    their first approval; Rejected: inactive. Records who decided and publishes the matching
    domain event. The member row is locked by the caller."""
    member.approval_status = status
    if status == Member.Approval.APPROVED:
        member.is_active_member = True
        member.approved_at = now
        member.rejected_at = None
        if member.joined_at is None:
            member.joined_at = now
        if not member.membership_number:
            member.membership_number = next_membership_number(timezone.localdate().year)
        member.decided_by = by
        approval_period(member, by=by, now=now)
        card_code_issue(member)  # the card's, kept from a first approval on
        publish(MemberApproved(member_id=member.pk))
    elif status == Member.Approval.REJECTED:
        member.is_active_member = False
        member.rejected_at = now
        member.decided_by = by
        publish(MemberRejected(member_id=member.pk))


class _Standing:
    """Notes a member's standing before a change, so that the change can tell a renewal: a
    member who had joined earlier coming back to good standing (Approved and active), by a new
    approval or by being made active again (docs/reports.md)."""

    def __init__(self, member: Member):
        self.member = member
        self.had_joined = member.joined_at is not None
        self.was_in_good_standing = _in_good_standing(member)

    def record_renewal(self, *, by, now) -> None:
        member = self.member
        if self.had_joined and not self.was_in_good_standing and _in_good_standing(member):
            member.renewed_at = now
            member.approved_at = now
            member.decided_by = by


def _locked(member_id: int) -> Member:
    member = Member.objects.select_for_update().filter(pk=member_id).first()
    if member is None:  # erased since the caller looked
        raise NotFound(_("Member not found."))
    return member


def member_decide(*, member_id: int, status: str, by=None) -> Member:
    """Approve (Approved + active) or reject (Rejected + inactive), SPEC §4; `by` is the staff user."""
    with transaction.atomic():
        member = _locked(member_id)
        if member.approval_status == status:
            raise Conflict(
                _("This member is already %(status)s.") % {"status": status_word("member", status)},
                code="invalid_transition",
            )
        standing, now = _Standing(member), timezone.now()
        verb = "member.approved" if status == Member.Approval.APPROVED else "member.rejected"
        with audit_action(verb):
            _set_approval(member, status, by=by, now=now)
            standing.record_renewal(by=by, now=now)
            member.save()
    return member


def member_toggle_active(*, member_id: int, by=None) -> Member:
    with transaction.atomic():
        member = _locked(member_id)
        standing = _Standing(member)
        member.is_active_member = not member.is_active_member
        with audit_action("member.activated" if member.is_active_member else "member.deactivated"):
            standing.record_renewal(by=by, now=timezone.now())
            member.save()
    return member


def member_update(*, member_id: int, data: dict[str, Any], by=None) -> Member:
    """The edit form: empty fields keep their values; any of the three statuses and the Active
    flag may be set, and a change of approval publishes its event."""
    status = data.get("approval_status")
    with transaction.atomic(), audit_action("member.updated"):
        member = _locked(member_id)  # an unknown member answers 404 before any rule of the form
        if status not in (None, "") and status not in Member.Approval.values:
            message = _("Choose Pending, Approved or Rejected.")
            raise ValidationFailed(message, fields={"approval_status": message})
        # Checked against the member: a change of type asks for the new type's own fields.
        fields = clean_member_fields(data, partial=True, current=member)
        if "email" in fields:
            _refuse_duplicate_email(fields["email"], exclude=member.pk)
        standing, now = _Standing(member), timezone.now()
        for name, value in fields.items():
            setattr(member, name, value)
        if status and status != member.approval_status:
            if status == Member.Approval.PENDING:
                member.approval_status = status
            else:
                _set_approval(member, status, by=by, now=now)
        if isinstance(data.get("is_active_member"), bool):
            member.is_active_member = data["is_active_member"]
        standing.record_renewal(by=by, now=now)
        member.save()
    return member


def member_erase(*, member_id: int, keep_tally: bool = False, where: Q | None = None) -> dict[str, int]:
    """Delete the member and every e-mail stored for them or about them (their bodies hold name,
    e-mail, phone). The member row is deleted first: a handler writing an e-mail about them holds
    that row's lock (handlers.py), so its e-mail is either committed before and deleted here, or
    never written. The outbox keeps its own rows (their payloads hold only the member's id);
    deleting them under a worker that was writing their deliveries failed the erasure.
    `keep_tally` (the retention purge): an anonymous ErasedMember keeps what reports count;
    `where`: only if the member still matches it under the lock (a purge's reason)."""
    with transaction.atomic():
        member = Member.objects.select_for_update().filter(where or Q(), pk=member_id).first()
        if member is None:
            return {"members": 0, "emails": 0}
        if keep_tally:
            erased = ErasedMember.objects.create(
                approval_status=member.approval_status,
                created_at=member.created_at,
                joined_at=member.joined_at,
                renewed_at=member.renewed_at,
                rejected_at=member.rejected_at,
                decided_by_id=member.decided_by_id,
            )
            # Their periods' dates, for the growth report (docs/reports.md); nothing paid or who.
            ErasedMembershipPeriod.objects.bulk_create(
                ErasedMembershipPeriod(erased_member=erased, start=start, end=end)
                for start, end in MembershipPeriod.objects.filter(member=member).values_list("start", "end")
            )
        email = member.email
        renewal_ids = list(member.renewals.values_list("pk", flat=True))
        # The fact stays (the deletion's entry, under the member's id, its personal values
        # "[erased]" before it is written), and every earlier entry about them loses theirs.
        with audit_action("member.erased"):
            member.delete()
        audit_erase(object_type="member", object_ids=[member_id])
        audit_erase(object_type="membership_period", object_ids=[member_id])
        audit_erase(object_type="cpd_credit", object_ids=[member_id])
        audit_erase(object_type="renewal", object_ids=renewal_ids)
        emails = notifications_erase(
            about=[
                About(recipient=email, templates=MEMBER_TEMPLATES),
                About(templates=("member_notice",), context={"email": email}),
            ],
            made_for={"member_id": [member_id]},
        )
        publish(MemberErased(member_id=member_id))
    return {"members": 1, "emails": emails}


def members_erase_for_email(*, email: str) -> dict[str, int]:
    """Erasure of a person: the membership record of this address (any capitals)."""
    erased = Counter(members=0, emails=0)
    for member_id in Member.objects.filter(email__iexact=email).values_list("pk", flat=True):
        erased.update(member_erase(member_id=member_id))
    # A member's unconfirmed move to this address (its e-mail, to the address, goes with the rest).
    MemberEmailChange.objects.filter(new_email__iexact=email).delete()
    return dict(erased)


def rejected_purge() -> int:
    """Rejected applications older than MEMBER_REJECTED_RETENTION_DAYS are erased (beat, daily),
    each leaving an anonymous tally so that the reports' figures stay the same."""
    cutoff = timezone.now() - timedelta(days=settings.MEMBER_REJECTED_RETENTION_DAYS)
    due = Q(approval_status=Member.Approval.REJECTED, rejected_at__lt=cutoff)
    erased = 0
    for member_id in Member.objects.filter(due).values_list("pk", flat=True)[:500]:
        # Approved again since it was listed: not erased.
        erased += member_erase(member_id=member_id, keep_tally=True, where=due)["members"]
    if erased:
        logger.info("Erased %s rejected membership applications past their retention", erased)
    return erased
