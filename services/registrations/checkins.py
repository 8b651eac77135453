"""Check-in at the door (docs/registrations.md, Tickets and check-in). Devices scan offline and
send their scans in batches; the database decides: a ticket's first check-in the server receives
wins (one row per ticket, its unique key settles two devices syncing at once), every other scan
of it stays an attempt, and a nonce sent again gets the answer it got the first time."""

import json
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.db.models.functions import Substr
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from services.audit.recording import audit_action, audit_record
from services.core.codes import CODE_MAX, code_hash
from services.core.errors import ApplicationError, Conflict, NotFound, ValidationFailed
from services.core.text import has_forbidden_characters
from services.events.models import Event
from services.outbox.services import publish

from .domain_events import CheckInsRecorded, CheckInUndone
from .models import CheckIn, Registration, ScanAttempt, Ticket
from .tickets import code_from_scan, ticket_find

# At most this many scans in one request (a larger queue is sent in several): 500 scans are about
# 100 KB of JSON, well under the API's 256 KiB body limit.
MAX_SCANS = 500
# A device's clock may be a little ahead; a scan dated later than this is refused.
FUTURE_TOLERANCE = timedelta(minutes=5)
# What a scanner may send at most: the QR's address, or a code (longer is no ticket of ours).
SCAN_MAX = 512
NONCE_MAX = 64
DEVICE_MAX = 64
# A ticket found by name, phone or reference has no code on the device: the scan names it by the
# check-in list's hash of its code (16 hex digits), which only staff's list carries.
LIST_HASH = re.compile(r"[0-9a-f]{16}")

CHECKED_IN = ScanAttempt.Result.CHECKED_IN.value
ALREADY = ScanAttempt.Result.ALREADY_CHECKED_IN.value
REFUSED = ScanAttempt.Result.REFUSED.value

# Why a scan is refused (the door's screen words them).
STATUS_REFUSALS = {
    Registration.Status.PENDING: "not_confirmed",
    Registration.Status.EXPIRED: "not_confirmed",
    Registration.Status.REJECTED: "rejected",
    Registration.Status.CANCELLED: "cancelled",
}


@dataclass
class Scan:
    nonce: str | None
    code_hash: str = ""
    list_hash: str = ""  # a ticket found by search: the list's short hash, not a code
    scanned_at: datetime | None = None
    device: str = ""
    result: str = ""
    reason: str = ""
    ticket: Ticket | None = None
    checked_in_at: datetime | None = None
    checked_in_device: str = ""
    stored: bool = False  # the answer of an earlier request with this nonce

    def answer(self) -> dict[str, Any]:
        return {
            "nonce": self.nonce,
            "result": self.result,
            "reason": self.reason or None,
            "checked_in_at": self.checked_in_at,
            "device": self.checked_in_device or None,
        }


def _text(value: Any, limit: int) -> str | None:
    if not isinstance(value, str) or not value or len(value) > limit or has_forbidden_characters(value):
        return None
    return value


def _clean(item: Any, now: datetime) -> Scan:
    """One scan as sent; a bad one is refused alone, with the reason."""
    if not isinstance(item, dict):
        return Scan(nonce=None, result=REFUSED, reason="invalid_scan")
    nonce = _text(item.get("nonce"), NONCE_MAX)
    scan = Scan(nonce=nonce)
    if nonce is None:
        scan.result, scan.reason = REFUSED, "invalid_nonce"
        return scan
    device = _text(item.get("device"), DEVICE_MAX)
    if device is None:
        scan.result, scan.reason = REFUSED, "invalid_device"
        return scan
    scan.device = device
    raw_time = item.get("scanned_at")
    try:
        scanned_at = parse_datetime(raw_time) if isinstance(raw_time, str) else None
    except ValueError:
        scanned_at = None
    if scanned_at is None or timezone.is_naive(scanned_at):
        scan.result, scan.reason = REFUSED, "invalid_scanned_at"
        return scan
    scan.scanned_at = scanned_at
    listed = item.get("ticket")
    if "code" not in item and isinstance(listed, str) and LIST_HASH.fullmatch(listed):
        if scanned_at > now + FUTURE_TOLERANCE:
            scan.result, scan.reason = REFUSED, "future_scan"
            return scan
        scan.list_hash = listed
        return scan
    code = item.get("code")
    if isinstance(code, str) and len(code) <= SCAN_MAX:
        code = code_from_scan(code)  # the QR holds the ticket page's address
    if not isinstance(code, str) or not code or len(code) > CODE_MAX:
        scan.result, scan.reason = REFUSED, "not_a_ticket"
        return scan
    if scanned_at > now + FUTURE_TOLERANCE:
        scan.result, scan.reason = REFUSED, "future_scan"
        return scan
    scan.code_hash = code_hash(code)
    return scan


def _replay(scan: Scan, attempt: ScanAttempt) -> None:
    scan.result, scan.reason = attempt.result, attempt.reason
    scan.checked_in_at, scan.checked_in_device = attempt.checked_in_at, attempt.checked_in_device
    scan.stored = True


def _scans(body: bytes) -> list[Any]:
    """The body: a JSON list. Read here, not by the API's parser (which takes objects and refuses
    a whole body for one bad character), so that a bad scan is refused alone."""
    try:
        scans = json.loads(body)
    except ValueError:  # UnicodeDecodeError and JSONDecodeError (a raw control character too)
        raise ApplicationError(_("The request body is not valid JSON."), code="malformed_json") from None
    if not isinstance(scans, list):
        raise ValidationFailed(
            _("Please correct these fields: %(fields)s.") % {"fields": "body"},
            fields={"body": _("Must be a list.")},
        )
    if len(scans) > MAX_SCANS:
        raise ApplicationError(
            _("Send at most %(count)d scans at a time.") % {"count": MAX_SCANS},
            code="too_many_scans",
            status=413,
            extra={"max_scans": MAX_SCANS},
        )
    return scans


def checkins_sync(*, event_id: int, body: bytes, by) -> list[dict[str, Any]]:
    """The answers to a device's scans (`body`: the JSON list it sent), in the order sent. A fixed
    number of statements whatever the list holds: the earlier answers, the tickets, the check-ins
    written and read back, the attempts, and the audit entry."""
    event_status = Event.objects.filter(pk=event_id).values_list("status", flat=True).first()
    if event_status is None:  # 404 first, whatever the body
        raise NotFound(_("Not Found! The event you're looking for doesn't exist."))
    scans = _scans(body)
    now = timezone.now()
    items = [_clean(item, now) for item in scans]
    with transaction.atomic(), audit_action("event.check_ins_synced"):
        nonces = {scan.nonce for scan in items if scan.nonce and not scan.result}
        earlier = {
            attempt.nonce: attempt
            for attempt in ScanAttempt.objects.filter(event_id=event_id, nonce__in=nonces)
        }
        hashes = {scan.code_hash for scan in items if scan.code_hash and scan.nonce not in earlier}
        listed = {scan.list_hash for scan in items if scan.list_hash and scan.nonce not in earlier}
        wanted_tickets = Q(code_hash__in=hashes)
        if listed:  # only then: a plain lookup of codes keeps to the code_hash index
            wanted_tickets |= Q(registration__event_id=event_id, list_hash__in=listed)
        found = Ticket.objects.annotate(list_hash=Substr("code_hash", 1, 16)).filter(wanted_tickets)
        tickets: dict[str, Ticket] = {}
        for ticket in found.select_related("registration"):
            tickets[ticket.code_hash] = ticket
            tickets[ticket.list_hash] = ticket  # type: ignore[attr-defined]
        first_of_nonce: dict[str, Scan] = {}
        wanted: dict[int, CheckIn] = {}  # ticket id → the first scan of it in this batch
        for scan in items:
            if scan.result:
                continue
            if scan.nonce in earlier:
                _replay(scan, earlier[scan.nonce])
                continue
            if scan.nonce in first_of_nonce:
                continue  # the same scan twice in one batch: answered as the first (below)
            first_of_nonce[scan.nonce] = scan
            ticket = tickets.get(scan.code_hash or scan.list_hash)
            if ticket is None:
                scan.result, scan.reason = REFUSED, "not_a_ticket"
            elif ticket.registration.event_id != event_id:
                scan.result, scan.reason = REFUSED, "other_event"
            elif ticket.registration.registration_status != Registration.Status.APPROVED:
                scan.result, scan.reason = REFUSED, STATUS_REFUSALS[ticket.registration.registration_status]
            elif event_status == Event.Status.CANCELLED:  # the ticket page says so too
                scan.result, scan.reason = REFUSED, "event_cancelled"
            else:
                scan.ticket = ticket
                wanted.setdefault(
                    ticket.pk,
                    CheckIn(
                        ticket=ticket, scanned_at=scan.scanned_at, device=scan.device, nonce=scan.nonce, by=by
                    ),
                )
        # The unique key on the ticket decides: a row already there (or written by a sync running
        # now, once it commits) stays, and this one is dropped.
        # In the tickets' order, as every sync writes them: two syncs of the same tickets in
        # opposite orders would otherwise each wait for a row the other holds (a deadlock).
        CheckIn.objects.bulk_create([wanted[pk] for pk in sorted(wanted)], ignore_conflicts=True)
        winners = {
            check_in.ticket_id: check_in
            for check_in in CheckIn.objects.filter(ticket_id__in=list(wanted)).only(
                "ticket_id", "nonce", "scanned_at", "device"
            )
        }
        new_check_ins = []
        for scan in first_of_nonce.values():
            if scan.ticket is None:
                continue
            winner = winners.get(scan.ticket.pk)
            if winner is None:  # undone between the write and the read: the device sends it again
                scan.result, scan.reason = REFUSED, "retry"
                continue
            scan.result = CHECKED_IN if winner.nonce == scan.nonce else ALREADY
            scan.checked_in_at, scan.checked_in_device = winner.scanned_at, winner.device
            if scan.result == CHECKED_IN:
                new_check_ins.append(scan.ticket.registration_id)
        for scan in items:  # a nonce repeated within the batch
            if not scan.result and scan.nonce in first_of_nonce:
                first = first_of_nonce[scan.nonce]
                scan.result, scan.reason = first.result, first.reason
                scan.checked_in_at, scan.checked_in_device = first.checked_in_at, first.checked_in_device
        attempts = [
            ScanAttempt(
                event_id=event_id,
                ticket=scan.ticket,
                nonce=scan.nonce,
                scanned_at=scan.scanned_at,
                device=scan.device,
                result=scan.result,
                reason=scan.reason,
                checked_in_at=scan.checked_in_at,
                checked_in_device=scan.checked_in_device,
                by=by,
            )
            for scan in first_of_nonce.values()
            if scan.reason != "retry"
        ]
        attempts += [
            ScanAttempt(
                event_id=event_id,
                nonce=scan.nonce,
                device=scan.device,
                result=REFUSED,
                reason=scan.reason,
                by=by,
            )
            for scan in items
            if scan.nonce
            and scan.device
            and scan.reason in ("future_scan", "not_a_ticket")
            and not scan.code_hash
            and first_of_nonce.get(scan.nonce) is not scan  # a list hash of no ticket: kept above
        ]
        attempts.sort(key=lambda attempt: attempt.nonce)  # the same order for every sync (above)
        ScanAttempt.objects.bulk_create(attempts, ignore_conflicts=True)
        if first_of_nonce:
            audit_record(
                "event.check_ins_synced",
                object_type="event",
                object_id=event_id,
                label=f"#{event_id}",
                changes={
                    "scans": len(first_of_nonce),
                    "checked_in": len(new_check_ins),
                    "refused": sum(1 for scan in first_of_nonce.values() if scan.result == REFUSED),
                },
                model=Event,
            )
        if new_check_ins:
            publish(CheckInsRecorded(event_id=event_id, registration_ids=new_check_ins))
    return [scan.answer() for scan in items]


def checkin_undo(*, event_id: int, code: str, by) -> Registration:
    """Staff undo a mistaken check-in: the row goes (the next scan checks the ticket in again),
    the audit trail keeps who undid which one and when."""
    with transaction.atomic(), audit_action("registration.check_in_undone"):
        if not Event.objects.filter(pk=event_id).exists():
            raise NotFound(_("Not Found! The event you're looking for doesn't exist."))
        if LIST_HASH.fullmatch(code):  # a ticket found by search (see LIST_HASH)
            ticket = (
                Ticket.objects.select_related("registration")
                .annotate(list_hash=Substr("code_hash", 1, 16))
                .filter(registration__event_id=event_id, list_hash=code)
                .first()
            )
        else:
            ticket = ticket_find(code)
        if ticket is None or ticket.registration.event_id != event_id:
            raise NotFound(_("This ticket was not found."), code="ticket_not_found")
        check_in = CheckIn.objects.select_for_update().filter(ticket=ticket).first()
        if check_in is None:
            raise Conflict(_("This ticket is not checked in."), code="not_checked_in")
        check_in.delete()
        registration = ticket.registration
        audit_record(
            "registration.check_in_undone",
            object_type="registration",
            object_id=registration.pk,
            label=registration.payment_reference or f"#{registration.pk}",
            changes={
                "checked_in_at": (check_in.scanned_at.isoformat(), None),
                "device": (check_in.device, None),
            },
            model=Registration,
        )
        publish(CheckInUndone(event_id=event_id, registration_id=registration.pk))
    return registration
