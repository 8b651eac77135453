"""`@subscribe(topic)` turns a handler function into an idempotent Celery task fed by the relay."""

import logging
from collections import defaultdict
from collections.abc import Callable

from celery import Task, shared_task
from django.db import transaction

from .events import DomainEvent, event_from_payload
from .models import HandledMessage, OutboxMessage

logger = logging.getLogger(__name__)
_subscribers: dict[str, list[Task]] = defaultdict(list)

Handler = Callable[[DomainEvent, OutboxMessage], None]


def subscribers(topic: str) -> list[Task]:
    return list(_subscribers.get(topic, ()))


def subscribe(topic: str, **task_options) -> Callable[[Handler], Handler]:
    """Register `handler(event, message)` for `topic`; the Celery task is `handler.task`.

    The handler runs in a transaction together with the row that marks it done for this
    message, so it runs to completion at most once per message whatever the redeliveries.
    Side effects beyond the database (e-mail) must be queued as rows, not performed inline.
    """

    def decorator(handler: Handler) -> Handler:
        task_name = task_options.pop("name", f"{handler.__module__}.{handler.__name__}")
        options = {
            "acks_late": True,
            "max_retries": 5,
            "retry_backoff": True,
            "retry_jitter": True,
            "autoretry_for": (Exception,),
            **task_options,
        }

        @shared_task(name=task_name, **options)
        def run(message_id: str) -> bool:
            return handle_once(task_name, message_id, handler)

        if all(task.name != task_name for task in _subscribers[topic]):
            _subscribers[topic].append(run)
        handler.task = run
        return handler

    return decorator


def handle_once(handler_name: str, message_id: str, handler: Handler) -> bool:
    """Run `handler` for the message unless it already ran; True when it ran now."""
    with transaction.atomic():
        message = OutboxMessage.objects.filter(pk=message_id).first()
        if message is None:
            logger.warning("Outbox message %s is gone; %s skipped", message_id, handler_name)
            return False
        _, created = HandledMessage.objects.get_or_create(message=message, handler=handler_name)
        if not created:
            logger.info("%s already handled %s", handler_name, message_id)
            return False
        handler(event_from_payload(message.topic, message.payload), message)
        return True
