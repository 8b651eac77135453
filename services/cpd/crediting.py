"""CPD hours for attending an event (docs/members.md, CPD hours and certificates): once an event
with CPD hours is Completed, each person checked in at it who is an approved member (their
registration's e-mail is the member's, any capitals, or it gave the member's membership number
and name) is credited the event's hours, once. Above registrations (check-ins) and members (the
record): neither knows the other.

Run by the outbox handler of the event's change to Completed, and by an hourly sweep over the
recent Completed events, so that a lost message is made good from the rows; the credit's unique
key (member, event) makes every run after the first a no-op."""

from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone

from services.events.models import Event
from services.members.cpd import cpd_event_credits_grant
from services.members.models import Member
from services.registrations.models import CheckIn


def _same_name(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def checked_in_members(event_id: int) -> list[int]:
    """The approved members checked in at the event: two queries whatever their number. A member
    is found by the registration's e-mail (any capitals), or by the membership number given when
    registering, if the registration's name is the member's too (a number mistyped by one digit
    credits nobody else)."""
    rows = list(
        CheckIn.objects.filter(ticket__registration__event_id=event_id)
        .annotate(lowered=Lower("ticket__registration__email"))
        .values_list("lowered", "ticket__registration__membership_number", "ticket__registration__full_name")
    )
    if not rows:
        return []
    emails = {email for email, _number, _name in rows}
    names_by_number = {number: name for _email, number, name in rows if number}
    members = (
        Member.objects.annotate(lowered=Lower("email"))
        .filter(Q(lowered__in=emails) | Q(membership_number__in=names_by_number))
        .filter(approval_status=Member.Approval.APPROVED)
        .values_list("pk", "lowered", "membership_number", "full_name")
    )
    return [
        pk
        for pk, email, number, name in members
        if email in emails or (number in names_by_number and _same_name(names_by_number[number], name))
    ]


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
