from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from ninja import Query, Router, Status

from services.core.api import ErrorOut, MessageOut
from services.core.throttling import ActionThrottle

from . import erasure, exports, selectors, services
from .models import Registration
from .payment import payment_details
from .schemas import (
    DecisionIn,
    DecisionOut,
    EventRegistrationsOut,
    OfferCheckIn,
    OfferCheckOut,
    OverviewFilters,
    OverviewOut,
    RegistrationAnswer,
    RegistrationFilters,
    RegistrationIn,
    WaitlistJoinAnswer,
    WaitlistOut,
)

router = Router(tags=["registrations"])
PUBLIC_ERRORS = {400: ErrorOut, 404: ErrorOut, 409: ErrorOut, 422: ErrorOut, 429: ErrorOut}
STAFF_ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut, 422: ErrorOut}


@router.post(
    "events/{int:event_id}/register/",
    auth=None,
    response={201: RegistrationAnswer, **PUBLIC_ERRORS},
    throttle=[ActionThrottle("registration")],
    summary="Register for a Published event (SPEC §7)",
)
def register(request, event_id: int, payload: RegistrationIn):
    registration = services.registration_submit(event_id=event_id, data=payload.dict())
    event = registration.event
    reference = registration.payment_reference
    details = payment_details(event, reference)
    return Status(
        201,
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
                "amount": details["amount"],
                "currency": details["currency"],
            },
            "payment_reference": reference,
            "payment_info": {
                "status": details["payment_status"],
                "amount": details["amount"],
                "amount_text": details["amount_text"],
                "currency": details["currency"],
                "reference": reference,
                "methods": details["methods"],
            },
            "contact_info": {
                "message": details["contact_message"],
                "email": details["contact_email"],
                "phone": details["contact_phone"],
            },
            "next_steps": details["next_steps"],
        },
    )


@router.post(
    "events/{int:event_id}/waitlist/",
    auth=None,
    response={201: WaitlistJoinAnswer, **PUBLIC_ERRORS},
    throttle=[ActionThrottle("waitlist")],
    summary="Join the waiting list of a full event",
)
def waitlist_join(request, event_id: int, payload: RegistrationIn):
    entry = services.waitlist_join(event_id=event_id, data=payload.dict())
    position = services.waitlist_position(entry)
    return Status(
        201,
        {
            "waitlist_entry": {"id": entry.pk, "event_id": entry.event_id, "position": position},
            "message": _(
                "You are number %(position)d on the waiting list. When a seat frees up we will e-mail "
                "you a link to register."
            )
            % {"position": position or 1},
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
    entry = services.waitlist_offer_check(token=payload.token)
    if entry is None:
        return {"valid": False}
    return {
        "valid": True,
        "event_id": entry.event_id,
        "expires_at": entry.offer_expires_at,
        "registrant": entry,
    }


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
    seats, rejected = selectors.event_seats(event)
    registrations = selectors.registration_list(event=event, search=filters.search, status=filters.status)
    body = {
        "event": event,
        "total_registrations": seats.total,
        "pending_registrations": seats.pending,
        "approved_registrations": seats.approved,
        "rejected_registrations": rejected,
        "maximum_attendees": event.maximum_attendees,
        "available_seats": None if seats.maximum is None else max(0, seats.maximum - seats.approved),
        "open_seats": seats.open,
        "waitlist_count": seats.waiting,
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


@router.post(
    "registrations/{int:registration_id}/update-status/",
    response={200: DecisionOut, **STAFF_ERRORS},
    summary="Approve or reject with the payment details (SPEC §5)",
)
def update_status(request, registration_id: int, payload: DecisionIn):
    get_object_or_404(Registration, pk=registration_id)
    registration = services.registration_decide(
        registration_id=registration_id, data=payload.dict(), by=request.auth
    )
    approved = registration.registration_status == Registration.Status.APPROVED
    registration = selectors.registration_list(event=registration.event).get(pk=registration.pk)
    return {
        "registration": registration,
        "message": _("Registration approved successfully")
        if approved
        else _("Registration rejected successfully"),
    }


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
