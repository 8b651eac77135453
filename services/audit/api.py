"""The audit trail for staff: read only (no route here or anywhere changes an entry)."""

from django.utils.translation import gettext as _
from ninja import Query, Router

from services.core.api import ErrorOut
from services.core.csv import csv_cell, csv_response
from services.core.errors import ValidationFailed

from . import selectors
from .schemas import ActivityFacetsOut, ActivityFilters, ActivityOut, ActivityPageOut

router = Router(tags=["activity"])  # mounted at management/
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut}
CSV_ROWS_MAX = 50_000  # a download of more asks the staff to narrow the dates


@router.get(
    "activity/",
    response={200: ActivityPageOut, **ERRORS},
    summary="Who did what: the audit trail, filtered and paged (?format=csv for a file)",
)
def activity_list(request, filters: Query[ActivityFilters], format: str | None = None):
    queryset = selectors.activity_list(**filters.dict(exclude={"page", "page_size"}))
    # A record's own History tab (one object) shows its values; the list across records masks them.
    masked = filters.object_type is None or filters.object_id is None
    if format == "csv":
        return _csv(queryset, masked=masked)
    if format not in (None, "", "json"):
        raise ValidationFailed(_("Unknown format."), fields={"format": _("Not one of the allowed values.")})
    page = selectors.activity_page(queryset, page=filters.page, page_size=filters.page_size)
    return {
        "results": [ActivityOut.of(entry, masked=masked) for entry in page.results],
        "count": page.count,
        "page": page.page,
        "page_size": page.page_size,
        "total_pages": page.total_pages,
    }


@router.get("activity/facets/", response={200: ActivityFacetsOut, **ERRORS}, summary="The filters' choices")
def activity_facets(request):
    return selectors.activity_facets()


def _csv(queryset, *, masked: bool):
    if queryset.count() > CSV_ROWS_MAX:
        raise ValidationFailed(
            _("More than %(n)s entries: choose a shorter date range.") % {"n": CSV_ROWS_MAX},
            fields={"since": _("Too many entries for one file.")},
        )
    header = [
        _("When"),
        _("Who"),
        _("Client address"),
        _("Action"),
        _("Object"),
        _("Id"),
        _("Label"),
        _("Changes"),
    ]
    rows = (_row(ActivityOut.of(entry, masked=masked)) for entry in queryset.iterator(chunk_size=500))
    return csv_response(header, rows, filename="activity.csv")


def _row(entry: dict) -> list:
    actor = entry["actor"]
    who = actor if isinstance(actor, str) else actor["name"] or actor["username"]
    changes = "; ".join(
        f"{name}: {values['before']} → {values['after']}" for name, values in entry["changes"].items()
    )
    return [
        entry["at"].isoformat(),
        csv_cell(who),
        entry["client_ip"] or "",
        entry["action"],
        entry["object_type"],
        entry["object_id"] if entry["object_id"] is not None else "",
        csv_cell(entry["object_label"]),
        csv_cell(changes),
    ]
