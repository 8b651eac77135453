import logging
import secrets
from collections import Counter
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from services.core.errors import ApplicationError, Conflict, NotFound
from services.events.models import Event
from services.events.services import event_counters_store
from services.notifications.languages import language_code
from services.notifications.links import fresh_link_for
from services.notifications.services import notification_queue
from services.outbox.services import publish

from .capacity import (
    UNISSUED_HOLD,
    EventFull,
    count_seats,
    event_full_error,
    holds_seat,
    locked_event,
    offer_link,
    recompute_locked,
    token_hash,
    waiting_confirmed,
    waiting_holds,
)
from .cleaning import clean_bulk, clean_decision, clean_registrant
from .domain_events import (
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
from .models import Registration, WaitlistEntry
from .payment import is_free, payment_details

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


def _expire(registration: Registration, reason: str, now) -> None:
    """End a Pending registration that no longer holds its seat (the event row is locked)."""
    registration.registration_status = Registration.Status.EXPIRED
    registration.ended_reason = reason
    registration.decided_by = None
    registration.decided_at = now
    registration.save()
    publish(
        RegistrationExpired(registration_id=registration.pk, event_id=registration.event_id, reason=reason)
    )


def _lapsed_reason(registration: Registration, now) -> str:
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


def _same_person(model, event: Event, fields: dict[str, Any], *, active: Q):
    """Rows of `model` for `event` with this e-mail (any capitals) or phone, among `active` ones,
    locked: lower(email), as the partial unique index has it (iexact would compare UPPER() and scan)."""
    return list(
        model.objects.select_for_update()
        .filter(active, event=event)
        .annotate(email_lower=Lower("email"))
        .filter(Q(email_lower=fields["email"].lower()) | Q(phone=fields["phone"]))
    )


def _refuse_duplicate_registration(event: Event, fields: dict[str, Any], now, *, exclude=None) -> None:
    """One seat per person: refused when another registration of theirs holds one. A Pending one
    whose hold or deadline has passed ends here as Expired (the sweep would end it within the
    minute), so that a lapsed sign-up never locks the person out."""
    taken = _same_person(
        Registration, event, fields, active=Q(registration_status__in=Registration.HOLDING_SEATS)
    )
    holding = []
    for registration in taken:
        if registration.pk == exclude:
            continue
        if holds_seat(registration, now):
            holding.append(registration)
        else:
            _expire(registration, _lapsed_reason(registration, now), now)
    _refuse_duplicates(
        holding,
        fields,
        email_text=_("This email is already registered for this event."),
        phone_text=_("This phone number is already registered for this event."),
    )


def _refuse_duplicate_waiting(event: Event, fields: dict[str, Any], now) -> None:
    taken = _same_person(WaitlistEntry, event, fields, active=Q(status__in=WaitlistEntry.QUEUED))
    queued = []
    for entry in taken:
        if entry.status == WaitlistEntry.Status.WAITING and not waiting_holds(entry, now):
            _waitlist_expire(entry)
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


def _create_registration(event: Event, fields: dict[str, Any], **values) -> Registration:
    """Insert with a fresh payment reference (none for a free event: nothing to match); a
    reference already taken (1 in ~900 million) is drawn again inside a savepoint."""
    free = is_free(event)
    for _attempt in range(5):
        try:
            with transaction.atomic():
                return Registration.objects.create(
                    event=event,
                    payment_reference=None if free else new_payment_reference(),
                    **values,
                    **fields,
                )
        except IntegrityError:
            # The same person in a parallel request, which committed first: the partial unique
            # index is the last word (the lock makes this rare).
            _refuse_duplicate_registration(event, fields, timezone.now())
            continue
    raise RuntimeError("Could not draw a free payment reference")


def registration_submit(*, event_id: int, data: dict[str, Any]) -> Registration:
    """A visitor takes a seat: Pending, held for SIGNUP_CONFIRM_MINUTES after the first e-mail
    goes out until the visitor opens its link, then until payment (or the payment deadline).
    Refused when the event is not Published, has no open seat, or this e-mail or phone already
    holds a seat; a waiting-list offer token takes the seat held for its holder."""
    fields = clean_registrant(data)
    offer_token = data.get("offer_token") or ""
    now = timezone.now()
    with transaction.atomic():
        event = _open_event(event_id)
        _refuse_duplicate_registration(event, fields, now)
        offer = _claim_offer(event, offer_token) if offer_token else None
        seats = count_seats(event)
        # An offer's seat is among `offered`; without one, only an open seat will do.
        if not seats.has_seat(offer=offer is not None):
            raise event_full_error(event)
        # The offer went to an address its holder confirmed: the same address needs no new proof.
        confirmed = offer is not None and offer.email.lower() == fields["email"].lower()
        # A free seat needs nothing more than a confirmed address: taken at once.
        approved = confirmed and is_free(event)
        registration = _create_registration(
            event,
            fields,
            terms_accepted_at=now if data.get("agree_to_terms") is True else None,
            email_confirmed_at=now if confirmed else None,
            payment_due_at=payment_due_at(event, now),
            registration_status=Registration.Status.APPROVED if approved else Registration.Status.PENDING,
            decided_at=now if approved else None,
        )
        if offer is not None:
            offer.status = WaitlistEntry.Status.CLAIMED
            offer.offer_token_hash = ""
            offer.registration = registration
            offer.save(update_fields=["status", "offer_token_hash", "registration"])
        # Counted under the lock a moment ago: one more Pending, one offer fewer if claimed.
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
        publish(RegistrationSubmitted(registration_id=registration.pk, event_id=event.pk))
    registration.event = event
    return registration


def waitlist_join(*, event_id: int, data: dict[str, Any]) -> WaitlistEntry:
    """Only for a Published event without an open seat; one place per e-mail and phone. The place
    counts (and is offered seats) once its address is confirmed through the first e-mail's link."""
    fields = clean_registrant(data)
    now = timezone.now()
    with transaction.atomic():
        event = _open_event(event_id)
        _refuse_duplicate_registration(event, fields, now)
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


# --- The link of the first e-mail -------------------------------------------------------------


def _issue_access(row, now) -> str | None:
    """A fresh link for a row whose first e-mail goes out now, which starts its hold; None when the
    row no longer waits for one (decided, expired, or unissued for too long). The hold only starts
    here, so taking no lock on the event is safe: nothing a hold keeps is freed by it."""
    token = secrets.token_urlsafe(32)
    row.access_token_hash = token_hash(token)
    if row.email_confirmed_at is None and row.hold_expires_at is None:
        row.hold_expires_at = now + timedelta(minutes=settings.SIGNUP_CONFIRM_MINUTES)
    row.save(update_fields=["access_token_hash", "hold_expires_at"])
    return token


def registration_access_issue(*, registration: Registration) -> str | None:
    """The registrant's link (/my-registration#token=…), issued by the worker with the first e-mail
    of a registration that still holds its seat: Pending, or a free seat taken at once through a
    waiting-list offer (Approved, with no link yet). `registration` is locked by the caller."""
    now = timezone.now()
    status = registration.registration_status
    if status == Registration.Status.APPROVED:
        if registration.access_token_hash or not is_free(registration.event):
            return None
    elif status != Registration.Status.PENDING or not holds_seat(registration, now):
        return None
    return _issue_access(registration, now)


def waitlist_access_issue(*, entry: WaitlistEntry) -> str | None:
    now = timezone.now()
    if entry.status != WaitlistEntry.Status.WAITING or not waiting_holds(entry, now):
        return None
    return _issue_access(entry, now)


def access_link(token: str) -> str:
    return f"{settings.FRONTEND_URL}/my-registration#token={token}"


# --- Failed e-mails with a single-use link, sent again from the System page ------------------


@fresh_link_for("registration_received")
def _fresh_registration_link(notification) -> dict | None:
    """A fresh link for a sign-up that still holds its seat; its hold starts again, since the
    registrant never got the first link. Under the event's lock: the hold is a seat."""
    registration_id = notification.context.get("registration_id")
    event_id = Registration.objects.filter(pk=registration_id).values_list("event_id", flat=True).first()
    if event_id is None:
        return None
    locked_event(event_id)
    registration = Registration.objects.select_for_update().filter(pk=registration_id).first()
    now = timezone.now()
    if (
        registration is None
        or registration.registration_status != Registration.Status.PENDING
        or not holds_seat(registration, now)
    ):
        return None
    registration.hold_expires_at = None  # restarts with the new link
    token = _issue_access(registration, now)
    return {**notification.context, "link": access_link(token)}


@fresh_link_for("waitlist_joined")
def _fresh_waiting_link(notification) -> dict | None:
    entry = WaitlistEntry.objects.select_for_update().filter(pk=notification.context.get("entry_id")).first()
    now = timezone.now()
    if entry is None or entry.status != WaitlistEntry.Status.WAITING or not waiting_holds(entry, now):
        return None
    entry.hold_expires_at = None  # an unconfirmed place holds no seat: no lock needed
    token = _issue_access(entry, now)
    return {**notification.context, "link": access_link(token)}


@fresh_link_for("waitlist_offer")
def _fresh_offer_link(notification) -> dict | None:
    """The offer's seat is still held: a new link, and the offer's time starts again, since its
    holder never heard of it (the held seat stays held, so no count changes)."""
    event_id = WaitlistEntry.objects.filter(pk=notification.context.get("entry_id")).values_list(
        "event_id", flat=True
    )
    if not event_id:
        return None
    locked_event(event_id[0])
    entry = (
        WaitlistEntry.objects.select_for_update()
        .filter(
            pk=notification.context["entry_id"],
            status=WaitlistEntry.Status.OFFERED,
            offer_expires_at__gt=timezone.now(),
        )
        .first()
    )
    if entry is None:
        return None
    token = secrets.token_urlsafe(32)
    entry.offer_token_hash = token_hash(token)
    entry.offer_expires_at = timezone.now() + timedelta(hours=settings.WAITLIST_OFFER_HOURS)
    entry.save(update_fields=["offer_token_hash", "offer_expires_at"])
    return {
        **notification.context,
        "link": offer_link(entry.event_id, token),
        "expires_at": timezone.localtime(entry.offer_expires_at).strftime("%Y-%m-%d %H:%M"),
    }


@fresh_link_for("registration_approved")
def _fresh_approved_link(notification) -> dict | None:
    """Only a free seat taken through an offer has its link in the confirmation: a new one, while
    the seat is still Approved (the old link is void)."""
    registration = (
        Registration.objects.select_for_update()
        .filter(
            pk=notification.context.get("registration_id"),
            registration_status=Registration.Status.APPROVED,
        )
        .first()
    )
    if registration is None:
        return None
    token = _issue_access(registration, timezone.now())
    return {**notification.context, "link": access_link(token)}


@dataclass(frozen=True)
class Access:
    """What a link of a first e-mail opens: a registration or a waiting-list place."""

    registration: Registration | None = None
    entry: WaitlistEntry | None = None
    confirmed_now: bool = False


class InvalidLink(ApplicationError):
    status = 404
    code = "invalid_link"


class LinkEnded(ApplicationError):
    status = 410
    code = "link_ended"


def link_works(event: Event) -> bool:
    """A registrant's link works until the event is over (Event.ends_at)."""
    return timezone.now() < event.ends_at


def _refuse_after_event(event: Event) -> None:
    if not link_works(event):
        raise LinkEnded(_("This event is over, so this link no longer works."))


def _row_of_link(model, digest: str):
    return model.objects.select_related("event").filter(access_token_hash=digest).first() if digest else None


def registration_access(*, token: str) -> Access:
    """Opening the link: the first time, within the hold, confirms the address (the staff are told
    of the sign-up only then). A hold that has passed ends the sign-up, which the page says."""
    digest = token_hash(token) if token else ""
    now = timezone.now()
    kinds = (
        (Registration, _confirm_registration, "registration"),
        (WaitlistEntry, _confirm_waiting, "entry"),
    )
    with transaction.atomic():
        for model, confirm, kind in kinds if digest else ():
            row = model.objects.select_for_update().filter(access_token_hash=digest).first()
            if row is not None:
                _refuse_after_event(row.event)
                confirmed = confirm(row, now)
                row = model.objects.select_related("event").get(pk=row.pk)
                return Access(**{kind: row}, confirmed_now=confirmed)
    raise InvalidLink(_("This link is not valid. Please open the link of your most recent e-mail."))


def _confirm_registration(registration: Registration, now) -> bool:
    if registration.registration_status != Registration.Status.PENDING:
        return False
    if registration.email_confirmed_at is not None:
        _approve_free(registration, now)  # confirmed before free seats were taken at once
        return False
    if not holds_seat(registration, now):
        # Its seat already counts as free: ending it changes no count, so no event lock is needed.
        _expire(registration, _lapsed_reason(registration, now), now)
        return False
    registration.email_confirmed_at = now
    registration.save(update_fields=["email_confirmed_at", "updated_at"])
    publish(RegistrationConfirmed(registration_id=registration.pk, event_id=registration.event_id))
    _approve_free(registration, now)
    return True


def _approve_free(registration: Registration, now) -> None:
    """A free seat is confirmed by the address alone: Approved, with no payment to record. The seat
    was held already (Pending), so the count of seats does not change and no event lock is needed;
    the approval's e-mail and the counters follow from its domain event."""
    event = registration.event
    if not is_free(event) or event.status != Event.Status.PUBLISHED or not holds_seat(registration, now):
        return  # a cancelled (or unpublished) event confirms no seat
    registration.registration_status = Registration.Status.APPROVED
    registration.decided_by = None
    registration.decided_at = now
    registration.payment_due_at = None
    registration.save()
    publish(
        RegistrationApproved(
            registration_id=registration.pk,
            event_id=registration.event_id,
            previous_status=Registration.Status.PENDING,
        )
    )


def _confirm_waiting(entry: WaitlistEntry, now) -> bool:
    if entry.email_confirmed_at is not None or entry.status != WaitlistEntry.Status.WAITING:
        return False
    if not waiting_holds(entry, now):
        _waitlist_expire(entry)
        return False
    entry.email_confirmed_at = now
    entry.save(update_fields=["email_confirmed_at"])
    # Counted from now on: a seat already free is offered to it by the recomputation.
    publish(WaitlistConfirmed(entry_id=entry.pk, event_id=entry.event_id))
    return True


def _waitlist_expire(entry: WaitlistEntry) -> None:
    entry.status = WaitlistEntry.Status.EXPIRED
    entry.offer_token_hash = ""
    entry.save(update_fields=["status", "offer_token_hash"])


# --- The registrant's own cancellation -------------------------------------------------------


class NothingToCancel(ApplicationError):
    status = 409
    code = "already_ended"


def registration_cancel_by_token(*, token: str) -> Access:
    """The person behind a link gives up their seat (or their waiting-list place): it returns at
    once, recounted under the event's lock and offered to the first person waiting. Works until
    the event is over, and only for what still holds a seat or a place."""
    digest = token_hash(token) if token else ""
    registration = _row_of_link(Registration, digest)
    entry = None if registration is not None else _row_of_link(WaitlistEntry, digest)
    row = registration or entry
    if row is None:
        raise InvalidLink(_("This link is not valid. Please open the link of your most recent e-mail."))
    _refuse_after_event(row.event)
    now = timezone.now()
    with transaction.atomic():
        event = locked_event(row.event_id)  # the event first, as every seat change does
        if registration is not None:
            registration = Registration.objects.select_for_update().get(pk=registration.pk)
            old_status = registration.registration_status
            if old_status not in Registration.HOLDING_SEATS:
                raise NothingToCancel(_("This registration has already ended: there is nothing to cancel."))
            registration.registration_status = Registration.Status.CANCELLED
            registration.ended_reason = Registration.EndedReason.BY_REGISTRANT
            registration.status_reason = ""
            registration.decided_by = None
            registration.decided_at = now
            registration.save()
            cancelled = RegistrationCancelled(
                registration_id=registration.pk, event_id=event.pk, previous_status=old_status
            )
            publish(cancelled)
        else:
            entry = WaitlistEntry.objects.select_for_update().get(pk=entry.pk)
            if entry.status not in WaitlistEntry.QUEUED:
                raise NothingToCancel(_("This place on the waiting list has already ended."))
            entry.status = WaitlistEntry.Status.CANCELLED
            entry.offer_token_hash = ""
            entry.save(update_fields=["status", "offer_token_hash"])
            publish(WaitlistLeft(entry_id=entry.pk, event_id=event.pk))
        # At once, not when the worker comes: the seat (or an offer it held) goes to the next one.
        recompute_locked(event)
    if registration is not None:
        return Access(registration=Registration.objects.select_related("event").get(pk=registration.pk))
    return Access(entry=WaitlistEntry.objects.select_related("event").get(pk=entry.pk))


# --- An event called off ----------------------------------------------------------------------


def event_cancelled_close(*, event_id: int) -> RegistrationsEndedWithEvent | None:
    """Staff cancelled the event: the seats held while waiting for a confirmation or a payment end
    (Cancelled, `event_cancelled`), and so do the waiting list and its offers. Approved seats stay
    Approved: they record who paid, for a refund, and count again if the event is published again.
    The domain event names everybody to tell; nothing happens if the event is no longer Cancelled."""
    now = timezone.now()
    with transaction.atomic():
        try:
            event = locked_event(event_id)
        except ApplicationError:
            return None  # deleted meanwhile
        if event.status != Event.Status.CANCELLED:
            return None
        registrations = list(
            Registration.objects.select_for_update()
            .filter(event=event, registration_status__in=Registration.HOLDING_SEATS)
            .order_by("pk")
        )
        told = []
        for registration in registrations:
            if registration.registration_status == Registration.Status.PENDING:
                registration.registration_status = Registration.Status.CANCELLED
                registration.ended_reason = Registration.EndedReason.EVENT_CANCELLED
                registration.decided_by = None
                registration.decided_at = now
                registration.save()
            told.append(registration.pk)
        entries = list(
            WaitlistEntry.objects.select_for_update()
            .filter(event=event, status__in=WaitlistEntry.QUEUED)
            .order_by("pk")
        )
        WaitlistEntry.objects.filter(pk__in=[entry.pk for entry in entries]).update(
            status=WaitlistEntry.Status.EXPIRED, offer_token_hash=""
        )
        event_counters_store(event=event, seats=count_seats(event))
        if not (told or entries):
            return None
        ended = RegistrationsEndedWithEvent(
            event_id=event.pk, registration_ids=told, entry_ids=[entry.pk for entry in entries]
        )
        publish(ended)
    return ended


# --- Staff decisions --------------------------------------------------------------------------

# The transitions staff may make. From Pending or Approved: approve, reject or cancel; an ended
# registration may be approved again (a late payment, a mistake), if a seat is free for it.
TRANSITIONS = {
    Registration.Status.PENDING: {
        Registration.Status.APPROVED,
        Registration.Status.REJECTED,
        Registration.Status.CANCELLED,
    },
    Registration.Status.APPROVED: {Registration.Status.REJECTED, Registration.Status.CANCELLED},
    Registration.Status.REJECTED: {Registration.Status.APPROVED},
    Registration.Status.EXPIRED: {Registration.Status.APPROVED},
    Registration.Status.CANCELLED: {Registration.Status.APPROVED},
}
DECISION_EVENTS = {
    Registration.Status.APPROVED: RegistrationApproved,
    Registration.Status.REJECTED: RegistrationRejected,
    Registration.Status.CANCELLED: RegistrationCancelled,
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


def _approve_needs_seat(event: Event, registration: Registration, now) -> None:
    """Approving a registration that holds no seat (ended, or Pending past its hold) takes a free
    one, and this person must not hold another."""
    if holds_seat(registration, now):
        return
    person = {"email": registration.email, "phone": registration.phone}
    _refuse_duplicate_registration(event, person, now, exclude=registration.pk)
    seats = count_seats(event)
    if not seats.has_seat():
        raise EventFull(
            _(
                "No seat is free for this registration: the event is full, or its free seats are "
                "offered to the waiting list."
            ),
            extra={"waitlist": False},
        )


def _apply_decision(event: Event, registration: Registration, decision: dict[str, str], *, by, now) -> None:
    """One decision on a locked registration of the locked event; publishes its domain event."""
    old_status = registration.registration_status
    new_status = decision["registration_status"]
    if new_status not in TRANSITIONS[old_status]:
        raise Conflict(
            _("This registration is already %(status)s.") % {"status": old_status},
            code="invalid_transition",
            fields={"registration_status": _("Choose another status.")},
        )
    if new_status == Registration.Status.APPROVED:
        _approve_needs_seat(event, registration, now)
        _refuse_reused_transaction(registration, decision["transaction_id"])
        registration.transaction_id = decision["transaction_id"]
        registration.payment_method = decision["payment_method"]
        registration.ended_reason = ""
        registration.status_reason = ""
    else:
        registration.status_reason = decision["reason"]
    if decision["payment_notes"] or new_status == Registration.Status.APPROVED:
        registration.payment_notes = decision["payment_notes"]
    registration.registration_status = new_status
    registration.decided_by = by
    registration.decided_at = now
    try:
        with transaction.atomic():
            registration.save()
    except IntegrityError:  # a concurrent decision recorded the same receipt first
        _refuse_reused_transaction(registration, decision["transaction_id"])
        raise
    publish(
        DECISION_EVENTS[new_status](
            registration_id=registration.pk, event_id=event.pk, previous_status=old_status
        )
    )


def registration_decide(*, registration_id: int, data: dict[str, Any], by) -> Registration:
    """Staff approve (with the payment: SPEC §5; a free seat needs none), reject or cancel,
    recording who and when."""
    found = Registration.objects.filter(pk=registration_id).values_list("event_id", "event__price").first()
    if found is None:
        raise NotFound(_("Registration not found."))
    event_id, price = found
    decision = clean_decision(data, free=not (price and price > 0))
    with transaction.atomic():
        event = locked_event(event_id)  # the event first, as every seat change does
        registration = Registration.objects.select_for_update().filter(pk=registration_id).first()
        if registration is None:  # erased meanwhile
            raise NotFound(_("Registration not found."))
        _apply_decision(event, registration, decision, by=by, now=timezone.now())
        event_counters_store(event=event, seats=count_seats(event))
    return registration


BULK_ACTIONS = {"reject": Registration.Status.REJECTED, "cancel": Registration.Status.CANCELLED}
BULK_MAX = 500


@dataclass(frozen=True)
class BulkResult:
    updated: list[int]
    skipped: list[int]  # not of this event, or already ended


def registrations_bulk_decide(*, event_id: int, data: dict[str, Any], by) -> BulkResult:
    """Reject or cancel many registrations of one event at once (the clean-up of sign-ups nobody
    will pay for); each person is told as for one decision. Registrations whose status does not
    allow it are skipped and named."""
    ids, action, reason = clean_bulk(data, actions=BULK_ACTIONS, limit=BULK_MAX)
    decision = {"registration_status": BULK_ACTIONS[action], "reason": reason, "payment_notes": ""}
    now = timezone.now()
    updated, skipped = [], []
    with transaction.atomic():
        event = locked_event(event_id)
        found = {
            registration.pk: registration
            for registration in Registration.objects.select_for_update().filter(event=event, pk__in=ids)
        }
        for registration_id in ids:
            registration = found.get(registration_id)
            if (
                registration is None
                or decision["registration_status"] not in TRANSITIONS[registration.registration_status]
            ):
                skipped.append(registration_id)
                continue
            _apply_decision(event, registration, decision, by=by, now=now)
            updated.append(registration_id)
        event_counters_store(event=event, seats=count_seats(event))
    return BulkResult(updated=updated, skipped=skipped)


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


def holds_expire(*, batch: int = 500) -> dict[str, int]:
    """Every minute: sign-ups nobody confirmed in time and seats nobody paid for by the deadline end
    as Expired (their seats already count as free: this makes it show, tells the registrant of an
    unpaid seat, and lets the recomputation offer the seat to the waiting list); unconfirmed
    waiting-list places end too."""
    now = timezone.now()
    unconfirmed_lapsed = Q(email_confirmed_at__isnull=True) & (
        Q(hold_expires_at__lte=now)
        | Q(hold_expires_at__isnull=True, registration_date__lte=now - UNISSUED_HOLD)
    )
    lapsed = Registration.objects.filter(
        unconfirmed_lapsed | Q(payment_due_at__lte=now), registration_status=Registration.Status.PENDING
    ).order_by()
    due = list(lapsed.values_list("pk", "event_id")[:batch])
    expired = Counter()
    for event_id in sorted({event_id for _pk, event_id in due}):
        with transaction.atomic():
            locked_event(event_id)
            for registration in Registration.objects.select_for_update().filter(
                pk__in=[pk for pk, event in due if event == event_id],
                registration_status=Registration.Status.PENDING,
            ):
                if holds_seat(registration, now):
                    continue  # confirmed or paid meanwhile
                reason = _lapsed_reason(registration, now)
                _expire(registration, reason, now)
                expired[reason] += 1
    places = WaitlistEntry.objects.filter(
        status=WaitlistEntry.Status.WAITING, email_confirmed_at__isnull=True
    ).filter(
        Q(hold_expires_at__lte=now) | Q(hold_expires_at__isnull=True, created_at__lte=now - UNISSUED_HOLD)
    )
    # Unconfirmed places count for nothing: ending them changes no seat.
    waiting = places.update(status=WaitlistEntry.Status.EXPIRED)
    return {**expired, "waitlist": waiting}


def payment_reminders_send(*, batch: int = 200) -> int:
    """One reminder to each registrant of an upcoming Published paid event who confirmed their
    address and has not paid: REGISTRATION_REMINDER_BEFORE_HOURS before the payment deadline (not
    when the sign-up itself came later than that), or, with no deadline, after
    REGISTRATION_REMINDER_AFTER_HOURS. The flag and the e-mail row are written in one transaction
    under the row's lock, so a reminder is never sent twice."""
    now = timezone.now()
    before = timedelta(hours=settings.REGISTRATION_REMINDER_BEFORE_HOURS)
    due_soon = Q(payment_due_at__gt=now, payment_due_at__lte=now + before) & Q(
        registration_date__lt=F("payment_due_at") - before
    )
    conditions = due_soon
    if settings.REGISTRATION_REMINDER_AFTER_HOURS:
        after = timedelta(hours=settings.REGISTRATION_REMINDER_AFTER_HOURS)
        conditions |= Q(payment_due_at__isnull=True, registration_date__lt=now - after)
    with transaction.atomic():
        due = list(
            Registration.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("event")
            .filter(
                conditions,
                registration_status=Registration.Status.PENDING,
                email_confirmed_at__isnull=False,
                reminder_sent_at__isnull=True,
                event__status=Event.Status.PUBLISHED,
                event__price__gt=0,
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


def payment_due_recompute(*, event_id: int) -> int:
    """An event's price, date, time or deadline changed: the deadlines of its unpaid seats follow
    (from each sign-up's own time), so that none is later than the event's start."""
    changed = 0
    with transaction.atomic():
        try:
            event = locked_event(event_id)
        except ApplicationError:
            return 0  # deleted meanwhile
        for registration in Registration.objects.select_for_update().filter(
            event=event, registration_status=Registration.Status.PENDING
        ):
            due = payment_due_at(event, registration.registration_date)
            if due != registration.payment_due_at:
                registration.payment_due_at = due
                registration.save(update_fields=["payment_due_at", "updated_at"])
                changed += 1
            if registration.payment_reference is None and not is_free(event):
                _give_reference(registration)  # a free event that now has a price
        if changed:
            event_counters_store(event=event, seats=count_seats(event))
    return changed


def _give_reference(registration: Registration) -> None:
    for _attempt in range(5):
        try:
            with transaction.atomic():
                registration.payment_reference = new_payment_reference()
                registration.save(update_fields=["payment_reference", "updated_at"])
                return
        except IntegrityError:
            continue
    raise RuntimeError("Could not draw a free payment reference")


def registrant_context(registration: Registration, *, language: str) -> dict[str, Any]:
    """What every e-mail about a registrant shows: the event, the amount and the reference, the
    payment texts in the e-mail's language (the worker has no visitor's language of its own)."""
    event = registration.event
    due = registration.payment_due_at
    with translation.override(language):
        payment = payment_details(event, registration.payment_reference or "")
    return {
        "name": registration.full_name,
        "event_title": event.title,
        "event_date": event.date.isoformat(),
        "event_time": event.time.strftime("%H:%M") if event.time else "",
        "event_location": event.location,
        "event_link": f"{settings.FRONTEND_URL}/event/{event.pk}",
        "free": is_free(event),
        "reference": registration.payment_reference or "",
        # ISO text, as a notification's context is JSON; the templates format it per language.
        "pay_by": timezone.localtime(due).strftime("%Y-%m-%d %H:%M")
        if (due := registration.payment_due_at)
        else "",
        **payment,
    }
