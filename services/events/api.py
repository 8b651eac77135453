from django.http import FileResponse
from django.utils.translation import gettext as _
from ninja import File, Form, Query, Router, Status, UploadedFile
from ninja.errors import AuthenticationError

from services.accounts.auth import staff_user_or_none
from services.core.api import ErrorOut
from services.core.errors import NotFound
from services.core.paging import paginate

from . import image_services, images, public_reads, selectors, services
from .models import Event
from .schemas import (
    EventDetailOut,
    EventFilters,
    EventImageIn,
    EventIn,
    EventOut,
    EventPageOut,
    PublicEventFilters,
    StatusIn,
)

router = Router(tags=["events"])
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut}


@router.get(
    "public-events/",
    auth=None,
    response={200: list[EventOut] | EventPageOut, 400: ErrorOut},
    summary="Upcoming published events, soonest first; ?when=past: the archive, newest first, paged",
)
def public_events(request, filters: Query[PublicEventFilters]):
    if filters.when == "past":
        return public_reads.public_past_event_page_response(
            request, page=filters.page, page_size=filters.page_size
        )
    return public_reads.public_event_list_response(request)


@router.get(
    "public-events/{int:event_id}/",
    auth=None,
    response={200: EventDetailOut, 404: ErrorOut},
    summary="One published, completed or cancelled event",
)
def public_event(request, event_id: int):
    return public_reads.public_event_response(request, event_id=event_id)


@router.get(
    "events/",
    auth=None,  # public for ?status=Published only (SPEC §6); staff for everything else
    response={200: list[EventOut] | EventPageOut, **ERRORS},
    summary="Events for staff (search, filter, sort, page); ?status=Published is public",
)
def event_list(request, filters: Query[EventFilters]):
    if staff_user_or_none(request) is None:
        if filters.status != Event.Status.PUBLISHED:
            raise AuthenticationError()
        return public_reads.public_event_list_response(request)
    events = selectors.event_list(search=filters.search, status=filters.status, ordering=filters.ordering)
    if filters.page is None and filters.page_size is None:
        return list(events)
    return paginate(events, page=filters.page, page_size=filters.page_size)


@router.post("events/", response={201: EventDetailOut, **ERRORS}, summary="Create an event")
def event_create(request, payload: EventIn):
    event = services.event_create(data=payload.dict(exclude_unset=True), by=request.auth)
    return Status(201, selectors.event_get(event_id=event.pk))


@router.get(
    "events/my-events/", response={200: list[EventOut], **ERRORS}, summary="Events the caller created"
)
def my_events(request):
    return list(selectors.event_list(created_by=request.auth))


@router.get(
    "events/{int:event_id}/", response={200: EventDetailOut, **ERRORS}, summary="One event, any status"
)
def event_detail(request, event_id: int):
    return selectors.event_get(event_id=event_id)


@router.put("events/{int:event_id}/", response={200: EventDetailOut, **ERRORS}, summary="Update an event")
def event_update(request, event_id: int, payload: EventIn):
    services.event_update(event_id=event_id, data=payload.dict(exclude_unset=True))
    return selectors.event_get(event_id=event_id)


@router.delete("events/{int:event_id}/", response={200: dict, **ERRORS}, summary="Delete an event")
def event_delete(request, event_id: int):
    services.event_delete(event_id=event_id)
    return {"message": _("Event deleted.")}


@router.post(
    "events/{int:event_id}/change-status/",
    response={200: EventDetailOut, **ERRORS},
    summary="Set any of the four statuses",
)
def event_change_status(request, event_id: int, payload: StatusIn):
    services.event_change_status(event_id=event_id, status=payload.status)
    return selectors.event_get(event_id=event_id)


@router.post(
    "events/{int:event_id}/image/",
    response={200: EventDetailOut, **ERRORS},
    summary="Upload or replace the event's picture, or change its description (multipart/form-data)",
)
def event_image_set(
    request, event_id: int, payload: Form[EventImageIn], image: File[UploadedFile | None] = None
):
    image_services.event_image_set(event_id=event_id, alt=payload.image_alt, upload=image)
    return selectors.event_get(event_id=event_id)


@router.delete(
    "events/{int:event_id}/image/",
    response={200: EventDetailOut, **ERRORS},
    summary="Remove the uploaded picture: the event shows its fixed picture again",
)
def event_image_remove(request, event_id: int):
    image_services.event_image_remove(event_id=event_id)
    return selectors.event_get(event_id=event_id)


# Served at /api/media/events/<event id>/<name> (services/api.py): the name is the hash of the
# file's bytes, so the answer never changes and browsers keep it for a year.
media_router = Router(tags=["events"])


@media_router.get(
    "events/{int:event_id}/{name}",
    auth=None,
    response={200: None, 404: ErrorOut},
    summary="A file of an event's uploaded picture (WebP)",
)
def event_image_file(request, event_id: int, name: str):
    path = images.path_of(event_id, name)
    if path is None:
        raise NotFound(_("This image does not exist."))
    response = FileResponse(path.open("rb"), content_type="image/webp")
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    return response
