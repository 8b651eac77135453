"""Publishing domain events and getting every subscribed handler to run once.

publish() writes the message in the caller's transaction; once it commits, it rings the relay's
doorbell (services/core/doorbell.py: one relay task queued at a time, however many messages come).
The relay takes every waiting message, in batches locked with SKIP LOCKED on PostgreSQL (SQLite
runs one writing transaction at a time), writes one delivery row per subscribed handler and hands
the deliveries to workers a few per task (DELIVER_TASK). The database remembers what is still to
do: the beat sweep relays messages whose relay never happened and hands due pending deliveries to
a worker again, so nothing the broker or a killed worker loses stays lost
(deliveries.delivery_run makes a second run harmless)."""

import logging
import time
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone

from services.core.doorbell import ring, ring_after_commit
from services.core.prepared import insert
from services.core.queue import enqueue, enqueue_after_commit

from .deliveries import message_complete_if_done
from .domain_event import ERASED, DomainEvent, personal_fields
from .models import Delivery, OutboxMessage
from .registry import once_per, subscribers

logger = logging.getLogger(__name__)
RELAY_TASK = "outbox.relay"
DELIVER_TASK = "outbox.deliver"
RELAY_BATCH = 200  # messages locked and relayed in one transaction
DELIVER_BATCH = 10  # deliveries per task: few enough that every worker process gets some
# Deliveries of handlers that run once per key (subscribe's once_per) go in one task per relay
# batch: a rush of one event's sign-ups recounts its seats once per batch, not once per sign-up.
ONCE_PER_BATCH = RELAY_BATCH
RELAY_SECONDS = 20  # one relay task stops after this (far under the time limit) and rings again


def publish(event: DomainEvent) -> OutboxMessage:
    """Store `event` in the caller's transaction; relay it once that transaction commits."""
    message = OutboxMessage(topic=event.topic, payload=event.to_payload())
    insert(message)  # built once per process: every state change of the site writes one
    ring_after_commit(RELAY_TASK, str(message.pk))
    return message


def _redeliver_at(now):
    # A handed-out delivery gets this long to start before the sweep rings again.
    return now + timedelta(seconds=settings.OUTBOX_REDELIVER_AFTER_SECONDS)


def _deliveries_enqueue(pairs: list[tuple[str, str]]) -> None:
    """One deliver task for `pairs`. When the broker does not take it (down, or this process's
    breaker still open just after an outage), the deliveries are due again at once: the next sweep
    hands them out, instead of waiting OUTBOX_REDELIVER_AFTER_SECONDS for a task that never was."""
    if enqueue(DELIVER_TASK, [list(pair) for pair in pairs]):
        return
    these = Q()
    for handler, message_id in pairs:
        these |= Q(handler=handler, message_id=message_id)
    Delivery.objects.filter(these, status=Delivery.Status.PENDING).update(next_attempt_at=timezone.now())


def deliveries_hand_out(pairs: list[tuple[str, str]]) -> None:
    """After the commit, hand (handler, message id) pairs to workers, DELIVER_BATCH per task, or
    ONCE_PER_BATCH for the handlers that run once per key."""
    once = [pair for pair in pairs if once_per(pair[0]) is not None]
    each = [pair for pair in pairs if once_per(pair[0]) is None]
    for batch, size in ((each, DELIVER_BATCH), (once, ONCE_PER_BATCH)):
        for start in range(0, len(batch), size):
            transaction.on_commit(partial(_deliveries_enqueue, batch[start : start + size]))


def _relay_locked(messages: list[OutboxMessage], now) -> None:
    """Write the deliveries of `messages` (locked by the caller, not relayed yet), mark them
    relayed and hand the deliveries out once the transaction commits."""
    pairs = [(name, str(message.pk)) for message in messages for name in subscribers(message.topic)]
    Delivery.objects.bulk_create(
        [Delivery(message_id=pk, handler=name, next_attempt_at=_redeliver_at(now)) for name, pk in pairs],
        ignore_conflicts=True,  # written already by a relay that died before marking the message
    )
    OutboxMessage.objects.filter(pk__in=[message.pk for message in messages]).update(
        relayed_at=now, attempts=F("attempts") + 1
    )
    for message in messages:
        if not subscribers(message.topic):
            message_complete_if_done(message_id=message.pk, now=now)  # a topic nobody subscribes to
    deliveries_hand_out(pairs)


def message_relay(*, message_id) -> bool:
    """Relay one message not relayed yet; True when this call relayed it."""
    with transaction.atomic():
        message = (
            OutboxMessage.objects.select_for_update(skip_locked=True)
            .filter(pk=message_id, relayed_at__isnull=True)
            .first()
        )
        if message is None:  # relayed already, or another relay holds it right now
            return False
        _relay_locked([message], timezone.now())
        return True


def outbox_relay(*, created_before=None, batch_size: int = RELAY_BATCH) -> int:
    """Relay one batch of waiting messages, oldest first (those created before `created_before`
    only, when given); returns how many. Rows another relay holds are skipped (PostgreSQL)."""
    with transaction.atomic():
        # completed_at: a message not relayed is never complete; it lets the pending index serve.
        waiting = OutboxMessage.objects.filter(relayed_at__isnull=True, completed_at__isnull=True)
        if created_before is not None:
            waiting = waiting.filter(created_at__lte=created_before)
        messages = list(
            waiting.select_for_update(skip_locked=True)
            .only("pk", "topic")
            .order_by("created_at")[:batch_size]
        )
        if messages:
            _relay_locked(messages, timezone.now())
        return len(messages)


def outbox_relay_waiting() -> int:
    """The relay task: every waiting message, batch after batch, for up to RELAY_SECONDS (then
    the doorbell rings for the rest); returns how many were relayed."""
    relayed, began = 0, time.monotonic()
    while batch := outbox_relay():
        relayed += batch
        if batch < RELAY_BATCH:
            break
        if time.monotonic() - began > RELAY_SECONDS:
            ring(RELAY_TASK)
            break
    return relayed


def outbox_sweep(*, batch_size: int = 500) -> int:
    """Relay what was never relayed and hand due pending deliveries to a worker again; returns how
    many pieces of work were handed out."""
    now = timezone.now()
    cutoff = now - timedelta(seconds=settings.OUTBOX_SWEEP_AFTER_SECONDS)
    relayed = outbox_relay(created_before=cutoff, batch_size=batch_size)
    with transaction.atomic():
        due = list(
            Delivery.objects.select_for_update(skip_locked=True)
            .filter(status=Delivery.Status.PENDING, next_attempt_at__lte=now)
            .order_by("next_attempt_at")
            .values_list("pk", "handler", "message_id")[:batch_size]
        )
        Delivery.objects.filter(pk__in=[pk for pk, _, _ in due]).update(next_attempt_at=_redeliver_at(now))
        deliveries_hand_out([(handler, str(message_id)) for _, handler, message_id in due])
    # Messages whose last delivery finished just as a worker died before marking them complete.
    for message_id in (
        OutboxMessage.objects.filter(
            relayed_at__isnull=False, completed_at__isnull=True, created_at__lte=cutoff
        )
        .exclude(Exists(Delivery.objects.filter(message=OuterRef("pk")).exclude(status=Delivery.Status.DONE)))
        .values_list("pk", flat=True)[:batch_size]
    ):
        message_complete_if_done(message_id=message_id, now=now)
    return relayed + len(due)


def delivery_rerun(*, delivery: Delivery) -> bool:
    """Ops: run a dead delivery again once its cause is fixed. True when it was put back."""
    with transaction.atomic():
        now = timezone.now()
        updated = Delivery.objects.filter(pk=delivery.pk, status=Delivery.Status.DEAD).update(
            status=Delivery.Status.PENDING, attempts=0, next_attempt_at=_redeliver_at(now), updated_at=now
        )
        if updated:
            enqueue_after_commit(delivery.handler, str(delivery.message_id))
    return bool(updated)


def outbox_purge(*, older_than_days: int | None = None) -> int:
    """Delete completed messages (and their deliveries) after the retention period."""
    days = settings.OUTBOX_RETENTION_DAYS if older_than_days is None else older_than_days
    cutoff = timezone.now() - timedelta(days=days)
    deleted, _ = OutboxMessage.objects.filter(completed_at__lt=cutoff).delete()
    return deleted


def personal_values_forget(*, value: str) -> int:
    """Erasure: `value` (an e-mail address, compared without case) is forgotten wherever a stored
    payload holds it in a field its event declares personal (`DomainEvent.personal`). The rows
    stay: the outbox's bookkeeping is its own, and a handler still due reads ERASED and finds
    nobody. Returns how many payloads changed."""
    value = value.strip()
    if not value:
        return 0
    forgotten = 0
    with transaction.atomic():
        for topic, fields in personal_fields().items():
            holding = Q()
            for field in fields:
                holding |= Q(**{f"payload__{field}__iexact": value})
            for message in OutboxMessage.objects.select_for_update().filter(holding, topic=topic):
                for field in fields:
                    if str(message.payload.get(field, "")).lower() == value.lower():
                        message.payload[field] = ERASED
                message.save(update_fields=["payload"])
                forgotten += 1
    return forgotten


def messages_discard(*, message_ids) -> int:
    """Ops (Django admin): delete messages no worker still works on: relayed, with no delivery
    pending. A message not relayed yet may be getting its deliveries written this very moment,
    and a pending delivery's handler may be writing rows that point at the message; those are
    left alone (they finish, or die, and the purge removes them). Returns how many went."""
    message_ids = list(message_ids)
    pending = Delivery.objects.filter(message=OuterRef("pk"), status=Delivery.Status.PENDING)
    with transaction.atomic():
        # Deliveries first, then messages: the order a handler locks them in. A handler running
        # now holds its delivery, so this waits for it; one that comes later skips a locked one.
        list(Delivery.objects.select_for_update().filter(message_id__in=message_ids).values_list("pk"))
        settled = list(
            OutboxMessage.objects.select_for_update()
            .filter(pk__in=message_ids, relayed_at__isnull=False)
            .exclude(Exists(pending))
            .values_list("pk", flat=True)
        )
        OutboxMessage.objects.filter(pk__in=settled).delete()
    return len(settled)
