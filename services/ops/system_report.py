"""Everything the System page shows, put together from the modules that read each part."""

from typing import Any

from django.utils import timezone

from services.notifications.models import Notification
from services.notifications.selectors import (
    mask_email,
    notification_retryable,
    notification_subject_or_blank,
    notifications_failed,
    notifications_latest,
)
from services.outbox.selectors import dead_deliveries, delivery_counts, outbox_backlog

from . import beat, checks, queues, workers

# How many rows of each list the page gets (the totals are counted in full).
SYSTEM_LIST_LIMIT = 50


def _email_row(notification: Notification) -> dict[str, Any]:
    return {
        "id": notification.pk,
        "recipient": mask_email(notification.recipient),
        "subject": notification_subject_or_blank(notification),
        "template": notification.template,
        "language": notification.language,
        "status": notification.status,
        "attempts": notification.attempts,
        "created_at": notification.created_at,
        "sent_at": notification.sent_at,
        "updated_at": notification.updated_at,
    }


def system_report() -> dict[str, Any]:
    """Everything the System page shows, in a fixed number of queries whatever the rows."""
    now = timezone.now()
    broker = checks.broker()
    transport = broker.detail["transport"]
    backlog, oldest = outbox_backlog()
    deliveries = delivery_counts()
    failed = notifications_failed()
    return {
        "checked_at": now,
        "broker": {"ok": broker.ok, "transport": transport},
        "workers": workers.worker_rows(broker_ok=broker.ok, now=now, limit=SYSTEM_LIST_LIMIT),
        "queues": queues.queue_depths(broker_ok=broker.ok, transport=transport),
        "outbox": {
            "backlog": backlog,
            "oldest_age_seconds": round(oldest.total_seconds(), 1) if oldest else None,
            "pending_deliveries": deliveries["pending"],
            "dead_deliveries": deliveries["dead"],
        },
        "beat": beat.beat_rows(limit=SYSTEM_LIST_LIMIT * 2),
        "dead_deliveries": [
            {
                "id": delivery.pk,
                "handler": delivery.handler,
                "topic": delivery.message.topic,
                "attempts": delivery.attempts,
                "last_error": delivery.last_error[:500],
                "updated_at": delivery.updated_at,
            }
            for delivery in dead_deliveries(limit=SYSTEM_LIST_LIMIT)
        ],
        "failed_emails": {
            "count": failed.count(),
            "items": [
                {
                    **_email_row(notification),
                    "error": notification.error[:500],
                    # A reset link is removed once the e-mail failed, and every content once the
                    # retention period ends: such an e-mail cannot be sent again.
                    "retryable": notification_retryable(notification),
                }
                for notification in failed[:SYSTEM_LIST_LIMIT]
            ],
        },
        "recent_emails": [_email_row(row) for row in notifications_latest()[:SYSTEM_LIST_LIMIT]],
    }
