import smtplib
from datetime import timedelta
from email import message_from_bytes

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core import mail
from django.core.cache import cache
from django.core.mail.backends.base import BaseEmailBackend
from django.utils import timezone

from services.core import queue
from services.notifications.backends import EmlFileBackend
from services.notifications.models import Notification
from services.notifications.services import (
    SEND_DUE_SHARE,
    NotRetryable,
    notification_queue,
    notification_retry,
    notification_send,
    notifications_send_due,
    notifications_sweep,
)
from services.notifications.tasks import send_due
from services.outbox.models import OutboxMessage

CONTEXT = {
    "name": "Aline",
    "email": "aline@example.org",
    "message": "Hello <b>there</b>",
    "received_at": "now",
}


class FailingBackend(BaseEmailBackend):
    error: Exception = smtplib.SMTPServerDisconnected("provider went away")

    def send_messages(self, messages):
        raise self.error


@pytest.fixture
def locmem(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def queued(**overrides):
    return Notification.objects.create(
        **{
            "template": "contact_acknowledgement",
            "recipient": "aline@example.org",
            "context": CONTEXT,
            **overrides,
        }
    )


@pytest.mark.django_db
def test_sending_renders_subject_text_and_html_in_the_shared_layout(locmem, settings):
    notification = queued(template="contact_notice", context={**CONTEXT, "name": "O'Brien & Sons"})
    notification.reply_to = "aline@example.org"
    notification.save()
    outcome = notification_send(notification_id=notification.pk)

    assert outcome.status == "sent"
    [email] = mail.outbox
    assert email.subject == "New contact message from O'Brien & Sons"  # plain text: not escaped
    assert email.to == ["aline@example.org"]
    assert email.reply_to == ["aline@example.org"]
    assert "Hello <b>there</b>" in email.body and "O'Brien & Sons" in email.body
    assert settings.ASSOCIATION["name"] in email.body and settings.ASSOCIATION["phone"] in email.body
    html, mimetype = email.alternatives[0]
    assert mimetype == "text/html"
    assert "Hello &lt;b&gt;there&lt;/b&gt;" in html  # visitor text is escaped in HTML
    notification.refresh_from_db()
    assert notification.status == "sent" and notification.attempts == 1 and notification.sent_at
    assert notification.message_id == email.extra_headers["Message-ID"]


@pytest.mark.django_db
def test_a_row_that_is_not_queued_is_never_sent_again(locmem):
    notification = queued()
    notification_send(notification_id=notification.pk)
    assert notification_send(notification_id=notification.pk) is None
    assert len(mail.outbox) == 1


@pytest.mark.django_db
def test_a_transient_failure_requeues_with_backoff_until_the_limit(settings):
    settings.EMAIL_BACKEND = f"{__name__}.FailingBackend"
    settings.NOTIFICATION_MAX_ATTEMPTS = 3
    notification = queued()

    first = notification_send(notification_id=notification.pk)
    assert first.status == "queued" and 30 <= first.retry_in <= 38
    notification.refresh_from_db()
    assert 29 <= (notification.next_attempt_at - timezone.now()).total_seconds() <= 38  # stored too
    assert notification_send(notification_id=notification.pk) is None  # not due yet: nobody sends it

    def time_passes():
        Notification.objects.filter(pk=notification.pk).update(next_attempt_at=timezone.now())

    time_passes()
    second = notification_send(notification_id=notification.pk)
    assert second.status == "queued" and 60 <= second.retry_in <= 75
    time_passes()
    third = notification_send(notification_id=notification.pk)
    assert third.status == "failed" and third.retry_in is None

    notification.refresh_from_db()
    assert notification.attempts == 3
    assert "provider went away" in notification.error


@pytest.mark.django_db
def test_a_refused_recipient_fails_at_once_and_ops_can_retry(settings, monkeypatch):
    settings.EMAIL_BACKEND = f"{__name__}.FailingBackend"
    monkeypatch.setattr(
        FailingBackend, "error", smtplib.SMTPRecipientsRefused({"x@example.org": (550, b"no")})
    )
    notification = queued()
    assert notification_send(notification_id=notification.pk).status == "failed"

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    notification_retry(notification=notification)
    assert notification.status == "queued" and notification.attempts == 0
    assert notification_send(notification_id=notification.pk).status == "sent"


@pytest.mark.django_db
def test_one_email_per_event_template_and_recipient():
    source = OutboxMessage.objects.create(topic="contact.received")
    first = notification_queue(
        template="contact_notice", recipient="a@example.org", language="en", source_message=source
    )
    again = notification_queue(
        template="contact_notice", recipient="a@example.org", language="en", source_message=source
    )
    assert first.pk == again.pk
    assert Notification.objects.count() == 1


@pytest.fixture
def sent_tasks(monkeypatch):
    calls = []
    monkeypatch.setattr(queue.app, "send_task", lambda name, args, **options: calls.append(args[0]))
    return calls


@pytest.mark.django_db(transaction=True)
def test_the_sweep_sends_overdue_rows_and_leaves_retries_to_their_time(sent_tasks):
    now = timezone.now()
    overdue = queued(next_attempt_at=now - timedelta(minutes=5))
    waiting_for_retry = queued(next_attempt_at=now + timedelta(minutes=1))
    just_queued = queued()
    done = queued(status="sent", next_attempt_at=now - timedelta(minutes=5))
    sent_tasks.clear()

    assert notifications_sweep() == 1
    assert sent_tasks == [overdue.pk]
    assert {waiting_for_retry.pk, just_queued.pk, done.pk}.isdisjoint(sent_tasks)


@pytest.mark.django_db(transaction=True)
def test_an_email_whose_outcome_is_unknown_is_resent_once_with_the_same_message_id(sent_tasks, locmem):
    notification = notification_queue(
        template="contact_notice", recipient="office@example.org", language="en", context=CONTEXT
    )
    message_id = notification.message_id  # fixed when the row is made
    assert message_id.startswith("<") and message_id.endswith(">")

    def worker_dies_after_the_provider_took_it():
        Notification.objects.filter(pk=notification.pk).update(
            status="sending", updated_at=timezone.now() - timedelta(minutes=30)
        )

    worker_dies_after_the_provider_took_it()
    sent_tasks.clear()
    assert notifications_sweep() == 1
    notification.refresh_from_db()
    assert (notification.status, notification.outcome_unknown) == ("queued", True)
    assert notification_send(notification_id=notification.pk).status == "sent"
    assert mail.outbox[0].extra_headers["Message-ID"] == message_id  # recognisably the same e-mail

    worker_dies_after_the_provider_took_it()  # and once more: no third e-mail, ops look instead
    sent_tasks.clear()
    assert notifications_sweep() == 0 and sent_tasks == []
    notification.refresh_from_db()
    assert notification.status == "failed" and "unknown" in notification.error
    assert len(mail.outbox) == 1


@pytest.mark.django_db
def test_a_time_limit_is_not_taken_for_a_failure(settings, monkeypatch):
    settings.EMAIL_BACKEND = f"{__name__}.FailingBackend"
    monkeypatch.setattr(FailingBackend, "error", SoftTimeLimitExceeded())
    notification = queued(
        template="password_reset",
        context={
            **CONTEXT,
            "reset_url": "https://x/#token=abc",
            "_secret": ["reset_url"],
            "username": "u",
            "minutes": 60,
        },
    )
    with pytest.raises(SoftTimeLimitExceeded):
        notification_send(notification_id=notification.pk)
    notification.refresh_from_db()
    # The mail may have gone: the row stays in flight for the sweep, the link is kept for a resend.
    assert notification.status == "sending" and "abc" in notification.context["reset_url"]


@pytest.mark.django_db(transaction=True)
def test_a_sender_stopped_mid_batch_leaves_the_unsent_emails_queued_as_they_were(broker, monkeypatch):
    calls = []

    class SlowBackend(BaseEmailBackend):
        """Takes the first e-mail, then the task's time limit strikes during the second."""

        def send_messages(self, messages):
            calls.append(messages[0].to[0])
            if len(calls) == 2:
                raise SoftTimeLimitExceeded()
            mail.outbox.extend(messages)
            return len(messages)

    monkeypatch.setattr("services.notifications.services.get_connection", lambda: SlowBackend())
    mail.outbox = []
    for number in range(4):
        due = timezone.now() - timedelta(seconds=10 - number)
        queued(recipient=f"n{number}@example.org", next_attempt_at=due)
    with pytest.raises(SoftTimeLimitExceeded):
        notifications_send_due()
    rows = dict(Notification.objects.values_list("recipient", "status"))
    # The first went; the second may have (the sweep's case); the others were never tried.
    assert rows == {
        "n0@example.org": "sent",
        "n1@example.org": "sending",
        "n2@example.org": "queued",
        "n3@example.org": "queued",
    }
    assert set(Notification.objects.filter(status="queued").values_list("attempts", flat=True)) == {0}
    send_due()  # the next sender takes them, once each
    assert [email.to[0] for email in mail.outbox] == ["n0@example.org", "n2@example.org", "n3@example.org"]


def test_eml_backend_writes_one_readable_file_per_message(tmp_path):
    backend = EmlFileBackend(file_path=tmp_path)
    messages = [
        mail.EmailMessage(f"Subject {i}", "Body", "from@example.org", ["to@example.org"]) for i in range(2)
    ]
    assert backend.send_messages(messages) == 2
    files = sorted(tmp_path.glob("*.eml"))
    assert len(files) == 2
    assert not list(tmp_path.glob(".*"))  # no temporary files left behind
    parsed = message_from_bytes(files[0].read_bytes())
    assert parsed["To"] == "to@example.org"
    assert parsed["Subject"].startswith("Subject")


@pytest.mark.django_db
def test_a_failed_email_with_a_single_use_link_is_not_sent_again(settings):
    settings.EMAIL_BACKEND = f"{__name__}.FailingBackend"
    settings.NOTIFICATION_MAX_ATTEMPTS = 1
    notification = queued(
        template="password_reset",
        context={
            **CONTEXT,
            "username": "u",
            "minutes": 60,
            "reset_url": "https://x/reset-password/abc",
            "_secret": ["reset_url"],
        },
    )
    assert notification_send(notification_id=notification.pk).status == "failed"
    notification.refresh_from_db()
    assert "abc" not in str(notification.context)
    with pytest.raises(NotRetryable):
        notification_retry(notification=notification)


@pytest.fixture
def broker(monkeypatch):
    """What reached the broker: (task name, args, countdown)."""
    calls = []

    def send_task(name, args=(), kwargs=None, countdown=None, **options):
        calls.append((name, list(args), countdown))

    monkeypatch.setattr(queue.app, "send_task", send_task)
    return calls


@pytest.mark.django_db(transaction=True)
def test_many_emails_ring_one_sender_which_sends_them_all_once(broker, settings, tmp_path):
    settings.EMAIL_BACKEND = "services.notifications.backends.EmlFileBackend"
    settings.EMAIL_FILE_PATH = tmp_path
    for number in range(5):
        notification_queue(
            template="contact_acknowledgement",
            recipient=f"n{number}@example.org",
            context=CONTEXT,
            language="en",
        )
    assert broker == [("notifications.send_due", [], None)]  # one task for the five

    send_due()
    assert sorted(Notification.objects.values_list("status", "attempts")) == [("sent", 1)] * 5
    assert sorted(message_from_bytes(path.read_bytes())["To"] for path in tmp_path.glob("*.eml")) == [
        f"n{number}@example.org" for number in range(5)
    ]
    send_due()  # delivered again by the broker: nothing is sent twice
    assert len(list(tmp_path.glob("*.eml"))) == 5


@pytest.mark.django_db(transaction=True)
def test_a_sender_taking_many_emails_leaves_the_next_ones_to_another_process(broker, locmem):
    for number in range(SEND_DUE_SHARE):
        queued(recipient=f"n{number}@example.org")
    broker.clear()
    send_due()
    # A few: one process sends them all, without a task for another.
    assert broker == []
    assert len(mail.outbox) == SEND_DUE_SHARE

    for number in range(SEND_DUE_SHARE + 1):
        queued(recipient=f"m{number}@example.org")
    send_due()
    # More were due: the bell rang again at once, for another worker process to share.
    assert broker == [("notifications.send_due", [], None)]
    assert len(mail.outbox) == 2 * SEND_DUE_SHARE + 1


@pytest.mark.django_db(transaction=True)
def test_in_a_batch_a_transient_failure_gets_its_retry_and_the_others_go(broker, settings, monkeypatch):
    calls = []

    class FlakyBackend(BaseEmailBackend):
        """Refuses the first e-mail for now (a dropped connection), takes the others."""

        def send_messages(self, messages):
            calls.append(messages[0].to[0])
            if len(calls) == 1:
                raise smtplib.SMTPServerDisconnected("provider went away")
            mail.outbox.extend(messages)
            return len(messages)

    monkeypatch.setattr("services.notifications.services.get_connection", lambda: FlakyBackend())
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    mail.outbox = []
    first = queued(recipient="first@example.org")
    queued(recipient="second@example.org")
    broker.clear()
    send_due()
    first.refresh_from_db()
    assert (first.status, first.attempts) == ("queued", 1)
    assert [email.to for email in mail.outbox] == [["second@example.org"]]
    [retry] = [call for call in broker if call[0] == "notifications.send"]
    assert retry[1] == [first.pk] and retry[2] >= 30  # its own task, when its row is due


@pytest.mark.django_db(transaction=True)
def test_an_email_left_by_a_doorbell_whose_task_never_came_is_sent_by_the_sweep(monkeypatch, locmem):
    """A frozen Redis runs the doorbell's flag command when it thaws, after the publish of the
    sender had failed: the flag then says a sender is coming, and none is."""
    published = []
    monkeypatch.setattr(queue.app, "send_task", lambda name, args, **options: published.append((name, args)))
    cache.add("doorbell:notifications.send_due", 1, timeout=600)  # the flag that outlived its task
    left = queued(next_attempt_at=timezone.now() - timedelta(seconds=settings.DOORBELL_SECONDS + 5))
    published.clear()

    notifications_sweep()

    assert ("notifications.send_due", ()) in published
    cache.delete("doorbell:notifications.send_due")
    # The sender it calls takes the e-mail.
    assert notifications_send_due()[0] == 1
    left.refresh_from_db()
    assert left.status == "sent" and mail.outbox[0].to == ["aline@example.org"]
