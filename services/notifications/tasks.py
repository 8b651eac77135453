import logging

from celery import shared_task

from services.core.doorbell import answer

from .services import (
    SEND_DUE_TASK,
    SEND_TASK,
    notification_bodies_clear,
    notification_send,
    notifications_send_due,
    notifications_sweep,
)

logger = logging.getLogger(__name__)


@shared_task(name=SEND_TASK, bind=True, acks_late=True, max_retries=None)
def send(self, notification_id: int) -> str | None:
    outcome = notification_send(notification_id=notification_id)
    if outcome is not None and outcome.retry_in is not None:
        # The row holds the due time too: if this retry is lost, the sweep sends it.
        raise self.retry(countdown=outcome.retry_in)
    return outcome.status if outcome else None


@shared_task(name=SEND_DUE_TASK, acks_late=True)
def send_due() -> int:
    """Every due e-mail (services.notifications_send_due); an e-mail that failed for now is tried
    again by its own task when due, as `send` does (if that task is lost, the sweep finds the row)."""
    answer(SEND_DUE_TASK)
    tried, retries = notifications_send_due()
    for notification_id, seconds in retries:
        try:
            send.apply_async(args=(notification_id,), countdown=seconds, retry=False)
        except Exception:
            logger.warning(
                "Broker unavailable; the retry of e-mail %s is left for the sweep", notification_id
            )
    return tried  # e-mails taken (the worker's log shows it)


@shared_task(name="notifications.sweep", acks_late=True)
def sweep() -> int:
    return notifications_sweep()


@shared_task(name="notifications.clear_bodies", acks_late=True)
def clear_bodies() -> int:
    return notification_bodies_clear()
