"""What every e-mail about a registrant shows."""

from typing import Any

from django.conf import settings
from django.utils import timezone, translation

from .models import Registration
from .payment import is_free, payment_details


def registrant_context(registration: Registration, *, language: str) -> dict[str, Any]:
    """What every e-mail about a registrant shows: the event, the amount and the reference, the
    payment texts in the e-mail's language (the worker has no visitor's language of its own)."""
    event = registration.event
    due = registration.payment_due_at
    with translation.override(language):
        payment = payment_details(event, registration.payment_reference or "")
    return {
        "name": registration.full_name,
        "event_title": event.title,
        "event_date": event.date.isoformat(),
        "event_time": event.time.strftime("%H:%M") if event.time else "",
        "event_location": event.location,
        "event_link": f"{settings.FRONTEND_URL}/event/{event.pk}",
        "free": is_free(event),
        "reference": registration.payment_reference or "",
        # ISO text, as a notification's context is JSON; the templates format it per language.
        "pay_by": timezone.localtime(due).strftime("%Y-%m-%d %H:%M")
        if (due := registration.payment_due_at)
        else "",
        **payment,
    }
