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


@dataclass(frozen=True)
class RegistrantsErased(DomainEvent):
    """Registrations and waiting-list entries of one event were erased (by staff, for an address,
    or at the end of the retention period); their seats were recounted under the event's lock."""

    topic = "registration.erased"
    event_id: int
    registration_ids: list[int]
    entry_ids: list[int]
