from dataclasses import dataclass

from services.outbox.domain_event import DomainEvent


@dataclass(frozen=True)
class ContactReceived(DomainEvent):
    topic = "contact.received"
    contact_message_id: int


@dataclass(frozen=True)
class ContactMessageErased(DomainEvent):
    """Staff or the retention period erased a contact message (nothing of it is left)."""

    topic = "contact.erased"
    contact_message_id: int


@dataclass(frozen=True)
class ResourceChanged(DomainEvent):
    """A resource was created, edited or deleted (`action`): the public list changes."""

    topic = "content.resource_changed"
    resource_id: int
    action: str


@dataclass(frozen=True)
class NewsItemChanged(DomainEvent):
    """An update was created, edited or deleted (`action`): the public list changes."""

    topic = "content.update_changed"
    update_id: int
    action: str
