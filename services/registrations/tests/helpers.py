"""Shared by the registration tests: the visitor's payload, calls, and running the outbox
handlers in this process (the real delivery path, once per message and handler)."""

from services.notifications.models import Notification
from services.outbox.deliveries import delivery_run
from services.outbox.models import OutboxMessage
from services.outbox.registry import subscribers
from services.outbox.services import message_relay

VALID = {
    "full_name": "Aline Uwase",
    "phone": "0788 123 456",
    "email": "aline@example.org",
    "preferred_language": "English",
    "needs_interpreter": True,
    "disability": "Hearing Impairment",
    "disability_details": "",
    "agree_to_terms": True,
}


def person(i: int, **fields) -> dict:
    return {
        **VALID,
        "full_name": f"Person {i}",
        "email": f"p{i}@example.org",
        "phone": f"+25078{i:07d}",
        **fields,
    }


def register(client, event_id: int, payload: dict | None = None, **extra):
    return client.post(
        f"/api/management/events/{event_id}/register/",
        data=payload if payload is not None else VALID,
        content_type="application/json",
        **extra,
    )


def decide(
    client, registration_id: int, status: str = "Approved", transaction_id: str = "MP240101.1234.A", **fields
):
    payload = {
        "registration_status": status,
        "transaction_id": transaction_id,
        "payment_method": "Mobile Money",
        "payment_notes": "",
        **fields,
    }
    return client.post(
        f"/api/management/registrations/{registration_id}/update-status/",
        data=payload,
        content_type="application/json",
    )


def deliver_all() -> int:
    """Run every handler of every outbox message not yet handled, as the worker would."""
    ran = 0
    for message in OutboxMessage.objects.filter(relayed_at__isnull=True):
        message_relay(message_id=message.pk)
    for message in OutboxMessage.objects.order_by("created_at"):
        for name, handler in subscribers(message.topic).items():
            if delivery_run(message_id=str(message.pk), handler_name=name, handler=handler):
                ran += 1
    return ran


def link_token(email: str, template: str = "registration_received") -> str:
    """The token of the link in the latest first e-mail to `email` (still in the stored context:
    the worker scrubs it only once the e-mail is sent)."""
    notification = Notification.objects.filter(template=template, recipient=email).latest("created_at")
    return notification.context["link"].split("#token=")[1]


def open_link(client, token: str):
    return client.post("/api/my-registration/", data={"token": token}, content_type="application/json")


def confirm(client, email: str, template: str = "registration_received"):
    """The visitor opens the link of their first e-mail (the handlers run first, as the worker would)."""
    deliver_all()
    return open_link(client, link_token(email, template))


def join(client, event_id: int, payload: dict):
    return client.post(
        f"/api/management/events/{event_id}/waitlist/", data=payload, content_type="application/json"
    )
