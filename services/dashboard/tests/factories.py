"""A small hand-made association, with dates relative to today, and bulk rows for query counts."""

from datetime import date, datetime, time, timedelta

from django.utils import timezone

from services.events.models import Event
from services.events.tests.factories import make_event
from services.members.models import Member, MembershipPeriod
from services.members.standing import period_end
from services.members.tests.helpers import make_member
from services.registrations.models import CheckIn, Registration, ScanAttempt
from services.registrations.tickets import new_ticket


def moment(days_ago: int, hour: int = 10) -> datetime:
    return timezone.make_aware(datetime.combine(timezone.localdate() - timedelta(days=days_ago), time(hour)))


def day(days_ago: int) -> date:
    return timezone.localdate() - timedelta(days=days_ago)


def period(member: Member, start: date) -> MembershipPeriod:
    """A yearly membership period of the member from `start` (the growth report counts these)."""
    return MembershipPeriod.objects.create(member=member, start=start, end=period_end(start, 12))


def attend(event: Event, email: str, status=Registration.Status.APPROVED, **fields) -> Registration:
    n = Registration.objects.count()
    return Registration.objects.create(
        event=event,
        full_name=fields.pop("full_name", email.split("@")[0].title()),
        email=email,
        phone=f"+25078{n:07d}",
        preferred_language="English",
        registration_status=status,
        payment_reference=f"R{n:05d}",
        **fields,
    )


def check_in(registration: Registration, *, device: str = "door-a", attempt: bool = True) -> CheckIn:
    """The registration's ticket scanned at the door, as a sync records it: its check-in and the
    scan kept as an attempt (attempt=False: the check-in only)."""
    ticket = new_ticket(registration.pk)
    ticket.save()
    nonce = f"n-{registration.pk}"
    if attempt:
        ScanAttempt.objects.create(
            event_id=registration.event_id, ticket=ticket, nonce=nonce, device=device, result="checked_in"
        )
    return CheckIn.objects.create(ticket=ticket, scanned_at=timezone.now(), device=device, nonce=nonce)


def backdate(row, **instants) -> None:
    """Sets auto_now_add fields (created_at, registration_date) too."""
    type(row).objects.filter(pk=row.pk).update(**instants)


def association(staff):
    """Five members, two held events with registrations, and events that do not count."""
    aline = make_member(
        1,
        full_name="Aline Uwase",
        email="aline@example.org",
        approval_status="Approved",
        is_active_member=True,
        joined_at=moment(40),
        approved_at=moment(40),
        decided_by=staff,
    )
    bosco = make_member(
        2,
        full_name="Bosco Habimana",
        email="Bosco@Example.org",
        approval_status="Approved",
        is_active_member=False,
        joined_at=moment(400),
        approved_at=moment(400),
    )
    claire = make_member(3, full_name="Claire Ingabire", email="claire@example.org")
    dan = make_member(
        4,
        full_name="Dan Mugisha",
        email="dan@example.org",
        approval_status="Rejected",
        rejected_at=moment(5),
        decided_by=staff,
    )
    eve = make_member(
        5,
        full_name="Eve Umutoni",
        email="eve@example.org",
        approval_status="Approved",
        is_active_member=True,
        joined_at=moment(500),
        renewed_at=moment(20),
        approved_at=moment(20),
        decided_by=staff,
    )
    for member, days_ago in ((aline, 45), (bosco, 410), (claire, 2), (dan, 8), (eve, 510)):
        backdate(member, created_at=moment(days_ago, 9))
    # Their years: Aline joined this year; Bosco's year ended about 35 days ago and he did not
    # renew (lapsed); Eve's first year ended about 136 days ago and she renewed in time.
    period(aline, day(40))
    period(bosco, day(400))
    eve_first = period(eve, day(500))
    period(eve, eve_first.end + timedelta(days=1))

    workshop = make_event("Past Workshop", status=Event.Status.COMPLETED, date=day(10))
    attend(workshop, "ALINE@example.org")  # a member, whatever the capitals
    attend(workshop, "bosco@example.org")  # approved though inactive: still a member
    attend(workshop, "visitor@example.org", decided_by=staff, decided_at=moment(11))
    attend(workshop, "claire@example.org", Registration.Status.PENDING)  # not an attendee
    attend(workshop, "late@example.org", Registration.Status.REJECTED, decided_by=staff, decided_at=moment(3))
    conference = make_event("Old Conference", status=Event.Status.COMPLETED, date=day(200))
    attend(conference, "dan@example.org")  # rejected: not a member
    attend(conference, "eve@example.org")
    draft = make_event("Draft Meeting", status=Event.Status.DRAFT, date=day(5))
    attend(draft, "aline@example.org")
    make_event("Cancelled Fair", status=Event.Status.CANCELLED, date=day(6))
    make_event("Future Gala", status=Event.Status.PUBLISHED, days_ahead=30)
    for registration in Registration.objects.all():
        backdate(registration, registration_date=moment(12, 8))
    return {
        "aline": aline,
        "bosco": bosco,
        "claire": claire,
        "dan": dan,
        "eve": eve,
        "workshop": workshop,
        "conference": conference,
    }


def bulk(n: int) -> None:
    """n events of every status (the Published ones upcoming, the others in the past 300 days),
    n registrations and n members."""
    today = timezone.localdate()
    statuses = [Event.Status.PUBLISHED, Event.Status.COMPLETED, Event.Status.DRAFT, Event.Status.CANCELLED]
    events = Event.objects.bulk_create(
        Event(
            title=f"Bulk event {i}",
            location="Kigali",
            date=today + timedelta(days=1 + i % 200 if i % 4 == 0 else -(i % 300)),
            status=statuses[i % 4],
        )
        for i in range(n)
    )
    Registration.objects.bulk_create(
        Registration(
            event=events[i % len(events)],
            full_name=f"Bulk person {i}",
            email=f"bulk{i}@example.org",
            phone=f"+25079{i:07d}",
            preferred_language="English",
            registration_status=Registration.Status.values[i % 3],
            payment_reference=f"B{i:06d}",
            decided_at=timezone.now() if i % 3 else None,
        )
        for i in range(n)
    )
    Member.objects.bulk_create(
        Member(
            full_name=f"Bulk member {i}",
            email=f"bulk{i}@example.org",
            phone=f"+25077{i:07d}",
            date_of_birth="1985-01-01",
            gender="Female",
            nationality="Rwandan",
            address="Kigali",
            membership_type="Individual",
            payment_method="Mobile Money",
            approval_status=Member.Approval.values[i % 3],
            is_active_member=bool(i % 2),
            joined_at=timezone.now() - timedelta(days=i % 700),
            renewed_at=timezone.now() - timedelta(days=i % 90) if i % 5 == 0 else None,
        )
        for i in range(n)
    )
    # Each member a period, one in three a renewal after it (some in time, some not).
    members = list(Member.objects.filter(full_name__startswith="Bulk member").order_by("pk"))
    periods = []
    for i, member in enumerate(members):
        start = today - timedelta(days=i % 700)
        periods.append(MembershipPeriod(member=member, start=start, end=period_end(start, 12)))
        if i % 3 == 0:
            again = periods[-1].end + timedelta(days=1 + i % 60)
            periods.append(MembershipPeriod(member=member, start=again, end=period_end(again, 12)))
    MembershipPeriod.objects.bulk_create(periods)
