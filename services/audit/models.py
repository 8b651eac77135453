"""The audit trail: one table of who did what (docs/security.md, "Audit trail").

django-auditlog's entry (`AbstractLogEntry`: the object, its fields before and after, the actor, the
address, the time) plus what a model diff does not say: the action's dotted name (`verb`), the kind of
actor (a staff user, a visitor, the worker, the schedule) and the object's kind as the API names it.
Nothing in the product changes or deletes an entry, save the two sanctioned writers:
`retention.audit_prune` (entries older than AUDIT_RETENTION_DAYS) and `erasure.audit_erase`
(personal values replaced with a marker); both go around the guards below on purpose."""

from auditlog.models import AbstractLogEntry, LogEntryManager
from django.conf import settings
from django.db import models


class ImmutableEntry(Exception):
    """Something tried to change or delete an audit entry."""


class EntryQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise ImmutableEntry("Audit entries are never changed.")

    def delete(self):
        raise ImmutableEntry("Audit entries are never deleted.")


class EntryManager(LogEntryManager.from_queryset(EntryQuerySet)):
    def log_create(self, instance, force_log: bool = False, **kwargs):
        # Every entry auditlog makes from a model's save or delete passes here: it takes the action's
        # name, actor and address from the context, or joins the action under way (recording.py).
        from .recording import entry_from_model_change

        return entry_from_model_change(self, instance, force_log=force_log, **kwargs)


class Entry(AbstractLogEntry):
    class ActorKind(models.TextChoices):
        STAFF = "staff"
        VISITOR = "visitor"
        WORKER = "worker"
        SCHEDULE = "schedule"
        SYSTEM = "system"  # manage.py commands and the shell

    # auditlog indexes most of its columns one by one; every index is one more write per entry, and
    # the trail is read by a few filters only: these keep the indexes those filters use (below).
    content_type = models.ForeignKey(
        "contenttypes.ContentType", on_delete=models.CASCADE, related_name="+", db_index=False
    )
    object_pk = models.CharField(max_length=255)
    object_id = models.BigIntegerField(blank=True, null=True)
    action = models.PositiveSmallIntegerField(choices=AbstractLogEntry.Action.choices)
    cid = models.CharField(max_length=255, blank=True, null=True)  # noqa: DJ001 - auditlog's column: the request id
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        blank=True,
        null=True,
        related_name="+",
        db_index=False,  # audit_actor_idx below starts with it
    )
    verb = models.CharField(max_length=64, db_index=True)  # "registration.approved"
    actor_kind = models.CharField(max_length=10, choices=ActorKind.choices)
    actor_name = models.CharField(max_length=150, blank=True, default="")  # as it was then
    object_type = models.CharField(max_length=40)  # "registration", "member", "export"

    objects = EntryManager()

    class Meta(AbstractLogEntry.Meta):
        verbose_name = "audit entry"
        verbose_name_plural = "audit entries"
        indexes = [
            # A record's History tab, newest first; the list's filters.
            models.Index(fields=["object_type", "object_id", "-timestamp"], name="audit_object_idx"),
            models.Index(fields=["actor", "-timestamp"], name="audit_actor_idx"),
        ]

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ImmutableEntry("Audit entries are never changed.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableEntry("Audit entries are never deleted.")
