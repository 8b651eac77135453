"""Statements written once per process and then run as they are.

`insert()`: a new model row, as `save()` inserts it (pre_save, the same values, signals), for the
rows a sign-up writes on every request (the registration, its outbox message, its audit entry):
the ORM's INSERT compiler cost more CPU than the database spent on them (issue 26).

`PreparedValues`: a `.values()` list whose SQL is written once per process for each shape of
request, for `paging.paginate`: one page with the count of all rows (`counted_page`, one round
trip), or `count()` and one slice, each a statement kept with its parameters and the fields'
converters, then run as it is. Building a query through the ORM costs about 0.4 ms of
CPU each time (30 columns, the order, the filters) for a statement that takes 0.15 ms to run:
the members list, which staff page through and poll, spent most of its time there (issue 26,
docs/benchmarks.md). The rows still come from the database on every call, converted by the
fields as the ORM converts them."""

import contextlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from threading import Lock
from time import monotonic
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models import IntegerField, Model, QuerySet
from django.db.models.expressions import RawSQL
from django.db.models.signals import post_save, pre_save

# Statements kept per process, the least recently used dropped first.
KEPT = 256
_kept: OrderedDict[Hashable, tuple] = OrderedDict()
# The name of counted_page's count among a row's values.
COUNTED = "counted_all_rows"
_lock = Lock()


def _statement(key: Hashable, build: Callable[[], tuple]) -> tuple:
    with _lock:
        statement = _kept.get(key)
        if statement is not None:
            _kept.move_to_end(key)
            return statement
    statement = build()
    with _lock:
        _kept[key] = statement
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return statement


class KeptTotals:
    """The totals of a list's filters as this process last counted them, for `seconds`: staff
    paging through or polling a list of 100,000 rows cost one page's read, not a count over every
    row on each request (issue 26; the dashboard's figures are kept the same way). A save or
    delete in this process drops them at once (`stale`, connected to the model's signals); another
    process's writes and bulk updates show within those seconds. The page's rows are always read."""

    def __init__(self, seconds: float, size: int = KEPT):
        self.seconds = seconds
        self._size = size
        self._lock = Lock()
        self._generation = 0
        self._totals: OrderedDict[Hashable, tuple[float, int]] = OrderedDict()

    def stale(self, **_signal: Any) -> None:
        with self._lock:
            self._generation += 1
            self._totals.clear()

    def generation(self) -> int:
        return self._generation

    def get(self, key: Hashable) -> int | None:
        kept = self._totals.get(key)
        return kept[1] if kept is not None and monotonic() < kept[0] else None

    def keep(self, key: Hashable, total: int, generation: int) -> None:
        with self._lock:
            if generation != self._generation:  # a write while it was counted
                return
            self._totals[key] = (monotonic() + self.seconds, total)
            self._totals.move_to_end(key)
            while len(self._totals) > self._size:
                self._totals.popitem(last=False)


class PreparedValues:
    """`rows()` builds the `.values(...)` queryset; `key` must name everything its SQL and
    parameters depend on (the filters' values), for the statement is reused whenever it recurs.
    With `totals`, the count of all rows comes from there while it is fresh."""

    def __init__(self, rows: Callable[[], QuerySet], key: Hashable, totals: KeptTotals | None = None):
        self._rows = rows
        self._key = key
        self._totals = totals

    def _count_statement(self) -> tuple:
        def build() -> tuple:
            queryset = self._rows().order_by().values("pk")
            inner, params = queryset.query.get_compiler(queryset.db).as_sql()
            return queryset.db, f"SELECT COUNT(*) FROM ({inner}) counted", params  # noqa: S608 - ORM-built

        return _statement((self._key, "count"), build)

    def count(self) -> int:
        db, sql, params = self._count_statement()
        with connections[db].cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchone()[0]

    def _page_statement(self, window: slice) -> tuple:
        def build() -> tuple:
            queryset = self._rows()[window]
            compiler = queryset.query.get_compiler(queryset.db)
            sql, params = compiler.as_sql()
            columns = [column for column, *_ in compiler.select[: compiler.col_count]]
            # {position: (converters, expression)}, each called as the ORM calls it.
            converters = list(compiler.get_converters(columns).items())
            return queryset.db, sql, params, converters, list(queryset.query.values_select)

        return _statement((self._key, window.start, window.stop), build)

    def __getitem__(self, window: slice) -> list[dict[str, Any]]:
        db, sql, params, converters, names = self._page_statement(window)
        connection = connections[db]  # this thread's
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return _converted(cursor.fetchall(), converters, names, connection)

    def counted_page(self, start: int, stop: int) -> tuple[list[dict[str, Any]], int | None]:
        """The rows of [start:stop] and the count of all rows in one statement, one round trip
        instead of two: the count is an uncorrelated scalar subquery, the page's last column,
        which PostgreSQL and SQLite run once, each part with its own plan (the count's
        index-only scan, the page's top-N). The count is None when the window holds no row."""
        generation = 0
        if self._totals is not None:
            total = self._totals.get(self._key)
            if total is not None:
                rows = self[start:stop]
                return rows, (total if rows else None)
            generation = self._totals.generation()

        def build() -> tuple:
            _db, count_sql, count_params = self._count_statement()
            counted = RawSQL(count_sql, count_params, output_field=IntegerField())  # noqa: S611 - ORM-built
            queryset = self._rows().annotate(**{COUNTED: counted})[start:stop]
            compiler = queryset.query.get_compiler(queryset.db)
            sql, params = compiler.as_sql()
            columns = [column for column, *_ in compiler.select[: compiler.col_count]]
            converters = list(compiler.get_converters(columns).items())
            names = [*queryset.query.values_select, *queryset.query.annotation_select]
            return queryset.db, sql, params, converters, names

        db, sql, params, converters, names = _statement((self._key, "counted", start, stop), build)
        connection = connections[db]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = _converted(cursor.fetchall(), converters, names, connection)
        if not rows:
            return [], None
        count = rows[0][COUNTED]
        for row in rows:
            del row[COUNTED]
        if self._totals is not None:
            self._totals.keep(self._key, count, generation)
        return rows, count


def _converted(rows: list[tuple], converters: list, names: list[str], connection) -> list[dict[str, Any]]:
    answer = []
    for row in rows:
        values = list(row)
        for position, (functions, expression) in converters:
            for function in functions:
                values[position] = function(values[position], expression, connection)
        answer.append(dict(zip(names, values, strict=True)))
    return answer


def _insert_statement(model: type[Model], alias: str, returning: bool, given_id: bool) -> tuple | None:
    """INSERT of every concrete column but the auto id (with it when `given_id`), RETURNING what
    the database fills in; None for a model it cannot serve (inheritance, placeholders): those go
    through save()."""
    connection = connections[alias]
    meta = model._meta
    fields = [
        field
        for field in meta.local_concrete_fields
        if (given_id or field is not meta.auto_field) and not field.generated
    ]
    if meta.parents or any(hasattr(field, "get_placeholder") for field in fields):
        return None
    quote = connection.ops.quote_name
    if not returning:
        returned = []
    elif given_id:
        returned = [field for field in meta.db_returning_fields if field is not meta.auto_field]
    elif connection.features.can_return_columns_from_insert:
        returned = list(meta.db_returning_fields)
    else:
        return None
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(field.column) for field in fields)})"  # noqa: S608
        f" VALUES ({', '.join(['%s'] * len(fields))})"
    )
    if returned:
        sql += " " + connection.ops.return_insert_columns(returned)[0]
    converters = []
    for field in returned:
        column = field.get_col(meta.db_table)
        converters.append(
            (
                field.attname,
                column,
                connection.ops.get_db_converters(column) + field.get_db_converters(connection),
            )
        )
    return sql, fields, converters


def insert(instance: Model, using: str = DEFAULT_DB_ALIAS, *, returning: bool = True) -> None:
    """`instance.save()` of a new row, its INSERT built once per model and database. The same
    values (each field's pre_save and get_db_prep_save) and the same pre_save/post_save signals
    (django-auditlog's entry, the dashboard's figures); a model's own save() is not called. A
    value that is an expression, or a model the statement cannot serve, goes through save().
    `returning=False`: the id the database gives is not read (the row is not used again). An
    auto id set already (`reserve_id`) is written as it is, and nothing is read back."""
    model = type(instance)
    connection = connections[using]
    given_id = model._meta.auto_field is not None and instance.pk is not None
    statement = _statement(
        ("insert", model, using, connection.vendor, returning, given_id),
        lambda: _insert_statement(model, using, returning, given_id),
    )
    if statement is None or any(
        hasattr(getattr(instance, field.attname), "resolve_expression") for field in statement[1]
    ):
        instance.save(force_insert=True, using=using)
        return
    sql, fields, converters = statement
    instance._prepare_related_fields_for_save(operation_name="save")
    pre_save.send(sender=model, instance=instance, raw=False, using=using, update_fields=None)
    values = [
        field.get_db_prep_save(field.pre_save(instance, add=True), connection=connection) for field in fields
    ]
    with transaction.mark_for_rollback_on_error(using), connection.cursor() as cursor:
        cursor.execute(sql, values)
        row = cursor.fetchone() if converters else ()
    for value, (attname, column, functions) in zip(row, converters, strict=True):
        for function in functions:
            value = function(value, column, connection)
        setattr(instance, attname, value)
    instance._state.adding = False
    instance._state.db = using
    post_save.send(sender=model, instance=instance, created=True, update_fields=None, raw=False, using=using)


def reserve_id(model: type[Model], using: str = DEFAULT_DB_ALIAS) -> Callable[[], int | None]:
    """On PostgreSQL, the next id of `model`'s sequence, asked for now and read when the returned
    function is called: inside `atomic_batched`, the question goes with the next statements' round
    trip, and an INSERT given this id (`insert`) waits for no answer. None where ids cannot be
    reserved (SQLite: the INSERT reads its id back). An id reserved and not used is a gap, as a
    rolled back INSERT leaves one."""
    connection = connections[using]
    if connection.vendor != "postgresql":
        return lambda: None
    meta = model._meta
    cursor = connection.cursor()
    cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, %s))", [meta.db_table, meta.pk.column])

    def read() -> int:
        try:
            return cursor.fetchone()[0]
        finally:
            cursor.close()

    return read


class Batch:
    """What `atomic_batched` yields: `plain()` leaves pipeline mode for the rest of the block."""

    def __init__(self, using: str = DEFAULT_DB_ALIAS):
        self._using = using
        self._exits = contextlib.ExitStack()
        self._pipeline = None

    def enter(self, pipeline) -> None:
        self._pipeline = self._exits.enter_context(pipeline)

    def plain(self) -> None:
        """Before the ORM writes a row that exists: its UPDATE reads how many rows it changed,
        which pipeline mode only knows at the next sync. Syncs once; each statement after this
        waits for its answer."""
        self._pipeline = None
        self._exits.close()

    def sync(self) -> None:
        if self._pipeline is not None:
            with connections[self._using].wrap_database_errors:
                self._pipeline.sync()

    def sync_after_error(self) -> None:
        if self._pipeline is not None:
            import psycopg  # only with PostgreSQL

            with contextlib.suppress(psycopg.Error):
                self._pipeline.sync()


@contextlib.contextmanager
def atomic_batched(using: str = DEFAULT_DB_ALIAS) -> Iterator[Batch]:
    """`transaction.atomic()`, and on PostgreSQL psycopg's pipeline mode around it: each statement
    goes out at once and is not waited for; the round trip happens when an answer is read
    (fetchone) or at the COMMIT, which goes with the statements before it. For the writes made
    under a lock that others wait for (a sign-up's, issue 26): fewer round trips while it is held.
    Only raw statements and `insert()` belong in it: the ORM's UPDATE of a row (save(), update())
    reads its row count at once, so call `plain()` first. A statement whose answer is not read
    shows its error at the COMMIT, which then rolls back as usual. Elsewhere (SQLite) this is
    `transaction.atomic()`."""
    connection = connections[using]
    if connection.vendor != "postgresql":
        with transaction.atomic(using):
            yield Batch(using)
        return
    # A kept connection's check at a request's start (CONN_HEALTH_CHECKS) runs a SELECT 1 that
    # pipeline mode would leave unanswered: done first, as the first statement would do it.
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    nested = connection.in_atomic_block
    batch = Batch(using)
    try:
        with transaction.atomic(using):
            # Entered once autocommit is off: psycopg syncs a pipeline before each change of it
            # (one empty round trip). Its BEGIN goes out with the first statement. Left after the
            # COMMIT, whose round trip ends it (and there one sync more is unavoidable).
            batch.enter(connection.connection.pipeline())
            try:
                yield batch
                if nested:
                    # A savepoint's RELEASE is no COMMIT: the statements' errors must show here,
                    # where the savepoint still rolls back.
                    batch.sync()
            except BaseException:
                # After an error the server skips every statement up to the next sync: sync now,
                # so that the rollback (of a savepoint too) runs. The error was raised already.
                batch.sync_after_error()
                raise
    finally:
        batch.plain()
