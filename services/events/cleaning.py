"""The event form's cleaning and validation rules (SPEC §3, §5), applied by the services so that
every client gets them: split and trim speakers, drop blank agenda and FAQ rows, drop empty
social links, fall back to the first image, and the limits that keep bad input out."""

from datetime import date, time
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.utils.translation import gettext as _

from services.core.cpd import category_problem, hours_problem
from services.core.errors import ValidationFailed
from services.core.text import email_address_problem

from .models import ACCESS_INFO_MAX, EVENT_IMAGE_IDS, LATITUDE_RANGE, LONGITUDE_RANGE, Event

# Control and direction characters are refused before this, for every field of every body
# (services/core/api.py, JsonParser); line breaks stay, for the multi-line texts.
LIMITS = {
    "title": 200,
    "subtitle": 300,
    "location": 255,
    "description": 20000,
    "access_info": ACCESS_INFO_MAX,
    "contact_phone": 30,
}
MAX_SPEAKERS, MAX_ROWS = 50, 100
SOCIAL_NETWORKS = ("facebook", "twitter")
MAX_PRICE = Decimal("1000000000")
MAX_ATTENDEES = 1_000_000
MAX_DEADLINE_HOURS = 24 * 365


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def split_speakers(value: Any) -> list[str]:
    """A list, or the form's comma-separated text: split, trimmed, blanks dropped."""
    items = value.split(",") if isinstance(value, str) else (value or [])
    return [item.strip() for item in items if isinstance(item, str) and item.strip()]


def keep_complete_rows(rows: Any, first: str, second: str) -> list[dict[str, str]]:
    """Rows whose two parts are both non-blank after trimming, trimmed."""
    kept = []
    for row in rows or []:
        if not isinstance(row, dict):
            continue
        a, b = _text(row.get(first)), _text(row.get(second))
        if a and b:
            kept.append({first: a, second: b})
    return kept


def image_id(value: Any) -> str:
    return value if value in EVENT_IMAGE_IDS else EVENT_IMAGE_IDS[0]


def _parse_date(value: Any, errors: dict) -> date | None:
    try:
        return date.fromisoformat(_text(value))
    except ValueError:
        errors["date"] = _("Enter the date as YYYY-MM-DD.")
        return None


def _parse_time(value: Any, errors: dict, field: str = "time") -> time | None:
    text = _text(value)
    if not text:
        return None
    try:
        if len(text) not in (5, 8):
            raise ValueError(text)
        return time.fromisoformat(text)
    except ValueError:
        errors[field] = _("Enter the time as HH:MM.")
        return None


def _parse_price(value: Any, errors: dict) -> Decimal | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        price = Decimal(str(value).strip())
        if not price.is_finite() or price < 0 or price > MAX_PRICE:
            raise InvalidOperation
    except (InvalidOperation, ValueError):
        errors["price"] = _("Price must be a number of at least 0.")
        return None
    return price.quantize(Decimal("0.01"))


def _parse_capacity(value: Any, errors: dict) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        number = int(str(value).strip())
        if not 1 <= number <= MAX_ATTENDEES:
            raise ValueError(number)
    except ValueError:
        errors["maximum_attendees"] = _("Maximum attendees must be a whole number of at least 1.")
        return None
    return number


def _parse_deadline(value: Any, errors: dict) -> int | None:
    """Empty: the association's default deadline."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        number = int(str(value).strip())
        if not 1 <= number <= MAX_DEADLINE_HOURS:
            raise ValueError(number)
    except ValueError:
        errors["payment_deadline_hours"] = _(
            "The payment deadline must be a whole number of hours between 1 and %(limit)d."
        ) % {"limit": MAX_DEADLINE_HOURS}
        return None
    return number


def _parse_social_links(value: Any, errors: dict) -> dict[str, str]:
    links = {}
    for network in SOCIAL_NETWORKS:
        url = _text((value or {}).get(network)) if isinstance(value, dict) else ""
        if not url:
            continue
        try:
            URLValidator(schemes=["http", "https"])(url)
            links[network] = url[:500]
        except ValidationError:
            errors[f"social_links.{network}"] = _("Enter a valid URL.")
    return links


def _parse_degrees(name: str, value: Any, limits: tuple[Decimal, Decimal], errors: dict) -> Decimal | None:
    """A latitude or longitude: empty is none; else a number within `limits`, to 6 places (~0.1 m)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        if isinstance(value, bool):
            raise InvalidOperation
        number = Decimal(str(value).strip())
        if not number.is_finite() or not limits[0] <= number <= limits[1]:
            raise InvalidOperation
    except (InvalidOperation, ValueError):
        errors[name] = PLACE_MESSAGES[name]() % {"low": int(limits[0]), "high": int(limits[1])}
        return None
    return number.quantize(Decimal("0.000001"))


def _check_end_time(clean: dict[str, Any], current: Event | None, errors: dict) -> None:
    """An end time needs a start time and comes after it (an event lasts one day): with what is
    sent, else what the event already has."""
    if ("time" not in clean and "end_time" not in clean) or "time" in errors or "end_time" in errors:
        return
    start = clean["time"] if "time" in clean else getattr(current, "time", None)
    end = clean["end_time"] if "end_time" in clean else getattr(current, "end_time", None)
    if end is None:
        return
    if start is None:
        errors["end_time"] = _("Give a start time before an end time.")
    elif end <= start:
        errors["end_time"] = _("The end time must be after the start time.")


# Lazy: the request's language is known only when the message is made.
PLACE_MESSAGES = {
    "latitude": lambda: _("Latitude must be a number from %(low)d to %(high)d."),
    "longitude": lambda: _("Longitude must be a number from %(low)d to %(high)d."),
}


def _parse_place(raw: dict[str, Any], current: Event | None, errors: dict) -> dict[str, Decimal | None]:
    """Latitude and longitude, both or neither: a pair half given is refused on the missing half.
    An update may send one of them; the other is then the event's own."""
    place = {}
    for name, limits in (("latitude", LATITUDE_RANGE), ("longitude", LONGITUDE_RANGE)):
        if name in raw:
            place[name] = _parse_degrees(name, raw[name], limits, errors)
    if errors.keys() & {"latitude", "longitude"}:
        return place
    lat = place["latitude"] if "latitude" in place else getattr(current, "latitude", None)
    lng = place["longitude"] if "longitude" in place else getattr(current, "longitude", None)
    if (lat is None) != (lng is None):
        missing = "longitude" if lng is None else "latitude"
        errors[missing] = _("Give both latitude and longitude, or neither.")
    return place


def _parse_url(name: str, value: Any, errors: dict) -> str:
    url = _text(value)
    if url:
        try:
            URLValidator(schemes=["http", "https"])(url)
        except ValidationError:
            errors[name] = _("Enter a valid URL.")
        if len(url) > 500:
            errors[name] = _("Keep this under %(limit)d characters.") % {"limit": 500}
    return url


def _parse_cpd(raw: dict[str, Any], current: Event | None, errors: dict) -> dict[str, Any]:
    """CPD hours (empty: none) and their category, which hours above 0 need."""
    clean: dict[str, Any] = {}
    if "cpd_hours" in raw:
        value = raw["cpd_hours"]
        if value is None or (isinstance(value, str) and not value.strip()):
            clean["cpd_hours"] = None
        else:
            clean["cpd_hours"], problem = hours_problem(value)
            if problem:
                errors["cpd_hours"] = problem
    if "cpd_category" in raw:
        clean["cpd_category"] = _text(raw["cpd_category"])
        if clean["cpd_category"] and category_problem(clean["cpd_category"]):
            errors["cpd_category"] = category_problem(clean["cpd_category"])
    if "cpd_hours" in errors or "cpd_category" in errors:
        return clean
    hours = clean["cpd_hours"] if "cpd_hours" in clean else getattr(current, "cpd_hours", None)
    category = clean["cpd_category"] if "cpd_category" in clean else getattr(current, "cpd_category", "")
    if hours and not category:
        errors["cpd_category"] = _("Choose the category of the CPD hours.")
    return clean


def clean_event_fields(
    raw: dict[str, Any], *, creating: bool, current: Event | None = None
) -> dict[str, Any]:
    """Model field values from the fields present in `raw` (`current`: the event being updated);
    raises ValidationFailed."""
    errors: dict[str, str] = {}
    clean: dict[str, Any] = {}

    required = ("title", "date", "location")
    if creating or any(name in raw for name in required):
        missing = [name for name in required if (creating or name in raw) and not _text(raw.get(name))]
        if missing:
            raise ValidationFailed(
                _("Please fill in all required fields: Title, Date, and Location"),
                fields={name: _("This field is required.") for name in missing},
            )

    for name, limit in LIMITS.items():
        if name in raw:
            clean[name] = _text(raw[name])
            if len(clean[name]) > limit:
                errors[name] = _("Keep this under %(limit)d characters.") % {"limit": limit}
    if "date" in raw:
        clean["date"] = _parse_date(raw["date"], errors)
    if "time" in raw:
        clean["time"] = _parse_time(raw["time"], errors)
    if "end_time" in raw:
        clean["end_time"] = _parse_time(raw["end_time"], errors, "end_time")
    _check_end_time(clean, current, errors)
    if "price" in raw:
        clean["price"] = _parse_price(raw["price"], errors)
    if "maximum_attendees" in raw:
        clean["maximum_attendees"] = _parse_capacity(raw["maximum_attendees"], errors)
    if "payment_deadline_hours" in raw:
        clean["payment_deadline_hours"] = _parse_deadline(raw["payment_deadline_hours"], errors)
    if "contact_email" in raw:
        clean["contact_email"] = _text(raw["contact_email"])
        if clean["contact_email"] and email_address_problem(clean["contact_email"]):
            errors["contact_email"] = _("Enter a valid e-mail address.")
    if "social_links" in raw:
        clean["social_links"] = _parse_social_links(raw["social_links"], errors)
    if "speakers" in raw or creating:
        clean["speakers"] = [name[:100] for name in split_speakers(raw.get("speakers"))]
        if len(clean["speakers"]) > MAX_SPEAKERS:
            errors["speakers"] = _("At most %(limit)d speakers.") % {"limit": MAX_SPEAKERS}
    for name, first, second in (("agenda", "time", "activity"), ("faqs", "question", "answer")):
        if name in raw or creating:
            clean[name] = keep_complete_rows(raw.get(name), first, second)
            if len(clean[name]) > MAX_ROWS:
                errors[name] = _("At most %(limit)d items.") % {"limit": MAX_ROWS}
            elif any(len(row[first]) > 500 or len(row[second]) > 5000 for row in clean[name]):
                errors[name] = _("An item is too long.")
    if "event_image_id" in raw or creating:
        clean["event_image_id"] = image_id(raw.get("event_image_id"))
    if "latitude" in raw or "longitude" in raw:
        clean.update(_parse_place(raw, current, errors))
    if "call_for_abstracts_url" in raw:
        url = raw["call_for_abstracts_url"]
        clean["call_for_abstracts_url"] = _parse_url("call_for_abstracts_url", url, errors)
    if "cpd_hours" in raw or "cpd_category" in raw:
        clean.update(_parse_cpd(raw, current, errors))
    if "status" in raw and raw["status"] not in (None, ""):
        clean["status"] = clean_status(raw["status"], errors)
    elif creating:
        clean["status"] = Event.Status.DRAFT  # SPEC §4: a missing status becomes Draft

    if errors:
        raise ValidationFailed(next(iter(errors.values())), fields=errors)
    return clean


def clean_status(value: Any, errors: dict | None = None) -> str:
    if value in Event.Status.values:
        return value
    message = _("Status must be one of Draft, Published, Completed or Cancelled.")
    if errors is None:
        raise ValidationFailed(message, fields={"status": message})
    errors["status"] = message
    return ""
