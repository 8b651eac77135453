"""Seats held only by real people: a sign-up keeps its seat for SIGNUP_CONFIRM_MINUTES after its
first e-mail, until the visitor opens the link; names are names; a lapsed or ended sign-up locks
nobody out. Each test is an attack a script could make, or what a real visitor sees."""

from datetime import timedelta

import pytest
from django.utils import timezone

from services.events.tests.factories import make_event
from services.notifications.models import Notification
from services.registrations import deadlines
from services.registrations.models import Registration, WaitlistEntry

from .helpers import VALID, confirm, decide, deliver_all, join, link_token, open_link, person, register

pytestmark = pytest.mark.django_db


def lapse(**filters):
    """The hold of matching sign-ups ends now (as if SIGNUP_CONFIRM_MINUTES had passed)."""
    Registration.objects.filter(**filters).update(hold_expires_at=timezone.now() - timedelta(seconds=1))


def test_the_answer_says_to_open_the_e_mail_within_the_hold(client, settings):
    settings.SIGNUP_CONFIRM_MINUTES = 30
    body = register(client, make_event().pk).json()
    assert body["confirm_minutes"] == 30
    assert body["confirmation"] == "Open the e-mail we sent you within 30 minutes to keep your place."


def test_invented_sign_ups_cannot_hold_every_seat(client):
    """A script fills a 3-seat event with made-up addresses nobody confirms: once the hold ends the
    seats are free again, at once and before any sweep, and a real visitor registers."""
    event = make_event(maximum_attendees=3)
    for i in range(3):
        assert register(client, event.pk, person(i)).status_code == 201
    deliver_all()  # the first e-mails go out: their holds start
    assert register(client, event.pk, person(10)).status_code == 409
    lapse(event=event)
    assert register(client, event.pk, person(10)).status_code == 201
    assert deadlines.holds_expire() == {"unconfirmed": 3, "waitlist": 0}
    statuses = list(Registration.objects.order_by("pk").values_list("registration_status", "ended_reason"))
    assert statuses == [("Expired", "unconfirmed")] * 3 + [("Pending", "")]
    # Nobody is written to about an address nobody confirmed.
    deliver_all()
    assert not Notification.objects.exclude(template="registration_received").exists()


def test_a_sign_up_holds_its_seat_until_its_e_mail_goes_out(client):
    """While the worker or the broker is behind, the hold has not started: the seat stays held, so
    nobody loses a place to an outage (but not for ever: a day at most)."""
    event = make_event(maximum_attendees=1)
    register(client, event.pk)
    assert Registration.objects.get().hold_expires_at is None
    assert register(client, event.pk, person(2)).status_code == 409
    assert deadlines.holds_expire() == {"waitlist": 0}
    Registration.objects.update(registration_date=timezone.now() - timedelta(days=1, seconds=1))
    assert register(client, event.pk, person(2)).status_code == 201


# What the link of a first e-mail answers, whatever its kind.
ANSWER_KEYS = [
    "kind",
    "confirmed_now",
    "message",
    "registration",
    "waitlist_entry",
    "payment_info",
    "contact_info",
    "next_steps",
]


def test_opening_the_link_confirms_once_and_shows_the_registration(client):
    event = make_event("Sign Language Day", price=5000)
    reference = register(client, event.pk).json()["payment_reference"]
    first = confirm(client, VALID["email"])
    assert first.status_code == 200
    body = first.json()
    assert (body["kind"], body["confirmed_now"]) == ("registration", True)
    # Both kinds send every key, in one order; the other kind's part is null.
    assert list(body) == ANSWER_KEYS
    assert body["waitlist_entry"] is None
    assert body["registration"]["event"]["title"] == "Sign Language Day"
    assert body["registration"]["payment_reference"] == reference
    assert body["registration"]["registration_status"] == "Pending"
    assert body["registration"]["email_confirmed"] is True
    assert body["payment_info"]["reference"] == reference
    assert "5,000 Rwf" in body["payment_info"]["methods"]["Mobile Money"]
    # The link keeps working, to look again; it confirms only once.
    again = open_link(client, link_token(VALID["email"])).json()
    assert again["confirmed_now"] is False
    assert Registration.objects.get().email_confirmed_at is not None


def test_a_confirmed_sign_up_keeps_its_seat_after_the_hold(client):
    event = make_event(maximum_attendees=1, price=1000)
    register(client, event.pk)
    confirm(client, VALID["email"])
    lapse()
    assert register(client, event.pk, person(2)).status_code == 409
    assert deadlines.holds_expire() == {"waitlist": 0}
    assert Registration.objects.get().registration_status == "Pending"


def test_a_link_opened_too_late_ends_the_sign_up_and_says_so(client):
    register(client, make_event().pk)
    deliver_all()
    lapse()
    body = open_link(client, link_token(VALID["email"])).json()
    assert body["confirmed_now"] is False
    assert body["registration"]["registration_status"] == "Expired"
    assert body["message"] == (
        "This link was not opened in time, so the seat was released. You can register again."
    )


@pytest.mark.parametrize("token", ["", "not-a-token", "x" * 43])
def test_an_unknown_link_is_refused(client, token):
    response = open_link(client, token)
    assert (response.status_code, response.json()["code"]) == (404, "invalid_link")


def test_opening_links_has_its_own_named_limit(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "my_registration": "3/h"}
    codes = [open_link(client, f"guess-{i}").status_code for i in range(4)]
    assert codes == [404, 404, 404, 429]


def test_a_waiting_list_place_is_confirmed_through_the_same_page(client):
    event = make_event(maximum_attendees=1)
    register(client, event.pk)
    assert join(client, event.pk, person(5)).status_code == 201
    body = confirm(client, "p5@example.org", "waitlist_joined").json()
    assert (body["kind"], body["confirmed_now"]) == ("waitlist", True)
    assert list(body) == ANSWER_KEYS
    nulls = ("registration", "payment_info", "contact_info", "next_steps")
    assert [body[name] for name in nulls] == [None] * 4
    assert body["waitlist_entry"]["position"] == 1
    assert body["message"] == (
        "Your place on the waiting list is confirmed. We will e-mail you when a seat frees up."
    )
    assert WaitlistEntry.objects.get().email_confirmed_at is not None


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Aline\nPay to 0788 000 111 instead", "Please write the name on one line."),
        ("Aline\rUwase", "Please write the name on one line."),
        ("A" * 71, "Please keep the name under 70 characters."),
        (
            "Aline see https://pay-here.example",
            "A name cannot contain a web address, an e-mail address or a phone number.",
        ),
        ("Aline www.pay-here", "A name cannot contain a web address, an e-mail address or a phone number."),
        ("Aline pay-here.com", "A name cannot contain a web address, an e-mail address or a phone number."),
        ("Aline bit.ly/x", "A name cannot contain a web address, an e-mail address or a phone number."),
        (
            "Aline billing@evil.org",
            "A name cannot contain a web address, an e-mail address or a phone number.",
        ),
        ("Call 0788 000 111", "A name cannot contain a web address, an e-mail address or a phone number."),
        (
            "Call +250-788-000-111",
            "A name cannot contain a web address, an e-mail address or a phone number.",
        ),
    ],
)
def test_a_name_is_one_line_without_links_addresses_or_numbers(client, name, message):
    """The name is printed at the top of an e-mail to an address nobody confirmed: it must not be
    able to carry 'payment instructions' of its own."""
    event = make_event()
    response = register(client, event.pk, {**VALID, "full_name": name})
    assert (response.status_code, response.json()["fields"]) == (400, {"full_name": message})
    waiting = join(client, event.pk, {**VALID, "full_name": name})
    assert waiting.json()["fields"]["full_name"] == message
    assert not Registration.objects.exists()


@pytest.mark.parametrize(
    "name", ["Aline Uwase", "Jean-Aimé N'Dayishimiye", "Dr. Marie-Claire St. John", "Ngabo II", "Uwase A."]
)
def test_real_names_pass(client, name):
    assert register(client, make_event().pk, {**VALID, "full_name": name}).status_code == 201


@pytest.mark.parametrize(
    "email", ["info?bcc=victim@example.org", "a&body=pay@example.org", "x%0Ay@example.org"]
)
def test_an_address_cannot_carry_mailto_headers(client, email):
    response = register(client, make_event().pk, {**VALID, "email": email})
    assert (response.status_code, response.json()["fields"]) == (
        400,
        {"email": "Please enter a valid e-mail address."},
    )


def test_a_rejected_expired_or_cancelled_sign_up_locks_nobody_out(client, staff_client):
    """Somebody squats your address and phone on an event; once staff reject it (or it expires, or
    is cancelled) you register with them."""
    event = make_event()
    squatter = register(client, event.pk).json()["registration"]["id"]
    assert register(client, event.pk).status_code == 409
    assert decide(staff_client, squatter, "Rejected", "").status_code == 200
    again = register(client, event.pk)
    assert again.status_code == 201
    deliver_all()
    lapse(pk=again.json()["registration"]["id"])
    third = register(client, event.pk)  # the lapsed one ends here, without waiting for the sweep
    assert third.status_code == 201
    assert decide(staff_client, third.json()["registration"]["id"], "Cancelled", "").status_code == 200
    assert register(client, event.pk).status_code == 201
    statuses = list(Registration.objects.order_by("pk").values_list("registration_status", flat=True))
    assert statuses == ["Rejected", "Expired", "Cancelled", "Pending"]


def test_the_same_person_cannot_be_approved_twice_for_one_event(client, staff_client):
    event = make_event()
    first = register(client, event.pk).json()["registration"]["id"]
    decide(staff_client, first, "Rejected", "")
    register(client, event.pk)
    response = decide(staff_client, first, "Approved", "MP-1")
    assert (response.status_code, response.json()["code"]) == (409, "duplicate_registration")
