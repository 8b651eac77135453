"""The public event pages' first data, carried in the HTML Django serves them with
(services/core/preload.py, `page_data_register`): the same cached bytes the API answers, so a
phone renders the page without one more slow round trip after the app's script."""

import json
from functools import lru_cache

from services.core.preload import PageData

from .public_reads import public_event_cached, public_event_list_cached

# The preset pictures are the frontend's files (src/lib/event-images.ts); an unknown id shows the first.
PRESET_PICTURES = ("conference1", "workshop1", "seminar1", "panafrica1", "afsli1", "kcc1")


# How wide the pictures show (the `sizes` of features/events/components: the hero, a card).
HERO_SIZES = "100vw"
CARD_SIZES = "300px"


def _picture(event: dict, sizes: str) -> dict:
    """PageData's picture fields for an event's picture: an uploaded one's widths (the browser
    picks one by `sizes`, as the page's <img> will), else the preset file."""
    variants = (event.get("image") or {}).get("variants") or []
    if variants:
        srcset = ", ".join(f"{variant['url']} {variant['width']}w" for variant in variants)
        return {"picture_srcset": srcset, "picture_sizes": sizes}
    preset = event.get("event_image_id")
    return {"picture": f"src/assets/events/{preset if preset in PRESET_PICTURES else PRESET_PICTURES[0]}.svg"}


@lru_cache(maxsize=4)
def _first_card_picture(body: bytes) -> tuple[tuple[str, str], ...]:
    """The first card's picture (the list's largest paint on a phone): read once per list."""
    events = json.loads(body)
    return tuple(_picture(events[0], CARD_SIZES).items()) if isinstance(events, list) and events else ()


def events_page(request, match) -> PageData | None:
    entry = public_event_list_cached()
    if entry.status != 200:
        return None
    return PageData(api="management/public-events/", body=entry.body, **dict(_first_card_picture(entry.body)))


def _event(event_id: str | None, *, picture: bool) -> PageData | None:
    if not event_id or not event_id.isdigit() or len(event_id) > 12:
        return None
    entry = public_event_cached(int(event_id))
    if entry.status != 200:
        return None
    top = _picture(json.loads(entry.body), HERO_SIZES) if picture else {}
    return PageData(api=f"management/public-events/{int(event_id)}/", body=entry.body, **top)


def event_page(request, match) -> PageData | None:
    return _event(match.group(1), picture=True)


def registration_page(request, match) -> PageData | None:
    return _event(request.GET.get("eventId"), picture=False)
