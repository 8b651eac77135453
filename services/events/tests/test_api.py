import pytest

from services.events.handlers import _invalidate
from services.events.models import Event
from services.registrations.models import Registration

from .factories import make_event, register

EVENTS = "/api/management/events/"
PUBLIC = "/api/management/public-events/"
NEW = {
    "title": "Deaf Awareness Week",
    "date": "2027-03-10",
    "location": "Kigali",
    "time": "09:30",
    "speakers": ["Ada", "Bo"],
    "price": 15000,
    "maximum_attendees": 120,
    "status": "Published",
    "agenda": [{"time": "09:30", "activity": "Opening"}],
    "faqs": [{"question": "Parking?", "answer": "Yes"}],
    "social_links": {"facebook": "https://facebook.com/rnslia", "twitter": ""},
}


@pytest.fixture(autouse=True)
def _no_memory_window(settings):
    settings.PUBLIC_EVENTS_RECHECK_SECONDS = 0  # see the shared cache version at once


def post(client, path, payload):
    return client.post(path, data=payload, content_type="application/json")


@pytest.mark.django_db
def test_staff_create_an_event_and_get_it_back_whole(staff_client, staff):
    response = post(staff_client, EVENTS, NEW)
    assert response.status_code == 201
    body = response.json()
    assert body["title"] == "Deaf Awareness Week" and body["status"] == "Published"
    assert body["date"] == "2027-03-10" and body["time"] == "09:30:00"
    assert body["price"] == 15000 and body["speakers"] == ["Ada", "Bo"]
    assert body["social_links"] == {"facebook": "https://facebook.com/rnslia"}
    assert body["event_image_id"] == "conference1"
    assert (body["total_registrations_count"], body["available_seats"]) == (0, 120)
    assert Event.objects.get().created_by == staff
    assert staff_client.get(f"{EVENTS}{body['id']}/").json() == body


@pytest.mark.django_db
def test_required_fields_message_from_the_api(staff_client):
    response = post(staff_client, EVENTS, {"title": "No date"})
    assert response.status_code == 400
    assert response.json()["detail"] == "Please fill in all required fields: Title, Date, and Location"
    assert set(response.json()["fields"]) == {"date", "location"}


@pytest.mark.django_db
def test_wrong_types_are_envelopes_not_errors(staff_client):
    response = post(staff_client, EVENTS, {**NEW, "agenda": "not a list", "latitude": {"lat": "x"}})
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error"


@pytest.mark.django_db
def test_update_keeps_unsent_fields_and_change_status_sets_any_status(staff_client):
    event = make_event(subtitle="Keep", speakers=["Ada"])
    response = staff_client.put(
        f"{EVENTS}{event.pk}/?include_all=true", data={"title": "New title"}, content_type="application/json"
    )
    assert response.status_code == 200
    assert (response.json()["title"], response.json()["subtitle"]) == ("New title", "Keep")

    changed = post(
        staff_client, f"{EVENTS}{event.pk}/change-status/?include_all=true", {"status": "Cancelled"}
    )
    assert changed.json()["status"] == "Cancelled"
    bad = post(staff_client, f"{EVENTS}{event.pk}/change-status/", {"status": "Gone"})
    assert bad.status_code == 400


@pytest.mark.django_db
def test_delete_and_missing_events(staff_client):
    event = make_event()
    assert staff_client.delete(f"{EVENTS}{event.pk}/").status_code == 200
    assert not Event.objects.exists()
    assert staff_client.get(f"{EVENTS}{event.pk}/").status_code == 404
    assert staff_client.delete(f"{EVENTS}{event.pk}/").status_code == 404
    assert staff_client.get(f"{EVENTS}abc/").json()["code"] == "not_found"


@pytest.mark.django_db
def test_plain_list_without_paging_parameters(staff_client):
    make_event("A")
    make_event("B", status=Event.Status.DRAFT)
    body = staff_client.get(f"{EVENTS}?include_all=true&_=1700000000").json()
    assert [event["title"] for event in body] == ["B", "A"]  # created_at descending


@pytest.mark.django_db
def test_search_sort_filter_and_page_in_the_database(staff_client):
    for i in range(12):
        make_event(
            f"Workshop {i:02d}",
            location="Huye" if i % 2 else "Kigali",
            days_ahead=i,
            status=Event.Status.DRAFT if i % 3 == 0 else Event.Status.PUBLISHED,
        )
    make_event("Gala", description="An evening WORKSHOP recap")

    page = staff_client.get(f"{EVENTS}?search=workshop&ordering=title&page=2&page_size=5").json()
    assert page["count"] == 13 and page["total_pages"] == 3 and page["page"] == 2
    assert [e["title"] for e in page["results"]] == [f"Workshop {i:02d}" for i in range(4, 9)]

    drafts = staff_client.get(f"{EVENTS}?status=Draft&ordering=-date&page=1&page_size=10").json()
    assert [e["title"] for e in drafts["results"]] == [
        "Workshop 09",
        "Workshop 06",
        "Workshop 03",
        "Workshop 00",
    ]

    huye = staff_client.get(f"{EVENTS}?search=HUYE&page_size=50").json()
    assert huye["count"] == 6

    past_end = staff_client.get(f"{EVENTS}?page=99&page_size=10").json()
    assert past_end["page"] == 2 and len(past_end["results"]) == 3


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["page_size=7", "page=0", "ordering=price", "status=Archived"])
def test_bad_list_parameters_are_refused_with_the_field(staff_client, query):
    response = staff_client.get(f"{EVENTS}?{query}")
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error"
    assert set(response.json()["fields"]) == {query.split("=")[0]}


@pytest.mark.django_db
def test_my_events_lists_only_the_callers(staff_client, staff):
    mine = make_event("Mine")
    Event.objects.filter(pk=mine.pk).update(created_by=staff)
    make_event("Someone else's")
    assert [e["title"] for e in staff_client.get(f"{EVENTS}my-events/").json()] == ["Mine"]


@pytest.mark.django_db
def test_counts_and_available_seats_come_from_registrations(staff_client):
    event = make_event(maximum_attendees=10)
    register(event, 3, Registration.Status.APPROVED)
    register(event, 2, Registration.Status.PENDING)
    register(event, 1, Registration.Status.REJECTED)
    body = staff_client.get(f"{EVENTS}{event.pk}/").json()
    assert (
        body["total_registrations_count"],
        body["approved_registrations_count"],
        body["pending_registrations_count"],
        body["available_seats"],
        body["open_seats"],
    ) == (5, 3, 2, 7, 5)  # the total is the seats held: a rejected registration frees its seat
    unlimited = make_event("Open")
    assert staff_client.get(f"{EVENTS}{unlimited.pk}/").json()["available_seats"] is None


@pytest.mark.django_db
def test_public_list_shows_upcoming_published_events_soonest_first(client):
    make_event("Later", days_ahead=20)
    make_event("Sooner", days_ahead=2)
    make_event("Draft", status=Event.Status.DRAFT)
    make_event("Cancelled", status=Event.Status.CANCELLED)
    make_event("Past", days_ahead=-1)
    body = client.get(PUBLIC).json()
    assert [event["title"] for event in body] == ["Sooner", "Later"]
    assert client.get(f"{EVENTS}?status=Published").json() == body  # SPEC §6: no token needed


@pytest.mark.django_db
def test_admin_list_needs_a_token_unless_it_asks_for_published(client):
    assert client.get(EVENTS).status_code == 401
    assert client.get(f"{EVENTS}?status=Draft").status_code == 401
    assert client.get(f"{EVENTS}?status=Published").status_code == 200


@pytest.mark.django_db
def test_public_detail_hides_drafts_and_keeps_cancelled_events_readable(client):
    published = make_event("Open day")
    completed = make_event("Done", status=Event.Status.COMPLETED, days_ahead=-3)
    response = client.get(f"{PUBLIC}{make_event('Draft', status=Event.Status.DRAFT).pk}/")
    assert response.status_code == 404
    assert response.json()["detail"] == "Not Found! The event you're looking for doesn't exist."
    # A cancelled event's link keeps working, and the page can say it is cancelled.
    cancelled = client.get(f"{PUBLIC}{make_event('Off', status=Event.Status.CANCELLED).pk}/")
    assert cancelled.status_code == 200
    assert (cancelled.json()["title"], cancelled.json()["status"]) == ("Off", "Cancelled")
    assert client.get(f"{PUBLIC}{published.pk}/").json()["title"] == "Open day"
    assert client.get(f"{PUBLIC}{completed.pk}/").status_code == 200
    assert client.get(f"{PUBLIC}999999/").status_code == 404


@pytest.mark.django_db
def test_public_reads_answer_304_for_a_matching_etag(client):
    make_event()
    first = client.get(PUBLIC)
    etag = first["ETag"]
    assert etag and first["Cache-Control"] == "no-cache"
    again = client.get(PUBLIC, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert client.get(PUBLIC, HTTP_IF_NONE_MATCH='"other"').status_code == 200


@pytest.mark.django_db
def test_public_list_is_cached_until_an_event_changes(client, staff_client, django_assert_num_queries):
    event = make_event("Before")
    client.get(PUBLIC)
    with django_assert_num_queries(0):
        assert client.get(PUBLIC).json()[0]["title"] == "Before"

    staff_client.put(f"{EVENTS}{event.pk}/", data={"title": "After"}, content_type="application/json")
    assert client.get(PUBLIC).json()[0]["title"] == "Before"  # the worker has not run the handler yet
    _invalidate(None, None)  # what the worker's handler does on event.updated
    assert client.get(PUBLIC).json()[0]["title"] == "After"


@pytest.mark.django_db
def test_query_counts_do_not_grow_with_the_number_of_events(staff_client, client, django_assert_num_queries):
    for i in range(3):
        register(make_event(f"E{i}"), 2)
    # auth (1) + events with their counts (1)
    with django_assert_num_queries(2):
        staff_client.get(EVENTS)
    with django_assert_num_queries(3):  # + count for the page
        staff_client.get(f"{EVENTS}?page=1&page_size=10")
    for i in range(3, 25):
        register(make_event(f"E{i}"), 2)
    with django_assert_num_queries(2):
        assert len(staff_client.get(EVENTS).json()) == 25
    with django_assert_num_queries(2):
        _invalidate(None, None)
        client.get(PUBLIC)  # rebuilt: one query for 25 events and their counts, one for their signed videos


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"time": "10:00", "end_time": "09:30"}, "The end time must be after the start time."),
        ({"time": "10:00", "end_time": "10:00"}, "The end time must be after the start time."),
        ({"time": "", "end_time": "12:00"}, "Give a start time before an end time."),
        ({"time": "10:00", "end_time": "noon"}, "Enter the time as HH:MM."),
    ],
)
@pytest.mark.django_db
def test_an_end_time_comes_after_the_start_the_same_day(staff_client, fields, message):
    body = {"title": "Workshop", "date": "2031-05-04", "location": "Huye", **fields}
    response = post(staff_client, EVENTS, body)
    assert response.status_code == 400
    assert response.json()["fields"] == {"end_time": message}


@pytest.mark.django_db
def test_the_end_time_is_kept_shown_publicly_and_checked_against_the_stored_start(staff_client, client):
    body = {"title": "Workshop", "date": "2031-05-04", "location": "Huye", "time": "10:00"}
    body["status"] = "Published"
    created = post(staff_client, EVENTS, {**body, "end_time": "16:30"})
    assert created.status_code == 201, created.json()
    event_id = created.json()["id"]
    assert created.json()["end_time"] == "16:30:00"
    assert client.get(f"{PUBLIC}{event_id}/").json()["end_time"] == "16:30:00"
    # Only the start changes, to after the stored end: refused on the end time.
    later = staff_client.put(f"{EVENTS}{event_id}/", {"time": "17:00"}, content_type="application/json")
    assert later.status_code == 400 and "end_time" in later.json()["fields"]
    cleared = staff_client.put(f"{EVENTS}{event_id}/", {"end_time": ""}, content_type="application/json")
    assert cleared.status_code == 200 and cleared.json()["end_time"] is None
