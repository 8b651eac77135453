"""Demo registrations for `manage.py seed_demo`: the payment desk and the capacity bar have
content at once. Made only for an event without any, so staff changes are never undone."""

from django.utils import timezone

from services.events.models import Event

from .capacity import count_seats, store_counters
from .models import Registration
from .services import new_payment_reference

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
                transaction_id=f"MP2611{number:04d}" if status != "Pending" else "",
                payment_method="Mobile Money" if status != "Pending" else "",
                decided_at=now if status != "Pending" else None,
            )
            made += 1
    store_counters(event, count_seats(event))
    return made
