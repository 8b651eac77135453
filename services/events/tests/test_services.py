import pytest

from services.core.errors import ValidationFailed
from services.events.cleaning import clean_event_fields, keep_complete_rows, split_speakers
from services.events.models import Event
from services.events.services import event_change_status, event_create, event_update, events_complete_past
from services.outbox.models import OutboxMessage

from .factories import make_event

VALID = {"title": "Deaf Awareness Week", "date": "2027-03-10", "location": "Kigali"}


def topics():
    return list(OutboxMessage.objects.order_by("created_at").values_list("topic", flat=True))


def test_speakers_are_split_trimmed_and_blanks_dropped():
    assert split_speakers(" Ada , , Jean Bosco,  ") == ["Ada", "Jean Bosco"]
    assert split_speakers(["Ada", " ", " Bo "]) == ["Ada", "Bo"]
    assert split_speakers(None) == []


def test_only_complete_agenda_and_faq_rows_are_kept():
    rows = [
        {"time": "09:00", "activity": " Opening "},
        {"time": " ", "activity": "x"},
        {"time": "10:00"},
        "junk",
    ]
    assert keep_complete_rows(rows, "time", "activity") == [{"time": "09:00", "activity": "Opening"}]


@pytest.mark.django_db
def test_create_applies_defaults_and_cleaning():
    event = event_create(
        data={
            **VALID,
            "speakers": "Ada, Bo",
            "event_image_id": "nope",
            "social_links": {"facebook": " ", "twitter": "https://x.com/rnslia"},
            "faqs": [{"question": "Parking?", "answer": ""}],
            "price": "",
        }
    )
    assert event.status == "Draft"
    assert event.speakers == ["Ada", "Bo"]
    assert event.event_image_id == "conference1"
    assert event.social_links == {"twitter": "https://x.com/rnslia"}
    assert event.faqs == []
    assert event.price is None
    assert topics() == ["event.created"]


@pytest.mark.django_db
@pytest.mark.parametrize("missing", ["title", "date", "location"])
def test_title_date_and_location_are_required(missing):
    with pytest.raises(ValidationFailed) as error:
        event_create(data={**VALID, missing: "  "})
    assert error.value.message == "Please fill in all required fields: Title, Date, and Location"
    assert error.value.fields == {missing: "This field is required."}
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("maximum_attendees", 0, "Maximum attendees must be a whole number of at least 1."),
        ("maximum_attendees", "many", "Maximum attendees must be a whole number of at least 1."),
        ("price", -1, "Price must be a number of at least 0."),
        ("price", "free", "Price must be a number of at least 0."),
        ("price", "NaN", "Price must be a number of at least 0."),
        ("contact_email", "not-mail", "Enter a valid e-mail address."),
        ("date", "10/03/2027", "Enter the date as YYYY-MM-DD."),
        ("time", "9am", "Enter the time as HH:MM."),
        ("status", "Archived", "Status must be one of Draft, Published, Completed or Cancelled."),
        ("title", "t" * 201, "Keep this under 200 characters."),
    ],
)
def test_invalid_values_are_refused_with_a_message(field, value, message):
    with pytest.raises(ValidationFailed) as error:
        clean_event_fields({**VALID, field: value}, creating=True)
    assert message in error.value.fields.values()


def test_social_links_must_be_urls():
    with pytest.raises(ValidationFailed) as error:
        clean_event_fields({**VALID, "social_links": {"facebook": "javascript:alert(1)"}}, creating=True)
    assert error.value.fields == {"social_links.facebook": "Enter a valid URL."}


def test_empty_capacity_means_unlimited_and_zero_price_is_kept():
    fields = clean_event_fields(
        {**VALID, "maximum_attendees": "", "price": 0, "time": "14:30"}, creating=True
    )
    assert fields["maximum_attendees"] is None
    assert fields["price"] == 0
    assert fields["time"].isoformat() == "14:30:00"


@pytest.mark.django_db
def test_update_changes_only_sent_fields_and_keeps_status():
    event = make_event(status=Event.Status.PUBLISHED, speakers=["Ada"], subtitle="Keep me")
    event_update(event_id=event.pk, data={"title": "Renamed"})
    event.refresh_from_db()
    assert (event.title, event.subtitle, event.speakers, event.status) == (
        "Renamed",
        "Keep me",
        ["Ada"],
        "Published",
    )
    assert topics() == ["event.updated"]


@pytest.mark.django_db
def test_status_can_move_in_any_order_and_publishes_only_real_changes():
    event = make_event(status=Event.Status.COMPLETED)
    event_change_status(event_id=event.pk, status="Draft")
    event_change_status(event_id=event.pk, status="Draft")
    event_change_status(event_id=event.pk, status="Cancelled")
    event.refresh_from_db()
    assert event.status == "Cancelled"
    payloads = [
        m.payload for m in OutboxMessage.objects.filter(topic="event.status_changed").order_by("created_at")
    ]
    assert [(p["old_status"], p["new_status"]) for p in payloads] == [
        ("Completed", "Draft"),
        ("Draft", "Cancelled"),
    ]


@pytest.mark.django_db
def test_past_published_events_are_completed_by_the_nightly_task(settings):
    past = make_event("Past", days_ahead=-1)
    today = make_event("Today", days_ahead=0)
    draft = make_event("Old draft", status=Event.Status.DRAFT, days_ahead=-5)
    assert events_complete_past() == 1
    statuses = dict(Event.objects.values_list("title", "status"))
    assert statuses == {"Past": "Completed", "Today": "Published", "Old draft": "Draft"}
    assert past.pk and today.pk and draft.pk

    make_event("Another past", days_ahead=-2)
    settings.EVENTS_AUTO_COMPLETE = False
    assert events_complete_past() == 0
