from datetime import date, datetime
from typing import Literal

from ninja import Schema

from services.core.openapi import ClockTime, one_of
from services.events.schemas import EventStatus
from services.members.models import Member
from services.registrations.models import Registration
from services.registrations.schemas import RegistrationStatus

from .selectors import PERIODS


class MemberCounts(Schema):
    total: int
    active: int  # Approved and active
    inactive: int  # Approved and not active
    pending: int  # anything not Approved
    expiring_30_days: int  # Approved, their membership ending today or within the next 30 days


class RegistrationCounts(Schema):
    total: int
    pending: int
    approved: int
    rejected: int


class EventCounts(Schema):
    total: int
    upcoming: int  # Published


class UpcomingEventOut(Schema):
    id: int
    title: str
    date: date
    time: ClockTime | None
    location: str
    maximum_attendees: int | None
    total_registrations_count: int
    approved_registrations_count: int


class RecentEventOut(Schema):
    id: int
    title: str
    date: date
    status: EventStatus
    created_at: datetime


class RecentRegistrationOut(Schema):
    id: int
    full_name: str
    event_id: int
    event_title: str
    registration_status: RegistrationStatus
    registration_date: datetime

    @staticmethod
    def resolve_event_title(obj) -> str:
        return obj.event.title


class SummaryOut(Schema):
    members: MemberCounts
    registrations: RegistrationCounts
    events: EventCounts
    upcoming_events: list[UpcomingEventOut]
    recent_events: list[RecentEventOut]
    recent_registrations: list[RecentRegistrationOut]


class ReportFilters(Schema):
    """Checked by the selectors (a 400 naming the field), so that any text reaches them."""

    period: str | None = None  # week, month, quarter, year (default year)
    search: str | None = None


class ReportOut(Schema):
    period: one_of(PERIODS)
    start: date
    end: date


class AttendanceRow(Schema):
    event_id: int
    event_name: str
    date: date
    # check_ins: the registrations checked in at the door; confirmed_seats: the door scanned no
    # ticket (an event held before check-in existed), so its Approved registrations are counted.
    counted_from: Literal["check_ins", "confirmed_seats"]
    total_attendees: int
    members: int
    non_members: int
    member_percentage: float | None


class AttendanceTotals(Schema):
    total_attendees: int
    members: int
    non_members: int
    member_attendance_rate: float | None
    events_from_confirmed_seats: int  # of the period's events, those counted from confirmed seats


class AttendanceOut(ReportOut):
    rows: list[AttendanceRow]
    count: int  # events in the window (rows holds at most 100, newest first)
    totals: AttendanceTotals


ActivityKind = Literal[
    "member_applied",
    "member_joined",
    "member_renewed",
    "member_rejected",
    "registration_submitted",
    "registration_approved",
    "registration_rejected",
]


class ActivityRow(Schema):
    kind: ActivityKind
    at: datetime
    who: str | None  # None: erased at the end of the retention period (an anonymous tally)
    event_title: str | None
    # A member's approval status or a registration's status.
    status: one_of(Member.Approval, Registration.Status)
    decided_by: str | None


class ActivitiesOut(ReportOut):
    rows: list[ActivityRow]
    count: int  # activities in the window (rows holds the latest 100)


class GrowthRow(Schema):
    month: date  # the first day of the month
    new_members: int
    renewals: int


class GrowthTotals(Schema):
    new_members: int
    renewals: int
    members_at_start: int
    retained: int
    retention_rate: float | None


class GrowthOut(ReportOut):
    rows: list[GrowthRow]
    totals: GrowthTotals


# --- The payment desk (payment_desk.py) -------------------------------------------------------


class PaymentDeskFilters(Schema):
    status: str | None = None  # Pending (default) or Confirmed
    kind: str | None = None  # registration, renewal; none: both
    search: str | None = None  # a reference, or part of a name or e-mail
    page: int | None = None
    page_size: int | None = None


class PaymentDeskRow(Schema):
    kind: Literal["registration", "renewal"]
    id: int  # the registration's or the renewal's: what its confirmation names
    reference: str
    amount: float
    name: str
    email: str
    status: Literal["Pending", "Confirmed"]
    # A registration's event, or a renewal's membership type and member.
    event_id: int | None
    event_title: str | None
    member_id: int | None
    membership_type: str | None
    transaction_id: str
    payment_method: str
    created_at: datetime


class PaymentDeskOut(Schema):
    count: int
    page: int
    page_size: int
    total_pages: int
    results: list[PaymentDeskRow]
