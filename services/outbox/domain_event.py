"""Base class of the domain events that services publish (each domain's domain_events.py)."""

import dataclasses
from typing import Any, ClassVar

_event_types: dict[str, type["DomainEvent"]] = {}

# What an erased personal value reads as in a stored payload (services.personal_values_forget).
# Not an e-mail address or a phone number, so a handler that still runs on it finds nobody.
ERASED = "[erased]"


@dataclasses.dataclass(frozen=True)
class DomainEvent:
    topic: ClassVar[str]
    # The fields that hold a person's own data (an e-mail address as typed, say). Most events
    # carry only ids, which point at rows that an erasure deletes; the values named here are
    # forgotten in the stored payloads when the person is erased.
    personal: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "topic" in cls.__dict__:
            if cls.topic in _event_types and _event_types[cls.topic] is not cls:
                raise ValueError(f"Two domain events claim the topic {cls.topic!r}")
            _event_types[cls.topic] = cls

    def to_payload(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def event_from_payload(topic: str, payload: dict[str, Any]) -> DomainEvent:
    return _event_types[topic](**payload)


def personal_fields() -> dict[str, tuple[str, ...]]:
    """The topics whose payloads hold personal values, with those fields."""
    return {topic: event.personal for topic, event in _event_types.items() if event.personal}


def topics_with_field(field: str) -> list[str]:
    """The topics whose events carry `field` (say `registration_id`): the messages about one."""
    return sorted(
        topic
        for topic, event in _event_types.items()
        if any(item.name == field for item in dataclasses.fields(event))
    )
