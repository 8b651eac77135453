"""Staff's list of every profile, verify, hide and unhide (with their trail)."""

import pytest

from services.audit.models import Entry
from services.interpreting import public_cache
from services.registrations.tests.helpers import deliver_all

from .helpers import listed_profile

pytestmark = pytest.mark.django_db
STAFF = "/api/management/interpreters/"


@pytest.fixture(autouse=True)
def _fresh_cache():
    public_cache.invalidate()
    yield
    public_cache.invalidate()


def test_staff_see_every_profile_paged_without_n_plus_one(staff_client, django_assert_max_num_queries):
    for i in range(12):
        listed_profile(i + 1, listed=i % 2 == 0)
    with django_assert_max_num_queries(6):  # the session's user, the count, the page
        body = staff_client.get(STAFF, {"page": 2, "page_size": 10}).json()
    assert body["count"] == 12 and len(body["results"]) == 2
    assert staff_client.get(STAFF, {"status": "unlisted"}).json()["count"] == 6
    assert staff_client.get(STAFF, {"search": "0003"}).json()["count"] == 1
    refused = staff_client.get(STAFF, {"status": "everything"})
    assert refused.status_code == 400 and "status" in refused.json()["fields"]


def test_verify_hide_unhide_with_who_and_when_and_the_public_list_follows(staff_client, staff, client):
    # (client is staff_client: the public list answers staff and visitors alike)
    profile = listed_profile(1)
    verified = staff_client.post(f"{STAFF}{profile.member_id}/verify/").json()
    assert (
        verified["verified"] is True and verified["verified_by"] == staff.username and verified["verified_at"]
    )
    deliver_all()
    assert client.get("/api/interpreters/").json()["results"][0]["verified"] is True

    hidden = staff_client.post(f"{STAFF}{profile.member_id}/hide/").json()
    assert hidden["hidden_by"] == staff.username and hidden["public"] is False
    deliver_all()
    assert client.get("/api/interpreters/").json()["count"] == 0
    entries = Entry.objects.filter(verb__in=["interpreter.verified", "interpreter.hidden"])
    assert entries.count() == 2
    # Named by the membership number, never by a name that would outlive an erasure.
    assert {entry.object_repr for entry in entries} == {profile.member.membership_number}


def test_unhide(staff_client):
    profile = listed_profile(1, hidden=True)
    body = staff_client.post(f"{STAFF}{profile.member_id}/unhide/").json()
    assert body["hidden_at"] is None and body["public"] is True
    assert Entry.objects.filter(verb="interpreter.unhidden").count() == 1


def test_a_member_without_profile_answers_404_and_anonymous_401(staff_client, client):
    assert staff_client.post(f"{STAFF}999/verify/").status_code == 404
    staff_client.defaults.pop("HTTP_AUTHORIZATION")
    assert client.post(f"{STAFF}1/hide/").status_code == 401
    assert client.get(STAFF).status_code == 401
