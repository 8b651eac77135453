"""The stored e-mails of a person: erased when they are, their content cleared when the
retention period ends, and a send in flight that finds its row erased leaves it erased."""

import smtplib
from datetime import timedelta

import pytest
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.utils import timezone

from services.core.errors import ApplicationError
from services.notifications.models import Notification
from services.notifications.services import (
    About,
    notification_bodies_clear,
    notification_retry,
    notification_send,
    notifications_erase,
)
from services.ops.system_report import system_report
from services.outbox.models import OutboxMessage

pytestmark = pytest.mark.django_db


def stored(recipient="aline@example.org", template="registration_received", **fields) -> Notification:
    return Notification.objects.create(
        recipient=recipient,
        template=template,
        context=fields.pop("context", {"name": "Aline Uwase", "reference": "K7MQ4X", "email": recipient}),
        **fields,
    )


def test_erasure_reaches_the_emails_about_a_person_and_no_other():
    source = OutboxMessage.objects.create(topic="member.applied", payload={"member_id": 1})
    stored("Aline@Example.org")
    stored("inbox@rnslia.org.rw", "contact_notice", reply_to="aline@example.org")
    stored("inbox@rnslia.org.rw", "registration_notice")
    of_the_message = stored("inbox@rnslia.org.rw", "member_notice", context={}, source_message=source)
    someone_else = stored("bosco@example.org", context={"name": "Bosco", "reference": "ZZZZZZ"})

    by_reference = notifications_erase(about=[About(context={"reference": "k7mq4x"})])
    assert by_reference == 3  # to her, and both of the inbox's copies that carry her reference
    assert set(Notification.objects.values_list("pk", flat=True)) == {of_the_message.pk, someone_else.pk}
    assert notifications_erase(made_for={"member_id": [2]}) == 0  # another member's
    assert notifications_erase(made_for={"member_id": [1]}) == 1
    assert list(Notification.objects.values_list("pk", flat=True)) == [someone_else.pk]


def test_an_address_reaches_what_was_sent_or_replied_to_it_within_the_templates_given():
    stored("aline@example.org", "member_applied")
    stored("aline@example.org", "registration_received")
    stored("inbox@rnslia.org.rw", "contact_notice", reply_to="ALINE@example.org")
    erased = notifications_erase(about=[About(recipient="aline@example.org", templates=("member_applied",))])
    assert erased == 1
    assert notifications_erase(about=[About(recipient="aline@example.org")]) == 2
    assert not Notification.objects.exists()
    with pytest.raises(ValueError, match="which e-mails"):
        notifications_erase(about=[About()])  # never "everything"


class ErasingBackend(BaseEmailBackend):
    """A provider that takes the e-mail while staff erase its row."""

    error: Exception | None = None

    def send_messages(self, messages):
        Notification.objects.all().delete()
        if self.error:
            raise self.error
        return len(messages)


@pytest.mark.parametrize("error", [None, smtplib.SMTPServerDisconnected("gone"), RuntimeError("template")])
def test_a_send_whose_row_is_erased_meanwhile_neither_fails_nor_brings_it_back(settings, error):
    settings.EMAIL_BACKEND = f"{__name__}.ErasingBackend"
    ErasingBackend.error = error
    notification = stored()
    notification_send(notification_id=notification.pk)  # no exception
    assert not Notification.objects.exists()


def test_the_content_of_old_emails_is_cleared_and_the_record_kept(settings):
    settings.NOTIFICATION_BODY_RETENTION_DAYS = 30
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    old = timezone.now() - timedelta(days=31)
    sent = stored(status="sent", sent_at=old, reply_to="aline@example.org")
    failed = stored(
        "jane.doe@example.org",
        status="failed",
        error="SMTPRecipientsRefused: {'Jane.Doe@example.org': (550, b'no such user')}",
    )
    Notification.objects.filter(pk=failed.pk).update(updated_at=old)
    recent = stored(status="sent", sent_at=timezone.now() - timedelta(days=29))
    queued = stored(status="queued")
    Notification.objects.filter(pk=queued.pk).update(updated_at=old)

    assert notification_bodies_clear(batch_size=1) == 2  # batches until nothing is left
    assert notification_bodies_clear() == 0

    sent.refresh_from_db()
    assert (sent.context, sent.reply_to, sent.recipient) == ({}, "", "a***@example.org")
    assert (sent.template, sent.status, sent.sent_at) == ("registration_received", "sent", old)
    failed.refresh_from_db()
    assert failed.recipient == "j***@example.org"
    assert failed.error == "SMTPRecipientsRefused: {'j***@example.org': (550, b'no such user')}"
    assert failed.body_cleared_at is not None
    for untouched in (recent, queued):
        untouched.refresh_from_db()
        assert untouched.context["name"] == "Aline Uwase" and untouched.body_cleared_at is None
    # An e-mail without its content can never be sent again, and the System page says so.
    with pytest.raises(ApplicationError) as refused:
        notification_retry(notification=failed)
    assert refused.value.code == "not_retryable"
    [row] = system_report()["failed_emails"]["items"]
    assert (row["recipient"], row["retryable"]) == ("j***@example.org", False)
    assert mail.outbox == []
