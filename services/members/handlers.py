"""The e-mails of a membership's life, one row each per domain event whatever the redeliveries."""

from django.conf import settings
from django.utils import translation

from services.accounts.selectors import staff_language
from services.core.money import amount_text
from services.core.status_words import status_word
from services.notifications.services import notification_queue
from services.outbox.registry import subscribe

from . import card_mail, cpd_mail  # noqa: F401  (register the card's and the certificate's attachments)
from .domain_events import (
    MemberApplied,
    MemberApproved,
    MemberEmailChanged,
    MemberEmailChangeRequested,
    MemberRejected,
    MemberSignInRequested,
    RenewalConfirmed,
    RenewalRequested,
)
from .models import Member, Renewal
from .my_membership import (
    email_change_link_issue,
    email_change_url,
    sign_in_link_issue,
    sign_in_recipient,
    sign_in_url,
)
from .renewals import renewal_answer


def _context(member: Member) -> dict:
    fee = settings.MEMBERSHIP_FEES.get(member.membership_type)
    details = settings.PAYMENT_DETAILS
    return {
        "name": member.full_name,
        "membership_type": status_word("membership_type", member.membership_type),
        "payment_method": member.payment_method,
        "fee": amount_text(fee) if fee else "",
        "mobile_money_number": details["mobile_money_number"],
        "mobile_money_name": details["mobile_money_name"],
        "bank_name": details["bank_name"],
        "bank_account": details["bank_account"],
        "bank_account_name": details["bank_account_name"],
        "reference": member.email,
        "membership_number": member.membership_number or "",
    }


def _member(member_id: int) -> Member | None:
    """The member, locked until the handler's transaction ends: an erasure deletes this row
    first, so either it waits for this handler's e-mails (and deletes them) or this handler
    finds nobody."""
    return Member.objects.select_for_update().filter(pk=member_id).first()


def _to_member(member: Member, template: str, message, **extra) -> None:
    with translation.override(member.language):  # the fee as the member's language writes amounts
        context = {**_context(member), **extra}
    notification_queue(
        template=template,
        recipient=member.email,
        language=member.language,
        context=context,
        source_message=message,
    )


@subscribe(MemberApplied.topic)
def send_member_applied(event: MemberApplied, message) -> None:
    member = _member(event.member_id)
    if member is None:
        return
    _to_member(member, "member_applied", message)
    inbox = settings.ASSOCIATION["email"]
    language = staff_language(email=inbox)
    with translation.override(language):
        membership_type = status_word("membership_type", member.membership_type)
    notification_queue(
        template="member_notice",
        recipient=inbox,
        language=language,
        context={
            "name": member.full_name,
            "email": member.email,
            "phone": member.phone,
            "membership_type": membership_type,
            "contact_person": member.contact_person,
            "manage_link": f"{settings.FRONTEND_URL}/dashboard/members",
        },
        source_message=message,
    )


@subscribe(MemberApproved.topic)
def send_member_approved(event: MemberApproved, message) -> None:
    member = _member(event.member_id)
    if member is not None and member.approval_status == Member.Approval.APPROVED:
        # The card is attached when the e-mail is rendered (card_mail.py).
        _to_member(member, "member_approved", message, _card=member.pk)


@subscribe(MemberRejected.topic)
def send_member_rejected(event: MemberRejected, message) -> None:
    member = _member(event.member_id)
    if member is not None and member.approval_status == Member.Approval.REJECTED:
        _to_member(member, "member_rejected", message)


@subscribe(MemberSignInRequested.topic)
def send_member_sign_in_link(event: MemberSignInRequested, message) -> None:
    """A sign-in link to an approved member's address, in the member's language; nothing to any
    other address (the request answered the same)."""
    member = sign_in_recipient(email=event.email)
    if member is None:
        return
    notification_queue(
        template="member_sign_in",
        recipient=member.email,
        language=member.language,
        # Made only with a new e-mail: a second run for the same request would otherwise replace
        # the link already sent. The link is secret: the notification keeps it only until sent.
        context=lambda: {
            "name": member.full_name,
            "sign_in_url": sign_in_url(sign_in_link_issue(member=member)),
            "minutes": settings.MEMBER_SIGN_IN_MINUTES,
            "_secret": ["sign_in_url"],
        },
        source_message=message,
    )


@subscribe(MemberEmailChangeRequested.topic)
def send_member_email_change_link(event: MemberEmailChangeRequested, message) -> None:
    """The link that confirms a new address, to that address. The address is not confirmed yet:
    the e-mail carries nothing the member typed (not even their name), only the association's
    words, the membership number and the link, so that the form cannot relay text to strangers."""
    issued = email_change_link_issue(change_id=event.change_id)
    if issued is None:
        return
    change, token = issued
    notification_queue(
        template="member_email_change",
        recipient=change.new_email,
        language=change.member.language,
        # The link is secret: the notification keeps it only until the e-mail is out.
        context={
            "membership_number": change.member.membership_number or "",
            "confirm_url": email_change_url(token),
            "hours": settings.MEMBER_EMAIL_CHANGE_HOURS,
            "_secret": ["confirm_url"],
        },
        source_message=message,
    )


@subscribe(MemberEmailChanged.topic)
def send_member_email_changed(event: MemberEmailChanged, message) -> None:
    """The old address is told that the membership's address changed, and whom to contact."""
    member = _member(event.member_id)
    if member is None:
        return
    notification_queue(
        template="member_email_changed",
        recipient=event.old_email,
        language=member.language,
        context={
            "name": member.full_name,
            "membership_number": member.membership_number or "",
            "new_email": member.email,
            "contact_email": settings.ASSOCIATION["email"],
        },
        source_message=message,
    )


def _renewal(renewal_id: int) -> tuple[Member | None, Renewal | None]:
    """The renewal and its member, the member locked as for every member e-mail (erasure)."""
    member_id = Renewal.objects.filter(pk=renewal_id).values_list("member_id", flat=True).first()
    member = _member(member_id) if member_id else None
    renewal = Renewal.objects.filter(pk=renewal_id).select_related("period").first() if member else None
    return member, renewal


@subscribe(RenewalRequested.topic)
def send_renewal_requested(event: RenewalRequested, message) -> None:
    """The reference and how to pay, in the member's language, while the renewal is pending."""
    member, renewal = _renewal(event.renewal_id)
    if member is None or renewal is None or renewal.status != Renewal.Status.PENDING:
        return
    with translation.override(member.language):
        answer = renewal_answer(renewal)
        membership_type = status_word("membership_type", renewal.membership_type)
    notification_queue(
        template="renewal_requested",
        recipient=member.email,
        language=member.language,
        context={
            "name": member.full_name,
            "membership_number": member.membership_number or "",
            "membership_type": membership_type,
            "reference": renewal.reference,
            "amount": answer["amount"],
            "amount_text": answer["amount_text"],
            "methods": answer["methods"],
            "next_steps": answer["next_steps"],
            "contact_message": answer["contact_message"],
            "contact_email": answer["contact_email"],
            "contact_phone": answer["contact_phone"],
            "my_membership_link": f"{settings.FRONTEND_URL}/my-membership",
        },
        source_message=message,
    )


@subscribe(RenewalConfirmed.topic)
def send_renewal_confirmed(event: RenewalConfirmed, message) -> None:
    """The new end date, with the new card attached (card_mail.py)."""
    member, renewal = _renewal(event.renewal_id)
    if member is None or renewal is None or renewal.status != Renewal.Status.CONFIRMED:
        return
    if member.approval_status != Member.Approval.APPROVED:
        return
    end = renewal.period.end if renewal.period else member.membership_end
    _to_member(
        member,
        "renewal_confirmed",
        message,
        reference=renewal.reference,
        end=end.isoformat() if end else "",
        my_membership_link=f"{settings.FRONTEND_URL}/my-membership",
        _card=member.pk,
    )
