"""The public event pages carry their first data in the HTML Django serves them with."""

import json
import re

import pytest
from django.test import override_settings

from services.events import public_cache
from services.events.models import Event

from .factories import make_event


@pytest.fixture(autouse=True)
def _fresh_public_cache(settings):
    settings.PUBLIC_EVENTS_RECHECK_SECONDS = 0
    public_cache.invalidate()  # rows made directly (no worker): nothing cached by another test


@pytest.fixture
def dist(tmp_path):
    index = (
        '<!doctype html><head><meta charset="UTF-8" /><link rel="icon" href="/favicon.svg" />'
        '<meta name="viewport" content="width=device-width" /><title>Portal</title>'
        '<script type="module" src="/assets/index-1.js"></script></head><body><div id=root></div></body>'
    )
    (tmp_path / "index.html").write_text(index)
    (tmp_path / ".vite").mkdir()
    manifest = {"src/assets/events/workshop1.svg": {"file": "assets/workshop1-1.svg"}}
    (tmp_path / ".vite" / "manifest.json").write_text(json.dumps(manifest))
    with override_settings(FRONTEND_DIST=tmp_path):
        yield tmp_path


def carried(html: str) -> tuple[str, object]:
    tag = r'<script type="application/json" id="page-data" data-api="([^"]*)">(.*?)</script>'
    found = re.search(tag, html)
    assert found, "no page data in the HTML"
    return found.group(1), json.loads(found.group(2))


@pytest.mark.django_db
def test_the_events_page_carries_the_list_the_api_answers(client, dist):
    make_event("Sign language day </script><script>alert(1)</script>")
    html = client.get("/events").content.decode()
    api, events = carried(html)
    assert api == "management/public-events/"
    assert events == client.get("/api/management/public-events/").json()
    assert "<script>alert(1)" not in html  # a title cannot close the data's element


@pytest.mark.django_db
def test_the_events_page_fetches_its_first_cards_picture_first(client, dist):
    make_event("Workshop", event_image_id="workshop1")
    html = client.get("/events").content.decode()
    assert '<link rel="preload" href="/assets/workshop1-1.svg" as="image" fetchpriority="high">' in html


@pytest.mark.django_db
def test_an_event_page_carries_its_event_and_fetches_its_picture_first(client, dist):
    event = make_event(event_image_id="workshop1")
    html = client.get(f"/event/{event.pk}").content.decode()
    api = f"management/public-events/{event.pk}/"
    assert carried(html) == (api, client.get(f"/api/{api}").json())
    assert '<link rel="preload" href="/assets/workshop1-1.svg" as="image" fetchpriority="high">' in html


@pytest.mark.django_db
def test_the_sign_up_page_carries_its_event(client, dist):
    event = make_event()
    api, data = carried(client.get(f"/registration?eventId={event.pk}").content.decode())
    assert (api, data["id"]) == (f"management/public-events/{event.pk}/", event.pk)


@pytest.mark.django_db
def test_no_data_for_an_event_the_public_cannot_see_or_a_bad_id(client, dist):
    draft = make_event(status=Event.Status.DRAFT)
    for path in (f"/event/{draft.pk}", "/event/999999", "/registration?eventId=abc", "/registration"):
        assert b"page-data" not in client.get(path).content, path


@pytest.mark.django_db
@pytest.mark.parametrize(("path", "sizes"), [("/event/{pk}", "100vw"), ("/events", "300px")])
def test_an_uploaded_picture_is_fetched_first_in_the_width_the_page_will_pick(client, dist, path, sizes):
    # Uploaded pictures come in widths: the preload names them all, with the <img>'s own `sizes`,
    # so the browser fetches early the very file the page then shows (not the preset one).
    event = make_event(event_image_id="workshop1")
    event.image_variants = [
        {"name": f"a-{width}.webp", "width": width, "height": width * 9 // 16} for width in (480, 960)
    ]
    event.save(update_fields=["image_variants"])
    public_cache.invalidate()
    html = client.get(path.format(pk=event.pk)).content.decode()
    srcset = f"/api/media/events/{event.pk}/a-480.webp 480w, /api/media/events/{event.pk}/a-960.webp 960w"
    link = (
        f'<link rel="preload" href="/api/media/events/{event.pk}/a-480.webp" as="image"'
        f' imagesrcset="{srcset}" imagesizes="{sizes}" fetchpriority="high">'
    )
    assert link in html
    assert "workshop1-1.svg" not in html
    # Before the page's scripts, as the preset pictures are (in the second wave of files it would
    # cost a round trip), but after the viewport's width, which `imagesizes` depends on.
    assert html.index('name="viewport"') < html.index(link) < html.index("<script")
