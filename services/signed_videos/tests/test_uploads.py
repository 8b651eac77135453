"""Staff upload a video: judged by its content, prepared by the worker, refused whole."""

import pytest

from services.signed_videos.models import SignedVideo

from .helpers import PUBLIC, STAFF, ready_video, upload

pytestmark = pytest.mark.django_db


def _nothing_kept(settings, storage_folder):
    assert not SignedVideo.objects.exists()
    pending = settings.DATA_DIR / "signed-videos" / "pending"
    assert not list(pending.glob("*")) if pending.exists() else True
    assert not list(storage_folder.glob("*")) if storage_folder.exists() else True


@pytest.mark.parametrize(("kind", "content_type"), [("mp4", "video/mp4"), ("webm", "video/webm")])
def test_an_mp4_or_webm_is_accepted_and_the_worker_makes_it_public_with_a_poster(
    staff_client, client, videos, kind, content_type
):
    # The name says nothing: the content decides.
    response = upload(staff_client, videos[kind], name="whatever.bin")
    assert response.status_code == 202
    body = response.json()
    assert body["status"] == "processing" and body["src"] is None
    assert body["content_type"] == content_type and body["size_bytes"] == len(videos[kind])
    assert body["duration_seconds"] == pytest.approx(2, abs=0.1)
    assert client.get(f"{PUBLIC}?target=page:about").json() is None  # not public until prepared

    ready = ready_video(staff_client, videos[kind], target="page:home")
    assert ready["status"] == "ready"
    assert ready["src"].startswith("/media/signed-videos/") and ready["src"].endswith(f".{kind}")
    assert ready["poster"].endswith(".webp")  # made from a frame of the video
    poster = client.get(ready["poster"])
    assert poster.status_code == 200 and poster["Content-Type"] == "image/webp"
    public = client.get(f"{PUBLIC}?target=page:home").json()
    assert public == {
        "id": ready["id"],
        "src": ready["src"],
        "poster": ready["poster"],
        "captions": [],
        "transcript": None,
    }


def test_an_uploaded_poster_is_kept_instead_of_a_frame(staff_client, videos):
    from io import BytesIO

    from django.core.files.uploadedfile import SimpleUploadedFile
    from PIL import Image

    picture = BytesIO()
    Image.new("RGB", (640, 360), "navy").save(picture, "PNG")
    poster = SimpleUploadedFile("p.png", picture.getvalue(), "image/png")
    response = upload(staff_client, videos["mp4"], poster=poster)
    assert response.status_code == 202 and response.json()["poster"].endswith(".webp")


def test_a_poster_that_is_not_a_picture_is_refused(staff_client, videos, settings, _signed_video_storage):
    from django.core.files.uploadedfile import SimpleUploadedFile

    poster = SimpleUploadedFile("p.png", b"<html>not a picture</html>", "image/png")
    response = upload(staff_client, videos["mp4"], poster=poster)
    assert response.status_code == 400 and "poster" in response.json()["fields"]
    _nothing_kept(settings, _signed_video_storage)


@pytest.mark.parametrize(
    ("content", "name"),
    [
        (b"<!DOCTYPE html><html><script>alert(1)</script></html>" * 20, "clip.mp4"),
        (b"MZ\x90\x00\x03" + b"\x00" * 500, "clip.webm"),  # a Windows program
    ],
)
def test_a_renamed_page_or_program_is_refused_on_the_file_field(
    staff_client, content, name, settings, _signed_video_storage
):
    response = upload(staff_client, content, name=name)
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error"
    assert "not a video we can use" in response.json()["fields"]["file"]
    _nothing_kept(settings, _signed_video_storage)


def test_a_cut_mp4_is_refused_and_nothing_is_kept(staff_client, videos, settings, _signed_video_storage):
    cut = videos["mp4"][: len(videos["mp4"]) // 2]
    response = upload(staff_client, cut)
    assert response.status_code == 400
    assert "damaged or incomplete" in response.json()["fields"]["file"]
    _nothing_kept(settings, _signed_video_storage)


@pytest.mark.parametrize("over", [1, 2 * 1024 * 1024])  # within the form's slack; far over, refused unread
def test_a_file_over_the_limit_is_413_with_the_envelope(staff_client, settings, _signed_video_storage, over):
    settings.SIGNED_VIDEO_MAX_MB = 1
    response = upload(staff_client, b"\x00" * (1024 * 1024 + over))
    assert response.status_code == 413
    assert response.json()["code"] == "request_too_large" and "1 MB" in response.json()["detail"]
    assert response.json()["fields"] == {"file": "The limit is 1 MB."}
    _nothing_kept(settings, _signed_video_storage)


@pytest.mark.parametrize("target", ["page:contact", "event:abc", "event:999", "update:999", ""])
def test_a_target_that_is_not_a_page_an_event_or_an_update_is_refused(staff_client, videos, target):
    response = upload(staff_client, videos["mp4"], target=target)
    assert response.status_code == 400 and "target" in response.json()["fields"]


def test_one_video_per_target(staff_client, videos):
    assert upload(staff_client, videos["mp4"]).status_code == 202
    response = upload(staff_client, videos["webm"])
    assert response.status_code == 409 and "target" in response.json()["fields"]


def test_staff_find_a_targets_video_by_target_or_id(staff_client, videos):
    assert staff_client.get(f"{STAFF}?target=page:services").json() is None
    created = upload(staff_client, videos["mp4"], target="page:services").json()
    assert staff_client.get(f"{STAFF}?target=page:services").json()["id"] == created["id"]
    assert staff_client.get(f"{STAFF}{created['id']}/").json()["target"] == "page:services"
    assert staff_client.get(f"{STAFF}{created['id'] + 1}/").status_code == 404


def test_a_second_preparation_and_the_sweep_leave_a_ready_video_alone(staff_client, client, videos):
    from services.signed_videos.services import signed_video_prepare, signed_videos_sweep

    ready = ready_video(staff_client, videos["mp4"])
    assert signed_video_prepare(video_id=ready["id"]) is None
    assert signed_videos_sweep() == {"uploads_expired": 0, "pending_removed": 0, "prepared_again": 0}
    assert client.get(ready["src"]).status_code == 200


def test_two_preparations_at_once_leave_the_video_ready_once(staff_client, client, videos, monkeypatch):
    """The sweep can hand a video out again while its first task still runs: the run that finishes
    second finds the upload moved to the storage, and leaves the first run's files alone."""
    from services.signed_videos import services, storage

    created = upload(staff_client, videos["mp4"]).json()
    digest = storage.digest_of_path

    def the_other_run_finishes_first(path):
        monkeypatch.setattr(storage, "digest_of_path", digest)
        assert services.signed_video_prepare(video_id=created["id"]) == "ready"
        return digest(path)

    monkeypatch.setattr(storage, "digest_of_path", the_other_run_finishes_first)
    assert services.signed_video_prepare(video_id=created["id"]) is None
    ready = staff_client.get(f"{STAFF}{created['id']}/").json()
    assert ready["status"] == "ready"
    assert client.get(ready["src"]).status_code == 200 and client.get(ready["poster"]).status_code == 200


def test_a_preparation_lost_on_the_way_is_handed_out_again_by_the_sweep(staff_client, videos, settings):
    from datetime import timedelta

    from django.utils import timezone

    from services.signed_videos.services import signed_videos_sweep

    created = upload(staff_client, videos["mp4"]).json()
    assert signed_videos_sweep()["prepared_again"] == 0  # its task may still be on its way
    long_ago = timezone.now() - timedelta(seconds=settings.SIGNED_VIDEO_DECODE_SECONDS + 301)
    SignedVideo.objects.filter(pk=created["id"]).update(updated_at=long_ago)
    assert signed_videos_sweep()["prepared_again"] == 1
    assert signed_videos_sweep()["prepared_again"] == 0  # once per period
