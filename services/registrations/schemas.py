from datetime import date, datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import ConfigDict, Field

from services.core.openapi import ClockTime, counts_by, one_of
from services.events.models import Event
from services.events.schemas import EventStatus
from services.events.seats import Seats

from .models import CheckIn, Registration, ScanAttempt, WaitlistEntry
from .payment import is_free

# The statuses as the answers send them and the filters take them: the models' values.
RegistrationStatus = one_of(Registration.Status)
WaitlistStatus = one_of(WaitlistEntry.Status)
# Why a registration ended without a staff decision; blank while it has not (or staff decided).
EndedReason = one_of("", Registration.EndedReason)


class RegistrationIn(Schema):
    """Every field optional here: the service answers SPEC's message for each missing one."""

    full_name: str | None = None
    phone: str | None = None
    email: str | None = None
    preferred_language: str | None = None
    needs_interpreter: bool = False
    disability: str | None = None
    disability_details: str | None = None
    membership_number: str | None = None
    agree_to_terms: bool | None = None
    offer_token: str | None = None


class DecisionIn(Schema):
    """Approved needs the payment (transaction id and method); Rejected and Cancelled may give the
    person a reason, which they are told."""

    registration_status: str = ""
    transaction_id: str = ""
    payment_method: str = ""
    payment_notes: str = ""
    reason: str = ""


class BulkIn(Schema):
    ids: list[int] = []
    action: str = ""  # "reject" or "cancel"
    reason: str = ""


class BulkOut(Schema):
    updated: list[int]
    skipped: list[int]
    message: str


class AccessIn(Schema):
    token: str = ""


class OfferCheckIn(Schema):
    token: str = ""


class RegistrationFilters(Schema):
    search: str | None = None
    status: RegistrationStatus | None = None
    page: int | None = None
    page_size: int | None = None  # 10, 20 or 50


class OverviewFilters(Schema):
    status: EventStatus | None = None
    page: int | None = None
    page_size: int | None = None


class Registrant(Schema):
    """Who someone is and what they declared (a registration or a waiting-list place)."""

    full_name: str
    email: str
    phone: str
    preferred_language: str
    needs_interpreter: bool
    disability: str
    disability_details: str
    membership_number: str


class EventReminderOut(Schema):
    kind: Literal["7_days", "1_day"]
    sent_at: datetime  # when the reminder was queued to be sent


class RegistrationOut(Registrant):
    id: int
    event_id: int
    event_title: str
    registration_date: datetime
    registration_status: RegistrationStatus
    transaction_id: str
    payment_method: str
    payment_notes: str
    payment_reference: str | None
    decided_by: str | None
    decided_at: datetime | None
    reminder_sent_at: datetime | None
    email_confirmed: bool
    email_confirmed_at: datetime | None
    hold_expires_at: datetime | None  # an unconfirmed sign-up holds its seat until then
    payment_due_at: datetime | None
    # Why it ended without a staff decision: "unconfirmed" or "payment_deadline" (Expired),
    # "by_registrant" or "event_cancelled" (Cancelled).
    ended_reason: EndedReason
    status_reason: str  # what staff told the person when rejecting or cancelling
    free: bool  # the event is free: nothing to pay, and opening the e-mail's link approves
    checked_in_at: datetime | None = None  # when its ticket was scanned at the door (first scan)
    event_reminders: list[EventReminderOut]  # the event's reminders that went out, the first first

    @staticmethod
    def resolve_event_reminders(obj) -> list:
        return sorted(obj.event_reminders.all(), key=lambda reminder: (reminder.sent_at, reminder.pk))

    @staticmethod
    def resolve_event_title(obj) -> str:
        return obj.event.title

    @staticmethod
    def resolve_checked_in_at(obj) -> datetime | None:
        if hasattr(obj, "checked_in_at"):  # the lists' and the detail's annotation
            return obj.checked_in_at
        return (
            CheckIn.objects.filter(ticket__registration_id=obj.pk)
            .values_list("scanned_at", flat=True)
            .first()
        )

    @staticmethod
    def resolve_free(obj) -> bool:
        return is_free(obj.event)

    @staticmethod
    def resolve_email_confirmed(obj) -> bool:
        return obj.email_confirmed_at is not None

    @staticmethod
    def resolve_decided_by(obj) -> str | None:
        user = obj.decided_by
        if user is None:
            return None
        return user.get_full_name() or user.get_username()


class RegisteredOut(Schema):
    id: int
    event_id: int
    event_title: str
    full_name: str
    email: str
    phone: str
    registration_status: RegistrationStatus
    payment_reference: str | None  # none for a free event
    amount: float | None
    currency: str


class PaymentInfo(Schema):
    status: str
    amount: float | None
    amount_text: str
    currency: str
    reference: str
    methods: dict[str, str]
    demo: bool = False  # demo details of `make run`: not a real account


class ContactInfo(Schema):
    message: str
    email: str
    phone: str


class RegistrationAnswer(Schema):
    registration: RegisteredOut
    payment_reference: str | None
    payment_info: PaymentInfo
    contact_info: ContactInfo
    next_steps: str
    # The seat is kept only if the visitor opens the e-mailed link within this many minutes.
    confirm_minutes: int
    confirmation: str


class WaitlistEntryRef(Schema):
    id: int
    event_id: int
    position: int | None


class WaitlistJoinAnswer(Schema):
    waitlist_entry: WaitlistEntryRef
    message: str
    confirm_minutes: int  # the place counts once the e-mailed link is opened within this


class OfferValidOut(Schema):
    """A waiting-list offer that still holds its seat: whose it is and until when."""

    valid: Literal[True]
    event_id: int
    expires_at: datetime
    registrant: Registrant


class OfferInvalidOut(Schema):
    """An offer link that is unknown, used or expired: the same keys, each null."""

    valid: Literal[False]
    event_id: None = None
    expires_at: None = None
    registrant: None = None

    # Always sent (null): the document says they are required.
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


# `valid` tells the two apart (OpenAPI's discriminator takes text only, so the document has the
# two shapes with `valid` a constant in each).
OfferCheckOut = OfferValidOut | OfferInvalidOut


class EventBrief(Schema):
    id: int
    title: str
    date: date
    time: ClockTime | None
    status: EventStatus
    location: str
    price: float | None

    @staticmethod
    def resolve_price(obj) -> float | None:
        return float(obj.price) if obj.price is not None else None


class AccessNeeds(Schema):
    needs_interpreter: int
    disabilities: dict[str, int]


class EventRegistrationsOut(Schema):
    event: EventBrief
    registrations: list[RegistrationOut]
    total_registrations: int
    pending_registrations: int
    approved_registrations: int
    rejected_registrations: int
    expired_registrations: int
    cancelled_registrations: int
    maximum_attendees: int | None
    available_seats: int | None
    open_seats: int | None
    waitlist_count: int
    # Tickets checked in at the door (the first scan of each): the page shows it beside the
    # approved registrations while the doors are open.
    checked_in_registrations: int
    access_needs: AccessNeeds
    # Paging: always sent; null when the query asks for no page or page_size (then
    # `registrations` holds every one).
    count: int | None = None
    page: int | None = None
    page_size: int | None = None
    total_pages: int | None = None

    # The answer always has every key (null when not paged): the document says they are required.
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


class DecisionOut(Schema):
    registration: RegistrationOut
    message: str


class EventSummary(Schema):
    id: int
    title: str
    status: EventStatus
    date: date
    time: ClockTime | None
    location: str
    maximum_attendees: int | None
    total_registrations_count: int
    pending_registrations_count: int
    approved_registrations_count: int
    available_seats: int | None

    @staticmethod
    def resolve_available_seats(obj) -> int | None:
        return Seats.of_event(obj).available  # the one rule (services/events/seats.py)


class OverviewOut(Schema):
    results: list[EventSummary]
    count: int
    page: int
    page_size: int
    total_pages: int
    status_counts: counts_by(Event.Status)  # only the statuses some event has


class WaitlistEntryOut(Registrant):
    id: int
    status: WaitlistStatus
    position: int | None
    email_confirmed: bool
    created_at: datetime
    offered_at: datetime | None
    offer_expires_at: datetime | None

    @staticmethod
    def resolve_email_confirmed(obj) -> bool:
        return obj.email_confirmed_at is not None


class WaitlistOut(Schema):
    results: list[WaitlistEntryOut]
    waiting: int


class MyRegistrationOut(Schema):
    """What the link of a registrant's first e-mail shows them."""

    id: int
    event: EventBrief
    free: bool  # no payment, reference or deadline: opening the link confirms the seat
    full_name: str
    registration_status: RegistrationStatus
    payment_reference: str | None
    email_confirmed: bool
    payment_due_at: datetime | None
    ended_reason: EndedReason
    status_reason: str


class MyWaitlistOut(Schema):
    id: int
    event: EventBrief
    full_name: str
    status: WaitlistStatus
    email_confirmed: bool
    position: int | None


class MyRegistrationAccessOut(Schema):
    """A registration's link: the registration and how to pay (the keys of the waiting-list
    shape are sent too, null)."""

    kind: Literal["registration"]
    confirmed_now: bool
    message: str
    registration: MyRegistrationOut
    waitlist_entry: None = None
    payment_info: PaymentInfo
    contact_info: ContactInfo
    next_steps: str

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


class MyWaitlistAccessOut(Schema):
    """A waiting-list place's link: the place (the registration's keys are sent too, null)."""

    kind: Literal["waitlist"]
    confirmed_now: bool
    message: str
    registration: None = None
    waitlist_entry: MyWaitlistOut
    payment_info: None = None
    contact_info: None = None
    next_steps: None = None

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


# What the link of a first e-mail opens, by `kind`.
MyAccessOut = Annotated[MyRegistrationAccessOut | MyWaitlistAccessOut, Field(discriminator="kind")]


# --- Tickets and check-in ---------------------------------------------------------------------


class TicketEvent(Schema):
    id: int
    title: str
    status: EventStatus
    date: date
    time: ClockTime | None
    end_time: ClockTime | None
    location: str
    latitude: float | None  # both or neither: the place on a map
    longitude: float | None
    access_info: str  # the venue's access information, several lines; empty: none

    @staticmethod
    def resolve_latitude(obj) -> float | None:
        return float(obj.latitude) if obj.latitude is not None else None

    @staticmethod
    def resolve_longitude(obj) -> float | None:
        return float(obj.longitude) if obj.longitude is not None else None


class TicketOut(Schema):
    """The public ticket page's data (its holder opens it from the e-mail)."""

    event: TicketEvent
    holder_name: str
    reference: str | None  # the payment reference; none for a free event
    status: RegistrationStatus  # only an Approved seat's ticket lets its holder in
    valid: bool  # an Approved seat of an event not cancelled: the door lets its holder in
    checked_in_at: datetime | None
    # The QR code to show at the door (inline SVG, no XML declaration); null when not valid.
    qr_svg: str | None

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


class CheckinAccessNeeds(Schema):
    interpreter: bool
    disability: str
    details: str


class CheckinEntry(Schema):
    code_hash: str  # the first 16 hex digits of SHA-256 of the ticket code
    phone_hash: str  # the same of the phone number in E.164 (+250…)
    name: str
    reference: str | None
    status: RegistrationStatus
    access_needs: CheckinAccessNeeds
    checked_in_at: datetime | None
    device: str | None


class CheckinListOut(Schema):
    event_id: int
    generated_at: datetime
    max_scans: int  # the most scans one sync may send
    entries: list[CheckinEntry]


class ScanIn(Schema):
    """One scan, as a device sends it (the body is a JSON list of these)."""

    # The QR's address or the code typed in; or, for a ticket found by name, phone or reference,
    # `ticket`: the check-in list's `code_hash` (a device never holds that ticket's code).
    code: str | None = None
    ticket: str | None = Field(default=None, pattern=r"^[0-9a-f]{16}$")
    nonce: str = Field(max_length=64)
    scanned_at: datetime
    device: str = Field(max_length=64)


ScanResult = one_of(ScanAttempt.Result)


class ScanAnswer(Schema):
    nonce: str | None
    result: ScanResult
    # refused: not_a_ticket, other_event, not_confirmed, rejected, cancelled, event_cancelled, future_scan,
    # invalid_scan, invalid_nonce, invalid_device, invalid_scanned_at, retry
    reason: str | None
    checked_in_at: datetime | None  # the first check-in's scan time
    device: str | None  # and its device

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


class CheckinsOut(Schema):
    results: list[ScanAnswer]


class AttendanceRow(Schema):
    registration_id: int
    full_name: str
    reference: str | None
    status: RegistrationStatus
    checked_in_at: datetime
    device: str
    checked_in_by: str | None


class AttendanceOut(Schema):
    event_id: int
    confirmed: int  # Approved seats
    checked_in: int  # real check-ins (the first scan of each ticket)
    results: list[AttendanceRow]
