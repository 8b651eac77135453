from services.outbox.registry import subscribe

from . import public_cache
from .domain_events import EventCreated, EventDeleted, EventStatusChanged, EventUpdated


def _invalidate(event, message) -> None:
    public_cache.invalidate()


# Any change to an event changes what the public list and pages show.
for _topic in (EventCreated.topic, EventUpdated.topic, EventDeleted.topic, EventStatusChanged.topic):
    subscribe(_topic, name=f"events.invalidate_public_cache.{_topic}")(_invalidate)
