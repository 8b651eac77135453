from datetime import timedelta

from django.db.models import Count, Min
from django.utils import timezone

from .models import OutboxMessage


def outbox_backlog() -> tuple[int, timedelta | None]:
    """How many messages wait for dispatch, and how long the oldest has waited."""
    stats = OutboxMessage.objects.filter(dispatched_at__isnull=True).aggregate(
        count=Count("pk"), oldest=Min("created_at")
    )
    oldest = stats["oldest"]
    return stats["count"], (timezone.now() - oldest) if oldest else None
