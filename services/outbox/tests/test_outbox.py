import time
from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError

from services.core import queue
from services.core.breaker import broker_breaker
from services.outbox import registry
from services.outbox.deliveries import PermanentError, delivery_run
from services.outbox.domain_event import DomainEvent
from services.outbox.models import Delivery, OutboxMessage
from services.outbox.registry import subscribers
from services.outbox.services import (
    DELIVER_BATCH,
    RELAY_BATCH,
    delivery_rerun,
    message_relay,
    outbox_purge,
    outbox_sweep,
    publish,
)
from services.outbox.tasks import deliver, relay


@dataclass(frozen=True)
class SampleHappened(DomainEvent):
    topic = "test.sample_happened"
    sample_id: int


@pytest.fixture
def sent(monkeypatch):
    """What reached the broker: (task name, args) pairs."""
    calls = []
    monkeypatch.setattr(
        queue.app, "send_task", lambda name, args, **options: calls.append((name, list(args)))
    )
    return calls


def handed_out(sent) -> list[tuple[str, str]]:
    """The (handler, message id) deliveries handed to workers, a few per task."""
    return [tuple(pair) for name, args in sent if name == "outbox.deliver" for pair in args[0]]


@pytest.fixture
def handled(monkeypatch):
    """Two handlers subscribed to the sample topic; each records the ids it saw."""
    seen = {"test.first": [], "test.second": []}
    handlers = {name: (lambda event, message, name=name: seen[name].append(event.sample_id)) for name in seen}
    monkeypatch.setitem(registry._handlers, SampleHappened.topic, handlers)
    return seen


def relayed_message(sample_id=1) -> OutboxMessage:
    message = OutboxMessage.objects.create(topic=SampleHappened.topic, payload={"sample_id": sample_id})
    assert message_relay(message_id=message.pk) is True
    return message


def run(message, name, handler) -> bool:
    return delivery_run(message_id=str(message.pk), handler_name=name, handler=handler)


@pytest.mark.django_db(transaction=True)
def test_publish_writes_the_event_and_relays_only_after_commit(sent):
    with transaction.atomic():
        message = publish(SampleHappened(sample_id=7))
        assert sent == []  # nothing leaves before the commit
    assert OutboxMessage.objects.get().payload == {"sample_id": 7}
    assert sent == [("outbox.relay", [str(message.pk)])]


@pytest.mark.django_db(transaction=True)
def test_an_event_published_in_a_rolled_back_transaction_leaves_nothing(sent):
    with pytest.raises(RuntimeError), transaction.atomic():
        publish(SampleHappened(sample_id=1))
        raise RuntimeError("the state change failed")
    assert not OutboxMessage.objects.exists()
    assert sent == []


@pytest.mark.django_db(transaction=True)
def test_the_relay_writes_one_delivery_per_handler_and_hands_each_out_once(sent, handled):
    message = relayed_message()
    assert message_relay(message_id=message.pk) is False  # a second relay finds it relayed
    assert handed_out(sent) == [("test.first", str(message.pk)), ("test.second", str(message.pk))]
    assert [name for name, _args in sent] == ["outbox.deliver"]  # both in one task
    assert sorted(Delivery.objects.values_list("handler", "status")) == [
        ("test.first", "pending"),
        ("test.second", "pending"),
    ]
    message.refresh_from_db()
    assert message.relayed_at is not None and message.completed_at is None


@pytest.mark.django_db
def test_a_message_is_complete_only_when_every_handler_has_run(sent, handled):
    message = relayed_message(3)
    handlers = registry.subscribers(SampleHappened.topic)
    assert run(message, "test.first", handlers["test.first"]) is True
    assert run(message, "test.first", handlers["test.first"]) is False  # done: never twice
    message.refresh_from_db()
    assert message.completed_at is None
    assert run(message, "test.second", handlers["test.second"]) is True
    message.refresh_from_db()
    assert message.completed_at is not None
    assert handled == {"test.first": [3], "test.second": [3]}


@pytest.mark.django_db
def test_a_topic_without_handlers_is_complete_once_relayed(sent):
    message = OutboxMessage.objects.create(topic="test.nobody_listens")
    assert message_relay(message_id=message.pk) is True
    message.refresh_from_db()
    assert message.completed_at is not None


@pytest.mark.django_db
def test_a_transient_failure_is_tried_again_later_then_dies_at_the_cap(sent, handled, settings):
    settings.OUTBOX_HANDLER_MAX_ATTEMPTS = 3
    message = relayed_message()

    def down(event, msg):
        raise ConnectionError("provider down")

    before = timezone.now()
    assert run(message, "test.first", down) is False
    delivery = Delivery.objects.get(handler="test.first")
    assert (delivery.status, delivery.attempts) == ("pending", 1)
    assert "ConnectionError: provider down" in delivery.last_error
    assert 29 <= (delivery.next_attempt_at - before).total_seconds() <= 31  # the first backoff step
    run(message, "test.first", down)
    delivery.refresh_from_db()
    assert 59 <= (delivery.next_attempt_at - before).total_seconds() <= 62  # doubled
    run(message, "test.first", down)
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("dead", 3)


@pytest.mark.django_db
def test_a_permanent_failure_is_dead_at_once_and_a_rerun_after_the_fix_runs_once(sent, handled):
    message = relayed_message(5)

    def broken(event, msg):
        raise PermanentError("no such member")

    assert run(message, "test.first", broken) is False
    delivery = Delivery.objects.get(handler="test.first")
    assert (delivery.status, delivery.attempts) == ("dead", 1)

    sent.clear()
    assert delivery_rerun(delivery=delivery) is True
    assert delivery_rerun(delivery=delivery) is False  # pending now, not dead
    handlers = registry.subscribers(SampleHappened.topic)
    assert run(message, "test.first", handlers["test.first"]) is True
    assert run(message, "test.first", handlers["test.first"]) is False
    assert handled["test.first"] == [5]


@pytest.mark.django_db
def test_a_failed_run_leaves_no_partial_effect(sent, handled):
    message = relayed_message()

    def half_done(event, msg):
        OutboxMessage.objects.create(topic="test.side_effect")
        raise ConnectionError("database went away")

    run(message, "test.first", half_done)
    assert not OutboxMessage.objects.filter(topic="test.side_effect").exists()


@pytest.mark.django_db(transaction=True)
def test_the_sweep_relays_forgotten_messages_and_hands_out_due_deliveries_only(sent, handled):
    now = timezone.now()
    forgotten = OutboxMessage.objects.create(topic=SampleHappened.topic, payload={"sample_id": 1})
    fresh = OutboxMessage.objects.create(topic=SampleHappened.topic, payload={"sample_id": 2})
    OutboxMessage.objects.filter(pk=forgotten.pk).update(created_at=now - timedelta(minutes=5))
    waiting = relayed_message(3)
    Delivery.objects.filter(message=waiting, handler="test.first").update(
        next_attempt_at=now - timedelta(seconds=1)
    )
    sent.clear()

    assert outbox_sweep() == 2  # one relay, one due delivery
    assert str(fresh.pk) not in {pk for _name, pk in handed_out(sent)}
    assert ("test.first", str(waiting.pk)) in handed_out(sent)
    assert ("test.second", str(waiting.pk)) not in handed_out(sent)
    assert {name for name, pk in handed_out(sent) if pk == str(forgotten.pk)} == {"test.first", "test.second"}
    again = Delivery.objects.get(message=waiting, handler="test.first")
    assert again.next_attempt_at > now  # not handed out again on the next sweep
    sent.clear()
    assert outbox_sweep() == 0 and sent == []


@pytest.mark.django_db(transaction=True)
def test_deliveries_the_broker_did_not_take_go_out_with_the_next_sweep_not_a_minute_later(
    sent, handled, monkeypatch, settings
):
    """Just after an outage a worker's breaker may still be open: the sweep relays the outage's
    messages but cannot hand their deliveries out. They must not wait the redelivery delay."""
    settings.OUTBOX_REDELIVER_AFTER_SECONDS = 60
    working = queue.app.send_task

    def refused(name, args, **options):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(queue.app, "send_task", refused)
    try:
        message = relayed_message(1)
    finally:
        broker_breaker.reset()  # the breaker belongs to the process: shut for what follows
    monkeypatch.setattr(queue.app, "send_task", working)
    assert sent == []
    assert all(d.next_attempt_at <= timezone.now() for d in Delivery.objects.filter(message=message))

    assert outbox_sweep() == 2
    assert sorted(handed_out(sent)) == [("test.first", str(message.pk)), ("test.second", str(message.pk))]


@pytest.mark.django_db(transaction=True)
def test_a_rush_of_messages_rings_one_relay_which_takes_them_all(sent, handled):
    first = publish(SampleHappened(sample_id=1))
    for sample_id in range(2, RELAY_BATCH + 30):  # more than one batch
        publish(SampleHappened(sample_id=sample_id))
    assert sent == [("outbox.relay", [str(first.pk)])]  # one relay queued, not one per message

    relay(str(first.pk))  # the queued relay runs: it answers the doorbell and takes every message
    assert not OutboxMessage.objects.filter(relayed_at__isnull=True).exists()
    pairs = handed_out(sent)
    assert len(pairs) == len(set(pairs)) == 2 * OutboxMessage.objects.count()
    tasks = [args[0] for name, args in sent if name == "outbox.deliver"]
    assert max(len(pairs) for pairs in tasks) == DELIVER_BATCH

    sent.clear()
    later = publish(SampleHappened(sample_id=0))  # after the relay looked: the bell rings again
    assert sent == [("outbox.relay", [str(later.pk)])]


@pytest.mark.django_db(transaction=True)
def test_a_delivery_task_runs_each_handler_once_however_often_it_comes(sent, handled):
    message = publish(SampleHappened(sample_id=4))
    relay(str(message.pk))
    [pairs] = [args[0] for name, args in sent if name == "outbox.deliver"]
    assert deliver(pairs) == 2
    assert deliver(pairs) == 0  # delivered again by the broker: nothing runs twice
    assert handled == {"test.first": [4], "test.second": [4]}
    message.refresh_from_db()
    assert message.completed_at is not None


@pytest.mark.django_db(transaction=True)
def test_a_message_split_across_two_delivery_tasks_is_complete_after_the_second(sent, handled):
    message = publish(SampleHappened(sample_id=6))
    relay(str(message.pk))
    [pairs] = [args[0] for name, args in sent if name == "outbox.deliver"]
    deliver(pairs[:1])
    message.refresh_from_db()
    assert message.completed_at is None  # one handler has not run yet
    deliver(pairs[1:])
    message.refresh_from_db()
    assert message.completed_at is not None


@pytest.mark.django_db(transaction=True)
def test_a_lost_relay_task_is_made_up_for_by_the_next_message_once_the_bell_expires(sent, handled, settings):
    settings.DOORBELL_SECONDS = 1
    publish(SampleHappened(sample_id=1))  # its relay task is lost (a worker killed with -9, say)
    time.sleep(1.1)
    sent.clear()
    second = publish(SampleHappened(sample_id=2))
    assert sent == [("outbox.relay", [str(second.pk)])]
    relay(str(second.pk))
    assert not OutboxMessage.objects.filter(relayed_at__isnull=True).exists()


@pytest.mark.django_db
def test_purge_deletes_only_completed_messages_past_retention():
    now = timezone.now()
    old = OutboxMessage.objects.create(topic="t", relayed_at=now, completed_at=now - timedelta(days=31))
    Delivery.objects.create(message=old, handler="h", status="done", next_attempt_at=now)
    recent = OutboxMessage.objects.create(topic="t", completed_at=now - timedelta(days=29))
    dead = OutboxMessage.objects.create(topic="t", relayed_at=now - timedelta(days=60))
    Delivery.objects.create(message=dead, handler="h", status="dead", next_attempt_at=now)
    OutboxMessage.objects.filter(pk=dead.pk).update(created_at=now - timedelta(days=60))

    outbox_purge()
    assert set(OutboxMessage.objects.values_list("pk", flat=True)) == {recent.pk, dead.pk}
    assert list(Delivery.objects.values_list("status", flat=True)) == ["dead"]


def test_contact_received_has_a_subscribed_handler():
    assert list(subscribers("contact.received")) == ["services.content.handlers.send_contact_emails"]


@dataclass(frozen=True)
class SampleCounted(DomainEvent):
    topic = "test.sample_counted"
    sample_id: int
    group: int


@pytest.fixture
def counted(monkeypatch):
    """A handler subscribed once per group (a recount, say) beside one that runs per message."""
    seen = {"test.recount": [], "test.each": []}

    def recount(event, message):
        if event.group < 0:
            raise ValueError("a group that cannot be counted")
        seen["test.recount"].append(event.group)

    def each(event, message):
        seen["test.each"].append(event.sample_id)

    handlers = {"test.recount": recount, "test.each": each}
    monkeypatch.setitem(registry._handlers, SampleCounted.topic, handlers)
    monkeypatch.setitem(registry._once_per, "test.recount", lambda event: event.group)
    return seen


@pytest.mark.django_db(transaction=True)
def test_a_handler_subscribed_once_per_key_runs_once_per_key_for_a_rush(sent, counted):
    messages = [publish(SampleCounted(sample_id=n, group=n % 2)) for n in range(30)]
    relay(str(messages[0].pk))
    tasks = [args[0] for name, args in sent if name == "outbox.deliver"]
    [together] = [pairs for pairs in tasks if pairs[0][0] == "test.recount"]  # one task for the rush
    assert len(together) == 30 and all(len(pairs) <= DELIVER_BATCH for pairs in tasks if pairs != together)

    assert sum(deliver(pairs) for pairs in tasks) == 60
    assert sorted(counted["test.recount"]) == [0, 1]  # once per group, not once per message
    assert sorted(counted["test.each"]) == list(range(30))
    assert not Delivery.objects.exclude(status=Delivery.Status.DONE).exists()
    assert not OutboxMessage.objects.filter(completed_at__isnull=True).exists()
    assert deliver(together) == 0  # delivered again by the broker: nothing runs twice
    assert sorted(counted["test.recount"]) == [0, 1]


@pytest.mark.django_db(transaction=True)
def test_a_failure_among_deliveries_run_once_is_recorded_on_its_own_deliveries(sent, counted):
    fine = publish(SampleCounted(sample_id=1, group=1))
    broken = publish(SampleCounted(sample_id=2, group=-1))
    relay(str(fine.pk))
    tasks = [args[0] for name, args in sent if name == "outbox.deliver"]
    [together] = [pairs for pairs in tasks if pairs[0][0] == "test.recount"]
    assert deliver(together) == 1
    assert counted["test.recount"] == [1]
    assert Delivery.objects.get(message=fine, handler="test.recount").status == Delivery.Status.DONE
    failed = Delivery.objects.get(message=broken, handler="test.recount")
    assert failed.status == Delivery.Status.DEAD and "cannot be counted" in failed.last_error


@pytest.mark.django_db(transaction=True)
def test_a_handler_failing_in_a_delivery_task_is_undone_alone_and_recorded(sent, monkeypatch):
    seen = []

    def first(event, message):
        OutboxMessage.objects.create(topic="test.side_effect", payload={"of": event.sample_id})
        if event.sample_id == 2:
            raise ConnectionError("provider down")
        seen.append(event.sample_id)

    monkeypatch.setitem(registry._handlers, SampleHappened.topic, {"test.first": first})
    messages = [publish(SampleHappened(sample_id=n)) for n in (1, 2, 3)]
    relay(str(messages[0].pk))
    [pairs] = [args[0] for name, args in sent if name == "outbox.deliver"]
    assert deliver(pairs) == 2
    assert seen == [1, 3]
    # The failed run's own writes are undone; the others' stay.
    assert sorted(m.payload["of"] for m in OutboxMessage.objects.filter(topic="test.side_effect")) == [1, 3]
    failed = Delivery.objects.get(message=messages[1])
    assert failed.status == Delivery.Status.PENDING and failed.attempts == 1
    assert "provider down" in failed.last_error
    assert failed.next_attempt_at > timezone.now()
    assert Delivery.objects.filter(status=Delivery.Status.DONE).count() == 2
