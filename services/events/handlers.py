from services.outbox.registry import subscribe
from services.signed_videos.domain_events import SignedVideoChanged
from services.signed_videos.services import public_cache as signed_videos_public_cache

from . import public_cache
from .domain_events import EventCreated, EventDeleted, EventStatusChanged, EventUpdated


def _invalidate(event, message) -> None:
    public_cache.invalidate()


# Any change to an event changes what the public list and pages show.
# (and so does its signed video, which the list and pages carry).
for _topic in (
    EventCreated.topic,
    EventUpdated.topic,
    EventDeleted.topic,
    EventStatusChanged.topic,
    SignedVideoChanged.topic,
):
    subscribe(_topic, name=f"events.invalidate_public_cache.{_topic}")(_invalidate)


@subscribe(EventStatusChanged.topic, name="events.invalidate_signed_videos_public_cache")
def _signed_videos_invalidate(event, message) -> None:
    """A draft's signed video becomes public with its event, and hidden again with a return to draft."""
    signed_videos_public_cache.invalidate()
