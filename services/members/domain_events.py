from dataclasses import dataclass

from services.outbox.domain_event import DomainEvent


@dataclass(frozen=True)
class MemberApplied(DomainEvent):
    topic = "member.applied"
    member_id: int


@dataclass(frozen=True)
class MemberApproved(DomainEvent):
    topic = "member.approved"
    member_id: int


@dataclass(frozen=True)
class MemberRejected(DomainEvent):
    topic = "member.rejected"
    member_id: int


@dataclass(frozen=True)
class MemberErased(DomainEvent):
    """Staff or the retention period erased a member (nothing of them is left)."""

    topic = "member.erased"
    member_id: int


@dataclass(frozen=True)
class MemberSignInRequested(DomainEvent):
    """Somebody typed an address on /my-membership; the worker e-mails a link if it is a member's."""

    topic = "member_sign_in.requested"
    personal = ("email",)  # forgotten when the address is erased (outbox.personal_values_forget)
    email: str  # as typed


@dataclass(frozen=True)
class MemberEmailChangeRequested(DomainEvent):
    """A member asked to move their membership to a new address; the worker e-mails the link."""

    topic = "member_email_change.requested"
    member_id: int
    change_id: int


@dataclass(frozen=True)
class MemberEmailChanged(DomainEvent):
    """A member confirmed their new address; the worker tells the old one."""

    topic = "member.email_changed"
    personal = ("old_email",)  # forgotten when the address is erased (outbox.personal_values_forget)
    member_id: int
    old_email: str


@dataclass(frozen=True)
class RenewalRequested(DomainEvent):
    """A member asked to renew (or changed their pending renewal): e-mail them how to pay."""

    topic = "renewal.requested"
    renewal_id: int


@dataclass(frozen=True)
class RenewalConfirmed(DomainEvent):
    """Staff confirmed a renewal's payment: e-mail the member their new card."""

    topic = "renewal.confirmed"
    renewal_id: int
