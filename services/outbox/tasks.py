from celery import shared_task

from .services import RELAY_TASK, message_relay, outbox_purge, outbox_sweep


@shared_task(name=RELAY_TASK, acks_late=True)
def relay(message_id: str) -> bool:
    return message_relay(message_id=message_id)


@shared_task(name="outbox.sweep", acks_late=True)
def sweep() -> int:
    return outbox_sweep()


@shared_task(name="outbox.purge", acks_late=True)
def purge() -> int:
    return outbox_purge()
