"""CPD hours for attending an event (docs/members.md, CPD hours and certificates): once an event
with CPD hours is Completed, each person checked in at it who is an approved member (their
registration's e-mail is the member's, any capitals) is credited the event's hours, once. Above
registrations (check-ins) and members (the record): neither knows the other.

Run by the outbox handler of the event's change to Completed, and by an hourly sweep over the
recent Completed events, so that a lost message is made good from the rows; the credit's unique
key (member, event) makes every run after the first a no-op."""

from datetime import timedelta

from django.conf import settings
from django.db.models.functions import Lower
from django.utils import timezone

from services.events.models import Event
from services.members.cpd import cpd_event_credits_grant
from services.members.models import Member
from services.registrations.models import CheckIn


def checked_in_members(event_id: int) -> list[int]:
    """The approved members checked in at the event: two queries whatever their number (the
    member's e-mail is found on its lower-case unique index)."""
    emails = set(
        CheckIn.objects.filter(ticket__registration__event_id=event_id)
        .annotate(lowered=Lower("ticket__registration__email"))
        .values_list("lowered", flat=True)
    )
    if not emails:
        return []
    return list(
        Member.objects.annotate(lowered=Lower("email"))
        .filter(lowered__in=emails, approval_status=Member.Approval.APPROVED)
        .values_list("pk", flat=True)
    )


def event_cpd_credit(event_id: int) -> list[int]:
    """Credit the event's checked-in members, if it is Completed and carries CPD hours now;
    answers the credits this run wrote (none when another run had)."""
    event = (
        Event.objects.filter(pk=event_id)
        .only("pk", "title", "date", "status", "cpd_hours", "cpd_category")
        .first()
    )
    if (
        event is None
        or event.status != Event.Status.COMPLETED
        or not event.cpd_hours
        or not event.cpd_category
    ):
        return []
    return cpd_event_credits_grant(
        event_id=event.pk,
        title=event.title,
        day=event.date,
        hours=event.cpd_hours,
        category=event.cpd_category,
        member_ids=checked_in_members(event.pk),
    )


def cpd_sweep(*, days: int | None = None) -> int:
    """The events Completed within the last CPD_SWEEP_DAYS days (by their date) with CPD hours,
    credited again: what their handler may have missed. Answers the credits written."""
    days = settings.CPD_SWEEP_DAYS if days is None else days
    since = timezone.localdate() - timedelta(days=days)
    events = Event.objects.filter(
        status=Event.Status.COMPLETED, date__gte=since, cpd_hours__gt=0
    ).values_list("pk", flat=True)
    return sum(len(event_cpd_credit(event_id)) for event_id in events)
