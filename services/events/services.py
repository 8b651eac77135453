from collections import Counter
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from services.audit.recording import audit_action
from services.core.errors import NotFound
from services.outbox.services import publish

from . import images
from .cleaning import clean_event_fields, clean_status
from .domain_events import EventCreated, EventDeleted, EventStatusChanged, EventUpdated
from .models import Event
from .seats import Seats

# What must go with an event, erased under its lock in the deletion's transaction: the modules
# that keep rows about events register here (registrations, from its AppConfig.ready), so that
# events imports none of them. Each hook answers what it erased, by kind.
BeforeDelete = Callable[[Event], dict[str, int]]
_before_delete: list[BeforeDelete] = []


def event_before_delete(hook: BeforeDelete) -> BeforeDelete:
    """Register `hook(event)`, run by event_delete under the event's lock before the row goes."""
    if hook not in _before_delete:
        _before_delete.append(hook)
    return hook


def _not_found() -> NotFound:
    return NotFound(_("Not Found! The event you're looking for doesn't exist."))


def _locked(event_id: int) -> Event:
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise _not_found()
    return event


def event_create(*, data: dict[str, Any], by=None) -> Event:
    fields = clean_event_fields(data, creating=True)
    with transaction.atomic(), audit_action("event.created"):
        event = Event.objects.create(created_by=by, **fields)
        publish(EventCreated(event_id=event.pk, status=event.status))
    return event


def event_update(*, event_id: int, data: dict[str, Any]) -> Event:
    """Only the fields present in `data` change, so a partial client never blanks the rest."""
    with transaction.atomic(), audit_action("event.updated"):
        event = _locked(event_id)
        fields = clean_event_fields(data, creating=False, current=event)
        old_status = event.status
        for name, value in fields.items():
            setattr(event, name, value)
        event.save()
        publish(EventUpdated(event_id=event.pk))
        if event.status != old_status:
            publish(EventStatusChanged(event_id=event.pk, old_status=old_status, new_status=event.status))
    return event


def event_change_status(*, event_id: int, status: Any) -> Event:
    """Any of the four statuses, in any order (SPEC §4)."""
    with transaction.atomic(), audit_action("event.status_changed"):
        event = _locked(event_id)
        new_status = clean_status(status)
        old_status = event.status
        if new_status != old_status:
            event.status = new_status
            event.save(update_fields=["status", "updated_at"])
            publish(EventStatusChanged(event_id=event.pk, old_status=old_status, new_status=new_status))
    return event


def event_delete(*, event_id: int) -> dict[str, int]:
    """The event, and with it what the hooks of `event_before_delete` erase (the registrants and
    waiting list, as one erasure does, their e-mails too). The event's lock keeps sign-ups and the
    worker's seat counts out meanwhile; returns what was erased, by kind. NotFound when the event
    does not exist (any more)."""
    with transaction.atomic(), audit_action("event.deleted"):
        event = _locked(event_id)
        erased: Counter[str] = Counter()
        for hook in _before_delete:
            erased.update(hook(event))
        publish(EventDeleted(event_id=event.pk, title=event.title))
        event_id = event.pk
        event.delete()
        transaction.on_commit(lambda: images.delete_folder(event_id))  # its uploaded picture
    return dict(erased)


def event_counters_store(*, event: Event, seats: Seats) -> bool:
    """Write the seat counters the public pages read (registrations counts them from its rows,
    under the event's lock); True when they had drifted from the rows."""
    values = seats.counters()
    drifted = any(getattr(event, name) != value for name, value in values.items())
    # In plain SQL: a sign-up stores them every time, and the ORM's UPDATE cost more to build.
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(name)} = %s" for name in ["counters_updated_at", *values])
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {quote(Event._meta.db_table)} SET {assignments} WHERE id = %s",  # noqa: S608 (names ours)
            [connection.ops.adapt_datetimefield_value(timezone.now()), *values.values(), event.pk],
        )
    for name, value in values.items():
        setattr(event, name, value)
    return drifted


def events_complete_past() -> int:
    """Published events whose date has passed become Completed (daily beat task; switch:
    EVENTS_AUTO_COMPLETE)."""
    if not settings.EVENTS_AUTO_COMPLETE:
        return 0
    today = timezone.localdate()
    done = 0
    with transaction.atomic(), audit_action("event.status_changed"):  # one insert for them all
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
