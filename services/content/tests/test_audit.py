"""The content's audit trail: updates and resources written by staff, a visitor's contact message
and its erasure, each found through GET /api/management/activity/ (who, from which address, what
changed)."""

import pytest
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

from services.audit.erasure import ERASED
from services.audit.models import Entry
from services.content.models import ContactMessage

from .factories import RESOURCES, UPDATES, make_resource, make_update, upload

ACTIVITY = "/api/management/activity/"
IP = "10.20.30.40"
NEWS = {"title": "AGM 2026", "date": "2026-06-01", "description": "In Kigali.", "link": ""}


def entry(staff_client, object_type: str, object_id: int, action: str) -> dict:
    """The one entry of `action` in the object's History (newest first, values shown)."""
    body = staff_client.get(ACTIVITY, {"object_type": object_type, "object_id": object_id}).json()
    (found,) = [e for e in body["results"] if e["action"] == action]
    return found


def who(user) -> dict:
    return {"id": user.pk, "username": user.username, "name": user.get_full_name() or user.username}


# --- Updates -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_an_update_added_is_recorded(staff_client, staff):
    response = staff_client.post(UPDATES, data=NEWS, content_type="application/json", REMOTE_ADDR=IP)
    assert response.status_code == 201
    created = entry(staff_client, "news_item", response.json()["id"], "news_item.created")
    assert (created["actor"], created["client_ip"], created["object_label"]) == (who(staff), IP, "AGM 2026")
    assert created["changes"]["title"] == {"before": None, "after": "AGM 2026"}
    assert created["changes"]["date"] == {"before": None, "after": "2026-06-01"}
    assert "created_at" not in created["changes"]


@pytest.mark.django_db
def test_an_update_edited_is_recorded_field_by_field(staff_client, staff):
    item = make_update(title="AGM", date="2026-06-01", description="In Kigali.")
    response = staff_client.put(
        f"{UPDATES}{item.pk}/",
        data={**NEWS, "title": "AGM 2026", "description": "In Huye."},
        content_type="application/json",
        REMOTE_ADDR=IP,
    )
    assert response.status_code == 200
    updated = entry(staff_client, "news_item", item.pk, "news_item.updated")
    assert (updated["actor"], updated["client_ip"]) == (who(staff), IP)
    assert updated["changes"] == {
        "title": {"before": "AGM", "after": "AGM 2026"},
        "description": {"before": "In Kigali.", "after": "In Huye."},
    }


@pytest.mark.django_db
def test_an_update_deleted_is_recorded(staff_client, staff):
    item = make_update(title="AGM")
    assert staff_client.delete(f"{UPDATES}{item.pk}/", REMOTE_ADDR=IP).status_code == 200
    deleted = entry(staff_client, "news_item", item.pk, "news_item.deleted")
    assert (deleted["actor"], deleted["client_ip"], deleted["object_label"]) == (who(staff), IP, "AGM")
    assert deleted["changes"]["title"] == {"before": "AGM", "after": None}


# --- Resources -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_resource_added_is_recorded_with_its_stored_file(staff_client, staff):
    response = staff_client.post(RESOURCES, data={"title": "Annual Report", "file": upload()}, REMOTE_ADDR=IP)
    assert response.status_code == 201
    created = entry(staff_client, "resource", response.json()["id"], "resource.created")
    assert (created["actor"], created["client_ip"]) == (who(staff), IP)
    assert created["object_label"] == "Annual Report"
    changes = created["changes"]
    assert changes["title"] == {"before": None, "after": "Annual Report"}
    assert changes["upload"]["after"].startswith("resources/") and changes["upload"]["after"].endswith(".pdf")
    assert changes["content_type"] == {"before": None, "after": "application/pdf"}
    assert "created_at" not in changes and "updated_at" not in changes


@pytest.mark.django_db
def test_a_resource_edited_is_recorded_field_by_field(staff_client, staff):
    resource = make_resource("Annual Report")
    stored = resource.upload.name
    response = staff_client.put(
        f"{RESOURCES}{resource.pk}/",
        data=encode_multipart(BOUNDARY, {"title": "Report 2026", "url": "https://example.org/r.pdf"}),
        content_type=MULTIPART_CONTENT,
        REMOTE_ADDR=IP,
    )
    assert response.status_code == 200
    updated = entry(staff_client, "resource", resource.pk, "resource.updated")
    assert (updated["actor"], updated["client_ip"]) == (who(staff), IP)
    changes = updated["changes"]
    assert changes["title"] == {"before": "Annual Report", "after": "Report 2026"}
    assert changes["url"] == {"before": "", "after": "https://example.org/r.pdf"}
    assert changes["upload"] == {"before": stored, "after": ""}


@pytest.mark.django_db
def test_a_resource_deleted_is_recorded(staff_client, staff):
    resource = make_resource("Annual Report")
    assert staff_client.delete(f"{RESOURCES}{resource.pk}/", REMOTE_ADDR=IP).status_code == 200
    deleted = entry(staff_client, "resource", resource.pk, "resource.deleted")
    assert (deleted["actor"], deleted["client_ip"]) == (who(staff), IP)
    assert deleted["changes"]["title"] == {"before": "Annual Report", "after": None}


# --- Contact messages ----------------------------------------------------------------------

MESSAGE = {"name": "Aline Mukamana", "email": "aline@example.net", "message": "Call me on 0788 111 222."}


def send(client, **extra):
    path = "/api/management/contact-form/"
    response = client.post(path, data=MESSAGE, content_type="application/json", **extra)
    assert response.status_code == 200
    return ContactMessage.objects.get(email=MESSAGE["email"])


@pytest.mark.django_db
def test_a_contact_message_sent_is_the_visitors_and_the_list_masks_it(staff_client):
    contact = send(staff_client, REMOTE_ADDR="41.186.7.7", HTTP_AUTHORIZATION="")
    created = entry(staff_client, "contact_message", contact.pk, "contact_message.created")
    assert (created["actor"], created["client_ip"]) == ("visitor", "41.186.7.7")
    assert created["object_label"] == f"#{contact.pk}"  # never the sender's name
    assert created["changes"]["name"] == {"before": None, "after": "Aline Mukamana"}
    listed = staff_client.get(ACTIVITY, {"object_type": "contact_message"}).json()["results"][0]
    assert listed["changes"]["email"]["after"] == "•••" and listed["changes"]["message"]["after"] == "•••"


@pytest.mark.django_db
def test_a_contact_message_erased_leaves_the_fact_and_nothing_of_the_sender(staff_client, staff):
    contact = send(staff_client, HTTP_AUTHORIZATION="")
    response = staff_client.delete(f"/api/management/contact-messages/{contact.pk}/", REMOTE_ADDR=IP)
    assert response.status_code == 200
    erased = entry(staff_client, "contact_message", contact.pk, "contact_message.erased")
    assert (erased["actor"], erased["client_ip"], erased["object_id"]) == (who(staff), IP, contact.pk)
    assert erased["changes"]["name"] == {"before": ERASED, "after": None}
    assert erased["changes"]["language"] == {"before": "en", "after": None}
    created = entry(staff_client, "contact_message", contact.pk, "contact_message.created")
    assert created["changes"]["email"] == {"before": None, "after": ERASED}
    stored = str(list(Entry.objects.filter(object_type="contact_message").values()))
    for personal in ("Aline", "aline@example.net", "0788 111 222"):
        assert personal not in stored, personal


@pytest.mark.django_db
def test_an_erasure_in_django_admin_is_the_admins_with_their_address(admin_client, admin_user):
    contact = ContactMessage.objects.create(**MESSAGE)
    response = admin_client.post(
        f"/admin/content/contactmessage/{contact.pk}/delete/", {"post": "yes"}, REMOTE_ADDR="10.9.9.9"
    )
    assert response.status_code == 302
    erased = Entry.objects.get(verb="contact_message.erased", object_id=contact.pk)
    assert (erased.actor, erased.actor_kind, erased.remote_addr) == (admin_user, "staff", "10.9.9.9")
    assert erased.changes["email"] == [ERASED, None]
