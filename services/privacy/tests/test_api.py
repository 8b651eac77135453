"""Erasing everything about an address (staff), and what the public privacy page is told."""

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from django.contrib.contenttypes.models import ContentType

from services.accounts.domain_events import PasswordResetRequested
from services.content.models import ContactMessage
from services.events.tests.factories import make_event
from services.interpreting.models import InterpreterRequest
from services.interpreting.tests.helpers import body, send
from services.members.models import Member
from services.members.tests.helpers import APPLICATION, apply
from services.notifications.models import Notification
from services.outbox.domain_event import ERASED
from services.outbox.models import OutboxMessage
from services.registrations.models import Registration, WaitlistEntry
from services.registrations.tests.helpers import confirm, deliver_all, person, register

ERASE = "/api/management/personal-data/erase/"
pytestmark = pytest.mark.django_db


def erase(client, email):
    return client.post(ERASE, data={"email": email}, content_type="application/json")


def test_the_privacy_page_is_told_the_configured_retention_periods(client, settings):
    settings.PERSONAL_DATA_RETENTION_DAYS = 90
    settings.NOTIFICATION_BODY_RETENTION_DAYS = 14
    settings.MEMBER_REJECTED_RETENTION_DAYS = 365
    settings.AUDIT_RETENTION_DAYS = 400
    response = client.get("/api/privacy/")
    assert response.status_code == 200
    assert response.json() == {
        "retention": {
            "personal_data_days": 90,
            "notification_body_days": 14,
            "member_rejected_days": 365,
            "audit_days": 400,
        }
    }


@pytest.mark.parametrize(
    ("email", "detail", "field"),
    [
        ("", "Please enter the e-mail address to erase.", "This field is required."),
        ("   ", "Please enter the e-mail address to erase.", "This field is required."),
        ("not an address", "Please enter a valid e-mail address.", "Please enter a valid e-mail address."),
        (
            "a" * 250 + "@example.org",
            "Please enter a valid e-mail address.",
            "Please enter a valid e-mail address.",
        ),
    ],
)
def test_an_address_that_cannot_be_one_is_refused(staff_client, email, detail, field):
    response = erase(staff_client, email)
    assert response.status_code == 400
    assert response.json() == {"detail": detail, "code": "validation_error", "fields": {"email": field}}


def test_everything_about_an_address_goes_and_nothing_else(client, staff_client, staff):
    address = "Aline@Example.org"
    event, full = make_event(title="Open Day"), make_event(title="Small Room", maximum_attendees=1)
    register(client, event.pk, person(1, email=address))
    register(client, full.pk, person(2))
    client.post(
        f"/api/management/events/{full.pk}/waitlist/",
        data=person(3, email="aline@example.org"),
        content_type="application/json",
    )
    apply(client, {**APPLICATION, "email": "ALINE@example.org"})
    client.post(
        "/api/management/contact-form/",
        data={"name": "Aline", "email": address, "message": "Hello"},
        content_type="application/json",
    )
    client.post(
        "/api/users/request-password-reset/", data={"email": address}, content_type="application/json"
    )
    register(client, event.pk, person(4))  # somebody else: kept
    confirm(client, address)  # so that the organisers' notice went out too
    deliver_all()
    contact = ContactMessage.objects.get()
    LogEntry.objects.create(
        user=staff,
        content_type=ContentType.objects.get_for_model(ContactMessage),
        object_id=str(contact.pk),
        object_repr=f"Aline <{address}>",  # what Django admin's history once held
        action_flag=DELETION,
    )

    response = erase(staff_client, "aline@example.org")

    assert response.status_code == 200
    counts = response.json()
    assert counts.pop("message") == "Everything about this address was erased."
    # E-mails: received + approved (a free event: the link confirmed the seat) + notice, joined,
    # applied + notice, contact notice + acknowledgement.
    assert counts == {
        "registrations": 1,
        "waitlist_entries": 1,
        "members": 1,
        "contact_messages": 1,
        "interpreter_requests": 0,
        "emails": 8,
        "events": 1,
    }
    assert not Member.objects.exists() and not ContactMessage.objects.exists()
    assert not WaitlistEntry.objects.exists()
    assert sorted(Registration.objects.values_list("email", flat=True)) == [
        "p2@example.org",
        "p4@example.org",
    ]
    left = Notification.objects.values_list("recipient", flat=True)
    assert all("aline" not in str(row.context).lower() for row in Notification.objects.all())
    assert "aline@example.org" not in [recipient.lower() for recipient in left]
    assert Notification.objects.filter(context__name="Person 4").exists()
    reset = OutboxMessage.objects.get(topic=PasswordResetRequested.topic)
    assert reset.payload["email"] == ERASED
    assert not LogEntry.objects.exists()
    # Again: nothing is left to erase.
    assert erase(staff_client, address).json()["registrations"] == 0


def test_an_interpreter_request_of_the_address_loses_the_requester_and_keeps_its_counts(client, staff_client):
    send(client, body(email="Aline@Example.org", full_name="Aline Uwase"))
    send(client, body(email="other@example.org", full_name="Other Person"))
    assert Notification.objects.filter(recipient__iexact="aline@example.org").count() == 1  # acknowledged

    counts = erase(staff_client, "aline@example.org").json()

    assert (counts["interpreter_requests"], counts["emails"]) == (1, 1)
    erased = InterpreterRequest.objects.get(erased_at__isnull=False)
    assert (erased.full_name, erased.email, erased.phone, erased.address, erased.notes) == ("",) * 5
    assert (erased.setting, erased.district) == ("medical", "Gasabo")  # the report still counts it
    assert InterpreterRequest.objects.filter(email="other@example.org", erased_at__isnull=True).exists()
    assert not Notification.objects.filter(recipient__iexact="aline@example.org").exists()
