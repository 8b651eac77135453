from dataclasses import dataclass

from services.outbox.domain_event import DomainEvent


@dataclass(frozen=True)
class InterpreterRequestSubmitted(DomainEvent):
    topic = "interpreter_request.submitted"
    request_id: int
