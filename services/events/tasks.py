from celery import shared_task

from .services import events_complete_past


@shared_task(name="events.complete_past", acks_late=True)
def complete_past() -> int:
    return events_complete_past()
