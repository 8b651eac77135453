"""Demo registrations for `manage.py seed_demo`: the payment desk and the capacity bar have
content at once. Made only for an event without any, so staff changes are never undone."""

from datetime import datetime, time, timedelta

from django.utils import timezone

from services.events.models import Event
from services.events.services import event_counters_store

from .capacity import count_seats
from .models import CheckIn, Registration, ScanAttempt
from .payment import is_free
from .signup import new_payment_reference, payment_due_at
from .tickets import tickets_issue_missing

# (name, status, needs an interpreter, disability); sample people, replaced by real sign-ups.
_PEOPLE = [
    ("Aline Uwase", "Approved", True, "Hearing Impairment"),
    ("Jean-Paul Habimana", "Approved", False, "None"),
    ("Claudine Mukamana", "Pending", True, "Hearing Impairment"),
    ("Eric Nshimiyimana", "Approved", False, "None"),
    ("Grace Ingabire", "Pending", False, "Visual Impairment"),
    ("Patrick Niyonzima", "Approved", True, "Hearing Impairment"),
    ("Solange Umutoni", "Pending", False, "None"),
    ("Théogène Bizimana", "Approved", False, "Mobility Impairment"),
    ("Diane Uwimana", "Approved", True, "Hearing Impairment"),
    ("Olivier Mugisha", "Pending", False, "None"),
    ("Chantal Nyirahabimana", "Approved", False, "None"),
    ("Emmanuel Ndayisaba", "Rejected", False, "None"),
]


def seed_registrations() -> int:
    """A nearly full workshop: 20 of 25 seats held, so the page warns 'Only 5 spots remaining'."""
    event = Event.objects.filter(title="Legal Interpreting Workshop").first()
    if event is None or event.registrations.exists():
        return 0
    made = 0
    now = timezone.now()
    for round_number in range(2):
        for index, (name, status, interpreter, disability) in enumerate(_PEOPLE):
            number = round_number * len(_PEOPLE) + index
            if made >= 21:  # 20 holding seats plus the rejected one
                break
            first, _, last = name.partition(" ")
            label = name if round_number == 0 else f"{first} {last} ({round_number + 1})"
            slug = name.lower().replace(" ", ".").replace("é", "e")
            Registration.objects.create(
                event=event,
                full_name=label,
                email=f"{slug}{round_number or ''}@example.org",
                phone=f"+25078{8000000 + number:07d}",
                preferred_language="Kinyarwanda" if number % 3 else "English",
                needs_interpreter=interpreter,
                disability=disability,
                registration_status=status,
                payment_reference=new_payment_reference(),
                transaction_id=f"MP2611{number:04d}" if status == "Approved" else "",
                payment_method="Mobile Money" if status == "Approved" else "",
                decided_at=now if status != "Pending" else None,
                # Sample people who opened the link of their first e-mail: their seats are held.
                email_confirmed_at=now,
                payment_due_at=payment_due_at(event, now) if status == "Pending" else None,
            )
            made += 1
    # Two sign-ups that ended without a staff decision or were called off: what staff see apart.
    for number, (name, status, reason) in enumerate(_ENDED, start=made):
        slug = name.lower().replace(" ", ".")
        Registration.objects.create(
            event=event,
            full_name=name,
            email=f"{slug}@example.org",
            phone=f"+25078{8000000 + number:07d}",
            preferred_language="English",
            registration_status=status,
            ended_reason=reason,
            payment_reference=new_payment_reference(),
            decided_at=now,
            email_confirmed_at=now if status == "Cancelled" else None,
        )
        made += 1
    event_counters_store(event=event, seats=count_seats(event))
    tickets_issue_missing()
    return made


# (name, status, why it ended)
_ENDED = [
    ("Janvier Hakizimana", "Expired", Registration.EndedReason.UNCONFIRMED),
    ("Vestine Mukandayisenga", "Cancelled", ""),
]


# Who came to the past demo events (services/events/demo.py), for the attendance report. The
# members' addresses are those of approved demo members (services/members/demo.py), written in
# other capitals at times: the report matches them without case. Eric has only applied, so he
# counts as a non-member.
_MEMBERS = {
    "aline": ("Aline Uwase", "aline.uwase@example.org"),
    "aline_caps": ("Aline Uwase", "Aline.Uwase@Example.org"),
    "jeanpaul": ("Jean-Paul Habimana", "jeanpaul.habimana@example.org"),
    "claudine": ("Claudine Mukamana", "claudine.mukamana@example.org"),
    "jeanne": ("Jeanne Mukeshimana", "jeanne.mukeshimana@example.org"),
    "innocent": ("Innocent Habyarimana", "innocent.habyarimana@example.org"),
    "vestine": ("Vestine Uwamahoro", "vestine.uwamahoro@example.org"),
    "alphonse": ("Alphonse Nkurunziza", "alphonse.nkurunziza@example.org"),
    "beatrice": ("Beatrice Nyiransabimana", "beatrice.nyiransabimana@example.org"),
    "sandrine": ("Sandrine Mutoni", "sandrine.mutoni@example.org"),
    "hope": ("Hope Iradukunda", "hope.iradukunda@example.org"),
    "kevin": ("Kevin Manzi", "kevin.manzi@example.org"),
}
_VISITORS = [
    "Samuel Kwizera",
    "Divine Uwineza",
    "Patrick Mugabo",
    "Esther Nyirahabineza",
    "Jean Claude Bizimungu",
    "Clarisse Ingabire",
    "Eric Nshimiyimana",
]
# title: (members who came, how many visitors came, one refused registration)
_ATTENDANCE = {
    "Medical Interpreting Masterclass": (["aline", "jeanpaul", "jeanne", "kevin", "hope", "sandrine"], 3),
    "Annual General Meeting 2026": (
        [
            "aline",
            "jeanpaul",
            "claudine",
            "jeanne",
            "innocent",
            "vestine",
            "alphonse",
            "beatrice",
            "sandrine",
            "hope",
        ],
        2,
    ),
    "Deaf Culture and History Seminar": (["innocent", "vestine", "alphonse", "jeanne"], 5),
    "Interpreters Networking Evening": (["beatrice", "alphonse", "innocent", "jeanpaul", "aline_caps"], 2),
}


def seed_attendance(*, by=None) -> int:
    """Approved registrations (decided by `by`) for the past demo events, and one refused each;
    made only for an event without any, so staff changes are never undone."""
    made = 0
    base = Registration.objects.count()
    for offset, (title, (members, visitors)) in enumerate(_ATTENDANCE.items()):
        event = Event.objects.filter(title=title).first()
        if event is None or event.registrations.exists():
            continue
        free = is_free(event)
        people = [(*_MEMBERS[key], Registration.Status.APPROVED) for key in members]
        people += [
            (name, name.lower().replace(" ", ".") + "@example.org", Registration.Status.APPROVED)
            for name in _VISITORS[offset : offset + visitors]
        ]
        people.append(
            ("Fidele Hakizimana", f"fidele.hakizimana{offset}@example.org", Registration.Status.REJECTED)
        )
        signed_up = timezone.make_aware(datetime.combine(event.date - timedelta(days=10), time(11)))
        for index, (name, email, status) in enumerate(people):
            number = base + made
            registration = Registration.objects.create(
                event=event,
                full_name=name,
                email=email,
                phone=f"+25078{8100000 + number:07d}",
                preferred_language="Kinyarwanda" if index % 3 else "English",
                needs_interpreter=index % 4 == 0,
                registration_status=status,
                # A free event's seats have no reference and no payment.
                payment_reference=None if free else new_payment_reference(),
                transaction_id="" if free else f"MP{event.date:%y%m}{number:04d}",
                payment_method="" if free else ("Mobile Money" if index % 2 else "Bank Transfer"),
                decided_by=by,
                decided_at=signed_up + timedelta(days=2, hours=index),
            )
            # The sign-up's own date (registration_date is set on save).
            Registration.objects.filter(pk=registration.pk).update(
                registration_date=signed_up + timedelta(hours=index)
            )
            made += 1
        event_counters_store(event=event, seats=count_seats(event))
    tickets_issue_missing()
    _seed_door()
    return made


# The most recent past demo event was checked in at its door (the other three were held before
# check-in: the report counts their confirmed seats). Two confirmed people did not come.
_DOOR_EVENT = "Medical Interpreting Masterclass"
_DID_NOT_COME = ("kevin.manzi@example.org", "divine.uwineza@example.org")


def _seed_door() -> None:
    event = Event.objects.filter(title=_DOOR_EVENT).first()
    if event is None or ScanAttempt.objects.filter(event=event).exists():
        return
    starts = timezone.make_aware(datetime.combine(event.date, event.time or time(9)))
    doors_open = starts - timedelta(minutes=30)
    came = (
        Registration.objects.filter(event=event, registration_status=Registration.Status.APPROVED)
        .exclude(email__in=_DID_NOT_COME)
        .select_related("ticket")
        .order_by("pk")
    )
    check_ins, attempts = [], []
    for index, registration in enumerate(came):
        ticket = getattr(registration, "ticket", None)
        if ticket is None:
            continue
        at = doors_open + timedelta(minutes=2 * index)
        device, nonce = f"door-{'ab'[index % 2]}", f"demo-{ticket.pk}"
        check_ins.append(CheckIn(ticket=ticket, scanned_at=at, device=device, nonce=nonce))
        attempts.append(
            ScanAttempt(
                event=event,
                ticket=ticket,
                nonce=nonce,
                scanned_at=at,
                device=device,
                result=ScanAttempt.Result.CHECKED_IN,
                checked_in_at=at,
                checked_in_device=device,
            )
        )
    CheckIn.objects.bulk_create(check_ins, ignore_conflicts=True)
    ScanAttempt.objects.bulk_create(attempts, ignore_conflicts=True)
