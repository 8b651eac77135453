"""Erasing registrants while a real worker is writing their e-mails and recounting seats: never
a 500, never an e-mail row about them written back after the erasure committed."""

import pytest

from conftest import broker_backlog, drain, process_env
from services.events.tests.factories import make_event
from services.notifications.models import Notification
from services.outbox.models import Delivery, OutboxMessage
from services.registrations.models import Registration, WaitlistEntry

from .helpers import decide, person, register

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

ROUNDS = 12


def left_about(emails: list[str]) -> list[tuple[str, str]]:
    rows = Notification.objects.none()
    for email in emails:
        rows |= Notification.objects.filter(recipient__iexact=email) | Notification.objects.filter(
            context__email__iexact=email
        )
    return list(rows.values_list("template", "recipient"))


def test_erasing_registrations_entries_and_events_just_after_they_change_never_fails(
    client, staff_client, celery_worker, mail_dir
):
    emails = []
    event = make_event(maximum_attendees=1)
    register(client, event.pk, person(999))  # full: the others join the waiting list
    for i in range(ROUNDS):
        emails.append(f"p{i}@example.org")
        seat = make_event(title=f"Open day {i}")
        registration_id = register(client, seat.pk, person(i)).json()["registration"]["id"]
        if i % 2:
            assert decide(staff_client, registration_id, "Approved", f"TX-{i}").status_code == 200
        # Within a few milliseconds: the worker is relaying, e-mailing or recounting right now.
        response = staff_client.delete(f"/api/management/registrations/{registration_id}/")
        assert response.status_code == 200, response.content
        joined = client.post(
            f"/api/management/events/{event.pk}/waitlist/",
            data=person(100 + i),
            content_type="application/json",
        )
        emails.append(f"p{100 + i}@example.org")
        response = staff_client.delete(f"/api/management/waitlist/{joined.json()['waitlist_entry']['id']}/")
        assert response.status_code == 200, response.content
        if i % 3 == 0:
            register(client, seat.pk, person(200 + i))
            emails.append(f"p{200 + i}@example.org")
            assert staff_client.delete(f"/api/management/events/{seat.pk}/").status_code == 200

    drain(celery_worker.log, queued=broker_backlog(process_env()))
    assert not Delivery.objects.exclude(status=Delivery.Status.DONE).exists()
    assert not OutboxMessage.objects.filter(completed_at__isnull=True).exists()
    assert left_about(emails) == []
    assert not WaitlistEntry.objects.exists()
    assert list(Registration.objects.values_list("email", flat=True)) == ["p999@example.org"]
