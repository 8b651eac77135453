from datetime import date, timedelta

from services.events.models import Event
from services.registrations.models import Registration


def make_event(title="Interpreters Conference", *, status=Event.Status.PUBLISHED, days_ahead=30, **fields):
    values = {
        "location": "Kigali Convention Center",
        "date": date.today() + timedelta(days=days_ahead),
        "description": "A day of workshops.",
        **fields,
    }
    return Event.objects.create(title=title, status=status, **values)


def register(event, n, status=Registration.Status.PENDING):
    """n registrations made directly (no e-mails), the event's stored counters brought up to date."""
    from services.registrations.deadlines import event_capacity_recompute

    start = Registration.objects.count()
    made = [
        Registration.objects.create(
            event=event,
            full_name=f"Person {i}",
            email=f"p{i}@example.org",
            phone=f"+2507880{i:05d}",
            preferred_language="English",
            registration_status=status,
            payment_reference=f"T{i:05d}",
        )
        for i in range(start, start + n)
    ]
    event_capacity_recompute(event_id=event.pk)
    return made
