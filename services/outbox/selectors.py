from datetime import timedelta

from django.db.models import Count, Exists, Min, OuterRef
from django.utils import timezone

from .models import Delivery, OutboxMessage


def outbox_backlog() -> tuple[int, timedelta | None]:
    """How many messages still wait for a handler (dead ones aside: ops see those separately),
    and how long the oldest has waited."""
    dead = Delivery.objects.filter(message=OuterRef("pk"), status=Delivery.Status.DEAD)
    stats = (
        OutboxMessage.objects.filter(completed_at__isnull=True)
        .exclude(Exists(dead))
        .aggregate(count=Count("pk"), oldest=Min("created_at"))
    )
    oldest = stats["oldest"]
    return stats["count"], (timezone.now() - oldest) if oldest else None


def dead_delivery_count() -> int:
    return Delivery.objects.filter(status=Delivery.Status.DEAD).count()
