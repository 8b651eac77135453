"""A person's data erased: their values in old entries become a marker, the entries stay (the fact
that something was done, by whom and when, outlives the data it was done to)."""

from collections.abc import Iterable

from django.db import models

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


def audit_erase_held(block, *, object_type: str) -> None:
    """Inside `audit_action(...) as block`: the entries the block holds about `object_type` (a
    deletion's, written when the block ends) lose their personal values before they are written,
    whichever block writes them in the end."""
    personal = personal_fields(object_type)
    for entry in block.pending.values():
        if entry.object_type == object_type:
            entry.changes = scrub(entry.changes, personal)


def scrub(changes: dict | None, personal: frozenset[str], marker: str = ERASED) -> dict:
    """`changes` with each personal field's values (not its absence) replaced by `marker`."""
    return {
        name: [None if value in (None, "") else marker for value in values] if name in personal else values
        for name, values in (changes or {}).items()
    }
