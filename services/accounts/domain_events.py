from dataclasses import dataclass

from services.outbox.domain_event import DomainEvent


@dataclass(frozen=True)
class PasswordResetRequested(DomainEvent):
    topic = "password_reset.requested"
    personal = ("email",)  # forgotten when the address is erased (outbox.personal_values_forget)
    email: str  # as typed; the worker finds the staff user, if any
    # The language of the screen where the reset was asked ("" in events stored before it was kept).
    language: str = ""


@dataclass(frozen=True)
class PasswordChanged(DomainEvent):
    topic = "password.changed"
    user_id: int
    how: str  # "change" from the settings screen, or "reset" through an e-mailed link
