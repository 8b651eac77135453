"""What the worker does when a registration changes: the e-mails (each one row, once per message
whatever the redeliveries) and the capacity recomputation that refreshes the public counters."""

from django.conf import settings
from django.db import transaction

from services.accounts.selectors import staff_language
from services.events import public_cache
from services.notifications.languages import language_code
from services.notifications.services import notification_queue
from services.outbox.registry import subscribe

from .domain_events import RegistrationApproved, RegistrationRejected, RegistrationSubmitted, WaitlistJoined
from .invite import registration_invite
from .models import Registration, WaitlistEntry
from .services import event_capacity_recompute, registrant_context


def _registration(registration_id: int) -> Registration | None:
    # Locked (the row only) until the e-mails are written: an erasure deletes this row first,
    # so either it waits and deletes these e-mails, or this finds nobody to write about.
    return (
        Registration.objects.select_related("event")
        .select_for_update(of=("self",))
        .filter(pk=registration_id)
        .first()
    )


def _waitlist_entry(entry_id: int) -> WaitlistEntry | None:
    return (
        WaitlistEntry.objects.select_related("event")
        .select_for_update(of=("self",))
        .filter(pk=entry_id)
        .first()
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
    """The registrant learns the amount, the reference and how to pay; the event's contact (or
    the association's inbox) learns who registered."""
    registration = _registration(event.registration_id)
    if registration is None:
        return
    _to_registrant(registration, "registration_received", message)
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
    registration = _registration(event.registration_id)
    if registration is None or registration.registration_status != Registration.Status.APPROVED:
        return  # changed again before the worker came: the later event's e-mail says what holds
    invite = {
        "filename": "invite.ics",
        "content": registration_invite(registration),
        "mimetype": "text/calendar",
    }
    _to_registrant(registration, "registration_approved", message, _attachments=[invite])


@subscribe(RegistrationRejected.topic)
def send_registration_rejected(event: RegistrationRejected, message) -> None:
    registration = _registration(event.registration_id)
    if registration is None or registration.registration_status != Registration.Status.REJECTED:
        return
    _to_registrant(
        registration, "registration_rejected", message, payment_deadline=event.reason == "payment_deadline"
    )


@subscribe(WaitlistJoined.topic)
def send_waitlist_joined(event: WaitlistJoined, message) -> None:
    entry = _waitlist_entry(event.entry_id)
    if entry is None:
        return
    notification_queue(
        template="waitlist_joined",
        recipient=entry.email,
        language=language_code(entry.preferred_language),
        context={
            "name": entry.full_name,
            "event_title": entry.event.title,
            "event_date": entry.event.date.isoformat(),
            "offer_hours": int(settings.WAITLIST_OFFER_HOURS),
        },
        source_message=message,
    )


def _recompute(event, message) -> None:
    """Counters from the rows, freed seats offered to the waiting list, then the public pages
    rebuilt (after commit, so no reader caches the old counts again)."""
    event_capacity_recompute(event_id=event.event_id)
    transaction.on_commit(public_cache.invalidate)


for _topic in (RegistrationSubmitted, RegistrationApproved, RegistrationRejected, WaitlistJoined):
    subscribe(_topic.topic, name=f"registrations.recompute_capacity.{_topic.topic}")(_recompute)
