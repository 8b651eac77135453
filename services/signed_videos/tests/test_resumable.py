"""The resumable upload (tus 1.0 core, creation, termination): chunks, a cut and a resume, the
finished file posted like a whole one; expired uploads swept away."""

import base64
import time

import pytest

from services.signed_videos.services import signed_video_prepare, signed_videos_sweep

from .helpers import STAFF

pytestmark = pytest.mark.django_db
UPLOADS = f"{STAFF}uploads/"
TUS = {"HTTP_TUS_RESUMABLE": "1.0.0"}


class Cut:
    """A request body whose connection drops after `data` (gunicorn raises on the next read)."""

    def __init__(self, data: bytes):
        self.data = data

    def read(self, size=-1):
        if not self.data:
            raise OSError("connection reset by peer")
        taken, self.data = self.data[:size], self.data[size:]
        return taken

    readline = read


def create(client, length: int, **headers):
    metadata = "filename " + base64.b64encode(b"signs.mp4").decode()
    return client.post(
        UPLOADS, HTTP_UPLOAD_LENGTH=str(length), HTTP_UPLOAD_METADATA=metadata, **{**TUS, **headers}
    )


def patch(client, url: str, offset: int, data: bytes, **headers):
    return client.generic(
        "PATCH",
        url,
        data=data,
        content_type="application/offset+octet-stream",
        HTTP_UPLOAD_OFFSET=str(offset),
        **{**TUS, **headers},
    )


def test_an_upload_in_chunks_cut_and_resumed_becomes_a_signed_video(staff_client, videos):
    data = videos["mp4"]
    created = create(staff_client, len(data))
    assert created.status_code == 201 and created["Tus-Resumable"] == "1.0.0"
    url = created["Location"]
    assert url.startswith(UPLOADS)

    assert patch(staff_client, url, 0, data[:10_000])["Upload-Offset"] == "10000"
    # The connection is cut after 2,345 bytes of the next 10,000-byte chunk: they are kept.
    cut = patch(
        staff_client, url, 10_000, b"-", CONTENT_LENGTH="10000", **{"wsgi.input": Cut(data[10_000:12_345])}
    )
    assert cut.get("Upload-Offset") == "12345", (cut.status_code, cut.content)
    head = staff_client.head(url, **TUS)
    assert head.status_code == 200
    assert (head["Upload-Offset"], head["Upload-Length"]) == ("12345", str(len(data)))
    assert "no-store" in head["Cache-Control"]
    # A client that resends from an offset the server has not reached is told where it is.
    assert patch(staff_client, url, 10_000, data[10_000:20_000]).status_code == 409
    done = patch(staff_client, url, 12_345, data[12_345:])
    assert done.status_code == 204 and done["Upload-Offset"] == str(len(data))

    key = url.rstrip("/").rsplit("/", 1)[1]
    response = staff_client.post(STAFF, {"target": "page:about", "upload": key})
    assert response.status_code == 202, response.content
    assert response.json()["size_bytes"] == len(data)
    assert signed_video_prepare(video_id=response.json()["id"]) == "ready"
    assert staff_client.head(url, **TUS).status_code == 404  # used up


def test_an_unfinished_upload_cannot_be_posted(staff_client, videos):
    url = create(staff_client, len(videos["mp4"]))["Location"]
    patch(staff_client, url, 0, videos["mp4"][:1000])
    key = url.rstrip("/").rsplit("/", 1)[1]
    response = staff_client.post(STAFF, {"target": "page:about", "upload": key})
    assert response.status_code == 400 and "upload" in response.json()["fields"]


def test_a_finished_upload_that_is_not_a_video_is_refused_and_removed(staff_client, settings):
    page = b"<html><body>hello</body></html>" * 10
    url = create(staff_client, len(page))["Location"]
    patch(staff_client, url, 0, page)
    key = url.rstrip("/").rsplit("/", 1)[1]
    response = staff_client.post(STAFF, {"target": "page:about", "upload": key})
    assert response.status_code == 400 and "file" in response.json()["fields"]
    assert not list((settings.DATA_DIR / "signed-videos" / "pending").iterdir())
    assert not list((settings.DATA_DIR / "signed-videos" / "uploads").iterdir())


def test_the_protocol_refusals(staff_client, settings):
    assert create(staff_client, 10, HTTP_TUS_RESUMABLE="0.2.2").status_code == 412
    settings.SIGNED_VIDEO_MAX_MB = 1
    too_big = create(staff_client, 1024 * 1024 + 1)
    assert too_big.status_code == 413 and too_big.json()["code"] == "request_too_large"
    url = create(staff_client, 10)["Location"]
    wrong_type = staff_client.generic(
        "PATCH", url, data=b"x", content_type="application/json", HTTP_UPLOAD_OFFSET="0", **TUS
    )
    assert wrong_type.status_code == 415
    assert patch(staff_client, url, 0, b"x" * 11).status_code == 400  # past its length


def test_an_upload_belongs_to_who_began_it_and_can_be_given_up(staff_client, client, videos):
    from services.accounts.tests.factories import make_user
    from services.accounts.tokens import token_pair_issue

    url = create(staff_client, 100)["Location"]
    other = {"HTTP_AUTHORIZATION": f"Bearer {token_pair_issue(user=make_user('other')).access}"}
    assert client.head(url, **TUS, **other).status_code == 404
    assert staff_client.delete(url, **TUS).status_code == 204
    assert staff_client.head(url, **TUS).status_code == 404


def test_anonymous_and_members_cannot_upload(client, videos):
    from services.accounts.tests.factories import make_user
    from services.accounts.tokens import token_pair_issue

    assert create(client, 100).status_code == 401
    member = {
        "HTTP_AUTHORIZATION": f"Bearer {token_pair_issue(user=make_user('member', staff=False)).access}"
    }
    assert create(client, 100, **member).status_code == 403
    assert client.head(f"{UPLOADS}{'a' * 32}/", **TUS).status_code == 401


def test_the_sweep_deletes_uploads_older_than_the_expiry(staff_client, settings):
    url = create(staff_client, 100)["Location"]
    patch(staff_client, url, 0, b"x" * 50)
    assert signed_videos_sweep()["uploads_expired"] == 0
    settings.SIGNED_VIDEO_UPLOAD_EXPIRY_HOURS = 0
    time.sleep(0.01)
    assert signed_videos_sweep()["uploads_expired"] == 1
    assert not list((settings.DATA_DIR / "signed-videos" / "uploads").iterdir())
