"""Request ids in every log line, and the error envelope for anything under /api/ that
Django itself would answer with an HTML page (unknown methods, CSRF, oversized bodies, crashes)."""

import contextvars
import logging
import re
import uuid
from functools import partial

from .errors import (
    DATABASE_UNAVAILABLE,
    envelope,
    forbidden_characters_envelope,
    service_unavailable_envelope,
)
from .text import FORBIDDEN_MESSAGE, has_forbidden_characters

logger = logging.getLogger("services.api")
request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
_SAFE_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id_var.get()
        return True


class RequestIdMiddleware:
    """Takes the proxy's X-Request-ID when it looks sane, otherwise makes one."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        incoming = request.headers.get("X-Request-ID", "")
        request.request_id = incoming if _SAFE_ID.match(incoming) else uuid.uuid4().hex
        token = request_id_var.set(request.request_id)
        try:
            response = self.get_response(request)
        finally:
            request_id_var.reset(token)
        response["X-Request-ID"] = request.request_id
        return response


def is_api_path(path: str) -> bool:
    return path == "/api" or path.startswith("/api/")


def _forbidden_in_url(request) -> dict[str, str]:
    fields = {
        name: str(FORBIDDEN_MESSAGE)
        for name, values in request.GET.lists()
        if has_forbidden_characters(name) or any(has_forbidden_characters(value) for value in values)
    }
    if has_forbidden_characters(request.path):
        fields["path"] = str(FORBIDDEN_MESSAGE)
    return fields


class ApiErrorEnvelopeMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if is_api_path(request.path) and (fields := _forbidden_in_url(request)):
            # A NUL in a search box must not reach the database (PostgreSQL refuses it with a 500).
            return forbidden_characters_envelope(fields)
        response = self.get_response(request)
        if (
            is_api_path(request.path)
            and response.status_code >= 400
            and not response.get("Content-Type", "").startswith("application/json")
        ):
            replacement = self._replacement(request, response.status_code)
            for header in ("Allow", "Retry-After", "WWW-Authenticate"):
                if header in response:
                    replacement[header] = response[header]
            return replacement
        return response

    def process_exception(self, request, exception):
        if not is_api_path(request.path):
            return None
        if isinstance(exception, DATABASE_UNAVAILABLE):
            logger.error("Database unavailable on %s %s: %r", request.method, request.path, exception)
            return service_unavailable_envelope()
        logger.exception("Unhandled error on %s %s", request.method, request.path)
        return envelope(500, request_id=getattr(request, "request_id", request_id_var.get()))

    @staticmethod
    def _replacement(request, status):
        if status >= 500:
            return envelope(status, request_id=getattr(request, "request_id", "-"))
        return envelope(status)


# Django reads form and multipart bodies only for POST; staff replace resources with a multipart PUT.
BODY_METHODS_BEYOND_POST = {"PUT", "PATCH", "DELETE"}


def _load_as_post(request) -> None:
    method = request.method
    request.method = request.META["REQUEST_METHOD"] = "POST"
    try:
        type(request)._load_post_and_files(request)
    finally:
        request.method = request.META["REQUEST_METHOD"] = method


def deferred_request_files_middleware(get_response):
    """What ninja's fix_request_files_middleware does (request.POST and FILES for PUT, PATCH and
    DELETE), but when an operation first asks for them instead of before any view runs. ninja
    asks only after authentication, so an anonymous caller's oversized, broken or overfull body
    answers 401 like any other, not 400 or 413: nothing of it is read before the caller is known."""

    def middleware(request):
        if request.method in BODY_METHODS_BEYOND_POST and request.content_type != "application/json":
            request._load_post_and_files = partial(_load_as_post, request)
        return get_response(request)

    return middleware
