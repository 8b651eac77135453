from dataclasses import dataclass

from services.outbox.events import DomainEvent


@dataclass(frozen=True)
class RegistrationSubmitted(DomainEvent):
    topic = "registration.submitted"
    registration_id: int
    event_id: int


@dataclass(frozen=True)
class RegistrationApproved(DomainEvent):
    topic = "registration.approved"
    registration_id: int
    event_id: int
    previous_status: str


@dataclass(frozen=True)
class RegistrationRejected(DomainEvent):
    topic = "registration.rejected"
    registration_id: int
    event_id: int
    previous_status: str
    reason: str = "staff"  # "staff" or "payment_deadline"


@dataclass(frozen=True)
class WaitlistJoined(DomainEvent):
    topic = "waitlist.joined"
    entry_id: int
    event_id: int
