from dataclasses import dataclass, field
from time import monotonic
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils import timezone

from services.outbox.selectors import dead_delivery_count, outbox_backlog

from .models import Heartbeat
from .services import WORKER


@dataclass
class Check:
    ok: bool
    detail: dict[str, Any] = field(default_factory=dict)


def _database() -> Check:
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


def _broker() -> Check:
    from worker.app import app

    url = app.conf.broker_url
    now = monotonic()
    if _broker_memo["url"] == url and now - _broker_memo["at"] < BROKER_CHECK_SECONDS:
        return _broker_memo["check"]
    transport = url.split("://", 1)[0]
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
        check = Check(True, {"transport": transport})
    except Exception as exc:
        check = Check(False, {"transport": transport, "error": type(exc).__name__})
    _broker_memo.update(url=url, at=now, check=check)
    return check


def _worker() -> Check:
    beat = Heartbeat.objects.filter(name=WORKER).values_list("beat_at", flat=True).first()
    if beat is None:
        return Check(False, {"last_heartbeat": None, "age_seconds": None})
    age = (timezone.now() - beat).total_seconds()
    return Check(
        age <= settings.HEALTH_HEARTBEAT_MAX_AGE_SECONDS,
        {"last_heartbeat": beat.isoformat(), "age_seconds": round(age, 1)},
    )


def _outbox() -> Check:
    count, oldest = outbox_backlog()
    age = round(oldest.total_seconds(), 1) if oldest else None
    return Check(
        age is None or age <= settings.HEALTH_OUTBOX_MAX_AGE_SECONDS,
        {"pending": count, "oldest_age_seconds": age},
    )


def _deliveries() -> Check:
    dead = dead_delivery_count()
    return Check(dead == 0, {"dead": dead})


# Failing these makes the product unhealthy (503); dead deliveries only degrade it (200): the
# rest of the product works, and ops re-run them from Django admin → Deliveries.
DEGRADING = {"deliveries"}


def health_report() -> dict[str, Any]:
    database = _database()
    checks = {"database": database, "broker": _broker()}
    if database.ok:  # the others read the database
        checks["worker"] = _worker()
        checks["outbox"] = _outbox()
        checks["deliveries"] = _deliveries()
    else:
        checks["worker"] = checks["outbox"] = checks["deliveries"] = Check(
            False, {"error": "database unavailable"}
        )
    failing = {name for name, check in checks.items() if not check.ok}
    status = "ok" if not failing else "degraded" if failing <= DEGRADING else "unhealthy"
    return {
        "status": status,
        "checks": {name: {"ok": check.ok, **check.detail} for name, check in checks.items()},
    }
