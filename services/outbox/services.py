import logging
from datetime import timedelta
from functools import partial
from uuid import UUID

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from .events import DomainEvent
from .models import OutboxMessage
from .registry import subscribers

logger = logging.getLogger(__name__)


def publish(event: DomainEvent) -> OutboxMessage:
    """Store `event` in the caller's transaction; relay it once that transaction commits."""
    message = OutboxMessage.objects.create(topic=event.topic, payload=event.to_payload())
    transaction.on_commit(partial(enqueue_relay, message.pk))
    return message


def enqueue_relay(message_id: UUID) -> None:
    from .tasks import relay  # the task module imports this one

    try:
        relay.apply_async(args=[str(message_id)], retry=False)
    except Exception:
        # The row is committed and the sweep relays it later; the visitor's request succeeds.
        logger.warning("Broker unavailable; outbox message %s left for the sweep", message_id, exc_info=True)


def message_relay(*, message_id: UUID | str) -> bool:
    """Fan one undispatched message out to its subscribers; True when this call dispatched it."""
    with transaction.atomic():
        message = (
            OutboxMessage.objects.select_for_update(skip_locked=True)
            .filter(pk=message_id, dispatched_at__isnull=True)
            .first()
        )
        if message is None:  # dispatched already, or another relay holds it right now
            return False
        message.attempts += 1
        try:
            for task in subscribers(message.topic):
                task.apply_async(args=[str(message.pk)], retry=False)
        except Exception as exc:
            # Handlers already enqueued will be enqueued again later; they run once per message.
            message.last_error = f"{type(exc).__name__}: {exc}"[:2000]
            message.save(update_fields=["attempts", "last_error"])
            logger.warning("Relay of %s failed: %s", message.pk, message.last_error)
            return False
        message.dispatched_at = timezone.now()
        message.last_error = ""
        message.save(update_fields=["attempts", "last_error", "dispatched_at"])
        return True


def outbox_sweep(*, batch_size: int = 500) -> int:
    """Relay messages whose on-commit enqueue never reached the broker; returns how many went out."""
    cutoff = timezone.now() - timedelta(seconds=settings.OUTBOX_SWEEP_AFTER_SECONDS)
    pending = (
        OutboxMessage.objects.filter(dispatched_at__isnull=True, created_at__lte=cutoff)
        .order_by("created_at")
        .values_list("pk", flat=True)[:batch_size]
    )
    return sum(message_relay(message_id=message_id) for message_id in list(pending))


def outbox_purge(*, older_than_days: int | None = None) -> int:
    days = settings.OUTBOX_RETENTION_DAYS if older_than_days is None else older_than_days
    cutoff = timezone.now() - timedelta(days=days)
    deleted, _ = OutboxMessage.objects.filter(dispatched_at__lt=cutoff).delete()
    return deleted
