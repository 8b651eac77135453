from celery import shared_task

from .challenge import used_challenges_purge


@shared_task(name="core.purge_used_challenges", acks_late=True)
def purge_used_challenges() -> int:
    return used_challenges_purge()
