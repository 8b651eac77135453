"""What the worker's handlers and beat tasks do, run in this process through the real delivery
path: one e-mail of each kind, the calendar invite, reminders, the deadline, the waiting list."""

from datetime import timedelta

import pytest
from django.utils import timezone
from icalendar import Calendar

from services.events.tests.factories import make_event
from services.notifications.models import Notification
from services.notifications.services import render_email
from services.registrations import services
from services.registrations.models import Registration, WaitlistEntry

from .helpers import VALID, decide, deliver_all, person, register

pytestmark = pytest.mark.django_db


def mails(template):
    return list(Notification.objects.filter(template=template))


def test_a_registration_sends_the_registrant_how_to_pay_and_the_organiser_a_notice(client):
    event = make_event(price=5000, contact_email="events@rnslia.org.rw")
    reference = register(client, event.pk).json()["payment_reference"]
    deliver_all()
    deliver_all()  # a second run changes nothing: one e-mail each
    (received,) = mails("registration_received")
    assert received.recipient == VALID["email"]
    message = render_email(received)
    assert reference in message.subject
    assert "5,000 Rwf" in message.body and reference in message.body
    assert "Mobile Money" in message.body and "Bank Transfer" in message.body
    (notice,) = mails("registration_notice")
    assert notice.recipient == "events@rnslia.org.rw"
    assert "Aline Uwase" in render_email(notice).body


def test_approval_sends_a_confirmation_with_a_calendar_invite(client, staff_client):
    event = make_event(title="Sign Language Day", location="Kigali Convention Center", time="09:30")
    rid = register(client, event.pk).json()["registration"]["id"]
    decide(staff_client, rid, "Approved", "TX-1")
    deliver_all()
    (approved,) = mails("registration_approved")
    message = render_email(approved)
    (name, content, mimetype) = message.attachments[0]
    assert (name, mimetype) == ("invite.ics", "text/calendar")
    calendar = Calendar.from_ical(content)
    (vevent,) = calendar.walk("VEVENT")
    assert str(vevent["summary"]) == "Sign Language Day"
    assert str(vevent["location"]) == "Kigali Convention Center"
    assert vevent["uid"] == f"registration-{rid}-event-{event.pk}@localhost"
    start = vevent.decoded("dtstart")
    assert (start.date(), start.astimezone(timezone.get_current_timezone()).strftime("%H:%M")) == (
        event.date,
        "09:30",
    )
    assert f"/event/{event.pk}" in str(vevent["url"])


def test_rejection_is_courteous_and_gives_the_contacts(client, staff_client, settings):
    rid = register(client, make_event().pk).json()["registration"]["id"]
    decide(staff_client, rid, "Rejected", "TX-2")
    deliver_all()
    (rejected,) = mails("registration_rejected")
    body = render_email(rejected).body
    assert "sorry" in body and settings.ASSOCIATION["email"] in body


def test_one_reminder_to_each_unpaid_registrant(client, settings):
    settings.REGISTRATION_REMINDER_AFTER_HOURS = 72
    event = make_event()
    old, recent = (register(client, event.pk, person(i)).json()["registration"]["id"] for i in (1, 2))
    Registration.objects.filter(pk=old).update(registration_date=timezone.now() - timedelta(hours=73))
    assert services.payment_reminders_send() == 1
    assert services.payment_reminders_send() == 0  # never twice
    (reminder,) = mails("registration_reminder")
    assert reminder.recipient == "p1@example.org"
    assert Registration.objects.get(pk=old).reminder_sent_at is not None
    assert Registration.objects.get(pk=recent).reminder_sent_at is None


def test_the_payment_deadline_is_off_unless_set(client, settings):
    event = make_event(maximum_attendees=1)
    rid = register(client, event.pk).json()["registration"]["id"]
    Registration.objects.filter(pk=rid).update(registration_date=timezone.now() - timedelta(days=30))
    settings.REGISTRATION_PAYMENT_DEADLINE_HOURS = None
    assert services.payment_deadline_enforce() == 0
    settings.REGISTRATION_PAYMENT_DEADLINE_HOURS = 96
    assert services.payment_deadline_enforce() == 1
    assert services.payment_deadline_enforce() == 0
    registration = Registration.objects.get(pk=rid)
    assert registration.registration_status == "Rejected"
    assert "96 hours" in registration.payment_notes
    deliver_all()
    (rejected,) = mails("registration_rejected")
    assert "in time" in render_email(rejected).body
    assert register(client, event.pk, person(5)).status_code == 201  # the seat is free again


def join(client, event_id, payload):
    return client.post(
        f"/api/management/events/{event_id}/waitlist/", data=payload, content_type="application/json"
    )


def full_event(client, seats=1):
    event = make_event(maximum_attendees=seats)
    ids = [register(client, event.pk, person(i)).json()["registration"]["id"] for i in range(seats)]
    return event, ids


def test_the_waiting_list_opens_only_when_the_event_is_full(client):
    event = make_event(maximum_attendees=2)
    response = join(client, event.pk, person(50))
    assert (response.status_code, response.json()["code"]) == (409, "seats_available")
    event, _ = full_event(client)
    first = join(client, event.pk, person(50))
    assert first.status_code == 201
    assert first.json()["waitlist_entry"]["position"] == 1
    assert join(client, event.pk, person(51)).json()["waitlist_entry"]["position"] == 2
    again = join(client, event.pk, person(50))
    assert (again.status_code, again.json()["fields"]) == (
        409,
        {
            "email": "This email is already on the waiting list for this event.",
            "phone": "This phone number is already on the waiting list for this event.",
        },
    )
    deliver_all()
    assert len(mails("waitlist_joined")) == 2


def offered_token(entry_email):
    notification = Notification.objects.get(template="waitlist_offer", recipient=entry_email)
    return notification.context["link"].split("#offer=")[1]


def test_a_freed_seat_is_offered_to_the_earliest_person_only(client, staff_client):
    event, (rid,) = full_event(client)
    join(client, event.pk, person(50))
    join(client, event.pk, person(51))
    decide(staff_client, rid, "Rejected", "W1")
    deliver_all()
    statuses = dict(WaitlistEntry.objects.values_list("email", "status"))
    assert statuses == {"p50@example.org": "offered", "p51@example.org": "waiting"}
    assert len(mails("waitlist_offer")) == 1
    # Newcomers cannot take the held seat.
    refused = register(client, event.pk, person(60))
    assert refused.status_code == 409
    # The offer link opens a pre-filled form and takes the seat once.
    token = offered_token("p50@example.org")
    check = client.post(
        "/api/management/waitlist-offers/check/", data={"token": token}, content_type="application/json"
    ).json()
    assert check["valid"] is True
    assert check["event_id"] == event.pk
    assert check["registrant"]["email"] == "p50@example.org"
    taken = register(client, event.pk, {**person(50), "offer_token": token})
    assert taken.status_code == 201
    assert WaitlistEntry.objects.get(email="p50@example.org").status == "claimed"
    used = register(client, event.pk, {**person(52), "offer_token": token})
    assert (used.status_code, used.json()["code"]) == (400, "invalid_offer")


def test_an_expired_offer_passes_to_the_next_person(client, staff_client):
    event, (rid,) = full_event(client)
    join(client, event.pk, person(50))
    join(client, event.pk, person(51))
    decide(staff_client, rid, "Rejected", "W2")
    deliver_all()
    token = offered_token("p50@example.org")
    WaitlistEntry.objects.filter(email="p50@example.org").update(
        offer_expires_at=timezone.now() - timedelta(minutes=1)
    )
    assert services.waitlist_offers_expire() == 1
    statuses = dict(WaitlistEntry.objects.values_list("email", "status"))
    assert statuses == {"p50@example.org": "expired", "p51@example.org": "offered"}
    late = register(client, event.pk, {**person(50), "offer_token": token})
    assert late.status_code == 400
    check = client.post(
        "/api/management/waitlist-offers/check/", data={"token": token}, content_type="application/json"
    )
    assert check.json() == {"valid": False, "event_id": None, "expires_at": None, "registrant": None}


def test_staff_see_the_waiting_list(client, staff_client):
    event, _ = full_event(client)
    join(client, event.pk, person(50))
    join(client, event.pk, person(51))
    body = staff_client.get(f"/api/management/events/{event.pk}/waitlist/").json()
    assert body["waiting"] == 2
    assert [(e["full_name"], e["position"], e["status"]) for e in body["results"]] == [
        ("Person 50", 1, "waiting"),
        ("Person 51", 2, "waiting"),
    ]
    assert (
        client.get(f"/api/management/events/{event.pk}/waitlist/", HTTP_AUTHORIZATION="").status_code == 401
    )


def test_the_nightly_reconciliation_corrects_and_reports_drift(client):
    from services.events.models import Event

    event, _ = full_event(client, seats=3)
    assert services.counters_reconcile() == {"checked": 1, "corrected": 0}
    Event.objects.filter(pk=event.pk).update(registrations_total=0, registrations_pending=0)
    assert services.counters_reconcile() == {"checked": 1, "corrected": 1}
    event.refresh_from_db()
    assert (event.registrations_total, event.registrations_pending) == (3, 3)
