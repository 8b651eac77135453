import io
import zlib
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, TestCase
from PIL import Image

from services.events.handlers import _invalidate
from services.events.models import Event
from services.outbox.models import OutboxMessage

from .factories import make_event

EVENTS = "/api/management/events/"
PUBLIC = "/api/management/public-events/"
NOT_AN_IMAGE = "This file is not a picture we can use. Upload a JPEG, PNG or WebP image."


@pytest.fixture
def visitor():
    """A browser without the staff token (the `client` fixture is the one staff_client signs in)."""
    return Client()


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.PUBLIC_EVENTS_RECHECK_SECONDS = 0
    return settings.MEDIA_ROOT


def picture(width=2000, height=1000, *, kind="JPEG", color=(200, 80, 40), exif=None) -> bytes:
    image = Image.new("RGB", (width, height), color)
    image.paste((20, 120, 200), (0, 0, width // 2, height // 3))  # not one flat colour
    buffer = io.BytesIO()
    options = {"exif": exif} if exif is not None else {}
    image.save(buffer, kind, **options)
    return buffer.getvalue()


def upload_file(data: bytes, name="photo.jpg", content_type="image/jpeg"):
    return SimpleUploadedFile(name, data, content_type=content_type)


def send(client, event, data=None, *, alt="Interpreters on stage at the opening", name="photo.jpg"):
    fields = {"image_alt": alt}
    if data is not None:
        fields["image"] = upload_file(data, name)
    with TestCase.captureOnCommitCallbacks(execute=True):  # old files go once the change is committed
        return client.post(f"{EVENTS}{event.pk}/image/", data=fields)


def stored(media: Path) -> list[Path]:
    return sorted(path for path in media.rglob("*") if path.is_file())


@pytest.mark.django_db
def test_staff_upload_a_picture_and_the_public_page_offers_it_in_three_widths(staff_client, visitor, _media):
    event = make_event()
    response = send(staff_client, event, picture())
    assert response.status_code == 200, response.content
    image = response.json()["image"]
    assert image["alt"] == "Interpreters on stage at the opening"
    assert [(v["width"], v["height"]) for v in image["variants"]] == [(480, 240), (960, 480), (1600, 800)]
    assert all(v["url"].startswith(f"/api/media/events/{event.pk}/") for v in image["variants"])
    assert len(stored(_media)) == 3
    assert OutboxMessage.objects.filter(topic="event.updated").exists()

    _invalidate(None, None)
    public = visitor.get(f"{PUBLIC}{event.pk}/").json()
    assert public["image"] == image
    assert public["event_image_id"] == event.event_image_id  # still there: the fallback

    served = visitor.get(image["variants"][0]["url"])
    assert served.status_code == 200
    assert served["Content-Type"] == "image/webp"
    assert served["Cache-Control"] == "public, max-age=31536000, immutable"
    with Image.open(io.BytesIO(b"".join(served.streaming_content))) as small:
        assert (small.format, small.size) == ("WEBP", (480, 240))


@pytest.mark.django_db
def test_a_narrow_picture_is_never_enlarged(staff_client):
    event = make_event()
    image = send(staff_client, event, picture(700, 400, kind="PNG"), name="a.png").json()["image"]
    assert [v["width"] for v in image["variants"]] == [480, 700]


@pytest.mark.django_db
def test_the_camera_s_metadata_is_dropped_and_the_picture_turned_upright(staff_client, _media):
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: rotate 90° clockwise to display
    exif[0x010F] = "Secret Camera Maker"
    event = make_event()
    image = send(staff_client, event, picture(1200, 600, exif=exif.tobytes())).json()["image"]
    # Stored upright: 600 wide, 1200 high.
    assert [(v["width"], v["height"]) for v in image["variants"]] == [(480, 960), (600, 1200)]
    for path in stored(_media):
        assert b"Secret Camera Maker" not in path.read_bytes()
        with Image.open(path) as written:
            assert not written.getexif()


@pytest.mark.parametrize(
    "data, name",
    [
        (b"<html><script>alert(1)</script></html>", "photo.jpg"),
        (b"%PDF-1.4 not a picture", "photo.png"),
        (b"\xff\xd8\xff\xe0" + b"truncated jpeg", "photo.jpg"),
    ],
)
@pytest.mark.django_db
def test_what_is_not_a_picture_is_refused_by_its_content(staff_client, _media, data, name):
    event = make_event()
    response = send(staff_client, event, data, name=name)
    assert response.status_code == 400
    assert response.json()["detail"] == NOT_AN_IMAGE
    assert response.json()["fields"] == {"image": NOT_AN_IMAGE}
    assert stored(_media) == [] and Event.objects.get().image_variants == []


@pytest.mark.django_db
def test_a_gif_renamed_to_jpg_is_refused(staff_client):
    buffer = io.BytesIO()
    Image.new("RGB", (800, 600), "red").save(buffer, "GIF")
    response = send(staff_client, make_event(), buffer.getvalue())
    assert response.json()["fields"] == {"image": NOT_AN_IMAGE}


def png_bomb(width: int, height: int) -> bytes:
    """A small PNG whose header announces a huge picture (its pixels compress to almost nothing)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return len(body).to_bytes(4, "big") + kind + body + zlib.crc32(kind + body).to_bytes(4, "big")

    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([1, 0, 0, 0, 0])
    rows = zlib.compress(b"\x00" * 1000)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


@pytest.mark.django_db
def test_a_decompression_bomb_is_refused_before_it_is_decoded(staff_client, _media):
    bomb = png_bomb(100_000, 100_000)
    assert len(bomb) < 200
    response = send(staff_client, make_event(), bomb, name="bomb.png")
    assert response.status_code == 400
    too_many = "This image has too many pixels. The limit is 40 megapixels."
    assert response.json()["fields"] == {"image": too_many}
    assert stored(_media) == []


@pytest.mark.django_db
def test_a_file_over_the_size_limit_is_refused(staff_client, settings, _media):
    settings.EVENT_IMAGE_UPLOAD_MAX_MB = 1
    big = picture(1000, 600) + b"\x00" * (1024 * 1024)
    response = send(staff_client, make_event(), big)
    assert response.status_code == 400
    assert response.json()["fields"] == {"image": "This image is too large. The limit is 1 MB."}
    assert stored(_media) == []


@pytest.mark.django_db
def test_a_tiny_picture_is_refused(staff_client):
    response = send(staff_client, make_event(), picture(300, 150))
    assert response.json()["fields"]["image"].startswith("This image is too small.")


@pytest.mark.parametrize(
    "alt, message",
    [
        ("   ", "Please describe the image for people who cannot see it."),
        ("first line\nsecond line", "Please write the description on one line."),
        ("x" * 251, "Please keep the description under 250 characters."),
    ],
)
@pytest.mark.django_db
def test_the_description_is_required_and_one_line(staff_client, _media, alt, message):
    response = send(staff_client, make_event(), picture(), alt=alt)
    assert response.status_code == 400
    assert response.json()["fields"] == {"image_alt": message}
    assert stored(_media) == []


@pytest.mark.django_db
def test_control_characters_in_the_description_are_refused(staff_client):
    response = send(staff_client, make_event(), picture(), alt="Stage\x1b[31m")
    assert response.status_code == 400
    assert response.json()["code"] == "forbidden_characters"


@pytest.mark.django_db
def test_a_description_alone_needs_a_picture_first(staff_client):
    response = send(staff_client, make_event())
    assert response.json()["fields"] == {"image": "Choose an image to upload."}


@pytest.mark.django_db
def test_replacing_deletes_the_old_files_and_editing_the_description_keeps_them(staff_client, _media):
    event = make_event()
    first = send(staff_client, event, picture(color=(10, 10, 10))).json()["image"]
    first_files = stored(_media)
    second = send(staff_client, event, picture(color=(250, 250, 0))).json()["image"]
    assert second["variants"] != first["variants"]
    assert len(stored(_media)) == 3 and not set(first_files) & set(stored(_media))

    relabelled = send(staff_client, event, alt="A yellow banner").json()["image"]
    assert relabelled == {**second, "alt": "A yellow banner"}

    # The same picture sent again keeps its files (same content, same names).
    again = send(staff_client, event, picture(color=(250, 250, 0))).json()["image"]
    assert again["variants"] == second["variants"] and len(stored(_media)) == 3


@pytest.mark.django_db
def test_removing_goes_back_to_the_fixed_picture_and_deletes_the_files(staff_client, visitor, _media):
    event = make_event()
    url = send(staff_client, event, picture()).json()["image"]["variants"][0]["url"]
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = staff_client.delete(f"{EVENTS}{event.pk}/image/")
    assert response.status_code == 200
    assert response.json()["image"] is None and response.json()["event_image_id"] == event.event_image_id
    assert stored(_media) == []
    missing = visitor.get(url)
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


@pytest.mark.django_db
def test_deleting_the_event_deletes_its_picture(staff_client, _media):
    event = make_event()
    send(staff_client, event, picture())
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert staff_client.delete(f"{EVENTS}{event.pk}/").status_code == 200
    assert stored(_media) == []


@pytest.mark.django_db
def test_only_staff_may_upload_or_remove(client, _media):
    event = make_event()
    assert send(client, event, picture()).status_code == 401
    assert client.delete(f"{EVENTS}{event.pk}/image/").status_code == 401
    assert stored(_media) == []


@pytest.mark.django_db
def test_an_unknown_event_or_file_name_is_a_404(staff_client, visitor):
    assert send(staff_client, type("E", (), {"pk": 999})(), picture()).status_code == 404
    assert visitor.get("/api/media/events/1/../../db.sqlite3").status_code == 404
    assert visitor.get("/api/media/events/1/0123456789abcdef0123-480.webp").status_code == 404


@pytest.mark.django_db
def test_the_list_costs_the_same_queries_with_pictures(staff_client, visitor, django_assert_num_queries):
    for i in range(3):
        send(staff_client, make_event(f"E{i}"), picture(800, 400))
    with django_assert_num_queries(2):  # auth + events with their counts
        body = staff_client.get(EVENTS).json()
    assert all(event["image"] for event in body)
    with django_assert_num_queries(2):  # the events, their signed videos
        _invalidate(None, None)
        assert all(event["image"] for event in visitor.get(PUBLIC).json())


@pytest.mark.django_db
def test_an_event_deleted_during_the_upload_leaves_no_files(staff_client, _media, monkeypatch):
    from services.events import image_services, images

    event = make_event()
    store = images.store

    def store_then_delete(event_id, upload):
        written = store(event_id, upload)
        Event.objects.filter(pk=event_id).delete()  # another staff member deletes it meanwhile
        return written

    monkeypatch.setattr(image_services.images, "store", store_then_delete)
    response = send(staff_client, event, picture())
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert stored(_media) == []
