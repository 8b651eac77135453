"""Through a real `celery worker`: the acknowledgement reaches the requester's mailbox once with
its cancel link, and the day-before reminder task sent twice at once reaches each of the
interpreter and the requester once."""

import re
import time as clock
from datetime import timedelta

import pytest
from django.utils import timezone

from conftest import mails_to, wait_for
from services.interpreting.models import InterpreterRequest
from services.interpreting.tasks import send_reminders

from .helpers import STAFF, body, interpreter, post

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

REQUESTER = "claudine@example.org"


def test_the_reminder_task_run_twice_at_once_sends_each_reminder_once(
    client, staff_client, celery_worker, mail_dir
):
    aline = interpreter(1, display_name="Aline U.")
    soon = timezone.localtime() + timedelta(hours=20)
    staff = staff_client.defaults.pop("HTTP_AUTHORIZATION")
    sent = client.post(
        "/api/interpreter-requests/",
        data=body(date=soon.date().isoformat(), start_time=soon.strftime("%H:%M")),
        content_type="application/json",
    )
    assert sent.status_code == 201
    ack = wait_for(lambda: next(iter(mails_to(mail_dir, REQUESTER)), None), what="the acknowledgement")
    assert "/interpreter-request/cancel#token=" in ack.get_body(preferencelist=("plain",)).get_content()
    request = InterpreterRequest.objects.get(reference=sent.json()["reference"])

    client.defaults["HTTP_AUTHORIZATION"] = staff
    assert post(client, f"{STAFF}{request.pk}/offers/", {"member_ids": [aline.member_id]}).status_code == 200
    client.defaults.pop("HTTP_AUTHORIZATION")
    offer = wait_for(lambda: next(iter(mails_to(mail_dir, aline.member.email)), None), what="the offer")
    text = offer.get_body(preferencelist=("plain",)).get_content()
    token = re.search(r"#token=([A-Za-z0-9_-]+)&answer=accept", text).group(1)
    assert post(client, "/api/interpreter-offers/accept/", {"token": token}).status_code == 200
    told = wait_for(
        lambda: next((m for m in mails_to(mail_dir, REQUESTER) if "coming" in m["Subject"]), None),
        what="who comes",
    )
    assert "Aline U." in told.get_body(preferencelist=("plain",)).get_content()

    for _beat in range(2):
        send_reminders.delay()
    wait_for(
        lambda: next((m for m in mails_to(mail_dir, aline.member.email) if "Reminder" in m["Subject"]), None),
        what="the interpreter's reminder",
    )
    clock.sleep(2)  # the second task had its chance
    reminders = [m for m in mails_to(mail_dir, REQUESTER) if "Reminder" in m["Subject"]]
    assert len(reminders) == 1
    assert len([m for m in mails_to(mail_dir, aline.member.email) if "Reminder" in m["Subject"]]) == 1
    assert len([m for m in mails_to(mail_dir, REQUESTER) if "received" in m["Subject"]]) == 1
