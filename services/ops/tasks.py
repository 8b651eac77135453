from celery import shared_task

from .services import heartbeat_stamp


@shared_task(name="ops.heartbeat", acks_late=True)
def heartbeat() -> str:
    return heartbeat_stamp().beat_at.isoformat()
