"""What every router shares: the error schema, the JSON-only parser and the exception
handlers that turn every failure into the one envelope of DESIGN §3."""

import datetime
import functools
import logging
from typing import Any

import orjson
from django.conf import settings
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Router, Schema
from ninja.errors import AuthenticationError, AuthorizationError, HttpError, Throttled, ValidationError
from ninja.parser import Parser
from ninja.renderers import JSONRenderer
from ninja.responses import NinjaJSONEncoder

from .challenge import challenge_issue
from .errors import (
    DATABASE_UNAVAILABLE,
    ApplicationError,
    envelope,
    forbidden_characters_envelope,
    service_unavailable_envelope,
)
from .middleware import request_id_var
from .text import forbidden_character_fields
from .throttling import ActionThrottle

logger = logging.getLogger("services.api")


class ErrorOut(Schema):
    detail: str
    code: str
    fields: dict[str, str] | None = None


class MessageOut(Schema):
    message: str


class ChallengeParametersOut(Schema):
    """ALTCHA v2's names: the browser's library reads them as they are, and the signature covers them."""

    algorithm: str
    nonce: str
    salt: str
    cost: int
    keyLength: int
    keyPrefix: str
    keySignature: str
    expiresAt: int


class ChallengeOut(Schema):
    parameters: ChallengeParametersOut
    signature: str


class UnsupportedMediaType(Exception):
    def __init__(self, content_type: str, detail: str | None = None):
        super().__init__(content_type)
        self.detail = detail


class NotAnObject(Exception):
    """A JSON body that is not an object (`[null]`, `false`, `1`, `"x"`): no operation takes one."""


class ForbiddenCharacters(Exception):
    def __init__(self, fields: dict[str, str]):
        super().__init__(", ".join(fields))
        self.fields = fields


FORM_CONTENT_TYPES = {"multipart/form-data", "application/x-www-form-urlencoded"}


class JsonParser(Parser):
    """Bodies must be JSON; a form post or plain text is answered 415, not parsed by luck."""

    def parse_body(self, request: HttpRequest):
        content_type = request.content_type or ""
        if content_type and content_type != "application/json" and not content_type.endswith("+json"):
            raise UnsupportedMediaType(content_type)
        data = super().parse_body(request)
        if not isinstance(data, dict):
            raise NotAnObject()
        # One check for every endpoint, before any schema or service sees the text.
        if fields := forbidden_character_fields(data):
            raise ForbiddenCharacters(fields)
        return data

    def parse_querydict(self, data, list_fields, request: HttpRequest):
        """Form fields (the multipart uploads) and query strings: the same text rule as JSON."""
        if data is getattr(request, "_post", None) and request.content_type not in FORM_CONTENT_TYPES:
            # A JSON body sent to a form endpoint would read as an empty form: say what is expected.
            raise UnsupportedMediaType(
                request.content_type, _("The request body must be multipart/form-data.")
            )
        values = super().parse_querydict(data, list_fields, request)
        texts = {name: value for name, value in values.items() if isinstance(value, str | list)}
        if fields := forbidden_character_fields(texts):
            raise ForbiddenCharacters(fields)
        return values


def _field_message(error: dict[str, Any]) -> str:
    kind = error.get("type", "")
    messages = {
        "missing": _("This field is required."),
        "string_type": _("Must be text."),
        "string_too_long": _("This value is too long."),
        "string_too_short": _("This value is too short."),
        "int_type": _("Must be a whole number."),
        "int_parsing": _("Must be a whole number."),
        "int_from_float": _("Must be a whole number."),
        "float_type": _("Must be a number."),
        "float_parsing": _("Must be a number."),
        "decimal_parsing": _("Must be a number."),
        "bool_type": _("Must be true or false."),
        "bool_parsing": _("Must be true or false."),
        "date_parsing": _("Must be a date (YYYY-MM-DD)."),
        "date_from_datetime_parsing": _("Must be a date (YYYY-MM-DD)."),
        "time_parsing": _("Must be a time (HH:MM)."),
        "list_type": _("Must be a list."),
        "dict_type": _("Must be an object."),
        "model_attributes_type": _("Must be an object."),
        "enum": _("Not one of the allowed values."),
        "literal_error": _("Not one of the allowed values."),
        "greater_than_equal": _("This value is too small."),
        "less_than_equal": _("This value is too large."),
    }
    return str(messages.get(kind, _("This value is invalid.")))


def _field_name(loc: list[Any]) -> str:
    parts = [str(part) for part in loc]
    if parts and parts[0] == "body" and len(parts) > 2:
        parts = parts[2:]  # drop "body" and the payload parameter's own name
    elif parts and parts[0] in {"body", "query", "path", "header", "cookie", "form"} and len(parts) > 1:
        parts = parts[1:]
    return ".".join(parts) or "body"


def validation_envelope(errors: list[dict[str, Any]]):
    fields: dict[str, str] = {}
    for error in errors:
        fields.setdefault(_field_name(error.get("loc", [])), _field_message(error))
    detail = _("Please correct these fields: %(fields)s.") % {"fields": ", ".join(fields)}
    return envelope(400, detail, code="validation_error", fields=fields)


def docs_access(view):
    """The interactive API docs and their OpenAPI document: open to anyone when API_DOCS_PUBLIC
    is set (the embedded default), otherwise only to staff signed in to the Django admin."""
    protected = staff_member_required(view)

    def docs_view(request, *args, **kwargs):
        return (view if settings.API_DOCS_PUBLIC else protected)(request, *args, **kwargs)

    return docs_view


# What orjson leaves to Python, answered as ninja's encoder (DjangoJSONEncoder) answers it:
# dates and times in Django's form (milliseconds, "Z" for UTC), decimals and lazy texts as text,
# pydantic models dumped. UUIDs and the rest orjson writes as the standard encoder does.
_ninja_default = NinjaJSONEncoder().default
_ORJSON_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS


def _json_default(value: Any) -> Any:
    """Moments and dates first, as DjangoJSONEncoder writes them: ninja's encoder checks four
    other kinds (pydantic's models and URLs, addresses, enums) before it, for each of a page's
    dates."""
    if isinstance(value, datetime.datetime):
        text = value.isoformat()
        if value.microsecond:
            text = text[:23] + text[26:]
        return text[:-6] + "Z" if text.endswith("+00:00") else text
    if isinstance(value, datetime.date):
        return value.isoformat()
    return _ninja_default(value)


class ApiJSONRenderer(JSONRenderer):
    """The API's JSON through orjson: the same values as ninja's renderer (json.dumps with its
    encoder), written compactly, other scripts as UTF-8 rather than escaped. Encoding a page of ten
    members with the standard library cost a fifth of the list's CPU (issue 26,
    docs/benchmarks.md)."""

    def render(self, request: HttpRequest, data: Any, *, response_status: int) -> bytes:
        return orjson.dumps(data, default=_json_default, option=_ORJSON_OPTIONS)


# The API's renderer (services/api.py).
_RENDERER = ApiJSONRenderer()


def rendered(request: HttpRequest, body: Any, *, status: int = 200) -> HttpResponse:
    """A body already in its schema's shape, answered as the API renders a validated one but
    without the validation: for a list's page of database rows, where validating and building
    the models cost more CPU than the queries (issue 26, docs/benchmarks.md)."""
    return HttpResponse(
        _RENDERER.render(request, body, response_status=status),
        status=status,
        content_type=f"{_RENDERER.media_type}; charset={_RENDERER.charset}",
    )


def _staff_answers_never_stored(run):
    """Around every operation's run: what an operation that needs the staff token answers (its
    data and its errors alike, the 401 and 403 included), and any answer to a request a staff
    token was recognised on (`request.auth`, e.g. the staff reading of the events list), must not
    be kept by a browser or a proxy after the session ends. Public answers keep their own."""
    operation = run.__self__

    @functools.wraps(run)
    def run_and_mark(request, *args, **kwargs):
        response = run(request, *args, **kwargs)
        if operation.auth_callbacks or getattr(request, "auth", None) is not None:
            patch_cache_control(response, no_store=True, private=True)
        return response

    return run_and_mark


def install_staff_cache_control(api: NinjaAPI) -> None:
    api.add_decorator(_staff_answers_never_stored, mode="view")


def install_error_handlers(api: NinjaAPI) -> None:
    def on_application_error(request, exc: ApplicationError):
        return envelope(exc.status, exc.message, code=exc.code, fields=exc.fields, **exc.extra)

    def on_validation_error(request, exc: ValidationError):
        return validation_envelope(exc.errors)

    def on_throttled(request, exc: Throttled):
        response = envelope(429)
        if exc.wait:
            response["Retry-After"] = str(int(exc.wait) + 1)
        return response

    def on_http_error(request, exc: HttpError):
        if isinstance(exc, AuthenticationError):
            return envelope(401)
        if isinstance(exc, AuthorizationError):
            return envelope(403)
        if exc.status_code == 400 and str(exc).startswith("Cannot parse request body"):
            if isinstance(exc.__cause__, UnsupportedMediaType):
                return on_unsupported_media_type(request, exc.__cause__)
            if isinstance(exc.__cause__, ForbiddenCharacters):
                return forbidden_characters_envelope(exc.__cause__.fields)
            if isinstance(exc.__cause__, NotAnObject):
                return validation_envelope([{"loc": ["body"], "type": "dict_type"}])
            return envelope(400, _("The request body is not valid JSON."), code="malformed_json")
        return envelope(exc.status_code)

    def on_unsupported_media_type(request, exc: UnsupportedMediaType):
        return envelope(415, exc.detail)

    def on_forbidden_characters(request, exc: ForbiddenCharacters):
        return forbidden_characters_envelope(exc.fields)

    def on_bad_request(request, exc):
        # A broken multipart body, too many fields or files: the client's fault, never a 500.
        return envelope(400)

    def on_not_found(request, exc):
        return envelope(404)

    def on_too_big(request, exc):
        return envelope(413)

    def on_database_unavailable(request, exc: Exception):
        logger.error("Database unavailable on %s %s: %r", request.method, request.path, exc)
        return service_unavailable_envelope()

    def on_unexpected(request, exc: Exception):
        logger.error("Unhandled error on %s %s", request.method, request.path, exc_info=exc)
        return envelope(500, request_id=getattr(request, "request_id", request_id_var.get()))

    api.add_exception_handler(ApplicationError, on_application_error)
    api.add_exception_handler(ValidationError, on_validation_error)
    api.add_exception_handler(Throttled, on_throttled)
    api.add_exception_handler(HttpError, on_http_error)
    api.add_exception_handler(Http404, on_not_found)
    api.add_exception_handler(RequestDataTooBig, on_too_big)
    api.add_exception_handler(UnsupportedMediaType, on_unsupported_media_type)
    api.add_exception_handler(ForbiddenCharacters, on_forbidden_characters)
    api.add_exception_handler(MultiPartParserError, on_bad_request)
    api.add_exception_handler(SuspiciousOperation, on_bad_request)
    for database_error in DATABASE_UNAVAILABLE:
        api.add_exception_handler(database_error, on_database_unavailable)
    api.add_exception_handler(Exception, on_unexpected)


router = Router(tags=["challenge"])


@router.get(
    "challenge/",
    auth=None,
    response={200: ChallengeOut, 429: ErrorOut},
    throttle=[ActionThrottle("challenge")],
    summary="A bot challenge for the public forms (solved in the browser, sent in X-Altcha)",
)
def challenge(request, response: HttpResponse):
    response["Cache-Control"] = "no-store"  # each one is for one submission
    return challenge_issue()
