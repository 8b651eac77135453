"""The public event reads as HTTP answers: JSON bytes from the shared cache (public_cache), an
ETag, and 304 when the browser already has them. A missing event answers the shared envelope."""

import dataclasses

from django.http import HttpResponse
from django.utils.translation import get_language

from services.core.errors import ApplicationError, envelope
from services.core.paging import paginate
from services.core.public_cache import json_bytes
from services.signed_videos.selectors import with_signed_videos

from . import public_cache, selectors
from .schemas import EventPageOut, event_detail_payload, event_payload


def _list_body():
    events = with_signed_videos(selectors.public_event_list(), "event")
    return json_bytes([event_payload(event) for event in events]), 200


def public_event_list_response(request) -> HttpResponse:
    return public_cache.response(request, "list", _list_body)


def public_event_list_cached() -> public_cache.CachedBody:
    """The same bytes as the list's answer (for the events page's HTML, page_data.py)."""
    return public_cache.cached("list", _list_body)


def public_past_event_page_response(request, *, page: int | None, page_size: int | None) -> HttpResponse:
    """One page of the archive (newest first), paged as the staff list is. Bad paging raises
    ValidationFailed before anything is cached (the API answers the envelope)."""

    def build():
        found = paginate(selectors.public_past_event_list(), page=page, page_size=page_size)
        found = dataclasses.replace(found, results=with_signed_videos(found.results, "event"))
        return json_bytes(EventPageOut.from_orm(found).model_dump(mode="json")), 200

    return public_cache.response(request, f"past:{page}:{page_size}", build)


def _detail(event_id: int):
    def build():
        try:
            event = with_signed_videos([selectors.public_event_get(event_id=event_id)], "event")[0]
            return json_bytes(event_detail_payload(event)), 200
        except ApplicationError as error:
            return envelope(error.status, error.message, code=error.code).content, error.status

    # The answer for a missing event is a message in the request's language: one entry per language.
    return f"detail:{event_id}:{get_language()}", build


def public_event_response(request, *, event_id: int) -> HttpResponse:
    return public_cache.response(request, *_detail(event_id))


def public_event_cached(event_id: int) -> public_cache.CachedBody:
    """The same bytes as one event's answer (for the event's pages' HTML, page_data.py)."""
    return public_cache.cached(*_detail(event_id))
