"""The outbox with real processes: a `celery worker` on this run's broker and test database, and
for the outage case a private redis-server that the test stops and starts again."""

import json
import subprocess
import sys
import urllib.error
import urllib.request
from email import message_from_bytes
from pathlib import Path

import pytest
from django.db import transaction

from conftest import (
    ROOT,
    broker_backlog,
    drain,
    process_env,
    start_web,
    start_worker,
    stop,
    wait_for,
)
from services.content.handlers import send_contact_emails
from services.content.models import ContactMessage
from services.content.services import contact_message_submit
from services.notifications.models import Notification
from services.notifications.tasks import send
from services.outbox.models import OutboxMessage
from services.outbox.tasks import relay, sweep

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def emails(mail_dir: Path) -> list:
    return [message_from_bytes(path.read_bytes()) for path in sorted(mail_dir.glob("*.eml"))]


def emails_mentioning(mail_dir: Path, text: str) -> list:
    return [email for email in emails(mail_dir) if text in email.as_string()]


def test_contact_message_reaches_the_inbox_and_the_visitor(client, celery_worker, mail_dir, settings):
    response = client.post(
        "/api/management/contact-form/",
        content_type="application/json",
        data={"name": "Jean Bosco", "email": "bosco@example.org", "message": "Do you train?"},
    )
    assert response.status_code == 200

    notice, receipt = sorted(
        wait_for(lambda: len(emails(mail_dir)) >= 2 and emails(mail_dir), what="two e-mails"),
        key=lambda email: email["To"] != settings.ASSOCIATION["email"],
    )
    assert notice["To"] == settings.ASSOCIATION["email"]
    assert notice["Reply-To"] == "bosco@example.org"
    assert notice["Subject"] == "New contact message from Jean Bosco"
    assert "Do you train?" in notice.get_payload(0).get_payload(decode=True).decode()
    assert receipt["To"] == "bosco@example.org"
    assert "Dear Jean Bosco," in receipt.get_payload(0).get_payload(decode=True).decode()
    wait_for(lambda: Notification.objects.filter(status="sent").count() == 2, what="both rows marked sent")
    wait_for(lambda: OutboxMessage.objects.get().completed_at is not None, what="the message to complete")


def test_one_email_per_message_even_when_relayed_and_delivered_again(client, celery_worker, mail_dir):
    client.post(
        "/api/management/contact-form/",
        content_type="application/json",
        data={"name": "Twice", "email": "twice@example.org", "message": "Hello"},
    )
    wait_for(lambda: len(emails(mail_dir)) == 2, what="the first two e-mails")
    message = OutboxMessage.objects.get()

    # As if the relay had crashed after fanning out: relayed twice, and the handler and the send
    # tasks delivered once more by the broker.
    relay.delay(str(message.pk))
    relay.delay(str(message.pk))
    send_contact_emails.task.delay(str(message.pk))
    for notification_id in Notification.objects.values_list("pk", flat=True):
        send.delay(notification_id)

    drain(celery_worker.log, queued=broker_backlog(process_env()))
    assert len(emails(mail_dir)) == 2
    assert list(Notification.objects.values_list("status", "attempts")) == [("sent", 1), ("sent", 1)]
    assert list(message.deliveries.values_list("status", "attempts")) == [("done", 1)]


def test_a_message_published_in_a_rolled_back_transaction_sends_nothing(client, celery_worker, mail_dir):
    with pytest.raises(RuntimeError), transaction.atomic():
        contact_message_submit(name="Rolled Back", email="rolled-back@example.org", message="never sent")
        raise RuntimeError("the request failed after publishing")

    client.post(
        "/api/management/contact-form/",
        content_type="application/json",
        data={"name": "Committed", "email": "committed@example.org", "message": "sent"},
    )
    wait_for(lambda: len(emails(mail_dir)) >= 2, what="the committed message's e-mails")
    sweep.delay()
    drain(celery_worker.log, queued=broker_backlog(process_env()))
    assert emails_mentioning(mail_dir, "rolled-back@example.org") == []
    assert len(emails_mentioning(mail_dir, "committed@example.org")) == 2
    assert list(ContactMessage.objects.values_list("email", flat=True)) == ["committed@example.org"]
    assert OutboxMessage.objects.count() == 1


def _post_json(url: str, payload: dict) -> tuple[int, dict]:
    request = urllib.request.Request(
        url, data=json.dumps(payload).encode(), method="POST", headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_request_succeeds_while_the_broker_is_down_and_the_sweep_sends_later(
    private_redis, mail_dir, tmp_path
):
    env = process_env(REDIS_URL=private_redis.url, OUTBOX_SWEEP_AFTER_SECONDS="0")
    web = start_web(env, tmp_path / "web.log")
    worker = start_worker(env, tmp_path / "worker.log")
    try:
        private_redis.stop()

        status, body = _post_json(
            f"{web.url}/api/management/contact-form/",
            {"name": "Outage", "email": "outage@example.org", "message": "Still there?"},
        )
        assert (status, body) == (200, {"message": "Your message has been sent successfully!"})
        message = OutboxMessage.objects.get()
        assert message.relayed_at is None
        assert emails(mail_dir) == []

        private_redis.start()
        subprocess.run(
            [sys.executable, "-m", "celery", "-A", "worker", "call", "outbox.sweep"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            timeout=60,
        )
        wait_for(
            lambda: len(emails_mentioning(mail_dir, "outage@example.org")) == 2,
            timeout=60,
            what="the e-mails after the broker came back",
        )
        wait_for(
            lambda: OutboxMessage.objects.filter(pk=message.pk, completed_at__isnull=False).exists(),
            what="the message to complete",
        )
    finally:
        stop(web)
        stop(worker)
