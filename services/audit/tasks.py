from celery import shared_task

from .retention import audit_prune


@shared_task(name="audit.prune")
def prune() -> int:
    return audit_prune()
