"""Aggregate figures for the dashboard home and the reports (reads only, staff only)."""

from ninja import Query, Router

from services.core.api import ErrorOut

from . import selectors
from .schemas import ActivitiesOut, AttendanceOut, GrowthOut, ReportFilters, SummaryOut

router = Router(tags=["dashboard"])  # mounted at dashboard/
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
