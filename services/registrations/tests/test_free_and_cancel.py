"""Free events are free (no payment, reference or deadline; opening the link confirms the seat), a
registrant cancels through their own link, and staff cancelling an event tells everybody once.
The handlers run in this process through the real delivery path (helpers.deliver_all)."""

from datetime import date, time, timedelta

import pytest
from django.utils import timezone

from services.events.models import Event
from services.events.tests.factories import make_event
from services.notifications.models import Notification
from services.notifications.services import render_email
from services.registrations import deadlines, my_registration
from services.registrations.models import Registration, WaitlistEntry

from .helpers import VALID, confirm, decide, deliver_all, join, link_token, open_link, person, register

pytestmark = pytest.mark.django_db


def mails(template, recipient=None):
    rows = Notification.objects.filter(template=template)
    if recipient:
        rows = rows.filter(recipient=recipient)
    return list(rows)


def cancel(client, token):
    return client.post("/api/my-registration/cancel/", data={"token": token}, content_type="application/json")


def wait_in_line(client, event, *numbers):
    for number in numbers:
        assert join(client, event.pk, person(number)).status_code == 201
        assert confirm(client, f"p{number}@example.org", "waitlist_joined").json()["confirmed_now"] is True


# --- Free events ------------------------------------------------------------------------------


@pytest.mark.parametrize("price", [None, 0])
def test_a_free_sign_up_asks_for_no_payment_and_gives_no_reference(client, price):
    event = make_event("Deaf Culture Day", price=price)
    body = register(client, event.pk).json()
    assert body["payment_reference"] is None and body["registration"]["payment_reference"] is None
    assert body["payment_info"]["amount"] is None and body["payment_info"]["methods"] == {}
    assert body["payment_info"]["reference"] == ""
    assert "pay" not in body["next_steps"].lower()
    registration = Registration.objects.get()
    assert (registration.payment_reference, registration.payment_due_at) == (None, None)

    deliver_all()
    (received,) = mails("registration_received")
    message = render_email(received)
    assert message.subject == "Confirm your seat: Deaf Culture Day"
    html = message.alternatives[0][0]
    for text in (message.body, html):
        assert "opening the link confirms your seat" in text
        assert "Rwf" not in text and "Mobile Money" not in text and "reference" not in text.lower()
    assert "Confirm my seat" in html


def test_opening_the_link_of_a_free_event_confirms_the_seat_once(client, staff_client, settings):
    settings.REGISTRATION_REMINDER_AFTER_HOURS = 1
    event = make_event("Deaf Culture Day", price=0, maximum_attendees=10)
    register(client, event.pk)
    opened = confirm(client, VALID["email"]).json()
    assert opened["confirmed_now"] is True
    assert opened["registration"]["registration_status"] == "Approved"
    assert opened["registration"]["free"] is True
    assert opened["registration"]["payment_reference"] is None
    assert opened["message"] == "Your seat is confirmed. See you at the event!"
    registration = Registration.objects.get()
    assert (registration.registration_status, registration.transaction_id, registration.decided_by) == (
        "Approved",
        "",
        None,
    )
    # Opened again, and the worker run twice: one confirmation, one notice to staff.
    assert open_link(client, link_token(VALID["email"])).json()["registration"]["registration_status"] == (
        "Approved"
    )
    deliver_all()
    deliver_all()
    (approved,) = mails("registration_approved")
    message = render_email(approved)
    assert "Your seat is confirmed. We look forward to seeing you." in message.body
    assert "payment" not in message.body.lower() and "reference" not in message.body.lower()
    files = [part[0] for part in message.attachments if isinstance(part, tuple)]  # not the inline image
    assert files == ["invite.ics", "ticket.png"]
    (notice,) = mails("registration_notice")
    assert "a free event: the seat is confirmed" in render_email(notice).body
    # Staff see it Approved, with no payment; no reminder ever goes out for it.
    row = staff_client.get(f"/api/management/events/{event.pk}/registrations/").json()
    assert (row["approved_registrations"], row["pending_registrations"]) == (1, 0)
    assert (row["registrations"][0]["transaction_id"], row["registrations"][0]["free"]) == ("", True)
    Registration.objects.update(registration_date=timezone.now() - timedelta(days=3))
    assert deadlines.payment_reminders_send() == 0
    event.refresh_from_db()
    assert (event.registrations_approved, event.registrations_pending) == (1, 0)


def test_staff_approve_a_free_seat_again_without_a_transaction_id(client, staff_client):
    event = make_event(price=None)
    rid = register(client, event.pk).json()["registration"]["id"]
    assert decide(staff_client, rid, "Cancelled", "").status_code == 200
    response = decide(staff_client, rid, "Approved", "", payment_method="")
    assert response.status_code == 200
    assert response.json()["registration"]["transaction_id"] == ""


def test_a_free_seat_offered_from_the_waiting_list_is_confirmed_on_accepting(client, staff_client):
    event = make_event("Deaf Culture Day", maximum_attendees=1)
    rid = register(client, event.pk).json()["registration"]["id"]
    wait_in_line(client, event, 50)
    decide(staff_client, rid, "Rejected", "")
    deliver_all()
    offer = Notification.objects.get(template="waitlist_offer").context["link"].split("#offer=")[1]
    taken = register(client, event.pk, {**person(50), "offer_token": offer})
    assert taken.status_code == 201
    assert taken.json()["registration"]["registration_status"] == "Approved"
    deliver_all()
    # One e-mail: the confirmation, which carries the link to the registration.
    assert mails("registration_received", "p50@example.org") == []
    (approved,) = mails("registration_approved", "p50@example.org")
    token = approved.context["link"].split("#token=")[1]
    assert open_link(client, token).json()["registration"]["registration_status"] == "Approved"
    event.refresh_from_db()
    assert (event.registrations_approved, event.waitlist_offered) == (1, 0)


def test_a_free_event_that_gets_a_price_gives_its_unpaid_sign_ups_a_reference(client, staff_client):
    event = make_event(price=None)
    register(client, event.pk)
    response = staff_client.put(
        f"/api/management/events/{event.pk}/", data={"price": 2000}, content_type="application/json"
    )
    assert response.status_code == 200, response.json()
    deliver_all()
    registration = Registration.objects.get()
    assert registration.payment_reference and registration.payment_due_at is not None


# --- The registrant cancels -------------------------------------------------------------------


def test_a_registrant_cancels_and_the_seat_is_offered_at_once(client, staff_client):
    event = make_event("Sign Language Day", price=3000, maximum_attendees=1)
    register(client, event.pk)
    confirm(client, VALID["email"])
    wait_in_line(client, event, 50)
    deliver_all()
    token = link_token(VALID["email"])

    response = cancel(client, token)
    assert response.status_code == 200
    body = response.json()
    assert body["registration"]["registration_status"] == "Cancelled"
    assert body["registration"]["ended_reason"] == "by_registrant"
    assert body["message"] == "You cancelled this registration. Your seat went to somebody else."
    # At once, before the worker: the seat is offered to the person waiting.
    assert WaitlistEntry.objects.get().status == "offered"
    assert len(mails("waitlist_offer")) == 1
    event.refresh_from_db()
    assert (event.registrations_total, event.waitlist_offered) == (0, 1)
    # Staff see it cancelled by the registrant; the registrant is told once.
    rows = staff_client.get(f"/api/management/events/{event.pk}/registrations/").json()["registrations"]
    assert (rows[0]["registration_status"], rows[0]["ended_reason"]) == ("Cancelled", "by_registrant")
    deliver_all()
    deliver_all()
    (told,) = mails("registration_cancelled", VALID["email"])
    assert "As you asked, your registration for this event is cancelled" in render_email(told).body
    # A second press finds nothing to cancel; the link still shows the registration.
    again = cancel(client, token)
    assert (again.status_code, again.json()["code"]) == (409, "already_ended")
    assert open_link(client, token).json()["registration"]["registration_status"] == "Cancelled"


def test_a_token_opens_its_own_registration_only(client):
    event = make_event(price=3000)
    register(client, event.pk, person(1))
    register(client, event.pk, person(2))
    deliver_all()
    assert cancel(client, link_token("p1@example.org")).status_code == 200
    assert Registration.objects.get(email="p2@example.org").registration_status == "Pending"
    for token in ("", "not-a-token"):
        response = cancel(client, token)
        assert (response.status_code, response.json()["code"]) == (404, "invalid_link")


def test_a_link_works_until_the_event_is_over(client):
    event = make_event(price=3000)
    register(client, event.pk)
    deliver_all()
    token = link_token(VALID["email"])
    Event.objects.filter(pk=event.pk).update(date=date.today() - timedelta(days=1))
    for response in (open_link(client, token), cancel(client, token)):
        assert response.status_code == 410
        assert response.json() == {
            "detail": "This event is over, so this link no longer works.",
            "code": "link_ended",
        }
    assert Registration.objects.get().registration_status == "Pending"


@pytest.mark.parametrize(
    ("start", "end", "hours_after_start", "works"),
    [
        ("09:00", "17:00", 7.9, True),  # its own end time
        ("09:00", "17:00", 8.1, False),
        ("09:00", None, 2.9, True),  # EVENT_DEFAULT_DURATION_HOURS (3) after the start
        ("09:00", None, 3.1, False),
        (None, None, 23.9, True),  # a whole-day event: until the next midnight in Kigali
        (None, None, 24.1, False),
    ],
)
def test_a_link_ends_when_the_event_ends(settings, monkeypatch, start, end, hours_after_start, works):
    settings.EVENT_DEFAULT_DURATION_HOURS = 3
    event = Event(date=date(2026, 12, 5), time=start and time.fromisoformat(start))
    event.end_time = end and time.fromisoformat(end)
    moment = event.starts_at + timedelta(hours=hours_after_start)
    monkeypatch.setattr(deadlines.timezone, "now", lambda: moment)
    assert my_registration.link_works(event) is works


def test_cancelling_has_its_own_named_limit(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "my_registration_cancel": "2/h"}
    codes = [cancel(client, f"guess-{i}").status_code for i in range(3)]
    assert codes == [404, 404, 429]
    assert open_link(client, "guess").status_code == 404  # the other limit is its own


def test_leaving_the_waiting_list_passes_an_offer_on(client, staff_client):
    event = make_event(price=3000, maximum_attendees=1)
    rid = register(client, event.pk).json()["registration"]["id"]
    wait_in_line(client, event, 50, 51)
    decide(staff_client, rid, "Rejected", "")
    deliver_all()
    assert WaitlistEntry.objects.get(email="p50@example.org").status == "offered"
    response = cancel(client, link_token("p50@example.org", "waitlist_joined"))
    assert response.status_code == 200
    assert response.json()["waitlist_entry"]["status"] == "cancelled"
    assert response.json()["message"] == "You left the waiting list."
    statuses = dict(WaitlistEntry.objects.values_list("email", "status"))
    assert statuses == {"p50@example.org": "cancelled", "p51@example.org": "offered"}


# --- Staff cancel the event -------------------------------------------------------------------


def test_cancelling_an_event_tells_each_registrant_and_waiting_person_once(client, staff_client):
    event = make_event("Sign Language Day", price=3000, maximum_attendees=3)
    paid = register(client, event.pk, person(1, preferred_language="French")).json()["registration"]["id"]
    register(client, event.pk, person(2, preferred_language="Kinyarwanda"))  # confirmed, unpaid
    register(client, event.pk, person(3))  # never confirmed
    confirm(client, "p1@example.org")
    confirm(client, "p2@example.org")
    decide(staff_client, paid, "Approved", "MP-1")
    wait_in_line(client, event, 50)
    assert join(client, event.pk, person(51)).status_code == 201  # never confirmed
    deliver_all()

    response = staff_client.post(
        f"/api/management/events/{event.pk}/change-status/",
        data={"status": "Cancelled"},
        content_type="application/json",
    )
    assert response.status_code == 200
    deliver_all()  # the event's status change: the holds and the waiting list end
    deliver_all()  # the e-mails of that
    deliver_all()  # a redelivery writes nothing more

    told = Notification.objects.filter(template="event_cancelled")
    assert sorted(told.values_list("recipient", "language")) == [
        ("p1@example.org", "fr"),
        ("p2@example.org", "rw"),
        ("p50@example.org", "en"),
    ]
    statuses = dict(Registration.objects.values_list("email", "registration_status"))
    assert statuses == {
        "p1@example.org": "Approved",
        "p2@example.org": "Cancelled",
        "p3@example.org": "Cancelled",
    }
    assert set(
        Registration.objects.exclude(email="p1@example.org").values_list("ended_reason", flat=True)
    ) == {"event_cancelled"}
    assert set(WaitlistEntry.objects.values_list("status", flat=True)) == {"expired"}
    with_refund = render_email(told.get(recipient="p1@example.org"))
    assert with_refund.extra_headers["Content-Language"] == "fr"
    assert with_refund.subject == "Annulé : Sign Language Day"
    assert "nous organiserons votre remboursement" in with_refund.body
    waiting = render_email(told.get(recipient="p50@example.org"))
    assert waiting.subject == "Cancelled: Sign Language Day"
    assert "Your place on the waiting list has ended." in waiting.body
    assert f"/event/{event.pk}" in waiting.body
    kinyarwanda = render_email(told.get(recipient="p2@example.org"))
    assert kinyarwanda.extra_headers["Content-Language"] == "rw"
    # The links say so; the seats are counted again.
    opened = open_link(client, link_token("p2@example.org")).json()
    assert opened["message"] == "This event was cancelled, so this registration has ended."
    event.refresh_from_db()
    assert (event.registrations_pending, event.registrations_approved, event.waitlist_waiting) == (0, 1, 0)
    # No other e-mail to anybody about it (no separate cancellation, expiry or offer).
    later = Notification.objects.filter(template__in=["registration_cancelled", "waitlist_offer"])
    assert not later.exists()


def test_a_paid_seat_of_a_cancelled_event_is_told_of_the_refund(client, staff_client):
    event = make_event("Sign Language Day", price=3000)
    rid = register(client, event.pk).json()["registration"]["id"]
    confirm(client, VALID["email"])
    decide(staff_client, rid, "Approved", "MP-9")
    staff_client.post(
        f"/api/management/events/{event.pk}/change-status/",
        data={"status": "Cancelled"},
        content_type="application/json",
    )
    deliver_all()
    deliver_all()  # the cancellation's own message, published by the first run
    message = render_email(Notification.objects.get(template="event_cancelled"))
    assert "the organisers have cancelled Sign Language Day" in message.body
    assert "we will arrange your refund" in message.body


def test_an_event_published_again_before_the_worker_came_ends_nothing(client, staff_client):
    event = make_event(price=3000)
    register(client, event.pk)
    confirm(client, VALID["email"])
    for status in ("Cancelled", "Published"):
        staff_client.post(
            f"/api/management/events/{event.pk}/change-status/",
            data={"status": status},
            content_type="application/json",
        )
    deliver_all()
    assert Registration.objects.get().registration_status == "Pending"
    assert not Notification.objects.filter(template="event_cancelled").exists()


def test_a_free_seat_of_an_event_cancelled_meanwhile_is_not_confirmed(client):
    event = make_event(price=None)
    register(client, event.pk)
    deliver_all()
    # Cancelled, and the worker has not ended the sign-ups yet.
    Event.objects.filter(pk=event.pk).update(status=Event.Status.CANCELLED)
    body = open_link(client, link_token(VALID["email"])).json()
    assert body["registration"]["registration_status"] == "Pending"
    assert not Notification.objects.filter(template="registration_approved").exists()
