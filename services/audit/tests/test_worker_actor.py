"""What a real worker process changes is the schedule's or the worker's, never a request's."""

import pytest

from conftest import wait_for
from services.audit.models import Entry
from services.events.models import Event
from services.events.tests.factories import make_event

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_a_scheduled_task_records_as_the_schedule(celery_worker):
    from services.events.tasks import complete_past

    event = make_event("Last year's assembly", days_ahead=-3)
    complete_past.delay()

    completed = Entry.objects.filter(object_type="event", object_id=event.pk, verb="event.status_changed")
    wait_for(
        completed.exists,
        timeout=30,
        what="the worker to complete the past event",
    )
    entry = completed.get()
    assert (entry.actor_kind, entry.actor, entry.remote_addr) == ("schedule", None, None)
    assert entry.changes["status"] == [Event.Status.PUBLISHED, Event.Status.COMPLETED]
