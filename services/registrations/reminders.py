"""Reminders of the event, 7 days and 1 day before its start (EVENT_REMINDERS), to each Approved
registrant: exactly once per registration and kind (docs/registrations.md, Reminders)."""

import logging
import math
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.db.models.functions import Coalesce
from django.utils import timezone

from services.core.once import claim, latest_passed
from services.events.models import Event
from services.notifications.languages import language_code
from services.notifications.services import notification_queue

from .emails import registrant_context
from .invite import invite_attachment
from .models import EventReminder, Registration
from .ticket_mail import sealed_ticket

logger = logging.getLogger(__name__)


def reminder_points(starts_at: datetime, intervals: dict[str, float]) -> list[tuple[str, datetime]]:
    """Each kind's point (the start minus its hours), the earliest first."""
    points = [(kind, starts_at - timedelta(hours=hours)) for kind, hours in intervals.items()]
    return sorted(points, key=lambda point: point[1])


def reminder_due(
    *, starts_at: datetime, now: datetime, intervals: dict[str, float]
) -> tuple[str, datetime] | None:
    """The one reminder an event's registrants may be due now, and its point: the latest point
    passed, while the event has not started. An earlier kind is never due once a later point has
    passed (a beat that was down sends only the latest); who gets it is `reminder_for`'s rule."""
    if now >= starts_at:
        return None
    return latest_passed(reminder_points(starts_at, intervals), now)


def reminder_for(
    *, starts_at: datetime, approved_at: datetime, now: datetime, intervals: dict[str, float]
) -> str | None:
    """The kind of reminder due to one registration approved at `approved_at`, or None: only
    a seat approved before the point gets it (approved later, only the reminders still ahead)."""
    due = reminder_due(starts_at=starts_at, now=now, intervals=intervals)
    if due is None or approved_at >= due[1]:
        return None
    return due[0]


def _events_in_reach(now: datetime, intervals: dict[str, float]):
    """Published events that start within the longest interval (a day each side for the time)."""
    today = timezone.localdate(now)
    days = math.ceil(max(intervals.values()) / 24) + 1
    return Event.objects.filter(
        status=Event.Status.PUBLISHED,
        date__gte=today - timedelta(days=1),
        date__lte=today + timedelta(days=days),
    ).order_by("date", "pk")


def event_reminders_send(*, now: datetime | None = None, batch: int = 500) -> int:
    """The beat's sweep: for each event whose reminder point has passed, the Approved seats
    approved before it that have no reminder of that kind get one. Each in its own transaction
    under the registration's lock: the reminder's row (unique per registration and kind) and its
    e-mail's row are written together or not at all, so a sweep run twice, or two at once, sends
    each once; the e-mail itself goes through the notifications' queue (retries, a worker killed
    mid-send: its sweep). Returns how many reminders were queued."""
    now = now or timezone.now()
    intervals = settings.EVENT_REMINDERS
    if not intervals:
        return 0
    sent = 0
    for event in _events_in_reach(now, intervals):
        due = reminder_due(starts_at=event.starts_at, now=now, intervals=intervals)
        if due is None:
            continue
        kind, point = due
        already = EventReminder.objects.filter(registration=OuterRef("pk"), kind=kind)
        pending = (
            Registration.objects.filter(event=event, registration_status=Registration.Status.APPROVED)
            .annotate(approved_at=Coalesce("decided_at", "registration_date"))
            .filter(approved_at__lt=point)
            .exclude(Exists(already))
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        for registration_id in list(pending[: batch - sent]):
            sent += _remind(registration_id, kind, point, now)
        if sent >= batch:
            break  # the next run takes the rest
    return sent


def _remind(registration_id: int, kind: str, point: datetime, now: datetime) -> int:
    with transaction.atomic():
        registration = (
            Registration.objects.select_related("event")
            .select_for_update(of=("self",))
            .filter(pk=registration_id, registration_status=Registration.Status.APPROVED)
            .annotate(approved_at=Coalesce("decided_at", "registration_date"))
            .first()
        )
        if registration is None or registration.approved_at >= point:
            return 0  # decided again meanwhile
        if not claim(EventReminder, registration=registration, kind=kind, sent_at=now):
            return 0  # another sweep wrote it first: its e-mail is queued
        _queue(registration, kind)
    return 1


def _queue(registration: Registration, kind: str) -> None:
    event = registration.event
    language = language_code(registration.preferred_language)
    map_link = (
        f"https://www.openstreetmap.org/?mlat={event.latitude}&mlon={event.longitude}#map=17/"
        f"{event.latitude}/{event.longitude}"
        if event.latitude is not None
        else ""
    )
    notification_queue(
        template="event_reminder",
        recipient=registration.email,
        language=language,
        context={
            **registrant_context(registration, language=language),
            "registration_id": registration.pk,
            "kind": kind,
            "map_link": map_link,
            "access_info": event.access_info,
            "needs_interpreter": registration.needs_interpreter,
            "disability": "" if registration.disability == "None" else registration.disability,
            "disability_details": registration.disability_details,
            "_attachments": [invite_attachment(registration)],
            "_ticket": sealed_ticket(registration.pk),
        },
    )
