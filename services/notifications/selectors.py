from datetime import datetime

from django.conf import settings
from django.db.models import QuerySet
from django.template import TemplateDoesNotExist
from django.template.loader import render_to_string
from django.utils import translation

from .models import Notification


def notifications_sent_recently(*, template: str, recipient: str, since: datetime) -> int:
    """E-mails of one kind stored for one address since a time (queued, sent or failed alike)."""
    return Notification.objects.filter(
        template=template, recipient__iexact=recipient, created_at__gte=since
    ).count()


def mask_email(address: str) -> str:
    """'jane.doe@example.org' → 'j***@example.org': enough to recognise, not to copy."""
    local, at, domain = address.partition("@")
    return f"{local[:1]}***{at}{domain}" if at else f"{address[:1]}***"


def notification_retryable(notification: Notification) -> bool:
    """A failed e-mail can be queued again unless its single-use link (`_secret`) or its whole
    content (the retention period) was removed."""
    return notification.body_cleared_at is None and not notification.context.get("_secret")


def notification_subject(notification: Notification) -> str:
    """The subject line of a stored e-mail, in its language: plain text (no HTML escaping), on
    one line."""
    context = {**notification.context, "association": settings.ASSOCIATION}
    template = f"notifications/{notification.template}/subject.txt"
    with translation.override(notification.language):
        subject = render_to_string(template, context, using="text")
    return " ".join(subject.split())


def notification_subject_or_blank(notification: Notification) -> str:
    """The subject for a list: blank for an e-mail whose template no longer exists."""
    try:
        return notification_subject(notification)
    except TemplateDoesNotExist:
        return ""


def notifications_failed() -> QuerySet[Notification]:
    """Failed e-mails, the most recently failed first."""
    return Notification.objects.filter(status=Notification.Status.FAILED).order_by("-updated_at", "-pk")


def notifications_latest() -> QuerySet[Notification]:
    """Stored e-mails, newest first, whatever their status."""
    return Notification.objects.order_by("-created_at", "-pk")
