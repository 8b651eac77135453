from celery import shared_task

from .my_membership import sign_in_links_purge
from .notices import renewal_notices_send
from .services import rejected_purge


@shared_task(name="members.purge_rejected", acks_late=True)
def purge_rejected() -> int:
    return rejected_purge()


@shared_task(name="members.send_renewal_notices", acks_late=True)
def send_renewal_notices() -> int:
    return renewal_notices_send()


@shared_task(name="members.purge_sign_in", acks_late=True)
def purge_sign_in() -> int:
    return sign_in_links_purge()
