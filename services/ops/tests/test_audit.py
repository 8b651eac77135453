"""The System page's retry buttons in the audit trail (who pressed which, from where), and a change
made in Django's admin recorded as the admin's, with their address."""

import pytest
from django.utils import timezone

from services.audit.models import Entry
from services.events.models import Event
from services.events.tests.factories import make_event
from services.notifications.models import Notification
from services.outbox.models import Delivery, OutboxMessage

ACTIVITY = "/api/management/activity/"
RUN_AGAIN = "/api/management/system/deliveries/{}/run-again/"
RETRY = "/api/management/system/emails/{}/retry/"
IP = "10.20.30.40"
pytestmark = pytest.mark.django_db


def who(user) -> dict:
    return {"id": user.pk, "username": user.username, "name": user.get_full_name() or user.username}


def entry(staff_client, object_type: str, object_id: int) -> dict:
    body = staff_client.get(ACTIVITY, {"object_type": object_type, "object_id": object_id}).json()
    (found,) = body["results"]
    return found


def test_running_a_dead_delivery_again_is_recorded(staff_client, staff):
    message = OutboxMessage.objects.create(topic="contact.received", relayed_at=timezone.now())
    delivery = Delivery.objects.create(
        message=message,
        handler="services.content.handlers.send_contact_emails",
        status=Delivery.Status.DEAD,
        attempts=8,
        next_attempt_at=timezone.now(),
    )
    response = staff_client.post(RUN_AGAIN.format(delivery.pk), REMOTE_ADDR=IP)
    assert response.status_code == 200

    retried = entry(staff_client, "delivery", delivery.pk)
    assert retried["action"] == "delivery.retried"
    assert (retried["actor"], retried["client_ip"]) == (who(staff), IP)
    assert retried["object_label"] == "services.content.handlers.send_contact_emails"
    assert retried["changes"] == {
        "status": {"before": "dead", "after": "pending"},
        "attempts": {"before": 8, "after": 0},
    }
    # Refused (not dead any more): nothing more recorded.
    assert staff_client.post(RUN_AGAIN.format(delivery.pk)).status_code == 409
    assert Entry.objects.filter(verb="delivery.retried").count() == 1


def test_retrying_a_failed_email_is_recorded_without_its_address(staff_client, staff):
    failed = Notification.objects.create(
        template="contact_acknowledgement",
        recipient="aline.uwase@example.org",
        context={"name": "Aline"},
        status=Notification.Status.FAILED,
        attempts=5,
        error="SMTPServerDisconnected",
    )
    response = staff_client.post(RETRY.format(failed.pk), REMOTE_ADDR=IP)
    assert response.status_code == 200

    retried = entry(staff_client, "notification", failed.pk)
    assert retried["action"] == "notification.retried"
    assert (retried["actor"], retried["client_ip"]) == (who(staff), IP)
    assert retried["object_label"] == "contact_acknowledgement"
    assert retried["changes"] == {
        "status": {"before": "failed", "after": "queued"},
        "attempts": {"before": 5, "after": 0},
    }
    assert "aline" not in str(Entry.objects.filter(verb="notification.retried").values()).lower()
    # Refused (a single-use link): nothing recorded.
    reset = Notification.objects.create(
        template="password_reset",
        recipient="x@example.org",
        context={"_secret": ["link"]},
        status=Notification.Status.FAILED,
    )
    assert staff_client.post(RETRY.format(reset.pk)).status_code == 400
    assert not Entry.objects.filter(verb="notification.retried", object_id=reset.pk).exists()


# --- Django admin --------------------------------------------------------------------------


def test_a_change_in_django_admin_is_the_admins_with_their_address(client, django_user_model):
    admin = django_user_model.objects.create_superuser("root", "root@example.org", "x", first_name="Eric")
    client.force_login(admin)
    event = make_event(title="Open Day", location="Kigali")
    url = f"/admin/events/event/{event.pk}/change/"
    form = client.get(url).context["adminform"].form
    data = {}
    for name in form.fields:
        value = form[name].value()  # as the page shows it (JSON as text)
        data[name] = "" if value is None else value
    data["location"] = "Huye"
    response = client.post(url, data, REMOTE_ADDR="10.9.9.9")
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert Event.objects.get(pk=event.pk).location == "Huye"

    changed = Entry.objects.get(object_type="event", object_id=event.pk, verb="event.updated")
    assert (changed.actor, changed.actor_kind, changed.actor_name) == (admin, "staff", "Eric")
    assert changed.remote_addr == "10.9.9.9"
    assert changed.changes == {"location": ["Kigali", "Huye"]}
