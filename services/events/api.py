import json

from django.http import HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema, Status

from services.accounts.auth import staff_auth
from services.core.api import ErrorOut
from services.core.errors import ApplicationError

from . import public_cache, selectors, services
from .models import Event
from .schemas import EventIn, EventOut, EventPageOut, StatusIn, event_payload

router = Router(tags=["events"])
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut}


class EventFilters(Schema):
    include_all: bool = False  # SPEC §7 sends it; staff always see every status
    status: str | None = None
    search: str | None = None
    ordering: str | None = None  # title, date or created_at; "-" for descending
    page: int | None = None
    page_size: int | None = None


def published_only(request):
    """SPEC §6: `GET management/events/?status=Published` needs no token."""
    return "public" if request.GET.get("status") == Event.Status.PUBLISHED else None


def _json(data) -> bytes:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()


def _cached_response(request, name: str, build) -> HttpResponse:
    entry = public_cache.cached(name, build)
    if entry.status == 200 and entry.etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(entry.body, status=entry.status, content_type="application/json")
    response["ETag"] = entry.etag
    response["Cache-Control"] = "no-cache"  # revalidate each time; a 304 costs almost nothing
    return response


def _public_list(request) -> HttpResponse:
    def build():
        return _json([event_payload(event) for event in selectors.public_event_list()]), 200

    return _cached_response(request, "list", build)


@router.get("public-events/", auth=None, response={200: list[EventOut]}, summary="Upcoming published events")
def public_events(request):
    return _public_list(request)


@router.get(
    "public-events/{int:event_id}/",
    auth=None,
    response={200: EventOut, 404: ErrorOut},
    summary="One published or completed event",
)
def public_event(request, event_id: int):
    def build():
        try:
            return _json(event_payload(selectors.public_event_get(event_id=event_id))), 200
        except ApplicationError as error:
            return _json({"detail": error.message, "code": error.code}), error.status

    return _cached_response(request, f"detail:{event_id}", build)


@router.get(
    "events/",
    auth=[staff_auth, published_only],
    response={200: list[EventOut] | EventPageOut, **ERRORS},
    summary="Events for staff (search, filter, sort, page); ?status=Published is public",
)
def event_list(request, filters: Query[EventFilters]):
    if request.auth == "public":
        return _public_list(request)
    events = selectors.event_list(search=filters.search, status=filters.status, ordering=filters.ordering)
    if filters.page is None and filters.page_size is None:
        return list(events)
    return selectors.paginate(events, page=filters.page, page_size=filters.page_size)


@router.post("events/", response={201: EventOut, **ERRORS}, summary="Create an event")
def event_create(request, payload: EventIn):
    event = services.event_create(data=payload.dict(exclude_unset=True), by=request.auth)
    return Status(201, selectors.event_get(event_id=event.pk))


@router.get(
    "events/my-events/", response={200: list[EventOut], **ERRORS}, summary="Events the caller created"
)
def my_events(request):
    return list(selectors.event_list(created_by=request.auth))


@router.get("events/{int:event_id}/", response={200: EventOut, **ERRORS}, summary="One event, any status")
def event_detail(request, event_id: int):
    return selectors.event_get(event_id=event_id)


@router.put("events/{int:event_id}/", response={200: EventOut, **ERRORS}, summary="Update an event")
def event_update(request, event_id: int, payload: EventIn):
    event = get_object_or_404(Event, pk=event_id)
    services.event_update(event=event, data=payload.dict(exclude_unset=True))
    return selectors.event_get(event_id=event_id)


@router.delete("events/{int:event_id}/", response={200: dict, **ERRORS}, summary="Delete an event")
def event_delete(request, event_id: int):
    event = get_object_or_404(Event, pk=event_id)
    services.event_delete(event=event)
    return {"message": _("Event deleted.")}


@router.post(
    "events/{int:event_id}/change-status/",
    response={200: EventOut, **ERRORS},
    summary="Set any of the four statuses",
)
def event_change_status(request, event_id: int, payload: StatusIn):
    event = get_object_or_404(Event, pk=event_id)
    services.event_change_status(event=event, status=payload.status)
    return selectors.event_get(event_id=event_id)
