"""What a schedule does once: which of several points in time is due now, and the row that
claims a piece of work in the database before its e-mail is queued (event reminders, renewal
notices). The claim's unique key is what makes the work once, whatever runs the schedule: run
twice, two at once, a worker killed after the claim (its e-mail is the notifications' to resend)."""

from collections.abc import Iterable
from datetime import datetime

from django.db import IntegrityError, connection, transaction
from django.db.models import Model


def latest_passed(points: Iterable[tuple[str, datetime]], now: datetime) -> tuple[str, datetime] | None:
    """The latest (kind, point) whose point is at or before `now`, or None. An earlier kind is
    never the answer once a later point has passed: a schedule that was down sends only the
    latest; whether that one still means something is the caller's rule."""
    passed = sorted((point for point in points if point[1] <= now), key=lambda point: point[1])
    return passed[-1] if passed else None


def claim(model: type[Model], **fields) -> bool:
    """Write one claim row; False when its unique key is already taken (by another run, which
    queued the work). Inside the caller's transaction, as a savepoint: the caller queues the
    work in the same transaction, so that both are written or neither."""
    try:
        with transaction.atomic():
            model.objects.create(**fields)
    except IntegrityError:
        return False
    return True


def claim_many(model: type[Model], rows: list[dict], key: tuple[str, ...]) -> set[tuple]:
    """Write many claim rows with one statement and answer the `key` (column values) of those
    this call wrote; a row whose unique key is taken (another run got there first, or is about
    to commit it: the statement waits for it) is skipped, not an error. INSERT .. ON CONFLICT DO
    NOTHING RETURNING: PostgreSQL and SQLite (3.35 on) both have it. Inside the caller's
    transaction, which queues the work of the rows answered."""
    if not rows:
        return set()
    columns = [model._meta.get_field(name).column for name in rows[0]]
    fields = [model._meta.get_field(name) for name in rows[0]]
    table = connection.ops.quote_name(model._meta.db_table)
    names = ", ".join(connection.ops.quote_name(column) for column in columns)
    placeholders = ", ".join(["(" + ", ".join(["%s"] * len(columns)) + ")"] * len(rows))
    returning = ", ".join(connection.ops.quote_name(model._meta.get_field(name).column) for name in key)
    values = [
        field.get_db_prep_save(row[field.name], connection=connection) for row in rows for field in fields
    ]
    # Names from the model, values as parameters.
    sql = f"INSERT INTO {table} ({names}) VALUES {placeholders} ON CONFLICT DO NOTHING RETURNING {returning}"  # noqa: S608
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        return {tuple(row) for row in cursor.fetchall()}
