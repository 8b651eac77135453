"""As in production: the real worker prepares an upload (and the event's cached page shows it
through the outbox), and the embedded mode's gunicorn answers ranges of the file."""

import urllib.error
import urllib.request

import pytest

from conftest import process_env, start_web, stop, wait_for
from services.events.tests.factories import make_event
from services.signed_videos.services import signed_video_prepare

from .helpers import STAFF, upload

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_the_worker_prepares_the_video_and_the_events_page_shows_it(
    staff_client, client, videos, celery_worker
):
    event = make_event("Signed")
    page = f"/api/management/public-events/{event.pk}/"
    assert client.get(page).json()["signed_video"] is None  # cached
    created = upload(staff_client, videos["mp4"], target=f"event:{event.pk}").json()
    wait_for(
        lambda: staff_client.get(f"{STAFF}{created['id']}/").json()["status"] == "ready",
        timeout=60,
        what="the worker to prepare the video",
    )
    wait_for(
        lambda: client.get(page).json()["signed_video"] is not None, timeout=30, what="the page to show it"
    )
    shown = client.get(page).json()["signed_video"]
    assert shown["src"].endswith(".mp4") and shown["poster"].endswith(".webp")


def _get(url: str, **headers) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_gunicorn_answers_ranges_of_a_ready_video(staff_client, videos, tmp_path):
    created = upload(staff_client, videos["webm"], target="page:home").json()
    # Prepared here, or by the session's worker should an earlier test of this process have started one.
    signed_video_prepare(video_id=created["id"])
    wait_for(
        lambda: staff_client.get(f"{STAFF}{created['id']}/").json()["status"] == "ready",
        timeout=60,
        what="the video to be ready",
    )
    src = staff_client.get(f"{STAFF}{created['id']}/").json()["src"]
    web = start_web(process_env(), tmp_path / "web.log")
    try:
        status, headers, body = _get(f"{web.url}{src}", Range="bytes=100-1099")
        assert status == 206 and body == videos["webm"][100:1100]
        assert headers["Content-Range"] == f"bytes 100-1099/{len(videos['webm'])}"
        assert headers["Content-Type"] == "video/webm"
        assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert headers["X-Content-Type-Options"] == "nosniff"
        status, headers, _body = _get(f"{web.url}{src}", Range=f"bytes={len(videos['webm']) + 5}-")
        assert status == 416
        status, _headers, body = _get(f"{web.url}{src}")
        assert status == 200 and body == videos["webm"]
        assert staff_client.delete(f"{STAFF}{created['id']}/").status_code == 200
        assert _get(f"{web.url}{src}")[0] == 404
    finally:
        stop(web)
