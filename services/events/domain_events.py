from dataclasses import dataclass

from services.outbox.domain_event import DomainEvent


@dataclass(frozen=True)
class EventCreated(DomainEvent):
    topic = "event.created"
    event_id: int
    status: str


@dataclass(frozen=True)
class EventUpdated(DomainEvent):
    topic = "event.updated"
    event_id: int


@dataclass(frozen=True)
class EventDeleted(DomainEvent):
    topic = "event.deleted"
    event_id: int
    title: str


@dataclass(frozen=True)
class EventStatusChanged(DomainEvent):
    topic = "event.status_changed"
    event_id: int
    old_status: str
    new_status: str
