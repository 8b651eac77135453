"""The one error type services raise and the one envelope every API error answers with."""

from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import JsonResponse
from django.utils.translation import gettext_lazy as _

from .text import FORBIDDEN_MESSAGE

# Readable defaults per status, for errors raised without their own sentence.
STATUS_DEFAULTS: dict[int, tuple[str, Any]] = {
    400: ("bad_request", _("The request could not be understood.")),
    401: ("not_authenticated", _("Authentication credentials were not provided or are invalid.")),
    403: ("permission_denied", _("You do not have permission to perform this action.")),
    404: ("not_found", _("The requested resource was not found.")),
    405: ("method_not_allowed", _("This method is not allowed on this resource.")),
    409: ("conflict", _("The request conflicts with the current state of the resource.")),
    413: ("request_too_large", _("The request body is too large.")),
    415: ("unsupported_media_type", _("The request body must be JSON.")),
    429: ("throttled", _("Too many requests. Please try again later.")),
    500: ("server_error", _("Something went wrong on our side. Please try again later.")),
    503: ("service_unavailable", _("The service is temporarily unavailable.")),
}


class ApplicationError(Exception):
    """A rule of the domain was broken; the API answers `status` with this message."""

    status = 400
    code = "invalid"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        fields: dict[str, str] | None = None,
        status: int | None = None,
        extra: dict[str, Any] | None = None,
    ):
        super().__init__(message)
        self.message = str(message)
        self.code = code or self.code
        self.fields = fields or {}
        self.status = status or self.status
        self.extra = extra or {}  # further keys of the envelope, e.g. {"waitlist": true}


class ValidationFailed(ApplicationError):
    status = 400
    code = "validation_error"


class NotFound(ApplicationError):
    status = 404
    code = "not_found"


class Conflict(ApplicationError):
    status = 409
    code = "conflict"


def envelope(
    status: int,
    detail: str | None = None,
    *,
    code: str | None = None,
    fields: dict[str, str] | None = None,
    **extra: Any,
) -> JsonResponse:
    default_code, default_detail = STATUS_DEFAULTS.get(status, STATUS_DEFAULTS[400 if status < 500 else 500])
    body: dict[str, Any] = {"detail": str(detail or default_detail), "code": code or default_code}
    if fields:
        body["fields"] = {name: str(message) for name, message in fields.items()}
    body.update(extra)
    return JsonResponse(body, status=status)


def forbidden_characters_envelope(fields: dict[str, str]) -> JsonResponse:
    return envelope(400, FORBIDDEN_MESSAGE, code="forbidden_characters", fields=fields)


# The database cannot be reached or lost the connection (down, restarting, refusing, a network
# cut): the same request may work in a moment, so it is a 503, never a 500 with a stack trace.
DATABASE_UNAVAILABLE = (OperationalError, InterfaceError)


def service_unavailable_envelope() -> JsonResponse:
    return envelope(503)
