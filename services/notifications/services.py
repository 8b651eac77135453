import contextlib
import logging
import random
import re
import smtplib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import timedelta
from email.mime.base import MIMEBase
from email.mime.image import MIMEImage
from email.utils import make_msgid, parseaddr

from anymail.exceptions import AnymailAPIError, AnymailRecipientsRefused
from celery.exceptions import SoftTimeLimitExceeded, TimeLimitExceeded
from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.core.mail.message import SafeMIMEMultipart
from django.db import connection as default_connection
from django.db import transaction
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from services.core.doorbell import ring, ring_after_commit
from services.core.errors import ApplicationError
from services.core.queue import enqueue_after_commit
from services.outbox.selectors import messages_about

from .links import fresh_link_maker
from .models import Notification
from .parts import Inline, parts
from .selectors import association_in, mask_email, notification_retryable, notification_subject

logger = logging.getLogger(__name__)

# Errors worth another try later: the provider or the network, not the message itself.
# smtplib's errors, connection errors and timeouts are all OSErrors; a permanent refusal among
# them is told apart by `refused_for_good` first.
TRANSIENT_ERRORS = (AnymailAPIError, OSError)
# HTTP answers of an API provider that a later try may not get: it timed out, or asked to slow down.
RETRYABLE_HTTP_CLIENT_ERRORS = {408, 429}


def refused_for_good(exc: Exception) -> bool:
    """Whether the provider refused the e-mail in a way it will repeat on every try: an SMTP 5xx
    reply (to the greeting, the sender, every recipient or the message), an anymail recipient
    refusal, or an API's HTTP 4xx other than 408 and 429 (a bad message, address or key).
    SMTP 4xx replies, an API's 5xx, timeouts and lost connections may pass later."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _message in exc.recipients.values()]
        return bool(codes) and all(500 <= code <= 599 for code in codes)
    if isinstance(exc, smtplib.SMTPResponseException):
        return 500 <= exc.smtp_code <= 599
    if isinstance(exc, AnymailRecipientsRefused):
        return True
    if isinstance(exc, AnymailAPIError):
        status = exc.status_code
        return status is not None and 400 <= status <= 499 and status not in RETRYABLE_HTTP_CLIENT_ERRORS
    return False


# A retry task may arrive a moment before its due time.
DUE_TOLERANCE = timedelta(seconds=5)


SEND_TASK = "notifications.send"  # one e-mail by id: a retry, the sweep, ops
SEND_DUE_TASK = "notifications.send_due"  # every due e-mail, the doorbell's task
SEND_DUE_SECONDS = 20  # one task stops taking e-mails after this (far under the time limit)
# The bell rings again for another process only while more than this many are due: one process
# sends a few in a moment, and every extra task costs the worker more than an e-mail does.
SEND_DUE_SHARE = 5
# A sender claims this many due e-mails with one statement (where the database can return the
# rows it updates); those it has not sent when it stops go back to the queue.
SEND_CLAIM = 5


def _new_message_id() -> str:
    domain = parseaddr(settings.DEFAULT_FROM_EMAIL)[1].rpartition("@")[2] or "localhost"
    return make_msgid(domain=domain)


def notification_queue(
    *,
    template: str,
    recipient: str,
    context: dict | Callable[[], dict] | None = None,
    language: str,
    reply_to: str = "",
    source_message=None,
) -> Notification:
    """Store an e-mail to send and hand it to the mail queue once the transaction commits.
    `language` (a code of settings.LANGUAGES) is the recipient's: the e-mail is written in it.
    A callable `context` is called only when the e-mail is new: what it makes (a single-use link)
    is not made again when a handler runs a second time for the same message."""
    if source_message is not None:
        # One e-mail per (event, template, recipient) even if a handler is somehow run again. The
        # outbox runs a delivery under its row's lock and no unique constraint backs this, so a
        # plain look-up (get_or_create's savepoint would guard against an insert that never fails).
        same = Notification.objects.filter(
            source_message=source_message, template=template, recipient=recipient
        )
        notification = next(iter(same.order_by()[:1]), None)  # any one: no ORDER BY to build
        if notification is not None:
            return notification
    notification = Notification.objects.create(
        template=template,
        recipient=recipient,
        source_message=source_message,
        context=(context() if callable(context) else context) or {},
        reply_to=reply_to,
        language=language,
        message_id=_new_message_id(),
    )
    ring_after_commit(SEND_DUE_TASK)
    return notification


def notifications_queue_many(emails: list[dict]) -> list[Notification]:
    """Many e-mails stored with one statement (each a dict of `template`, `recipient`, `language`,
    `context`), handed to the mail queue once the transaction commits: a schedule's batch, whose
    queries stay the same however many it holds."""
    if not emails:
        return []
    made = Notification.objects.bulk_create(
        [
            Notification(
                template=email["template"],
                recipient=email["recipient"],
                language=email["language"],
                context=email.get("context") or {},
                message_id=_new_message_id(),
            )
            for email in emails
        ]
    )
    ring_after_commit(SEND_DUE_TASK)
    return made


class _Email(EmailMultiAlternatives):
    """An e-mail whose HTML part may show images it carries (`cid:`), so that a mail client that
    blocks remote images still shows them. The images are attachments with a Content-ID, as
    anymail's API backends expect inline images; written as MIME (SMTP, .eml) they go beside the
    HTML in a multipart/related part, the other attachments after it."""

    @staticmethod
    def _inline(attachment) -> bool:
        return isinstance(attachment, MIMEBase) and attachment["Content-ID"] is not None

    def _create_alternatives(self, msg):
        msg = super()._create_alternatives(msg)
        inline = [attachment for attachment in self.attachments if self._inline(attachment)]
        if not inline:
            return msg
        related = SafeMIMEMultipart(_subtype="related", encoding=self.encoding or settings.DEFAULT_CHARSET)
        related.attach(msg)
        for image in inline:
            related.attach(image)
        return related

    def _create_attachments(self, msg):
        every = self.attachments
        self.attachments = [attachment for attachment in every if not self._inline(attachment)]
        try:
            return super()._create_attachments(msg)
        finally:
            self.attachments = every


def _inline_image(image: Inline) -> MIMEImage:
    part = MIMEImage(image.content, _subtype=image.subtype)
    part.add_header("Content-ID", f"<{image.cid}>")
    part.add_header("Content-Disposition", "inline", filename=image.filename)
    return part


def render_email(notification: Notification) -> EmailMultiAlternatives:
    extra = parts(notification)  # made now from what the domain keeps, never stored with the row
    # details_demo: `make run`'s demo payment details, said so next to them (never in production).
    context = {
        **notification.context,
        **extra.context,
        "association": association_in(notification.language),
        "details_demo": settings.DETAILS_DEMO,
    }
    base = f"notifications/{notification.template}"
    subject = notification_subject(notification)
    with translation.override(notification.language):
        # Text parts are plain text: rendered without HTML escaping.
        text = render_to_string(f"{base}/body.txt", context, using="text")
        html = render_to_string(f"{base}/body.html", context)
    message = _Email(
        subject=subject,
        body=text,
        to=[notification.recipient],
        reply_to=[notification.reply_to] if notification.reply_to else None,
        # Content-Language (RFC 3282): mail clients and screen readers know what they read.
        headers={"Message-ID": notification.message_id, "Content-Language": notification.language},
    )
    message.attach_alternative(html, "text/html")
    # Attachments are stored with the row (a calendar invite), so every attempt sends the same.
    for attachment in notification.context.get("_attachments", []):
        message.attach(attachment["filename"], attachment["content"], attachment["mimetype"])
    for filename, content, mimetype in extra.attachments:
        message.attach(filename, content, mimetype)
    for image in extra.inline:
        message.attach(_inline_image(image))
    return message


@dataclass(frozen=True)
class SendOutcome:
    status: str
    retry_in: int | None = None  # seconds until the next try, when one is due


def _claim(rows) -> Notification | None:
    """Mark the first of `rows` (queued, due) as being sent, in its own transaction."""
    with transaction.atomic():
        notification = rows.first()
        if notification is None:
            return None
        notification.status = Notification.Status.SENDING
        notification.attempts += 1
        if not notification.message_id:  # a row stored before Message-IDs were fixed
            notification.message_id = _new_message_id()
        notification.save(update_fields=["status", "attempts", "message_id", "updated_at"])
        return notification


def notification_send(*, notification_id: int, connection=None) -> SendOutcome | None:
    """Send one due queued e-mail; None when the row is not sendable (sent, in flight, not due,
    gone). Celery's time limits are not caught: the row stays `sending`, and the sweep treats it
    as an e-mail whose outcome is unknown."""
    notification = _claim(
        Notification.objects.select_for_update().filter(
            pk=notification_id,
            status=Notification.Status.QUEUED,
            next_attempt_at__lte=timezone.now() + DUE_TOLERANCE,
        )
    )
    return None if notification is None else _send_claimed(notification, connection)


def _claim_due(limit: int) -> list[Notification]:
    """Mark up to `limit` due e-mails as being sent, the longest due first, in one UPDATE …
    RETURNING (PostgreSQL, SQLite ≥ 3.35): rows another sender holds are skipped (PostgreSQL's
    SKIP LOCKED; SQLite runs one writing statement at a time). Elsewhere one row at a time."""
    if not default_connection.features.can_return_columns_from_insert:  # no RETURNING
        notification = _claim(_due_rows())
        return [] if notification is None else [notification]
    with transaction.atomic():
        inner = _due_rows().values("pk")[:limit]
        inner_sql, inner_params = inner.query.sql_with_params()
        table = default_connection.ops.quote_name(Notification._meta.db_table)
        now = default_connection.ops.adapt_datetimefield_value(timezone.now())
        claimed = list(
            Notification.objects.raw(
                f"UPDATE {table} SET status = %s, attempts = attempts + 1, updated_at = %s "  # noqa: S608 - ORM-built
                f"WHERE id IN ({inner_sql}) RETURNING *",
                [Notification.Status.SENDING, now, *inner_params],
            )
        )
        for notification in claimed:
            if not notification.message_id:  # a row stored before Message-IDs were fixed
                notification.message_id = _new_message_id()
                notification.save(update_fields=["message_id"])
    claimed.sort(key=lambda notification: (notification.next_attempt_at, notification.pk))
    return claimed


def _due_rows():
    return (
        Notification.objects.select_for_update(skip_locked=True)
        .filter(status=Notification.Status.QUEUED, next_attempt_at__lte=timezone.now())
        .order_by("next_attempt_at", "pk")
    )


def _unclaim(notifications: list[Notification]) -> None:
    """Claimed e-mails that this sender will not send after all go back to the queue as they were."""
    if notifications:
        Notification.objects.filter(
            pk__in=[notification.pk for notification in notifications], status=Notification.Status.SENDING
        ).update(status=Notification.Status.QUEUED, attempts=F("attempts") - 1)


def notifications_send_due(*, seconds: float = SEND_DUE_SECONDS) -> tuple[int, list[tuple[int, int]]]:
    """The doorbell's task: every due e-mail, one after the other over one connection to the
    provider, for up to `seconds` (then the doorbell rings for the rest). While more than
    SEND_DUE_SHARE are due the doorbell rings at once, so that the mail worker's other processes
    send beside this one. Returns how many it took, and those that failed for now with the
    seconds until their retry."""
    due = Notification.objects.filter(status=Notification.Status.QUEUED, next_attempt_at__lte=timezone.now())
    if due[SEND_DUE_SHARE : SEND_DUE_SHARE + 1].exists():
        ring(SEND_DUE_TASK)
    tried, retries, began = 0, [], time.monotonic()
    connection = get_connection()  # opened by the first send, kept open for the next ones
    claimed: list[Notification] = []
    try:
        while claimed := _claim_due(SEND_CLAIM):
            while claimed:
                notification = claimed.pop(0)
                tried += 1
                outcome = _send_claimed(notification, connection)
                if outcome.retry_in is not None:
                    retries.append((notification.pk, outcome.retry_in))
                if time.monotonic() - began > seconds:
                    ring(SEND_DUE_TASK)
                    return tried, retries
    finally:
        # Stopped early (time's up, a time limit, an error): the rest are not left `sending`.
        # A worker killed outright leaves them to the sweep, as the e-mail it was sending.
        with contextlib.suppress(Exception):
            _unclaim(claimed)
        with contextlib.suppress(Exception):
            connection.close()
    return tried, retries


def _send_claimed(notification: Notification, connection) -> SendOutcome:
    try:
        message = render_email(notification)
        if connection is not None:
            connection.open()  # once for many e-mails; no-op while it is open
            message.connection = connection
        message.send()
    except (SoftTimeLimitExceeded, TimeLimitExceeded):
        raise
    except Exception as exc:
        if connection is not None:
            # A broken connection is not reused: the next e-mail opens a fresh one.
            with contextlib.suppress(Exception):
                connection.close()
        if refused_for_good(exc):
            return _record_failure(notification, exc, transient=False)
        if isinstance(exc, TRANSIENT_ERRORS):
            return _record_failure(notification, exc, transient=True)
        # A template or data fault: retrying would fail the same way.
        logger.exception("Notification %s cannot be sent", notification.pk)
        return _record_failure(notification, exc, transient=False)

    status = getattr(message, "anymail_status", None)
    notification.provider_message_id = (getattr(status, "message_id", None) or "")[:255]
    notification.status = Notification.Status.SENT
    notification.sent_at = timezone.now()
    notification.error = ""
    _scrub_secrets(notification)
    _record(notification, "provider_message_id", "status", "sent_at", "error", "context")
    return SendOutcome(status=notification.status)


def _record(notification: Notification, *fields: str) -> None:
    """Write the outcome of a send onto the row, if the row is still there: an erasure may have
    deleted it while the e-mail was in flight, and the row must not come back (an UPDATE that
    finds nothing, never a save that would insert it again)."""
    values = {name: getattr(notification, name) for name in fields}
    Notification.objects.filter(pk=notification.pk).update(**values, updated_at=timezone.now())


def _scrub_secrets(notification: Notification) -> None:
    """Context keys listed in `_secret` (a reset link, say) are not kept once no send is due."""
    for key in notification.context.get("_secret", []):
        notification.context[key] = "[removed after sending]"


def retry_delay(attempts: int) -> int:
    """Seconds before the next try after `attempts` failed ones: 30 s, 1, 2, 4 min (then failed),
    plus up to a quarter of jitter so that a provider outage does not end in a stampede."""
    delay = min(30 * 2 ** (attempts - 1), 1800)
    return delay + random.randint(0, delay // 4)  # noqa: S311


def _record_failure(notification: Notification, exc: Exception, *, transient: bool) -> SendOutcome:
    notification.error = f"{type(exc).__name__}: {exc}"[:2000]
    retry = transient and notification.attempts < settings.NOTIFICATION_MAX_ATTEMPTS
    notification.status = Notification.Status.QUEUED if retry else Notification.Status.FAILED
    delay = retry_delay(notification.attempts) if retry else None
    if delay is not None:
        notification.next_attempt_at = timezone.now() + timedelta(seconds=delay)
    else:
        _scrub_secrets(notification)
    _record(notification, "error", "status", "context", "next_attempt_at")
    logger.warning(
        "Notification %s attempt %s failed: %s", notification.pk, notification.attempts, notification.error
    )
    return SendOutcome(status=notification.status, retry_in=delay)


class NotRetryable(ApplicationError):
    code = "not_retryable"


def notification_retry(*, notification: Notification) -> Notification:
    """Ops: put a failed e-mail back in the queue. One whose single-use link was removed goes
    with a fresh link when its domain can make one; otherwise the person asks again (a password
    reset, say). One whose content was cleared at the end of the retention period cannot go."""
    if notification.body_cleared_at is not None:
        raise NotRetryable(
            _("This e-mail's content was removed after the retention period: it cannot be sent again.")
        )
    if not notification_retryable(notification):
        raise NotRetryable(_("This e-mail carried a single-use link and cannot be sent again."))
    make_context = fresh_link_maker(notification.template) if notification.context.get("_secret") else None
    with transaction.atomic():
        locked = (
            Notification.objects.select_for_update()
            .filter(pk=notification.pk, status=Notification.Status.FAILED, body_cleared_at__isnull=True)
            .first()
        )
        if locked is not None:
            if make_context is not None:
                context = make_context(locked)
                if context is None:
                    raise NotRetryable(
                        _("The link of this e-mail has no use any more (what it offered has ended).")
                    )
                locked.context = context
            now = timezone.now()
            locked.status = Notification.Status.QUEUED
            locked.attempts = 0
            locked.error = ""
            locked.next_attempt_at = now
            locked.save(
                update_fields=["status", "attempts", "error", "next_attempt_at", "context", "updated_at"]
            )
            enqueue_after_commit(SEND_TASK, notification.pk)
    notification.refresh_from_db()
    return notification


def notifications_sweep(
    *, stuck_after: timedelta = timedelta(minutes=10), overdue_after: timedelta = timedelta(minutes=2)
) -> int:
    """What the broker or a dead worker lost, found again from rows:
    - queued e-mails that were due more than `overdue_after` ago (their task never came; e-mails
      waiting for a retry that is not due yet are left to it);
    - e-mails `sending` for more than `stuck_after`: the worker died, perhaps after the provider
      took the e-mail. They are resent once, with the same Message-ID and flagged; one stuck a
      second time is marked failed for ops to check, not sent a third time."""
    now = timezone.now()
    with transaction.atomic():
        stuck = Notification.objects.select_for_update(skip_locked=True).filter(
            status=Notification.Status.SENDING, updated_at__lt=now - stuck_after
        )
        resend = list(stuck.filter(outcome_unknown=False).values_list("pk", flat=True)[:500])
        Notification.objects.filter(pk__in=resend).update(
            status=Notification.Status.QUEUED, outcome_unknown=True, next_attempt_at=now, updated_at=now
        )
        stuck.filter(outcome_unknown=True).update(
            status=Notification.Status.FAILED,
            error="The outcome of two attempts is unknown: check the provider's log before sending again.",
            updated_at=now,
        )
        overdue = list(
            Notification.objects.filter(
                status=Notification.Status.QUEUED, next_attempt_at__lt=now - overdue_after
            ).values_list("pk", flat=True)[:500]
        )
        for notification_id in [*resend, *overdue]:
            enqueue_after_commit(SEND_TASK, notification_id)
        # Due e-mails that the doorbell left waiting: its flag can outlive its task (a frozen Redis
        # runs the flag's command when it thaws, after the publish had failed), and then no later
        # e-mail may come to ring. The sender is called past the flag; a task too many finds nothing.
        if Notification.objects.filter(
            status=Notification.Status.QUEUED,
            next_attempt_at__lt=now - timedelta(seconds=settings.DOORBELL_SECONDS),
            next_attempt_at__gte=now - overdue_after,
        ).exists():
            enqueue_after_commit(SEND_DUE_TASK)
    return len(resend) + len(overdue)


# --- Erasure and retention ---------------------------------------------------------------


@dataclass(frozen=True)
class About:
    """Which stored e-mails an erasure reaches, beside those of given outbox messages: every
    condition given must hold (text compared without case).
    - `recipient`: sent to this address, or with replies going to it;
    - `templates`: of one of these templates;
    - `context`: whose context holds these values (say {"reference": "K7MQ4X"})."""

    recipient: str = ""
    templates: tuple[str, ...] = ()
    context: dict[str, str] = field(default_factory=dict)

    def query(self) -> Q:
        if not (self.recipient or self.templates or self.context):
            raise ValueError("An erasure must say which e-mails it reaches")
        query = Q()
        if self.recipient:
            query &= Q(recipient__iexact=self.recipient) | Q(reply_to__iexact=self.recipient)
        if self.templates:
            query &= Q(template__in=self.templates)
        for key, value in self.context.items():
            query &= Q(**{f"context__{key}__iexact": value})
        return query


def notifications_erase(
    *, about: Iterable[About] = (), made_for: dict[str, Iterable[int]] | None = None
) -> int:
    """Delete the stored e-mails about a person (their contexts hold names, e-mails, phones and
    access needs): those matching any of `about`, and those made for the outbox messages about
    the rows named in `made_for` (say {"member_id": [7]}: every message whose payload names
    member 7, whatever its topic); the outbox's own rows stay. A send in flight finds its row
    gone and leaves it gone (`_record`). Call it after deleting the row the e-mails are about,
    in the same transaction: a handler writing e-mails about that row holds its lock, so they
    are either committed before (and deleted here) or never written. Returns how many were
    deleted."""
    query = Q(pk__in=[])
    for condition in about:
        query |= condition.query()
    for payload_field, ids in (made_for or {}).items():
        query |= Q(source_message__in=messages_about(field=payload_field, ids=ids))
    deleted, _ = Notification.objects.filter(query).delete()
    return deleted


def notification_bodies_clear(*, older_than_days: int | None = None, batch_size: int = 500) -> int:
    """Retention: NOTIFICATION_BODY_RETENTION_DAYS after an e-mail was sent or finally failed,
    its content goes: the context (names, links, payment details, access needs) and reply-to
    are blanked and the recipient is kept masked, as the System page shows it ('j***@example.org').
    Template, language, status, attempts and times stay for the record. Batched, idempotent.
    Returns how many e-mails were cleared."""
    days = settings.NOTIFICATION_BODY_RETENTION_DAYS if older_than_days is None else older_than_days
    cutoff = timezone.now() - timedelta(days=days)
    due = (
        Notification.objects.filter(
            status__in=[Notification.Status.SENT, Notification.Status.FAILED], body_cleared_at__isnull=True
        )
        .annotate(ended_at=Coalesce("sent_at", "updated_at"))
        .filter(ended_at__lt=cutoff)
    )
    cleared = 0
    while True:
        with transaction.atomic():
            # skip_locked: an ops retry working on a row right now keeps it for this night.
            rows = list(due.select_for_update(skip_locked=True).order_by("pk")[:batch_size])
            for notification in rows:
                masked = mask_email(notification.recipient)
                error = notification.error
                for address in filter(None, (notification.recipient, notification.reply_to)):
                    # A refusal names the address: "SMTPRecipientsRefused: {'jane@…': (550, …)}".
                    error = re.sub(re.escape(address), mask_email(address), error, flags=re.IGNORECASE)
                Notification.objects.filter(pk=notification.pk).update(
                    context={}, reply_to="", recipient=masked, error=error, body_cleared_at=timezone.now()
                )
        cleared += len(rows)
        if len(rows) < batch_size:
            return cleared
