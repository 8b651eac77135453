"""Reading the trail: the staff activity list and a record's History tab, filtered and paged in the
database, the actor joined in the same query."""

from datetime import date, datetime, time, timedelta

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.utils import timezone

from services.core.paging import Page, paginate

from .erasure import scrub
from .models import Entry
from .registry import personal_fields

PAGE_SIZE = 20
MASK = "•••"


def activity_list(
    *,
    actor: int | None = None,
    object_type: str | None = None,
    object_id: int | None = None,
    action: str | None = None,
    since: date | None = None,
    until: date | None = None,
    search: str | None = None,
) -> QuerySet:
    """Newest first. `since`/`until`: days in the association's time zone, both included."""
    queryset = Entry.objects.select_related("actor")
    if actor is not None:
        queryset = queryset.filter(actor_id=actor)
    if object_type:
        queryset = queryset.filter(object_type=object_type)
    if object_id is not None:
        queryset = queryset.filter(object_id=object_id)
    if action:
        queryset = queryset.filter(verb=action)
    if since is not None:
        queryset = queryset.filter(timestamp__gte=_day_start(since))
    if until is not None:
        queryset = queryset.filter(timestamp__lt=_day_start(until + timedelta(days=1)))
    if search and search.strip():
        term = search.strip()
        queryset = queryset.filter(
            Q(verb__icontains=term)
            | Q(object_repr__icontains=term)
            | Q(actor_name__icontains=term)
            | Q(actor__username__icontains=term)
        )
    return queryset.order_by("-timestamp", "-pk")


def activity_page(queryset: QuerySet, *, page: int | None, page_size: int | None) -> Page:
    return paginate(queryset, page=page, page_size=page_size or PAGE_SIZE, sizes=None)


def activity_facets() -> dict:
    """What the filters offer: the staff who appear in the trail, the kinds of object and actions."""
    actor_ids = Entry.objects.exclude(actor=None).values("actor_id").distinct()
    actors = get_user_model().objects.filter(pk__in=actor_ids).order_by("username")
    return {
        "actors": [_actor(user) for user in actors],
        "object_types": sorted(Entry.objects.values_list("object_type", flat=True).distinct()),
        "actions": sorted(Entry.objects.values_list("verb", flat=True).distinct()),
    }


def entry_changes(entry: Entry, *, masked: bool) -> dict:
    """{field: {"before", "after"}}; personal values masked when `masked` (the activity list)."""
    changes = entry.changes or {}
    if masked:
        changes = scrub(changes, personal_fields(entry.object_type), marker=MASK)
    # In name order: PostgreSQL's jsonb keeps its own key order, SQLite the order written.
    return {name: {"before": values[0], "after": values[1]} for name, values in sorted(changes.items())}


def entry_actor(entry: Entry) -> dict | str:
    if entry.actor_kind != Entry.ActorKind.STAFF:
        return entry.actor_kind
    if entry.actor is None:  # the account was deleted since: the name it had then
        return {"id": None, "username": "", "name": entry.actor_name}
    return {**_actor(entry.actor), "name": entry.actor_name or _actor(entry.actor)["name"]}


def _actor(user) -> dict:
    return {
        "id": user.pk,
        "username": user.get_username(),
        "name": user.get_full_name() or user.get_username(),
    }


def _day_start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min), timezone.get_default_timezone())
