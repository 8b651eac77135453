"""The venue's access information where a registrant reads it on the day (issue 27): the ticket
page, the confirmation and the reminders, under its own heading, with its lines; nothing said
when the event has none."""

import email
from datetime import time, timedelta

import pytest

from services.events.models import Event
from services.events.tests.factories import make_event
from services.notifications.models import Notification
from services.notifications.services import render_email
from services.registrations.models import Registration
from services.registrations.reminders import event_reminders_send

from .helpers import decide, deliver_all, person, register
from .test_tickets import approved

pytestmark = pytest.mark.django_db

ACCESS = (
    "Step-free entrance on the east side.\nInterpreters stand left of the stage.\nQuiet room <B2> & lift."
)


def parts(notification: Notification) -> tuple[str, str]:
    """The rendered e-mail's HTML and text parts, as sent."""
    parsed = email.message_from_bytes(render_email(notification).message().as_bytes())
    found = {p.get_content_type(): p for p in parsed.walk()}
    return tuple(found[kind].get_payload(decode=True).decode() for kind in ("text/html", "text/plain"))


def approval_mail(client, staff_client, **event_fields) -> Notification:
    make_event(title="Door Day", price=1000, days_ahead=10, time=time(9, 30), **event_fields)
    register(client, Event.objects.get().pk, person(1, disability_details="A chair near the front"))
    registration = Registration.objects.get()
    assert decide(staff_client, registration.pk, transaction_id="TX-1").status_code == 200
    deliver_all()
    return Notification.objects.get(template="registration_approved")


def reminder_mail(client, staff_client, **event_fields) -> Notification:
    approval_mail(client, staff_client, **event_fields)
    assert event_reminders_send(now=Event.objects.get().starts_at - timedelta(hours=20)) == 1
    return Notification.objects.get(template="event_reminder")


def test_the_ticket_page_carries_it(client, staff_client):
    with_text = make_event("Door Day", price=5000, access_info=ACCESS)
    _registration, code = approved(client, staff_client, with_text, 1)
    assert client.get(f"/api/tickets/{code}/").json()["event"]["access_info"] == ACCESS
    without = make_event("Quiet Day", price=5000)
    _registration, code = approved(client, staff_client, without, 2)
    assert client.get(f"/api/tickets/{code}/").json()["event"]["access_info"] == ""


@pytest.mark.parametrize("make_mail", [approval_mail, reminder_mail], ids=["confirmation", "reminder"])
def test_the_confirmation_and_the_reminder_show_it_under_its_heading_escaped_with_its_lines(
    client, staff_client, make_mail
):
    html, text = parts(make_mail(client, staff_client, access_info=ACCESS))
    assert "Venue access</h2>" in html
    assert (
        "Step-free entrance on the east side.<br>Interpreters stand left of the stage.<br>"
        "Quiet room &lt;B2&gt; &amp; lift." in html
    )
    assert f"Venue access:\n{ACCESS}\n\n" in text


def test_the_reminder_shows_the_venue_s_access_beside_the_registrant_s_own_needs(client, staff_client):
    html, text = parts(reminder_mail(client, staff_client, access_info=ACCESS))
    assert html.index("Venue access</h2>") < html.index("What you told us you need:")
    assert "A chair near the front" in html and "A sign language interpreter" in text


@pytest.mark.parametrize("make_mail", [approval_mail, reminder_mail], ids=["confirmation", "reminder"])
def test_without_it_no_heading_is_shown(client, staff_client, make_mail):
    html, text = parts(make_mail(client, staff_client))
    assert "Venue access" not in html and "Venue access" not in text
    # No empty lines left where the section would be (up to the registrant's needs, which follow).
    assert "\n\n\n" not in text.split("What you told us")[0]


def test_the_mail_says_it_in_the_registrant_s_language(client, staff_client):
    event = make_event(title="Door Day", price=1000, access_info=ACCESS)
    register(client, event.pk, person(1, preferred_language="French"))
    registration = Registration.objects.get()
    assert decide(staff_client, registration.pk, transaction_id="TX-1").status_code == 200
    deliver_all()
    notification = Notification.objects.get(template="registration_approved")
    assert notification.language == "fr"
    html, _text = parts(notification)
    assert ACCESS.splitlines()[0] in html
