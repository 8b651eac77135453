"""The reminder through a real `celery worker`: the beat's task sent twice at once, one e-mail in
the registrant's mailbox, with the ticket's QR code inline and attached, and the invite."""

import time as clock
from datetime import timedelta

import pytest
from django.utils import timezone

from conftest import mails_to, wait_for
from services.events.tests.factories import make_event
from services.notifications.models import Notification
from services.registrations.models import EventReminder, Registration
from services.registrations.tasks import send_event_reminders

from .helpers import VALID, decide, register

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_the_beat_task_run_twice_at_once_sends_one_reminder(client, staff_client, celery_worker, mail_dir):
    starts = timezone.localtime() + timedelta(hours=12)  # the 1-day point passed 12 hours ago
    event = make_event("Deaf Awareness Week", price=3000, date=starts.date(), time=starts.time())
    answer = register(client, event.pk).json()
    registration_id = answer["registration"]["id"]
    assert decide(staff_client, registration_id, "Approved", "MP-42").status_code == 200
    # Approved two days ago: before the point.
    Registration.objects.filter(pk=registration_id).update(decided_at=timezone.now() - timedelta(days=2))
    wait_for(
        lambda: Notification.objects.filter(template="registration_approved", status="sent").exists(),
        what="the confirmation",
    )

    for _beat in range(2):
        send_event_reminders.delay()
    mail = wait_for(
        lambda: next((m for m in mails_to(mail_dir, VALID["email"]) if "Reminder" in m["Subject"]), None),
        what="the reminder",
    )
    clock.sleep(2)  # the second task had its chance
    assert [m["Subject"] for m in mails_to(mail_dir, VALID["email"])].count(mail["Subject"]) == 1
    assert list(EventReminder.objects.values_list("registration_id", "kind")) == [(registration_id, "1_day")]
    assert Notification.objects.filter(template="event_reminder").count() == 1
    html = mail.get_body(preferencelist=("html",)).get_content()
    assert 'src="cid:ticket-qr@tickets"' in html
    types = {part.get_content_type() for part in mail.walk()}
    assert {"text/calendar", "image/png", "multipart/related"} <= types
