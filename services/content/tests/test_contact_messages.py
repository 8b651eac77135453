"""Staff find a contact message in a paged, searchable list and erase it (with the e-mails it led
to); the retention period erases the old ones."""

from datetime import timedelta

import pytest
from django.utils import timezone

from services.content.models import ContactMessage
from services.content.services import contact_message_submit, contact_messages_purge
from services.notifications.models import Notification
from services.outbox.models import OutboxMessage
from services.registrations.tests.helpers import deliver_all

LIST = "/api/management/contact-messages/"
pytestmark = pytest.mark.django_db


def write(i: int, **fields) -> ContactMessage:
    return ContactMessage.objects.create(
        name=fields.pop("name", f"Visitor {i}"),
        email=fields.pop("email", f"v{i}@example.org"),
        message=fields.pop("message", f"Question number {i}"),
        **fields,
    )


def test_staff_page_and_search_the_messages_newest_first(staff_client):
    for i in range(23):
        write(i)
    write(99, name="Aline Uwase", email="ALINE@example.org", message="Do you train interpreters?")
    body = staff_client.get(LIST).json()
    assert (body["count"], body["page"], body["page_size"], body["total_pages"]) == (24, 1, 10, 3)
    assert body["results"][0]["name"] == "Aline Uwase"
    assert set(body["results"][0]) == {"id", "name", "email", "message", "language", "created_at"}
    assert staff_client.get(LIST, {"page": 3, "page_size": 10}).json()["results"][-1]["name"] == "Visitor 0"
    for term in ("aline@example", "UWASE", "interpreters"):
        assert [row["name"] for row in staff_client.get(LIST, {"search": term}).json()["results"]] == [
            "Aline Uwase"
        ]
    refused = staff_client.get(LIST, {"page_size": 7})
    assert (refused.status_code, list(refused.json()["fields"])) == (400, ["page_size"])


@pytest.mark.parametrize("size", [5, 200])
def test_the_list_costs_the_same_queries_for_5_or_200_messages(staff_client, django_assert_num_queries, size):
    for i in range(size):
        write(i)
    with django_assert_num_queries(3):  # the token's user, the count, the page
        assert len(staff_client.get(LIST, {"page_size": 50}).json()["results"]) == min(size, 50)


def test_staff_erase_a_message_and_the_emails_it_led_to(staff_client):
    contact = contact_message_submit(
        name="Aline Uwase", email="aline@example.org", message="Call 0788 123 456"
    )
    kept = contact_message_submit(name="Bosco", email="bosco@example.org", message="Hello")
    deliver_all()
    assert Notification.objects.count() == 4

    response = staff_client.delete(f"{LIST}{contact.pk}/")

    assert (response.status_code, response.json()) == (200, {"message": "Message erased."})
    assert list(ContactMessage.objects.values_list("pk", flat=True)) == [kept.pk]
    assert sorted(Notification.objects.values_list("template", flat=True)) == [
        "contact_acknowledgement",
        "contact_notice",
    ]
    assert not Notification.objects.filter(context__message__icontains="0788").exists()
    assert OutboxMessage.objects.filter(topic="contact.erased", payload={"contact_message_id": contact.pk})
    again = staff_client.delete(f"{LIST}{contact.pk}/")
    assert (again.status_code, again.json()["code"]) == (404, "not_found")


def test_the_inbox_copy_is_erased_even_after_the_outbox_purged_its_message(staff_client):
    contact = contact_message_submit(name="Aline Uwase", email="aline@example.org", message="Hello")
    deliver_all()
    OutboxMessage.objects.all().delete()  # as outbox.purge does after 30 days
    staff_client.delete(f"{LIST}{contact.pk}/")
    assert not Notification.objects.exists()


def test_messages_are_erased_after_the_retention_period(settings):
    settings.PERSONAL_DATA_RETENTION_DAYS = 180
    old, recent = write(1), write(2)
    ContactMessage.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=181))
    ContactMessage.objects.filter(pk=recent.pk).update(created_at=timezone.now() - timedelta(days=179))
    assert contact_messages_purge() == 1
    assert contact_messages_purge() == 0
    assert list(ContactMessage.objects.values_list("pk", flat=True)) == [recent.pk]


def test_django_admin_deletes_through_the_erasure(admin_client):
    contact = contact_message_submit(name="Aline Uwase", email="aline@example.org", message="Hello")
    deliver_all()
    response = admin_client.post(
        "/admin/content/contactmessage/",
        {"action": "delete_selected", "_selected_action": [contact.pk], "post": "yes"},
        follow=True,
    )
    assert response.status_code == 200
    assert not ContactMessage.objects.exists()
    assert not Notification.objects.exists()
    assert OutboxMessage.objects.filter(topic="contact.erased").exists()
