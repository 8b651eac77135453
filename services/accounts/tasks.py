from celery import shared_task

from .services import password_reset_tokens_purge


@shared_task(name="accounts.purge_reset_tokens", acks_late=True)
def purge_reset_tokens() -> int:
    return password_reset_tokens_purge()
