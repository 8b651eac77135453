import os

from celery import Celery, signals

from . import (
    filesystem_broker,  # noqa: F401 - registers the atomicfs:// transport
    redis_broker,  # noqa: F401 - redis:// with acknowledgements that survive a frozen Redis
)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "services.settings")

app = Celery("worker")
# All CELERY_* Django settings (broker, routes, acks_late, limits) configure the app.
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(related_name="tasks")
app.autodiscover_tasks(related_name="handlers")


@signals.import_modules.connect  # worker and beat, before either opens the database or broker
def _refuse_to_start_without_details(**_kwargs) -> None:
    """With DJANGO_DEBUG off, no worker or beat on placeholder payment details or links (as the web
    and `manage.py check`, services/core/checks.py). SystemExit: celery logs and swallows Exceptions
    of signal handlers, not this."""
    from django.core.exceptions import ImproperlyConfigured

    from services.core.checks import refuse_to_start_without_details

    try:
        refuse_to_start_without_details()
    except ImproperlyConfigured as exc:
        raise SystemExit(f"ImproperlyConfigured: {exc}") from None


@signals.task_prerun.connect
def _audit_actor(task=None, **_kwargs) -> None:
    """What a task changes is recorded as the schedule's (a periodic task) or the worker's."""
    from services.audit.context import task_acting

    from .schedule import SCHEDULED_TASKS

    task.request.audit_tokens = task_acting("schedule" if task.name in SCHEDULED_TASKS else "worker")


@signals.task_postrun.connect
def _audit_actor_done(task=None, **_kwargs) -> None:
    # An eager task runs inside a request: the request is the actor again after it.
    from services.audit.context import task_acting_done

    task_acting_done(getattr(task.request, "audit_tokens", None))
