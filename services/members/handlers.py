"""The e-mails of a membership's life, one row each per domain event whatever the redeliveries."""

from django.conf import settings
from django.utils import translation

from services.accounts.selectors import staff_language
from services.core.money import amount_text
from services.core.status_words import status_word
from services.notifications.services import notification_queue
from services.outbox.registry import subscribe

from . import card_mail, cpd_mail  # noqa: F401  (register the card's and the certificate's attachments)
from .domain_events import MemberApplied, MemberApproved, MemberRejected, MemberSignInRequested
from .models import Member
from .my_membership import sign_in_link_issue, sign_in_recipient, sign_in_url


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
    token = sign_in_link_issue(member=member)
    notification_queue(
        template="member_sign_in",
        recipient=member.email,
        language=member.language,
        # The link is secret: the notification keeps it only until the e-mail is out.
        context={
            "name": member.full_name,
            "sign_in_url": sign_in_url(token),
            "minutes": settings.MEMBER_SIGN_IN_MINUTES,
            "_secret": ["sign_in_url"],
        },
        source_message=message,
    )
