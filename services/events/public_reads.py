"""The public event reads as HTTP answers: JSON bytes from the shared cache (public_cache), an
ETag, and 304 when the browser already has them. A missing event answers the shared envelope."""

import json

from django.http import HttpResponse, HttpResponseNotModified
from django.utils.translation import get_language

from services.core.errors import ApplicationError, envelope

from . import public_cache, selectors
from .schemas import event_payload


def _json(data) -> bytes:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()


def _answer(request, name: str, build) -> HttpResponse:
    entry = public_cache.cached(name, build)
    if entry.status == 200 and entry.etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(entry.body, status=entry.status, content_type="application/json")
    response["ETag"] = entry.etag
    response["Cache-Control"] = "no-cache"  # revalidate each time; a 304 costs almost nothing
    return response


def public_event_list_response(request) -> HttpResponse:
    def build():
        return _json([event_payload(event) for event in selectors.public_event_list()]), 200

    return _answer(request, "list", build)


def public_event_response(request, *, event_id: int) -> HttpResponse:
    def build():
        try:
            return _json(event_payload(selectors.public_event_get(event_id=event_id))), 200
        except ApplicationError as error:
            return envelope(error.status, error.message, code=error.code).content, error.status

    # The answer for a missing event is a message in the request's language: one entry per language.
    return _answer(request, f"detail:{event_id}:{get_language()}", build)
