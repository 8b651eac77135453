"""Celery runtime of the portal: `celery -A worker worker|beat`. No domain logic lives here."""

from .app import app

__all__ = ["app"]
