"""Register, open the e-mailed link, approve, read the e-mails: through the outbox and a real
`celery worker`."""

import re

import pytest
from icalendar import Calendar

from conftest import mails_to, wait_for
from services.events.tests.factories import make_event
from services.notifications.models import Notification
from services.outbox.models import Delivery

from .helpers import VALID, decide, open_link, register

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_a_registrant_gets_how_to_pay_then_a_confirmation_with_an_invite(
    client, staff_client, celery_worker, mail_dir
):
    event = make_event("Deaf Awareness Week", price=3000, maximum_attendees=20, time="10:00")
    answer = register(client, event.pk).json()
    reference = answer["payment_reference"]

    [received] = wait_for(lambda: mails_to(mail_dir, VALID["email"]), what="the registration e-mail")
    assert reference in received["Subject"]
    text = received.get_body(preferencelist=("plain",)).get_content()
    assert "3,000 Rwf" in text and reference in text
    # The stored e-mail no longer holds the link; the one in the visitor's mailbox works.
    (token,) = re.findall(r"/my-registration#token=([\w-]+)", text)
    sent = wait_for(
        lambda: Notification.objects.filter(template="registration_received", status="sent").first(),
        what="the first e-mail to be marked sent",
    )
    assert "token=" not in str(sent.context)
    opened = open_link(client, token).json()
    assert (opened["confirmed_now"], opened["registration"]["email_confirmed"]) == (True, True)
    wait_for(
        lambda: Notification.objects.filter(template="registration_notice", status="sent").exists(),
        what="the organiser's notice",
    )

    assert decide(staff_client, answer["registration"]["id"], "Approved", "MP-42").status_code == 200
    mails = wait_for(
        lambda: m if len(m := mails_to(mail_dir, VALID["email"])) == 2 else None, what="the confirmation"
    )
    confirmation = mails[1]
    assert "confirmed" in confirmation["Subject"]
    [invite] = [
        part for part in confirmation.iter_attachments() if part.get_content_type() == "text/calendar"
    ]
    (vevent,) = Calendar.from_ical(invite.get_content()).walk("VEVENT")
    assert str(vevent["summary"]) == "Deaf Awareness Week"
    # Each e-mail once, whatever the redeliveries.
    assert Notification.objects.filter(recipient=VALID["email"]).count() == 2
    # Each topic has two handlers (e-mails, capacity) that the worker runs side by side: both
    # finish without the sweep (this worker has no beat), neither waits on the other's lock.
    wait_for(
        lambda: not Delivery.objects.exclude(status=Delivery.Status.DONE).exists(),
        timeout=20,
        what="every delivery of the registration's messages to be done",
    )
    event.refresh_from_db()
    assert (event.registrations_approved, event.registrations_pending) == (1, 0)


def test_a_free_seat_is_confirmed_by_its_link_and_a_cancelled_event_is_told(
    client, staff_client, celery_worker, mail_dir
):
    event = make_event("Deaf Culture Day", price=0, maximum_attendees=5)
    answer = register(client, event.pk).json()
    assert answer["payment_reference"] is None
    [received] = wait_for(lambda: mails_to(mail_dir, VALID["email"]), what="the first e-mail")
    assert received["Subject"] == "Confirm your seat: Deaf Culture Day"
    text = received.get_body(preferencelist=("plain",)).get_content()
    assert "Rwf" not in text and "reference" not in text.lower()
    (token,) = re.findall(r"/my-registration#token=([\w-]+)", text)
    opened = open_link(client, token).json()
    assert opened["registration"]["registration_status"] == "Approved"
    mails = wait_for(
        lambda: m if len(m := mails_to(mail_dir, VALID["email"])) == 2 else None, what="the confirmation"
    )
    assert mails[1]["Subject"] == "Your seat is confirmed: Deaf Culture Day"

    staff_client.post(
        f"/api/management/events/{event.pk}/change-status/",
        data={"status": "Cancelled"},
        content_type="application/json",
    )
    mails = wait_for(
        lambda: m if len(m := mails_to(mail_dir, VALID["email"])) == 3 else None, what="the cancellation"
    )
    assert mails[2]["Subject"] == "Cancelled: Deaf Culture Day"
    wait_for(
        lambda: not Delivery.objects.exclude(status=Delivery.Status.DONE).exists(),
        timeout=20,
        what="every delivery to be done",
    )
    # One e-mail each: the first, the confirmation, the cancellation.
    assert Notification.objects.filter(recipient=VALID["email"]).count() == 3
