"""Entries are kept AUDIT_RETENTION_DAYS (default two years), then deleted by the daily schedule."""

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone

from .models import Entry


def audit_prune(now=None) -> int:
    cutoff = (now or timezone.now()) - timedelta(days=settings.AUDIT_RETENTION_DAYS)
    # The one sanctioned deletion (EntryQuerySet.delete refuses all others).
    deleted, _ = models.QuerySet.delete(Entry.objects.filter(timestamp__lt=cutoff))
    return deleted
