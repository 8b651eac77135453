"""How many messages wait in each of the project's broker queues."""

import logging
from typing import Any

from django.conf import settings

from . import checks

logger = logging.getLogger(__name__)

# Transports whose queue lengths can be read: Redis lists, the embedded folder's message files.
COUNTABLE_TRANSPORTS = {"redis", "rediss", "atomicfs", "filesystem"}


def queue_depths(*, broker_ok: bool, transport: str) -> list[dict[str, Any]]:
    """Messages waiting in each queue of the project; None (unknown, not 0) when they cannot be
    counted. Read with kombu's public `queue_declare`, whose `message_count` is, on these
    transports, Redis LLEN (with its priority lists) or the embedded broker's message files.
    Not `passive=True`: Redis deletes an empty list, and a passive declaration of a queue that
    does not exist fails, where the answer is 0. Declaring an existing queue changes nothing."""
    from worker.app import app

    names = [queue.name for queue in settings.CELERY_TASK_QUEUES]
    depths: dict[str, int | None] = dict.fromkeys(names)
    if broker_ok and transport in COUNTABLE_TRANSPORTS:
        try:
            with app.connection_for_read() as conn:
                checks.connect_once(conn)
                channel = conn.channel()
                try:
                    depths = {name: int(channel.queue_declare(queue=name).message_count) for name in names}
                finally:
                    channel.close()
        except Exception as exc:
            logger.warning("Counting the queues failed: %s", type(exc).__name__)
    return [{"name": name, "depth": depths[name]} for name in names]
