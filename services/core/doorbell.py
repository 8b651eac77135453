"""A doorbell for tasks that take every waiting row at once (the outbox relay, the mail sender):
one task queued at a time, not one per row, so a rush of rows does not become a rush of tasks
that queue up in front of other work.

ring(): a flag in the cache (settings.DOORBELL_SECONDS) says a task is queued and has not looked
for rows yet; while it is there, the row just committed will be seen by that task, so nothing is
sent. answer(): the task clears the flag before it looks for rows, so a row committed after its
look rings again. The flag only saves tasks: when the cache cannot say, or the queued task is lost
(a worker killed with -9), the bell rings again once the flag expires, and the beat sweeps find
every row anyway. A task too many is harmless (each takes rows under a lock)."""

import logging
from functools import partial

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from .queue import enqueue

logger = logging.getLogger(__name__)


def _key(task_name: str) -> str:
    return f"doorbell:{task_name}"


def ring(task_name: str, *args) -> bool:
    """Queue `task_name(*args)` unless one is queued already; False when the broker refused."""
    key = _key(task_name)
    try:
        first = cache.add(key, 1, timeout=settings.DOORBELL_SECONDS)
    except Exception:
        first = True  # the cache cannot say: ring (a task too many costs one empty look)
    if not first:
        return True
    if enqueue(task_name, *args):
        return True
    answer(task_name)  # not queued: the next row rings again
    return False


def ring_after_commit(task_name: str, *args) -> None:
    transaction.on_commit(partial(ring, task_name, *args))


def answer(task_name: str) -> None:
    """The task is about to look for rows: the next row committed rings again."""
    try:
        cache.delete(_key(task_name))
    except Exception:
        logger.debug("doorbell %s: the cache is unavailable", task_name, exc_info=True)
