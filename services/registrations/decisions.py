"""Staff decisions on registrations (approve with the payment, reject, cancel; one or in bulk), and
the end of the registrations of a cancelled event."""

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from services.audit.recording import audit_action, audit_record
from services.core.errors import ApplicationError, Conflict, NotFound
from services.core.payments import payment_claim
from services.core.status_words import status_word
from services.events.models import Event
from services.events.services import event_counters_store
from services.outbox.services import publish

from .capacity import (
    EventFull,
    count_seats,
    holds_seat,
    locked_event,
)
from .cleaning import clean_bulk, clean_decision
from .domain_events import (
    RegistrationApproved,
    RegistrationCancelled,
    RegistrationRejected,
    RegistrationsEndedWithEvent,
)
from .models import Registration, WaitlistEntry
from .signup import refuse_duplicate_registration
from .tickets import ticket_issue

# --- An event called off ----------------------------------------------------------------------


def event_cancelled_close(*, event_id: int) -> RegistrationsEndedWithEvent | None:
    """Staff cancelled the event: the seats held while waiting for a confirmation or a payment end
    (Cancelled, `event_cancelled`), and so do the waiting list and its offers. Approved seats stay
    Approved: they record who paid, for a refund, and count again if the event is published again.
    The domain event names everybody to tell; nothing happens if the event is no longer Cancelled."""
    now = timezone.now()
    with transaction.atomic(), audit_action("registration.cancelled"):  # with the event (the worker)
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
        for entry in entries:  # an update() no model diff sees: held, and written in the one insert
            audit_record(
                "waitlist_entry.expired",
                object_type="waitlist_entry",
                object_id=entry.pk,
                label=f"#{entry.pk}",
                changes={"status": (entry.status, WaitlistEntry.Status.EXPIRED)},
                model=WaitlistEntry,
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
# The action each decision is recorded as in the audit trail.
DECISION_VERBS = {
    Registration.Status.APPROVED: "registration.approved",
    Registration.Status.REJECTED: "registration.rejected",
    Registration.Status.CANCELLED: "registration.cancelled",
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
    refuse_duplicate_registration(event, person, now, exclude=registration.pk)
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
            _("This registration is already %(status)s.")
            % {"status": status_word("registration", old_status)},
            code="invalid_transition",
            fields={"registration_status": _("Choose another status.")},
        )
    if new_status == Registration.Status.APPROVED:
        _approve_needs_seat(event, registration, now)
        _refuse_reused_transaction(registration, decision["transaction_id"])
        # Across kinds too: a renewal confirmed with this id refuses it (the same words).
        payment_claim(
            decision["transaction_id"],
            kind="registration",
            object_id=registration.pk,
            reference=registration.payment_reference or "",
        )
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
    if new_status == Registration.Status.APPROVED:
        ticket_issue(registration)
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
    verb = DECISION_VERBS.get(decision["registration_status"], "registration.status_changed")
    with transaction.atomic(), audit_action(verb):
        event = locked_event(event_id)  # the event first, as every seat change does
        registration = Registration.objects.select_for_update().filter(pk=registration_id).first()
        if registration is None:  # erased meanwhile
            raise NotFound(_("Registration not found."))
        _apply_decision(event, registration, decision, by=by, now=timezone.now())
        event_counters_store(event=event, seats=count_seats(event))
    registration.event = event  # what the answer shows of it, without a second query
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
    now = timezone.now()
    updated, skipped = [], []
    with transaction.atomic():
        event = locked_event(event_id)  # NotFound first, as for any endpoint of a missing event
        ids, action, reason = clean_bulk(data, actions=BULK_ACTIONS, limit=BULK_MAX)
        decision = {"registration_status": BULK_ACTIONS[action], "reason": reason, "payment_notes": ""}
        # One entry per registration, all written in one insert at the end.
        with audit_action(DECISION_VERBS[decision["registration_status"]]):
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
