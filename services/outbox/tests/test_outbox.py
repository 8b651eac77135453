from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from services.outbox import registry
from services.outbox.events import DomainEvent
from services.outbox.models import HandledMessage, OutboxMessage
from services.outbox.registry import handle_once, subscribers
from services.outbox.services import message_relay, outbox_purge, outbox_sweep, publish


@dataclass(frozen=True)
class SampleHappened(DomainEvent):
    topic = "test.sample_happened"
    sample_id: int


class RecordingTask:
    """Stands in for a subscribed Celery task: records what the relay enqueues."""

    def __init__(self, name, fail=False):
        self.name, self.fail, self.calls = name, fail, []

    def apply_async(self, args, **options):
        if self.fail:
            raise ConnectionError("broker down")
        self.calls.append(args)


@pytest.fixture
def recorder(monkeypatch):
    task = RecordingTask("test.recorder")
    monkeypatch.setitem(registry._subscribers, SampleHappened.topic, [task])
    return task


@pytest.mark.django_db
def test_publish_writes_the_event_and_relays_only_after_commit(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks, transaction.atomic():
        message = publish(SampleHappened(sample_id=7))
    assert OutboxMessage.objects.get().payload == {"sample_id": 7}
    assert message.topic == "test.sample_happened"
    assert len(callbacks) == 1


@pytest.mark.django_db(transaction=True)
def test_an_event_published_in_a_rolled_back_transaction_leaves_nothing():
    with pytest.raises(RuntimeError), transaction.atomic():
        publish(SampleHappened(sample_id=1))
        raise RuntimeError("the state change failed")
    assert not OutboxMessage.objects.exists()


@pytest.mark.django_db
def test_relay_fans_out_once_and_marks_dispatched(recorder):
    message = OutboxMessage.objects.create(topic=SampleHappened.topic, payload={"sample_id": 1})
    assert message_relay(message_id=message.pk) is True
    assert message_relay(message_id=message.pk) is False  # a second relay finds it dispatched
    assert recorder.calls == [[str(message.pk)]]
    message.refresh_from_db()
    assert message.dispatched_at is not None and message.attempts == 1


@pytest.mark.django_db
def test_relay_keeps_the_message_when_the_broker_fails(monkeypatch):
    failing = RecordingTask("test.failing", fail=True)
    monkeypatch.setitem(registry._subscribers, SampleHappened.topic, [failing])
    message = OutboxMessage.objects.create(topic=SampleHappened.topic, payload={"sample_id": 1})
    assert message_relay(message_id=message.pk) is False
    message.refresh_from_db()
    assert message.dispatched_at is None
    assert message.attempts == 1
    assert "broker down" in message.last_error


@pytest.mark.django_db
def test_handler_runs_once_per_message_and_again_after_a_failure():
    message = OutboxMessage.objects.create(topic=SampleHappened.topic, payload={"sample_id": 3})
    seen = []

    def flaky(event, msg):
        seen.append(event.sample_id)
        if len(seen) == 1:
            raise ConnectionError("transient")

    with pytest.raises(ConnectionError):
        handle_once("test.flaky", str(message.pk), flaky)
    assert not HandledMessage.objects.exists()  # the failed run did not mark it handled
    assert handle_once("test.flaky", str(message.pk), flaky) is True
    assert handle_once("test.flaky", str(message.pk), flaky) is False
    assert seen == [3, 3]
    assert handle_once("test.other", str(message.pk), lambda e, m: None) is True  # per handler


@pytest.mark.django_db
def test_sweep_relays_only_old_undispatched_messages(recorder):
    now = timezone.now()
    old = OutboxMessage.objects.create(topic=SampleHappened.topic, payload={"sample_id": 1})
    fresh = OutboxMessage.objects.create(topic=SampleHappened.topic, payload={"sample_id": 2})
    done = OutboxMessage.objects.create(
        topic=SampleHappened.topic, payload={"sample_id": 3}, dispatched_at=now
    )
    OutboxMessage.objects.filter(pk__in=[old.pk, done.pk]).update(created_at=now - timedelta(minutes=5))

    assert outbox_sweep() == 1
    assert recorder.calls == [[str(old.pk)]]
    fresh.refresh_from_db()
    assert fresh.dispatched_at is None


@pytest.mark.django_db
def test_purge_deletes_only_dispatched_messages_past_retention():
    now = timezone.now()
    old = OutboxMessage.objects.create(topic="t", dispatched_at=now - timedelta(days=31))
    HandledMessage.objects.create(message=old, handler="h")
    recent = OutboxMessage.objects.create(topic="t", dispatched_at=now - timedelta(days=29))
    stuck = OutboxMessage.objects.create(topic="t")
    OutboxMessage.objects.filter(pk=stuck.pk).update(created_at=now - timedelta(days=60))

    outbox_purge()
    assert set(OutboxMessage.objects.values_list("pk", flat=True)) == {recent.pk, stuck.pk}
    assert not HandledMessage.objects.exists()


def test_contact_received_has_a_subscribed_handler():
    assert [task.name for task in subscribers("contact.received")] == [
        "services.content.handlers.send_contact_emails"
    ]
