"""The System page's periodic tasks: when beat last sent each, and whether it is late."""

from datetime import timedelta
from typing import Any

from django_celery_beat.models import PeriodicTask

# A periodic task this far past its due time is late (beat sends a task within about 5 s).
BEAT_LATE_AFTER = timedelta(seconds=60)


def _schedule_of(task: PeriodicTask) -> dict[str, Any]:
    if task.interval_id:
        seconds = int(timedelta(**{task.interval.period: task.interval.every}).total_seconds())
        return {"every_seconds": seconds, "crontab": None, "timezone": None}
    if task.crontab_id:
        cron = task.crontab
        fields = (cron.minute, cron.hour, cron.day_of_month, cron.month_of_year, cron.day_of_week)
        return {"every_seconds": None, "crontab": " ".join(fields), "timezone": str(cron.timezone)}
    return {"every_seconds": None, "crontab": None, "timezone": None}


def beat_rows(*, limit: int) -> list[dict[str, Any]]:
    """Each periodic task with when beat last sent it and whether it is late: past its next due
    time (after the last run, or after it was set up if it never ran) by more than BEAT_LATE_AFTER."""
    rows = []
    tasks = PeriodicTask.objects.select_related("interval", "crontab", "solar", "clocked").order_by("name")
    for task in tasks[:limit]:
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
