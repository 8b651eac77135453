"""Base class of the domain events that services publish (each domain's domain_events.py)."""

import dataclasses
from typing import Any, ClassVar

_event_types: dict[str, type["DomainEvent"]] = {}


@dataclasses.dataclass(frozen=True)
class DomainEvent:
    topic: ClassVar[str]

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
