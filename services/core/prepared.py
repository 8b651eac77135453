"""A `.values()` list whose SQL is written once per process for each shape of request, for
`paging.paginate`: one page with the count of all rows (`counted_page`, one round trip), or
`count()` and one slice, each a statement kept with its parameters and the fields' converters,
then run as it is. Building a query through the ORM costs about 0.4 ms of
CPU each time (30 columns, the order, the filters) for a statement that takes 0.15 ms to run:
the members list, which staff page through and poll, spent most of its time there (issue 26,
docs/benchmarks.md). The rows still come from the database on every call, converted by the
fields as the ORM converts them."""

from collections import OrderedDict
from collections.abc import Callable, Hashable
from threading import Lock
from typing import Any

from django.db import connections
from django.db.models import IntegerField, QuerySet
from django.db.models.expressions import RawSQL

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


class PreparedValues:
    """`rows()` builds the `.values(...)` queryset; `key` must name everything its SQL and
    parameters depend on (the filters' values), for the statement is reused whenever it recurs."""

    def __init__(self, rows: Callable[[], QuerySet], key: Hashable):
        self._rows = rows
        self._key = key

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
