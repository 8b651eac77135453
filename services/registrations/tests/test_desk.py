"""The payment desk (staff): decisions, the event's list, the overview, the export."""

import csv
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from services.events.models import Event
from services.events.tests.factories import make_event
from services.outbox.models import OutboxMessage
from services.registrations.models import Registration

from .helpers import confirm, decide, person, register

pytestmark = pytest.mark.django_db
REGISTRATIONS = "/api/management/events/{}/registrations/"


def registered(client, event, n=1, start=0):
    return [register(client, event.pk, person(start + i)).json()["registration"]["id"] for i in range(n)]


def test_approving_records_the_payment_who_and_when(client, staff_client, staff):
    event = make_event(maximum_attendees=5, price=2000)
    (rid,) = registered(client, event)
    response = decide(
        staff_client, rid, "Approved", transaction_id="  MP1234  ", payment_notes="Paid at the desk"
    )
    assert response.status_code == 200
    body = response.json()
    assert body["message"] == "Registration approved successfully"
    registration = body["registration"]
    assert (
        registration["registration_status"],
        registration["transaction_id"],
        registration["payment_notes"],
    ) == (
        "Approved",
        "MP1234",
        "Paid at the desk",
    )
    assert registration["decided_by"] == (staff.get_full_name() or staff.get_username())
    assert registration["decided_at"] is not None
    assert OutboxMessage.objects.filter(topic="registration.approved").count() == 1


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"transaction_id": "   "}, "transaction_id", "Transaction ID is required"),
        ({"payment_method": ""}, "payment_method", "Payment method is required"),
        ({"payment_method": "Cash"}, "payment_method", "Payment method is required"),
        (
            {"registration_status": "Pending"},
            "registration_status",
            "Choose Approved, Rejected or Cancelled.",
        ),
    ],
)
def test_the_payment_form_rules(client, staff_client, change, field, message):
    (rid,) = registered(client, make_event(price=2000))
    response = decide(
        staff_client, rid, **{"status": change.pop("registration_status", "Approved")}, **change
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "Please fill in all required fields"
    assert response.json()["fields"][field] == message
    assert Registration.objects.get().registration_status == "Pending"


def test_transitions_follow_spec(client, staff_client):
    (rid,) = registered(client, make_event())
    assert decide(staff_client, rid, "Approved", "T1").status_code == 200
    again = decide(staff_client, rid, "Approved", "T1")
    assert again.status_code == 409
    assert again.json()["code"] == "invalid_transition"
    assert decide(staff_client, rid, "Rejected", "T1").status_code == 200
    assert decide(staff_client, rid, "Approved", "T1").status_code == 200
    topics = list(OutboxMessage.objects.order_by("created_at").values_list("topic", flat=True))
    assert topics == [
        "registration.submitted",
        "registration.approved",
        "registration.rejected",
        "registration.approved",
    ]


def test_one_receipt_confirms_one_seat(client, staff_client):
    first, second = registered(client, make_event(price=2000), 2)
    assert decide(staff_client, first, "Approved", "MP-777").status_code == 200
    response = decide(staff_client, second, "Approved", " mp-777 ")
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "duplicate_transaction"
    reference = Registration.objects.get(pk=first).payment_reference
    assert reference in body["fields"]["transaction_id"]
    assert Registration.objects.get(pk=second).registration_status == "Pending"


def test_reapproving_a_rejected_registration_needs_a_free_seat(client, staff_client):
    event = make_event(maximum_attendees=1)
    (first,) = registered(client, event)
    assert decide(staff_client, first, "Rejected", "R1").status_code == 200
    registered(client, event, start=5)  # the freed seat is taken
    response = decide(staff_client, first, "Approved", "R1")
    assert response.status_code == 409
    assert response.json()["code"] == "event_full"
    assert response.json()["detail"].startswith("No seat is free for this registration")


def test_decisions_are_staff_only(client):
    (rid,) = registered(client, make_event())
    assert decide(client, rid).status_code == 401
    assert client.get(REGISTRATIONS.format(1)).status_code == 401


def test_unknown_registration_is_not_found(staff_client):
    assert decide(staff_client, 424242).status_code == 404


def test_the_event_list_has_spec_counters_and_access_needs(client, staff_client):
    event = make_event(maximum_attendees=10)
    ids = registered(client, event, 4)
    register(
        client,
        event.pk,
        person(9, needs_interpreter=False, disability="Other", disability_details="Low vision"),
    )
    decide(staff_client, ids[0], "Approved", "A1")
    decide(staff_client, ids[1], "Approved", "A2")
    decide(staff_client, ids[2], "Rejected", "A3")
    body = staff_client.get(REGISTRATIONS.format(event.pk)).json()
    assert body["event"]["title"] == event.title
    assert len(body["registrations"]) == 5
    assert (
        body["total_registrations"],
        body["pending_registrations"],
        body["approved_registrations"],
        body["rejected_registrations"],
        body["maximum_attendees"],
        body["available_seats"],
        body["open_seats"],
    ) == (4, 2, 2, 1, 10, 8, 6)
    # Seats held: 3 of the 4 hearing-impaired visitors (one rejected) need an interpreter.
    assert body["access_needs"] == {
        "needs_interpreter": 3,
        "disabilities": {"Hearing Impairment": 3, "Other": 1},
    }
    first = body["registrations"][0]
    assert set(first) >= {
        "id",
        "full_name",
        "email",
        "phone",
        "registration_date",
        "registration_status",
        "transaction_id",
        "payment_method",
        "payment_notes",
        "event_title",
        "payment_reference",
    }


def test_unlimited_events_have_no_available_seats(client, staff_client):
    event = make_event()
    registered(client, event)
    body = staff_client.get(REGISTRATIONS.format(event.pk)).json()
    assert (body["maximum_attendees"], body["available_seats"], body["open_seats"]) == (None, None, None)


def test_search_filter_and_paging_happen_in_the_database(client, staff_client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "registration": "1000/h"}
    event = make_event(price=2000)  # references to search by
    ids = registered(client, event, 25)
    decide(staff_client, ids[3], "Approved", "P3")
    url = REGISTRATIONS.format(event.pk)
    page = staff_client.get(url, {"page": 2, "page_size": 10}).json()
    assert (page["count"], page["page"], page["total_pages"], len(page["registrations"])) == (25, 2, 3, 10)
    assert page["total_registrations"] == 25
    assert [
        r["full_name"] for r in staff_client.get(url, {"search": "person 7"}).json()["registrations"]
    ] == ["Person 7"]
    reference = Registration.objects.get(pk=ids[5]).payment_reference
    assert [
        r["id"] for r in staff_client.get(url, {"search": reference.lower()}).json()["registrations"]
    ] == [ids[5]]
    approved = staff_client.get(url, {"status": "Approved"}).json()["registrations"]
    assert [r["id"] for r in approved] == [ids[3]]
    assert staff_client.get(url, {"status": "Maybe"}).status_code == 400
    wrong_size = staff_client.get(url, {"page_size": 7})
    assert (wrong_size.status_code, list(wrong_size.json()["fields"])) == (400, ["page_size"])


def test_the_query_count_does_not_grow_with_the_page(client, staff_client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "registration": "1000/h"}
    event = make_event()
    url = REGISTRATIONS.format(event.pk)
    ids = registered(client, event, 3)
    decide(staff_client, ids[0], "Approved", "Q0")

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert staff_client.get(url, {"page": 1, "page_size": 50}).status_code == 200
        return len(captured)

    few = queries()
    more = registered(client, event, 30, start=100)
    for i, rid in enumerate(more[:10]):
        decide(staff_client, rid, "Approved", f"Q{i + 1}")
    assert queries() == few


def test_the_overview_counts_every_event_in_one_query(client, staff_client):
    for i in range(8):
        event = make_event(f"Event {i}")
        registered(client, event, 2, start=i * 10)
    make_event("Draft one", status=Event.Status.DRAFT)
    with CaptureQueriesContext(connection) as captured:
        body = staff_client.get("/api/management/registrations/overview/", {"status": "Published"}).json()
    assert body["status_counts"] == {"Draft": 1, "Published": 8}
    assert (body["count"], body["page_size"], body["total_pages"], len(body["results"])) == (8, 6, 2, 6)
    assert all(card["total_registrations_count"] == 2 for card in body["results"])
    assert all(card["pending_registrations_count"] == 2 for card in body["results"])
    # auth (user), the page's count and rows, the status counts: never one per event
    assert len(captured) <= 5


def test_the_export_opens_in_a_spreadsheet_with_accents_and_no_formulas(client, staff_client):
    event = make_event()
    register(client, event.pk, person(1, full_name="Jean-Aimé Ndayishimiye"))
    register(client, event.pk, person(2, full_name="=SUM(A1:A9)"))
    response = staff_client.get(f"{REGISTRATIONS.format(event.pk)}export/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert f'filename="registrations-{event.pk}.csv"' in response["Content-Disposition"]
    raw = response.content
    assert raw.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    names = [row[1] for row in rows[1:]]
    assert "Jean-Aimé Ndayishimiye" in names
    assert "'=SUM(A1:A9)" in names
    assert client.get(f"{REGISTRATIONS.format(event.pk)}export/", HTTP_AUTHORIZATION="").status_code == 401


def test_rejecting_or_cancelling_needs_no_transaction_id(client, staff_client):
    """Only an approval records a payment: staff clear an unpaid sign-up without inventing one."""
    first, second = registered(client, make_event(), 2)
    rejected = decide(staff_client, first, "Rejected", "", payment_method="", reason="No payment came.")
    assert rejected.status_code == 200
    assert rejected.json()["registration"]["transaction_id"] == ""
    assert rejected.json()["registration"]["status_reason"] == "No payment came."
    cancelled = decide(staff_client, second, "Cancelled", "", payment_method="")
    assert (cancelled.status_code, cancelled.json()["registration"]["registration_status"]) == (
        200,
        "Cancelled",
    )


def test_ended_registrations_are_counted_apart_and_may_be_approved_again(client, staff_client):
    event = make_event(maximum_attendees=5)
    ids = registered(client, event, 4)
    decide(staff_client, ids[0], "Rejected", "")
    decide(staff_client, ids[1], "Cancelled", "")
    Registration.objects.filter(pk=ids[2]).update(
        registration_status="Expired", ended_reason="payment_deadline"
    )
    body = staff_client.get(REGISTRATIONS.format(event.pk)).json()
    assert (
        body["total_registrations"],
        body["pending_registrations"],
        body["rejected_registrations"],
        body["expired_registrations"],
        body["cancelled_registrations"],
    ) == (1, 1, 1, 1, 1)
    expired = staff_client.get(REGISTRATIONS.format(event.pk), {"status": "Expired"}).json()
    assert [(r["id"], r["ended_reason"]) for r in expired["registrations"]] == [(ids[2], "payment_deadline")]
    # A late payment: staff approve the expired registration while a seat is free.
    late = decide(staff_client, ids[2], "Approved", "MP-LATE")
    assert (late.status_code, late.json()["registration"]["ended_reason"]) == (200, "")


def test_staff_see_whether_the_address_was_confirmed(client, staff_client):
    event = make_event()
    registered(client, event, 2)
    confirm(client, "p1@example.org")
    rows = staff_client.get(REGISTRATIONS.format(event.pk)).json()["registrations"]
    assert {row["email"]: row["email_confirmed"] for row in rows} == {
        "p0@example.org": False,
        "p1@example.org": True,
    }
    unconfirmed = next(row for row in rows if not row["email_confirmed"])
    assert unconfirmed["hold_expires_at"] is not None


BULK = "/api/management/events/{}/registrations/bulk/"


def bulk(staff_client, event_id, **payload):
    return staff_client.post(BULK.format(event_id), data=payload, content_type="application/json")


def test_many_sign_ups_are_rejected_or_cancelled_at_once(client, staff_client):
    event = make_event(maximum_attendees=10)
    ids = registered(client, event, 5)
    decide(staff_client, ids[4], "Approved", "MP-5")
    other = registered(client, make_event("Another"), 1, start=20)
    response = bulk(staff_client, event.pk, ids=[*ids[:3], other[0]], action="reject", reason="Unpaid.")
    assert response.status_code == 200
    body = response.json()
    assert (body["updated"], body["skipped"], body["message"]) == (
        ids[:3],
        other,
        "3 registrations rejected.",
    )
    statuses = dict(Registration.objects.values_list("pk", "registration_status"))
    assert [statuses[i] for i in ids] == ["Rejected", "Rejected", "Rejected", "Pending", "Approved"]
    assert statuses[other[0]] == "Pending"  # another event's registration is never touched
    assert OutboxMessage.objects.filter(topic="registration.rejected").count() == 3
    # Already ended ones are skipped; an Approved one may be cancelled.
    cancelled = bulk(staff_client, event.pk, ids=[ids[0], ids[4]], action="cancel").json()
    assert (cancelled["updated"], cancelled["skipped"], cancelled["message"]) == (
        [ids[4]],
        [ids[0]],
        "1 registration cancelled.",
    )
    event.refresh_from_db()
    assert (event.registrations_total, event.registrations_approved) == (1, 0)


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"ids": [], "action": "reject"}, "ids"),
        ({"ids": [0], "action": "reject"}, "ids"),
        ({"ids": ["one"], "action": "reject"}, "ids.0"),
        ({"ids": [1], "action": "approve"}, "action"),
        ({"ids": list(range(1, 502)), "action": "cancel"}, "ids"),
    ],
)
def test_a_bulk_request_names_what_is_wrong(staff_client, payload, field):
    response = bulk(staff_client, make_event().pk, **payload)
    assert response.status_code == 400
    assert field in response.json()["fields"]


def test_bulk_decisions_are_staff_only(client):
    event = make_event()
    (rid,) = registered(client, event)
    assert bulk(client, event.pk, ids=[rid], action="reject").status_code == 401
    assert Registration.objects.get().registration_status == "Pending"


def test_the_statuses_staff_read_are_in_their_language(client, staff_client):
    event = make_event(price=2000)
    (rid,) = registered(client, event)
    decide(staff_client, rid, "Approved", "T1")
    again = staff_client.post(
        f"/api/management/registrations/{rid}/update-status/",
        data={"registration_status": "Approved", "transaction_id": "T1", "payment_method": "Mobile Money"},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert again.json()["detail"] == "Cette inscription est déjà Approuvée."
    english = decide(staff_client, rid, "Approved", "T1").json()["detail"]
    assert english == "This registration is already Approved."
    for language, word in (("en", "Approved"), ("rw", "Byemejwe")):
        response = staff_client.get(f"{REGISTRATIONS.format(event.pk)}export/", HTTP_ACCEPT_LANGUAGE=language)
        _header, row = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
        assert row[8] == word  # Status
