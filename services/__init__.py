# Load the Celery app with Django so that @shared_task binds to it (and not to Celery's default app).
from worker.app import app as celery_app

__all__ = ["celery_app"]
