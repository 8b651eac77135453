from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from services.outbox.services import publish
from services.registrations.erasure import event_registrants_erase

from . import images
from .cleaning import clean_event_fields, clean_status
from .domain_events import EventCreated, EventDeleted, EventStatusChanged, EventUpdated
from .models import Event


def event_create(*, data: dict[str, Any], by=None) -> Event:
    fields = clean_event_fields(data, creating=True)
    with transaction.atomic():
        event = Event.objects.create(created_by=by, **fields)
        publish(EventCreated(event_id=event.pk, status=event.status))
    return event


def event_update(*, event: Event, data: dict[str, Any]) -> Event:
    """Only the fields present in `data` change, so a partial client never blanks the rest."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        fields = clean_event_fields(data, creating=False, current=event)
        old_status = event.status
        for name, value in fields.items():
            setattr(event, name, value)
        event.save()
        publish(EventUpdated(event_id=event.pk))
        if event.status != old_status:
            publish(EventStatusChanged(event_id=event.pk, old_status=old_status, new_status=event.status))
    return event


def event_change_status(*, event: Event, status: Any) -> Event:
    """Any of the four statuses, in any order (SPEC §4)."""
    new_status = clean_status(status)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        old_status = event.status
        if new_status != old_status:
            event.status = new_status
            event.save(update_fields=["status", "updated_at"])
            publish(EventStatusChanged(event_id=event.pk, old_status=old_status, new_status=new_status))
    return event


def event_delete(*, event: Event) -> dict[str, int]:
    """The event, and with it its registrants and waiting list, erased as one erasure does
    (their e-mails too). The event's lock keeps sign-ups and the worker's seat counts out
    meanwhile; returns what was erased."""
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event.pk).first()
        if event is None:
            return {"registrations": 0, "waitlist_entries": 0, "emails": 0}
        erased = event_registrants_erase(event=event)
        publish(EventDeleted(event_id=event.pk, title=event.title))
        event_id = event.pk
        event.delete()
        transaction.on_commit(lambda: images.delete_folder(event_id))  # its uploaded picture
    return erased


def events_complete_past() -> int:
    """Published events whose date has passed become Completed (daily beat task; switch:
    EVENTS_AUTO_COMPLETE)."""
    if not settings.EVENTS_AUTO_COMPLETE:
        return 0
    today = timezone.localdate()
    done = 0
    with transaction.atomic():
        past = Event.objects.select_for_update().filter(status=Event.Status.PUBLISHED, date__lt=today)
        for event in past:
            event.status = Event.Status.COMPLETED
            event.save(update_fields=["status", "updated_at"])
            publish(
                EventStatusChanged(
                    event_id=event.pk, old_status=Event.Status.PUBLISHED, new_status=Event.Status.COMPLETED
                )
            )
            done += 1
    return done
