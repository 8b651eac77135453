from datetime import timedelta

from django.db.models import Count, Exists, Min, OuterRef, QuerySet
from django.utils import timezone

from .domain_event import topics_with_field
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


def delivery_counts() -> dict[str, int]:
    """How many deliveries wait for a worker (pending) and for ops (dead), in one query."""
    counts = dict(
        Delivery.objects.filter(status__in=[Delivery.Status.PENDING, Delivery.Status.DEAD])
        .values_list("status")
        .annotate(count=Count("pk"))
        .order_by()
    )
    return {"pending": counts.get(Delivery.Status.PENDING, 0), "dead": counts.get(Delivery.Status.DEAD, 0)}


def dead_deliveries(*, limit: int) -> list[Delivery]:
    """The most recently failed dead deliveries, with their message's topic."""
    return list(
        Delivery.objects.filter(status=Delivery.Status.DEAD)
        .select_related("message")
        .only("pk", "handler", "attempts", "last_error", "updated_at", "message__topic")
        .order_by("-updated_at", "-pk")[:limit]
    )


def messages_about(*, field: str, ids) -> QuerySet[OutboxMessage]:
    """The messages whose payload names one of `ids` under `field`, whatever their topic (say
    every message about member 7): what an erasure follows to the e-mails they led to."""
    return OutboxMessage.objects.filter(
        topic__in=topics_with_field(field), **{f"payload__{field}__in": list(ids)}
    )
