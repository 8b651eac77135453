"""The health endpoint's answer: every check, and the product's status from them."""

import threading
from time import monotonic
from typing import Any

from django.conf import settings

from . import checks

# Failing these makes the product unhealthy (503); dead deliveries only degrade it (200): the
# rest of the product works, and ops re-run them from Django admin → Deliveries.
DEGRADING = {"deliveries"}

# The last status this process found, for anonymous callers (load balancers, uptime probes
# polling every second): reused for HEALTH_STATUS_SECONDS, then found again by one request while
# the others go on answering the last one, so a slow database or broker holds up one caller.
_last: dict[str, Any] = {"status": None, "at": 0.0}
_refreshing = threading.Lock()


def health_report() -> dict[str, Any]:
    database = checks.database()
    results = {"database": database, "broker": checks.broker()}
    if database.ok:  # the others read the database
        results["worker"] = checks.worker()
        results["outbox"] = checks.outbox()
        results["deliveries"] = checks.deliveries()
    else:
        results["worker"] = results["outbox"] = results["deliveries"] = checks.Check(
            False, {"error": "database unavailable"}
        )
    failing = {name for name, check in results.items() if not check.ok}
    status = "ok" if not failing else "degraded" if failing <= DEGRADING else "unhealthy"
    _last.update(status=status, at=monotonic())
    return {
        "status": status,
        "checks": {name: {"ok": check.ok, **check.detail} for name, check in results.items()},
    }


def health_status() -> str:
    """The status alone: the last one found if younger than HEALTH_STATUS_SECONDS."""
    status = _last["status"]
    if status is not None and monotonic() - _last["at"] < settings.HEALTH_STATUS_SECONDS:
        return status
    if not _refreshing.acquire(blocking=status is None):
        return status  # another request of this process is finding it now
    try:
        return health_report()["status"]
    finally:
        _refreshing.release()


def health_status_forget() -> None:
    """Tests: the next anonymous caller gets the checks run again."""
    _last.update(status=None, at=0.0)
