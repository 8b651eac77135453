"""The calendar invite (.ics) attached to a confirmed seat, built with `icalendar`."""

from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

from django.conf import settings
from icalendar import Calendar
from icalendar import Event as CalendarEvent

from .models import Registration


def event_uid(registration: Registration) -> str:
    """Stable: the same registration always gives the same UID, so a second invite updates the
    first in the registrant's calendar instead of adding a copy. It names the site's host
    (FRONTEND_URL, required in production), so two sites' invites never collide."""
    domain = urlsplit(settings.FRONTEND_URL).hostname
    return f"registration-{registration.pk}-event-{registration.event_id}@{domain}"


def registration_invite(registration: Registration) -> str:
    event = registration.event
    link = f"{settings.FRONTEND_URL}/event/{event.pk}"
    calendar = Calendar()
    calendar.add("prodid", f"-//{settings.ASSOCIATION['short_name']}//Event registrations//EN")
    calendar.add("version", "2.0")
    calendar.add("method", "PUBLISH")
    entry = CalendarEvent()
    entry.add("uid", event_uid(registration))
    entry.add("dtstamp", datetime.now(UTC))
    entry.add("summary", event.title)
    entry.add("location", event.location)
    entry.add("url", link)
    reference = f"\nReference: {registration.payment_reference}" if registration.payment_reference else ""
    entry.add("description", f"{event.subtitle or event.title}\n{link}{reference}")  # no reference: free
    if event.time is None:  # a whole-day event
        entry.add("dtstart", event.date)
        entry.add("dtend", event.date + timedelta(days=1))
    else:
        # Universal time: every calendar reads it without a VTIMEZONE block.
        entry.add("dtstart", event.starts_at.astimezone(UTC))
        entry.add("dtend", event.ends_at.astimezone(UTC))
    calendar.add_component(entry)
    return calendar.to_ical().decode()


def invite_attachment(registration: Registration) -> dict:
    """The invite as an e-mail stores it (services.notifications renders the attachments)."""
    content = registration_invite(registration)
    return {"filename": "invite.ics", "content": content, "mimetype": "text/calendar"}
