"""The requests' endpoints (docs/interpreting.md, Requests; docs/api.md): the public form, the
e-mailed links (cancel, accept, decline), the public summary; the staff's list, detail,
suggestions, offers, completed and unfilled, and the report; the member's own hours."""

from collections import defaultdict
from decimal import Decimal

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from ninja import Query, Router, Status

from services.core.api import ErrorOut
from services.core.challenge import challenge_required
from services.core.csv import csv_response
from services.core.errors import ValidationFailed
from services.core.paging import paginate
from services.core.throttling import ActionThrottle
from services.members.my_membership import member_auth

from . import report as reports
from . import requests as service
from .models import InterpreterOffer, InterpreterRequest, InterpretingHours
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
PAGE_SIZES = (10, 20, 50)
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


def _with_accepted(queryset):
    return queryset.annotate(
        accepted=Count("offers", filter=Q(offers__status=InterpreterOffer.Status.ACCEPTED))
    )


@router.get(
    "interpreter-requests/",
    response={200: InterpreterRequestPageOut, **ERRORS},
    summary="Interpreter requests by status (?status=), urgent ones first, in pages",
)
def request_list(request, filters: Query[InterpreterRequestFilters]):
    status = _status_filter(filters.status)
    rows = _with_accepted(InterpreterRequest.objects.all())
    if status:
        rows = rows.filter(status=status)
    page = paginate(
        rows.order_by("-urgent", "date", "start_time", "pk"),
        page=filters.page,
        page_size=filters.page_size,
        sizes=PAGE_SIZES,
    )
    counts = dict.fromkeys(RequestStatus.values, 0)
    counts.update(
        InterpreterRequest.objects.values_list("status")
        .annotate(n=Count("pk"))
        .order_by()
        .values_list("status", "n")
    )
    return {**page.__dict__, "counts": counts}


def _detail(request_id: int) -> dict:
    found = (
        _with_accepted(InterpreterRequest.objects.select_related("preferred_interpreter"))
        .filter(pk=request_id)
        .first()
    )
    if found is None:
        service.request_get(request_id)  # the 404
    offers = [
        {
            "id": offer.pk,
            "member_id": offer.member_id,
            "member_name": offer.member.full_name,
            "display_name": getattr(getattr(offer.member, "interpreter_profile", None), "display_name", ""),
            "status": offer.status,
            "offered_at": offer.offered_at,
            "expires_at": offer.expires_at,
            "answered_at": offer.answered_at,
        }
        for offer in found.offers.select_related("member__interpreter_profile")
    ]
    preferred = found.preferred_interpreter
    return {
        **{
            field.attname: getattr(found, field.attname) for field in InterpreterRequest._meta.concrete_fields
        },
        "accepted": found.accepted,
        "preferred_interpreter_name": preferred.display_name if preferred else "",
        "offers": offers,
    }


@router.get(
    "interpreter-requests/{int:request_id}/",
    response={200: InterpreterRequestOut, **ERRORS},
    summary="One request",
)
def request_detail(request, request_id: int):
    return _detail(request_id)


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
    return _detail(request_id)


@router.post(
    "interpreter-requests/{int:request_id}/complete/",
    response={200: InterpreterRequestOut, **ERRORS},
    summary="Mark an assigned request completed, after its date (the interpreters' hours recorded)",
)
def request_complete(request, request_id: int):
    service.request_complete(request_id=request_id)
    return _detail(request_id)


@router.post(
    "interpreter-requests/{int:request_id}/unfilled/",
    response={200: InterpreterRequestOut, **ERRORS},
    summary="Mark a request unfilled, with the reason (any time)",
)
def request_unfilled(request, request_id: int, payload: InterpreterUnfilledIn):
    service.request_unfilled(request_id=request_id, reason=payload.reason)
    return _detail(request_id)


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
    member = request.auth
    hours = {row.request_id: row for row in InterpretingHours.objects.filter(member=member)}
    years: dict[int, list] = defaultdict(lambda: [0, 0])
    for row in hours.values():
        years[row.date.year][0] += row.minutes
        years[row.date.year][1] += 1
    assignments = [
        {
            "date": offer.request.date,
            "start_time": offer.request.start_time,
            "duration_minutes": offer.request.duration_minutes,
            "mode": offer.request.mode,
            "district": offer.request.district,
            "setting": offer.request.setting,
            "status": offer.request.status,
            "hours": float(Decimal(hours[offer.request_id].minutes) / 60)
            if offer.request_id in hours
            else None,
        }
        for offer in service.my_assignments(member)[:100]
    ]
    return {
        "years": [
            {"year": year, "hours": round(minutes / 60, 2), "assignments": count}
            for year, (minutes, count) in sorted(years.items(), reverse=True)
        ],
        "assignments": assignments,
    }
