"""The audit trail of events (issue 25): each staff action on an event is one entry, named, with
who, from where and what changed, found through the staff activity list."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test import TestCase
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from services.audit.context import acting_as
from services.audit.models import Entry
from services.events.models import Event
from services.events.services import events_complete_past

from .factories import make_event
from .test_images import picture, upload_file

pytestmark = pytest.mark.django_db

ACTIVITY = "/api/management/activity/"
EVENTS = "/api/management/events/"
STAFF_IP = "10.20.30.40"
NEW = {"title": "Deaf Awareness Week", "date": "2027-03-10", "location": "Kigali", "status": "Draft"}


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def desk(staff_client, staff):
    staff.first_name, staff.last_name = "Grace", "Uwase"
    staff.save()
    staff_client.defaults["REMOTE_ADDR"] = STAFF_IP
    return staff_client


def staff_actor(staff) -> dict:
    return {"id": staff.pk, "username": staff.username, "name": "Grace Uwase"}


def history(desk, event_id: int) -> list[dict]:
    return desk.get(ACTIVITY, {"object_type": "event", "object_id": event_id}).json()["results"]


def found(desk, event_id: int, action: str) -> dict:
    entries = [entry for entry in history(desk, event_id) if entry["action"] == action]
    assert len(entries) == 1, [entry["action"] for entry in history(desk, event_id)]
    return entries[0]


def audit_inserts(queries) -> list[str]:
    return [
        q["sql"]
        for q in queries
        if q["sql"].lstrip().upper().startswith("INSERT") and "audit_entry" in q["sql"]
    ]


def test_creating_an_event(desk, staff):
    with CaptureQueriesContext(connection) as queries:
        response = desk.post(EVENTS, NEW, content_type="application/json")
    assert response.status_code == 201
    assert len(audit_inserts(queries.captured_queries)) == 1

    entry = found(desk, response.json()["id"], "event.created")
    assert entry["actor"] == staff_actor(staff) and entry["client_ip"] == STAFF_IP
    assert entry["object_label"] == "Deaf Awareness Week"
    assert entry["changes"]["title"] == {"before": None, "after": "Deaf Awareness Week"}
    assert entry["changes"]["status"] == {"before": None, "after": "Draft"}
    assert not any(name.startswith("registrations_") for name in entry["changes"])  # counters left out


def test_updating_an_event(desk, staff):
    event = make_event(location="Kigali", price=0)
    response = desk.put(
        f"{EVENTS}{event.pk}/", {"location": "Huye", "price": 5000}, content_type="application/json"
    )
    assert response.status_code == 200

    entry = found(desk, event.pk, "event.updated")
    assert entry["actor"] == staff_actor(staff) and entry["client_ip"] == STAFF_IP
    assert entry["changes"]["location"] == {"before": "Kigali", "after": "Huye"}
    assert entry["changes"]["price"] == {"before": "0.00", "after": "5000.00"}


def test_changing_the_status(desk, staff):
    event = make_event(status=Event.Status.DRAFT)
    response = desk.post(
        f"{EVENTS}{event.pk}/change-status/", {"status": "Published"}, content_type="application/json"
    )
    assert response.status_code == 200

    entry = found(desk, event.pk, "event.status_changed")
    assert entry["actor"] == staff_actor(staff) and entry["client_ip"] == STAFF_IP
    assert entry["changes"] == {"status": {"before": "Draft", "after": "Published"}}


def test_deleting_an_event(desk, staff):
    event = make_event(title="Sign Language Day")
    with CaptureQueriesContext(connection) as queries:
        assert desk.delete(f"{EVENTS}{event.pk}/").status_code == 200
    assert len(audit_inserts(queries.captured_queries)) == 1

    entry = found(desk, event.pk, "event.deleted")
    assert entry["actor"] == staff_actor(staff) and entry["client_ip"] == STAFF_IP
    assert entry["object_label"] == "Sign Language Day"
    assert entry["changes"]["title"] == {"before": "Sign Language Day", "after": None}


def test_uploading_replacing_and_removing_the_picture(desk, staff):
    event = make_event()
    url = f"{EVENTS}{event.pk}/image/"
    with TestCase.captureOnCommitCallbacks(execute=True):
        first = desk.post(url, {"image_alt": "Interpreters on stage", "image": upload_file(picture())})
    assert first.status_code == 200, first.content
    widest = first.json()["image"]["variants"][-1]["url"].rsplit("/", 1)[1]

    uploaded = found(desk, event.pk, "event.image_changed")
    assert uploaded["actor"] == staff_actor(staff) and uploaded["client_ip"] == STAFF_IP
    assert uploaded["changes"] == {
        "image": {"before": None, "after": widest},
        "image_alt": {"before": "", "after": "Interpreters on stage"},
    }

    with TestCase.captureOnCommitCallbacks(execute=True), CaptureQueriesContext(connection) as queries:
        second = desk.post(
            url, {"image_alt": "Interpreters on stage", "image": upload_file(picture(color=(10, 200, 10)))}
        )
    assert second.status_code == 200
    assert len(audit_inserts(queries.captured_queries)) == 1
    replaced = history(desk, event.pk)[0]
    assert replaced["action"] == "event.image_changed"
    assert list(replaced["changes"]) == ["image"]  # the same description: only the file changed
    assert replaced["changes"]["image"]["before"] == widest
    assert replaced["changes"]["image"]["after"] not in (None, widest)

    with TestCase.captureOnCommitCallbacks(execute=True):
        assert desk.delete(url).status_code == 200
    removed = history(desk, event.pk)[0]
    assert removed["action"] == "event.image_changed" and removed["actor"] == staff_actor(staff)
    assert removed["changes"]["image"]["after"] is None
    assert removed["changes"]["image_alt"] == {"before": "Interpreters on stage", "after": ""}


def test_the_nightly_completion_is_the_schedules_in_one_insert(desk, settings):
    settings.EVENTS_AUTO_COMPLETE = True
    past = [make_event(f"Past {i}", date=timezone.localdate() - timedelta(days=1 + i)) for i in range(3)]
    with acting_as(Entry.ActorKind.SCHEDULE), CaptureQueriesContext(connection) as queries:
        assert events_complete_past() == 3
    assert len(audit_inserts(queries.captured_queries)) == 1

    for event in past:
        entry = found(desk, event.pk, "event.status_changed")
        assert entry["actor"] == "schedule" and entry["client_ip"] is None
        assert entry["changes"] == {"status": {"before": "Published", "after": "Completed"}}
