"""The requests' endpoints (docs/interpreting.md, Requests; docs/api.md): the public form, the
e-mailed links (cancel, accept, decline), the public summary; the staff's list, detail,
suggestions, offers, completed and unfilled, and the report; the member's own hours."""

from django.utils import timezone
from django.utils.translation import gettext as _
from ninja import Query, Router, Status

from services.core.api import ErrorOut
from services.core.challenge import challenge_required
from services.core.csv import csv_response
from services.core.errors import ValidationFailed
from services.core.throttling import ActionThrottle
from services.members.my_membership import member_auth

from . import report as reports
from . import requests as service
from . import selectors
from .models import InterpreterOffer, InterpreterRequest
from .request_schemas import (
    InterpreterLinkIn,
    InterpreterOfferAnsweredOut,
    InterpreterOffersIn,
    InterpreterRequestCancelledOut,
    InterpreterRequestFilters,
    InterpreterRequestIn,
    InterpreterRequestOut,
    InterpreterRequestPageOut,
    InterpreterRequestReceivedOut,
    InterpreterSuggestionOut,
    InterpreterUnfilledIn,
    InterpretingReportOut,
    InterpretingReportQuery,
    InterpretingSummaryOut,
    MyInterpretingOut,
)

public_router = Router(tags=["interpreting"])  # mounted at the root
router = Router(tags=["interpreting"])  # mounted at management/
my_router = Router(tags=["my membership"], auth=member_auth)  # mounted at my-membership/
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut}
LINK_ERRORS = {400: ErrorOut, 409: ErrorOut, 429: ErrorOut}
RequestStatus = InterpreterRequest.Status


# --- Public ----------------------------------------------------------------------------------


@public_router.post(
    "interpreter-requests/",
    auth=None,
    response={201: InterpreterRequestReceivedOut, 400: ErrorOut, 429: ErrorOut},
    throttle=[ActionThrottle("interpreter_request")],
    summary="Ask for an interpreter (answers the request's reference)",
)
@challenge_required
def request_create(request, payload: InterpreterRequestIn):
    made = service.request_submit(payload.dict())
    message = _(
        "Thank you. Your request %(reference)s has been received. We will look for an interpreter and "
        "tell you who is coming, or if we cannot find one."
    ) % {"reference": made.reference}
    return Status(
        201,
        {
            "reference": made.reference,
            "urgent": made.urgent,
            "interpreters_needed": made.interpreters_needed,
            "message": message,
        },
    )


@public_router.post(
    "interpreter-requests/cancel/",
    auth=None,
    response={200: InterpreterRequestCancelledOut, **LINK_ERRORS},
    throttle=[ActionThrottle("interpreter_link")],
    summary="Cancel a request (the token of the link in the requester's e-mails)",
)
def request_cancel(request, payload: InterpreterLinkIn):
    cancelled = service.request_cancel(token=payload.token)
    return {
        "reference": cancelled.reference,
        "status": cancelled.status,
        "message": _("Your request %(reference)s is cancelled.") % {"reference": cancelled.reference},
    }


def _answered(offer: InterpreterOffer) -> dict:
    messages = {
        InterpreterOffer.Status.ACCEPTED: _(
            "Thank you: the assignment is yours. The details are in your e-mail."
        ),
        InterpreterOffer.Status.DECLINED: _("Thank you: you have declined this offer."),
    }
    return {
        "status": offer.status,
        "date": offer.request.date,
        "start_time": offer.request.start_time,
        "message": messages.get(offer.status, ""),
    }


@public_router.post(
    "interpreter-offers/accept/",
    auth=None,
    response={200: InterpreterOfferAnsweredOut, **LINK_ERRORS},
    throttle=[ActionThrottle("interpreter_link")],
    summary="Accept an offer (the token of the offer e-mail); 409 offer_filled once it is filled",
)
def offer_accept(request, payload: InterpreterLinkIn):
    return _answered(service.offer_answer(token=payload.token, accept=True))


@public_router.post(
    "interpreter-offers/decline/",
    auth=None,
    response={200: InterpreterOfferAnsweredOut, **LINK_ERRORS},
    throttle=[ActionThrottle("interpreter_link")],
    summary="Decline an offer (the token of the offer e-mail)",
)
def offer_decline(request, payload: InterpreterLinkIn):
    return _answered(service.offer_answer(token=payload.token, accept=False))


@public_router.get(
    "interpreting/summary/",
    auth=None,
    response={200: InterpretingSummaryOut},
    summary="Requests this year and last, filled and not (counts only)",
)
def summary(request):
    return reports.summary()


# --- Staff -----------------------------------------------------------------------------------


def _status_filter(value: str | None) -> str | None:
    if value in (None, ""):
        return None
    wanted = value.strip().casefold()
    if wanted not in RequestStatus.values:
        raise ValidationFailed(_("Unknown status."), fields={"status": _("Not one of the allowed values.")})
    return wanted


@router.get(
    "interpreter-requests/",
    response={200: InterpreterRequestPageOut, **ERRORS},
    summary="Interpreter requests by status (?status=), urgent ones first, in pages",
)
def request_list(request, filters: Query[InterpreterRequestFilters]):
    status = _status_filter(filters.status)
    return selectors.requests_page(status=status, page=filters.page, page_size=filters.page_size)


@router.get(
    "interpreter-requests/{int:request_id}/",
    response={200: InterpreterRequestOut, **ERRORS},
    summary="One request",
)
def request_detail(request, request_id: int):
    return selectors.request_detail(request_id)


@router.get(
    "interpreter-requests/{int:request_id}/suggestions/",
    response={200: list[InterpreterSuggestionOut], **ERRORS},
    summary="Interpreters who serve the request's languages, district and setting and are free then",
)
def request_suggestions(request, request_id: int):
    found = service.request_get(request_id)
    return [
        {
            "member_id": profile.member_id,
            "profile_id": profile.pk,
            "member_name": profile.member.full_name,
            "display_name": profile.display_name,
            "listed": bool(profile.listed and profile.consent_at and not profile.hidden_at),
            "preferred": profile.pk == found.preferred_interpreter_id,
            "sign_languages": profile.sign_languages,
            "spoken_languages": profile.spoken_languages,
            "districts": profile.districts,
            "settings": profile.settings,
            "certification_level": profile.certification_level,
            "offer_status": profile.offer_status,
        }
        for profile in service.suggestions(found)
    ]


@router.post(
    "interpreter-requests/{int:request_id}/offers/",
    response={200: InterpreterRequestOut, **ERRORS},
    summary="Offer the request to suggested interpreters (each gets Accept / Decline links)",
)
def request_offer(request, request_id: int, payload: InterpreterOffersIn):
    service.offers_make(request_id=request_id, member_ids=payload.member_ids, by=request.auth)
    return selectors.request_detail(request_id)


@router.post(
    "interpreter-requests/{int:request_id}/complete/",
    response={200: InterpreterRequestOut, **ERRORS},
    summary="Mark an assigned request completed, after its date (the interpreters' hours recorded)",
)
def request_complete(request, request_id: int):
    service.request_complete(request_id=request_id)
    return selectors.request_detail(request_id)


@router.post(
    "interpreter-requests/{int:request_id}/unfilled/",
    response={200: InterpreterRequestOut, **ERRORS},
    summary="Mark a request unfilled, with the reason (any time)",
)
def request_unfilled(request, request_id: int, payload: InterpreterUnfilledIn):
    service.request_unfilled(request_id=request_id, reason=payload.reason)
    return selectors.request_detail(request_id)


@router.get(
    "interpreting/report/",
    response={200: InterpretingReportOut, **ERRORS},
    openapi_extra={"responses": {200: {"description": "JSON, or CSV with ?format=csv"}}},
    summary="Requests of a year (?year=) by month, setting and district; ?format=csv for the file",
)
def interpreting_report(request, query: Query[InterpretingReportQuery]):
    year = query.year or timezone.localdate().year
    if not 2000 <= year <= 2100:
        raise ValidationFailed(
            _("Please give a year from 2000 to 2100."), fields={"year": _("Out of range.")}
        )
    if query.format not in (None, "", "json", "csv"):
        raise ValidationFailed(_("Unknown format."), fields={"format": _("Not one of the allowed values.")})
    data = reports.report(year=year)
    if query.format == "csv":
        return csv_response(
            reports.REPORT_CSV_HEADER, reports.report_csv_rows(data), filename=f"interpreting-{year}.csv"
        )
    return data


# --- The member's own ------------------------------------------------------------------------


@my_router.get(
    "interpreting/",
    response={200: MyInterpretingOut, 401: ErrorOut},
    summary="The member's interpreting hours per year and assignments (apart from CPD)",
)
def my_interpreting(request):
    return selectors.my_interpreting(request.auth)
