from dataclasses import dataclass

from services.outbox.domain_event import DomainEvent


@dataclass(frozen=True)
class InterpreterProfileChanged(DomainEvent):
    """A profile was created, changed (listed, withdrawn, verified, hidden, photo) or deleted:
    what the public directory shows may have changed (handlers.py)."""

    topic = "interpreter_profile.changed"
    profile_id: int


@dataclass(frozen=True)
class InterpreterRequestSubmitted(DomainEvent):
    topic = "interpreter_request.submitted"
    request_id: int
