"""Writes of operations: the heartbeats that health and the System page read, and the System
page's retry buttons, which call the same services as Django admin's actions."""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from services.audit.recording import audit_record
from services.core.errors import Conflict, NotFound
from services.notifications.models import Notification
from services.notifications.services import notification_retry
from services.outbox.models import Delivery
from services.outbox.services import delivery_rerun

from .models import Heartbeat, WorkerPresence

WORKER = "worker"
# A worker not seen for this long is forgotten (its row deleted) when a worker starts.
FORGET_WORKERS_AFTER = timedelta(days=7)


def heartbeat_stamp(*, name: str = WORKER) -> Heartbeat:
    beat, _ = Heartbeat.objects.update_or_create(name=name, defaults={"beat_at": timezone.now()})
    return beat


def worker_presence_start(*, hostname: str, queues: list[str]) -> WorkerPresence:
    """A worker is ready: it is alive and consumes `queues`."""
    now = timezone.now()
    with transaction.atomic():
        WorkerPresence.objects.filter(seen_at__lt=now - FORGET_WORKERS_AFTER).delete()
        presence, _ = WorkerPresence.objects.update_or_create(
            hostname=hostname,
            defaults={"queues": sorted(queues), "started_at": now, "seen_at": now, "stopped_at": None},
        )
    return presence


def worker_presence_stamp(*, hostname: str) -> None:
    """A running worker says it is still alive (on its own timer)."""
    WorkerPresence.objects.filter(hostname=hostname).update(seen_at=timezone.now(), stopped_at=None)


def worker_presence_stop(*, hostname: str) -> None:
    """A worker stops cleanly (Ctrl-C, SIGTERM, a deploy)."""
    now = timezone.now()
    WorkerPresence.objects.filter(hostname=hostname).update(seen_at=now, stopped_at=now)


def dead_delivery_run_again(*, delivery_id: int) -> Delivery:
    """The System page's "Run again": what Django admin's action does, for one delivery."""
    delivery = Delivery.objects.filter(pk=delivery_id).first()
    if delivery is None:
        raise NotFound(_("This delivery no longer exists."))
    with transaction.atomic():  # the retry and its entry (who pressed the button) together
        if not delivery_rerun(delivery=delivery):
            raise Conflict(_("This delivery is not dead any more: nothing to run again."), code="not_dead")
        before = (delivery.status, delivery.attempts)
        delivery.refresh_from_db()
        audit_record(
            "delivery.retried",
            object_type="delivery",
            object_id=delivery.pk,
            label=delivery.handler,
            changes={"status": (before[0], delivery.status), "attempts": (before[1], delivery.attempts)},
            model=Delivery,
        )
    return delivery


def failed_email_retry(*, notification_id: int) -> Notification:
    """The System page's "Retry": what Django admin's action does, for one e-mail."""
    notification = Notification.objects.filter(pk=notification_id).first()
    if notification is None:
        raise NotFound(_("This e-mail no longer exists."))
    if notification.status != Notification.Status.FAILED:
        raise Conflict(_("This e-mail has not failed: nothing to retry."), code="not_failed")
    before = (notification.status, notification.attempts)
    with transaction.atomic():  # the retry and its entry (who pressed the button) together
        notification = notification_retry(notification=notification)
        if notification.status != before[0]:  # not retried meanwhile by someone else
            audit_record(
                "notification.retried",
                object_type="notification",
                object_id=notification.pk,
                # The template, never the recipient: the entry outlives the e-mail's address.
                label=notification.template,
                changes={
                    "status": (before[0], notification.status),
                    "attempts": (before[1], notification.attempts),
                },
                model=Notification,
            )
    return notification
