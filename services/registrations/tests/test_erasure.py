"""Erasing registrants: one registration or waiting-list entry (staff), every registrant of a
deleted event, and the retention purge of what ended; the handlers run in this process through
the real delivery path."""

from datetime import timedelta

import pytest
from django.utils import timezone

from services.events.models import Event
from services.events.tests.factories import make_event
from services.notifications.models import Notification
from services.outbox.models import OutboxMessage
from services.registrations import deadlines, erasure
from services.registrations.capacity import token_hash
from services.registrations.models import ErasedRegistration, Registration, WaitlistEntry

from .helpers import confirm, deliver_all, join, person, register

pytestmark = pytest.mark.django_db


def waiting(client, event, i):
    """Person i joins the waiting list and confirms the place (only confirmed places get offers)."""
    entry_id = join(client, event.pk, person(i)).json()["waitlist_entry"]["id"]
    confirm(client, f"p{i}@example.org", "waitlist_joined")
    return entry_id


def about(email: str) -> list[str]:
    """The templates of the stored e-mails to or about an address (the inbox's notices too)."""
    rows = Notification.objects.filter(recipient__iexact=email) | Notification.objects.filter(
        context__email__iexact=email
    )
    return sorted(rows.values_list("template", flat=True))


def test_staff_erase_a_registration_its_emails_and_its_seat_goes_to_the_waiting_list(
    client, staff_client, settings
):
    event = make_event(maximum_attendees=1, price=5000)
    registration_id = register(client, event.pk, person(1)).json()["registration"]["id"]
    confirm(client, "p1@example.org")
    waiting(client, event, 2)
    deliver_all()
    now = timezone.now()
    Registration.objects.filter(pk=registration_id).update(
        registration_date=now - timedelta(days=2), payment_due_at=now + timedelta(hours=10)
    )
    deadlines.payment_reminders_send()  # an e-mail no outbox message made
    sent = ["registration_notice", "registration_received", "registration_reminder"]
    assert about("p1@example.org") == sent

    response = staff_client.delete(f"/api/management/registrations/{registration_id}/")

    assert (response.status_code, response.json()) == (200, {"message": "Registration erased."})
    assert not Registration.objects.filter(pk=registration_id).exists()
    assert about("p1@example.org") == []
    # The seat went to the person waiting, at once: their offer is out and the counters agree.
    entry = WaitlistEntry.objects.get()
    assert entry.status == WaitlistEntry.Status.OFFERED
    assert Notification.objects.filter(template="waitlist_offer", recipient="p2@example.org").count() == 1
    event.refresh_from_db()
    assert (event.registrations_total, event.waitlist_waiting, event.waitlist_offered) == (0, 0, 1)
    erased = OutboxMessage.objects.get(topic="registration.erased")
    assert erased.payload == {"event_id": event.pk, "registration_ids": [registration_id], "entry_ids": []}
    # Again: it is gone.
    again = staff_client.delete(f"/api/management/registrations/{registration_id}/")
    assert (again.status_code, again.json()["code"]) == (404, "not_found")


def test_erasing_a_registration_claimed_from_the_waiting_list_erases_the_entry_too(client, staff_client):
    event = make_event(maximum_attendees=1)
    first = register(client, event.pk, person(1)).json()["registration"]["id"]
    waiting(client, event, 2)
    staff_client.delete(f"/api/management/registrations/{first}/")
    # The offer's link: its token is known here only by its hash, so the test sets one it knows.
    WaitlistEntry.objects.update(offer_token_hash=token_hash("t0ken"))
    claimed = register(client, event.pk, person(2, offer_token="t0ken")).json()["registration"]["id"]
    assert WaitlistEntry.objects.get().registration_id == claimed

    assert staff_client.delete(f"/api/management/registrations/{claimed}/").status_code == 200
    assert not WaitlistEntry.objects.exists()
    assert about("p2@example.org") == []


def test_staff_erase_a_waiting_list_entry_and_its_offer_passes_on(client, staff_client):
    event = make_event(maximum_attendees=1)
    registration_id = register(client, event.pk, person(1)).json()["registration"]["id"]
    first = waiting(client, event, 2)
    waiting(client, event, 3)
    deliver_all()
    staff_client.delete(f"/api/management/registrations/{registration_id}/")  # p2 gets the offer
    assert WaitlistEntry.objects.get(pk=first).status == WaitlistEntry.Status.OFFERED

    response = staff_client.delete(f"/api/management/waitlist/{first}/")

    assert (response.status_code, response.json()) == (200, {"message": "Waiting-list entry erased."})
    assert about("p2@example.org") == []  # joined and offer e-mails
    assert WaitlistEntry.objects.get().email == "p3@example.org"
    assert WaitlistEntry.objects.get().status == WaitlistEntry.Status.OFFERED
    assert staff_client.delete(f"/api/management/waitlist/{first}/").status_code == 404


def test_deleting_an_event_erases_its_registrants_and_their_emails(client, staff_client):
    event = make_event(maximum_attendees=1)
    register(client, event.pk, person(1))
    join(client, event.pk, person(2))
    other = make_event(title="Another")
    register(client, other.pk, person(1))  # the same person at another event keeps that one
    confirm(client, "p1@example.org")  # the latest first e-mail: the other event's
    deliver_all()

    assert staff_client.delete(f"/api/management/events/{event.pk}/").status_code == 200

    assert not Event.objects.filter(pk=event.pk).exists()
    assert not WaitlistEntry.objects.exists()
    assert list(Registration.objects.values_list("event_id", flat=True)) == [other.pk]
    assert about("p2@example.org") == []
    # The other event's (free: opening the link confirmed the seat). A free registration has no
    # reference: its e-mails about the deleted event went by address, event and template.
    assert about("p1@example.org") == [
        "registration_approved",
        "registration_notice",
        "registration_received",
    ]
    assert {row.context["event_title"] for row in Notification.objects.all()} == {"Another"}


def ended(client, event, i, status, days_ago):
    registration_id = register(client, event.pk, person(i)).json()["registration"]["id"]
    deliver_all()  # its first e-mail
    Registration.objects.filter(pk=registration_id).update(
        registration_status=status, decided_at=timezone.now() - timedelta(days=days_ago)
    )
    return registration_id


def test_the_retention_purge_erases_what_ended_long_ago_and_keeps_a_tally(client, settings):
    settings.PERSONAL_DATA_RETENTION_DAYS = 180
    event = make_event()
    old = [ended(client, event, i, status, 181) for i, status in enumerate(Registration.ENDED_STATUSES)]
    recent = ended(client, event, 10, Registration.Status.REJECTED, 179)
    approved_long_ago = ended(client, event, 11, Registration.Status.APPROVED, 400)
    pending = register(client, event.pk, person(12)).json()["registration"]["id"]
    past = make_event(title="Long past", date=timezone.localdate() - timedelta(days=181))
    WaitlistEntry.objects.create(event=past, **{k: v for k, v in person(20).items() if k != "agree_to_terms"})
    expired = WaitlistEntry.objects.create(
        event=event,
        status=WaitlistEntry.Status.EXPIRED,
        offer_expires_at=timezone.now() - timedelta(days=181),
        **{k: v for k, v in person(21).items() if k != "agree_to_terms"},
    )
    deliver_all()

    assert erasure.ended_purge() == {"registrations": 3, "waitlist_entries": 2, "emails": 3}

    assert set(Registration.objects.values_list("pk", flat=True)) == {recent, approved_long_ago, pending}
    assert not WaitlistEntry.objects.filter(pk=expired.pk).exists() and not WaitlistEntry.objects.exists()
    assert sorted(ErasedRegistration.objects.values_list("registration_status", flat=True)) == sorted(
        Registration.ENDED_STATUSES
    )
    assert not any(about(f"p{i}@example.org") for i in range(len(old)))
    assert erasure.ended_purge() == {"registrations": 0, "waitlist_entries": 0, "emails": 0}


def test_unknown_ids_answer_404(staff_client):
    for url in ("/api/management/registrations/999/", "/api/management/waitlist/999/"):
        response = staff_client.delete(url)
        assert (response.status_code, response.json()["code"]) == (404, "not_found")
