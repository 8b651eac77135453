"""The API's default authentication: a valid access token of an active staff user.
Anonymous or invalid → 401; a valid token of a non-staff user → 403."""

from functools import cache

from django.contrib.auth import get_user_model
from django.db import InterfaceError, OperationalError, connections, router
from ninja.errors import AuthorizationError
from ninja.security import HttpBearer

from .models import StaffProfile
from .tokens import access_token_claims


class StaffAuth(HttpBearer):
    def authenticate(self, request, token: str):
        claims = access_token_claims(token)
        if claims is None:
            return None
        user = _active_user(claims.user_id)
        if user is None or _session_version(user) != claims.session_version:
            return None  # signed out, password changed: the session has ended
        if not user.is_staff:
            raise AuthorizationError()
        request.user = user
        request.auth = user  # also when an operation open to all recognises staff (staff_user_or_none)
        return user


@cache
def _user_statement(alias: str):
    """The SQL of `User.objects.filter(pk=…, is_active=True).select_related("staff_profile")`,
    written once per process: every staff request runs it, and building it through the ORM
    cost more CPU than the rest of a list's request (issue 26, docs/benchmarks.md). The columns
    come back through the fields' own converters, as the ORM would give them."""
    connection = connections[alias]
    quote = connection.ops.quote_name
    user_model = get_user_model()
    parts = []
    for model, alias_name in ((user_model, "u"), (StaffProfile, "p")):
        fields = model._meta.concrete_fields
        columns = [field.get_col(alias_name) for field in fields]
        converters = [
            connection.ops.get_db_converters(col) + col.get_db_converters(connection) for col in columns
        ]
        names = [field.attname for field in fields]
        parts.append((model, names, list(zip(columns, converters, strict=True))))
    select = ", ".join(
        f"{alias_name}.{quote(field.column)}"
        for (model, _names, _columns), alias_name in zip(parts, ("u", "p"), strict=True)
        for field in model._meta.concrete_fields
    )
    pk = quote(user_model._meta.pk.column)
    # Names from the models' own metadata, quoted; the id is a parameter.
    sql = (
        f"SELECT {select} FROM {quote(user_model._meta.db_table)} u"  # noqa: S608
        f" LEFT JOIN {quote(StaffProfile._meta.db_table)} p ON p.{quote('user_id')} = u.{pk}"
        f" WHERE u.{pk} = %s AND u.{quote('is_active')}"
    )
    return sql, parts


def _active_user(user_id: int):
    """The active user of that id with their staff profile cached (None when they have none)."""
    user_model = get_user_model()
    alias = router.db_for_read(user_model)
    connection = connections[alias]
    sql, parts = _user_statement(alias)
    row = _first_row(connection, sql, [user_id])
    if row is None:
        return None
    objects, start = [], 0
    for model, names, columns in parts:
        values = list(row[start : start + len(names)])
        start += len(names)
        for i, (col, converters) in enumerate(columns):
            for converter in converters:
                values[i] = converter(values[i], col, connection)
        objects.append(model.from_db(alias, names, values))
    user, profile = objects
    if profile.pk is None:  # no profile: the reverse relation reads as absent, as select_related leaves it
        profile = None
    else:
        StaffProfile.user.field.set_cached_value(profile, user)
    user_model.staff_profile.related.set_cached_value(user, profile)
    return user


def _first_row(connection, sql: str, params: list):
    """The statement's first row, the statement standing in for the connection's health check
    (CONN_HEALTH_CHECKS' `SELECT 1`, a round trip of its own before a request's first statement):
    the token check is the first statement of every staff request. As with the check, a
    connection found dead (the database restarted, an idle connection dropped) does not fail the
    request: it is closed and the read runs once more on a new one. Only a read may run twice;
    within a transaction the usual check stays."""
    if connection.connection is None or connection.health_check_done or connection.in_atomic_block:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchone()
    connection.health_check_done = True
    try:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchone()
    except (OperationalError, InterfaceError):
        if connection.is_usable():
            raise  # the statement failed, not the connection
        connection.close()
    with connection.cursor() as cursor:  # connects again
        cursor.execute(sql, params)
        return cursor.fetchone()


def _session_version(user) -> int:
    try:
        return user.staff_profile.session_version
    except StaffProfile.DoesNotExist:
        return 0


staff_auth = StaffAuth()


def staff_user_or_none(request):
    """The staff user of the request's bearer token, None when there is no valid one; a valid
    token of a non-staff user is refused (403), as everywhere else."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token:
        return None
    return staff_auth.authenticate(request, token)
