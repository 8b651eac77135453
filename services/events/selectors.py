from collections.abc import Callable

from django.db.models import F, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from services.core.errors import NotFound, ValidationFailed

from .models import Event

CountsAnnotation = Callable[[QuerySet], QuerySet]
# Staff views show the registration counts from the rows (total: the seats held, Pending and
# Approved). Registrations provides that annotation from its AppConfig.ready
# (registrations.selectors.with_registration_counts), so that events imports nothing of it;
# without it, the counters stored on the event.
_staff_counts: list[CountsAnnotation] = []


def staff_counts_provide(annotate: CountsAnnotation) -> None:
    _staff_counts[:] = [annotate]


def with_staff_counts(queryset: QuerySet) -> QuerySet:
    if _staff_counts:
        return _staff_counts[0](queryset)
    return with_stored_counts(queryset)


ORDERINGS = {"title", "-title", "date", "-date", "created_at", "-created_at"}
DEFAULT_ORDERING = "-created_at"


def event_list(
    *, search: str | None = None, status: str | None = None, ordering: str | None = None, created_by=None
) -> QuerySet:
    queryset = Event.objects.all()
    if search and search.strip():
        term = search.strip()
        queryset = queryset.filter(
            Q(title__icontains=term) | Q(description__icontains=term) | Q(location__icontains=term)
        )
    if status:
        if status not in Event.Status.values:
            raise ValidationFailed(
                _("Status must be one of Draft, Published, Completed or Cancelled."),
                fields={"status": _("Not one of the allowed values.")},
            )
        queryset = queryset.filter(status=status)
    if created_by is not None:
        queryset = queryset.filter(created_by=created_by)
    ordering = ordering or DEFAULT_ORDERING
    if ordering not in ORDERINGS:
        raise ValidationFailed(
            _("Sort by title, date or created_at (prefix - for descending)."),
            fields={"ordering": _("Not one of the allowed values.")},
        )
    tiebreak = "-pk" if ordering.startswith("-") else "pk"
    return with_staff_counts(queryset).order_by(ordering, tiebreak)


def with_stored_counts(queryset: QuerySet) -> QuerySet:
    """The counters stored on the event (services/registrations/capacity.py), under the names the
    API uses: the public pages read them without a join."""
    return queryset.annotate(
        total_registrations_count=F("registrations_total"),
        approved_registrations_count=F("registrations_approved"),
        pending_registrations_count=F("registrations_pending"),
    )


def public_event_list() -> QuerySet:
    """Upcoming published events, soonest first."""
    today = timezone.localdate()
    queryset = Event.objects.filter(status=Event.Status.PUBLISHED, date__gte=today)
    return with_stored_counts(queryset).order_by("date", "time", "pk")


def public_past_event_list() -> QuerySet:
    """The archive: published or completed events whose day has passed, newest first."""
    today = timezone.localdate()
    queryset = Event.objects.filter(
        status__in=[Event.Status.PUBLISHED, Event.Status.COMPLETED], date__lt=today
    )
    return with_stored_counts(queryset).order_by("-date", F("time").desc(nulls_last=True), "-pk")


def public_event_get(*, event_id: int) -> Event:
    """A published, completed or cancelled event (a cancelled one stays readable by its link, and
    says so); drafts do not exist for the public."""
    event = (
        with_stored_counts(Event.objects.filter(pk=event_id))
        .filter(status__in=[Event.Status.PUBLISHED, Event.Status.COMPLETED, Event.Status.CANCELLED])
        .first()
    )
    if event is None:
        raise NotFound(_("Not Found! The event you're looking for doesn't exist."))
    return event


def event_get(*, event_id: int) -> Event:
    event = with_staff_counts(Event.objects.filter(pk=event_id)).first()
    if event is None:
        raise NotFound(_("Not Found! The event you're looking for doesn't exist."))
    return event
