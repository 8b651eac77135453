import logging

from celery import shared_task

from services.core.doorbell import answer

from .deliveries import deliveries_run, deliveries_run_once, messages_complete
from .registry import handler_named, once_per
from .services import DELIVER_TASK, RELAY_TASK, outbox_purge, outbox_relay_waiting, outbox_sweep

logger = logging.getLogger(__name__)


@shared_task(name=RELAY_TASK, acks_late=True)
def relay(message_id: str | None = None) -> int:
    """Relays every waiting message, not only `message_id` (the one that rang the doorbell)."""
    answer(RELAY_TASK)
    return outbox_relay_waiting()


@shared_task(name=DELIVER_TASK, acks_late=True)
def deliver(pairs: list[list[str]]) -> int:
    """Runs a few deliveries, [handler task name, message id] each: in one transaction, each
    handler in a savepoint of its own (deliveries_run), except that a handler subscribed `once_per`
    a key runs once for all of its deliveries here with the same key (deliveries_run_once). The
    messages are marked complete once for the batch (a worker killed before: the sweep does it)."""
    runs = []
    together: dict = {}  # handler → its pairs, for the handlers that run once per key
    for handler_name, message_id in pairs:
        handler = handler_named(handler_name)
        if handler is None:  # a handler renamed or removed since: its delivery waits for ops
            logger.error("No handler %s for outbox message %s", handler_name, message_id)
        elif once_per(handler_name) is not None:
            together.setdefault(handler, []).append((handler_name, message_id))
        else:
            runs.append((handler_name, message_id, handler))
    ran = deliveries_run(runs=runs) if runs else 0
    for handler, handler_pairs in together.items():
        ran += deliveries_run_once(pairs=handler_pairs, handler=handler, key=once_per(handler_pairs[0][0]))
    messages_complete(message_ids={message_id for _handler, message_id in pairs})
    return ran


@shared_task(name="outbox.sweep", acks_late=True)
def sweep() -> int:
    return outbox_sweep()


@shared_task(name="outbox.purge", acks_late=True)
def purge() -> int:
    return outbox_purge()
