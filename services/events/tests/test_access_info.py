"""The venue's access information (issue 27): staff write it with the event, several lines; the
event's page reads it, the lists leave it out to stay small."""

from datetime import date

import pytest

from services.events.handlers import _invalidate
from services.events.models import ACCESS_INFO_MAX, Event

from .factories import make_event

EVENTS = "/api/management/events/"
PUBLIC = "/api/management/public-events/"
ACCESS = "Step-free entrance on the east side.\nInterpreters stand left of the stage.\nQuiet room: B2."
NEW = {"title": "Door Day", "date": "2031-05-04", "location": "Huye", "status": "Published"}

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_memory_window(settings):
    settings.PUBLIC_EVENTS_RECHECK_SECONDS = 0  # see the shared cache version at once


def post(client, path, payload):
    return client.post(path, data=payload, content_type="application/json")


def put(client, path, payload):
    return client.put(path, data=payload, content_type="application/json")


def test_staff_write_it_and_every_reader_of_one_event_gets_it_back_with_its_lines(staff_client, client):
    created = post(staff_client, EVENTS, {**NEW, "access_info": f"  {ACCESS}\n"})
    assert created.status_code == 201, created.json()
    event_id = created.json()["id"]
    assert created.json()["access_info"] == ACCESS  # trimmed, the line breaks kept
    assert Event.objects.get(pk=event_id).access_info == ACCESS
    assert staff_client.get(f"{EVENTS}{event_id}/").json()["access_info"] == ACCESS
    assert client.get(f"{PUBLIC}{event_id}/").json()["access_info"] == ACCESS

    changed = put(staff_client, f"{EVENTS}{event_id}/", {"access_info": "Lift to floor 2."})
    assert changed.status_code == 200 and changed.json()["access_info"] == "Lift to floor 2."
    kept = put(staff_client, f"{EVENTS}{event_id}/", {"title": "Door Day 2"})  # not sent: kept
    assert kept.json()["access_info"] == "Lift to floor 2."
    _invalidate(None, None)  # what the worker's handler does on event.updated
    assert client.get(f"{PUBLIC}{event_id}/").json()["access_info"] == "Lift to floor 2."
    cleared = put(staff_client, f"{EVENTS}{event_id}/", {"access_info": ""})
    assert cleared.json()["access_info"] == ""


def test_an_event_without_it_says_nothing(staff_client, client):
    created = post(staff_client, EVENTS, NEW).json()
    assert created["access_info"] == ""
    assert client.get(f"{PUBLIC}{created['id']}/").json()["access_info"] == ""


def test_the_lists_leave_it_out(staff_client, client):
    make_event(access_info=ACCESS)
    assert "access_info" not in client.get(PUBLIC).json()[0]
    assert "access_info" not in client.get(f"{EVENTS}?status=Published").json()[0]
    assert "access_info" not in staff_client.get(EVENTS).json()[0]
    past = make_event("Past", date=date(2020, 1, 1), access_info=ACCESS)
    page = client.get(f"{PUBLIC}?when=past").json()["results"]
    assert [row["id"] for row in page] == [past.pk] and "access_info" not in page[0]


@pytest.mark.parametrize(
    "text",
    ["Ramp\x00", "Ramp\x1b[31m", "Ramp\x07", "Ramp\u202eevil", "Ramp\x85"],
)
def test_control_and_direction_characters_are_refused_with_the_envelope(staff_client, text):
    event = make_event()
    for response in (
        post(staff_client, EVENTS, {**NEW, "access_info": text}),
        put(staff_client, f"{EVENTS}{event.pk}/", {"access_info": text}),
    ):
        assert response.status_code == 400
        body = response.json()
        assert body["code"] == "forbidden_characters" and list(body["fields"]) == ["access_info"]
    assert Event.objects.get(pk=event.pk).access_info == ""


def test_line_breaks_and_tabs_are_text(staff_client):
    response = post(staff_client, EVENTS, {**NEW, "access_info": "Gate A\r\n\tRamp\nLift"})
    assert response.status_code == 201 and response.json()["access_info"] == "Gate A\r\n\tRamp\nLift"


def test_too_long_is_refused_on_its_field(staff_client):
    event = make_event()
    at_limit = put(staff_client, f"{EVENTS}{event.pk}/", {"access_info": "x" * ACCESS_INFO_MAX})
    assert at_limit.status_code == 200
    response = put(staff_client, f"{EVENTS}{event.pk}/", {"access_info": "x" * (ACCESS_INFO_MAX + 1)})
    assert response.status_code == 400
    assert response.json()["fields"] == {"access_info": f"Keep this under {ACCESS_INFO_MAX} characters."}
    assert Event.objects.get(pk=event.pk).access_info == "x" * ACCESS_INFO_MAX


@pytest.mark.parametrize("value", [12, ["a"], {"a": "b"}, True])
def test_not_text_is_refused_with_the_envelope(staff_client, value):
    response = post(staff_client, EVENTS, {**NEW, "access_info": value})
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error" and "access_info" in response.json()["fields"]


def test_reading_one_event_costs_no_more_queries(staff_client, client, django_assert_num_queries):
    event = make_event(access_info=ACCESS)
    with django_assert_num_queries(2):  # the event with its stored counters, its signed video
        assert client.get(f"{PUBLIC}{event.pk}/").json()["access_info"] == ACCESS


def test_the_demo_events_say_their_access_text_is_a_demo():
    from services.events.demo import seed_events

    seed_events(today=date.today())
    texts = list(Event.objects.filter(status=Event.Status.PUBLISHED).values_list("access_info", flat=True))
    assert len(texts) == 3 and all(text.startswith("Demo:") for text in texts)
    # A demo database seeded before the field existed gets it; a text staff wrote stays.
    Event.objects.filter(title="Legal Interpreting Workshop").update(access_info="")
    Event.objects.filter(title="Deaf Awareness Community Day").update(access_info="Our own words")
    seed_events(today=date.today())
    assert Event.objects.get(title="Legal Interpreting Workshop").access_info.startswith("Demo:")
    assert Event.objects.get(title="Deaf Awareness Community Day").access_info == "Our own words"
