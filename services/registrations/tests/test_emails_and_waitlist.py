"""What the worker's handlers and beat tasks do, run in this process through the real delivery
path: one e-mail of each kind, the calendar invite, reminders, the deadline, the waiting list."""

from datetime import timedelta

import pytest
from django.utils import timezone
from icalendar import Calendar

from services.events.tests.factories import make_event
from services.notifications.models import Notification
from services.notifications.services import render_email
from services.registrations import deadlines
from services.registrations.models import Registration, WaitlistEntry

from .helpers import VALID, confirm, decide, deliver_all, join, person, register

pytestmark = pytest.mark.django_db


def mails(template):
    return list(Notification.objects.filter(template=template))


def test_the_first_e_mail_holds_the_seat_with_a_link_and_says_how_to_pay(client, settings):
    event = make_event(price=5000, contact_email="events@rnslia.org.rw")
    reference = register(client, event.pk).json()["payment_reference"]
    deliver_all()
    deliver_all()  # a second run changes nothing: one e-mail each
    (received,) = mails("registration_received")
    assert received.recipient == VALID["email"]
    message = render_email(received)
    assert reference in message.subject and message.subject.startswith("Keep your seat")
    link = received.context["link"]
    assert link.startswith(f"{settings.FRONTEND_URL}/my-registration#token=")
    assert link in message.body and "within 30 minutes" in message.body
    assert "5,000 Rwf" in message.body and reference in message.body
    assert "Mobile Money" in message.body and "Bank Transfer" in message.body
    # Its sending starts the hold; only the link's hash is kept.
    registration = Registration.objects.get()
    token = link.split("#token=")[1]
    assert token not in registration.access_token_hash and len(registration.access_token_hash) == 64
    held = (registration.hold_expires_at - timezone.now()).total_seconds()
    assert 29 * 60 < held <= 30 * 60
    # Staff hear of the sign-up once the address is confirmed, not before.
    assert mails("registration_notice") == []
    confirm(client, VALID["email"])
    deliver_all()
    (notice,) = mails("registration_notice")
    assert notice.recipient == "events@rnslia.org.rw"
    assert "Aline Uwase" in render_email(notice).body


def test_the_first_e_mail_repeats_nothing_the_visitor_typed_but_the_name(client):
    details = "Call +250 788 000 111 and pay to account 123 instead"
    register(
        client, make_event(price=5000).pk, {**VALID, "disability": "Other", "disability_details": details}
    )
    deliver_all()
    (received,) = mails("registration_received")
    message = render_email(received)
    html = message.alternatives[0][0]
    for text in (message.subject, message.body, html):
        assert "788 000 111" not in text and "account 123" not in text
        assert "+250788123456" not in text and "788 123 456" not in text  # their phone either
    assert "Aline Uwase" in message.body


def test_approval_sends_a_confirmation_with_a_calendar_invite(client, staff_client):
    event = make_event(
        title="Sign Language Day", location="Kigali Convention Center", time="09:30", price=1000
    )
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
    assert vevent["uid"] == f"registration-{rid}-event-{event.pk}@portal.rnslia.test"  # FRONTEND_URL's host
    start = vevent.decoded("dtstart")
    assert (start.date(), start.astimezone(timezone.get_current_timezone()).strftime("%H:%M")) == (
        event.date,
        "09:30",
    )
    assert f"/event/{event.pk}" in str(vevent["url"])


def test_rejection_is_courteous_gives_the_contacts_and_the_reason(client, staff_client, settings):
    rid = register(client, make_event().pk).json()["registration"]["id"]
    confirm(client, VALID["email"])
    decide(staff_client, rid, "Rejected", "", reason="The workshop is for interpreters only.")
    deliver_all()
    (rejected,) = mails("registration_rejected")
    body = render_email(rejected).body
    assert "sorry" in body and settings.ASSOCIATION["email"] in body
    assert "The organisers wrote: The workshop is for interpreters only." in body


def test_an_unconfirmed_address_is_told_nothing_of_a_rejection_or_cancellation(client, staff_client):
    event = make_event()
    first, second = (register(client, event.pk, person(i)).json()["registration"]["id"] for i in (1, 2))
    assert decide(staff_client, first, "Rejected", "").status_code == 200
    assert decide(staff_client, second, "Cancelled", "").status_code == 200
    deliver_all()
    assert mails("registration_rejected") == [] and mails("registration_cancelled") == []


def test_a_cancellation_tells_a_confirmed_registrant_why(client, staff_client):
    rid = register(client, make_event().pk).json()["registration"]["id"]
    confirm(client, VALID["email"])
    response = decide(staff_client, rid, "Cancelled", "", reason="The venue closed; we will write again.")
    assert response.json()["message"] == "Registration cancelled successfully"
    deliver_all()
    (cancelled,) = mails("registration_cancelled")
    body = render_email(cancelled).body
    assert "cancelled" in body and "The organisers wrote: The venue closed; we will write again." in body


def test_one_reminder_a_day_before_the_deadline_to_each_confirmed_unpaid_registrant(client):
    event = make_event(price=5000)
    ids = [register(client, event.pk, person(i)).json()["registration"]["id"] for i in (1, 2, 3)]
    confirm(client, "p1@example.org")
    confirm(client, "p3@example.org")
    assert deadlines.payment_reminders_send() == 0  # 72 h to pay: not yet
    now = timezone.now()
    # p1 and p2 signed up 50 h ago (due in 22 h); p3 signed up an hour ago for a deadline 22 h away.
    Registration.objects.filter(pk__in=ids[:2]).update(
        registration_date=now - timedelta(hours=50), payment_due_at=now + timedelta(hours=22)
    )
    Registration.objects.filter(pk=ids[2]).update(payment_due_at=now + timedelta(hours=22))
    assert deadlines.payment_reminders_send() == 1  # p2 never confirmed; p3 just got the instructions
    assert deadlines.payment_reminders_send() == 0  # never twice
    (reminder,) = mails("registration_reminder")
    assert reminder.recipient == "p1@example.org"
    assert "Please pay by" in render_email(reminder).body


def test_an_unpaid_seat_goes_back_at_the_deadline_and_its_holder_is_told(client):
    event = make_event(price=5000, maximum_attendees=1)
    body = register(client, event.pk).json()
    rid = body["registration"]["id"]
    confirm(client, VALID["email"])
    registration = Registration.objects.get(pk=rid)
    assert abs(
        (registration.payment_due_at - registration.registration_date) - timedelta(hours=72)
    ) < timedelta(seconds=5)
    assert deadlines.holds_expire() == {"waitlist": 0}
    Registration.objects.filter(pk=rid).update(payment_due_at=timezone.now() - timedelta(seconds=1))
    # Its seat is free at once, before the sweep marks it.
    assert register(client, event.pk, person(5)).status_code == 201
    assert deadlines.holds_expire() == {"payment_deadline": 1, "waitlist": 0}
    assert deadlines.holds_expire() == {"waitlist": 0}
    registration = Registration.objects.get(pk=rid)
    assert (registration.registration_status, registration.ended_reason) == ("Expired", "payment_deadline")
    deliver_all()
    (expired,) = mails("registration_expired")
    assert expired.recipient == VALID["email"]
    assert "we released your seat" in render_email(expired).body


def test_the_deadline_is_the_events_own_never_after_its_start_and_none_for_a_free_event(client, settings):
    start = timezone.localtime() + timedelta(hours=30)
    soon = make_event(price=5000, date=start.date(), time=start.time().replace(second=0, microsecond=0))
    own = make_event(price=5000, payment_deadline_hours=12)
    free = make_event(price=0)
    for event, i in ((soon, 1), (own, 2), (free, 3)):
        register(client, event.pk, person(i))
    due = dict(Registration.objects.values_list("event_id", "payment_due_at"))
    assert due[soon.pk] == soon.starts_at
    assert abs(due[own.pk] - (timezone.now() + timedelta(hours=12))) < timedelta(seconds=5)
    assert due[free.pk] is None
    settings.REGISTRATION_PAYMENT_DEADLINE_HOURS = None  # the association may switch it off
    register(client, make_event(price=5000).pk, person(4))
    assert Registration.objects.get(email="p4@example.org").payment_due_at is None


def test_a_changed_event_moves_the_deadlines_of_its_unpaid_seats(client, staff_client):
    event = make_event(price=5000)
    register(client, event.pk)
    response = staff_client.put(
        f"/api/management/events/{event.pk}/",
        data={"payment_deadline_hours": 6},
        content_type="application/json",
    )
    assert response.status_code == 200
    deliver_all()
    registration = Registration.objects.get()
    assert registration.payment_due_at - registration.registration_date == timedelta(hours=6)


def full_event(client, seats=1):
    event = make_event(maximum_attendees=seats)
    ids = [register(client, event.pk, person(i)).json()["registration"]["id"] for i in range(seats)]
    return event, ids


def wait_in_line(client, event, *numbers):
    """People join the waiting list and confirm their places, in this order."""
    for number in numbers:
        assert join(client, event.pk, person(number)).status_code == 201
        assert confirm(client, f"p{number}@example.org", "waitlist_joined").json()["confirmed_now"] is True


def test_the_waiting_list_opens_only_when_the_event_is_full(client):
    event = make_event(maximum_attendees=2)
    response = join(client, event.pk, person(50))
    assert (response.status_code, response.json()["code"]) == (409, "seats_available")
    event, _ = full_event(client)
    first = join(client, event.pk, person(50))
    assert first.status_code == 201
    assert first.json()["waitlist_entry"]["position"] is None  # counted once confirmed
    opened = confirm(client, "p50@example.org", "waitlist_joined").json()
    assert (opened["kind"], opened["waitlist_entry"]["position"]) == ("waitlist", 1)
    wait_in_line(client, event, 51)
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


def test_an_unconfirmed_place_is_never_offered_a_seat_and_ends_after_the_hold(client, staff_client):
    event, (rid,) = full_event(client)
    assert join(client, event.pk, person(50)).status_code == 201  # never confirmed
    wait_in_line(client, event, 51)
    decide(staff_client, rid, "Rejected", "")
    deliver_all()
    statuses = dict(WaitlistEntry.objects.values_list("email", "status"))
    assert statuses == {"p50@example.org": "waiting", "p51@example.org": "offered"}
    WaitlistEntry.objects.filter(email="p50@example.org").update(hold_expires_at=timezone.now())
    assert deadlines.holds_expire() == {"waitlist": 1}
    assert WaitlistEntry.objects.get(email="p50@example.org").status == "expired"
    # An ended place locks nobody out: the same person may join again.
    assert join(client, event.pk, person(50)).status_code == 201


def offered_token(entry_email):
    notification = Notification.objects.get(template="waitlist_offer", recipient=entry_email)
    return notification.context["link"].split("#offer=")[1]


def test_a_freed_seat_is_offered_to_the_earliest_person_only(client, staff_client):
    event, (rid,) = full_event(client)
    wait_in_line(client, event, 50, 51)
    decide(staff_client, rid, "Rejected", "")
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
    # The offer went to a confirmed address: the same address needs no second confirmation.
    assert Registration.objects.get(email="p50@example.org").email_confirmed_at is not None
    used = register(client, event.pk, {**person(52), "offer_token": token})
    assert (used.status_code, used.json()["code"]) == (400, "invalid_offer")


def test_an_expired_offer_passes_to_the_next_person(client, staff_client):
    event, (rid,) = full_event(client)
    wait_in_line(client, event, 50, 51)
    decide(staff_client, rid, "Rejected", "")
    deliver_all()
    token = offered_token("p50@example.org")
    WaitlistEntry.objects.filter(email="p50@example.org").update(
        offer_expires_at=timezone.now() - timedelta(minutes=1)
    )
    assert deadlines.waitlist_offers_expire() == 1
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
    wait_in_line(client, event, 50)
    join(client, event.pk, person(51))
    body = staff_client.get(f"/api/management/events/{event.pk}/waitlist/").json()
    assert body["waiting"] == 1
    assert [(e["full_name"], e["position"], e["status"], e["email_confirmed"]) for e in body["results"]] == [
        ("Person 50", 1, "waiting", True),
        ("Person 51", None, "waiting", False),
    ]
    assert (
        client.get(f"/api/management/events/{event.pk}/waitlist/", HTTP_AUTHORIZATION="").status_code == 401
    )


def test_the_nightly_reconciliation_corrects_and_reports_drift(client):
    from services.events.models import Event

    event, _ = full_event(client, seats=3)
    assert deadlines.counters_reconcile() == {"checked": 1, "corrected": 0}
    Event.objects.filter(pk=event.pk).update(registrations_total=0, registrations_pending=0)
    assert deadlines.counters_reconcile() == {"checked": 1, "corrected": 1}
    event.refresh_from_db()
    assert (event.registrations_total, event.registrations_pending) == (3, 3)


def fail(notification):
    """The e-mail failed for good: its single-use link is scrubbed, as the send task does."""
    from services.notifications.services import _record_failure

    notification.attempts = 5
    _record_failure(notification, OSError("mailbox unavailable"), transient=False)
    notification.refresh_from_db()
    assert notification.status == "failed" and "token" not in str(notification.context)
    return notification


def retry(staff_client, notification):
    return staff_client.post(f"/api/management/system/emails/{notification.pk}/retry/")


def test_a_failed_offer_is_sent_again_from_the_system_page_with_a_fresh_link(client, staff_client):
    event, (rid,) = full_event(client)
    wait_in_line(client, event, 50)
    decide(staff_client, rid, "Rejected", "")
    deliver_all()
    old_token = offered_token("p50@example.org")
    offer = fail(Notification.objects.get(template="waitlist_offer"))
    assert retry(staff_client, offer).status_code == 200
    offer.refresh_from_db()
    assert offer.status == "queued"
    new_token = offered_token("p50@example.org")
    assert new_token != old_token
    # The old link is void, the new one takes the held seat.
    assert register(client, event.pk, {**person(50), "offer_token": old_token}).status_code == 400
    assert register(client, event.pk, {**person(50), "offer_token": new_token}).status_code == 201


def test_a_failed_first_e_mail_is_sent_again_while_its_seat_is_held_and_not_after(client, staff_client):
    event = make_event(maximum_attendees=1)
    register(client, event.pk)
    deliver_all()
    first = fail(Notification.objects.get(template="registration_received"))
    assert retry(staff_client, first).status_code == 200
    token = Notification.objects.get(pk=first.pk).context["link"].split("#token=")[1]
    opened = client.post("/api/my-registration/", data={"token": token}, content_type="application/json")
    assert opened.json()["confirmed_now"] is True
    # A place whose time is over has nothing to offer: the retry says so.
    join(client, event.pk, person(9))
    deliver_all()
    joined = fail(Notification.objects.get(template="waitlist_joined"))
    WaitlistEntry.objects.update(hold_expires_at=timezone.now())
    response = retry(staff_client, joined)
    assert (response.status_code, response.json()["code"]) == (400, "not_retryable")
