"""The calendar file of a confirmed seat: it ends at the event's end time, else after the default
duration of the settings, and its UID names the site's host (FRONTEND_URL), never localhost."""

from datetime import UTC, datetime, time

import pytest
from icalendar import Calendar

from services.events.tests.factories import make_event, register
from services.registrations.invite import registration_invite

pytestmark = pytest.mark.django_db


def vevent(registration):
    (entry,) = Calendar.from_ical(registration_invite(registration)).walk("VEVENT")
    return entry


def test_the_invite_ends_at_the_event_s_end_time():
    event = make_event(time=time(9, 30), end_time=time(16, 15))
    (registration,) = register(event, 1)
    entry = vevent(registration)
    kigali = 2  # Africa/Kigali is UTC+2 all year
    day = event.date
    assert entry.decoded("dtstart") == datetime(day.year, day.month, day.day, 9 - kigali, 30, tzinfo=UTC)
    assert entry.decoded("dtend") == datetime(day.year, day.month, day.day, 16 - kigali, 15, tzinfo=UTC)


def test_without_an_end_time_it_lasts_the_default_duration(settings):
    settings.EVENT_DEFAULT_DURATION_HOURS = 5
    (registration,) = register(make_event(time=time(10, 0)), 1)
    entry = vevent(registration)
    assert entry.decoded("dtend") - entry.decoded("dtstart") == (
        datetime(2000, 1, 1, 15) - datetime(2000, 1, 1, 10)
    )


def test_the_uid_and_links_name_the_site_s_host(settings):
    settings.FRONTEND_URL = "https://events.rnslia.rw"
    event = make_event(time=time(10, 0))
    (registration,) = register(event, 1)
    entry = vevent(registration)
    assert str(entry["uid"]) == f"registration-{registration.pk}-event-{event.pk}@events.rnslia.rw"
    assert str(entry["url"]) == f"https://events.rnslia.rw/event/{event.pk}"
    assert "localhost" not in registration_invite(registration)
