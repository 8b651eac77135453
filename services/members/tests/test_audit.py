"""The members' audit trail: every staff action on a member, the visitor's application, the reads
of a member's data (one member opened, the CSV export) and the erasure, each found as staff find
it, through GET /api/management/activity/ (who, from which address, what changed)."""

import pytest
from django.utils import timezone

from services.audit.erasure import ERASED
from services.audit.models import Entry

from .helpers import APPLICATION, apply, make_member

MEMBERS = "/api/management/members/"
ACTIVITY = "/api/management/activity/"
IP = "10.20.30.40"


def history(staff_client, member_id: int) -> list[dict]:
    """A member's History tab: newest first, values shown (one object)."""
    body = staff_client.get(ACTIVITY, {"object_type": "member", "object_id": member_id}).json()
    return body["results"]


def entry(staff_client, member_id: int, action: str) -> dict:
    (found,) = [e for e in history(staff_client, member_id) if e["action"] == action]
    return found


def who(user) -> dict:
    return {"id": user.pk, "username": user.username, "name": user.get_full_name() or user.username}


def post(staff_client, path: str, **data):
    return staff_client.post(path, data=data, content_type="application/json", REMOTE_ADDR=IP)


@pytest.fixture
def named_staff(staff):
    staff.first_name, staff.last_name = "Grace", "Uwase"
    staff.save()
    return staff


@pytest.mark.django_db
def test_a_visitors_application_is_the_visitors(staff_client):
    # staff_client is the test's one client: the application goes without its token.
    response = apply(staff_client, REMOTE_ADDR="41.186.7.7", HTTP_AUTHORIZATION="")
    member_id = response.json()["member"]["id"]
    created = entry(staff_client, member_id, "member.created")
    assert created["actor"] == "visitor"
    assert created["client_ip"] == "41.186.7.7"
    assert created["object_label"] == f"#{member_id}"  # never the name: it outlives an erasure
    assert created["changes"]["full_name"] == {"before": None, "after": APPLICATION["full_name"]}
    assert created["changes"]["approval_status"] == {"before": None, "after": "Pending"}
    assert "created_at" not in created["changes"] and "updated_at" not in created["changes"]


@pytest.mark.django_db
def test_an_application_entered_by_staff_is_theirs(staff_client, named_staff):
    response = post(staff_client, MEMBERS, **{**APPLICATION, "transaction_id": "MP2611-0001"})
    created = entry(staff_client, response.json()["id"], "member.created")
    assert created["actor"] == {"id": named_staff.pk, "username": named_staff.username, "name": "Grace Uwase"}
    assert created["client_ip"] == IP
    assert created["changes"]["transaction_id"] == {"before": None, "after": "MP2611-0001"}


@pytest.mark.django_db
def test_an_approval_is_recorded_with_the_number_it_gave(staff_client, staff):
    member = make_member(1)
    assert post(staff_client, f"{MEMBERS}{member.pk}/approve/").status_code == 200
    approved = entry(staff_client, member.pk, "member.approved")
    number = f"{timezone.localdate().year}-0001"
    assert (approved["actor"], approved["client_ip"]) == (who(staff), IP)
    assert approved["object_label"] == number
    changes = approved["changes"]
    assert changes["approval_status"] == {"before": "Pending", "after": "Approved"}
    assert changes["is_active_member"] == {"before": False, "after": True}
    assert changes["membership_number"] == {"before": None, "after": number}
    assert changes["decided_by"]["after"] in (staff.pk, str(staff.pk))
    assert set(changes) <= {
        "approval_status",
        "is_active_member",
        "membership_number",
        "approved_at",
        "joined_at",
        "decided_by",
        "membership_end",  # the first period's last day
    }


@pytest.mark.django_db
def test_a_rejection_is_recorded(staff_client, staff):
    member = make_member(1)
    assert post(staff_client, f"{MEMBERS}{member.pk}/reject/").status_code == 200
    rejected = entry(staff_client, member.pk, "member.rejected")
    assert (rejected["actor"], rejected["client_ip"]) == (who(staff), IP)
    assert rejected["changes"]["approval_status"] == {"before": "Pending", "after": "Rejected"}


@pytest.mark.django_db
def test_an_edit_is_recorded_with_each_field_before_and_after(staff_client, staff):
    member = make_member(1, occupation="Teacher")
    response = staff_client.put(
        f"{MEMBERS}{member.pk}/",
        data={"occupation": "Interpreter", "phone": "0788 123 456"},
        content_type="application/json",
        REMOTE_ADDR=IP,
    )
    assert response.status_code == 200
    updated = entry(staff_client, member.pk, "member.updated")
    assert (updated["actor"], updated["client_ip"]) == (who(staff), IP)
    assert updated["changes"] == {
        "occupation": {"before": "Teacher", "after": "Interpreter"},
        "phone": {"before": "+250780000001", "after": "+250788123456"},
    }


@pytest.mark.django_db
def test_making_inactive_and_active_again_are_recorded(staff_client, staff):
    member = make_member(1, approval_status="Approved", is_active_member=True)
    toggle = f"{MEMBERS}{member.pk}/toggle-active/"
    assert post(staff_client, toggle).status_code == 200
    assert post(staff_client, toggle).status_code == 200
    deactivated = entry(staff_client, member.pk, "member.deactivated")
    activated = entry(staff_client, member.pk, "member.activated")
    assert (deactivated["actor"], deactivated["client_ip"]) == (who(staff), IP)
    assert deactivated["changes"]["is_active_member"] == {"before": True, "after": False}
    assert activated["changes"]["is_active_member"] == {"before": False, "after": True}
    assert activated["at"] >= deactivated["at"]


@pytest.mark.django_db
def test_opening_a_member_is_a_read_recorded(staff_client, staff):
    member = make_member(1)
    assert staff_client.get(f"{MEMBERS}{member.pk}/", REMOTE_ADDR=IP).status_code == 200
    viewed = entry(staff_client, member.pk, "member.viewed")
    assert (viewed["actor"], viewed["client_ip"], viewed["changes"]) == (who(staff), IP, {})
    assert viewed["object_label"] == f"#{member.pk}"
    # An unknown member: 404, nothing recorded.
    assert staff_client.get(f"{MEMBERS}999999/").status_code == 404
    assert not Entry.objects.filter(verb="member.viewed", object_id=999999).exists()


@pytest.mark.django_db
def test_the_csv_export_is_recorded_with_its_rows(staff_client, staff):
    for i in range(3):
        make_member(i, approval_status="Approved" if i else "Pending")
    response = staff_client.get(f"{MEMBERS}export/", {"approval_status": "Approved"}, REMOTE_ADDR=IP)
    assert response.status_code == 200
    (export,) = staff_client.get(ACTIVITY, {"action": "export.csv"}).json()["results"]
    assert (export["actor"], export["client_ip"]) == (who(staff), IP)
    assert export["object_label"] == "members.csv"
    assert export["changes"] == {
        "export": {"before": None, "after": "members.csv"},
        "rows": {"before": None, "after": 2},
    }


@pytest.mark.django_db
def test_an_erasure_keeps_the_fact_and_erases_the_persons_values_in_old_entries(staff_client, staff):
    member_id = post(staff_client, MEMBERS, **APPLICATION).json()["id"]
    assert post(staff_client, f"{MEMBERS}{member_id}/approve/").status_code == 200
    staff_client.put(
        f"{MEMBERS}{member_id}/",
        data={"address": "KG 9 Ave, Kigali", "occupation": "Teacher"},
        content_type="application/json",
    )
    response = staff_client.delete(f"{MEMBERS}{member_id}/", REMOTE_ADDR=IP)
    assert response.status_code == 200

    entries = history(staff_client, member_id)
    assert [e["action"] for e in entries] == [
        "member.erased",
        "member.updated",
        "member.approved",
        "member.created",
    ]
    erased, updated, _approved, created = entries
    assert (erased["actor"], erased["client_ip"]) == (who(staff), IP)
    assert erased["object_id"] == member_id
    assert erased["object_label"] == f"{timezone.localdate().year}-0001"
    assert erased["changes"]["full_name"] == {"before": ERASED, "after": None}
    assert erased["changes"]["approval_status"] == {"before": "Approved", "after": None}
    assert created["changes"]["email"] == {"before": None, "after": ERASED}
    assert created["changes"]["date_of_birth"] == {"before": None, "after": ERASED}
    assert created["changes"]["membership_type"] == {"before": None, "after": "Individual"}
    assert updated["changes"] == {
        "address": {"before": ERASED, "after": ERASED},
        "occupation": {"before": "Interpreter", "after": "Teacher"},
    }
    stored = str(list(Entry.objects.filter(object_type="member").values()))
    for personal in ("Jean Bosco", "jean.bosco@example.org", "+250788222333", "KN 5 Rd", "1990-05-17"):
        assert personal not in stored, personal
