"""The public event pages' first data, carried in the HTML Django serves them with
(services/core/preload.py, `page_data_register`): the same cached bytes the API answers, so a
phone renders the page without one more slow round trip after the app's script."""

import json
from functools import lru_cache

from services.core.preload import PageData

from .public_reads import public_event_cached, public_event_list_cached

# The preset pictures are the frontend's files (src/lib/event-images.ts); an unknown id shows the first.
PRESET_PICTURES = ("conference1", "workshop1", "seminar1", "panafrica1", "afsli1", "kcc1")


def _preset_picture(event: dict) -> str | None:
    if event.get("image"):  # an uploaded picture's size depends on the screen: not named
        return None
    preset = event.get("event_image_id")
    return f"src/assets/events/{preset if preset in PRESET_PICTURES else PRESET_PICTURES[0]}.svg"


@lru_cache(maxsize=4)
def _first_card_picture(body: bytes) -> str | None:
    """The first card's picture (the list's largest paint on a phone): read once per list."""
    events = json.loads(body)
    return _preset_picture(events[0]) if isinstance(events, list) and events else None


def events_page(request, match) -> PageData | None:
    entry = public_event_list_cached()
    if entry.status != 200:
        return None
    return PageData(api="management/public-events/", body=entry.body, picture=_first_card_picture(entry.body))


def _event(event_id: str | None, *, picture: bool) -> PageData | None:
    if not event_id or not event_id.isdigit() or len(event_id) > 12:
        return None
    entry = public_event_cached(int(event_id))
    if entry.status != 200:
        return None
    top = _preset_picture(json.loads(entry.body)) if picture else None
    return PageData(api=f"management/public-events/{int(event_id)}/", body=entry.body, picture=top)


def event_page(request, match) -> PageData | None:
    return _event(match.group(1), picture=True)


def registration_page(request, match) -> PageData | None:
    return _event(request.GET.get("eventId"), picture=False)
