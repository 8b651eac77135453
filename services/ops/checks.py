"""The health checks, each one part of the product: database, broker, worker, outbox, deliveries."""

from dataclasses import dataclass, field
from time import monotonic
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils import timezone

from services.core.breaker import broker_breaker
from services.outbox.selectors import dead_delivery_count, outbox_backlog

from .models import Heartbeat
from .services import WORKER


@dataclass
class Check:
    ok: bool
    detail: dict[str, Any] = field(default_factory=dict)


def database() -> Check:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return Check(True, {"vendor": connection.vendor})
    except Exception as exc:
        return Check(False, {"vendor": connection.vendor, "error": type(exc).__name__})


# Connecting to the broker is the dearest check (a new connection each time); monitors poll
# often, so each process reuses its answer for BROKER_CHECK_SECONDS.
BROKER_CHECK_SECONDS = 2.0
_broker_memo: dict[str, object] = {"url": None, "at": 0.0, "check": None}


def connect_once(conn) -> None:
    """One attempt, bounded by the Redis timeouts: a broker that is down or frozen answers
    "unreachable" at once, never after kombu's retries (2 s apart)."""
    conn.ensure_connection(max_retries=0, timeout=settings.REDIS_TIMEOUT_SECONDS)


def broker() -> Check:
    from worker.app import app

    url = app.conf.broker_url
    now = monotonic()
    if _broker_memo["url"] == url and now - _broker_memo["at"] < BROKER_CHECK_SECONDS:
        return _broker_memo["check"]
    transport = url.split("://", 1)[0]
    if broker_breaker.opened:  # a publish of this process found it unreachable a moment ago
        return Check(False, {"transport": transport, "error": "CircuitBreakerError"})
    try:
        with app.connection_for_write() as conn:
            connect_once(conn)
        check = Check(True, {"transport": transport})
    except Exception as exc:
        check = Check(False, {"transport": transport, "error": type(exc).__name__})
    _broker_memo.update(url=url, at=now, check=check)
    return check


def worker() -> Check:
    beat = Heartbeat.objects.filter(name=WORKER).values_list("beat_at", flat=True).first()
    if beat is None:
        return Check(False, {"last_heartbeat": None, "age_seconds": None})
    age = (timezone.now() - beat).total_seconds()
    return Check(
        age <= settings.HEALTH_HEARTBEAT_MAX_AGE_SECONDS,
        {"last_heartbeat": beat.isoformat(), "age_seconds": round(age, 1)},
    )


def outbox() -> Check:
    count, oldest = outbox_backlog()
    age = round(oldest.total_seconds(), 1) if oldest else None
    return Check(
        age is None or age <= settings.HEALTH_OUTBOX_MAX_AGE_SECONDS,
        {"pending": count, "oldest_age_seconds": age},
    )


def deliveries() -> Check:
    dead = dead_delivery_count()
    return Check(dead == 0, {"dead": dead})
