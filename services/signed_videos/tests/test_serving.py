"""The files of a ready video: ranges (seeking), types, a year's cache, 404 once deleted."""

import pytest

from .helpers import PUBLIC, STAFF, VTT, captions, ready_video, upload

pytestmark = pytest.mark.django_db


@pytest.fixture
def ready(staff_client, videos):
    return ready_video(staff_client, videos["mp4"])


def test_the_whole_file_with_its_type_and_a_years_cache(client, ready, videos):
    response = client.get(ready["src"])
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == videos["mp4"]
    assert response["Content-Type"] == "video/mp4"
    assert response["Content-Length"] == str(len(videos["mp4"]))
    assert response["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Accept-Ranges"] == "bytes"


@pytest.mark.parametrize(
    ("header", "first", "last"),
    [
        ("bytes=0-99", 0, 99),
        ("bytes=100-", 100, None),
        ("bytes=-50", -50, None),
        ("bytes=10-999999999", 10, None),
    ],
)
def test_a_range_answers_206_with_exactly_those_bytes(client, ready, videos, header, first, last):
    data = videos["mp4"]
    start = first if first >= 0 else len(data) + first
    end = (last if last is not None else len(data) - 1) + 1
    response = client.get(ready["src"], HTTP_RANGE=header)
    assert response.status_code == 206
    assert b"".join(response.streaming_content) == data[start:end]
    assert response["Content-Range"] == f"bytes {start}-{end - 1}/{len(data)}"
    assert response["Content-Length"] == str(end - start)
    assert response["Content-Type"] == "video/mp4"


def test_a_range_past_the_end_is_416_with_the_size(client, ready, videos):
    response = client.get(ready["src"], HTTP_RANGE=f"bytes={len(videos['mp4'])}-")
    assert response.status_code == 416
    assert response["Content-Range"] == f"bytes */{len(videos['mp4'])}"


def test_several_ranges_get_the_whole_file(client, ready, videos):
    response = client.get(ready["src"], HTTP_RANGE="bytes=0-9,20-29")
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == videos["mp4"]


def test_captions_are_served_as_utf8_webvtt(staff_client, client, ready):
    video = captions(staff_client, ready["id"], VTT).json()
    response = client.get(video["captions"][0]["src"])
    assert response.status_code == 200
    assert response["Content-Type"] == "text/vtt; charset=utf-8"
    assert b"".join(response.streaming_content) == VTT


def test_a_video_not_prepared_yet_is_not_served(staff_client, client, videos, _signed_video_storage):
    created = upload(staff_client, videos["webm"], target="page:membership").json()
    assert created["src"] is None
    assert not list(_signed_video_storage.glob("*.webm"))  # kept aside until checked whole


def test_unknown_names_are_404(client, ready):
    assert client.get("/media/signed-videos/v1-0000.mp4").status_code == 404
    assert client.get("/media/signed-videos/..%2Fdb.sqlite3").status_code == 404


def test_after_deletion_the_slot_is_empty_and_every_address_404(
    staff_client, client, ready, _signed_video_storage, django_capture_on_commit_callbacks
):
    video = captions(staff_client, ready["id"], VTT).json()
    addresses = [video["src"], video["poster"], video["captions"][0]["src"]]
    assert all(client.get(address).status_code == 200 for address in addresses)
    with django_capture_on_commit_callbacks(execute=True):
        assert staff_client.delete(f"{STAFF}{ready['id']}/").status_code == 200
    assert client.get(f"{PUBLIC}?target=page:about").json() is None
    assert all(client.get(address).status_code == 404 for address in addresses)
    assert not list(_signed_video_storage.iterdir())  # the files are gone, not only hidden
