import logging
from dataclasses import dataclass, field
from datetime import timedelta
from time import monotonic
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils import timezone
from django_celery_beat.models import PeriodicTask

from services.notifications.models import Notification
from services.notifications.selectors import (
    mask_email,
    notification_retryable,
    notification_subject_or_blank,
    notifications_failed,
    notifications_latest,
)
from services.outbox.selectors import dead_deliveries, dead_delivery_count, delivery_counts, outbox_backlog

from .models import Heartbeat, WorkerPresence
from .services import WORKER

logger = logging.getLogger(__name__)


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


def _connect_once(conn) -> None:
    """One attempt, bounded by the Redis timeouts: a broker that is down or frozen answers
    "unreachable" at once, never after kombu's retries (2 s apart)."""
    conn.ensure_connection(max_retries=0, timeout=settings.REDIS_TIMEOUT_SECONDS)


def _broker() -> Check:
    from worker.app import app

    url = app.conf.broker_url
    now = monotonic()
    if _broker_memo["url"] == url and now - _broker_memo["at"] < BROKER_CHECK_SECONDS:
        return _broker_memo["check"]
    transport = url.split("://", 1)[0]
    try:
        with app.connection_for_write() as conn:
            _connect_once(conn)
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


# --- The System page ---------------------------------------------------------------------

# How many rows of each list the page gets (the totals are counted in full).
SYSTEM_LIST_LIMIT = 50
# Workers seen in this window are listed (a stopped or dead one too, for that long).
WORKERS_SHOWN_FOR = timedelta(days=1)
# A periodic task this far past its due time is late (beat sends a task within about 5 s).
BEAT_LATE_AFTER = timedelta(seconds=60)
# Transports whose queue lengths can be read: Redis lists, the embedded folder's message files.
COUNTABLE_TRANSPORTS = {"redis", "rediss", "atomicfs", "filesystem"}
# Several tabs poll the page: each process asks the workers at most this often.
INSPECT_REUSE_SECONDS = 5.0
_inspect_memo: dict[str, object] = {"url": None, "at": 0.0, "answer": None}


def _inspect_workers(*, expected: int) -> dict[str, list[str]]:
    """{node name: queues} of the workers that answer `active_queues` over the broker within
    SYSTEM_INSPECT_TIMEOUT_SECONDS (an answer is also the ping); it returns as soon as the
    `expected` workers have answered. Raises when the broker cannot carry the question."""
    from worker.app import app

    url = app.conf.broker_url
    now = monotonic()
    if _inspect_memo["url"] == url and now - _inspect_memo["at"] < INSPECT_REUSE_SECONDS:
        return _inspect_memo["answer"]
    with app.connection_for_write() as conn:
        _connect_once(conn)
        if "fanout" not in conn.transport.implements.exchange_type:
            raise NotImplementedError(f"{conn.transport_cls} cannot broadcast")
        replies = app.control.inspect(
            timeout=settings.SYSTEM_INSPECT_TIMEOUT_SECONDS, connection=conn, limit=expected or None
        ).active_queues()
    answer = {
        host: sorted(queue["name"] for queue in queues or []) for host, queues in (replies or {}).items()
    }
    _inspect_memo.update(url=url, at=monotonic(), answer=answer)
    return answer


def _worker_rows(*, broker_ok: bool, now) -> dict[str, Any]:
    presences = list(
        WorkerPresence.objects.filter(seen_at__gte=now - WORKERS_SHOWN_FOR).order_by("hostname")[
            :SYSTEM_LIST_LIMIT
        ]
    )
    fresh = timedelta(seconds=3 * settings.WORKER_PRESENCE_SECONDS)
    source, reason, answered = "broker", None, None
    if not broker_ok:
        source, reason = "records", "broker_unreachable"
    else:
        try:
            running = sum(1 for p in presences if p.stopped_at is None and now - p.seen_at <= fresh)
            answered = _inspect_workers(expected=running)
        except NotImplementedError:
            source, reason = "records", "no_broadcast"
        except Exception as exc:
            logger.warning("Asking the workers over the broker failed: %s", type(exc).__name__)
            source, reason = "records", "inspect_failed"

    rows = []
    for presence in presences:
        if answered is not None:
            online = presence.hostname in answered
        else:
            online = presence.stopped_at is None and now - presence.seen_at <= fresh
        state = "online" if online else "stopped" if presence.stopped_at else "offline"
        queues = answered[presence.hostname] if online and answered is not None else presence.queues
        rows.append(
            {
                "hostname": presence.hostname,
                "state": state,
                "queues": queues,
                "started_at": presence.started_at,
                "seen_at": now if online and answered is not None else presence.seen_at,
                "stopped_at": presence.stopped_at,
            }
        )
    # A worker that answers but has no row (it started before presence rows existed).
    known = {presence.hostname for presence in presences}
    for hostname, queues in sorted((answered or {}).items()):
        if hostname not in known:
            rows.append(
                {
                    "hostname": hostname,
                    "state": "online",
                    "queues": queues,
                    "started_at": None,
                    "seen_at": now,
                    "stopped_at": None,
                }
            )
    return {"source": source, "source_reason": reason, "items": rows}


def _queue_depths(*, broker_ok: bool, transport: str) -> list[dict[str, Any]]:
    """Messages waiting in each queue of the project; None (unknown, not 0) when they cannot be
    counted: Redis LLEN (with its priority lists), or the embedded broker's message files."""
    from worker.app import app

    names = [queue.name for queue in settings.CELERY_TASK_QUEUES]
    depths: dict[str, int | None] = dict.fromkeys(names)
    if broker_ok and transport in COUNTABLE_TRANSPORTS:
        try:
            with app.connection_for_read() as conn:
                _connect_once(conn)
                channel = conn.channel()
                try:
                    depths = {name: int(channel._size(name)) for name in names}
                finally:
                    channel.close()
        except Exception as exc:
            logger.warning("Counting the queues failed: %s", type(exc).__name__)
    return [{"name": name, "depth": depths[name]} for name in names]


def _schedule_of(task: PeriodicTask) -> dict[str, Any]:
    if task.interval_id:
        seconds = int(timedelta(**{task.interval.period: task.interval.every}).total_seconds())
        return {"every_seconds": seconds, "crontab": None, "timezone": None}
    if task.crontab_id:
        cron = task.crontab
        fields = (cron.minute, cron.hour, cron.day_of_month, cron.month_of_year, cron.day_of_week)
        return {"every_seconds": None, "crontab": " ".join(fields), "timezone": str(cron.timezone)}
    return {"every_seconds": None, "crontab": None, "timezone": None}


def _beat_rows(*, now) -> list[dict[str, Any]]:
    """Each periodic task with when beat last sent it and whether it is late: past its next due
    time (after the last run, or after it was set up if it never ran) by more than BEAT_LATE_AFTER."""
    rows = []
    tasks = PeriodicTask.objects.select_related("interval", "crontab", "solar", "clocked").order_by("name")
    for task in tasks[: SYSTEM_LIST_LIMIT * 2]:
        overdue = None
        if task.enabled:
            baseline = task.last_run_at or task.date_changed
            if task.crontab_id:
                baseline = baseline.astimezone(task.crontab.timezone)
            try:
                overdue = -task.schedule.remaining_estimate(baseline).total_seconds()
            except Exception:  # a schedule celery cannot estimate (solar without a next event)
                overdue = None
        rows.append(
            {
                "name": task.name,
                "task": task.task,
                "enabled": task.enabled,
                **_schedule_of(task),
                "last_run_at": task.last_run_at,
                "total_run_count": task.total_run_count,
                "late": overdue is not None and overdue > BEAT_LATE_AFTER.total_seconds(),
                "overdue_seconds": round(max(overdue, 0.0), 1) if overdue is not None else None,
            }
        )
    return rows


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
    broker = _broker()
    transport = broker.detail["transport"]
    backlog, oldest = outbox_backlog()
    deliveries = delivery_counts()
    failed = notifications_failed()
    return {
        "checked_at": now,
        "broker": {"ok": broker.ok, "transport": transport},
        "workers": _worker_rows(broker_ok=broker.ok, now=now),
        "queues": _queue_depths(broker_ok=broker.ok, transport=transport),
        "outbox": {
            "backlog": backlog,
            "oldest_age_seconds": round(oldest.total_seconds(), 1) if oldest else None,
            "pending_deliveries": deliveries["pending"],
            "dead_deliveries": deliveries["dead"],
        },
        "beat": _beat_rows(now=now),
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
