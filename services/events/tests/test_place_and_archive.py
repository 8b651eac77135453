"""Each event's own place (latitude and longitude, both or neither, in range), its call for
abstracts, and the public archive of past events."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from services.events.handlers import _invalidate
from services.events.models import Event

from .factories import make_event

EVENTS = "/api/management/events/"
PUBLIC = "/api/management/public-events/"
PAST = f"{PUBLIC}?when=past"
NEW = {"title": "Workshop", "date": "2027-03-10", "location": "Hôtel des Mille Collines, Kigali"}


@pytest.fixture(autouse=True)
def _no_memory_window(settings):
    settings.PUBLIC_EVENTS_RECHECK_SECONDS = 0


def post(client, payload):
    return client.post(EVENTS, data=payload, content_type="application/json")


def put(client, event, payload):
    return client.put(f"{EVENTS}{event.pk}/", data=payload, content_type="application/json")


# The model


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("latitude", "longitude", "field"),
    [
        ("90.5", "30", "latitude"),
        ("-91", "30", "latitude"),
        ("-1.9", "180.1", "longitude"),
        ("-1.9", None, "longitude"),
        (None, "30", "latitude"),
    ],
)
def test_the_model_refuses_a_place_out_of_range_or_half_given(latitude, longitude, field):
    event = Event(title="T", location="L", date="2027-01-01", latitude=latitude, longitude=longitude)
    with pytest.raises(ValidationError) as caught:
        event.full_clean()
    assert field in caught.value.message_dict


@pytest.mark.django_db
def test_the_database_refuses_a_half_place_too():
    with pytest.raises(IntegrityError), transaction.atomic():
        make_event(latitude=Decimal("-1.9"))
    with pytest.raises(IntegrityError), transaction.atomic():
        make_event(latitude=Decimal("-95"), longitude=Decimal("30"))
    make_event(latitude=Decimal("-1.954722"), longitude=Decimal("30.093889")).full_clean()


# The API


@pytest.mark.django_db
def test_staff_give_an_event_its_own_place_and_the_api_gives_it_back(staff_client, client):
    created = post(staff_client, {**NEW, "latitude": -1.9469, "longitude": "30.0619", "status": "Published"})
    assert created.status_code == 201
    body = created.json()
    assert (body["latitude"], body["longitude"]) == (-1.9469, 30.0619)
    public = client.get(f"{PUBLIC}{body['id']}/").json()
    assert (public["latitude"], public["longitude"], public["location"]) == (
        -1.9469,
        30.0619,
        "Hôtel des Mille Collines, Kigali",
    )


@pytest.mark.django_db
def test_an_event_without_a_place_has_none_and_no_default(staff_client):
    body = post(staff_client, NEW).json()
    assert (body["latitude"], body["longitude"], body["call_for_abstracts_url"]) == (None, None, "")
    assert "coordinates" not in body


LAT = "Latitude must be a number from -90 to 90."
LNG = "Longitude must be a number from -180 to 180."
PAIR = "Give both latitude and longitude, or neither."


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("place", "field", "message"),
    [
        ({"latitude": 91, "longitude": 30}, "latitude", LAT),
        ({"latitude": "-90.000001", "longitude": 30}, "latitude", LAT),
        ({"latitude": -1.9, "longitude": -180.5}, "longitude", LNG),
        ({"latitude": "north", "longitude": 30}, "latitude", LAT),
        ({"latitude": "NaN", "longitude": 30}, "latitude", LAT),
        ({"latitude": -1.9}, "longitude", PAIR),
        ({"latitude": -1.9, "longitude": ""}, "longitude", PAIR),
        ({"longitude": 30}, "latitude", PAIR),
    ],
)
def test_a_bad_place_is_refused_on_its_field_with_the_envelope(staff_client, place, field, message):
    response = post(staff_client, {**NEW, **place})
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error"
    assert response.json()["fields"] == {field: message}
    assert response.json()["detail"] == message
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_the_ranges_edges_are_allowed_and_kept_to_six_places(staff_client):
    body = post(staff_client, {**NEW, "latitude": -90, "longitude": "180"}).json()
    assert (body["latitude"], body["longitude"]) == (-90, 180)
    body = post(staff_client, {**NEW, "latitude": "-1.95472249", "longitude": 30.0938891}).json()
    assert (body["latitude"], body["longitude"]) == (-1.954722, 30.093889)


@pytest.mark.django_db
def test_an_update_changes_or_clears_the_place_as_a_pair(staff_client):
    event = make_event(latitude=Decimal("-1.9469"), longitude=Decimal("30.0619"))
    moved = put(staff_client, event, {"latitude": "-1.943611"})  # the longitude stays the event's own
    assert (moved.json()["latitude"], moved.json()["longitude"]) == (-1.943611, 30.0619)
    half = put(staff_client, event, {"longitude": None})
    assert half.status_code == 400 and half.json()["fields"] == {
        "longitude": "Give both latitude and longitude, or neither."
    }
    cleared = put(staff_client, event, {"latitude": None, "longitude": None})
    assert (cleared.json()["latitude"], cleared.json()["longitude"]) == (None, None)
    assert put(staff_client, event, {"title": "Renamed"}).json()["latitude"] is None


@pytest.mark.django_db
def test_the_call_for_abstracts_is_the_events_own_and_checked(staff_client):
    url = "https://example.org/abstracts"
    assert post(staff_client, {**NEW, "call_for_abstracts_url": url}).json()["call_for_abstracts_url"] == url
    bad = post(staff_client, {**NEW, "call_for_abstracts_url": "javascript:alert(1)"})
    assert bad.status_code == 400 and bad.json()["fields"] == {"call_for_abstracts_url": "Enter a valid URL."}


# The archive


@pytest.mark.django_db
def test_the_archive_lists_past_events_newest_first_a_page_at_a_time(client):
    for days in (-30, -3, -90, -10, -60):
        make_event(f"Past {-days}", status=Event.Status.COMPLETED, days_ahead=days)
    make_event("Past but published", days_ahead=-1)
    make_event("Upcoming", days_ahead=5)
    make_event("Past draft", status=Event.Status.DRAFT, days_ahead=-2)
    make_event("Past cancelled", status=Event.Status.CANCELLED, days_ahead=-2)

    first = client.get(f"{PAST}&page_size=5").json()
    assert [event["title"] for event in first["results"]] == [
        "Past but published",
        "Past 3",
        "Past 10",
        "Past 30",
        "Past 60",
    ]
    assert (first["count"], first["page"], first["page_size"], first["total_pages"]) == (6, 1, 5, 2)
    second = client.get(f"{PAST}&page=2&page_size=5").json()
    assert [event["title"] for event in second["results"]] == ["Past 90"]
    # The upcoming list is unchanged by the archive.
    assert [event["title"] for event in client.get(PUBLIC).json()] == ["Upcoming"]
    assert [event["title"] for event in client.get(f"{PUBLIC}?when=upcoming").json()] == ["Upcoming"]


@pytest.mark.django_db
def test_the_archive_answers_bad_paging_with_the_envelope(client):
    make_event("Old", status=Event.Status.COMPLETED, days_ahead=-3)
    for query, status, field in (
        ("&page_size=7", 400, "page_size"),
        ("&page=0", 400, "page"),
        ("&page=x", 400, "page"),
    ):
        response = client.get(f"{PAST}{query}")
        assert response.status_code == status, query
        assert list(response.json()["fields"]) == [field], query
    assert client.get(f"{PAST}&page=999").json()["page"] == 1  # past the end: the last page
    bad_when = client.get(f"{PUBLIC}?when=someday")
    assert bad_when.status_code == 400
    assert bad_when.json()["fields"] == {"when": "Not one of the allowed values."}


@pytest.mark.django_db
def test_the_archive_is_cached_and_does_not_grow_queries_with_events(client, django_assert_num_queries):
    for i in range(3):
        make_event(f"Old {i}", status=Event.Status.COMPLETED, days_ahead=-3 - i)
    with django_assert_num_queries(
        3
    ):  # the count and the page (counters stored on the events), signed videos
        client.get(PAST)
    with django_assert_num_queries(0):
        client.get(PAST)
    for i in range(3, 20):
        make_event(f"Old {i}", status=Event.Status.COMPLETED, days_ahead=-3 - i)
    _invalidate(None, None)
    with django_assert_num_queries(3):
        assert client.get(PAST).json()["count"] == 20


# The demo events


@pytest.mark.django_db
def test_the_demo_events_have_their_own_places_in_rwanda():
    from datetime import date

    from services.events.demo import seed_events

    seed_events(today=date.today())
    public = Event.objects.filter(status=Event.Status.PUBLISHED)
    places = [(event.latitude, event.longitude) for event in public]
    assert len(places) == 3 and None not in {lat for lat, _ in places}
    assert len(set(places)) == 3  # each its own venue
    for lat, lng in places:  # Rwanda lies within 1°S-2.9°S, 28.8°E-31°E
        assert Decimal("-2.9") < lat < Decimal("-1") and Decimal("28.8") < lng < Decimal("31")
    # An event without a known point has no place rather than someone else's.
    assert Event.objects.get(location="Online").latitude is None


@pytest.mark.django_db
def test_seeding_again_gives_old_demo_rows_their_place_and_keeps_a_place_staff_set():
    from datetime import date

    from services.events.demo import seed_events

    seed_events(today=date.today())
    Event.objects.filter(title="Legal Interpreting Workshop").update(latitude=None, longitude=None)
    Event.objects.filter(title="Deaf Awareness Community Day").update(
        latitude=Decimal("-1.5"), longitude=Decimal("29.6")
    )
    seed_events(today=date.today())
    workshop = Event.objects.get(title="Legal Interpreting Workshop")
    assert (workshop.latitude, workshop.longitude) == (Decimal("-1.946900"), Decimal("30.061900"))
    day = Event.objects.get(title="Deaf Awareness Community Day")
    assert (day.latitude, day.longitude) == (Decimal("-1.500000"), Decimal("29.600000"))
