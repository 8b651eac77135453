"""`@subscribe(topic)` turns a handler function into a Celery task fed by the outbox; every run
goes through `delivery_run` (or, a batch at a time, `deliveries_run` and `deliveries_run_once`),
which runs it at most once to the end per message."""

from collections import defaultdict
from collections.abc import Callable, Hashable

from celery import shared_task

from .deliveries import delivery_run
from .domain_event import DomainEvent
from .models import OutboxMessage

Handler = Callable[[DomainEvent, OutboxMessage], None]
_handlers: dict[str, dict[str, Handler]] = defaultdict(dict)  # topic → task name → handler
_once_per: dict[str, Callable[[DomainEvent], Hashable]] = {}  # task name → key (subscribe's once_per)


def subscribers(topic: str) -> dict[str, Handler]:
    """The handlers of `topic` by task name."""
    return dict(_handlers.get(topic, {}))


def handler_named(task_name: str) -> Handler | None:
    """The handler registered under `task_name`, whatever its topic."""
    for handlers in _handlers.values():
        if task_name in handlers:
            return handlers[task_name]
    return None


def once_per(task_name: str) -> Callable[[DomainEvent], Hashable] | None:
    """The key of a handler that runs once for many deliveries (subscribe's `once_per`)."""
    return _once_per.get(task_name)


def subscribe(
    topic: str, *, name: str | None = None, once_per: Callable[[DomainEvent], Hashable] | None = None
) -> Callable[[Handler], Handler]:
    """Register `handler(event, message)` for `topic`; the Celery task is `handler.task`.

    `once_per(event)`: for a handler whose effect depends only on that key (a recount from rows,
    say), the deliveries handed out together with the same handler and key run it once, for the
    first of them, and are all marked done with it (deliveries.deliveries_run_once).

    The handler runs in a transaction together with the row that marks its delivery done, so it
    runs to the end at most once per message whatever the redeliveries. Side effects beyond the
    database (e-mail) must be queued as rows, not performed inline. Retries are not Celery's:
    a failure is recorded on the delivery row and the outbox sweep runs it again when due.
    """

    def decorator(handler: Handler) -> Handler:
        task_name = name or f"{handler.__module__}.{handler.__name__}"

        @shared_task(name=task_name, acks_late=True)
        def run(message_id: str) -> bool:
            return delivery_run(message_id=message_id, handler_name=task_name, handler=handler)

        _handlers[topic][task_name] = handler
        if once_per is not None:
            _once_per[task_name] = once_per
        handler.task = run
        return handler

    return decorator
