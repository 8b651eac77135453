import pytest

from services.content.handlers import _invalidate_public_lists
from services.content.models import NewsItem
from services.outbox.models import OutboxMessage

from .factories import UPDATES, make_update

NEW = {
    "title": "Certification exams",
    "date": "2026-06-01",
    "description": "In Kigali and Huye.",
    "link": "https://example.org/exams",
}


def post(client, payload):
    return client.post(UPDATES, data=payload, content_type="application/json")


def put(client, update, payload):
    return client.put(f"{UPDATES}{update.pk}/", data=payload, content_type="application/json")


@pytest.mark.django_db
def test_staff_add_an_update_and_the_public_reads_it(staff_client, client):
    response = post(staff_client, {**NEW, "title": "  Certification exams "})
    assert response.status_code == 201
    body = response.json()
    assert {key: body[key] for key in NEW} == NEW
    assert client.get(UPDATES).json() == [body]
    assert client.get(f"{UPDATES}{body['id']}/").json() == body
    message = OutboxMessage.objects.get(topic="content.update_changed")
    assert message.payload == {"update_id": body["id"], "action": "created"}


@pytest.mark.django_db
def test_description_and_link_are_optional(staff_client):
    body = post(staff_client, {"title": "Office closed", "date": "2026-12-25"}).json()
    assert (body["description"], body["link"]) == ("", "")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("payload", "fields"),
    [
        ({}, {"title", "date"}),
        ({**NEW, "title": " "}, {"title"}),
        ({**NEW, "date": "01/06/2026"}, {"date"}),
        ({**NEW, "date": "2026-02-30"}, {"date"}),
        ({**NEW, "link": "javascript:alert(1)"}, {"link"}),
        ({**NEW, "link": "example.org"}, {"link"}),
        ({**NEW, "title": "x" * 201}, {"title"}),
        ({**NEW, "description": "x" * 5001}, {"description"}),
    ],
)
def test_each_rule_names_its_field(staff_client, payload, fields):
    response = post(staff_client, payload)
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error"
    assert set(response.json()["fields"]) == fields
    assert not NewsItem.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("field", ["title", "description", "link"])
def test_control_characters_are_refused(staff_client, field):
    response = post(staff_client, {**NEW, field: "x\x1b[31m"})
    assert response.status_code == 400
    assert response.json()["code"] == "forbidden_characters"
    assert set(response.json()["fields"]) == {field}


@pytest.mark.django_db
def test_edit_replaces_every_field_and_delete_removes(staff_client):
    update = make_update(description="Old", link="https://example.org/old")
    response = put(staff_client, update, {"title": "Renamed", "date": "2026-07-01"})
    assert response.status_code == 200
    assert (response.json()["title"], response.json()["description"], response.json()["link"]) == (
        "Renamed",
        "",
        "",
    )
    assert put(staff_client, update, {"title": "", "date": "2026-07-01"}).status_code == 400

    assert staff_client.delete(f"{UPDATES}{update.pk}/").json() == {"message": "Update deleted."}
    assert not NewsItem.objects.exists()
    assert staff_client.get(f"{UPDATES}{update.pk}/").status_code == 404
    actions = list(OutboxMessage.objects.order_by("created_at").values_list("payload__action", flat=True))
    assert actions == ["updated", "deleted"]


@pytest.mark.django_db
def test_writes_are_for_staff_only(client):
    from services.accounts.tests.factories import make_user
    from services.accounts.tokens import token_pair_issue

    update = make_update()
    member = f"Bearer {token_pair_issue(user=make_user('member', staff=False)).access}"
    for call in (
        lambda **h: client.post(UPDATES, NEW, "application/json", **h),
        lambda **h: client.put(f"{UPDATES}{update.pk}/", NEW, "application/json", **h),
        lambda **h: client.delete(f"{UPDATES}{update.pk}/", **h),
    ):
        assert call().status_code == 401
        assert call(HTTP_AUTHORIZATION=member).status_code == 403
    assert list(NewsItem.objects.values_list("title", flat=True)) == [update.title]


@pytest.mark.django_db
def test_newest_date_first_then_latest_written_and_pages(client):
    make_update("Older", "2026-01-10")
    make_update("Same day, first", "2026-03-01")
    make_update("Same day, second", "2026-03-01")
    make_update("Newest", "2026-04-01")
    titles = [item["title"] for item in client.get(UPDATES).json()]
    assert titles == ["Newest", "Same day, second", "Same day, first", "Older"]
    page = client.get(f"{UPDATES}?page=1&page_size=10&search=same day").json()
    assert page["count"] == 2 and [item["title"] for item in page["results"]] == titles[1:3]


@pytest.mark.django_db
def test_public_list_is_cached_until_the_handler_runs(client, staff_client, django_assert_num_queries):
    update = make_update("Before")
    client.get(UPDATES)
    with django_assert_num_queries(0):
        assert client.get(UPDATES).json()[0]["title"] == "Before"
    put(staff_client, update, {"title": "After", "date": "2026-05-01"})
    assert client.get(UPDATES).json()[0]["title"] == "Before"
    _invalidate_public_lists(None, None)
    for i in range(20):
        make_update(f"More {i}", f"2025-01-{i + 1:02d}")
    with django_assert_num_queries(2):  # the updates, their signed videos
        body = client.get(UPDATES).json()
    assert body[0]["title"] == "After" and len(body) == 21
