"""Erasing registrants: one registration, one waiting-list entry, every one of an address, every
one of an event that is being deleted, and those whose time is up (retention).

Every erasure locks the event first, as every seat change does (capacity.py), then deletes the
rows, then the e-mails about them: a handler writing such an e-mail holds the row's lock
(handlers.py), so its e-mail is either committed before (and deleted here) or never written.
The seats are recounted under the same lock (a freed seat is offered to the waiting list at
once), and one `registration.erased` event tells the rest of the product. The outbox keeps its own
rows: their payloads name only ids, which point at nothing afterwards.

(A module of its own beside services.py: erasure is one concern, and keeps apart from the
sign-up rules.)"""

import logging
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from services.audit.erasure import audit_erase
from services.audit.recording import audit_action
from services.core.errors import NotFound
from services.events.models import Event
from services.notifications.services import About, notifications_erase
from services.outbox.services import publish

from .capacity import locked_event, recompute_locked
from .domain_events import RegistrantsErased
from .models import ErasedRegistration, Registration, WaitlistEntry

logger = logging.getLogger(__name__)
# The e-mails about a waiting-list entry; an offer has no outbox message (it is queued with the
# offer), so it is found by its address and event.
WAITLIST_TEMPLATES = ("waitlist_joined", "waitlist_offer", "event_cancelled")
# What a registrant without a reference (a free event's) may have been sent.
REGISTRANT_TEMPLATES = (
    "registration_received",
    "registration_approved",
    "registration_rejected",
    "registration_cancelled",
    "registration_expired",
    "registration_notice",
    "event_cancelled",
    "event_reminder",
)


@dataclass
class Erased:
    registrations: int = 0
    waitlist_entries: int = 0
    emails: int = 0
    registration_ids: list[int] = field(default_factory=list)
    entry_ids: list[int] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return {
            "registrations": self.registrations,
            "waitlist_entries": self.waitlist_entries,
            "emails": self.emails,
        }

    def add(self, other: "Erased") -> None:
        self.registrations += other.registrations
        self.waitlist_entries += other.waitlist_entries
        self.emails += other.emails


def _erase_rows(event: Event, registrations: Q, entries: Q, *, keep_tally: bool = False) -> Erased:
    """Delete the event's registrations and waiting-list entries that match (with the entries
    through which a matching registration was claimed), then the e-mails about them. The caller
    holds the event's lock, inside a transaction."""
    registration_rows = list(
        Registration.objects.select_for_update().filter(registrations, event=event).order_by("pk")
    )
    registration_ids = [row.pk for row in registration_rows]
    entry_rows = list(
        WaitlistEntry.objects.select_for_update()
        .filter(entries | Q(registration_id__in=registration_ids), event=event)
        .order_by("pk")
    )
    entry_ids = [row.pk for row in entry_rows]
    if keep_tally:
        ErasedRegistration.objects.bulk_create(
            ErasedRegistration(
                event=event,
                registration_status=row.registration_status,
                registration_date=row.registration_date,
                decided_at=row.decided_at,
                decided_by_id=row.decided_by_id,
            )
            for row in registration_rows
        )
    with audit_action("waitlist_entry.erased"):
        WaitlistEntry.objects.filter(pk__in=entry_ids).delete()
    with audit_action("registration.erased"):
        Registration.objects.filter(pk__in=registration_ids).delete()
    # What the trail said of them before keeps the fact, not the person.
    audit_erase(object_type="waitlist_entry", object_ids=entry_ids)
    audit_erase(object_type="registration", object_ids=registration_ids)
    about = [
        # Every e-mail about a registration carries its payment reference (registrant_context),
        # also the reminders, which no outbox message made, and once the outbox purged its own.
        About(context={"reference": row.payment_reference})
        for row in registration_rows
        if row.payment_reference
    ]
    about += [
        # A free event's registrants have no reference: their e-mails about this event, by address.
        About(
            recipient=row.email,
            templates=REGISTRANT_TEMPLATES,
            context={"event_title": event.title, "event_date": event.date.isoformat()},
        )
        for row in registration_rows
        if not row.payment_reference
    ]
    about += [
        About(
            recipient=row.email,
            templates=WAITLIST_TEMPLATES,
            context={"event_title": event.title, "event_date": event.date.isoformat()},
        )
        for row in entry_rows
    ]
    if not (registration_ids or entry_ids):
        return Erased()
    made_for = {"registration_id": registration_ids, "entry_id": entry_ids}
    emails = notifications_erase(about=about, made_for=made_for)
    return Erased(len(registration_ids), len(entry_ids), emails, registration_ids, entry_ids)


def _erase_and_recount(event_id: int, registrations: Q, entries: Q, *, keep_tally: bool = False) -> Erased:
    """Under the event's lock: erase, recount the seats (offering freed ones to the waiting
    list, as after a rejection), and publish what went."""
    event = locked_event(event_id)
    erased = _erase_rows(event, registrations, entries, keep_tally=keep_tally)
    if erased.registration_ids or erased.entry_ids:
        recompute_locked(event)
        publish(
            RegistrantsErased(
                event_id=event.pk, registration_ids=erased.registration_ids, entry_ids=erased.entry_ids
            )
        )
    return erased


NOTHING = Q(pk__in=[])


def registration_erase(*, registration_id: int) -> dict[str, int]:
    """Staff erase one registration (and the waiting-list entry it came from): its seat is free."""
    event_id = Registration.objects.filter(pk=registration_id).values_list("event_id", flat=True).first()
    with transaction.atomic(), audit_action("registration.erased"):  # one insert, offers included
        erased = (
            _erase_and_recount(event_id, Q(pk=registration_id), NOTHING) if event_id is not None else Erased()
        )
        if not erased.registrations:  # unknown, or erased by somebody else meanwhile
            raise NotFound(_("Registration not found."))
    return erased.counts()


def waitlist_entry_erase(*, entry_id: int) -> dict[str, int]:
    """Staff erase one waiting-list entry; a seat held for its offer goes to the next person."""
    event_id = WaitlistEntry.objects.filter(pk=entry_id).values_list("event_id", flat=True).first()
    with transaction.atomic(), audit_action("waitlist_entry.erased"):
        erased = _erase_and_recount(event_id, NOTHING, Q(pk=entry_id)) if event_id is not None else Erased()
        if not erased.waitlist_entries:
            raise NotFound(_("Waiting-list entry not found."))
    return erased.counts()


def registrants_erase_for_email(*, email: str) -> dict[str, int]:
    """Erasure of a person: every registration and waiting-list entry of this address (any
    capitals), event by event in the order of their ids (the order every multi-event erasure
    locks them in). Call inside the caller's transaction to erase everything at once."""
    registrations, entries = Q(email__iexact=email), Q(email__iexact=email)
    event_ids = sorted(
        set(Registration.objects.filter(registrations).values_list("event_id", flat=True))
        | set(WaitlistEntry.objects.filter(entries).values_list("event_id", flat=True))
    )
    total = Erased()
    with transaction.atomic(), audit_action("registration.erased"):
        for event_id in event_ids:
            try:
                total.add(_erase_and_recount(event_id, registrations, entries))
            except NotFound:  # the event was deleted meanwhile, and its registrants with it
                continue
    return total.counts()


def event_registrants_erase(event: Event) -> dict[str, int]:
    """Before an event is deleted (events.services.event_before_delete, from apps.py): all its
    registrants and waiting list, with their e-mails. The caller holds the event's lock."""
    everyone = Q(pk__isnull=False)
    return _erase_rows(event, everyone, everyone).counts()


def ended_purge(*, batch_size: int = 500) -> dict[str, int]:
    """Retention (daily): erase what ended more than PERSONAL_DATA_RETENTION_DAYS ago:
    - registrations Rejected, Expired or Cancelled (counted from when they ended: the decision,
      or their last change), each leaving an anonymous ErasedRegistration for the reports;
    - waiting-list entries whose offer expired, and every entry of an event that took place.
    Event by event, each in its own transaction; idempotent. Returns what was erased."""
    days = settings.PERSONAL_DATA_RETENTION_DAYS
    cutoff = timezone.now() - timedelta(days=days)
    ended_registrations = Q(registration_status__in=Registration.ENDED_STATUSES) & Q(
        pk__in=Registration.objects.annotate(ended_at=Coalesce("decided_at", "updated_at"))
        .filter(ended_at__lt=cutoff)
        .values("pk")
    )
    ended_entries = Q(status=WaitlistEntry.Status.EXPIRED, offer_expires_at__lt=cutoff) | Q(
        event__date__lt=timezone.localdate() - timedelta(days=days)
    )
    due = defaultdict(int)
    for event_id in Registration.objects.filter(ended_registrations).values_list("event_id", flat=True)[
        :batch_size
    ]:
        due[event_id] += 1
    for event_id in WaitlistEntry.objects.filter(ended_entries).values_list("event_id", flat=True)[
        :batch_size
    ]:
        due[event_id] += 1
    total = Erased()
    for event_id in sorted(due):
        with transaction.atomic(), audit_action("registration.erased"):  # one insert per event
            try:
                total.add(_erase_and_recount(event_id, ended_registrations, ended_entries, keep_tally=True))
            except NotFound:
                continue
    if total.registrations or total.waitlist_entries:
        logger.info(
            "Erased %s registrations and %s waiting-list entries past their retention",
            total.registrations,
            total.waitlist_entries,
        )
    return total.counts()
