"""What the published OpenAPI document says beyond each operation's own `response={...}`: the
error statuses every operation can answer, added in one place, and the clock-time and date types.

An operation declares its data answers and the errors of its own rules (409, 410, ...). The
errors the shared machinery answers are added here, so the document lists them everywhere:

- 400: every operation (a control character in the path or query is refused by
  `ApiErrorEnvelopeMiddleware` before any view; bad input answers `validation_error`);
- 401 and 403: every operation that needs the staff token;
- 404: every operation with path parameters (an id that does not exist);
- 413 and 415: every operation with a request body (too large, not JSON / not a form);
- 429: every throttled operation.
"""

import re
from collections.abc import Iterable
from datetime import date, time
from http import HTTPStatus
from typing import Annotated, Any, Literal

from django.db import models
from ninja import NinjaAPI
from ninja.openapi.schema import OpenAPISchema
from pydantic import BeforeValidator, PlainSerializer, WithJsonSchema

from .api import ErrorOut

# A time of day as the API answers it ("10:00:00") and accepts it ("10:00"). OpenAPI's
# `format: time` is RFC 3339's full-time, which needs a UTC offset the API never sends, so the
# document says what the text looks like instead. Every schema with a time of day uses this.
CLOCK_TIME_PATTERN = r"^\d{2}:\d{2}(:\d{2})?$"
ClockTime = Annotated[
    time,
    PlainSerializer(lambda value: value.strftime("%H:%M:%S"), return_type=str, when_used="always"),
    WithJsonSchema({"type": "string", "pattern": CLOCK_TIME_PATTERN, "examples": ["10:00:00"]}),
]


# A day as the API accepts it in a query: "2026-03-03" only (pydantic alone also reads a number as a
# Unix time, which nobody types for a date).
ISO_DATE_PATTERN = r"^\d{4}-\d{2}-\d{2}$"


def _iso_date_text(value: Any) -> Any:
    if not isinstance(value, date) and not (isinstance(value, str) and re.fullmatch(ISO_DATE_PATTERN, value)):
        raise ValueError("Enter a date as YYYY-MM-DD.")
    return value


IsoDate = Annotated[date, BeforeValidator(_iso_date_text)]


def one_of(*sources: type[models.TextChoices] | Iterable[str] | str) -> Any:
    """The `Literal` of the values a field is always filled from, for an answer's schema: the
    document then lists them as an enum. Each source is a model's TextChoices class (its values,
    so the one list stays on the model), a sequence of values, or one value (e.g. "" for blank).
    Values keep their order, each once."""
    values: list[str] = []
    for source in sources:
        if isinstance(source, str):
            values.append(source)
        elif isinstance(source, type) and issubclass(source, models.Choices):
            values.extend(source.values)
        else:
            values.extend(source)
    return Literal[tuple(dict.fromkeys(values))]


def counts_by(*sources: type[models.TextChoices] | Iterable[str] | str) -> Any:
    """A `dict[value, int]` whose keys are some of the values (as `one_of`): the document says
    an object with those optional integer properties and no others."""
    key = one_of(*sources)
    properties = {value: {"type": "integer"} for value in key.__args__}
    return Annotated[
        dict[key, int],
        WithJsonSchema({"type": "object", "properties": properties, "additionalProperties": False}),
    ]


class ErrorsDocumentedSchema(OpenAPISchema):
    def operation_details(self, operation) -> dict[str, Any]:
        result = super().operation_details(operation)
        statuses = [400]
        if operation.auth_callbacks:
            statuses += [401, 403]
        if any(parameter.get("in") == "path" for parameter in result.get("parameters", [])):
            statuses.append(404)
        if "requestBody" in result:
            statuses += [413, 415]
        if operation.throttle_objects:
            statuses.append(429)
        responses = result["responses"]
        missing = [status for status in statuses if status not in responses]
        if missing:
            schema = self._create_schema_from_model(ErrorOut, by_alias=True, mode="serialization")[0]
            for status in missing:
                responses[status] = {
                    "description": HTTPStatus(status).phrase,
                    "content": {self.api.renderer.media_type: {"schema": schema}},
                }
        result["responses"] = dict(sorted(responses.items(), key=lambda item: int(item[0])))
        return result


class DocumentedNinjaAPI(NinjaAPI):
    """The project's NinjaAPI: its OpenAPI document lists the shared error statuses (above)."""

    def get_openapi_schema(self, *, path_prefix: str | None = None, path_params: dict | None = None):
        if path_prefix is None:
            path_prefix = self.get_root_path(path_params or {})
        return ErrorsDocumentedSchema(api=self, path_prefix=path_prefix)
