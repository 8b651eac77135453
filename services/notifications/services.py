import logging
import random
import smtplib
from dataclasses import dataclass
from datetime import timedelta
from email.utils import make_msgid, parseaddr
from functools import partial

from anymail.exceptions import AnymailAPIError, AnymailRecipientsRefused
from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from services.core.errors import ApplicationError

from .models import Notification

logger = logging.getLogger(__name__)

# Errors worth another try later: the provider or the network, not the message itself.
# smtplib's errors, connection errors and timeouts are all OSErrors; refused recipients are
# caught first, as permanent.
TRANSIENT_ERRORS = (AnymailAPIError, OSError)
PERMANENT_ERRORS = (smtplib.SMTPRecipientsRefused, AnymailRecipientsRefused)


def notification_queue(
    *,
    template: str,
    recipient: str,
    context: dict | None = None,
    reply_to: str = "",
    language: str = "en",
    source_message=None,
) -> Notification:
    """Store an e-mail to send and hand it to the mail queue once the transaction commits."""
    defaults = {"context": context or {}, "reply_to": reply_to, "language": language}
    if source_message is not None:
        # One e-mail per (event, template, recipient) even if a handler is somehow run again.
        notification, created = Notification.objects.get_or_create(
            source_message=source_message, template=template, recipient=recipient, defaults=defaults
        )
        if not created:
            return notification
    else:
        notification = Notification.objects.create(template=template, recipient=recipient, **defaults)
    transaction.on_commit(partial(enqueue_send, notification.pk))
    return notification


def enqueue_send(notification_id: int) -> None:
    from .tasks import send  # the task module imports this one

    try:
        send.apply_async(args=[notification_id], retry=False)
    except Exception:
        logger.warning(
            "Broker unavailable; notification %s left for the sweep", notification_id, exc_info=True
        )


def render_email(notification: Notification) -> EmailMultiAlternatives:
    context = {**notification.context, "association": settings.ASSOCIATION}
    base = f"notifications/{notification.template}"
    with translation.override(notification.language):
        # Subjects and text parts are plain text: rendered without HTML escaping.
        subject = " ".join(render_to_string(f"{base}/subject.txt", context, using="text").split())
        text = render_to_string(f"{base}/body.txt", context, using="text")
        html = render_to_string(f"{base}/body.html", context)
    domain = parseaddr(settings.DEFAULT_FROM_EMAIL)[1].rpartition("@")[2] or "localhost"
    message = EmailMultiAlternatives(
        subject=subject,
        body=text,
        to=[notification.recipient],
        reply_to=[notification.reply_to] if notification.reply_to else None,
        headers={"Message-ID": make_msgid(domain=domain)},
    )
    message.attach_alternative(html, "text/html")
    return message


@dataclass(frozen=True)
class SendOutcome:
    status: str
    retry_in: int | None = None  # seconds until the next try, when one is due


def notification_send(*, notification_id: int) -> SendOutcome | None:
    """Send one queued e-mail; None when the row is not sendable (sent, in flight, gone)."""
    with transaction.atomic():
        notification = (
            Notification.objects.select_for_update()
            .filter(pk=notification_id, status=Notification.Status.QUEUED)
            .first()
        )
        if notification is None:
            return None
        notification.status = Notification.Status.SENDING
        notification.attempts += 1
        notification.save(update_fields=["status", "attempts", "updated_at"])

    try:
        message = render_email(notification)
        message.send()
    except PERMANENT_ERRORS as exc:
        return _record_failure(notification, exc, transient=False)
    except TRANSIENT_ERRORS as exc:
        return _record_failure(notification, exc, transient=True)
    except Exception as exc:  # a template or data fault: retrying would fail the same way
        logger.exception("Notification %s cannot be sent", notification.pk)
        return _record_failure(notification, exc, transient=False)

    status = getattr(message, "anymail_status", None)
    notification.message_id = (getattr(status, "message_id", None) or message.extra_headers["Message-ID"])[
        :255
    ]
    notification.status = Notification.Status.SENT
    notification.sent_at = timezone.now()
    notification.error = ""
    _scrub_secrets(notification)
    notification.save(update_fields=["message_id", "status", "sent_at", "error", "context", "updated_at"])
    return SendOutcome(status=notification.status)


def _scrub_secrets(notification: Notification) -> None:
    """Context keys listed in `_secret` (a reset link, say) are not kept once no send is due."""
    for key in notification.context.get("_secret", []):
        notification.context[key] = "[removed after sending]"


def _record_failure(notification: Notification, exc: Exception, *, transient: bool) -> SendOutcome:
    notification.error = f"{type(exc).__name__}: {exc}"[:2000]
    retry = transient and notification.attempts < settings.NOTIFICATION_MAX_ATTEMPTS
    notification.status = Notification.Status.QUEUED if retry else Notification.Status.FAILED
    if not retry:
        _scrub_secrets(notification)
    notification.save(update_fields=["error", "status", "context", "updated_at"])
    logger.warning(
        "Notification %s attempt %s failed: %s", notification.pk, notification.attempts, notification.error
    )
    if not retry:
        return SendOutcome(status=notification.status)
    # Exponential backoff with jitter: about 30 s, 1 min, 2 min, 4 min.
    delay = min(30 * 2 ** (notification.attempts - 1), 1800)
    return SendOutcome(status=notification.status, retry_in=delay + random.randint(0, delay // 4))  # noqa: S311


class NotRetryable(ApplicationError):
    code = "not_retryable"


def notification_retry(*, notification: Notification) -> Notification:
    """Ops: put a failed e-mail back in the queue. One whose secret part (a reset link) was
    removed cannot be sent again: the person asks for a new one instead."""
    if notification.context.get("_secret"):
        raise NotRetryable(_("This e-mail carried a single-use link and cannot be sent again."))
    with transaction.atomic():
        updated = Notification.objects.filter(pk=notification.pk, status=Notification.Status.FAILED).update(
            status=Notification.Status.QUEUED, attempts=0, error="", updated_at=timezone.now()
        )
        if updated:
            transaction.on_commit(partial(enqueue_send, notification.pk))
    notification.refresh_from_db()
    return notification


def notifications_sweep(
    *, stuck_after: timedelta = timedelta(minutes=10), unsent_after: timedelta = timedelta(minutes=2)
) -> int:
    """Re-queue e-mails whose worker died mid-send, and re-enqueue queued ones nobody picked up."""
    now = timezone.now()
    with transaction.atomic():
        stuck = list(
            Notification.objects.select_for_update(skip_locked=True)
            .filter(status=Notification.Status.SENDING, updated_at__lt=now - stuck_after)
            .values_list("pk", flat=True)[:500]
        )
        Notification.objects.filter(pk__in=stuck).update(status=Notification.Status.QUEUED, updated_at=now)
    forgotten = list(
        Notification.objects.filter(
            status=Notification.Status.QUEUED, updated_at__lt=now - unsent_after
        ).values_list("pk", flat=True)[:500]
    )
    for notification_id in [*stuck, *forgotten]:
        enqueue_send(notification_id)
    return len(stuck) + len(forgotten)
