"""A person's data erased: their values in old entries become a marker, the entries stay (the fact
that something was done, by whom and when, outlives the data it was done to)."""

from collections.abc import Iterable

from django.db import models
from django.db.models import TextField
from django.db.models.functions import Cast

from .models import Entry
from .registry import personal_fields

ERASED = "[erased]"


def audit_erase(*, object_type: str, object_ids: Iterable[int]) -> int:
    """Replaces the personal values of the entries about these objects; answers how many changed."""
    from .recording import pending_entries

    ids = list(object_ids)
    personal = personal_fields(object_type)
    if not ids or not personal:
        return 0
    changed = 0
    for entry in pending_entries():  # this very action's, written when it ends
        if entry.object_type == object_type and entry.object_id in ids:
            entry.changes = scrub(entry.changes, personal)
    entries = Entry.objects.filter(object_type=object_type, object_id__in=ids).only("pk", "changes")
    for entry in entries.iterator(chunk_size=500):
        scrubbed = scrub(entry.changes, personal)
        if scrubbed != entry.changes:
            # The one sanctioned change of an entry (EntryQuerySet.update refuses all others).
            models.QuerySet.update(Entry.objects.filter(pk=entry.pk), changes=scrubbed, serialized_data=None)
            changed += 1
    return changed


def scrub(changes: dict | None, personal: frozenset[str], marker: str = ERASED) -> dict:
    """`changes` with each personal field's values (not its absence) replaced by `marker`."""
    return {
        name: [None if value in (None, "") else marker for value in values] if name in personal else values
        for name, values in (changes or {}).items()
    }


def audit_erase_mentions(text: str) -> int:
    """Entries that hold `text` typed as a value (the address a reset was asked for, a username tried
    at sign-in): that value becomes the marker. Answers how many changed."""
    if not text:
        return 0
    wanted = text.casefold()
    changed = 0
    mentioning = Entry.objects.annotate(text=Cast("changes", TextField())).filter(text__icontains=text)
    for entry in mentioning.only("pk", "changes").iterator(chunk_size=500):
        scrubbed = {
            name: [
                ERASED if isinstance(value, str) and wanted in value.casefold() else value for value in values
            ]
            for name, values in (entry.changes or {}).items()
        }
        if scrubbed != entry.changes:
            models.QuerySet.update(Entry.objects.filter(pk=entry.pk), changes=scrubbed, serialized_data=None)
            changed += 1
    return changed


def _erased_if_mentions(value, wanted: str):
    return ERASED if isinstance(value, str) and wanted in value.casefold() else value
