from celery import shared_task

from .my_membership import sign_in_links_purge
from .services import rejected_purge


@shared_task(name="members.purge_rejected", acks_late=True)
def purge_rejected() -> int:
    return rejected_purge()


@shared_task(name="members.purge_sign_in", acks_late=True)
def purge_sign_in() -> int:
    return sign_in_links_purge()
