"""The links of the e-mails: issuing them, and what opening one does (confirms the address, takes a
free seat, cancels one's own registration or waiting-list place)."""

import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from services.audit.recording import audit_action
from services.core.errors import ApplicationError
from services.events.models import Event
from services.notifications.links import fresh_link_for
from services.outbox.services import publish

from .capacity import (
    holds_seat,
    locked_event,
    offer_link,
    recompute_locked,
    token_hash,
    waiting_holds,
)
from .domain_events import (
    RegistrationApproved,
    RegistrationCancelled,
    RegistrationConfirmed,
    WaitlistConfirmed,
    WaitlistLeft,
)
from .models import Registration, WaitlistEntry
from .payment import is_free
from .signup import expire_registration, lapsed_reason, waitlist_expire
from .tickets import ticket_issue

# --- The link of the first e-mail -------------------------------------------------------------


def _issue_access(row, now) -> str | None:
    """A fresh link for a row whose first e-mail goes out now, which starts its hold; None when the
    row no longer waits for one (decided, expired, or unissued for too long). The hold only starts
    here, so taking no lock on the event is safe: nothing a hold keeps is freed by it."""
    token = secrets.token_urlsafe(32)
    row.access_token_hash = token_hash(token)
    if row.email_confirmed_at is None and row.hold_expires_at is None:
        row.hold_expires_at = now + timedelta(minutes=settings.SIGNUP_CONFIRM_MINUTES)
    # An UPDATE, not a save: the audit trail follows neither field, and a save would first read
    # the old row to compare (a statement per e-mail in a rush).
    type(row).objects.filter(pk=row.pk).update(
        access_token_hash=row.access_token_hash, hold_expires_at=row.hold_expires_at
    )
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
    with audit_action("waitlist_entry.offer_renewed"):
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
    with transaction.atomic(), audit_action("registration.confirmed"):  # one insert for what it did
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
        expire_registration(registration, lapsed_reason(registration, now), now)
        return False
    registration.email_confirmed_at = now
    with audit_action("registration.confirmed"):
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
    with audit_action("registration.approved"):  # by the visitor's own confirmation
        registration.save()
    ticket_issue(registration)
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
        waitlist_expire(entry)
        return False
    entry.email_confirmed_at = now
    with audit_action("waitlist_entry.confirmed"):
        entry.save(update_fields=["email_confirmed_at"])
    # Counted from now on: a seat already free is offered to it by the recomputation.
    publish(WaitlistConfirmed(entry_id=entry.pk, event_id=entry.event_id))
    return True


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
    with transaction.atomic(), audit_action("registration.cancelled"):  # one insert, offers included
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
            with audit_action("registration.cancelled"):  # by the registrant (the actor: the visitor)
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
            with audit_action("waitlist_entry.cancelled"):
                entry.save(update_fields=["status", "offer_token_hash"])
            publish(WaitlistLeft(entry_id=entry.pk, event_id=event.pk))
        # At once, not when the worker comes: the seat (or an offer it held) goes to the next one.
        recompute_locked(event)
    if registration is not None:
        return Access(registration=Registration.objects.select_related("event").get(pk=registration.pk))
    return Access(entry=WaitlistEntry.objects.select_related("event").get(pk=entry.pk))
