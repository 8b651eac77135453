import os

from celery import Celery

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
