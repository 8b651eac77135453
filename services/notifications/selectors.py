from datetime import datetime

from django.conf import settings
from django.db.models import QuerySet
from django.template import TemplateDoesNotExist
from django.template.loader import render_to_string
from django.utils import translation

from services.core.mailboxes import mailbox_key

from .links import fresh_link_maker
from .models import Notification


def notifications_sent_recently(*, template: str, recipient: str, since: datetime) -> int:
    """E-mails of one kind stored for one mailbox since a time (queued, sent or failed alike).
    The mailbox is counted as mail servers deliver (services.core.mailboxes): capitals and
    `+tags` do not make a new address, so every per-address cap built on this holds."""
    mailbox = mailbox_key(recipient)
    local, at, domain = mailbox.rpartition("@")
    recent = Notification.objects.filter(template=template, created_at__gte=since)
    if not at:
        return recent.filter(recipient__iexact=mailbox).count()
    # The database narrows to the addresses that may share the mailbox; the one rule decides.
    candidates = recent.filter(recipient__istartswith=local, recipient__iendswith=f"@{domain}")
    return sum(mailbox_key(address) == mailbox for address in candidates.values_list("recipient", flat=True))


def mask_email(address: str) -> str:
    """'jane.doe@example.org' → 'j***@example.org': enough to recognise, not to copy."""
    local, at, domain = address.partition("@")
    return f"{local[:1]}***{at}{domain}" if at else f"{address[:1]}***"


def notification_retryable(notification: Notification) -> bool:
    """A failed e-mail can be queued again unless its whole content was removed (the retention
    period), or its single-use link (`_secret`) was and its domain cannot make a fresh one."""
    if notification.body_cleared_at is not None:
        return False
    return not notification.context.get("_secret") or fresh_link_maker(notification.template) is not None


def association_in(language: str) -> dict:
    """The association's details as an e-mail in `language` names them: Kinyarwanda e-mails
    carry its Kinyarwanda name (ASSOCIATION_NAME_RW)."""
    if language == "rw":
        return {**settings.ASSOCIATION, "name": settings.ASSOCIATION_NAME_RW}
    return settings.ASSOCIATION


def notification_subject(notification: Notification) -> str:
    """The subject line of a stored e-mail, in its language: plain text (no HTML escaping), on
    one line."""
    context = {**notification.context, "association": association_in(notification.language)}
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
