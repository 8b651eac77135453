"""The health endpoint's answer: every check, and the product's status from them."""

from typing import Any

from . import checks

# Failing these makes the product unhealthy (503); dead deliveries only degrade it (200): the
# rest of the product works, and ops re-run them from Django admin → Deliveries.
DEGRADING = {"deliveries"}


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
    return {
        "status": status,
        "checks": {name: {"ok": check.ok, **check.detail} for name, check in results.items()},
    }
