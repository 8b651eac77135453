"""Writing entries: at most one insert per action.

A service names what it does with an `audit_action("registration.approved")` block opened with its
transaction (`with transaction.atomic(), audit_action(...)`: a block outside the transaction would write
after the commit, and a transaction around a service's own would cost a savepoint). The saves and
deletes inside it are diffed by django-auditlog as usual, but their entries are held,
merged per object (the first value before, the last after) and written together by one INSERT when
the block ends, inside the service's transaction: the action and its record commit or roll back
together. Outside any block (Django's admin, a task, the shell) each save is written at once under a
name made from the change (`event.created`, `event.status_changed`). `audit_record` writes what no
model diff shows: a sign-in, a read of personal data, an export, a retry."""

import contextlib
from contextvars import ContextVar
from dataclasses import dataclass, field

from auditlog.models import AbstractLogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import models

from services.core.middleware import request_id_var
from services.core.prepared import insert

from .context import Actor, current_actor
from .erasure import scrub
from .models import Entry
from .registry import followed, personal_fields

Action = AbstractLogEntry.Action
_DEFAULT_VERBS = {Action.CREATE: "created", Action.UPDATE: "updated", Action.DELETE: "deleted"}
STATUS_FIELDS = ("status", "registration_status", "approval_status")


@dataclass
class _Block:
    verb: str
    parent: "_Block | None" = None
    pending: dict[tuple, Entry] = field(default_factory=dict)

    def hold(self, entry: Entry) -> Entry:
        key = (entry.object_type, entry.object_pk, entry.verb)
        held = self.pending.get(key)
        if held is None:
            self.pending[key] = entry
            return entry
        for name, (before, after) in (entry.changes or {}).items():
            first = (held.changes or {}).get(name, [before, after])[0]
            held.changes = {**(held.changes or {}), name: [first, after]}
        if entry.action == Action.DELETE:
            held.action = Action.DELETE
        return held


_block: ContextVar[_Block | None] = ContextVar("audit_block", default=None)


def pending_entries() -> list[Entry]:
    """The entries of the actions under way, not written yet (erasure scrubs them too)."""
    entries, block = [], _block.get()
    while block is not None:
        entries.extend(block.pending.values())
        block = block.parent
    return entries


@contextlib.contextmanager
def audit_action(verb: str):
    """Entries of the objects of `verb`'s kind ("registration" in "registration.approved") saved in
    this block carry its name; all are written in one INSERT at the end (or handed to the enclosing
    block). Use inside the transaction that makes the change."""
    parent = _block.get()
    block = _Block(verb, parent)
    token = _block.set(block)
    try:
        yield block
    finally:
        _block.reset(token)
    entries = list(block.pending.values())
    if parent is not None:
        for entry in entries:
            parent.pending[(entry.object_type, entry.object_pk, entry.verb, id(entry))] = entry
    elif len(entries) == 1:
        # Most actions: one row, its INSERT built once per process; its id is never read again.
        insert(entries[0], returning=False)
    elif entries:
        Entry.objects.bulk_create(entries)


def entry_from_model_change(manager, instance, *, force_log=False, **kwargs) -> Entry | None:
    """auditlog's log_create, for our entries (models.EntryManager)."""
    changes = kwargs.get("changes")
    if changes is None and not force_log:
        return None
    spec = followed(type(instance))
    object_type = spec.object_type if spec else instance._meta.model_name
    action = kwargs.get("action", Action.UPDATE)
    block = _block.get()
    if block is not None and block.verb.split(".", 1)[0] == object_type:
        verb = block.verb
    else:
        verb = _default_verb(object_type, action, changes)
    if action == Action.DELETE:
        # Deleting a person's row erases them: the entry keeps the fact, not their values.
        changes = scrub(changes, personal_fields(object_type))
    object_id = spec.object_id(instance) if spec and spec.object_id else instance.pk
    entry = _entry(
        verb,
        object_type=object_type,
        object_pk=str(instance.pk),
        object_id=object_id if isinstance(object_id, int) else None,
        label=spec.label(instance) if spec and spec.label else str(instance),
        changes=changes,
        action=action,
        content_type=ContentType.objects.get_for_model(instance),
    )
    return _write(entry)


def audit_record(
    verb: str,
    *,
    object_type: str,
    object_id: int | str | None = None,
    label: str = "",
    changes: dict | None = None,
    model: type[models.Model] | None = None,
    by=None,
) -> Entry:
    """An entry no model diff makes. `changes`: {field: (before, after)} or {field: value} (a value
    that has no before: a count, the username tried). `by`: the staff user who has just proved who
    they are on an operation open to all (a sign-in), from the request's address."""
    stored = {}
    for name, value in (changes or {}).items():
        stored[name] = list(value) if isinstance(value, tuple) else [None, value]
    entry = _entry(
        verb,
        object_type=object_type,
        object_pk="" if object_id is None else str(object_id),
        object_id=object_id if isinstance(object_id, int) else None,
        label=label,
        changes=stored,
        action=Action.ACCESS if verb.endswith((".viewed", ".csv", ".downloaded")) else Action.UPDATE,
        content_type=ContentType.objects.get_for_model(model or Entry),
        by=by,
    )
    return _write(entry)


def export_recorded(sender, *, filename: str, rows: int, **_kwargs) -> None:
    """services/core/csv.py's signal: every CSV download, which one and how many rows."""
    audit_record(
        "export.csv", object_type="export", label=filename, changes={"export": filename, "rows": rows}
    )


def _entry(
    verb, *, object_type, object_pk, object_id, label, changes, action, content_type, by=None
) -> Entry:
    actor = current_actor()
    if by is not None:
        actor = Actor(Entry.ActorKind.STAFF, by, actor.ip)
    request_id = request_id_var.get()
    return Entry(
        verb=verb,
        actor=actor.user,
        actor_kind=actor.kind,
        actor_name=actor.name[:150],
        remote_addr=actor.ip,
        object_type=object_type,
        object_pk=object_pk,
        object_id=object_id,
        object_repr=label,
        changes=changes or {},
        action=action,
        content_type=content_type,
        cid=None if request_id == "-" else request_id,
    )


def _write(entry: Entry) -> Entry:
    block = _block.get()
    if block is not None:
        return block.hold(entry)
    entry.save()
    return entry


def _default_verb(object_type: str, action: int, changes: dict | None) -> str:
    if action == Action.UPDATE and any(name in (changes or {}) for name in STATUS_FIELDS):
        return f"{object_type}.status_changed"
    return f"{object_type}.{_DEFAULT_VERBS.get(action, 'changed')}"
