from dataclasses import dataclass

from services.outbox.domain_event import DomainEvent


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
    reason: str = "staff"  # messages stored before unpaid seats expired may say "payment_deadline"


@dataclass(frozen=True)
class WaitlistJoined(DomainEvent):
    topic = "waitlist.joined"
    entry_id: int
    event_id: int


@dataclass(frozen=True)
class RegistrationConfirmed(DomainEvent):
    """The registrant opened the link of the first e-mail: the address is real."""

    topic = "registration.confirmed"
    registration_id: int
    event_id: int


@dataclass(frozen=True)
class RegistrationExpired(DomainEvent):
    topic = "registration.expired"
    registration_id: int
    event_id: int
    reason: str  # Registration.EndedReason: "unconfirmed" or "payment_deadline"


@dataclass(frozen=True)
class RegistrationCancelled(DomainEvent):
    topic = "registration.cancelled"
    registration_id: int
    event_id: int
    previous_status: str


@dataclass(frozen=True)
class WaitlistConfirmed(DomainEvent):
    topic = "waitlist.confirmed"
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


@dataclass(frozen=True)
class WaitlistLeft(DomainEvent):
    """The person left the waiting list through their link (an offer they held passed on)."""

    topic = "waitlist.left"
    entry_id: int
    event_id: int


@dataclass(frozen=True)
class RegistrationsEndedWithEvent(DomainEvent):
    """Staff cancelled the event: these registrants (Pending ones now Cancelled, Approved ones kept)
    and waiting-list places (now ended) are each told once."""

    topic = "registration.event_cancelled"
    event_id: int
    registration_ids: list[int]
    entry_ids: list[int]


@dataclass(frozen=True)
class CheckInsRecorded(DomainEvent):
    """A device's sync checked these registrants in (the first check-in of each ticket)."""

    topic = "registration.checked_in"
    event_id: int
    registration_ids: list[int]


@dataclass(frozen=True)
class CheckInUndone(DomainEvent):
    topic = "registration.check_in_undone"
    event_id: int
    registration_id: int
