"""The one way to hand work to a worker: by task name, after the caller's transaction commits.
The broker is only a doorbell: when it is down, the row that describes the work stays in the
database and a beat sweep rings again later."""

import logging
from functools import partial

from django.db import transaction

from worker.app import app

logger = logging.getLogger(__name__)


def enqueue(task_name: str, *args) -> bool:
    """Send `task_name(*args)` now; False (and a log line) when the broker cannot take it."""
    try:
        app.send_task(task_name, args=args, retry=False)
    except Exception:
        logger.warning("Broker unavailable; %s%r left for the sweep", task_name, args, exc_info=True)
        return False
    return True


def enqueue_after_commit(task_name: str, *args) -> None:
    transaction.on_commit(partial(enqueue, task_name, *args))
