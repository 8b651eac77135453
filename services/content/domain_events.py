from dataclasses import dataclass

from services.outbox.events import DomainEvent


@dataclass(frozen=True)
class ContactReceived(DomainEvent):
    topic = "contact.received"
    contact_message_id: int
