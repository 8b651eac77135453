"""Seats of an event, always counted from the rows while the event's row is locked.

Every change that takes or frees a seat (a registration, a decision, an offer) locks the event
row first (`locked_event`): on PostgreSQL with SELECT … FOR UPDATE, on the embedded SQLite by the
IMMEDIATE transactions that settings.py asks for (one writer at a time). The count and the write
therefore never interleave with another request's, so an event is never overbooked."""

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import connection
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from services.audit.recording import audit_action
from services.core.errors import ApplicationError, NotFound
from services.events.models import Event
from services.events.seats import Seats
from services.events.services import event_counters_store
from services.notifications.languages import language_code
from services.notifications.services import notification_queue

from .models import Registration, WaitlistEntry


class EventFull(ApplicationError):
    status = 409
    code = "event_full"


def event_full_error(event: Event) -> EventFull:
    seats = event.maximum_attendees or 0
    return EventFull(
        ngettext(
            "This event has reached its maximum capacity (%(seats)d seat). "
            "Please contact the organizer before registering.",
            "This event has reached its maximum capacity (%(seats)d seats). "
            "Please contact the organizer before registering.",
            seats,
        )
        % {"seats": seats},
        extra={"waitlist": True},
    )


def _event_select() -> tuple[str, list[str], list]:
    """SELECT … FOR UPDATE of one event by id, its attribute names, and each column's converters
    (as the ORM applies them), built once per database vendor."""
    cached = _event_select_built.get(connection.vendor)
    if cached is None:
        quote = connection.ops.quote_name
        fields = Event._meta.concrete_fields
        table = quote(Event._meta.db_table)
        columns = ", ".join(quote(field.column) for field in fields)
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        converters = []
        for field in fields:
            column = field.get_col(Event._meta.db_table)
            found = connection.ops.get_db_converters(column) + field.get_db_converters(connection)
            converters.append((column, found))
        sql = f"SELECT {columns} FROM {table} WHERE {quote(Event._meta.pk.column)} = %s{lock}"  # noqa: S608
        cached = _event_select_built[connection.vendor] = (
            sql,
            [field.attname for field in fields],
            converters,
        )
    return cached


_event_select_built: dict[str, tuple[str, list[str], list]] = {}


def locked_event(event_id: int) -> Event:
    """The event row, locked until the surrounding transaction ends. Its SELECT … FOR UPDATE is
    built once (_event_select): building it with the ORM on every call cost a sign-up more CPU
    than the database spends on it."""
    sql, _names, _converters = _event_select()
    with connection.cursor() as cursor:
        cursor.execute(sql, [event_id])
        return _event_from_row(cursor.fetchone())


def _event_from_row(row: tuple | None) -> Event:
    _sql, names, converters = _event_select()
    if row is None:
        raise NotFound(_("Not Found! The event you're looking for doesn't exist."))
    values = []
    for value, (column, functions) in zip(row, converters, strict=True):
        for function in functions:
            value = function(value, column, connection)
        values.append(value)
    return Event.from_db(connection.alias, names, values)


# A sign-up whose first e-mail has not gone out yet (the worker or the broker is behind) keeps its
# seat until the e-mail is issued, which starts the SIGNUP_CONFIRM_MINUTES hold; but never longer
# than this, so that a sign-up whose e-mail can never be issued does not hold a seat for ever.
UNISSUED_HOLD = timedelta(days=1)


def holding_pending(now) -> Q:
    """Pending registrations that hold their seat right now: confirmed or within the hold, and
    not past their payment deadline. The others hold nothing, even before the sweep marks them
    Expired, so a seat frees at the minute its hold ends."""
    unconfirmed_in_hold = Q(hold_expires_at__gt=now) | Q(
        hold_expires_at__isnull=True, registration_date__gt=now - UNISSUED_HOLD
    )
    return (
        Q(registration_status=Registration.Status.PENDING)
        & (Q(email_confirmed_at__isnull=False) | unconfirmed_in_hold)
        & (Q(payment_due_at__isnull=True) | Q(payment_due_at__gt=now))
    )


def waiting_confirmed() -> Q:
    """Waiting-list places that count: only confirmed addresses wait for (and are offered) seats."""
    return Q(status=WaitlistEntry.Status.WAITING, email_confirmed_at__isnull=False)


def waiting_holds(entry: WaitlistEntry, now) -> bool:
    """A waiting place still in the queue: confirmed, or within the hold of its first e-mail."""
    if entry.email_confirmed_at is not None:
        return True
    if entry.hold_expires_at is None:
        return entry.created_at > now - UNISSUED_HOLD
    return entry.hold_expires_at > now


def holds_seat(registration: Registration, now) -> bool:
    """holding_pending / Approved, for one row in hand."""
    status = registration.registration_status
    if status == Registration.Status.APPROVED:
        return True
    if status != Registration.Status.PENDING:
        return False
    if registration.payment_due_at is not None and registration.payment_due_at <= now:
        return False
    if registration.email_confirmed_at is not None:
        return True
    if registration.hold_expires_at is None:
        return registration.registration_date > now - UNISSUED_HOLD
    return registration.hold_expires_at > now


# count_seats in one statement: the four counts of holding_pending, Approved, waiting_confirmed
# and the open offers, written out in SQL because building the two ORM aggregates cost more CPU
# than anything else a sign-up does (docs/benchmarks.md, issue 26). tests/test_seat_count.py
# checks it against those Q objects on every kind of row.
_COUNT_SQL = """
SELECT
  (SELECT COUNT(*) FROM {registration} WHERE event_id = %(event)s AND registration_status = %(pending)s
     AND (email_confirmed_at IS NOT NULL OR hold_expires_at > %(now)s
          OR (hold_expires_at IS NULL AND registration_date > %(unissued)s))
     AND (payment_due_at IS NULL OR payment_due_at > %(now)s)),
  (SELECT COUNT(*) FROM {registration} WHERE event_id = %(event)s AND registration_status = %(approved)s),
  (SELECT COUNT(*) FROM {waitlist} WHERE event_id = %(event)s AND status = %(waiting)s
     AND email_confirmed_at IS NOT NULL),
  (SELECT COUNT(*) FROM {waitlist} WHERE event_id = %(event)s AND status = %(offered)s
     AND offer_expires_at > %(now)s)
"""


# With a person: also the ids of their registrations that hold a seat, by e-mail (any capitals,
# as the partial unique index has it) and by phone; each index lets at most one row match.
_SAME_PERSON_SQL = """,
  (SELECT id FROM {registration} WHERE event_id = %(event)s
     AND registration_status IN (%(pending)s, %(approved)s) AND LOWER(email) = %(email)s LIMIT 1),
  (SELECT id FROM {registration} WHERE event_id = %(event)s
     AND registration_status IN (%(pending)s, %(approved)s) AND phone = %(phone)s LIMIT 1)
"""


def _count_statement(event_id: int, person: dict | None) -> tuple[str, dict]:
    now = timezone.now()
    adapt = connection.ops.adapt_datetimefield_value
    quote = connection.ops.quote_name
    sql = (_COUNT_SQL + (_SAME_PERSON_SQL if person else "")).format(
        registration=quote(Registration._meta.db_table), waitlist=quote(WaitlistEntry._meta.db_table)
    )
    params = {
        "event": event_id,
        "now": adapt(now),
        "unissued": adapt(now - UNISSUED_HOLD),
        "pending": Registration.Status.PENDING.value,
        "approved": Registration.Status.APPROVED.value,
        "waiting": WaitlistEntry.Status.WAITING.value,
        "offered": WaitlistEntry.Status.OFFERED.value,
    }
    if person:
        params.update(email=person["email"].lower(), phone=person["phone"])
    return sql, params


def _seats(event: Event, row: tuple) -> tuple[Seats, list[int]]:
    pending, approved, waiting, offered, *same = row
    seats = Seats(
        total=pending + approved,
        pending=pending,
        approved=approved,
        waiting=waiting,
        offered=offered,
        maximum=event.maximum_attendees,
    )
    return seats, sorted({pk for pk in same if pk is not None})


def _counted(event: Event, person: dict | None) -> tuple[Seats, list[int]]:
    sql, params = _count_statement(event.pk, person)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return _seats(event, cursor.fetchone())


def count_seats(event: Event) -> Seats:
    """The seats of `event` counted from the rows, in one query; the figures follow from the
    counts by the one rule (services/events/seats.py)."""
    return _counted(event, None)[0]


def count_seats_and_same_person(event: Event, person: dict) -> tuple[Seats, list[int]]:
    """count_seats, and in the same statement the ids of the registrations of `event` that hold a
    seat under this person's e-mail or phone (a sign-up's duplicate check: one statement fewer
    under the event's lock). Run after locked_event, never in its statement: in READ COMMITTED a
    statement that waited for the lock still reads its old snapshot."""
    return _counted(event, person)


def locked_event_counted(event_id: int, person: dict) -> tuple[Event, Seats, list[int]]:
    """locked_event, then count_seats_and_same_person, both sent before either answer is read:
    in core.prepared.atomic_batched (PostgreSQL's pipeline) one round trip instead of
    two while the lock is held. The count is still its own statement, run by the server once the
    lock is granted, so it reads the rows committed before that (READ COMMITTED takes a snapshot
    per statement)."""
    lock_sql, _names, _converters = _event_select()
    count_sql, params = _count_statement(event_id, person)
    with connection.cursor() as lock, connection.cursor() as count:
        lock.execute(lock_sql, [event_id])
        count.execute(count_sql, params)
        event = _event_from_row(lock.fetchone())
        seats, same_person = _seats(event, count.fetchone())
    return event, seats, same_person


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def offer_link(event_id: int, token: str) -> str:
    return f"{settings.FRONTEND_URL}/registration?eventId={event_id}#offer={token}"


def _offer_seats(event: Event, seats: Seats) -> int:
    """Offer each free seat to the earliest person waiting (the event row is locked)."""
    free = seats.free_for_waitlist
    if free <= 0 or event.status != Event.Status.PUBLISHED or event.date < timezone.localdate():
        return 0
    now = timezone.now()
    expires = now + timedelta(hours=settings.WAITLIST_OFFER_HOURS)
    offered = 0
    for entry in WaitlistEntry.objects.filter(waiting_confirmed(), event=event)[:free]:
        token = secrets.token_urlsafe(32)
        entry.status = WaitlistEntry.Status.OFFERED
        entry.offer_token_hash = token_hash(token)
        entry.offered_at = now
        entry.offer_expires_at = expires
        with audit_action("waitlist_entry.offered"):
            entry.save(update_fields=["status", "offer_token_hash", "offered_at", "offer_expires_at"])
        # Queued in the same transaction as the offer: one offer, one e-mail.
        notification_queue(
            template="waitlist_offer",
            recipient=entry.email,
            language=language_code(entry.preferred_language),
            context={
                "entry_id": entry.pk,
                "name": entry.full_name,
                "event_title": event.title,
                "event_date": event.date.isoformat(),
                "link": offer_link(event.pk, token),
                "expires_at": timezone.localtime(expires).strftime("%Y-%m-%d %H:%M"),
                "_secret": ["link"],
            },
        )
        offered += 1
    return offered


def expire_offers(event: Event) -> int:
    """Offers past their time pass on: the entry is expired and its seat counts as free again."""
    return WaitlistEntry.objects.filter(
        event=event, status=WaitlistEntry.Status.OFFERED, offer_expires_at__lte=timezone.now()
    ).update(status=WaitlistEntry.Status.EXPIRED, offer_token_hash="")


@dataclass(frozen=True)
class Recomputed:
    drifted: bool
    offered: int
    expired: int


def recompute_locked(event: Event) -> Recomputed:
    """Counters from the rows, expired offers passed on, free seats offered. The caller holds
    the event's lock (inside a transaction)."""
    expired = expire_offers(event)
    seats = count_seats(event)
    offered = _offer_seats(event, seats)
    if offered:
        seats = count_seats(event)
    drifted = event_counters_store(event=event, seats=seats)
    return Recomputed(drifted=drifted, offered=offered, expired=expired)
