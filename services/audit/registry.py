"""Which models the trail follows, under which name, and which of their fields are personal or secret.

Each domain registers its own models from its AppConfig.ready (the audit app knows no domain). A
followed model's every save and delete is recorded by django-auditlog, in the product or in Django's
admin; secret fields are never recorded; personal ones are masked in the activity list and replaced
with a marker when the person's data is erased."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from auditlog.registry import auditlog
from django.db import models
from django.db.models.signals import post_save

from .creation import log_create

# A new row's entry through our receiver (creation.py): the same entry, its diff cheaper. Set
# before any model is followed: the registry connects what this holds for each model it registers.
auditlog._signals[post_save] = log_create

# Never recorded, on any model: what signs in or opens a link.
SECRET_FIELDS = ("password", "token", "token_hash", "access_token_hash", "offer_token_hash", "secret")


@dataclass(frozen=True)
class Followed:
    object_type: str
    personal: frozenset[str] = field(default_factory=frozenset)
    label: Callable[[models.Model], str] | None = None
    object_id: Callable[[models.Model], int | None] | None = None  # the id the API names it by


_followed: dict[type[models.Model], Followed] = {}
_personal_by_type: dict[str, frozenset[str]] = {}


def audit_follow(
    model: type[models.Model],
    *,
    object_type: str,
    personal: Iterable[str] = (),
    exclude: Iterable[str] = (),
    label: Callable[[models.Model], str] | None = None,
    object_id: Callable[[models.Model], int | None] | None = None,
) -> None:
    """Record every change of `model`. `exclude`: fields whose changes say nothing to a person
    (counters, timestamps kept by the database); secrets are always left out."""
    names = [f.name for f in model._meta.concrete_fields]
    secret = {name for name in names if name in SECRET_FIELDS or name.endswith("_hash")}
    # Only the model's own columns: not the rows that point at it (an event's registrations).
    kept = [name for name in names if name not in secret and name not in set(exclude)]
    auditlog.register(model, include_fields=kept, exclude_fields=sorted({*exclude, *secret}))
    followed = Followed(object_type, frozenset(personal), label, object_id)
    _followed[model] = followed
    _personal_by_type[object_type] = _personal_by_type.get(object_type, frozenset()) | followed.personal


def audit_personal_fields(object_type: str, fields: Iterable[str] = ()) -> None:
    """Personal fields of entries that no model save writes (a failed sign-in's username)."""
    _personal_by_type[object_type] = _personal_by_type.get(object_type, frozenset()) | frozenset(fields)


def followed(model: type[models.Model]) -> Followed | None:
    return _followed.get(model)


def personal_fields(object_type: str) -> frozenset[str]:
    return _personal_by_type.get(object_type, frozenset())


def object_types() -> list[str]:
    return sorted({f.object_type for f in _followed.values()} | set(_personal_by_type))
