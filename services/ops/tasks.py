import logging

from celery import shared_task
from celery.signals import worker_ready, worker_shutdown
from django.conf import settings
from django.db import close_old_connections

from .services import heartbeat_stamp, worker_presence_stamp, worker_presence_start, worker_presence_stop

logger = logging.getLogger(__name__)


@shared_task(name="ops.heartbeat", acks_late=True)
def heartbeat() -> str:
    return heartbeat_stamp().beat_at.isoformat()


def _consumed_queues(consumer) -> list[str]:
    task_consumer = getattr(consumer, "task_consumer", None)
    if task_consumer is not None:
        return [queue.name for queue in task_consumer.queues]
    return list(consumer.app.amqp.queues.consume_from)


def _stamp_presence(hostname: str) -> None:
    # Runs in the worker's main process, outside any task: a connection the database dropped
    # (a restart) is replaced, and a failing database must not stop the worker.
    try:
        close_old_connections()
        worker_presence_stamp(hostname=hostname)
    except Exception:
        logger.warning("Could not stamp the presence of %s", hostname, exc_info=True)


@worker_ready.connect
def stamp_when_ready(sender=None, **kwargs) -> None:
    """A worker that has just started is alive: health need not wait for beat's next tick, and
    the System page lists it with its queues; then it stamps itself on its own timer."""
    heartbeat_stamp()
    if sender is None:
        return
    worker_presence_start(hostname=sender.hostname, queues=_consumed_queues(sender))
    previous = getattr(sender, "presence_timer", None)
    if previous is not None:  # the consumer restarted (a lost broker connection): one timer only
        previous.cancel()
    sender.presence_timer = sender.timer.call_repeatedly(
        settings.WORKER_PRESENCE_SECONDS, _stamp_presence, (sender.hostname,)
    )


@worker_shutdown.connect
def mark_stopped(sender=None, **kwargs) -> None:
    if sender is None:
        return
    try:
        close_old_connections()
        worker_presence_stop(hostname=sender.hostname)
    except Exception:
        logger.warning("Could not record that %s stopped", sender.hostname, exc_info=True)
