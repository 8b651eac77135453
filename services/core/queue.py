"""The one way to hand work to a worker: by task name, after the caller's transaction commits.
The broker is only a doorbell: when it is down, the row that describes the work stays in the
database and a beat sweep rings again later. A publish never holds a request up: one attempt,
bounded by settings.REDIS_TIMEOUT_SECONDS, and none at all for a few seconds after one failed
(services/core/breaker.py)."""

import logging
from functools import partial

from django.db import transaction

from worker.app import app

from .breaker import CircuitBreakerError, broker_breaker

logger = logging.getLogger(__name__)


@broker_breaker.guard
def _publish(task_name: str, args: tuple) -> None:
    app.send_task(task_name, args=args, retry=False)


def enqueue(task_name: str, *args) -> bool:
    """Send `task_name(*args)` now; False (and a log line) when the broker cannot take it."""
    try:
        _publish(task_name, args)
    except CircuitBreakerError:
        logger.warning("Broker unavailable (not asked again yet); %s%r left for the sweep", task_name, args)
        return False
    except Exception:
        logger.warning("Broker unavailable; %s%r left for the sweep", task_name, args, exc_info=True)
        return False
    return True


def enqueue_after_commit(task_name: str, *args) -> None:
    transaction.on_commit(partial(enqueue, task_name, *args))
