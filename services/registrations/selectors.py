from django.db.models import Count, F, Q, QuerySet
from django.utils.translation import gettext as _

from services.audit.recording import audit_record
from services.core.codes import short_hash
from services.core.errors import NotFound
from services.core.paging import Page, paginate
from services.events.models import Event

from .capacity import Seats, count_seats
from .models import CheckIn, Registration, Ticket, WaitlistEntry

OVERVIEW_PAGE_SIZE = 6
REGISTRATIONS_PAGE_SIZES = (10, 20, 50)


def with_registration_counts(queryset: QuerySet) -> QuerySet:
    """Counts from the registration rows, in the same query as the events (staff views; the
    events' staff endpoints get it through events.selectors.staff_counts_provide, apps.py).
    The total is the seats held: Pending and Approved."""
    status = Registration.Status
    return queryset.annotate(
        total_registrations_count=Count(
            "registrations", filter=Q(registrations__registration_status__in=Registration.HOLDING_SEATS)
        ),
        approved_registrations_count=Count(
            "registrations", filter=Q(registrations__registration_status=status.APPROVED)
        ),
        pending_registrations_count=Count(
            "registrations", filter=Q(registrations__registration_status=status.PENDING)
        ),
    )


def event_or_404(event_id: int) -> Event:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise NotFound(_not_found())
    return event


def _not_found() -> str:
    return _("Not Found! The event you're looking for doesn't exist.")


def registration_list(*, event: Event, search: str | None = None, status: str | None = None) -> QuerySet:
    queryset = (
        Registration.objects.filter(event=event)
        .select_related("event", "decided_by")
        .prefetch_related("event_reminders")
        .annotate(checked_in_at=F("ticket__check_in__scanned_at"))
    )
    if status:
        queryset = queryset.filter(registration_status=status)
    if search and search.strip():
        term = search.strip()
        queryset = queryset.filter(
            Q(full_name__icontains=term)
            | Q(email__icontains=term)
            | Q(phone__icontains=term)
            | Q(payment_reference__iexact=term)
        )
    return queryset.order_by("-registration_date", "-pk")


def registration_detail(*, registration_id: int) -> Registration:
    """One registration as staff open it: a read of a person's data, so it is recorded
    (`registration.viewed`, one insert)."""
    registration = (
        Registration.objects.select_related("event", "decided_by")
        .prefetch_related("event_reminders")
        .annotate(checked_in_at=F("ticket__check_in__scanned_at"))
        .filter(pk=registration_id)
        .first()
    )
    if registration is None:
        raise NotFound(_("Registration not found."))
    audit_record(
        "registration.viewed",
        object_type="registration",
        object_id=registration.pk,
        label=registration.payment_reference or f"#{registration.pk}",
        model=Registration,
    )
    return registration


def registrations_page(queryset: QuerySet, *, page: int | None, page_size: int | None) -> Page:
    return paginate(queryset, page=page, page_size=page_size or 20, sizes=REGISTRATIONS_PAGE_SIZES)


def access_needs(event: Event) -> dict:
    """How many registrants holding a seat need an interpreter, and the disabilities declared."""
    holding = Registration.objects.filter(event=event, registration_status__in=Registration.HOLDING_SEATS)
    rows = holding.values("disability").annotate(
        n=Count("pk"), interpreters=Count("pk", filter=Q(needs_interpreter=True))
    )
    disabilities = {row["disability"]: row["n"] for row in rows if row["disability"] != "None"}
    return {"needs_interpreter": sum(row["interpreters"] for row in rows), "disabilities": disabilities}


def event_seats(event: Event) -> tuple[Seats, dict[str, int]]:
    """The seats from the rows, and how many registrations ended in each way (Rejected, Expired,
    Cancelled), counted apart from the seats."""
    rows = (
        Registration.objects.filter(event=event, registration_status__in=Registration.ENDED_STATUSES)
        .values("registration_status")
        .annotate(n=Count("pk"))
        .order_by()
    )
    ended = dict.fromkeys(Registration.ENDED_STATUSES, 0)
    ended.update({row["registration_status"]: row["n"] for row in rows})
    return count_seats(event), ended


def checked_in_count(event: Event) -> int:
    """The event's real check-ins (the first scan of each ticket): the registrations page's live
    figure beside the confirmed seats, the same count as the attendance's."""
    return CheckIn.objects.filter(ticket__registration__event=event).count()


def overview(*, status: str | None, page: int | None, page_size: int | None) -> tuple[Page, dict[str, int]]:
    """Every event's registration counts, one page of events in one query, plus the number of
    events per status (the tabs)."""
    queryset = Event.objects.all()
    if status:
        queryset = queryset.filter(status=status)
    events = with_registration_counts(queryset).order_by("-date", "-pk")
    result = paginate(events, page=page, page_size=page_size or OVERVIEW_PAGE_SIZE, sizes=None)
    status_counts = {
        row["status"]: row["n"] for row in Event.objects.values("status").annotate(n=Count("pk")).order_by()
    }
    ordered = {name: status_counts[name] for name in Event.Status.values if status_counts.get(name)}
    return result, ordered


def waitlist(event: Event) -> list[WaitlistEntry]:
    entries = list(WaitlistEntry.objects.filter(event=event).order_by("created_at", "pk"))
    position = 0
    for entry in entries:
        if entry.status == WaitlistEntry.Status.WAITING and entry.email_confirmed_at is not None:
            position += 1
            entry.position = position
        else:
            entry.position = None
    return entries


def checkin_list(event: Event) -> list[dict]:
    """Every ticket of the event as the door's devices keep it (offline): hashes, never codes or
    phone numbers, and only what the door needs. One statement."""
    rows = (
        Ticket.objects.filter(registration__event=event)
        .order_by("registration__full_name", "pk")
        .values_list(
            "code_hash",
            "registration__phone",
            "registration__full_name",
            "registration__payment_reference",
            "registration__registration_status",
            "registration__needs_interpreter",
            "registration__disability",
            "registration__disability_details",
            "check_in__scanned_at",
            "check_in__device",
        )
    )
    return [
        {
            "code_hash": code[:16],
            "phone_hash": short_hash(phone),
            "name": name,
            "reference": reference,
            "status": status,
            "access_needs": {"interpreter": interpreter, "disability": disability, "details": details},
            "checked_in_at": at,
            "device": device,
        }
        for code, phone, name, reference, status, interpreter, disability, details, at, device in rows
    ]


def attendance(event: Event) -> tuple[int, list[CheckIn]]:
    """The confirmed seats, and the real check-ins (first scan of each ticket), earliest first."""
    confirmed = Registration.objects.filter(
        event=event, registration_status=Registration.Status.APPROVED
    ).count()
    check_ins = list(
        CheckIn.objects.filter(ticket__registration__event=event)
        .select_related("ticket__registration", "by")
        .order_by("scanned_at", "pk")
    )
    return confirmed, check_ins
