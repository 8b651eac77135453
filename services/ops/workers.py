"""The System page's workers: who answers over the broker now, and the presence rows they keep."""

import logging
from datetime import timedelta
from time import monotonic
from typing import Any

from django.conf import settings

from . import checks
from .models import WorkerPresence

logger = logging.getLogger(__name__)

# Workers seen in this window are listed (a stopped or dead one too, for that long).
WORKERS_SHOWN_FOR = timedelta(days=1)
# Several tabs poll the page: each process asks the workers at most this often.
INSPECT_REUSE_SECONDS = 5.0
_inspect_memo: dict[str, object] = {"url": None, "at": 0.0, "answer": None}


def inspect_workers(*, expected: int) -> dict[str, list[str]]:
    """{node name: queues} of the workers that answer `active_queues` over the broker within
    SYSTEM_INSPECT_TIMEOUT_SECONDS (an answer is also the ping); it returns as soon as the
    `expected` workers have answered. Raises when the broker cannot carry the question."""
    from worker.app import app

    url = app.conf.broker_url
    now = monotonic()
    if _inspect_memo["url"] == url and now - _inspect_memo["at"] < INSPECT_REUSE_SECONDS:
        return _inspect_memo["answer"]
    with app.connection_for_write() as conn:
        checks.connect_once(conn)
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


def worker_rows(*, broker_ok: bool, now, limit: int) -> dict[str, Any]:
    presences = list(
        WorkerPresence.objects.filter(seen_at__gte=now - WORKERS_SHOWN_FOR).order_by("hostname")[:limit]
    )
    fresh = timedelta(seconds=3 * settings.WORKER_PRESENCE_SECONDS)
    source, reason, answered = "broker", None, None
    if not broker_ok:
        source, reason = "records", "broker_unreachable"
    else:
        try:
            running = sum(1 for p in presences if p.stopped_at is None and now - p.seen_at <= fresh)
            answered = inspect_workers(expected=running)
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
