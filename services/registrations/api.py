from typing import Literal

from django.conf import settings
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from ninja import Query, Router, Status

from services.core.api import ErrorOut, MessageOut, rendered
from services.core.challenge import challenge_required
from services.core.errors import ApplicationError
from services.core.throttling import ActionThrottle

from . import checkins, decisions, erasure, exports, selectors, signup, tickets
from . import my_registration as links  # (the module: `my_registration` names an endpoint here)
from .invite import registration_invite
from .models import Registration
from .payment import is_free, payment_details
from .schemas import (
    AccessIn,
    AttendanceOut,
    BulkIn,
    BulkOut,
    CheckinListOut,
    CheckinsOut,
    DecisionIn,
    DecisionOut,
    EventRegistrationsOut,
    MyAccessOut,
    OfferCheckIn,
    OfferCheckOut,
    OverviewFilters,
    OverviewOut,
    RegistrationAnswer,
    RegistrationFilters,
    RegistrationIn,
    RegistrationOut,
    ScanIn,
    TicketOut,
    WaitlistJoinAnswer,
    WaitlistOut,
)

router = Router(tags=["registrations"])  # mounted at management/
public_router = Router(tags=["registrations"])  # mounted at the root: /api/my-registration/
PUBLIC_ERRORS = {400: ErrorOut, 404: ErrorOut, 409: ErrorOut, 429: ErrorOut}
LINK_ERRORS = {400: ErrorOut, 404: ErrorOut, 409: ErrorOut, 410: ErrorOut, 429: ErrorOut}
STAFF_ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut}


def _how_to_pay(event, reference: str) -> dict:
    """The payment part of an answer: the same words as the e-mails (payment.py)."""
    details = payment_details(event, reference)
    return {
        "payment_info": {
            "status": details["payment_status"],
            "amount": details["amount"],
            "amount_text": details["amount_text"],
            "currency": details["currency"],
            "reference": reference,
            "methods": details["methods"],
            "demo": details["demo"],
        },
        "contact_info": {
            "message": details["contact_message"],
            "email": details["contact_email"],
            "phone": details["contact_phone"],
        },
        "next_steps": details["next_steps"],
    }


@router.post(
    "events/{int:event_id}/register/",
    auth=None,
    response={201: RegistrationAnswer, **PUBLIC_ERRORS},
    throttle=[ActionThrottle("registration")],
    summary="Register for a Published event (SPEC §7)",
)
@challenge_required
def register(request, event_id: int, payload: RegistrationIn):
    registration = signup.registration_submit(event_id=event_id, data=payload.dict())
    event = registration.event
    reference = registration.payment_reference
    answer = _how_to_pay(event, reference or "")
    # Rendered as it is (the answer is built in its schema's shape here, and the API's fuzz test
    # checks it against the schema): ninja's validation of it was 4% of a sign-up's CPU (issue 26).
    return rendered(
        request,
        {
            "registration": {
                "id": registration.pk,
                "event_id": event.pk,
                "event_title": event.title,
                "full_name": registration.full_name,
                "email": registration.email,
                "phone": registration.phone,
                "registration_status": registration.registration_status,
                "payment_reference": reference,
                "amount": answer["payment_info"]["amount"],
                "currency": answer["payment_info"]["currency"],
            },
            "payment_reference": reference,
            **answer,
            "confirm_minutes": settings.SIGNUP_CONFIRM_MINUTES,
            "confirmation": _confirm_message(),
        },
        status=201,
    )


def _confirm_message() -> str:
    minutes = settings.SIGNUP_CONFIRM_MINUTES
    return ngettext(
        "Open the e-mail we sent you within %(minutes)d minute to keep your place.",
        "Open the e-mail we sent you within %(minutes)d minutes to keep your place.",
        minutes,
    ) % {"minutes": minutes}


@router.post(
    "events/{int:event_id}/waitlist/",
    auth=None,
    response={201: WaitlistJoinAnswer, **PUBLIC_ERRORS},
    throttle=[ActionThrottle("waitlist")],
    summary="Join the waiting list of a full event",
)
@challenge_required
def waitlist_join(request, event_id: int, payload: RegistrationIn):
    entry = signup.waitlist_join(event_id=event_id, data=payload.dict())
    position = signup.waitlist_position(entry)
    return Status(
        201,
        {
            "waitlist_entry": {"id": entry.pk, "event_id": entry.event_id, "position": position},
            "message": _confirm_message(),
            "confirm_minutes": settings.SIGNUP_CONFIRM_MINUTES,
        },
    )


@router.post(
    "waitlist-offers/check/",
    auth=None,
    response={200: OfferCheckOut, 429: ErrorOut},
    throttle=[ActionThrottle("waitlist_offer")],
    summary="Is a waiting-list offer link still good?",
)
def waitlist_offer_check(request, payload: OfferCheckIn):
    entry = signup.waitlist_offer_check(token=payload.token)
    if entry is None:
        return {"valid": False}
    return {
        "valid": True,
        "event_id": entry.event_id,
        "expires_at": entry.offer_expires_at,
        "registrant": entry,
    }


@public_router.post(
    "my-registration/",
    auth=None,
    response={200: MyAccessOut, **LINK_ERRORS},
    throttle=[ActionThrottle("my_registration")],
    summary="Open the link of a first e-mail: confirms the address (and a free seat), answers",
)
def my_registration(request, payload: AccessIn):
    return _my_answer(links.registration_access(token=payload.token))


@public_router.post(
    "my-registration/cancel/",
    auth=None,
    response={200: MyAccessOut, **LINK_ERRORS},
    throttle=[ActionThrottle("my_registration_cancel")],
    summary="Cancel one's own registration or waiting-list place through the e-mailed link",
)
def my_registration_cancel(request, payload: AccessIn):
    return _my_answer(links.registration_cancel_by_token(token=payload.token))


def _my_answer(access: links.Access) -> dict:
    if access.entry is not None:
        entry = access.entry
        return {
            "kind": "waitlist",
            "confirmed_now": access.confirmed_now,
            "message": _my_waitlist_message(entry),
            "waitlist_entry": {
                "id": entry.pk,
                "event": entry.event,
                "full_name": entry.full_name,
                "status": entry.status,
                "email_confirmed": entry.email_confirmed_at is not None,
                "position": signup.waitlist_position(entry),
            },
        }
    registration = access.registration
    return {
        "kind": "registration",
        "confirmed_now": access.confirmed_now,
        "message": _my_registration_message(registration),
        "registration": {
            "id": registration.pk,
            "event": registration.event,
            "free": is_free(registration.event),
            "full_name": registration.full_name,
            "registration_status": registration.registration_status,
            "payment_reference": registration.payment_reference,
            "email_confirmed": registration.email_confirmed_at is not None,
            "payment_due_at": registration.payment_due_at,
            "ended_reason": registration.ended_reason,
            "status_reason": registration.status_reason,
        },
        **_how_to_pay(registration.event, registration.payment_reference or ""),
    }


def _my_registration_message(registration: Registration) -> str:
    status = Registration.Status
    if registration.registration_status == status.PENDING:
        return _("Your e-mail address is confirmed and your seat is held. Please pay to confirm it.")
    if registration.registration_status == status.APPROVED:
        return _("Your seat is confirmed. See you at the event!")
    if registration.registration_status == status.EXPIRED:
        if registration.ended_reason == Registration.EndedReason.PAYMENT_DEADLINE:
            return _("The payment did not arrive in time, so this seat was released.")
        return _("This link was not opened in time, so the seat was released. You can register again.")
    if registration.registration_status == status.CANCELLED:
        if registration.ended_reason == Registration.EndedReason.BY_REGISTRANT:
            return _("You cancelled this registration. Your seat went to somebody else.")
        if registration.ended_reason == Registration.EndedReason.EVENT_CANCELLED:
            return _("This event was cancelled, so this registration has ended.")
        return _("This registration was cancelled.")
    return _("This registration could not be confirmed.")


def _my_waitlist_message(entry) -> str:
    if entry.status == entry.Status.EXPIRED and entry.event.status == entry.event.Status.CANCELLED:
        return _("This event was cancelled, so the waiting list has ended.")
    if entry.status == entry.Status.WAITING and entry.email_confirmed_at is not None:
        return _("Your place on the waiting list is confirmed. We will e-mail you when a seat frees up.")
    if entry.status == entry.Status.OFFERED:
        return _("A seat is waiting for you: open the link of our most recent e-mail to register.")
    if entry.status == entry.Status.CLAIMED:
        return _("You took the seat we offered you. See you at the event!")
    if entry.status == entry.Status.CANCELLED:
        return _("You left the waiting list.")
    return _("This link was not opened in time, so the place on the waiting list was released.")


@router.get(
    "registrations/overview/",
    response={200: OverviewOut, **STAFF_ERRORS},
    summary="Every event with its registration counts (the overview's cards and tabs)",
)
def registrations_overview(request, filters: Query[OverviewFilters]):
    page, status_counts = selectors.overview(
        status=filters.status, page=filters.page, page_size=filters.page_size
    )
    return {
        "results": page.results,
        "count": page.count,
        "page": page.page,
        "page_size": page.page_size,
        "total_pages": page.total_pages,
        "status_counts": status_counts,
    }


@router.get(
    "events/{int:event_id}/registrations/",
    response={200: EventRegistrationsOut, **STAFF_ERRORS},
    summary="An event's registrations and counters (SPEC §3)",
)
def event_registrations(request, event_id: int, filters: Query[RegistrationFilters]):
    event = selectors.event_or_404(event_id)
    seats, ended = selectors.event_seats(event)
    registrations = selectors.registration_list(event=event, search=filters.search, status=filters.status)
    body = {
        "event": event,
        "total_registrations": seats.total,
        "pending_registrations": seats.pending,
        "approved_registrations": seats.approved,
        "rejected_registrations": ended[Registration.Status.REJECTED],
        "expired_registrations": ended[Registration.Status.EXPIRED],
        "cancelled_registrations": ended[Registration.Status.CANCELLED],
        "maximum_attendees": event.maximum_attendees,
        "available_seats": seats.available,
        "open_seats": seats.open,
        "waitlist_count": seats.waiting,
        "checked_in_registrations": selectors.checked_in_count(event),
        "access_needs": selectors.access_needs(event),
    }
    if filters.page is None and filters.page_size is None:
        return {**body, "registrations": list(registrations)}
    page = selectors.registrations_page(registrations, page=filters.page, page_size=filters.page_size)
    return {
        **body,
        "registrations": page.results,
        "count": page.count,
        "page": page.page,
        "page_size": page.page_size,
        "total_pages": page.total_pages,
    }


@router.get(
    "events/{int:event_id}/registrations/export/",
    response={200: None, **STAFF_ERRORS},
    summary="An event's registrations as CSV (UTF-8 with BOM)",
)
def event_registrations_export(request, event_id: int, filters: Query[RegistrationFilters]):
    event = selectors.event_or_404(event_id)
    registrations = selectors.registration_list(event=event, search=filters.search, status=filters.status)
    return exports.registrations_csv_response(event, registrations)


@router.get(
    "events/{int:event_id}/waitlist/",
    response={200: WaitlistOut, **STAFF_ERRORS},
    summary="An event's waiting list, oldest first",
)
def event_waitlist(request, event_id: int):
    entries = selectors.waitlist(selectors.event_or_404(event_id))
    return {"results": entries, "waiting": sum(1 for entry in entries if entry.position is not None)}


def _decided(status: str) -> str:
    if status == Registration.Status.APPROVED:
        return _("Registration approved successfully")
    if status == Registration.Status.CANCELLED:
        return _("Registration cancelled successfully")
    return _("Registration rejected successfully")


@router.post(
    "registrations/{int:registration_id}/update-status/",
    response={200: DecisionOut, **STAFF_ERRORS},
    summary="Approve with the payment details (SPEC §5), reject or cancel",
)
def update_status(request, registration_id: int, payload: DecisionIn):
    registration = decisions.registration_decide(
        registration_id=registration_id, data=payload.dict(), by=request.auth
    )
    return {"registration": registration, "message": _decided(registration.registration_status)}


@router.post(
    "events/{int:event_id}/registrations/bulk/",
    response={200: BulkOut, **STAFF_ERRORS},
    summary="Reject or cancel many registrations of an event at once",
)
def registrations_bulk(request, event_id: int, payload: BulkIn):
    result = decisions.registrations_bulk_decide(event_id=event_id, data=payload.dict(), by=request.auth)
    count = len(result.updated)
    if payload.action == "cancel":
        message = ngettext(
            "%(count)d registration cancelled.", "%(count)d registrations cancelled.", count
        ) % {"count": count}
    else:
        message = ngettext("%(count)d registration rejected.", "%(count)d registrations rejected.", count) % {
            "count": count
        }
    return {"updated": result.updated, "skipped": result.skipped, "message": message}


@router.get(
    "registrations/{int:registration_id}/",
    response={200: RegistrationOut, **STAFF_ERRORS},
    summary="One registration with the person's details (each opening is recorded in the audit trail)",
)
def registration_detail(request, registration_id: int):
    return selectors.registration_detail(registration_id=registration_id)


@router.delete(
    "registrations/{int:registration_id}/",
    response={200: MessageOut, **STAFF_ERRORS},
    summary="Erase a registration and the e-mails about it; its seat goes to the waiting list",
)
def registration_erase(request, registration_id: int):
    erasure.registration_erase(registration_id=registration_id)
    return {"message": _("Registration erased.")}


@router.delete(
    "waitlist/{int:entry_id}/",
    response={200: MessageOut, **STAFF_ERRORS},
    summary="Erase a waiting-list entry and the e-mails about it",
)
def waitlist_entry_erase(request, entry_id: int):
    erasure.waitlist_entry_erase(entry_id=entry_id)
    return {"message": _("Waiting-list entry erased.")}


# --- Tickets and check-in (docs/registrations.md) ----------------------------------------------


@public_router.get(
    "tickets/{code}/",
    auth=None,
    response={200: TicketOut, 404: ErrorOut, 429: ErrorOut},
    throttle=[ActionThrottle("ticket")],
    summary="A ticket by its code: the event, the holder, the seat's status, the check-in",
)
def ticket(request, code: str, response: HttpResponse):
    response["Cache-Control"] = "no-store"  # a person's name and seat
    return tickets.ticket_answer(code)


@public_router.get(
    "tickets/{code}/calendar.ics",
    auth=None,
    response={200: None, 404: ErrorOut, 429: ErrorOut},
    throttle=[ActionThrottle("ticket")],
    openapi_extra={"responses": {200: {"description": "iCalendar", "content": {"text/calendar": {}}}}},
    summary="A ticket's calendar invite (.ics): the one its confirmation e-mail carries",
)
def ticket_calendar(request, code: str):
    registration = tickets.ticket_detail(code=code).registration
    # The e-mail's invite, with its UID: adding it again updates the same calendar entry.
    response = HttpResponse(registration_invite(registration), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{registration.event_id}.ics"'
    response["Cache-Control"] = "no-store"
    return response


@router.get(
    "events/{int:event_id}/checkin-list/",
    response={200: CheckinListOut, **STAFF_ERRORS},
    summary="Every ticket of an event as the door's devices keep it offline (hashes, no codes)",
)
def checkin_list(request, event_id: int):
    event = selectors.event_or_404(event_id)
    return {
        "event_id": event.pk,
        "generated_at": timezone.now(),
        "max_scans": checkins.MAX_SCANS,
        "entries": selectors.checkin_list(event),
    }


_SCANS_BODY = {
    "content": {
        "application/json": {
            "schema": {
                "type": "array",
                "maxItems": checkins.MAX_SCANS,
                "items": ScanIn.model_json_schema(),
            }
        }
    },
    "required": True,
}


def _json_only(request) -> None:
    content_type = request.content_type or ""
    if content_type != "application/json" and not content_type.endswith("+json"):
        raise ApplicationError(_("The request body must be JSON."), code="unsupported_media_type", status=415)


@router.post(
    "events/{int:event_id}/checkins/",
    response={200: CheckinsOut, **STAFF_ERRORS, 413: ErrorOut, 415: ErrorOut},
    openapi_extra={"requestBody": _SCANS_BODY},
    summary="A device's scans (a JSON list of {code, nonce, scanned_at, device}): the answers in order",
)
def checkins_sync(request, event_id: int):
    _json_only(request)  # as the API's parser does for every other body
    results = checkins.checkins_sync(event_id=event_id, body=request.body, by=request.auth)
    return {"results": results}


@router.delete(
    "events/{int:event_id}/checkins/{code}/",
    response={200: MessageOut, **STAFF_ERRORS},
    summary="Undo a ticket's check-in (recorded with who and when); its next scan checks it in again",
)
def checkin_undo(request, event_id: int, code: str):
    checkins.checkin_undo(event_id=event_id, code=code, by=request.auth)
    return {"message": _("Check-in undone.")}


@router.get(
    "events/{int:event_id}/attendance/",
    response={200: AttendanceOut, **STAFF_ERRORS},
    summary="Who was checked in at the door (JSON, or CSV with format=csv)",
)
def attendance(request, event_id: int, format: Literal["json", "csv"] = "json"):
    event = selectors.event_or_404(event_id)
    confirmed, check_ins = selectors.attendance(event)
    if format == "csv":
        return exports.attendance_csv_response(event, check_ins)
    return {
        "event_id": event.pk,
        "confirmed": confirmed,
        "checked_in": len(check_ins),
        "results": [
            {
                "registration_id": check_in.ticket.registration_id,
                "full_name": check_in.ticket.registration.full_name,
                "reference": check_in.ticket.registration.payment_reference,
                "status": check_in.ticket.registration.registration_status,
                "checked_in_at": check_in.scanned_at,
                "device": check_in.device,
                "checked_in_by": (check_in.by.get_full_name() or check_in.by.get_username())
                if check_in.by
                else None,
            }
            for check_in in check_ins
        ],
    }
