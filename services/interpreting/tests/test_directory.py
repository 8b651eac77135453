"""The public directory (docs/interpreting.md, The directory): listed profiles only, filters in
any capitals, paged in the database, one answer per page from the cache, and the privacy walk."""

from datetime import date

import pytest

from services.interpreting import public_cache
from services.interpreting.models import InterpreterProfile
from services.members.models import Member

from .helpers import listed_profile

pytestmark = pytest.mark.django_db
LIST = "/api/interpreters/"


@pytest.fixture(autouse=True)
def _fresh_cache():
    public_cache.invalidate()
    yield
    public_cache.invalidate()


def names(response):
    assert response.status_code == 200, response.content
    return [item["display_name"] for item in response.json()["results"]]


def test_only_listed_consenting_visible_approved_profiles_are_public(client):
    listed_profile(1)
    listed_profile(2, listed=False)
    listed_profile(3, hidden=True)
    listed_profile(4, consent_at=None)
    rejected = listed_profile(5)
    Member.objects.filter(pk=rejected.member_id).update(approval_status="Rejected")
    lapsed = listed_profile(6)
    Member.objects.filter(pk=lapsed.member_id).update(membership_end=date(2020, 1, 1))
    assert names(client.get(LIST)) == ["Interpreter 0001"]


def test_filters_accept_any_capitals_and_combine(client):
    listed_profile(1, districts=["Gasabo", "Huye"], settings=["medical"], spoken_languages=["English"])
    listed_profile(2, districts=["Huye"], settings=["education"], sign_languages=["International Sign"])
    listed_profile(3, districts=["Musanze"], settings=["medical"])
    assert names(client.get(LIST, {"district": "HUYE"})) == ["Interpreter 0001", "Interpreter 0002"]
    assert names(client.get(LIST, {"district": "huye", "setting": "MEDICAL"})) == ["Interpreter 0001"]
    assert names(client.get(LIST, {"language": "international sign"})) == ["Interpreter 0002"]
    assert names(client.get(LIST, {"language": "english"})) == ["Interpreter 0001"]
    assert names(client.get(LIST, {"setting": "deafblind / tactile"})) == []


@pytest.mark.parametrize(
    ("field", "value"), [("district", "Atlantis"), ("language", "Klingon"), ("setting", "space")]
)
def test_an_unknown_filter_value_answers_the_envelope_naming_the_field(client, field, value):
    response = client.get(LIST, {field: value})
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error"
    assert field in response.json()["fields"]


def test_bad_paging_answers_the_envelope(client):
    assert client.get(LIST, {"page": 0}).status_code == 400
    assert client.get(LIST, {"page_size": 1000}).status_code == 400
    assert client.get(LIST, {"page": "x"}).status_code == 400
    assert client.get(LIST, {"district": "Gas\x00abo"}).status_code == 400


def test_the_list_is_paged_in_the_database_without_n_plus_one(client, django_assert_max_num_queries):
    for i in range(30):
        listed_profile(i + 1, show_phone=True, show_email=True, verified_at=None)
    with django_assert_max_num_queries(3):
        body = client.get(LIST, {"page": 2, "page_size": 12}).json()
    assert body["count"] == 30 and body["total_pages"] == 3 and len(body["results"]) == 12
    assert body["results"][0]["display_name"] == "Interpreter 0013"
    with django_assert_max_num_queries(0):  # the same page again: from the cache
        assert client.get(LIST, {"page": 2, "page_size": 12}).json() == body


def test_phone_and_email_only_when_chosen(client):
    listed_profile(1, show_phone=True)
    listed_profile(2, show_email=True)
    listed_profile(3)
    items = {item["display_name"]: item for item in client.get(LIST).json()["results"]}
    assert (
        items["Interpreter 0001"]["phone"] == "+250780000001" and items["Interpreter 0001"]["email"] is None
    )
    assert (
        items["Interpreter 0002"]["email"] == "m2@example.org" and items["Interpreter 0002"]["phone"] is None
    )
    assert items["Interpreter 0003"]["phone"] is None and items["Interpreter 0003"]["email"] is None


def test_privacy_walk_of_every_public_endpoint(client):
    """No public answer carries the address, phone, e-mail or name of anyone who did not consent
    to show it, listed or not."""
    shown = listed_profile(1, show_phone=True, show_email=True)
    quiet = listed_profile(2)
    unlisted = listed_profile(3, listed=False, show_phone=True, show_email=True)
    hidden = listed_profile(4, hidden=True, show_phone=True, show_email=True)
    for i, profile in enumerate((shown, quiet, unlisted, hidden)):
        Member.objects.filter(pk=profile.member_id).update(address=f"KG {500 + i} St, house {i}")
        profile.member.refresh_from_db()
    secrets = []
    for profile in (quiet, unlisted, hidden):
        member = profile.member
        secrets += [member.email, member.phone, member.address, member.full_name]
    for profile in (unlisted, hidden):
        secrets.append(profile.display_name)
    secrets += [shown.member.address, shown.member.full_name]
    bodies = [
        client.get(LIST).content,
        client.get(LIST, {"district": "Gasabo"}).content,
        client.get("/api/interpreters/districts/").content,
        *(client.get(f"/api/interpreters/{p.pk}/").content for p in (shown, quiet, unlisted, hidden)),
    ]
    for body in bodies:
        text = body.decode()
        for secret in secrets:
            assert secret not in text, secret
    for profile in (unlisted, hidden):
        response = client.get(f"/api/interpreters/{profile.pk}/")
        assert response.status_code == 404 and response.json()["code"] == "not_found"


def test_one_interpreter_has_the_shape_of_a_list_item(client):
    profile = listed_profile(1)
    item = client.get(f"/api/interpreters/{profile.pk}/").json()
    assert item == client.get(LIST).json()["results"][0]
    assert set(item) == {
        "id", "display_name", "photo_url", "sign_languages", "spoken_languages", "districts", "settings",
        "certification_level", "years_of_practice", "bio", "verified", "phone", "email",
    }  # fmt: skip
    assert client.get("/api/interpreters/999999/").status_code == 404


def test_the_districts_and_one_interpreter_cost_one_query_each(client, django_assert_num_queries):
    profiles = [listed_profile(i + 1, districts=["Gasabo", "Huye"]) for i in range(20)]
    with django_assert_num_queries(1):
        assert client.get("/api/interpreters/districts/").status_code == 200
    with django_assert_num_queries(1):
        assert client.get(f"/api/interpreters/{profiles[3].pk}/").status_code == 200
    with django_assert_num_queries(0):  # both from the cache now
        client.get("/api/interpreters/districts/")
        client.get(f"/api/interpreters/{profiles[3].pk}/")


def test_districts_count_listed_interpreters_with_the_map_centres(client):
    listed_profile(1, districts=["Gasabo", "Huye"])
    listed_profile(2, districts=["Gasabo"])
    listed_profile(3, districts=["Huye"], listed=False)
    rows = client.get("/api/interpreters/districts/").json()
    assert len(rows) == 30
    by_name = {row["district"]: row for row in rows}
    assert by_name["Gasabo"]["interpreters"] == 2 and by_name["Huye"]["interpreters"] == 1
    assert by_name["Rusizi"]["interpreters"] == 0
    assert by_name["Gasabo"]["province"] == "Kigali City" and -3 < by_name["Gasabo"]["latitude"] < -1


def test_the_list_answers_an_etag_and_304(client):
    listed_profile(1)
    first = client.get(LIST)
    again = client.get(LIST, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_profile_tags_follow_a_change(client):
    profile = listed_profile(1, districts=["Gasabo"])
    profile.districts = ["Huye"]
    profile.save()
    assert InterpreterProfile.objects.serving(district="huye").count() == 1
