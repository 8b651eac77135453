"""What the reports read from a member's decisions: the day they joined, renewals (a member who
had joined back in good standing) and the staff user behind the latest decision."""

import pytest

from .helpers import make_member

MEMBERS = "/api/management/members/"

pytestmark = pytest.mark.django_db


def _post(staff_client, member, action):
    response = staff_client.post(f"{MEMBERS}{member.pk}/{action}/")
    assert response.status_code == 200, response.json()
    member.refresh_from_db()
    return member


def test_a_first_approval_is_the_day_a_member_joined_and_names_who_approved(staff_client, staff):
    member = _post(staff_client, make_member(1), "approve")
    assert member.joined_at == member.approved_at
    assert member.decided_by == staff
    assert member.renewed_at is None


def test_approving_again_after_a_rejection_is_a_renewal_and_keeps_the_day_they_joined(staff_client, staff):
    member = _post(staff_client, make_member(1), "approve")
    joined = member.joined_at
    member = _post(staff_client, member, "reject")
    assert (member.decided_by, member.rejected_at is not None, member.renewed_at) == (staff, True, None)
    member = _post(staff_client, member, "approve")
    assert member.joined_at == joined
    assert member.renewed_at == member.approved_at and member.renewed_at > joined
    assert member.decided_by == staff


def test_making_a_lapsed_member_active_again_is_a_renewal(staff_client, staff):
    member = _post(staff_client, make_member(1), "approve")
    member = _post(staff_client, member, "toggle-active")  # lapsed: Approved, not active
    assert member.renewed_at is None
    member = _post(staff_client, member, "toggle-active")
    assert member.is_active_member and member.renewed_at == member.approved_at
    assert member.decided_by == staff


def test_activating_someone_who_never_joined_is_no_renewal(staff_client):
    member = _post(staff_client, make_member(1), "toggle-active")  # Pending and active: not a member yet
    assert (member.joined_at, member.renewed_at) == (None, None)


def test_an_edit_that_puts_a_member_back_in_good_standing_is_a_renewal(staff_client, staff):
    member = _post(staff_client, make_member(1), "approve")
    response = staff_client.put(
        f"{MEMBERS}{member.pk}/", {"is_active_member": False}, content_type="application/json"
    )
    assert response.status_code == 200
    response = staff_client.put(
        f"{MEMBERS}{member.pk}/", {"is_active_member": True}, content_type="application/json"
    )
    member.refresh_from_db()
    assert member.renewed_at is not None and member.decided_by == staff
    # An edit of other fields of a member in good standing renews nothing.
    renewed = member.renewed_at
    staff_client.put(f"{MEMBERS}{member.pk}/", {"occupation": "Trainer"}, content_type="application/json")
    member.refresh_from_db()
    assert member.renewed_at == renewed
