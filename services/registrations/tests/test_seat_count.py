"""count_seats counts in one SQL statement what the ORM's rules (holding_pending, Approved,
waiting_confirmed, open offers) say, on every kind of row; a sign-up costs a fixed, small number
of statements."""

import datetime
from datetime import timedelta

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Count, Q
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from services.audit.models import Entry
from services.core.prepared import insert
from services.events.models import Event
from services.registrations.capacity import (
    count_seats,
    count_seats_and_same_person,
    holding_pending,
    waiting_confirmed,
)
from services.registrations.models import Registration, WaitlistEntry

from .helpers import person, register

pytestmark = pytest.mark.django_db


def an_event(**fields) -> Event:
    return Event.objects.create(
        title="Counted",
        location="Kigali",
        status="Published",
        date=datetime.date.today() + timedelta(days=30),
        **fields,
    )


def a_registration(event, i, *, age=timedelta(0), **fields) -> Registration:
    row = Registration.objects.create(
        event=event,
        full_name=f"Person {i}",
        email=f"p{i}@example.org",
        phone=f"+25078{i:07d}",
        preferred_language="English",
        **fields,
    )
    if age:
        Registration.objects.filter(pk=row.pk).update(registration_date=timezone.now() - age)
    return row


def a_place(event, i, **fields) -> WaitlistEntry:
    return WaitlistEntry.objects.create(
        event=event,
        full_name=f"Waiting {i}",
        email=f"w{i}@example.org",
        phone=f"+25079{i:07d}",
        preferred_language="English",
        **fields,
    )


def counted_by_the_orm(event) -> tuple[int, int, int, int]:
    now = timezone.now()
    rows = Registration.objects.filter(event=event).aggregate(
        pending=Count("pk", filter=holding_pending(now)),
        approved=Count("pk", filter=Q(registration_status="Approved")),
    )
    places = WaitlistEntry.objects.filter(event=event).aggregate(
        waiting=Count("pk", filter=waiting_confirmed()),
        offered=Count("pk", filter=Q(status="offered", offer_expires_at__gt=now)),
    )
    return rows["pending"], rows["approved"], places["waiting"], places["offered"]


def test_every_kind_of_row_is_counted_as_the_rules_say():
    event, other = an_event(maximum_attendees=20), an_event()
    now = timezone.now()
    hour, day = timedelta(hours=1), timedelta(days=1)
    # Holding a seat: confirmed; within the hold; hold not started yet (e-mail not issued) and
    # recent; confirmed and not yet due.
    a_registration(event, 1, email_confirmed_at=now)
    a_registration(event, 2, hold_expires_at=now + hour)
    a_registration(event, 3, age=2 * hour)
    a_registration(event, 4, email_confirmed_at=now, payment_due_at=now + day)
    # Holding nothing: hold over; unissued for more than a day; past the payment deadline; ended.
    a_registration(event, 5, hold_expires_at=now - hour)
    a_registration(event, 6, age=2 * day)
    a_registration(event, 7, email_confirmed_at=now, payment_due_at=now - hour)
    for i, status in enumerate(("Rejected", "Expired", "Cancelled"), start=8):
        a_registration(event, i, registration_status=status, email_confirmed_at=now)
    a_registration(event, 11, registration_status="Approved")
    a_registration(other, 12, email_confirmed_at=now)  # another event's
    a_registration(other, 13, registration_status="Approved")

    a_place(event, 1, email_confirmed_at=now)  # waiting
    a_place(event, 2)  # not confirmed: not counted yet
    a_place(event, 3, status="offered", offer_expires_at=now + hour)
    a_place(event, 4, status="offered", offer_expires_at=now - hour)  # lapsed offer
    a_place(event, 5, status="claimed", email_confirmed_at=now)
    a_place(other, 6, email_confirmed_at=now)

    seats = count_seats(event)
    assert (seats.pending, seats.approved, seats.waiting, seats.offered) == counted_by_the_orm(event)
    assert (seats.total, seats.pending, seats.approved, seats.waiting, seats.offered) == (5, 4, 1, 1, 1)
    assert seats.maximum == 20
    assert count_seats(other).total == 2

    # With a person: the same counts, and their rows still Pending or Approved (a lapsed hold too:
    # the sign-up ends it), by e-mail in any capitals and by phone; never another event's.
    mine = {row.email: row.pk for row in Registration.objects.filter(event=event)}
    same = count_seats_and_same_person(event, {"email": "P5@Example.org", "phone": "+250780000011"})
    assert same == (seats, sorted([mine["p5@example.org"], mine["p11@example.org"]]))
    assert count_seats_and_same_person(event, {"email": "p8@example.org", "phone": "+250789999999"})[1] == []


def test_a_sign_up_stores_in_few_statements(client):
    event = an_event(maximum_attendees=50)
    assert register(client, event.pk, person(1)).status_code == 201
    with CaptureQueriesContext(connection) as queries:
        assert register(client, event.pk, person(2)).status_code == 201
    statements = [q["sql"].split()[0].upper() for q in queries.captured_queries]
    # The event locked; the seats and the person's other sign-ups in one count; the event's
    # counters, the registration, the outbox message and the audit entry: 6, between BEGIN and
    # COMMIT (here the test's own transaction makes them a savepoint and its release). PostgreSQL
    # reserves the registration's id first: sent with the lock and the count (pipeline mode), so
    # that the INSERT waits for no answer and the writes go out together with the COMMIT.
    reserved = ["SELECT"] if connection.vendor == "postgresql" else []
    assert statements == [
        "SAVEPOINT",
        *reserved,
        *("SELECT", "SELECT"),
        *("UPDATE", "INSERT", "INSERT", "INSERT"),
        "RELEASE",
    ], statements


@pytest.mark.django_db(transaction=True)  # the sign-up's own transaction, as in production
def test_a_sign_up_on_a_kept_connection_checked_at_the_request_start(client):
    # Production keeps connections between requests and checks one at each request's start.
    event = an_event(maximum_attendees=50)
    kept = connections[DEFAULT_DB_ALIAS]
    enabled, done = kept.health_check_enabled, kept.health_check_done
    kept.health_check_enabled = True
    try:
        for n in (1, 2):
            kept.health_check_done = False
            assert register(client, event.pk, person(n)).status_code == 201
    finally:
        kept.health_check_enabled, kept.health_check_done = enabled, done
    assert Registration.objects.filter(event=event).count() == 2


def test_the_prepared_insert_writes_the_row_and_the_audit_entry_that_save_writes():
    event = an_event(price=5000)
    due = timezone.now() + timedelta(hours=5)

    def a_registration(n: int) -> Registration:
        return Registration(
            event=event,
            full_name=f"Person {n}",
            email=f"p{n}@example.org",
            phone=f"+25078{n:07d}",
            preferred_language="English",
            needs_interpreter=True,
            disability="Hearing Impairment",
            payment_reference=f"REF{n:03d}",
            payment_due_at=due,
            terms_accepted_at=due,
        )

    saved, inserted = a_registration(1), a_registration(2)
    saved.save()
    insert(inserted)
    assert inserted.pk and not inserted._state.adding
    rows = {row.pk: row for row in Registration.objects.filter(pk__in=[saved.pk, inserted.pk])}
    ignored = {"id", "email", "phone", "full_name", "payment_reference", "registration_date", "updated_at"}

    def stored(row) -> dict:
        return {
            f.attname: getattr(row, f.attname)
            for f in Registration._meta.concrete_fields
            if f.name not in ignored
        }

    assert stored(rows[inserted.pk]) == stored(rows[saved.pk])
    assert rows[inserted.pk].registration_date is not None  # auto_now_add, as save() sets it
    entries = {e.object_pk: e for e in Entry.objects.filter(object_type="registration")}
    by_save, by_insert = entries[str(saved.pk)], entries[str(inserted.pk)]
    assert by_insert.verb == by_save.verb == "registration.created"
    assert by_insert.changes.keys() == by_save.changes.keys()
    assert by_insert.changes["payment_due_at"] == by_save.changes["payment_due_at"]
