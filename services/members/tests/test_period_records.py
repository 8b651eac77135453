"""Membership periods in the audit trail (found by their member's id, the payer's transaction id
masked and erased with the member) and in a member's data export, the member's or staff's."""

import pytest

from services.audit.erasure import ERASED
from services.audit.models import Entry
from services.members.models import Member

from .helpers import make_member
from .test_my_membership import MINE, approved, bearer, signed_in

MEMBERS = "/api/management/members/"
ACTIVITY = "/api/management/activity/"


@pytest.mark.django_db
def test_a_period_is_recorded_under_its_member_and_erased_with_them(staff_client, staff):
    member = make_member(1, transaction_id="MP2611-0042", payment_method="Mobile Money")
    assert staff_client.post(f"{MEMBERS}{member.pk}/approve/").status_code == 200
    member.refresh_from_db()
    body = staff_client.get(ACTIVITY, {"object_type": "membership_period", "object_id": member.pk}).json()
    (created,) = body["results"]
    assert created["action"] == "membership_period.created"
    assert created["object_label"].startswith(member.membership_number)
    changes = created["changes"]
    assert changes["end"]["after"] == member.membership_end.isoformat()
    assert changes["payment_method"]["after"] == "Mobile Money"
    assert "created_at" not in changes

    assert staff_client.delete(f"{MEMBERS}{member.pk}/").status_code == 200
    entries = Entry.objects.filter(object_type="membership_period", object_id=member.pk)
    assert entries.count() == 2  # created, deleted: the facts stay
    for entry in entries:
        assert ERASED in entry.changes["transaction_id"]
        assert "MP2611-0042" not in str(entry.changes)


@pytest.mark.django_db
def test_staff_download_a_members_data_with_their_periods(staff_client, django_assert_max_num_queries):
    member = approved(1)
    # the staff user, the member, the periods, CPD credits, interpreter profile, offers, hours, the entry
    with django_assert_max_num_queries(8):
        response = staff_client.get(f"{MEMBERS}{member.pk}/export/")
    assert response.status_code == 200, response.content
    assert response["Content-Disposition"] == f'attachment; filename="member-{member.pk}.json"'
    assert "no-store" in response["Cache-Control"]
    data = response.json()
    assert data["member"]["email"] == member.email
    assert [(p["start"], p["end"]) for p in data["periods"]] == [
        (p.start.isoformat(), p.end.isoformat()) for p in member.periods.all()
    ]
    assert Entry.objects.filter(verb="member.exported", object_id=member.pk).count() == 1
    missing = staff_client.get(f"{MEMBERS}999999/export/")
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")


@pytest.mark.django_db
def test_a_members_own_export_holds_their_periods_and_nobody_elses(client):
    member = approved(1)
    other = approved(2)
    access = signed_in(client, member)
    data = client.get(f"{MINE}export/", **bearer(access)).json()
    assert {p["start"] for p in data["periods"]} == {p.start.isoformat() for p in member.periods.all()}
    assert len(data["periods"]) == Member.objects.get(pk=member.pk).periods.count()
    assert other.email not in str(data)
    # A member session never reaches the staff download.
    refused = client.get(f"{MEMBERS}{other.pk}/export/", **bearer(access))
    assert refused.status_code in (401, 403)
