from datetime import date, datetime
from typing import Any, Literal

from ninja import Schema

from services.core.cpd import CPD_CATEGORIES
from services.core.openapi import ClockTime, one_of
from services.signed_videos.schemas import SignedVideoPublicOut

from . import images
from .models import Event
from .seats import Seats

# An event's status as the answers send it and the filters take it: the model's values.
EventStatus = one_of(Event.Status)


class EventFilters(Schema):
    """The admin list's query. Unknown values answer 400 with the field at fault."""

    include_all: bool = False  # SPEC §7 sends it; staff always see every status
    status: EventStatus | None = None
    search: str | None = None
    ordering: Literal["title", "-title", "date", "-date", "created_at", "-created_at"] | None = None
    page: int | None = None
    page_size: int | None = None


class PublicEventFilters(Schema):
    """The public list: upcoming (the default, every one) or the past ones, a page at a time."""

    when: Literal["upcoming", "past"] = "upcoming"
    page: int | None = None
    page_size: int | None = None


class AgendaItem(Schema):
    time: str = ""
    activity: str = ""


class Faq(Schema):
    question: str = ""
    answer: str = ""


class EventIn(Schema):
    """Every field optional here: the service applies SPEC's required-field message and cleaning,
    and an update changes only the fields sent."""

    title: str | None = None
    subtitle: str | None = None
    description: str | None = None
    location: str | None = None
    access_info: str | None = None  # several lines: the venue's access information
    price: float | str | None = None
    date: str | None = None
    time: str | None = None
    end_time: str | None = None  # HH:MM, the same day, after `time`
    speakers: list[str] | str | None = None
    agenda: list[AgendaItem] | None = None
    faqs: list[Faq] | None = None
    contact_email: str | None = None
    contact_phone: str | None = None
    social_links: dict[str, str | None] | None = None
    event_image_id: str | None = None
    status: str | None = None
    maximum_attendees: int | str | None = None
    payment_deadline_hours: int | str | None = None
    # Numbers or the form's text; the service checks the ranges and the pair.
    latitude: float | str | None = None
    longitude: float | str | None = None
    call_for_abstracts_url: str | None = None
    # A number or the form's text (empty: none); the service checks 0 to 40 in quarter hours.
    cpd_hours: float | str | None = None
    cpd_category: str | None = None


class EventImageIn(Schema):
    image_alt: str | None = None


class StatusIn(Schema):
    status: str = ""


class EventImageVariant(Schema):
    url: str
    width: int
    height: int


class EventImageOut(Schema):
    """The uploaded picture: its widths for srcset (narrowest first) and its text alternative."""

    alt: str
    variants: list[EventImageVariant]


class EventOut(Schema):
    id: int
    title: str
    subtitle: str
    description: str
    location: str
    price: float | None
    date: date
    time: ClockTime | None
    end_time: ClockTime | None = None
    speakers: list[str]
    agenda: list[AgendaItem]
    faqs: list[Faq]
    contact_email: str
    contact_phone: str
    social_links: dict[str, str]
    event_image_id: str
    # The uploaded picture, or null: then the fixed one of event_image_id is shown.
    image: EventImageOut | None = None
    # Its version in Rwandan Sign Language (services/signed_videos), or null.
    signed_video: SignedVideoPublicOut | None = None
    status: EventStatus
    maximum_attendees: int | None
    payment_deadline_hours: int | None = None
    latitude: float | None
    longitude: float | None
    call_for_abstracts_url: str = ""
    # CPD hours a checked-in member is credited once the event is Completed (null: none).
    cpd_hours: float | None = None
    cpd_category: one_of(CPD_CATEGORIES, "") = ""
    created_at: datetime
    total_registrations_count: int = 0
    approved_registrations_count: int = 0
    pending_registrations_count: int = 0
    # Both from the one rule (seats.py): the maximum less the Approved seats; and the seats a
    # visitor can still take (0 while people wait, since freed seats go to them). Null: unlimited.
    available_seats: int | None
    open_seats: int | None

    @staticmethod
    def resolve_open_seats(obj) -> int | None:
        return Seats.of_event(obj).open

    @staticmethod
    def resolve_available_seats(obj) -> int | None:
        return Seats.of_event(obj).available

    @staticmethod
    def resolve_image(obj) -> dict | None:
        if not obj.image_variants:
            return None
        variants = [
            {"url": images.url(obj.pk, item["name"]), "width": item["width"], "height": item["height"]}
            for item in obj.image_variants
        ]
        return {"alt": obj.image_alt, "variants": variants}

    @staticmethod
    def resolve_latitude(obj) -> float | None:
        return float(obj.latitude) if obj.latitude is not None else None

    @staticmethod
    def resolve_longitude(obj) -> float | None:
        return float(obj.longitude) if obj.longitude is not None else None

    @staticmethod
    def resolve_cpd_hours(obj) -> float | None:
        return float(obj.cpd_hours) if obj.cpd_hours else None

    @staticmethod
    def resolve_price(obj) -> float | None:
        return float(obj.price) if obj.price is not None else None


class EventDetailOut(EventOut):
    """One event (its page, the staff form): the list's fields and the venue's access
    information, which the lists leave out to stay small."""

    access_info: str


class EventPageOut(Schema):
    results: list[EventOut]
    count: int
    page: int
    page_size: int
    total_pages: int


def event_payload(event) -> dict[str, Any]:
    """The JSON-ready form of an event in a list, as the API sends it."""
    return EventOut.from_orm(event).model_dump(mode="json")


def event_detail_payload(event) -> dict[str, Any]:
    """The JSON-ready form of one event, as its page reads it."""
    return EventDetailOut.from_orm(event).model_dump(mode="json")
