"""The outbox decides what happens to its own rows: an erasure forgets personal values in stored
payloads (the rows stay), and ops delete only messages no worker is working on."""

import pytest

from services.accounts.domain_events import PasswordResetRequested
from services.outbox.domain_event import ERASED, personal_fields
from services.outbox.models import Delivery, OutboxMessage
from services.outbox.services import message_relay, messages_discard, personal_values_forget

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_broker(monkeypatch):
    from services.core import queue

    monkeypatch.setattr(queue.app, "send_task", lambda *args, **kwargs: None)


def test_events_declare_their_personal_fields():
    assert personal_fields()[PasswordResetRequested.topic] == ("email",)
    assert "member.applied" not in personal_fields()  # ids only


def test_an_erased_address_is_forgotten_in_payloads_whatever_its_capitals():
    hers = OutboxMessage.objects.create(
        topic=PasswordResetRequested.topic, payload={"email": "Aline@Example.org"}
    )
    his = OutboxMessage.objects.create(
        topic=PasswordResetRequested.topic, payload={"email": "bosco@example.org"}
    )
    ids_only = OutboxMessage.objects.create(topic="member.applied", payload={"member_id": 4})

    assert personal_values_forget(value="aline@example.org") == 1
    assert personal_values_forget(value="aline@example.org") == 0

    assert OutboxMessage.objects.get(pk=hers.pk).payload == {"email": ERASED}
    assert OutboxMessage.objects.get(pk=his.pk).payload == {"email": "bosco@example.org"}
    assert OutboxMessage.objects.get(pk=ids_only.pk).payload == {"member_id": 4}
    assert personal_values_forget(value="  ") == 0


def test_the_password_reset_handler_finds_nobody_for_an_erased_address(staff):
    from services.accounts.handlers import send_password_reset_link
    from services.notifications.models import Notification

    staff.email = "staff@example.org"
    staff.save()
    message = OutboxMessage.objects.create(topic=PasswordResetRequested.topic, payload={"email": ERASED})
    send_password_reset_link(PasswordResetRequested(email=ERASED), message)
    assert not Notification.objects.exists()


def relayed(topic="test.nobody") -> OutboxMessage:
    message = OutboxMessage.objects.create(topic=topic)
    message_relay(message_id=message.pk)
    return message


def test_ops_delete_only_messages_no_worker_is_working_on():
    settled = relayed()
    not_relayed = OutboxMessage.objects.create(topic="test.nobody")
    busy = relayed()
    Delivery.objects.create(message=busy, handler="test.handler", next_attempt_at=busy.created_at)
    dead = relayed()
    Delivery.objects.create(
        message=dead, handler="test.handler", status="dead", next_attempt_at=dead.created_at
    )

    assert messages_discard(message_ids=[settled.pk, not_relayed.pk, busy.pk, dead.pk]) == 2

    assert set(OutboxMessage.objects.values_list("pk", flat=True)) == {not_relayed.pk, busy.pk}
    assert Delivery.objects.get().message_id == busy.pk


def test_django_admin_deletes_through_the_outbox_rule(admin_client):
    settled, not_relayed = relayed(), OutboxMessage.objects.create(topic="test.nobody")
    response = admin_client.post(
        "/admin/outbox/outboxmessage/",
        {"action": "delete_selected", "_selected_action": [settled.pk, not_relayed.pk], "post": "yes"},
        follow=True,
    )
    assert response.status_code == 200
    assert list(OutboxMessage.objects.values_list("pk", flat=True)) == [not_relayed.pk]
    assert "still being worked on" in response.content.decode()
    # A delivery goes with its message, never alone.
    busy = relayed()
    delivery = Delivery.objects.create(message=busy, handler="test.handler", next_attempt_at=busy.created_at)
    assert admin_client.get(f"/admin/outbox/delivery/{delivery.pk}/delete/").status_code == 403
