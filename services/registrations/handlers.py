"""What the worker does when a registration changes: the e-mails (each one row, once per message
whatever the redeliveries) and the capacity recomputation that refreshes the public counters.

Until a registrant (or somebody waiting) opens the link of the first e-mail, their address is
unconfirmed: the association writes to it only that first e-mail, which repeats nothing they typed
but their name (a one-line name: services/core/text.py). Staff hear of a sign-up once it is
confirmed; a rejection, cancellation or expiry is told only to a confirmed address."""

from django.conf import settings
from django.db import transaction

from services.accounts.selectors import staff_language
from services.events import public_cache
from services.events.domain_events import EventStatusChanged, EventUpdated
from services.events.models import Event
from services.notifications.languages import language_code
from services.notifications.services import notification_queue
from services.outbox.registry import subscribe

from .deadlines import event_capacity_recompute, payment_due_recompute
from .decisions import event_cancelled_close
from .domain_events import (
    RegistrantsErased,
    RegistrationApproved,
    RegistrationCancelled,
    RegistrationConfirmed,
    RegistrationExpired,
    RegistrationRejected,
    RegistrationsEndedWithEvent,
    RegistrationSubmitted,
    WaitlistConfirmed,
    WaitlistJoined,
    WaitlistLeft,
)
from .emails import registrant_context
from .invite import invite_attachment
from .models import Registration, WaitlistEntry
from .my_registration import access_link, registration_access_issue, waitlist_access_issue
from .ticket_mail import sealed_ticket


def _one(rows):
    """The row of a look-up by primary key, or None. Not `first()`: its ORDER BY costs the ORM a
    third of building the statement (a sign-up's e-mail in a rush), and one row needs no order."""
    return next(iter(rows.order_by()[:1]), None)


def _registration(registration_id: int) -> Registration | None:
    # Locked (the row only) until the e-mails are written: an erasure deletes this row first,
    # so either it waits and deletes these e-mails, or this finds nobody to write about.
    return _one(
        Registration.objects.select_related("event")
        .select_for_update(of=("self",))
        .filter(pk=registration_id)
    )


def _waitlist_entry(entry_id: int) -> WaitlistEntry | None:
    return _one(
        WaitlistEntry.objects.select_related("event").select_for_update(of=("self",)).filter(pk=entry_id)
    )


def _to_registrant(registration: Registration, template: str, message, **context) -> None:
    language = language_code(registration.preferred_language)
    notification_queue(
        template=template,
        recipient=registration.email,
        language=language,
        context={**registrant_context(registration, language=language), **context},
        source_message=message,
    )


@subscribe(RegistrationSubmitted.topic)
def send_registration_received(event: RegistrationSubmitted, message) -> None:
    """The registrant's first e-mail: the link that keeps the seat (confirming the address), the
    amount, the reference and how to pay. Its sending starts the hold."""
    registration = _registration(event.registration_id)
    if registration is None:
        return
    token = registration_access_issue(registration=registration)
    if token is None:
        return  # decided, expired or gone before the worker came
    if registration.registration_status == Registration.Status.APPROVED:
        # A free seat taken through a waiting-list offer: confirmed at once, so its one e-mail is
        # the confirmation, with the link to the registration (to see it, or to cancel).
        _send_approved(
            registration, message, registration_id=registration.pk, link=access_link(token), _secret=["link"]
        )
        _notify_staff(registration, message)
        return
    _to_registrant(
        registration,
        "registration_received",
        message,
        registration_id=registration.pk,
        link=access_link(token),
        confirm_minutes=settings.SIGNUP_CONFIRM_MINUTES,
        confirmed=registration.email_confirmed_at is not None,
        _secret=["link"],
    )
    if registration.email_confirmed_at is not None:
        # A waiting-list offer claimed with its own address: confirmed already.
        _notify_staff(registration, message)


@subscribe(RegistrationConfirmed.topic)
def send_registration_notice(event: RegistrationConfirmed, message) -> None:
    registration = _registration(event.registration_id)
    if registration is None:
        return
    _notify_staff(registration, message)


def _notify_staff(registration: Registration, message) -> None:
    """The event's contact (or the association's inbox) learns who registered, with what they need
    to arrange access. Staff addresses only: visitor text may go there."""
    recipient = registration.event.contact_email or settings.ASSOCIATION["email"]
    language = staff_language(email=recipient)
    notification_queue(
        template="registration_notice",
        recipient=recipient,
        language=language,
        context={
            **registrant_context(registration, language=language),
            "email": registration.email,
            "phone": registration.phone,
            "needs_interpreter": registration.needs_interpreter,
            "disability": registration.disability,
            "disability_details": registration.disability_details,
            "manage_link": f"{settings.FRONTEND_URL}/dashboard/registrations/{registration.event_id}",
        },
        source_message=message,
    )


@subscribe(RegistrationApproved.topic)
def send_registration_approved(event: RegistrationApproved, message) -> None:
    """Sent whether or not the address was confirmed: a payment staff matched vouches for it."""
    registration = _registration(event.registration_id)
    if registration is None or registration.registration_status != Registration.Status.APPROVED:
        return  # changed again before the worker came: the later event's e-mail says what holds
    _send_approved(registration, message)


def _send_approved(registration: Registration, message, **context) -> None:
    _to_registrant(
        registration,
        "registration_approved",
        message,
        access_info=registration.event.access_info,  # how to get in, for the day
        _attachments=[invite_attachment(registration)],
        _ticket=sealed_ticket(registration.pk),  # the QR code and link are made when it is sent
        **context,
    )


def _ended(registration_id: int, status: str) -> Registration | None:
    """The registration if it still has `status` and a confirmed address to be told at."""
    registration = _registration(registration_id)
    if registration is None or registration.registration_status != status:
        return None
    if registration.email_confirmed_at is None:
        return None  # nobody proved the address is theirs: the association does not write to it
    return registration


@subscribe(RegistrationRejected.topic)
def send_registration_rejected(event: RegistrationRejected, message) -> None:
    registration = _ended(event.registration_id, Registration.Status.REJECTED)
    if registration is not None:
        _to_registrant(
            registration,
            "registration_rejected",
            message,
            reason=registration.status_reason,
            payment_deadline=event.reason == "payment_deadline",
        )


@subscribe(RegistrationCancelled.topic)
def send_registration_cancelled(event: RegistrationCancelled, message) -> None:
    registration = _ended(event.registration_id, Registration.Status.CANCELLED)
    if registration is not None:
        _to_registrant(
            registration,
            "registration_cancelled",
            message,
            reason=registration.status_reason,
            by_registrant=registration.ended_reason == Registration.EndedReason.BY_REGISTRANT,
        )


@subscribe(RegistrationExpired.topic)
def send_registration_expired(event: RegistrationExpired, message) -> None:
    """Only an unpaid seat is told: an unconfirmed address gets nothing more."""
    if event.reason != Registration.EndedReason.PAYMENT_DEADLINE:
        return
    registration = _ended(event.registration_id, Registration.Status.EXPIRED)
    if registration is not None:
        _to_registrant(registration, "registration_expired", message)


@subscribe(WaitlistJoined.topic)
def send_waitlist_joined(event: WaitlistJoined, message) -> None:
    """The link that confirms the place: only confirmed places are offered seats."""
    entry = _waitlist_entry(event.entry_id)
    if entry is None:
        return
    token = waitlist_access_issue(entry=entry)
    if token is None:
        return
    notification_queue(
        template="waitlist_joined",
        recipient=entry.email,
        language=language_code(entry.preferred_language),
        context={
            "entry_id": entry.pk,
            "name": entry.full_name,
            "event_title": entry.event.title,
            "event_date": entry.event.date.isoformat(),
            "offer_hours": int(settings.WAITLIST_OFFER_HOURS),
            "link": access_link(token),
            "confirm_minutes": settings.SIGNUP_CONFIRM_MINUTES,
            "_secret": ["link"],
        },
        source_message=message,
    )


@subscribe(EventStatusChanged.topic, name="registrations.event_cancelled.event.status_changed")
def close_cancelled_event(event: EventStatusChanged, message) -> None:
    """Staff cancelled the event: the holds and the waiting list end (who is told: below)."""
    if event.new_status == Event.Status.CANCELLED:
        event_cancelled_close(event_id=event.event_id)


@subscribe(RegistrationsEndedWithEvent.topic)
def send_event_cancelled(event: RegistrationsEndedWithEvent, message) -> None:
    """One e-mail to each person the cancellation ended (or left with a paid seat), in their
    language. Only to addresses somebody proved: confirmed ones, and Approved seats (a payment staff
    matched, or a free seat taken through the link, vouches for them). Unconfirmed ones get nothing:
    their sign-up never got past the first e-mail, and its link now says the event is cancelled."""
    registrations = (
        Registration.objects.select_related("event")
        .select_for_update(of=("self",))
        .filter(pk__in=event.registration_ids)
        .order_by("pk")
    )
    for registration in registrations:
        status = registration.registration_status
        ended_with_event = (
            status == Registration.Status.CANCELLED
            and registration.ended_reason == Registration.EndedReason.EVENT_CANCELLED
            and registration.email_confirmed_at is not None
        )
        if status == Registration.Status.APPROVED or ended_with_event:
            _to_registrant(
                registration,
                "event_cancelled",
                message,
                registration_id=registration.pk,
                approved=status == Registration.Status.APPROVED,
                paid=bool(registration.transaction_id),
            )
    entries = (
        WaitlistEntry.objects.select_related("event")
        .select_for_update(of=("self",))
        .filter(pk__in=event.entry_ids, email_confirmed_at__isnull=False)
        .order_by("pk")
    )
    for entry in entries:
        cancelled = entry.event
        notification_queue(
            template="event_cancelled",
            recipient=entry.email,
            language=language_code(entry.preferred_language),
            context={
                "entry_id": entry.pk,
                "waiting": True,
                "name": entry.full_name,
                "event_title": cancelled.title,
                "event_date": cancelled.date.isoformat(),
                "event_time": cancelled.time.strftime("%H:%M") if cancelled.time else "",
                "event_location": cancelled.location,
                "event_link": f"{settings.FRONTEND_URL}/event/{cancelled.pk}",
                "contact_email": cancelled.contact_email or settings.ASSOCIATION["email"],
                "contact_phone": cancelled.contact_phone or settings.ASSOCIATION["phone"],
            },
            source_message=message,
        )


def _recompute(event, message) -> None:
    """Counters from the rows, freed seats offered to the waiting list, then the public pages
    rebuilt (after commit, so no reader caches the old counts again)."""
    event_capacity_recompute(event_id=event.event_id)
    transaction.on_commit(public_cache.invalidate)


for _topic in (
    RegistrationSubmitted,
    RegistrationApproved,
    RegistrationRejected,
    RegistrationCancelled,
    RegistrationExpired,
    WaitlistJoined,
    WaitlistConfirmed,
    WaitlistLeft,
    RegistrationsEndedWithEvent,
):
    # Once per event for the deliveries handed out together: a recount from the rows, the same
    # for every sign-up of a rush (the stored counters were right at each commit already).
    subscribe(
        _topic.topic,
        name=f"registrations.recompute_capacity.{_topic.topic}",
        once_per=lambda event: event.event_id,
    )(_recompute)


# Erasing registrants recounts the seats in its own transaction; the public pages show the
# counts. (The task keeps the name it had when events subscribed it: deliveries already queued
# under that name still find their handler.)
@subscribe(RegistrantsErased.topic, name=f"events.invalidate_public_cache.{RegistrantsErased.topic}")
def invalidate_public_cache(event: RegistrantsErased, message) -> None:
    public_cache.invalidate()


@subscribe(EventUpdated.topic, name="registrations.payment_deadlines.event.updated")
def follow_event_deadline(event: EventUpdated, message) -> None:
    """A changed price, date, time or deadline moves the deadlines of the event's unpaid seats."""
    payment_due_recompute(event_id=event.event_id)
