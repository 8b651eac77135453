"""Each public event and update carries its signed video (or null), without a query per item;
the public read has its own rate limit; staff routes refuse visitors and members."""

import pytest

from services.content.handlers import _invalidate_public_lists
from services.content.tests.factories import make_update
from services.events.handlers import _invalidate, _signed_videos_invalidate
from services.events.tests.factories import make_event

from .helpers import PUBLIC, STAFF, VTT, captions, ready_video, upload

pytestmark = pytest.mark.django_db
EVENTS = "/api/management/public-events/"
UPDATES = "/api/updates/"


def test_events_list_and_page_carry_their_signed_video_in_two_queries_however_many(
    staff_client, client, videos, django_assert_num_queries
):
    events = [make_event(f"E{i}") for i in range(3)]
    video = ready_video(staff_client, videos["mp4"], target=f"event:{events[1].pk}")
    captions(staff_client, video["id"], VTT, "rw")
    _invalidate(None, None)  # what the worker's handler does on signed_video.changed
    expected = client.get(f"{PUBLIC}?target=event:{events[1].pk}").json()
    assert expected["captions"][0]["language"] == "rw"

    with django_assert_num_queries(3):  # events with counts, videos, captions
        listed = client.get(EVENTS).json()
    assert [event["signed_video"] for event in listed] == [None, expected, None]
    assert client.get(f"{EVENTS}{events[1].pk}/").json()["signed_video"] == expected
    assert client.get(f"{EVENTS}{events[0].pk}/").json()["signed_video"] is None

    for i in range(3, 12):
        ready_video(staff_client, videos["mp4"], target=f"event:{make_event(f'E{i}').pk}")
    _invalidate(None, None)
    with django_assert_num_queries(3):
        listed = client.get(EVENTS).json()
    assert sum(event["signed_video"] is not None for event in listed) == 10


def test_updates_carry_their_signed_video(staff_client, client, videos, django_assert_num_queries):
    updates = [make_update(f"U{i}") for i in range(3)]
    ready_video(staff_client, videos["webm"], target=f"update:{updates[0].pk}")
    _invalidate_public_lists(None, None)
    with django_assert_num_queries(3):  # updates, videos, captions
        listed = client.get(UPDATES).json()
    with_video = {item["id"]: item["signed_video"] for item in listed}
    assert with_video[updates[0].pk]["src"].endswith(".webm")
    assert with_video[updates[1].pk] is None
    assert client.get(f"{UPDATES}{updates[0].pk}/").json()["signed_video"] == with_video[updates[0].pk]
    paged = client.get(f"{UPDATES}?page=1&page_size=10").json()["results"]
    assert {item["id"]: item["signed_video"] for item in paged} == with_video


def test_deleting_an_update_or_an_event_deletes_its_signed_video(staff_client, client, videos):
    update = make_update("Gone")
    ready_video(staff_client, videos["mp4"], target=f"update:{update.pk}")
    assert staff_client.delete(f"{UPDATES}{update.pk}/").status_code == 200
    assert client.get(f"{PUBLIC}?target=update:{update.pk}").json() is None
    event = make_event("Gone too")
    upload(staff_client, videos["mp4"], target=f"event:{event.pk}")
    assert staff_client.delete(f"/api/management/events/{event.pk}/").status_code == 200
    assert staff_client.get(f"{STAFF}?target=event:{event.pk}").json() is None


def test_a_draft_events_video_stays_staffs_until_the_event_is_public(staff_client, client, videos):
    event = make_event("Draft", status="Draft")
    ready_video(staff_client, videos["mp4"], target=f"event:{event.pk}")
    assert client.get(f"{PUBLIC}?target=event:{event.pk}").json() is None
    event.status = "Published"
    event.save()
    _signed_videos_invalidate(None, None)  # what the worker's handler does on event.status_changed
    assert client.get(f"{PUBLIC}?target=event:{event.pk}").json()["src"].endswith(".mp4")


def test_the_public_read_refuses_a_malformed_target(client):
    assert client.get(f"{PUBLIC}?target=page:nowhere").json()["fields"] == {
        "target": "This is not a page, an event or an update."
    }
    assert client.get(PUBLIC).status_code == 400


def test_the_public_read_has_its_own_rate_limit(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signed_video": "2/m"}
    assert client.get(f"{PUBLIC}?target=page:home").status_code == 200
    assert client.get(f"{PUBLIC}?target=page:home").status_code == 200
    assert client.get(f"{PUBLIC}?target=page:home").status_code == 429


def test_visitors_and_members_cannot_use_the_staff_routes(client, videos):
    from services.accounts.tests.factories import make_user
    from services.accounts.tokens import token_pair_issue

    member = {"HTTP_AUTHORIZATION": f"Bearer {token_pair_issue(user=make_user('m', staff=False)).access}"}
    for headers, status in (({}, 401), (member, 403)):
        assert upload(client, videos["mp4"], **headers).status_code == status
        assert client.get(f"{STAFF}?target=page:home", **headers).status_code == status
        assert client.delete(f"{STAFF}1/", **headers).status_code == status
        assert captions(client, 1, VTT, **headers).status_code == status
