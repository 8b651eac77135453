from celery import shared_task

from .services import SEND_TASK, notification_bodies_clear, notification_send, notifications_sweep


@shared_task(name=SEND_TASK, bind=True, acks_late=True, max_retries=None)
def send(self, notification_id: int) -> str | None:
    outcome = notification_send(notification_id=notification_id)
    if outcome is not None and outcome.retry_in is not None:
        # The row holds the due time too: if this retry is lost, the sweep sends it.
        raise self.retry(countdown=outcome.retry_in)
    return outcome.status if outcome else None


@shared_task(name="notifications.sweep", acks_late=True)
def sweep() -> int:
    return notifications_sweep()


@shared_task(name="notifications.clear_bodies", acks_late=True)
def clear_bodies() -> int:
    return notification_bodies_clear()
