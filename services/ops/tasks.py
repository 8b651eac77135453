from celery import shared_task
from celery.signals import worker_ready

from .services import heartbeat_stamp


@shared_task(name="ops.heartbeat", acks_late=True)
def heartbeat() -> str:
    return heartbeat_stamp().beat_at.isoformat()


@worker_ready.connect
def stamp_when_ready(**kwargs) -> None:
    """A worker that has just started is alive: health need not wait for beat's next tick."""
    heartbeat_stamp()
