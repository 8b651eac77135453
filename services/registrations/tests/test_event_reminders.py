"""Reminders of the event, 7 days and 1 day before its start: each Approved seat gets each once,
whatever runs the sweep; a sweep that was down catches up with the latest one only, never after
the start; a seat approved late gets only those still ahead of it. Staff see which went out."""

import email
from datetime import UTC, datetime, time, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from conftest import process_env
from services.core.tests.children import database, in_child, manage, released_together
from services.events.tests.factories import make_event
from services.notifications.models import Notification
from services.notifications.services import notifications_sweep, render_email
from services.registrations import tickets
from services.registrations.models import EventReminder, Registration
from services.registrations.reminders import event_reminders_send, reminder_for

from .helpers import decide, person, register

HOURS = {"7_days": 168, "1_day": 24}
START = datetime(2027, 3, 10, 9, 30, tzinfo=UTC)


def at(**before) -> datetime:
    return START - timedelta(**before)


# --- The rule (pure) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("approved", "now", "due"),
    [
        (at(days=30), at(days=8), None),  # no point passed yet
        (at(days=30), at(days=7, minutes=-1), "7_days"),
        (at(days=30), at(days=2), "7_days"),
        (at(days=30), at(hours=23), "1_day"),  # catching up: the later reminder replaces the first
        (at(days=30), at(minutes=1), "1_day"),
        (at(days=30), at(minutes=0), None),  # started: never after the start
        (at(days=30), at(minutes=-5), None),
        (at(days=3), at(days=2), None),  # approved after the 7-day point: not that one
        (at(days=3), at(hours=20), "1_day"),  # but the one still ahead of it
        (at(hours=10), at(hours=5), None),  # approved after both
        (at(days=7), at(days=7), None),  # approved at the point itself: after it, not before
    ],
)
def test_which_reminder_is_due(approved, now, due):
    assert reminder_for(starts_at=START, approved_at=approved, now=now, intervals=HOURS) == due


def test_one_reminder_configured_off_leaves_the_other():
    only_one_day = {"1_day": 24}
    assert (
        reminder_for(starts_at=START, approved_at=at(days=30), now=at(days=3), intervals=only_one_day) is None
    )
    assert reminder_for(
        starts_at=START, approved_at=at(days=30), now=at(hours=3), intervals=only_one_day
    ) == ("1_day")


# --- The sweep ------------------------------------------------------------------------------


def seats(client, staff_client, event, count: int, first: int = 0, **fields) -> list[Registration]:
    made = []
    for i in range(first, first + count):
        register(client, event.pk, person(event.pk * 100 + i, **fields))
        registration = Registration.objects.get(email=f"p{event.pk * 100 + i}@example.org")
        assert decide(staff_client, registration.pk, transaction_id=f"TX-{event.pk}-{i}").status_code == 200
        made.append(registration)
    return made


def reminded() -> list[tuple[int, str]]:
    return sorted(EventReminder.objects.values_list("registration_id", "kind"))


def reminder_mails() -> list[Notification]:
    return list(Notification.objects.filter(template="event_reminder").order_by("pk"))


@pytest.mark.django_db
def test_each_seat_gets_each_reminder_once_however_often_the_sweep_runs(client, staff_client):
    event = make_event(title="Door Day", price=1000, days_ahead=10, time=time(9, 30))
    one, two = seats(client, staff_client, event, 2)
    start = event.starts_at
    assert event_reminders_send(now=start - timedelta(days=8)) == 0  # no point passed yet
    week = start - timedelta(days=7) + timedelta(minutes=5)
    assert event_reminders_send(now=week) == 2
    assert event_reminders_send(now=week) == 0  # run twice
    assert event_reminders_send(now=week + timedelta(days=1)) == 0
    assert reminded() == [(one.pk, "7_days"), (two.pk, "7_days")]
    day = start - timedelta(hours=23)
    assert event_reminders_send(now=day) == 2
    assert event_reminders_send(now=day) == 0
    assert event_reminders_send(now=start + timedelta(minutes=1)) == 0
    assert len(reminder_mails()) == 4
    assert sorted({(m.recipient, m.context["kind"]) for m in reminder_mails()}) == sorted(
        (r.email, kind) for r in (one, two) for kind in ("7_days", "1_day")
    )


@pytest.mark.django_db
def test_a_sweep_that_was_down_sends_only_the_latest_reminder_and_none_after_the_start(client, staff_client):
    event = make_event(title="Door Day", price=1000, days_ahead=10, time=time(9, 30))
    (one,) = seats(client, staff_client, event, 1)
    assert event_reminders_send(now=event.starts_at + timedelta(minutes=1)) == 0  # down until it started
    assert event_reminders_send(now=event.starts_at - timedelta(hours=2)) == 1  # caught up in time: 1 day
    assert event_reminders_send(now=event.starts_at - timedelta(hours=1)) == 0
    assert reminded() == [(one.pk, "1_day")]


@pytest.mark.django_db
def test_a_seat_approved_after_the_7_day_point_gets_only_the_1_day_reminder(client, staff_client):
    event = make_event(title="Door Day", price=1000, days_ahead=3, time=time(9, 30))
    (one,) = seats(client, staff_client, event, 1)  # approved now: 3 days before
    assert event_reminders_send() == 0  # the 7-day point passed before the approval
    assert event_reminders_send(now=event.starts_at - timedelta(hours=12)) == 1
    assert reminded() == [(one.pk, "1_day")]


@pytest.mark.django_db
def test_only_approved_seats_of_published_events_are_reminded(client, staff_client):
    event = make_event(title="Door Day", price=1000, days_ahead=10, time=time(9, 30))
    kept, rejected = seats(client, staff_client, event, 2)
    register(client, event.pk, person(999))  # Pending: never reminded
    assert decide(staff_client, rejected.pk, "Rejected").status_code == 200
    cancelled_event = make_event(title="Called Off", price=1000, days_ahead=10, status="Cancelled")
    assert event_reminders_send(now=event.starts_at - timedelta(hours=5)) == 1
    assert reminded() == [(kept.pk, "1_day")]
    assert cancelled_event.pk != event.pk


@pytest.mark.django_db
def test_the_reminder_is_in_the_registrants_language_with_ticket_invite_place_and_needs(
    client, staff_client, settings
):
    settings.FRONTEND_URL = "https://tickets.example.rw"
    event = make_event(
        title="Door Day",
        price=1000,
        days_ahead=10,
        time=time(9, 30),
        location="Kigali Convention Center",
        latitude="-1.953600",
        longitude="30.060500",
    )
    (one,) = seats(
        client,
        staff_client,
        event,
        1,
        preferred_language="French",
        needs_interpreter=True,
        disability="Mobility Impairment",
        disability_details="A ramp at the side door, please",
    )
    assert event_reminders_send(now=event.starts_at - timedelta(days=6)) == 1
    (notification,) = reminder_mails()
    assert notification.language == "fr"
    code = tickets.ticket_code(one.pk)
    assert code not in str(notification.context)
    message = render_email(notification)
    parsed = email.message_from_bytes(message.message().as_bytes())
    html = (
        next(p for p in parsed.walk() if p.get_content_type() == "text/html")
        .get_payload(decode=True)
        .decode()
    )
    assert 'src="cid:ticket-qr@tickets"' in html
    assert f"https://tickets.example.rw/ticket/{code}" in html
    assert "Kigali Convention Center" in html and "openstreetmap.org/?mlat=-1.953600" in html
    assert "A ramp at the side door, please" in html
    assert [a[0] for a in message.attachments if isinstance(a, tuple)] == ["invite.ics", "ticket.png"]
    assert any(p["Content-ID"] == "<ticket-qr@tickets>" for p in parsed.walk())
    assert message.extra_headers["Content-Language"] == "fr"


@pytest.mark.django_db
def test_staff_see_which_reminders_went_out_without_a_query_per_row(client, staff_client):
    event = make_event(title="Door Day", price=1000, days_ahead=10, time=time(9, 30))
    made = seats(client, staff_client, event, 3)
    event_reminders_send(now=event.starts_at - timedelta(days=6))
    event_reminders_send(now=event.starts_at - timedelta(hours=6))
    url = f"/api/management/events/{event.pk}/registrations/"
    with CaptureQueriesContext(connection) as three:
        rows = staff_client.get(url).json()["registrations"]
    for row in rows:
        assert [r["kind"] for r in row["event_reminders"]] == ["7_days", "1_day"]
    seats(client, staff_client, event, 3, first=3)  # approved now: no reminder yet
    with CaptureQueriesContext(connection) as six:
        rows = staff_client.get(url).json()["registrations"]
    assert len(six) == len(three)
    assert sorted(len(row["event_reminders"]) for row in rows) == [0, 0, 0, 2, 2, 2]
    detail = staff_client.get(f"/api/management/registrations/{made[0].pk}/").json()
    assert [r["kind"] for r in detail["event_reminders"]] == ["7_days", "1_day"]


@pytest.mark.django_db
def test_a_worker_killed_mid_send_leaves_one_e_mail_that_the_sweep_sends_again_not_a_second_reminder(
    client, staff_client
):
    event = make_event(title="Door Day", price=1000, days_ahead=10, time=time(9, 30))
    (one,) = seats(client, staff_client, event, 1)
    now = event.starts_at - timedelta(hours=5)
    assert event_reminders_send(now=now) == 1
    (notification,) = reminder_mails()
    # The worker took it and died: the row stays "sending".
    Notification.objects.filter(pk=notification.pk).update(
        status=Notification.Status.SENDING, updated_at=timezone.now() - timedelta(minutes=30)
    )
    assert event_reminders_send(now=now + timedelta(minutes=10)) == 0
    assert notifications_sweep() == 1  # the same e-mail, queued again once
    assert [(m.pk, m.status) for m in reminder_mails()] == [(notification.pk, Notification.Status.QUEUED)]
    assert reminded() == [(one.pk, "1_day")]


@pytest.mark.django_db
def test_erasing_a_registration_erases_its_reminders_and_their_e_mails(client, staff_client):
    event = make_event(title="Free Day", days_ahead=10, time=time(9, 30))  # no reference to find them by
    (one,) = seats(client, staff_client, event, 1)
    assert event_reminders_send(now=event.starts_at - timedelta(days=6)) == 1
    assert staff_client.delete(f"/api/management/registrations/{one.pk}/").status_code == 200
    assert (EventReminder.objects.count(), len(reminder_mails())) == (0, 0)


# --- Two sweeps at once, on PostgreSQL and SQLite ------------------------------------------

SEATS = 40

SETUP = """
import datetime
from services.events.models import Event
from services.registrations.models import Registration
from services.registrations import tickets
from django.utils import timezone
event = Event.objects.create(title='Door', location='Kigali', status='Published', price=1000,
                             date=datetime.date.today() + datetime.timedelta(days=10),
                             time=datetime.time(9, 30))
Registration.objects.bulk_create([
    Registration(event=event, full_name=f'P {i}', email=f'p{i}@example.org', phone=f'+25078{i:07d}',
                 preferred_language='English', registration_status='Approved',
                 decided_at=timezone.now(), payment_reference=f'R{i:05d}')
    for i in range(COUNT)
])
tickets.tickets_issue_missing()
print((event.starts_at - datetime.timedelta(hours=6)).isoformat())
""".replace("COUNT", str(SEATS))

SWEEP = """
import os
from django.utils.dateparse import parse_datetime
from services.registrations.reminders import event_reminders_send
print(event_reminders_send(now=parse_datetime(os.environ['NOW'])))
"""

COUNT = """
from services.notifications.models import Notification
from services.registrations.models import EventReminder
print(EventReminder.objects.count(), Notification.objects.filter(template='event_reminder').count())
print(Notification.objects.filter(template='event_reminder').values('recipient').distinct().count())
"""


@pytest.mark.parametrize("engine", ["postgresql", "sqlite"])
def test_two_sweeps_at_once_send_each_reminder_once(engine, tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    with database(engine, tmp_path) as url:
        env = process_env(DATABASE_URL=url, DATA_DIR=str(data_dir), REDIS_URL="")
        manage(env, "migrate", "--noinput", "-v0")
        (now,) = in_child(env, SETUP)
        beats = released_together(SWEEP, [{**env, "NOW": now}] * 2, tmp_path / "go")
        sent = [int(words[-1]) for words in beats]
        assert sum(sent) == SEATS
        assert [int(word) for word in in_child(env, COUNT)] == [SEATS, SEATS, SEATS]
        # A third run later finds nothing left to send.
        assert in_child({**env, "NOW": now}, SWEEP)[-1] == "0"
