from celery import shared_task

from .crediting import cpd_sweep


@shared_task(name="cpd.sweep", acks_late=True)
def sweep() -> int:
    return cpd_sweep()
