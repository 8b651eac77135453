"""Who is acting, for every entry written while it runs: the request's staff user or a visitor (with
the address of services/core/client.py), a worker task, a scheduled task, or a command."""

import contextlib
from contextvars import ContextVar
from dataclasses import dataclass

from services.core.client import client_ip

from .models import Entry


@dataclass(frozen=True)
class Actor:
    kind: str
    user: object = None
    ip: str | None = None

    @property
    def name(self) -> str:
        if self.user is None:
            return ""
        return self.user.get_full_name() or self.user.get_username()


_request: ContextVar = ContextVar("audit_request", default=None)
_kind: ContextVar[str] = ContextVar("audit_kind", default=Entry.ActorKind.SYSTEM)


def current_actor() -> Actor:
    """Read when an entry is written, not when the request starts: the API authenticates a staff
    user (request.auth) inside the view, Django's admin through its session (request.user)."""
    request = _request.get()
    if request is None:
        return Actor(_kind.get())
    user = _staff_user(request)
    kind = Entry.ActorKind.STAFF if user is not None else Entry.ActorKind.VISITOR
    return Actor(kind, user, client_ip(request) or None)


def _staff_user(request):
    for user in (getattr(request, "auth", None), getattr(request, "user", None)):
        if getattr(user, "is_authenticated", False) and getattr(user, "is_staff", False):
            return user
    return None


@contextlib.contextmanager
def acting_in_request(request):
    token = _request.set(request)
    try:
        yield
    finally:
        _request.reset(token)


@contextlib.contextmanager
def acting_as(kind: str):
    """A task (worker, schedule) or command: no request, no address."""
    request_token, kind_token = _request.set(None), _kind.set(kind)
    try:
        yield
    finally:
        _request.reset(request_token)
        _kind.reset(kind_token)


def audit_context_middleware(get_response):
    """Every request: entries written while it runs are the request's (after authentication)."""

    def middleware(request):
        with acting_in_request(request):
            return get_response(request)

    return middleware


def task_acting(kind: str) -> tuple:
    """Celery's task_prerun (worker/app.py): the task's entries are `kind`'s until task_postrun."""
    return _request.set(None), _kind.set(kind)


def task_acting_done(tokens: tuple | None) -> None:
    if tokens is None:
        return
    request_token, kind_token = tokens
    try:
        _request.reset(request_token)
        _kind.reset(kind_token)
    except ValueError:  # set in another context (a pool thread): nothing of this one to restore
        pass
