"""What the clock and the worker do: holds and offers that end, payment reminders, deadlines that
follow an event's changes, and the seat counters recounted from the rows."""

import logging
from collections import Counter
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from services.audit.recording import audit_action
from services.core.errors import ApplicationError
from services.events.models import Event
from services.events.services import event_counters_store
from services.notifications.languages import language_code
from services.notifications.services import notification_queue

from .capacity import (
    UNISSUED_HOLD,
    count_seats,
    holds_seat,
    locked_event,
    recompute_locked,
)
from .emails import registrant_context
from .models import Registration, WaitlistEntry
from .payment import is_free
from .signup import expire_registration, give_reference, lapsed_reason, payment_due_at

logger = logging.getLogger(__name__)


def event_capacity_recompute(*, event_id: int) -> bool:
    """Counters from the rows, expired offers passed on, freed seats offered to people waiting.
    True when the stored counters had drifted."""
    with transaction.atomic(), audit_action("waitlist_entry.offered"):  # its offers in one insert
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
        with transaction.atomic(), audit_action("registration.expired"):  # one insert per event
            locked_event(event_id)
            for registration in Registration.objects.select_for_update().filter(
                pk__in=[pk for pk, event in due if event == event_id],
                registration_status=Registration.Status.PENDING,
            ):
                if holds_seat(registration, now):
                    continue  # confirmed or paid meanwhile
                reason = lapsed_reason(registration, now)
                expire_registration(registration, reason, now)
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
    with transaction.atomic(), audit_action("registration.reminded"):
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


def _differs(due, stored) -> bool:
    """The sign-up's deadline was counted from its own clock reading, a few microseconds before the
    row's registration_date: not a change (nor an entry in the audit trail)."""
    if due is None or stored is None:
        return due is not stored
    return abs(due - stored) >= timedelta(seconds=1)


def payment_due_recompute(*, event_id: int) -> int:
    """An event's price, date, time or deadline changed: the deadlines of its unpaid seats follow
    (from each sign-up's own time), so that none is later than the event's start."""
    changed = 0
    with transaction.atomic(), audit_action("registration.payment_due_changed"):
        try:
            event = locked_event(event_id)
        except ApplicationError:
            return 0  # deleted meanwhile
        for registration in Registration.objects.select_for_update().filter(
            event=event, registration_status=Registration.Status.PENDING
        ):
            due = payment_due_at(event, registration.registration_date)
            if _differs(due, registration.payment_due_at):
                registration.payment_due_at = due
                registration.save(update_fields=["payment_due_at", "updated_at"])
                changed += 1
            if registration.payment_reference is None and not is_free(event):
                give_reference(registration)  # a free event that now has a price
        if changed:
            event_counters_store(event=event, seats=count_seats(event))
    return changed
