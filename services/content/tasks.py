from celery import shared_task

from .services import contact_messages_purge


@shared_task(name="content.purge_contact_messages", acks_late=True)
def purge_contact_messages() -> int:
    return contact_messages_purge()
