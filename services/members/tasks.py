from celery import shared_task

from .services import rejected_purge


@shared_task(name="members.purge_rejected", acks_late=True)
def purge_rejected() -> int:
    return rejected_purge()
