"""Signing up: a registration takes a seat (or a waiting-list offer's), joining the waiting list of a
full event, and the rules both share (one seat per person, the payment reference and deadline, a
hold that lapsed)."""

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from services.audit.recording import audit_action
from services.core.errors import ApplicationError, Conflict
from services.core.payments import new_reference
from services.core.prepared import atomic_batched, insert, reserve_id
from services.events.models import Event
from services.events.services import event_counters_store
from services.outbox.services import publish

from .capacity import (
    count_seats,
    event_full_error,
    holds_seat,
    locked_event,
    locked_event_counted,
    token_hash,
    waiting_confirmed,
    waiting_holds,
)
from .cleaning import clean_registrant
from .domain_events import (
    RegistrationExpired,
    RegistrationSubmitted,
    WaitlistJoined,
)
from .models import Registration, WaitlistEntry
from .payment import is_free
from .tickets import ticket_issue


def new_payment_reference() -> str:
    return new_reference()  # the same alphabet as a renewal's (services/core/payments.py)


class RegistrationClosed(ApplicationError):
    code = "registration_closed"


class InvalidOffer(ApplicationError):
    code = "invalid_offer"


def _open_event(event_id: int) -> Event:
    return _refuse_closed(locked_event(event_id))


def _refuse_closed(event: Event) -> Event:
    if event.status != Event.Status.PUBLISHED:
        raise RegistrationClosed(_("Registration is not available for this event."))
    return event


def payment_due_at(event: Event, now) -> datetime | None:
    """When an unpaid seat of `event` goes back: the event's own deadline or the association's, and
    never later than the event's start (but not before the confirmation hold of a sign-up made after
    the start). None for a free event, or when no deadline is set."""
    if not (event.price and event.price > 0):
        return None
    hours = event.payment_deadline_hours or settings.REGISTRATION_PAYMENT_DEADLINE_HOURS
    if not hours:
        return None
    due = min(now + timedelta(hours=hours), event.starts_at)
    return max(due, now + timedelta(minutes=settings.SIGNUP_CONFIRM_MINUTES))


def expire_registration(registration: Registration, reason: str, now) -> None:
    """End a Pending registration that no longer holds its seat (the event row is locked)."""
    registration.registration_status = Registration.Status.EXPIRED
    registration.ended_reason = reason
    registration.decided_by = None
    registration.decided_at = now
    with audit_action("registration.expired"):  # also when a sign-up or a decision finds it lapsed
        registration.save()
    publish(
        RegistrationExpired(registration_id=registration.pk, event_id=registration.event_id, reason=reason)
    )


def lapsed_reason(registration: Registration, now) -> str:
    if registration.payment_due_at is not None and registration.payment_due_at <= now:
        return Registration.EndedReason.PAYMENT_DEADLINE
    return Registration.EndedReason.UNCONFIRMED


def _refuse_duplicates(taken, fields: dict[str, Any], *, email_text, phone_text) -> None:
    errors = {}
    for row in taken:
        if row.email.lower() == fields["email"].lower():
            errors["email"] = email_text
        if row.phone == fields["phone"]:
            errors["phone"] = phone_text
    if errors:
        raise Conflict(next(iter(errors.values())), code="duplicate_registration", fields=errors)


def _same_person(model, event: Event, fields: dict[str, Any], *, status_field: str, active) -> list:
    """Rows of `model` for `event` with this e-mail (any capitals) or phone, among `active` ones,
    locked: lower(email), as the partial unique index has it (iexact would compare UPPER() and scan).
    Their ids come from one statement written out in SQL (the ORM's took more CPU to build than
    the rest of a sign-up's reads); the rare rows found are then read whole."""
    table = connection.ops.quote_name(model._meta.db_table)
    statuses = ", ".join(["%s"] * len(active))
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    with connection.cursor() as cursor:
        cursor.execute(  # names from the model and the caller; the values are parameters
            f"SELECT id FROM {table} WHERE event_id = %s AND {status_field} IN ({statuses})"  # noqa: S608
            f" AND (LOWER(email) = %s OR phone = %s){lock}",
            [event.pk, *map(str, active), fields["email"].lower(), fields["phone"]],
        )
        ids = [row[0] for row in cursor.fetchall()]
    return list(model.objects.filter(pk__in=ids)) if ids else []


def refuse_duplicate_registration(event: Event, fields: dict[str, Any], now, *, exclude=None) -> None:
    """One seat per person: refused when another registration of theirs holds one. A Pending one
    whose hold or deadline has passed ends here as Expired (the sweep would end it within the
    minute), so that a lapsed sign-up never locks the person out."""
    taken = _same_person(
        Registration, event, fields, status_field="registration_status", active=Registration.HOLDING_SEATS
    )
    _refuse_holding(taken, fields, now, exclude=exclude)


def _refuse_holding(taken, fields: dict[str, Any], now, *, exclude=None) -> None:
    holding = []
    for registration in taken:
        if registration.pk == exclude:
            continue
        if holds_seat(registration, now):
            holding.append(registration)
        else:
            expire_registration(registration, lapsed_reason(registration, now), now)
    _refuse_duplicates(
        holding,
        fields,
        email_text=_("This email is already registered for this event."),
        phone_text=_("This phone number is already registered for this event."),
    )


def _refuse_duplicate_waiting(event: Event, fields: dict[str, Any], now) -> None:
    taken = _same_person(WaitlistEntry, event, fields, status_field="status", active=WaitlistEntry.QUEUED)
    queued = []
    for entry in taken:
        if entry.status == WaitlistEntry.Status.WAITING and not waiting_holds(entry, now):
            waitlist_expire(entry)
        else:
            queued.append(entry)
    _refuse_duplicates(
        queued,
        fields,
        email_text=_("This email is already on the waiting list for this event."),
        phone_text=_("This phone number is already on the waiting list for this event."),
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


def registration_submit(*, event_id: int, data: dict[str, Any]) -> Registration:
    """A visitor takes a seat: Pending, held for SIGNUP_CONFIRM_MINUTES after the first e-mail
    goes out until the visitor opens its link, then until payment (or the payment deadline).
    Refused when the event is not Published, has no open seat, or this e-mail or phone already
    holds a seat; a waiting-list offer token takes the seat held for its holder."""
    fields = clean_registrant(data)
    for _attempt in range(5):
        try:
            return _submit(event_id, data, fields)
        except IntegrityError:
            # A payment reference drawn twice (1 in ~900 million), or the same person through a
            # path that does not lock the event, committed first: the partial unique index is the
            # last word. The whole sign-up again then draws another reference or refuses the
            # duplicate; no savepoint around the insert (two statements fewer under the lock).
            continue
    raise RuntimeError("Could not draw a free payment reference")


def _submit(event_id: int, data: dict[str, Any], fields: dict[str, Any]) -> Registration:
    offer_token = data.get("offer_token") or ""
    now = timezone.now()
    # Every sign-up of an event waits for its row lock: on PostgreSQL the statements go out in
    # two round trips (the registration's id, the lock and the count; then the counters, the
    # registration, its outbox message and audit entry with the COMMIT), not seven one by one.
    with atomic_batched() as batch, audit_action("registration.created"):
        registration_id = reserve_id(Registration)  # read with the count
        # The seats and this person's other sign-ups in one statement, sent with the lock's.
        # Ending a lapsed one of theirs changes no count: a lapsed hold is not counted.
        event, seats, same_person = locked_event_counted(event_id, fields)
        _refuse_closed(event)
        if same_person or offer_token:
            batch.plain()  # the rare ways: rows of theirs or an offer changed through the ORM
        if same_person:
            taken = Registration.objects.select_for_update().filter(pk__in=same_person)
            _refuse_holding(list(taken), fields, now)
        offer = _claim_offer(event, offer_token) if offer_token else None
        # An offer's seat is among `offered`; without one, only an open seat will do.
        if not seats.has_seat(offer=offer is not None):
            raise event_full_error(event)
        # The offer went to an address its holder confirmed: the same address needs no new proof.
        confirmed = offer is not None and offer.email.lower() == fields["email"].lower()
        # A free seat needs nothing more than a confirmed address: taken at once.
        approved = confirmed and is_free(event)
        registration = Registration(
            id=registration_id(),
            event=event,
            # None for a free event: nothing to match.
            payment_reference=None if is_free(event) else new_payment_reference(),
            terms_accepted_at=now if data.get("agree_to_terms") is True else None,
            email_confirmed_at=now if confirmed else None,
            payment_due_at=payment_due_at(event, now),
            registration_status=Registration.Status.APPROVED if approved else Registration.Status.PENDING,
            decided_at=now if approved else None,
            **fields,
        )
        # Counted under the lock a moment ago: one more Pending, one offer fewer if claimed.
        # Stored before the INSERT, so that both go out in one round trip.
        claimed = int(offer is not None)
        event_counters_store(
            event=event,
            seats=replace(
                seats,
                total=seats.total + 1,
                pending=seats.pending + int(not approved),
                approved=seats.approved + int(approved),
                offered=seats.offered - claimed,
            ),
        )
        insert(registration)  # its INSERT built once per process; auditlog's entry as with save()
        if approved:  # only through an offer: out of the batch already
            ticket_issue(registration)
        if offer is not None:
            offer.status = WaitlistEntry.Status.CLAIMED
            offer.offer_token_hash = ""
            offer.registration = registration
            with audit_action("waitlist_entry.claimed"):
                offer.save(update_fields=["status", "offer_token_hash", "registration"])
        publish(RegistrationSubmitted(registration_id=registration.pk, event_id=event.pk))
    registration.event = event
    return registration


def waitlist_join(*, event_id: int, data: dict[str, Any]) -> WaitlistEntry:
    """Only for a Published event without an open seat; one place per e-mail and phone. The place
    counts (and is offered seats) once its address is confirmed through the first e-mail's link."""
    fields = clean_registrant(data)
    now = timezone.now()
    with transaction.atomic(), audit_action("waitlist_entry.created"):
        event = _open_event(event_id)
        refuse_duplicate_registration(event, fields, now)
        _refuse_duplicate_waiting(event, fields, now)
        seats = count_seats(event)
        if seats.has_seat():
            raise Conflict(_("Seats are still available: please register instead."), code="seats_available")
        entry = WaitlistEntry.objects.create(event=event, **fields)
        publish(WaitlistJoined(entry_id=entry.pk, event_id=event.pk))
    return entry


def waitlist_position(entry: WaitlistEntry) -> int | None:
    """Among confirmed places; an unconfirmed place has none yet."""
    if entry.status != WaitlistEntry.Status.WAITING or entry.email_confirmed_at is None:
        return None
    return (
        WaitlistEntry.objects.filter(waiting_confirmed(), event_id=entry.event_id)
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


def waitlist_expire(entry: WaitlistEntry) -> None:
    entry.status = WaitlistEntry.Status.EXPIRED
    entry.offer_token_hash = ""
    with audit_action("waitlist_entry.expired"):
        entry.save(update_fields=["status", "offer_token_hash"])


def give_reference(registration: Registration) -> None:
    for _attempt in range(5):
        try:
            with transaction.atomic():
                registration.payment_reference = new_payment_reference()
                registration.save(update_fields=["payment_reference", "updated_at"])
                return
        except IntegrityError:
            continue
    raise RuntimeError("Could not draw a free payment reference")
