"""A followed model's creation entry, as django-auditlog's post_save receiver (`log_create`) writes
it, with the diff read through a field list made once per model. auditlog's `model_instance_diff`
gathers the model's fields, filters them by the include and exclude lists and tries each against a
missing old row on every save: a tenth of a sign-up's CPU (issue 26, docs/benchmarks.md). The
changes are the same ({field: [None, value]} for each field with a value, values as auditlog keeps
them in JSON); what this does not serve (masked fields, other settings) goes through auditlog's own
diff. Connected in place of auditlog's receiver by `registry.audit_follow`."""

from collections.abc import Callable
from datetime import UTC
from functools import cache
from typing import Any

from auditlog import get_logentry_model
from auditlog.diff import is_primitive, model_instance_diff, track_field
from auditlog.receivers import check_disable
from auditlog.registry import auditlog
from auditlog.signals import post_log, pre_log
from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.encoding import smart_str

Reader = Callable[[models.Model], Any]


def _datetime(field: models.DateTimeField) -> Reader:
    def read(instance):
        value = getattr(instance, field.name)
        try:
            value = field.to_python(value)
        except TypeError:
            return value
        if value is not None and settings.USE_TZ and not timezone.is_naive(value):
            value = timezone.make_naive(value, timezone=UTC)
        return value

    return read


def _reader(field) -> Reader:
    """auditlog's `get_field_value(instance, field, use_json_for_changes=True)` for one field."""
    if isinstance(field, models.DateTimeField):
        return _datetime(field)
    if isinstance(field, models.JSONField):
        return lambda instance: field.to_python(getattr(instance, field.name))
    if (field.one_to_one or field.many_to_one) and hasattr(field, "rel_class"):
        return lambda instance: smart_str(getattr(instance, field.get_attname()), strings_only=True)
    return lambda instance: getattr(instance, field.name)


def _default(field) -> Any:
    """auditlog's value of a field it cannot read: its default."""
    default = getattr(field, "default", models.NOT_PROVIDED)
    if default is models.NOT_PROVIDED:
        return None
    return default() if callable(default) else default


@cache
def _readers(model: type[models.Model]) -> tuple[tuple[Any, Reader], ...] | None:
    """(name, reader) of the fields auditlog diffs for `model`; None where its own diff must run."""
    spec = auditlog.get_model_fields(model)
    if spec["mask_fields"] or not settings.AUDITLOG_STORE_JSON_CHANGES:
        return None
    if settings.AUDITLOG_USE_FK_STRING_REPRESENTATION:
        return None
    fields = [field for field in model._meta.get_fields() if track_field(field)]
    if spec["include_fields"]:
        fields = [field for field in fields if field.name in spec["include_fields"]]
    if spec["exclude_fields"]:
        fields = [field for field in fields if field.name not in spec["exclude_fields"]]
    return tuple((field, _reader(field)) for field in fields)


def creation_changes(instance: models.Model) -> dict[str, tuple] | None:
    """What `model_instance_diff(None, instance, use_json_for_changes=True)` answers."""
    readers = _readers(type(instance))
    if readers is None:
        return model_instance_diff(None, instance, use_json_for_changes=settings.AUDITLOG_STORE_JSON_CHANGES)
    changes = {}
    for field, read in readers:
        try:
            value = read(instance)
        except (models.ObjectDoesNotExist, AttributeError):
            value = _default(field)
        if value is not None:  # auditlog's old value of a new row: None
            changes[field.name] = (None, value if is_primitive(value) else smart_str(value))
    return changes or None


@check_disable
def log_create(sender, instance, created, **kwargs) -> None:
    """auditlog's `log_create` and `_create_log_entry` for a creation, with `creation_changes`."""
    if not created:
        return
    action = get_logentry_model().Action.CREATE
    pre_log_results = pre_log.send(sender, instance=instance, action=action)
    if any(item[1] is False for item in pre_log_results):
        return
    error = log_entry = changes = None
    try:
        changes = creation_changes(instance)
        if changes:
            log_entry = get_logentry_model().objects.log_create(instance, action=action, changes=changes)
    except BaseException as exc:
        error = exc
    finally:
        if log_entry or error:
            post_log.send(
                sender,
                instance=instance,
                instance_old=None,
                action=action,
                error=error,
                pre_log_results=pre_log_results,
                changes=changes,
                log_entry=log_entry,
                log_created=log_entry is not None,
                use_json_for_changes=settings.AUDITLOG_STORE_JSON_CHANGES,
            )
    if error:
        raise error
