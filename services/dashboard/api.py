"""Aggregate figures for the dashboard home and the reports (reads only, staff only)."""

from django.utils import timezone
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema

from services.core.api import ErrorOut
from services.core.cpd import CPD_CATEGORIES
from services.core.csv import csv_cell, csv_response
from services.core.errors import ValidationFailed
from services.core.status_words import status_word
from services.members.cpd import hours_text

from . import selectors
from .payment_desk import payment_desk
from .schemas import (
    ActivitiesOut,
    AttendanceOut,
    GrowthOut,
    PaymentDeskFilters,
    PaymentDeskOut,
    ReportFilters,
    SummaryOut,
)

router = Router(tags=["dashboard"])  # mounted at dashboard/
reports_router = Router(tags=["dashboard"])  # mounted at management/
# Mounted at management/: the payment desk reads registrations and members, above both.
desk_router = Router(tags=["payment desk"])
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut}


@router.get("summary/", response={200: SummaryOut, **ERRORS}, summary="The dashboard home's figures")
def summary(request):
    return selectors.dashboard_summary_recent(SummaryOut.model_validate)


@router.get(
    "reports/attendance/", response={200: AttendanceOut, **ERRORS}, summary="Event attendance in a period"
)
def attendance_report(request, filters: Query[ReportFilters]):
    return selectors.attendance_report(period=filters.period, search=filters.search)


@router.get(
    "reports/activities/", response={200: ActivitiesOut, **ERRORS}, summary="Member activities in a period"
)
def activity_report(request, filters: Query[ReportFilters]):
    return selectors.activity_report(period=filters.period, search=filters.search)


@router.get("reports/growth/", response={200: GrowthOut, **ERRORS}, summary="Membership growth in a period")
def growth_report(request, filters: Query[ReportFilters]):
    return selectors.growth_report(period=filters.period, search=filters.search)


class CpdReportQuery(Schema):
    year: int | str | None = None  # empty: every year


def _report_year(value) -> int | None:
    if value in (None, ""):
        return None
    try:
        year = int(str(value))
    except ValueError:
        year = 0
    high = timezone.localdate().year + 1  # an event dated ahead may be credited early
    if not 2000 <= year <= high:
        message = _("Choose a year from %(low)d to %(high)d.") % {"low": 2000, "high": high}
        raise ValidationFailed(message, fields={"year": message})
    return year


@reports_router.get(
    "reports/cpd-hours.csv",
    response={200: None, **ERRORS},
    openapi_extra={"responses": {200: {"description": "CSV", "content": {"text/csv": {}}}}},
    summary="CPD hours per member per year (?year=, empty: every year), as CSV",
)
def cpd_hours_report(request, query: Query[CpdReportQuery]):
    year = _report_year(query.year)
    header = [
        _("Membership number"),
        _("Name"),
        _("Year"),
        _("CPD hours"),
        *(status_word("cpd_category", category) for category in CPD_CATEGORIES),
    ]
    rows = (
        [
            csv_cell(row["member__membership_number"] or f"#{row['member_id']}"),
            csv_cell(row["member__full_name"]),
            row["year"],
            hours_text(row["total"]),
            *(hours_text(row[f"category_{index}"]) for index in range(len(CPD_CATEGORIES))),
        ]
        for row in selectors.cpd_hours_rows(year=year)
    )
    filename = f"cpd-hours-{year}.csv" if year else "cpd-hours.csv"
    return csv_response(header, rows, filename=filename)


def _desk_row(row: dict) -> dict:
    registration = row["desk_kind"] == "registration"
    return {
        "kind": row["desk_kind"],
        "id": row["desk_row_id"],
        "reference": row["desk_reference"],
        "amount": float(row["desk_amount"]),
        "name": row["desk_name"],
        "email": row["desk_email"],
        "status": row["desk_status"],
        "event_id": row["desk_about_id"] if registration else None,
        "event_title": row["desk_about"] if registration else None,
        "member_id": None if registration else row["desk_about_id"],
        "membership_type": None if registration else row["desk_about"],
        "transaction_id": row["desk_transaction_id"],
        "payment_method": row["desk_payment_method"],
        "created_at": row["desk_created"],
    }


@desk_router.get(
    "payment-desk/",
    response={200: PaymentDeskOut, **ERRORS},
    summary="The payment desk: pending event payments and renewals together, search by reference",
)
def payment_desk_list(request, filters: Query[PaymentDeskFilters]):
    page = payment_desk(
        status=filters.status,
        kind=filters.kind,
        search=filters.search,
        page=filters.page,
        page_size=filters.page_size,
    )
    return {
        "count": page.count,
        "page": page.page,
        "page_size": page.page_size,
        "total_pages": page.total_pages,
        "results": [_desk_row(row) for row in page.results],
    }
