"""Renewal through the payment desk (docs/members.md, Renewal): the member asks from their own page
and gets a payment reference and the fee; staff confirm the payment where they confirm event
payments, which adds the next membership period and e-mails the new card. One transaction id
confirms one payment, whatever its kind (services/core/payments.py)."""

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from services.audit.recording import audit_action
from services.core.errors import Conflict, NotFound, ValidationFailed
from services.core.money import CURRENCY, amount_text
from services.core.payments import new_reference, payment_claim, payment_methods
from services.core.status_words import status_word
from services.core.text import has_forbidden_characters
from services.outbox.services import publish

from .cleaning import PAYMENT_METHODS, REQUIRED_BY_TYPE, TEXT_LIMITS
from .domain_events import RenewalConfirmed, RenewalRequested
from .models import Member, Renewal
from .periods import membership_fee, period_add
from .standing import RENEWAL_OPENS_DAYS, Standing, renewal_open, standing

CLAIM_KIND = "renewal"


def renewal_state(*, member: Member) -> dict[str, Any]:
    """What the member's Renew panel shows: whether renewal is open (from when), the fee of each
    type, and the pending renewal with how to pay it."""
    today = timezone.localdate()
    end = member.membership_end
    pending = Renewal.objects.filter(member=member, status=Renewal.Status.PENDING).first()
    return {
        "open": member.approval_status == Member.Approval.APPROVED and renewal_open(end, today),
        "opens_on": end - timedelta(days=RENEWAL_OPENS_DAYS) if end else None,
        "membership_type": member.membership_type,
        "payment_method": member.payment_method if member.payment_method in PAYMENT_METHODS else "",
        "fees": [
            {"membership_type": kind, "amount": float(fee) if (fee := membership_fee(kind)) else None}
            for kind in Member.MembershipType.values
        ],
        "pending": renewal_answer(pending) if pending else None,
    }


def renewal_answer(renewal: Renewal) -> dict[str, Any]:
    """A renewal and how to pay it: the same words as the event registration's answer."""
    reference = renewal.reference
    return {
        "id": renewal.pk,
        "reference": reference,
        "status": renewal.status,
        "amount": float(renewal.fee),
        "amount_text": amount_text(renewal.fee),
        "currency": CURRENCY,
        "membership_type": renewal.membership_type,
        "payment_method": renewal.payment_method,
        "methods": payment_methods(renewal.fee, reference),
        "next_steps": _(
            "Pay with Mobile Money or a bank transfer and write your reference %(reference)s in the "
            "payment message. We confirm your renewal by e-mail, with your new card, once the payment "
            "arrives."
        )
        % {"reference": reference},
        "demo": settings.DETAILS_DEMO,
        "contact_message": _("Questions about your renewal? Contact us:"),
        "contact_email": settings.ASSOCIATION["email"],
        "contact_phone": settings.ASSOCIATION["phone"],
        "created_at": renewal.created_at,
    }


def _clean_request(data: dict[str, Any], member: Member) -> tuple[str, str]:
    errors: dict[str, str] = {}
    membership_type = data.get("membership_type") or member.membership_type
    method = data.get("payment_method") or ""
    if membership_type not in Member.MembershipType.values:
        errors["membership_type"] = _("Choose Individual or Institutional.")
    elif membership_type != member.membership_type and any(
        not getattr(member, name) for name in REQUIRED_BY_TYPE[membership_type]
    ):
        # An institution names its contact person, a person gives a birth date: staff change it.
        errors["membership_type"] = _("To change your membership type, please contact us.")
    if method not in PAYMENT_METHODS:
        errors["payment_method"] = _("Payment method is required")
    if errors:
        raise ValidationFailed(next(iter(errors.values())), fields=errors)
    return membership_type, method


def renewal_request(*, member: Member, data: dict[str, Any]) -> Renewal:
    """The member asks to renew: open from E-60 on (also in Grace and after), for an approved
    member only, at the configured fee of the type (none set: refused, never a guessed amount).
    Asking again answers the same pending renewal, updated."""
    membership_type, method = _clean_request(data, member)
    with transaction.atomic():
        member = Member.objects.select_for_update().filter(pk=member.pk).first()
        if member is None or member.approval_status != Member.Approval.APPROVED:
            raise Conflict(
                _("Only an approved member can renew. Please contact us about your application."),
                code="not_a_member",
            )
        end = member.membership_end
        if not renewal_open(end, timezone.localdate()):
            raise Conflict(
                _("Renewal opens on %(day)s, 60 days before your membership ends.")
                % {"day": (end - timedelta(days=RENEWAL_OPENS_DAYS)).isoformat()}
                if end
                else _("Renewal is not open for this membership."),
                code="renewal_not_open",
            )
        fee = membership_fee(membership_type)
        if not fee or fee <= 0:
            message = _(
                "No fee is set for the %(type)s membership yet, so it cannot be renewed online. "
                "Please contact us."
            ) % {"type": status_word("membership_type", membership_type)}
            raise Conflict(message, code="no_fee", fields={"membership_type": message})
        pending = Renewal.objects.select_for_update().filter(member=member, status=Renewal.Status.PENDING)
        renewal = pending.first()
        if renewal is None:
            renewal = _new_renewal(member, membership_type=membership_type, fee=fee, method=method)
        elif (renewal.membership_type, renewal.fee, renewal.payment_method) != (membership_type, fee, method):
            renewal.membership_type, renewal.fee, renewal.payment_method = membership_type, fee, method
            with audit_action("renewal.updated"):
                renewal.save()
        else:
            return renewal  # the same request again (a double click): no second e-mail
        publish(RenewalRequested(renewal_id=renewal.pk))
    return renewal


def _new_renewal(member: Member, *, membership_type: str, fee, method: str) -> Renewal:
    for _attempt in range(5):
        try:
            with transaction.atomic(), audit_action("renewal.requested"):
                return Renewal.objects.create(
                    member=member,
                    reference=new_reference(),
                    membership_type=membership_type,
                    fee=fee,
                    payment_method=method,
                )
        except IntegrityError:  # a reference drawn twice: draw again
            continue
    raise RuntimeError("Could not draw a free renewal reference")


def _clean_confirm(data: dict[str, Any]) -> tuple[str, str]:
    errors: dict[str, str] = {}
    transaction_id = data.get("transaction_id")
    transaction_id = transaction_id.strip() if isinstance(transaction_id, str) else ""
    method = data.get("payment_method") or ""
    if not transaction_id:
        errors["transaction_id"] = _("Transaction ID is required")
    elif len(transaction_id) > TEXT_LIMITS["transaction_id"]:
        errors["transaction_id"] = _("Ensure this value has at most %(limit)d characters.") % {
            "limit": TEXT_LIMITS["transaction_id"]
        }
    elif has_forbidden_characters(transaction_id):
        errors["transaction_id"] = _(
            "This text contains characters that are not allowed (control or direction characters)."
        )
    if method not in PAYMENT_METHODS:
        errors["payment_method"] = _("Payment method is required")
    if errors:
        raise ValidationFailed(_("Please fill in all required fields"), fields=errors)
    return transaction_id, method


def renewal_confirm(*, renewal_id: int, data: dict[str, Any], by) -> Renewal:
    """Staff confirm the payment: the next period (from the day after the current one ends, or
    from today when the membership has lapsed), with the fee, reference, transaction id, method,
    who and when; the member is e-mailed their new card. A second click answers the same."""
    transaction_id, method = _clean_confirm(data)
    member_id = Renewal.objects.filter(pk=renewal_id).values_list("member_id", flat=True).first()
    if member_id is None:
        raise NotFound(_("Renewal not found."))
    with transaction.atomic():
        # The member first, as every change of a membership locks it.
        member = Member.objects.select_for_update().filter(pk=member_id).first()
        renewal = Renewal.objects.select_for_update().filter(pk=renewal_id).first()
        if member is None or renewal is None:  # erased meanwhile
            raise NotFound(_("Renewal not found."))
        if renewal.status == Renewal.Status.CONFIRMED:
            if renewal.transaction_id.upper() == transaction_id.upper():
                return renewal  # a double click, or two staff at once with the same receipt
            raise Conflict(_("This renewal is already confirmed."), code="invalid_transition")
        if renewal.status != Renewal.Status.PENDING:
            raise Conflict(_("This renewal was cancelled."), code="invalid_transition")
        if member.approval_status != Member.Approval.APPROVED:
            raise Conflict(
                _("Only an approved member can renew. Please contact us about your application."),
                code="not_a_member",
            )
        payment_claim(transaction_id, kind=CLAIM_KIND, object_id=renewal.pk, reference=renewal.reference)
        now = timezone.now()
        today = timezone.localdate(now)
        end = member.membership_end
        lapsed = end is None or standing(end, today) == Standing.LAPSED
        with audit_action("renewal.confirmed"):
            period = period_add(
                member,
                start=today if lapsed else end + timedelta(days=1),
                fee=renewal.fee,
                by=by,
                at=now,
                payment_reference=renewal.reference,
                transaction_id=transaction_id,
                payment_method=method,
            )
            member.membership_type = renewal.membership_type
            member.is_active_member = True
            member.renewed_at = now
            member.approved_at = now
            member.decided_by = by
            member.save()
            renewal.status = Renewal.Status.CONFIRMED
            renewal.transaction_id = transaction_id
            renewal.payment_method = method
            renewal.confirmed_by = by
            renewal.confirmed_at = now
            renewal.period = period
            renewal.save()
        publish(RenewalConfirmed(renewal_id=renewal.pk))
    return renewal
