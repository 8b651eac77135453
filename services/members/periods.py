"""Membership periods: the only writer of MembershipPeriod and of the member's `membership_end`
(the latest period's last day, kept beside the member so that lists filter and sort on it)."""

from datetime import date, datetime
from decimal import Decimal

from django.conf import settings
from django.utils import timezone

from services.core.payments import payment_claim_quietly

from .models import Member, MembershipPeriod
from .standing import period_end


def membership_fee(membership_type: str) -> Decimal | None:
    """The yearly fee of the type as configured (MEMBERSHIP_FEES); None when none is set."""
    fee = settings.MEMBERSHIP_FEES.get(membership_type)
    return None if fee is None else Decimal(fee)


def period_add(
    member: Member,
    *,
    start: date,
    fee: Decimal | None,
    by=None,
    at: datetime | None = None,
    payment_reference: str = "",
    transaction_id: str = "",
    payment_method: str = "",
) -> MembershipPeriod:
    """A period of MEMBERSHIP_PERIOD_MONTHS from `start`, and the member's end date moved to its
    last day. The member row is locked by the caller, which saves it in the same transaction."""
    period = MembershipPeriod.objects.create(
        member=member,
        start=start,
        end=period_end(start, settings.MEMBERSHIP_PERIOD_MONTHS),
        fee=fee,
        payment_reference=payment_reference,
        transaction_id=transaction_id,
        payment_method=payment_method,
        confirmed_by=by,
        confirmed_at=at or timezone.now(),
    )
    if member.membership_end is None or period.end > member.membership_end:
        member.membership_end = period.end
    return period


def approval_period(member: Member, *, by, now: datetime) -> MembershipPeriod | None:
    """An approval's period, from the day of approval: none when a period of theirs still runs
    today (approved, rejected by mistake, approved again: still the same year). An approval after
    their last period ended starts a new one."""
    today = timezone.localdate(now)
    if member.membership_end is not None and member.membership_end >= today:
        return None
    period = period_add(
        member,
        start=today,
        fee=membership_fee(member.membership_type),
        by=by,
        at=now,
        transaction_id=member.transaction_id,
        payment_method=member.payment_method,
    )
    # Staff typed it on the member (the public form takes none): the desk refuses it for another
    # payment from now on, as it does the periods' ids claimed when the claims began.
    payment_claim_quietly(
        member.transaction_id,
        kind="period",
        object_id=period.pk,
        reference=member.membership_number or "",
    )
    return period
