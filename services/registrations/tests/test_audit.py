"""The audit trail of registrations and the waiting list (issue 25): every staff decision, every
visitor's own action, what the clock does, every opening of a person's data and every erasure is
found through the staff activity list with who, from where and what changed."""

import csv
import io
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from services.audit.context import acting_as
from services.audit.erasure import ERASED
from services.audit.models import Entry
from services.events.tests.factories import make_event
from services.notifications.models import Notification
from services.registrations import deadlines, erasure
from services.registrations.models import Registration, WaitlistEntry

from .helpers import VALID, deliver_all, link_token, person

pytestmark = pytest.mark.django_db

ACTIVITY = "/api/management/activity/"
STAFF_IP = "10.20.30.40"
VISITOR_IP = "41.186.7.8"


@pytest.fixture(autouse=True)
def _many_sign_ups(settings):
    settings.RATE_LIMITS = {
        **settings.RATE_LIMITS,
        "registration": "1000/h",
        "waitlist": "1000/h",
        "my_registration": "1000/h",
        "my_registration_cancel": "1000/h",
    }


@pytest.fixture
def desk(staff_client, staff):
    """The staff member at the payment desk, from a known address, with a full name."""
    staff.first_name, staff.last_name = "Grace", "Uwase"
    staff.save()
    staff_client.defaults["REMOTE_ADDR"] = STAFF_IP
    return staff_client


@pytest.fixture
def visitor():
    """A browser without the staff token (the `client` fixture is the one staff_client signs in)."""
    return Client(REMOTE_ADDR=VISITOR_IP)


def staff_actor(staff) -> dict:
    return {"id": staff.pk, "username": staff.username, "name": "Grace Uwase"}


def found(desk, object_type: str, object_id: int, action: str) -> dict:
    """The one entry of `action` in the object's history, as the History tab reads it."""
    history = desk.get(ACTIVITY, {"object_type": object_type, "object_id": object_id}).json()["results"]
    entries = [entry for entry in history if entry["action"] == action]
    assert len(entries) == 1, [entry["action"] for entry in history]
    return entries[0]


def audit_inserts(queries) -> list[str]:
    return [
        q["sql"]
        for q in queries
        if q["sql"].lstrip().upper().startswith("INSERT") and "audit_entry" in q["sql"]
    ]


def sign_up(browser, event, payload=None, **extra):
    return browser.post(
        f"/api/management/events/{event.pk}/register/",
        data=payload or VALID,
        content_type="application/json",
        **extra,
    )


def join(browser, event, payload):
    return browser.post(
        f"/api/management/events/{event.pk}/waitlist/", data=payload, content_type="application/json"
    )


def open_link(browser, email: str, template: str = "registration_received"):
    deliver_all()
    token = link_token(email, template)
    return browser.post("/api/my-registration/", data={"token": token}, content_type="application/json")


def decide(desk, registration_id: int, status: str, **fields):
    payload = {"registration_status": status, "transaction_id": "", "payment_method": "", **fields}
    return desk.post(
        f"/api/management/registrations/{registration_id}/update-status/",
        data=payload,
        content_type="application/json",
    )


def signed_up(visitor, event, i: int) -> int:
    response = sign_up(visitor, event, person(i))
    assert response.status_code == 201, response.json()
    return response.json()["registration"]["id"]


# --- The visitor's own actions --------------------------------------------------------------------


def test_a_sign_up_is_the_visitors_with_the_address_in_one_insert(visitor, desk):
    event = make_event(price=5000, maximum_attendees=10)
    with CaptureQueriesContext(connection) as queries:
        response = sign_up(visitor, event)
    assert response.status_code == 201
    assert len(audit_inserts(queries.captured_queries)) == 1

    entry = found(desk, "registration", response.json()["registration"]["id"], "registration.created")
    assert entry["actor"] == "visitor" and entry["client_ip"] == VISITOR_IP
    assert entry["changes"]["full_name"] == {"before": None, "after": "Aline Uwase"}
    assert entry["changes"]["registration_status"] == {"before": None, "after": "Pending"}
    assert entry["object_label"] == response.json()["payment_reference"]
    assert not any("hash" in name or "token" in name for name in entry["changes"])


def test_opening_the_link_confirms_as_the_visitor(visitor, desk):
    event = make_event(price=5000)
    registration_id = signed_up(visitor, event, 1)
    assert open_link(visitor, "p1@example.org").status_code == 200

    entry = found(desk, "registration", registration_id, "registration.confirmed")
    assert entry["actor"] == "visitor" and entry["client_ip"] == VISITOR_IP
    assert entry["changes"]["email_confirmed_at"]["before"] is None
    assert entry["changes"]["email_confirmed_at"]["after"]


def test_a_free_seat_confirmed_by_its_link_is_approved_by_the_visitor(visitor, desk):
    registration_id = signed_up(visitor, make_event(), 1)
    open_link(visitor, "p1@example.org")

    entry = found(desk, "registration", registration_id, "registration.approved")
    assert entry["actor"] == "visitor"
    assert entry["changes"]["registration_status"] == {"before": "Pending", "after": "Approved"}


def test_the_registrant_cancelling_through_the_link_is_the_visitors(visitor, desk):
    registration_id = signed_up(visitor, make_event(price=5000), 1)
    deliver_all()
    token = link_token("p1@example.org")
    response = visitor.post(
        "/api/my-registration/cancel/", data={"token": token}, content_type="application/json"
    )
    assert response.status_code == 200

    entry = found(desk, "registration", registration_id, "registration.cancelled")
    assert entry["actor"] == "visitor" and entry["client_ip"] == VISITOR_IP
    assert entry["changes"]["registration_status"] == {"before": "Pending", "after": "Cancelled"}
    assert entry["changes"]["ended_reason"] == {"before": "", "after": "by_registrant"}


def test_the_waiting_list_join_confirm_offer_and_taking_the_offer(visitor, desk, staff):
    event = make_event(maximum_attendees=1, price=5000)
    first = signed_up(visitor, event, 1)
    joined = join(visitor, event, person(2))
    assert joined.status_code == 201
    entry_id = joined.json()["waitlist_entry"]["id"]
    created = found(desk, "waitlist_entry", entry_id, "waitlist_entry.created")
    assert created["actor"] == "visitor" and created["client_ip"] == VISITOR_IP
    assert created["changes"]["email"] == {"before": None, "after": "p2@example.org"}

    open_link(visitor, "p2@example.org", "waitlist_joined")
    assert found(desk, "waitlist_entry", entry_id, "waitlist_entry.confirmed")["actor"] == "visitor"

    # The staff reject the first registrant: the worker offers the freed seat.
    assert decide(desk, first, "Rejected", reason="No payment").status_code == 200
    with acting_as(Entry.ActorKind.WORKER):
        deliver_all()
    offered = found(desk, "waitlist_entry", entry_id, "waitlist_entry.offered")
    assert offered["actor"] == "worker" and offered["client_ip"] is None
    assert offered["changes"]["status"] == {"before": "waiting", "after": "offered"}
    assert not any("hash" in name for name in offered["changes"])

    offer = Notification.objects.get(template="waitlist_offer").context["link"].split("#offer=")[1]
    with CaptureQueriesContext(connection) as queries:
        taken = sign_up(visitor, event, person(2, offer_token=offer))
    assert taken.status_code == 201
    assert len(audit_inserts(queries.captured_queries)) == 1  # the registration and the claim together
    claimed = found(desk, "waitlist_entry", entry_id, "waitlist_entry.claimed")
    assert claimed["actor"] == "visitor"
    assert claimed["changes"]["status"] == {"before": "offered", "after": "claimed"}
    registration = found(desk, "registration", taken.json()["registration"]["id"], "registration.created")
    assert registration["actor"] == "visitor"


def test_leaving_the_waiting_list_is_the_visitors(visitor, desk):
    event = make_event(maximum_attendees=1)
    signed_up(visitor, event, 1)
    entry_id = join(visitor, event, person(2)).json()["waitlist_entry"]["id"]
    deliver_all()
    token = link_token("p2@example.org", "waitlist_joined")
    response = visitor.post(
        "/api/my-registration/cancel/", data={"token": token}, content_type="application/json"
    )
    assert response.status_code == 200

    entry = found(desk, "waitlist_entry", entry_id, "waitlist_entry.cancelled")
    assert entry["actor"] == "visitor"
    assert entry["changes"]["status"] == {"before": "waiting", "after": "cancelled"}


# --- Staff decisions ------------------------------------------------------------------------------


def test_an_approval_records_who_where_the_payment_in_one_insert(visitor, desk, staff):
    event = make_event(price=5000)
    registration_id = signed_up(visitor, event, 1)
    with CaptureQueriesContext(connection) as queries:
        response = decide(
            desk, registration_id, "Approved", transaction_id="MP240101.1234.A", payment_method="Mobile Money"
        )
    assert response.status_code == 200
    assert len(audit_inserts(queries.captured_queries)) == 1

    entry = found(desk, "registration", registration_id, "registration.approved")
    assert entry["actor"] == staff_actor(staff)
    assert entry["client_ip"] == STAFF_IP
    changes = entry["changes"]
    assert changes["registration_status"] == {"before": "Pending", "after": "Approved"}
    assert changes["transaction_id"] == {"before": "", "after": "MP240101.1234.A"}
    assert changes["payment_method"] == {"before": "", "after": "Mobile Money"}


@pytest.mark.parametrize(
    ("status", "action"), [("Rejected", "registration.rejected"), ("Cancelled", "registration.cancelled")]
)
def test_a_rejection_or_cancellation_by_staff_with_the_reason(visitor, desk, staff, status, action):
    registration_id = signed_up(visitor, make_event(price=5000), 1)
    assert decide(desk, registration_id, status, reason="Payment never came").status_code == 200

    entry = found(desk, "registration", registration_id, action)
    assert entry["actor"] == staff_actor(staff) and entry["client_ip"] == STAFF_IP
    assert entry["changes"]["registration_status"] == {"before": "Pending", "after": status}
    assert entry["changes"]["status_reason"] == {"before": "", "after": "Payment never came"}


def test_an_ended_registration_approved_again(visitor, desk, staff):
    registration_id = signed_up(visitor, make_event(price=5000), 1)
    decide(desk, registration_id, "Rejected")
    response = decide(
        desk, registration_id, "Approved", transaction_id="LATE-1", payment_method="Bank Transfer"
    )
    assert response.status_code == 200

    entry = found(desk, "registration", registration_id, "registration.approved")
    assert entry["changes"]["registration_status"] == {"before": "Rejected", "after": "Approved"}
    assert entry["changes"]["payment_method"] == {"before": "", "after": "Bank Transfer"}


def test_a_bulk_decision_is_one_entry_per_registration_in_one_insert(visitor, desk, staff):
    event = make_event(price=5000)
    ids = [signed_up(visitor, event, i) for i in range(3)]
    with CaptureQueriesContext(connection) as queries:
        response = desk.post(
            f"/api/management/events/{event.pk}/registrations/bulk/",
            data={"ids": ids, "action": "cancel", "reason": "Nobody paid"},
            content_type="application/json",
        )
    assert response.status_code == 200 and sorted(response.json()["updated"]) == sorted(ids)
    assert len(audit_inserts(queries.captured_queries)) == 1

    for registration_id in ids:
        entry = found(desk, "registration", registration_id, "registration.cancelled")
        assert entry["actor"] == staff_actor(staff) and entry["client_ip"] == STAFF_IP
        assert entry["changes"]["registration_status"] == {"before": "Pending", "after": "Cancelled"}
        assert entry["changes"]["status_reason"] == {"before": "", "after": "Nobody paid"}


def test_cancelling_an_event_ends_its_registrations_as_the_worker_records_it(visitor, desk):
    event = make_event(maximum_attendees=1, price=5000)
    registration_id = signed_up(visitor, event, 1)
    entry_id = join(visitor, event, person(2)).json()["waitlist_entry"]["id"]
    response = desk.post(
        f"/api/management/events/{event.pk}/change-status/",
        data={"status": "Cancelled"},
        content_type="application/json",
    )
    assert response.status_code == 200
    with acting_as(Entry.ActorKind.WORKER):
        deliver_all()

    ended = found(desk, "registration", registration_id, "registration.cancelled")
    assert ended["actor"] == "worker"
    assert ended["changes"]["ended_reason"] == {"before": "", "after": "event_cancelled"}
    place = found(desk, "waitlist_entry", entry_id, "waitlist_entry.expired")
    assert place["actor"] == "worker"
    assert place["changes"]["status"] == {"before": "waiting", "after": "expired"}


# --- What the clock does --------------------------------------------------------------------------


def test_a_hold_that_ends_is_expired_by_the_schedule(visitor, desk):
    registration_id = signed_up(visitor, make_event(price=5000), 1)
    Registration.objects.filter(pk=registration_id).update(
        hold_expires_at=timezone.now() - timedelta(minutes=1)
    )
    with acting_as(Entry.ActorKind.SCHEDULE):
        assert deadlines.holds_expire() == {"unconfirmed": 1, "waitlist": 0}

    entry = found(desk, "registration", registration_id, "registration.expired")
    assert entry["actor"] == "schedule" and entry["client_ip"] is None
    assert entry["changes"]["registration_status"] == {"before": "Pending", "after": "Expired"}


# --- Reads of personal data -----------------------------------------------------------------------


def test_opening_a_registration_is_recorded(visitor, desk, staff):
    registration_id = signed_up(visitor, make_event(price=5000), 1)
    with CaptureQueriesContext(connection) as queries:
        response = desk.get(f"/api/management/registrations/{registration_id}/")
    assert response.status_code == 200
    assert (response.json()["id"], response.json()["email"]) == (registration_id, "p1@example.org")
    assert len(audit_inserts(queries.captured_queries)) == 1

    entry = found(desk, "registration", registration_id, "registration.viewed")
    assert entry["actor"] == staff_actor(staff) and entry["client_ip"] == STAFF_IP
    assert desk.get("/api/management/registrations/99999/").status_code == 404
    assert Client().get(f"/api/management/registrations/{registration_id}/").status_code == 401


def test_the_registrations_export_is_recorded_with_its_rows(visitor, desk, staff):
    event = make_event(price=5000)
    for i in range(3):
        signed_up(visitor, event, i)
    response = desk.get(f"/api/management/events/{event.pk}/registrations/export/")
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert len(rows) == 4  # the header and the three registrants

    (entry,) = desk.get(ACTIVITY, {"action": "export.csv"}).json()["results"]
    assert entry["actor"] == staff_actor(staff) and entry["client_ip"] == STAFF_IP
    assert entry["changes"] == {
        "export": {"before": None, "after": f"registrations-{event.pk}.csv"},
        "rows": {"before": None, "after": 3},
    }


# --- Erasure --------------------------------------------------------------------------------------


def _history_text(desk, object_type: str, object_id: int) -> str:
    return str(desk.get(ACTIVITY, {"object_type": object_type, "object_id": object_id}).json()["results"])


def test_erasing_a_registration_keeps_the_facts_not_the_person(visitor, desk, staff):
    registration_id = signed_up(visitor, make_event(price=5000), 1)
    decide(desk, registration_id, "Rejected", reason="Asked us by phone")

    response = desk.delete(f"/api/management/registrations/{registration_id}/")
    assert response.status_code == 200

    history = desk.get(ACTIVITY, {"object_type": "registration", "object_id": registration_id}).json()[
        "results"
    ]
    assert [entry["action"] for entry in history] == [
        "registration.erased",
        "registration.rejected",
        "registration.created",
    ]
    erased, rejected, created = history
    assert erased["actor"] == staff_actor(staff) and erased["client_ip"] == STAFF_IP
    assert erased["changes"]["full_name"] == {"before": ERASED, "after": None}
    assert created["changes"]["email"] == {"before": None, "after": ERASED}
    assert rejected["changes"]["status_reason"] == {"before": None, "after": ERASED}
    assert rejected["changes"]["registration_status"] == {"before": "Pending", "after": "Rejected"}
    text = _history_text(desk, "registration", registration_id)
    assert "p1@example.org" not in text and "Person 1" not in text and "Asked us" not in text


def test_erasing_a_waiting_list_entry_keeps_the_facts_not_the_person(visitor, desk, staff):
    event = make_event(maximum_attendees=1)
    signed_up(visitor, event, 1)
    entry_id = join(visitor, event, person(2)).json()["waitlist_entry"]["id"]

    assert desk.delete(f"/api/management/waitlist/{entry_id}/").status_code == 200

    erased = found(desk, "waitlist_entry", entry_id, "waitlist_entry.erased")
    assert erased["actor"] == staff_actor(staff)
    assert erased["changes"]["phone"] == {"before": ERASED, "after": None}
    created = found(desk, "waitlist_entry", entry_id, "waitlist_entry.created")
    assert created["changes"]["full_name"] == {"before": None, "after": ERASED}
    assert "p2@example.org" not in _history_text(desk, "waitlist_entry", entry_id)


def test_deleting_an_event_erases_its_registrants_in_the_trail(visitor, desk, staff):
    event = make_event(maximum_attendees=1)
    registration_id = signed_up(visitor, event, 1)
    entry_id = join(visitor, event, person(2)).json()["waitlist_entry"]["id"]

    with CaptureQueriesContext(connection) as queries:
        assert desk.delete(f"/api/management/events/{event.pk}/").status_code == 200
    assert len(audit_inserts(queries.captured_queries)) == 1

    assert found(desk, "event", event.pk, "event.deleted")["actor"] == staff_actor(staff)
    registration = found(desk, "registration", registration_id, "registration.erased")
    assert registration["actor"] == staff_actor(staff)
    assert registration["changes"]["email"] == {"before": ERASED, "after": None}
    assert (
        found(desk, "waitlist_entry", entry_id, "waitlist_entry.erased")["changes"]["email"]["before"]
        == ERASED
    )
    assert "p1@example.org" not in _history_text(desk, "registration", registration_id)
    assert "p2@example.org" not in _history_text(desk, "waitlist_entry", entry_id)


def test_the_retention_purge_erases_in_the_trail_as_the_schedule(visitor, desk, settings):
    settings.PERSONAL_DATA_RETENTION_DAYS = 180
    registration_id = signed_up(visitor, make_event(price=5000), 1)
    decide(desk, registration_id, "Rejected", reason="Wrong event")
    Registration.objects.filter(pk=registration_id).update(decided_at=timezone.now() - timedelta(days=181))

    with acting_as(Entry.ActorKind.SCHEDULE):
        assert erasure.ended_purge()["registrations"] == 1

    erased = found(desk, "registration", registration_id, "registration.erased")
    assert erased["actor"] == "schedule"
    assert found(desk, "registration", registration_id, "registration.rejected")["changes"][
        "status_reason"
    ] == {
        "before": None,
        "after": ERASED,
    }
    assert "p1@example.org" not in _history_text(desk, "registration", registration_id)
    assert not WaitlistEntry.objects.exists()


@pytest.mark.django_db
def test_recounting_deadlines_that_did_not_move_changes_nothing_and_records_nothing():
    from datetime import timedelta

    from services.audit.models import Entry
    from services.events.tests.factories import make_event
    from services.registrations.deadlines import payment_due_recompute
    from services.registrations.models import Registration
    from services.registrations.signup import payment_due_at

    event = make_event("Paid workshop", price=5000)
    registration = Registration.objects.create(
        event=event,
        full_name="Aline",
        email="a@example.org",
        phone="+250788000001",
        preferred_language="English",
        payment_reference="K7MQ4X",
    )
    # As at sign-up: the deadline counted from a clock reading a few microseconds before the row's date.
    due = payment_due_at(event, registration.registration_date - timedelta(microseconds=7))
    Registration.objects.filter(pk=registration.pk).update(payment_due_at=due)

    assert payment_due_recompute(event_id=event.pk) == 0
    assert not Entry.objects.filter(verb="registration.payment_due_changed").exists()
    registration.refresh_from_db()
    assert registration.payment_due_at == due
