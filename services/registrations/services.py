import logging
import secrets
from dataclasses import replace
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from services.core.errors import ApplicationError, Conflict, NotFound
from services.events.models import Event
from services.notifications.languages import language_code
from services.notifications.services import notification_queue
from services.outbox.services import publish

from .capacity import (
    count_seats,
    event_full_error,
    locked_event,
    recompute_locked,
    store_counters,
    token_hash,
)
from .cleaning import clean_decision, clean_registrant
from .domain_events import RegistrationApproved, RegistrationRejected, RegistrationSubmitted, WaitlistJoined
from .models import Registration, WaitlistEntry

logger = logging.getLogger(__name__)

# No 0/O, 1/I/L: a reference is read off a screen and typed into a phone.
REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
REFERENCE_LENGTH = 6


def new_payment_reference() -> str:
    return "".join(secrets.choice(REFERENCE_ALPHABET) for _ in range(REFERENCE_LENGTH))


class RegistrationClosed(ApplicationError):
    code = "registration_closed"


class InvalidOffer(ApplicationError):
    code = "invalid_offer"


def _open_event(event_id: int) -> Event:
    event = locked_event(event_id)
    if event.status != Event.Status.PUBLISHED:
        raise RegistrationClosed(_("Registration is not available for this event."))
    return event


def _refuse_duplicates(model, event: Event, fields: dict[str, Any], *, email_text, phone_text) -> None:
    # lower(email), as the unique index has it (iexact would compare UPPER() and scan).
    taken = (
        model.objects.filter(event=event)
        .annotate(email_lower=Lower("email"))
        .filter(Q(email_lower=fields["email"].lower()) | Q(phone=fields["phone"]))
    )
    errors = {}
    for email, phone in taken.values_list("email", "phone"):
        if email.lower() == fields["email"].lower():
            errors["email"] = email_text
        if phone == fields["phone"]:
            errors["phone"] = phone_text
    if errors:
        raise Conflict(next(iter(errors.values())), code="duplicate_registration", fields=errors)


def _refuse_duplicate_registration(event: Event, fields: dict[str, Any]) -> None:
    _refuse_duplicates(
        Registration,
        event,
        fields,
        email_text=_("This email is already registered for this event."),
        phone_text=_("This phone number is already registered for this event."),
    )


def _claim_offer(event: Event, token: str) -> WaitlistEntry:
    entry = (
        WaitlistEntry.objects.select_for_update()
        .filter(
            event=event,
            status=WaitlistEntry.Status.OFFERED,
            offer_token_hash=token_hash(token),
            offer_expires_at__gt=timezone.now(),
        )
        .first()
    )
    if entry is None:
        raise InvalidOffer(_("This offer has expired or was already used."), fields={"offer_token": ""})
    return entry


def _create_registration(event: Event, fields: dict[str, Any], *, terms: bool) -> Registration:
    """Insert with a fresh payment reference; a reference already taken (1 in ~900 million)
    is drawn again inside a savepoint."""
    for _attempt in range(5):
        try:
            with transaction.atomic():
                return Registration.objects.create(
                    event=event,
                    payment_reference=new_payment_reference(),
                    terms_accepted_at=timezone.now() if terms else None,
                    **fields,
                )
        except IntegrityError:
            if Registration.objects.filter(event=event).filter(
                Q(email__iexact=fields["email"]) | Q(phone=fields["phone"])
            ):
                _refuse_duplicate_registration(event, fields)
            continue
    raise RuntimeError("Could not draw a free payment reference")


def registration_submit(*, event_id: int, data: dict[str, Any]) -> Registration:
    """A visitor takes a seat (Pending until payment is confirmed). Refused when the event is not
    Published, has no open seat, or already has this e-mail or phone; a waiting-list offer token
    takes the seat held for its holder."""
    fields = clean_registrant(data)
    offer_token = data.get("offer_token") or ""
    with transaction.atomic():
        event = _open_event(event_id)
        _refuse_duplicate_registration(event, fields)
        offer = _claim_offer(event, offer_token) if offer_token else None
        seats = count_seats(event)
        if seats.maximum is not None:
            # An offer's seat is among `offered`; without one, only an open seat will do.
            has_seat = seats.total < seats.maximum if offer else seats.open > 0
            if not has_seat:
                raise event_full_error(event)
        registration = _create_registration(event, fields, terms=data.get("agree_to_terms") is True)
        if offer is not None:
            offer.status = WaitlistEntry.Status.CLAIMED
            offer.offer_token_hash = ""
            offer.registration = registration
            offer.save(update_fields=["status", "offer_token_hash", "registration"])
        # Counted under the lock a moment ago: one more Pending, one offer fewer if claimed.
        claimed = int(offer is not None)
        store_counters(
            event,
            replace(seats, total=seats.total + 1, pending=seats.pending + 1, offered=seats.offered - claimed),
        )
        publish(RegistrationSubmitted(registration_id=registration.pk, event_id=event.pk))
    registration.event = event
    return registration


def waitlist_join(*, event_id: int, data: dict[str, Any]) -> WaitlistEntry:
    """Only for a Published event without an open seat; one place per e-mail and phone."""
    fields = clean_registrant(data)
    with transaction.atomic():
        event = _open_event(event_id)
        _refuse_duplicate_registration(event, fields)
        _refuse_duplicates(
            WaitlistEntry,
            event,
            fields,
            email_text=_("This email is already on the waiting list for this event."),
            phone_text=_("This phone number is already on the waiting list for this event."),
        )
        seats = count_seats(event)
        if seats.open is None or seats.open > 0:
            raise Conflict(_("Seats are still available: please register instead."), code="seats_available")
        entry = WaitlistEntry.objects.create(event=event, **fields)
        store_counters(event, count_seats(event))
        publish(WaitlistJoined(entry_id=entry.pk, event_id=event.pk))
    return entry


def waitlist_position(entry: WaitlistEntry) -> int | None:
    if entry.status != WaitlistEntry.Status.WAITING:
        return None
    return (
        WaitlistEntry.objects.filter(event_id=entry.event_id, status=WaitlistEntry.Status.WAITING)
        .filter(Q(created_at__lt=entry.created_at) | Q(created_at=entry.created_at, pk__lte=entry.pk))
        .count()
    )


def waitlist_offer_check(*, token: str) -> WaitlistEntry | None:
    if not token:
        return None
    return (
        WaitlistEntry.objects.filter(
            status=WaitlistEntry.Status.OFFERED,
            offer_token_hash=token_hash(token),
            offer_expires_at__gt=timezone.now(),
        )
        .select_related("event")
        .first()
    )


# The transitions staff may make (SPEC §4): from Pending either way, then back and forth.
TRANSITIONS = {
    Registration.Status.PENDING: {Registration.Status.APPROVED, Registration.Status.REJECTED},
    Registration.Status.APPROVED: {Registration.Status.REJECTED},
    Registration.Status.REJECTED: {Registration.Status.APPROVED},
}


def _refuse_reused_transaction(registration: Registration, transaction_id: str) -> None:
    other = (
        Registration.objects.filter(transaction_id__iexact=transaction_id)
        .exclude(pk=registration.pk)
        .values_list("payment_reference", flat=True)
        .first()
    )
    if other is not None:
        message = _("This transaction ID is already recorded for another registration (%(reference)s).") % {
            "reference": other
        }
        raise Conflict(message, code="duplicate_transaction", fields={"transaction_id": message})


def registration_decide(*, registration_id: int, data: dict[str, Any], by) -> Registration:
    """Staff approve or reject with the payment details (SPEC §5), recording who and when."""
    decision = clean_decision(data)
    new_status = decision["registration_status"]
    event_id = Registration.objects.filter(pk=registration_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise NotFound(_("Registration not found."))
    with transaction.atomic():
        event = locked_event(event_id)  # the event first, as every seat change does
        registration = Registration.objects.select_for_update().get(pk=registration_id)
        old_status = registration.registration_status
        if new_status not in TRANSITIONS[old_status]:
            raise Conflict(
                _("This registration is already %(status)s.") % {"status": old_status},
                code="invalid_transition",
                fields={"registration_status": _("Choose the other status.")},
            )
        if new_status == Registration.Status.APPROVED and old_status == Registration.Status.REJECTED:
            seats = count_seats(event)
            if seats.maximum is not None and seats.open == 0:
                raise event_full_error(event)
        _refuse_reused_transaction(registration, decision["transaction_id"])
        registration.registration_status = new_status
        registration.transaction_id = decision["transaction_id"]
        registration.payment_method = decision["payment_method"]
        registration.payment_notes = decision["payment_notes"]
        registration.decided_by = by
        registration.decided_at = timezone.now()
        try:
            with transaction.atomic():
                registration.save()
        except IntegrityError:  # a concurrent decision recorded the same receipt first
            _refuse_reused_transaction(registration, decision["transaction_id"])
            raise
        store_counters(event, count_seats(event))
        event_class = (
            RegistrationApproved if new_status == Registration.Status.APPROVED else RegistrationRejected
        )
        publish(event_class(registration_id=registration.pk, event_id=event.pk, previous_status=old_status))
    return registration


def event_capacity_recompute(*, event_id: int) -> bool:
    """Counters from the rows, expired offers passed on, freed seats offered to people waiting.
    True when the stored counters had drifted."""
    with transaction.atomic():
        try:
            event = locked_event(event_id)
        except ApplicationError:
            return False  # deleted meanwhile
        result = recompute_locked(event)
    return result.drifted


def counters_reconcile() -> dict[str, int]:
    """Nightly: every upcoming event's counters checked against the rows; drift is corrected and
    reported (it means a counter update was lost, which should not happen)."""
    today = timezone.localdate()
    checked = corrected = 0
    for event_id in Event.objects.filter(date__gte=today).values_list("pk", flat=True):
        checked += 1
        if event_capacity_recompute(event_id=event_id):
            corrected += 1
            logger.warning("Registration counters of event %s had drifted; corrected from the rows", event_id)
    return {"checked": checked, "corrected": corrected}


def waitlist_offers_expire() -> int:
    """Events with an offer past its time: each is recomputed, which passes the seat on."""
    event_ids = set(
        WaitlistEntry.objects.filter(
            status=WaitlistEntry.Status.OFFERED, offer_expires_at__lte=timezone.now()
        ).values_list("event_id", flat=True)
    )
    for event_id in event_ids:
        event_capacity_recompute(event_id=event_id)
    return len(event_ids)


def payment_reminders_send(*, batch: int = 200) -> int:
    """One reminder to each registrant still Pending after REGISTRATION_REMINDER_AFTER_HOURS, for
    an upcoming Published event. The flag and the e-mail row are written in one transaction
    under the row's lock, so a reminder is never sent twice."""
    hours = settings.REGISTRATION_REMINDER_AFTER_HOURS
    if not hours:
        return 0
    now = timezone.now()
    with transaction.atomic():
        due = list(
            Registration.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("event")
            .filter(
                registration_status=Registration.Status.PENDING,
                reminder_sent_at__isnull=True,
                registration_date__lt=now - timedelta(hours=hours),
                event__status=Event.Status.PUBLISHED,
                event__date__gte=timezone.localdate(),
            )
            .order_by("registration_date")[:batch]
        )
        for registration in due:
            registration.reminder_sent_at = now
            registration.save(update_fields=["reminder_sent_at", "updated_at"])
            language = language_code(registration.preferred_language)
            notification_queue(
                template="registration_reminder",
                recipient=registration.email,
                language=language,
                context=registrant_context(registration, language=language),
            )
    return len(due)


def payment_deadline_enforce(*, batch: int = 200) -> int:
    """With REGISTRATION_PAYMENT_DEADLINE_HOURS set, registrations still Pending after it are
    rejected with a note (and an e-mail, through `registration.rejected`), freeing their seats."""
    hours = settings.REGISTRATION_PAYMENT_DEADLINE_HOURS
    if not hours:
        return 0
    cutoff = timezone.now() - timedelta(hours=hours)
    due = list(
        Registration.objects.filter(
            registration_status=Registration.Status.PENDING, registration_date__lt=cutoff
        ).values_list("pk", "event_id")[:batch]
    )
    rejected = 0
    for registration_id, event_id in due:
        with transaction.atomic():
            event = locked_event(event_id)
            registration = (
                Registration.objects.select_for_update()
                .filter(pk=registration_id, registration_status=Registration.Status.PENDING)
                .first()
            )
            if registration is None:
                continue  # decided meanwhile
            registration.registration_status = Registration.Status.REJECTED
            registration.payment_notes = _(
                "Payment not received within %(hours)g hours; the seat was released."
            ) % {"hours": hours}
            registration.decided_by = None
            registration.decided_at = timezone.now()
            registration.save()
            store_counters(event, count_seats(event))
            publish(
                RegistrationRejected(
                    registration_id=registration.pk,
                    event_id=event_id,
                    previous_status=Registration.Status.PENDING,
                    reason="payment_deadline",
                )
            )
            rejected += 1
    return rejected


def registrant_context(registration: Registration, *, language: str) -> dict[str, Any]:
    """What every e-mail about a registrant shows: the event, the amount and the reference, the
    payment texts in the e-mail's language (the worker has no visitor's language of its own)."""
    from .payment import payment_details

    event = registration.event
    with translation.override(language):
        payment = payment_details(event, registration.payment_reference or "")
    return {
        "name": registration.full_name,
        "event_title": event.title,
        "event_date": event.date.isoformat(),
        "event_time": event.time.strftime("%H:%M") if event.time else "",
        "event_location": event.location,
        "event_link": f"{settings.FRONTEND_URL}/event/{event.pk}",
        "reference": registration.payment_reference or "",
        **payment,
    }
