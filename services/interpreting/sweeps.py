"""The beat's work on requests (docs/operations.md): the day-before reminder to the interpreters
and the requester, once per request whatever runs the sweep; and the erasure of the requester's
details INTERPRETER_REQUEST_RETENTION_DAYS after the request's date, keeping the anonymous rest."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from services.notifications.services import About, notifications_erase

from .models import InterpreterOffer, InterpreterRequest
from .requests import _to_interpreter, _to_requester

REMIND_BEFORE = timedelta(hours=24)
REQUESTER_FIELDS = ("full_name", "email", "phone", "address", "video_link", "deafblind_needs", "notes")
REQUEST_TEMPLATES = (
    "interpreter_request_received",
    "interpreter_request_assigned",
    "interpreter_request_unfilled",
    "interpreter_request_cancelled",
    "interpreter_request_reminder",
    "interpreter_offer",
    "interpreter_assignment_reminder",
    "interpreter_assignment_cancelled",
)


def reminders_send(*, now: datetime | None = None, batch: int = 200) -> int:
    """Assigned requests starting within 24 hours and not reminded: each claimed by one
    conditional UPDATE (of two sweeps at once, one wins) in the transaction that queues its
    e-mails. Returns how many requests were reminded."""
    now = now or timezone.now()
    due = InterpreterRequest.objects.filter(
        status=InterpreterRequest.Status.ASSIGNED,
        reminded_at__isnull=True,
        starts_at__gt=now,
        starts_at__lte=now + REMIND_BEFORE,
    ).values_list("pk", flat=True)
    sent = 0
    for request_id in list(due.order_by("starts_at")[:batch]):
        with transaction.atomic():
            claimed = InterpreterRequest.objects.filter(
                pk=request_id, reminded_at__isnull=True, status=InterpreterRequest.Status.ASSIGNED
            ).update(reminded_at=now)
            if not claimed:
                continue  # another sweep took it
            request = InterpreterRequest.objects.get(pk=request_id)
            offers = InterpreterOffer.objects.select_related("member").filter(
                request=request, status=InterpreterOffer.Status.ACCEPTED
            )
            for offer in offers:
                offer.request = request
                _to_interpreter(offer, "interpreter_assignment_reminder", contact=True)
            _to_requester(request, "interpreter_request_reminder")
            sent += 1
    return sent


def requesters_erase(*, now: datetime | None = None, batch: int = 500) -> int:
    """Blank the requester's details of requests whose date is older than the retention, and
    delete the stored e-mails about them; the request stays for the counts."""
    now = now or timezone.now()
    before = timezone.localdate(now) - timedelta(days=settings.INTERPRETER_REQUEST_RETENTION_DAYS)
    rows = InterpreterRequest.objects.filter(date__lt=before, erased_at__isnull=True)
    return _erase(rows, now=now, batch=batch)[0]


def requesters_erase_for_email(*, email: str, now: datetime | None = None) -> dict[str, int]:
    """The same erasure, now, for every request sent with this address (any capitals): for the
    staff's erasure of a person (services/privacy)."""
    if not email.strip():
        return {"interpreter_requests": 0, "emails": 0}
    rows = InterpreterRequest.objects.filter(email__iexact=email.strip(), erased_at__isnull=True)
    requests, emails = _erase(rows, now=now or timezone.now(), batch=None)
    return {"interpreter_requests": requests, "emails": emails}


def _erase(rows, *, now: datetime, batch: int | None) -> tuple[int, int]:
    """(requests erased, their stored e-mails deleted)."""
    found = rows.order_by("pk").values_list("pk", "email", "reference")
    rows = list(found[:batch] if batch else found)
    if not rows:
        return 0, 0
    with transaction.atomic():
        InterpreterRequest.objects.filter(pk__in=[pk for pk, _email, _ref in rows]).update(
            **dict.fromkeys(REQUESTER_FIELDS, ""),
            cancel_salt="",
            cancel_token_hash="",
            preferred_interpreter=None,
            erased_at=now,
        )
        about = [About(templates=REQUEST_TEMPLATES, context={"reference": ref}) for _pk, _email, ref in rows]
        emails = notifications_erase(about=about)
    return len(rows), emails
