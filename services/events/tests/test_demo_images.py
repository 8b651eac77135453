import pytest
from PIL import Image

from services.events.demo_images import artwork, seed_event_images
from services.events.models import Event

from .factories import make_event


def test_each_event_gets_its_own_drawing_and_the_same_one_every_run():
    first, alt = artwork("Legal Interpreting Workshop")
    assert artwork("Legal Interpreting Workshop") == (first, alt)
    assert artwork("Deaf Awareness Community Day")[0] != first
    assert alt.startswith("Abstract artwork: soft circles and flowing lines in ")


@pytest.mark.django_db
def test_demo_events_get_pictures_through_the_upload_pipeline(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    make_event("One")
    make_event("Two")
    assert seed_event_images() == 2
    assert seed_event_images() == 0  # idempotent: events with a picture keep it
    for event in Event.objects.all():
        assert event.image_alt.startswith("Abstract artwork")
        assert [v["width"] for v in event.image_variants] == [480, 960, 1600]
        smallest = tmp_path / "media" / "events" / str(event.pk) / event.image_variants[0]["name"]
        with Image.open(smallest) as small:
            assert (small.format, small.size) == ("WEBP", (480, 270))
