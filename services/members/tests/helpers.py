"""Members for tests: an application's body, members in any state, and a member's own session
through the real sign-in link (other apps' tests use them too)."""

from django.utils import timezone

from services.members.handlers import send_member_sign_in_link
from services.members.models import Member
from services.members.periods import approval_period
from services.notifications.models import Notification
from services.outbox.domain_event import event_from_payload
from services.outbox.models import OutboxMessage

LINK = "/api/my-membership/sign-in-link/"
SESSION = "/api/my-membership/session/"

APPLICATION = {
    "full_name": "Jean Bosco Niyonsenga",
    "email": "jean.bosco@example.org",
    "phone": "0788 222 333",
    "date_of_birth": "1990-05-17",
    "gender": "Non-binary",
    "nationality": "Rwandan",
    "address": "KN 5 Rd, Kigali",
    "occupation": "Interpreter",
    "organization": "RNUD",
    "experience_years": 6,
    "membership_type": "Individual",
    "preferred_communication_language": "Rwandan Sign Language",
    "reason_for_joining": "To grow with colleagues.",
    "skills": "Conference interpreting",
    "areas_of_interest": ["Training", "Advocacy"],
    "certifications": "",
    "payment_method": "Mobile Money",
    "agree_to_terms": True,
}


def apply(client, payload=None, **extra):
    return client.post(
        "/api/users/register/",
        data=APPLICATION if payload is None else payload,
        content_type="application/json",
        **extra,
    )


def make_member(i: int, **fields) -> Member:
    values = {
        "full_name": f"Member {i}",
        "email": f"m{i}@example.org",
        "phone": f"+25078{i:07d}",
        "date_of_birth": "1985-01-01",
        "gender": "Female",
        "nationality": "Rwandan",
        "address": "Kigali",
        "membership_type": "Individual",
        "payment_method": "Mobile Money",
        "agree_to_terms": True,
        **fields,
    }
    return Member.objects.create(**values)


def post(client, path, payload=None, **extra):
    return client.post(path, data=payload or {}, content_type="application/json", **extra)


def approved(i: int, **fields) -> Member:
    member = make_member(
        i,
        approval_status=Member.Approval.APPROVED,
        is_active_member=True,
        membership_number=f"2026-{i:04d}",
        approved_at=timezone.now(),
        terms_accepted_at=timezone.now(),
        **fields,
    )
    approval_period(member, by=None, now=timezone.now())
    member.save()
    return member


def run_handlers():
    """As the worker would: every stored sign-in request through its handler."""
    for message in OutboxMessage.objects.filter(topic="member_sign_in.requested"):
        send_member_sign_in_link(event_from_payload(message.topic, message.payload), message)


def link_token(member) -> str:
    run_handlers()
    notification = Notification.objects.filter(template="member_sign_in", recipient=member.email).latest("pk")
    return notification.context["sign_in_url"].rsplit("#token=", 1)[1]


def signed_in(client, member) -> str:
    post(client, LINK, {"email": member.email})
    token = link_token(member)
    OutboxMessage.objects.filter(topic="member_sign_in.requested").delete()
    return post(client, SESSION, {"token": token}).json()["access"]


def bearer(access: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {access}"}
