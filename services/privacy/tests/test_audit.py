"""An erasure of everything about an address in the audit trail: the fact, who and how much, never
the address; the entries about the erased registrations, membership and contact messages keep their
facts and lose the person's values."""

import pytest

from services.audit.erasure import ERASED
from services.audit.models import Entry
from services.content.models import ContactMessage
from services.events.tests.factories import make_event
from services.members.tests.helpers import APPLICATION, apply
from services.privacy.services import KINDS
from services.registrations.tests.helpers import person, register

ERASE = "/api/management/personal-data/erase/"
ACTIVITY = "/api/management/activity/"
IP = "10.20.30.40"
ADDRESS = "Aline.Mukamana@Example.org"
pytestmark = pytest.mark.django_db


def who(user) -> dict:
    return {"id": user.pk, "username": user.username, "name": user.get_full_name() or user.username}


def history(staff_client, object_type: str, object_id: int) -> list[dict]:
    body = staff_client.get(ACTIVITY, {"object_type": object_type, "object_id": object_id}).json()
    return body["results"]


def test_an_erasure_is_recorded_with_its_counts_and_never_the_address(staff_client, staff):
    member_id = apply(
        staff_client, {**APPLICATION, "full_name": "Aline Mukamana", "email": ADDRESS}, HTTP_AUTHORIZATION=""
    ).json()["member"]["id"]
    contact = ContactMessage.objects.create(name="Aline Mukamana", email=ADDRESS.lower(), message="Hello")
    seat = register(staff_client, make_event().pk, person(1, email=ADDRESS), HTTP_AUTHORIZATION="")
    registration_id = seat.json()["registration"]["id"]

    response = staff_client.post(
        ERASE, data={"email": ADDRESS.upper()}, content_type="application/json", REMOTE_ADDR=IP
    )
    assert response.status_code == 200

    (erased,) = staff_client.get(ACTIVITY, {"action": "privacy.erased"}).json()["results"]
    assert (erased["actor"], erased["client_ip"]) == (who(staff), IP)
    assert (erased["object_type"], erased["object_id"], erased["object_label"]) == ("privacy", None, "")
    counts = {kind: values["after"] for kind, values in erased["changes"].items()}
    assert counts["members"] == 1 and counts["contact_messages"] == 1
    assert counts["registrations"] == 1
    assert set(counts) == set(KINDS)

    # Each domain's own erasure entry, the fact kept under the id; the person's values gone from
    # every entry, those of the visitor's application included.
    member_actions = [e["action"] for e in history(staff_client, "member", member_id)]
    assert member_actions == ["member.erased", "member.created"]
    contact_actions = [e["action"] for e in history(staff_client, "contact_message", contact.pk)]
    assert contact_actions == ["contact_message.erased", "contact_message.created"]
    created = history(staff_client, "member", member_id)[-1]
    assert created["changes"]["full_name"] == {"before": None, "after": ERASED}
    registered = history(staff_client, "registration", registration_id)[-1]
    assert registered["changes"]["email"] == {"before": None, "after": ERASED}
    stored = str(list(Entry.objects.values())).lower()
    for personal in (ADDRESS.lower(), "aline mukamana", "+250788222333"):
        assert personal not in stored, personal


def test_an_address_with_nothing_stored_is_still_an_erasure_recorded(staff_client, staff):
    response = staff_client.post(
        ERASE, data={"email": "nobody@example.org"}, content_type="application/json", REMOTE_ADDR=IP
    )
    assert response.status_code == 200
    erased = Entry.objects.get(verb="privacy.erased")
    assert erased.actor == staff and erased.remote_addr == IP
    assert all(after == 0 for _before, after in erased.changes.values())
    assert "nobody" not in str(erased.changes)


def test_a_refused_address_records_nothing(staff_client):
    refused = staff_client.post(ERASE, data={"email": "nope"}, content_type="application/json")
    assert refused.status_code == 400
    assert not Entry.objects.filter(verb="privacy.erased").exists()
