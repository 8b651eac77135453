"""Reads for the dashboard home and the reports: every figure is counted in the database, in a
fixed number of queries whatever the number of rows (docs/reports.md). What the retention period
erased is counted from its anonymous tallies (ErasedRegistration, ErasedMember), so that a
report reads the same before and after a purge; those rows have no name."""

import calendar
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from time import monotonic
from typing import Any

from django.db.models import (
    Case,
    CharField,
    Count,
    DateField,
    Exists,
    ExpressionWrapper,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Sum,
    Value,
    When,
)
from django.db.models.functions import ExtractYear, Lower, TruncMonth
from django.utils import timezone
from django.utils.translation import gettext as _

from services.core.cpd import CPD_CATEGORIES
from services.core.errors import ValidationFailed
from services.events.models import Event
from services.events.selectors import with_stored_counts
from services.members.models import CpdCredit, ErasedMember, ErasedMembershipPeriod, Member, MembershipPeriod
from services.members.standing import GRACE_DAYS, Standing, standing_q
from services.registrations.models import CheckIn, ErasedRegistration, Registration, ScanAttempt

PERIODS = ("week", "month", "quarter", "year")
DEFAULT_PERIOD = "year"
# Months each period goes back from today (a week is 7 days).
_PERIOD_MONTHS = {"month": 1, "quarter": 3, "year": 12}
SEARCH_MAX_LENGTH = 100
# Rows a report lists at most, newest first; the totals always cover every row.
ROW_LIMIT = 100

UPCOMING_SHOWN = 3
RECENT_SHOWN = 5

APPROVED = Member.Approval.APPROVED
REGISTRATION_APPROVED = Registration.Status.APPROVED
REGISTRATION_REJECTED = Registration.Status.REJECTED
# The events people attend: the ones that took or take place (not drafts, not cancelled).
HELD = (Event.Status.PUBLISHED, Event.Status.COMPLETED)


# --- The dashboard home ----------------------------------------------------------------------


def dashboard_summary(*, today: date | None = None) -> dict[str, Any]:
    """SPEC §9's counts, the soonest upcoming events and the latest events and registrations:
    eight queries, whatever the number of rows."""
    today = today or timezone.localdate()
    good_standing = Q(approval_status=APPROVED, is_active_member=True)
    members = Member.objects.aggregate(
        total=Count("pk"),
        active=Count("pk", filter=good_standing),
        inactive=Count("pk", filter=Q(approval_status=APPROVED, is_active_member=False)),
        pending=Count("pk", filter=~Q(approval_status=APPROVED)),
        # Standing Expiring: their membership's last day is today or within 30 days.
        expiring_30_days=Count("pk", filter=standing_q([Standing.EXPIRING], today)),
    )
    # Erased applications were Rejected: they count in the total and among the not approved.
    erased_members = ErasedMember.objects.count()
    members["total"] += erased_members
    members["pending"] += erased_members
    status = Registration.Status
    by_status = {
        "total": Count("pk"),
        "pending": Count("pk", filter=Q(registration_status=status.PENDING)),
        "approved": Count("pk", filter=Q(registration_status=status.APPROVED)),
        "rejected": Count("pk", filter=Q(registration_status=status.REJECTED)),
    }
    registrations = Registration.objects.aggregate(**by_status)
    for name, count in ErasedRegistration.objects.aggregate(**by_status).items():
        registrations[name] += count
    events = Event.objects.aggregate(
        total=Count("pk"), upcoming=Count("pk", filter=Q(status=Event.Status.PUBLISHED))
    )
    soonest = with_stored_counts(Event.objects.filter(status=Event.Status.PUBLISHED, date__gte=today))
    return {
        "members": members,
        "registrations": registrations,
        "events": events,
        "upcoming_events": list(soonest.order_by("date", "time", "pk")[:UPCOMING_SHOWN]),
        "recent_events": list(Event.objects.order_by("-created_at", "-pk")[:RECENT_SHOWN]),
        "recent_registrations": list(
            Registration.objects.select_related("event").order_by("-registration_date", "-pk")[:RECENT_SHOWN]
        ),
    }


# The home page's figures as one process last counted them, for SUMMARY_FRESH_SECONDS: staff
# polling the home page cost a dictionary's serialisation, not eight aggregates over every row
# (issue 26; docs/decisions.md). A save or delete of a counted row in this process drops it at
# once (summary_stale, connected in apps.py); another process's writes, and bulk updates (an
# event's stored counts), show within those seconds.
SUMMARY_FRESH_SECONDS = 5.0
_summary_lock = threading.Lock()
_summary_generation = 0
# (generation, day, monotonic expiry, figures)
_summary_kept: tuple[int, date, float, Any] | None = None


def summary_stale(**_kwargs: Any) -> None:
    """A counted row changed in this process: the next summary is counted afresh."""
    global _summary_generation, _summary_kept
    with _summary_lock:
        _summary_generation += 1
        _summary_kept = None


def dashboard_summary_recent(shape: Callable[[dict[str, Any]], Any] = dict) -> Any:
    """shape(dashboard_summary()), counted and shaped at most SUMMARY_FRESH_SECONDS ago by this
    process (the API keeps its validated answer, so a request only serialises it)."""
    global _summary_kept
    today, now = timezone.localdate(), monotonic()
    kept, generation = _summary_kept, _summary_generation
    if kept is not None and kept[0] == generation and kept[1] == today and now < kept[2]:
        return kept[3]
    figures = shape(dashboard_summary(today=today))
    with _summary_lock:
        if generation == _summary_generation:  # no write while it was counted
            _summary_kept = (generation, today, now + SUMMARY_FRESH_SECONDS, figures)
    return figures


# --- Report periods and search ---------------------------------------------------------------


@dataclass(frozen=True)
class Window:
    """The days a report covers: from `start` to `end` (today), both included."""

    period: str
    start: date
    end: date

    @property
    def since(self) -> datetime:
        return timezone.make_aware(datetime.combine(self.start, time.min))

    @property
    def until(self) -> datetime:
        """The first instant after the window (midnight after `end`)."""
        return timezone.make_aware(datetime.combine(self.end + timedelta(days=1), time.min))

    def instants(self, field: str) -> Q:
        return Q(**{f"{field}__gte": self.since, f"{field}__lt": self.until})

    def months(self) -> list[date]:
        """The first day of every calendar month the window touches, oldest first."""
        months, month = [], self.start.replace(day=1)
        while month <= self.end:
            months.append(month)
            month = _add_months(month, 1)
        return months


def _add_months(day: date, months: int) -> date:
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def report_window(period: str | None, *, today: date | None = None) -> Window:
    """A week, month, quarter or year ending today: 7 days, or from the day after the same date
    1, 3 or 12 months ago. Anything else is refused with the field named."""
    today = today or timezone.localdate()
    period = period or DEFAULT_PERIOD
    if period not in PERIODS:
        raise ValidationFailed(
            _("Period must be one of week, month, quarter or year."),
            fields={"period": _("Not one of the allowed values.")},
        )
    if period == "week":
        start = today - timedelta(days=6)
    else:
        start = _add_months(today, -_PERIOD_MONTHS[period]) + timedelta(days=1)
    return Window(period, start, today)


def report_search(search: str | None) -> str:
    term = (search or "").strip()
    if len(term) > SEARCH_MAX_LENGTH:
        raise ValidationFailed(
            _("Please keep the search under %(n)s characters.") % {"n": SEARCH_MAX_LENGTH},
            fields={"search": _("This value is too long.")},
        )
    return term


def _percentage(part: int, whole: int) -> float | None:
    return round(part * 100 / whole, 1) if whole else None


# --- Event attendance ------------------------------------------------------------------------


def _approved_member_with_email(email_ref: str) -> Exists:
    """An approved member with the registrant's e-mail, compared without case."""
    return Exists(
        Member.objects.filter(approval_status=APPROVED)
        .annotate(email_key=Lower("email"))
        .filter(email_key=Lower(OuterRef(email_ref)))
    )


# Where an event's attendees are counted from: the tickets scanned at its door, or, for an event
# whose door never scanned one (held before check-in existed), its confirmed seats.
FROM_CHECK_INS = "check_ins"
FROM_CONFIRMED_SEATS = "confirmed_seats"


def _door_used(event_ref: str) -> Q:
    """The event's door scanned at least one ticket: a scan of it is kept (an attempt, whatever
    its answer) or a check-in stands. Before check-in existed there is neither."""
    return Q(Exists(ScanAttempt.objects.filter(event_id=OuterRef(event_ref)))) | Q(
        Exists(CheckIn.objects.filter(ticket__registration__event_id=OuterRef(event_ref)))
    )


def attendance_report(
    *, period: str | None = None, search: str | None = None, today: date | None = None
) -> dict[str, Any]:
    """Per event held in the window (newest first, at most ROW_LIMIT): its attendees, members among
    them (an approved member's e-mail) and the rest. The attendees are the registrations checked in
    at the door; an event whose door scanned nothing (held before check-in existed) counts its
    Approved registrations instead, and its row says so. Three queries."""
    window, term = report_window(period, today=today), report_search(search)
    events = Event.objects.filter(status__in=HELD, date__gte=window.start, date__lte=window.end)
    if term:
        events = events.filter(title__icontains=term)
    member = Q(_approved_member_with_email("registrations__email"))
    checked_in = Q(registrations__ticket__check_in__isnull=False)
    approved = Q(registrations__registration_status=REGISTRATION_APPROVED)
    rows = events.annotate(
        door_used=_door_used("pk"),
        checked_in=Count("registrations", filter=checked_in),
        checked_in_members=Count("registrations", filter=checked_in & member),
        approved=Count("registrations", filter=approved),
        approved_members=Count("registrations", filter=approved & member),
    ).order_by("-date", "-time", "-pk")[:ROW_LIMIT]
    # Every registration counted by its event's rule, for the totals.
    attended = Q(_door_used("event_id"), ticket__check_in__isnull=False) | (
        ~Q(_door_used("event_id")) & Q(registration_status=REGISTRATION_APPROVED)
    )
    totals = (
        Registration.objects.filter(event__in=events.values("pk"))
        .filter(attended)
        .aggregate(attendees=Count("pk"), members=Count("pk", filter=Q(_approved_member_with_email("email"))))
    )
    counted = events.aggregate(events=Count("pk"), from_seats=Count("pk", filter=~_door_used("pk")))
    report_rows = []
    for event in rows:
        attendees, members = (
            (event.checked_in, event.checked_in_members)
            if event.door_used
            else (event.approved, event.approved_members)
        )
        report_rows.append(
            {
                "event_id": event.pk,
                "event_name": event.title,
                "date": event.date,
                "counted_from": FROM_CHECK_INS if event.door_used else FROM_CONFIRMED_SEATS,
                "total_attendees": attendees,
                "members": members,
                "non_members": attendees - members,
                "member_percentage": _percentage(members, attendees),
            }
        )
    return {
        "period": window.period,
        "start": window.start,
        "end": window.end,
        "rows": report_rows,
        "count": counted["events"],
        "totals": {
            "total_attendees": totals["attendees"],
            "members": totals["members"],
            "non_members": totals["attendees"] - totals["members"],
            "member_attendance_rate": _percentage(totals["members"], totals["attendees"]),
            "events_from_confirmed_seats": counted["from_seats"],
        },
    }


# --- Member activities -----------------------------------------------------------------------

ACTIVITY_COLUMNS = ("kind", "at", "who", "event_title", "status", "by_first", "by_last", "by_username")


def _text(value: str | None) -> Value:
    return Value(value, output_field=CharField())


def _decided_by(condition: Q | bool) -> dict[str, Any]:
    """The staff user's names when `condition` says the row is their decision, else nulls."""
    fields = {"by_first": "first_name", "by_last": "last_name", "by_username": "username"}
    if condition is False:
        return {name: _text(None) for name in fields}
    if condition is True:
        return {name: F(f"decided_by__{field}") for name, field in fields.items()}
    return {
        name: Case(
            When(condition, then=F(f"decided_by__{field}")), default=_text(None), output_field=CharField()
        )
        for name, field in fields.items()
    }


def _activity(queryset: QuerySet, kind: str, at: str, window: Window, *, by: Q | bool, **columns) -> QuerySet:
    return (
        queryset.filter(window.instants(at))
        .annotate(kind=_text(kind), at=F(at), **columns, **_decided_by(by))
        .values(*ACTIVITY_COLUMNS)
        .order_by()  # the models' default order has no place inside a UNION
    )


def activity_report(
    *, period: str | None = None, search: str | None = None, today: date | None = None
) -> dict[str, Any]:
    """What was recorded in the window, newest first (at most ROW_LIMIT): applications, first
    approvals (joined), renewals and rejections of members; registrations and the decisions on
    them. Each decision names the staff user where that decision is the one recorded (a member
    or registration keeps only its latest). One query for the rows, one for the count."""
    window, term = report_window(period, today=today), report_search(search)
    members = Member.objects.all()
    registrations = Registration.objects.all()
    # The erased have no name: a search by name never finds them.
    erased_members = ErasedMember.objects.none() if term else ErasedMember.objects.all()
    erased_registrations = ErasedRegistration.objects.none() if term else ErasedRegistration.objects.all()
    if term:
        members = members.filter(full_name__icontains=term)
        registrations = registrations.filter(full_name__icontains=term)
    member_columns = {"who": F("full_name"), "event_title": _text(None), "status": F("approval_status")}
    erased_member_columns = {**member_columns, "who": _text(None)}
    erased_registration_columns = {
        "who": _text(None),
        "event_title": F("event__title"),
        "status": F("registration_status"),
    }
    registration_columns = {
        "who": F("full_name"),
        "event_title": F("event__title"),
        "status": F("registration_status"),
    }
    parts = [
        _activity(members, "member_applied", "created_at", window, by=False, **member_columns),
        _activity(
            members,
            "member_joined",
            "joined_at",
            window,
            by=Q(approval_status=APPROVED, approved_at=F("joined_at")),
            **member_columns,
        ),
        _activity(
            members,
            "member_renewed",
            "renewed_at",
            window,
            by=Q(approval_status=APPROVED, approved_at=F("renewed_at")),
            **member_columns,
        ),
        _activity(
            members,
            "member_rejected",
            "rejected_at",
            window,
            by=Q(approval_status=Member.Approval.REJECTED),
            **member_columns,
        ),
        _activity(
            registrations,
            "registration_submitted",
            "registration_date",
            window,
            by=False,
            **registration_columns,
        ),
        _activity(
            registrations.filter(registration_status=REGISTRATION_APPROVED),
            "registration_approved",
            "decided_at",
            window,
            by=True,
            **registration_columns,
        ),
        _activity(
            registrations.filter(registration_status=REGISTRATION_REJECTED),
            "registration_rejected",
            "decided_at",
            window,
            by=True,
            **registration_columns,
        ),
        # The same activities of what the retention period erased (every one had been rejected).
        _activity(erased_members, "member_applied", "created_at", window, by=False, **erased_member_columns),
        _activity(erased_members, "member_joined", "joined_at", window, by=False, **erased_member_columns),
        _activity(erased_members, "member_renewed", "renewed_at", window, by=False, **erased_member_columns),
        _activity(erased_members, "member_rejected", "rejected_at", window, by=True, **erased_member_columns),
        _activity(
            erased_registrations,
            "registration_submitted",
            "registration_date",
            window,
            by=False,
            **erased_registration_columns,
        ),
        _activity(
            erased_registrations.filter(registration_status=REGISTRATION_REJECTED),
            "registration_rejected",
            "decided_at",
            window,
            by=True,
            **erased_registration_columns,
        ),
    ]
    union = parts[0].union(*parts[1:], all=True)
    rows = list(union.order_by("-at", "kind", "who", "event_title")[:ROW_LIMIT])
    return {
        "period": window.period,
        "start": window.start,
        "end": window.end,
        "rows": [
            {
                "kind": row["kind"],
                "at": row["at"],
                "who": row["who"],
                "event_title": row["event_title"],
                "status": row["status"],
                "decided_by": _staff_name(row),
            }
            for row in rows
        ],
        "count": union.count(),
    }


def _staff_name(row: dict[str, Any]) -> str | None:
    name = " ".join(part for part in (row["by_first"], row["by_last"]) if part)
    return name or row["by_username"] or None


# --- Membership growth -----------------------------------------------------------------------


def _period_growth(
    periods: QuerySet, owner: str, window: Window
) -> tuple[dict[date, list[int]], dict[str, int]]:
    """Two queries over `periods` (MembershipPeriod, or ErasedMembershipPeriod: `owner` names the
    member's field): per month of the window, the periods that started in it, split into first
    periods (new members) and later ones (renewals); and the retention of the memberships whose
    grace ended in the window (docs/reports.md)."""
    model = periods.model
    earlier = model.objects.filter(**{owner: OuterRef(owner)}, start__lt=OuterRef("start"))
    counted = (
        periods.filter(start__gte=window.start, start__lte=window.end)
        .annotate(month=TruncMonth("start"), follows_another=Exists(earlier))
        .values("month")
        .annotate(
            new=Count("pk", filter=Q(follows_another=False), output_field=IntegerField()),
            renewals=Count("pk", filter=Q(follows_another=True), output_field=IntegerField()),
        )
        .values_list("month", "new", "renewals")
    )
    by_month = {
        (month.date() if isinstance(month, datetime) else month): [new, renewals]
        for month, new, renewals in counted
    }
    # Due: the day after their grace (E+GRACE_DAYS+1, the first Lapsed day) is in the window.
    # Renewed in time: their next period starts after E and at the latest on grace's last day.
    lapse = timedelta(days=GRACE_DAYS + 1)
    in_time = model.objects.filter(
        **{owner: OuterRef(owner)},
        start__gt=OuterRef("end"),
        start__lte=ExpressionWrapper(OuterRef("end") + timedelta(days=GRACE_DAYS), output_field=DateField()),
    )
    retention = (
        periods.filter(end__gte=window.start - lapse, end__lte=window.end - lapse)
        .annotate(renewed=Exists(in_time))
        .aggregate(due=Count("pk"), retained=Count("pk", filter=Q(renewed=True)))
    )
    return by_month, retention


def growth_report(
    *, period: str | None = None, search: str | None = None, today: date | None = None
) -> dict[str, Any]:
    """New members and renewals per calendar month of the window, and the retention, all from
    membership periods (docs/reports.md): a member's first period is a join, each later one a
    renewal, counted in the month the period starts; retention is the share of the memberships
    whose grace ended in the window that were renewed before it ended. Two queries, and two more
    for the erased applications' periods when nothing is searched."""
    window, term = report_window(period, today=today), report_search(search)
    periods = MembershipPeriod.objects.all()
    if term:
        periods = periods.filter(member__full_name__icontains=term)
    by_month, retention = _period_growth(periods, "member", window)
    if not term:  # the erased have no name to match
        erased_months, erased_retention = _period_growth(
            ErasedMembershipPeriod.objects.all(), "erased_member", window
        )
        for month, (new, renewals) in erased_months.items():
            counts = by_month.setdefault(month, [0, 0])
            counts[0] += new
            counts[1] += renewals
        for key in retention:
            retention[key] += erased_retention[key]
    counts = [(month, by_month.get(month, [0, 0])) for month in window.months()]
    rows = [{"month": month, "new_members": new, "renewals": renewals} for month, (new, renewals) in counts]
    return {
        "period": window.period,
        "start": window.start,
        "end": window.end,
        "rows": rows,
        "totals": {
            "new_members": sum(row["new_members"] for row in rows),
            "renewals": sum(row["renewals"] for row in rows),
            # The API's names: `members_at_start` is the memberships due in the window.
            "members_at_start": retention["due"],
            "retained": retention["retained"],
            "retention_rate": _percentage(retention["retained"], retention["due"]),
        },
    }


# --- CPD hours per member per year (docs/reports.md) -------------------------------------------


def cpd_hours_rows(*, year: int | None = None) -> QuerySet:
    """One row per member and year with standing CPD credits (revoked ones do not count): the
    hours in all and per category. One query whatever the number of members."""
    per_category = {
        f"category_{index}": Sum("hours", filter=Q(category=category), default=Decimal(0))
        for index, category in enumerate(CPD_CATEGORIES)
    }
    credits = CpdCredit.objects.filter(revoked_at__isnull=True)
    if year is not None:
        credits = credits.filter(date__year=year)
    return (
        credits.annotate(year=ExtractYear("date"))
        .values("member_id", "member__membership_number", "member__full_name", "year")
        .annotate(total=Sum("hours"), **per_category)
        .order_by("member__full_name", "member_id", "year")
    )
